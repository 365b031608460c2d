// Starts the demo service (`node server/bin/service.js serve ... --demo PRESET`) as a child process and
// waits until it prints its API URL (`Service API: http://127.0.0.1:PORT/api`) and the demo key
// file `DIR/demo-api-key` exists. Seeding progress (stderr) is passed to `onLine` as it comes. The
// administrator's key file `DIR/admin-api-key` (a key that may import) is handed on when it exists.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const API_LINE = /^Service API: (https?:\/\/\S+)/;
const STOP_GRACE_MS = 15_000;

/**
 * Starts the service and resolves once it listens.
 * @param {{ root: string, data: string, demo: 'small' | 'full', port?: number, host?: string,
 *   timeoutMs?: number, onLine?: (line: string) => void, detached?: boolean, signal?: AbortSignal }} options
 *   port 0 picks a free port; detached puts the service in its own process group, so a terminal's
 *   Ctrl-C reaches only the parent, which then stops it with `stop()`; aborting `signal` before the
 *   service listens stops it and rejects
 * @returns {Promise<{ apiUrl: string, keyFile: string, adminKeyFile: string | null, pid: number, exited: Promise<number | null>,
 *   stop: () => Promise<void> }>}
 * @throws {Error} when the service exits or times out before listening (with its last output)
 */
export function startDemoService({
  root, data, demo, live = false, port = 0, host = '127.0.0.1', timeoutMs = 15 * 60_000, onLine = () => {}, detached = false, signal,
}) {
  const dataDir = resolve(data);
  const keyFile = join(dataDir, 'demo-api-key');
  const args = [join(root, 'server', 'bin', 'service.js'), 'serve', '--host', host, '--port', String(port), '--data', dataDir, '--demo', demo, ...(live ? ['--live'] : [])];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached });
  const tail = [];
  const exited = new Promise((res) => child.on('exit', (code, sig) => res(code ?? (sig ? null : 0))));
  const remember = (line) => {
    tail.push(line);
    if (tail.length > 40) tail.shift();
  };

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };

  return new Promise((resolveStart, rejectStart) => {
    let apiUrl = null;
    let settled = false;
    const finish = (err) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) {
        stop().then(() => rejectStart(err));
      } else {
        const adminKeyFile = join(dataDir, 'admin-api-key');
        resolveStart({ apiUrl, keyFile, adminKeyFile: existsSync(adminKeyFile) ? adminKeyFile : null, pid: child.pid, exited, stop });
      }
    };
    const timer = setTimeout(
      () => finish(new Error(`service: not listening after ${timeoutMs / 1000} s; last output:\n${tail.join('\n')}`)),
      timeoutMs,
    );
    createInterface({ input: child.stdout }).on('line', (line) => {
      remember(line);
      onLine(line);
      const m = API_LINE.exec(line);
      if (m) {
        apiUrl = m[1];
        if (existsSync(keyFile)) finish(null);
        else finish(new Error(`service: listening at ${apiUrl}, but ${keyFile} does not exist`));
      }
    });
    createInterface({ input: child.stderr }).on('line', (line) => {
      remember(line);
      onLine(line);
    });
    child.on('error', (err) => finish(new Error(`service: could not start: ${err.message}`)));
    exited.then((code) => finish(new Error(`service: exited (${code}) before listening; last output:\n${tail.join('\n')}`)));
    const onAbort = () => finish(new Error('service: stopped before it was ready'));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}
