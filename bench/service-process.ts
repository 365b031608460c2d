/**
 * The service as it ships, for the end-to-end benches: `service serve` (the built command,
 * server/bin/service.js, so run `npm run build` first) over a store directory on 127.0.0.1 at a
 * free port, in its own process, as a user runs it beside their notebooks.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** A running `service serve`. */
export interface ServiceProcess {
  /** `http://127.0.0.1:<port>/api`. */
  apiUrl: string;
  /** Stops it (SIGTERM) and waits for its exit. */
  stop(): Promise<void>;
}

/**
 * Starts `service serve --data DIR --port 0 --no-console` and waits for its URL. Node flags for
 * the service (e.g. `--cpu-prof --cpu-prof-dir=DIR` to profile it) come from the environment
 * variable `BENCH_SERVICE_NODE_FLAGS`; with `BENCH_SERVICE_ECHO` set, what it prints is passed on
 * to this process' standard error.
 *
 * @param dir - The store directory.
 * @returns The running service.
 */
export function startServiceProcess(dir: string): Promise<ServiceProcess> {
  const root = join(__dirname, '..');
  const bin = join(root, 'server', 'bin', 'service.js');
  if (!existsSync(join(root, 'server', 'dist', 'cli'))) throw new Error('server/dist is missing: run `npm run build` first');
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_SERVICE_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      bin,
      'serve',
      '--data',
      dir,
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--no-console',
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      if (process.env.BENCH_SERVICE_ECHO) process.stderr.write(d);
      out += d;
      const m = /Service API: (\S+)/.exec(out);
      if (m?.[1]) {
        const apiUrl = m[1];
        resolve({
          apiUrl,
          async stop() {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`service serve exited (${code}): ${out}`)));
  });
}
