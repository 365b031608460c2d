/**
 * The `service` command in a child process, for tests that kill it with SIGKILL:
 * {@link startChildService} serves a store directory on 127.0.0.1 and resolves once it prints its
 * URL; {@link spawnCli} runs any other command. The child runs the built command
 * (`server/bin/service.js`), built first when `dist/` or `server/dist/` is older than the sources
 * (scripts/jupyter/ensure-build.mjs): it starts in a third of the CPU time the sources through
 * tsx take, and these tests start it many times.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(__dirname, '..', '..');
const ENTRY = join(ROOT, 'server', 'bin', 'service.js');
let built = false;

/** Builds both packages once per test process when their builds are older than the sources. */
function ensureBuild(): void {
  if (built) return;
  const script = pathToFileURL(join(ROOT, 'scripts', 'jupyter', 'ensure-build.mjs')).href;
  const r = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `(await import(${JSON.stringify(script)})).ensureBuilt(${JSON.stringify(ROOT)}, { log: () => {} })`],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`the build the child service needs failed:\n${r.stdout}${r.stderr}`);
  built = true;
}

/** A service running in a child process. */
export interface ChildService {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** `http://127.0.0.1:<port>/api`. */
  apiUrl: string;
  /** The child. */
  child: ChildProcess;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void>;
}

/**
 * Spawns `service ARGS...` (the built command).
 *
 * @param args - The command's arguments.
 * @returns The child (stdout and stderr piped).
 */
export function spawnCli(args: readonly string[]): ChildProcess {
  ensureBuild();
  return spawn(process.execPath, [ENTRY, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Kills a child with SIGKILL and waits until it has exited.
 *
 * @param child - The child.
 */
export function killNow(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/**
 * Serves a store directory in a child process on 127.0.0.1.
 *
 * @param dir - The store directory, or a `postgres://` URL (served with `--store`).
 * @param port - The port (default 0: a free one).
 * @param extra - More arguments of `service serve`.
 * @returns The running service, once it has printed its URL (at most 60 s).
 */
export function startChildService(dir: string, port = 0, extra: readonly string[] = []): Promise<ChildService> {
  const where = /^postgres(ql)?:\/\//i.test(dir) ? ['--store', dir] : ['--data', dir];
  const child = spawnCli(['serve', '--host', '127.0.0.1', '--port', String(port), ...where, ...extra]);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the service did not start within 60 s: ${err}`));
    }, 60_000);
    child.stderr?.on('data', (d) => {
      err += d;
    });
    child.stdout?.on('data', (d) => {
      out += d;
      const m = /Service API: (http:\/\/127\.0\.0\.1:\d+)\/api/.exec(out);
      const url = m?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      resolve({ url, apiUrl: `${url}/api`, child, kill: () => killNow(child) });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code}) before it started: ${err}`));
    });
  });
}
