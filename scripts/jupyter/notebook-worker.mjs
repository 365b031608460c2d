// The notebook steps of a report run in one Python process (notebook_worker.py): executing each
// notebook as `jupyter nbconvert --to notebook` with late_outputs.py's executor does, and writing
// each page as `jupyter nbconvert --to html --template report` does, hiding the cells tagged
// `check`, without loading Python, nbconvert and the template again for every notebook.
// nbconvert 6.5's stock HTML export passes SVG outputs through lxml's clean_html, which strips
// every SVG element: the `report` template (lab, with SVG written as is) keeps the charts.
import { spawn } from 'node:child_process';
import { delimiter, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { killTree } from './process-tree.mjs';
import { CHECK_TAG } from './report-cells.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
/** Longer than any request takes (cells and kernel starts have their own time-outs): then the process is ended. */
const REQUEST_GUARD_MS = 60 * 60_000;

/**
 * @typedef {{ ok: boolean, error?: string, stderr?: string, log?: string, restarts?: string[] }} Reply
 * `error`: why the request failed; for an execution, `stderr` is what the failing cell wrote there
 * and `restarts` the failures of the kernels that ended before their first reply and were
 * replaced; a failure's `log` is what the process and its kernels printed meanwhile
 */

/**
 * Starts the worker. A request waits for the one before it; when the process has ended (a guard
 * or a crash), the next request starts a new one.
 * @param {{ python: string, env?: NodeJS.ProcessEnv, cwd?: string, onChild?: (child: import('node:child_process').ChildProcess | null) => void }} options
 *   the Python of the Jupyter in use (ensure-jupyter's pythonOf), the environment of the process
 *   and of the kernels it starts, its folder, and a callback with the process (so that a stopped
 *   run can end it)
 * @returns {{
 *   execute(request: { notebook: string, output: string, kernel: string, timeout: number, startupTimeout: number, attempts?: number, env?: Record<string, string> }): Promise<Reply>,
 *   page(notebook: string, page: string): Promise<Reply>,
 *   close(): Promise<void>,
 * }}
 */
export function startNotebookWorker({ python, env = process.env, cwd = undefined, onChild = () => {} }) {
  let worker = null;
  let closed = false;
  let queue = Promise.resolve();

  const spawnWorker = () => {
    const child = spawn(python, [join(HERE, 'notebook_worker.py'), join(HERE, 'templates'), CHECK_TAG], {
      env: { ...env, PYTHONPATH: [HERE, env.PYTHONPATH].filter(Boolean).join(delimiter) },
      cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    onChild(child);
    const w = { child, stderr: '', waiting: null, ended: false };
    // the kernels' output too (they inherit it): kept for a failure's report
    child.stderr.setEncoding('utf8').on('data', (d) => {
      w.stderr = (w.stderr + d).slice(-8000);
    });
    w.exited = new Promise((done) => child.on('close', done)).then((code) => {
      w.ended = true;
      onChild(null);
      w.waiting?.({ ok: false, error: `notebook_worker.py ended (exit ${code})\n${w.stderr}` });
      w.waiting = null;
    });
    child.on('error', () => {}); // a Python that cannot start: its close settles the request
    child.stdin.on('error', () => {}); // a write after the process ended: likewise
    createInterface({ input: child.stdout }).on('line', (line) => {
      let reply;
      try {
        reply = JSON.parse(line);
      } catch {
        return; // not a reply: a library printed something
      }
      if (typeof reply?.ok !== 'boolean' || w.waiting === null) return;
      const done = w.waiting;
      w.waiting = null;
      done(reply.ok ? reply : { ...reply, log: w.stderr });
    });
    return w;
  };

  /** Sends one request once the ones before it are answered. */
  const send = (request) => {
    const result = queue.then(
      () =>
        new Promise((done) => {
          if (closed) return done({ ok: false, error: 'notebook_worker.py is not running: the worker was closed' });
          if (worker === null || worker.ended) worker = spawnWorker();
          const w = worker;
          w.stderr = ''; // this request's
          const guard = setTimeout(() => killTree(w.child.pid, 'SIGKILL'), REQUEST_GUARD_MS);
          w.waiting = (reply) => {
            clearTimeout(guard);
            done(reply);
          };
          w.child.stdin.write(`${JSON.stringify(request)}\n`);
        }),
    );
    queue = result;
    return result;
  };

  return {
    execute: ({ notebook, output, kernel, timeout, startupTimeout, attempts = 3, env: kernelEnv = {} }) =>
      send({ execute: { notebook, output, kernel, timeout, startup_timeout: startupTimeout, attempts, env: kernelEnv } }),
    page: (notebook, page) => send({ page: { notebook, page } }),
    async close() {
      await queue;
      closed = true;
      if (worker !== null && !worker.ended) {
        worker.child.stdin.end();
        await worker.exited;
      }
    },
  };
}
