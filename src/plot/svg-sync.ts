/**
 * A synchronous SVG rendering for notebook display. tslab shows what a cell displays only while
 * the cell runs, and `display(chart)` is a plain call (notebooks do not await it), so the chart's
 * MIME bundle must be complete when `display` returns. Vega's public API renders asynchronously
 * (`view.toSVG()`), so the rendering runs in a worker thread (svg-worker.ts, which calls the same
 * {@link renderSvg} that `await chart.toSVG()` uses) while this thread blocks on `Atomics.wait`
 * until the answer is posted; `receiveMessageOnPort` then reads it without the event loop. The
 * worker starts on the first chart (vega loads there once) and does not keep the process alive.
 *
 * @module
 */
import type { MessagePort, Worker } from 'node:worker_threads';
import { ImportError, ValueError } from '../exceptions';
import type { VegaLiteSpec } from './vega-runtime';

/** The longest a display waits for one chart (a year of 15-minute points takes about 1 s). */
const RENDER_TIMEOUT_MS = 120_000;

interface SvgAnswer {
  readonly svg?: string;
  readonly error?: { readonly name: string; readonly message: string };
}

let channel: { worker: Worker; port: MessagePort } | null = null;

/**
 * The worker's first script: loads svg-worker with `require` and, if that fails (vega missing, a broken install), answers every request with
 * the error instead of leaving the waiting thread to time out.
 */
const BOOT = `
const { workerData } = require('node:worker_threads');
try {
  // From src/ (tests under tsx), the worker needs tsx's require hook: Node 20 does not apply the
  // parent's loader hooks to a worker thread.
  if (workerData.file.endsWith('.ts')) require('tsx/cjs/api').register();
  require(workerData.file);
} catch (err) {
  const error = { name: (err && err.name) || 'Error', message: String((err && err.message) || err) };
  workerData.port.on('message', (request) => {
    workerData.port.postMessage({ error });
    Atomics.store(request.done, 0, 1);
    Atomics.notify(request.done, 0);
  });
}
`;

/**
 * Node's `path` and `worker_threads`, reached at run time (docs/client.md#browser-use: a bundle for
 * browsers holds no Node built-in; there, charts render with `await chart.toSVG()`).
 *
 * @returns The two modules.
 * @throws ValueError in a browser.
 */
function nodeModules(): { path: typeof import('node:path'); threads: typeof import('node:worker_threads') } {
  const proc = (globalThis as { process?: NodeJS.Process }).process;
  if (typeof proc?.getBuiltinModule !== 'function')
    throw new ValueError('Rendering a chart synchronously needs Node.js; in a browser use await chart.toSVG()');
  return { path: proc.getBuiltinModule('node:path'), threads: proc.getBuiltinModule('node:worker_threads') };
}

function start(): { worker: Worker; port: MessagePort } {
  const { path, threads } = nodeModules();
  const { extname, join } = path;
  const { MessageChannel, Worker } = threads;
  const { port1, port2 } = new MessageChannel();
  // The worker file sits beside this one: .js in dist/, .ts when run from src/ through tsx.
  const worker = new Worker(BOOT, {
    eval: true,
    workerData: { port: port2, file: join(__dirname, `svg-worker${extname(__filename)}`) },
    transferList: [port2],
  });
  worker.unref();
  port1.unref();
  worker.on('error', () => {
    channel = null;
  });
  worker.on('exit', () => {
    channel = null;
  });
  return { worker, port: port1 };
}

/**
 * Renders a Vega-Lite spec to SVG and waits for it: the result of `renderSvg`, made in a worker.
 *
 * @param spec - The Vega-Lite spec (with inline data).
 * @returns The SVG text.
 * @throws ValueError or ImportError as `renderSvg` does; ValueError when the worker gives no
 *   answer in time.
 */
export function renderSvgSync(spec: VegaLiteSpec): string {
  channel ??= start();
  const done = new Int32Array(new SharedArrayBuffer(4));
  channel.port.postMessage({ spec, done });
  const waited = Atomics.wait(done, 0, 0, RENDER_TIMEOUT_MS);
  const answer = nodeModules().threads.receiveMessageOnPort(channel.port)?.message as SvgAnswer | undefined;
  if (waited === 'timed-out' || answer === undefined) {
    void channel.worker.terminate();
    channel = null;
    throw new ValueError(`The chart was not rendered within ${RENDER_TIMEOUT_MS / 1000} s`);
  }
  if (answer.error !== undefined) {
    throw answer.error.name === 'ImportError' ? new ImportError(answer.error.message) : new ValueError(answer.error.message);
  }
  return answer.svg ?? '';
}
