/**
 * A synchronous SVG rendering for notebook display. tslab shows what a cell displays only while
 * the cell runs, and `display(chart)` is a plain call (notebooks do not await it), so the chart's
 * MIME bundle must be complete when `display` returns. Vega's public API renders asynchronously
 * (`view.toSVG()`), so the rendering runs in a worker thread (svg-worker.ts, which calls the same
 * {@link renderSvg} that `await chart.toSVG()` uses) while this thread blocks on `Atomics.wait`;
 * `receiveMessageOnPort` then reads the answer without the event loop. The worker starts on the
 * first chart (vega loads there once) and does not keep the process alive.
 *
 * While this thread blocks, its event loop does not run, so it cannot hear of the worker's `exit`
 * event: the worker says so in shared memory instead (svg-protocol.ts), and a worker that ended
 * is replaced. Requests and answers carry a number, so an answer that comes after its request
 * was given up is never taken for the next one's. A chart not drawn within the time limit, or
 * whose worker ended while drawing it, is an error (the notebook then shows the chart without
 * its static image, chart.ts).
 *
 * @module
 */
import type { MessagePort, Worker } from 'node:worker_threads';
import { ImportError, ValueError } from '../exceptions';
import { ENDED, EVENTS, FLAG_SLOTS, type SvgAnswer, type SvgRequest, TAKEN } from './svg-protocol';
import type { VegaLiteSpec } from './vega-runtime';

/**
 * The longest a display waits for one chart, the worker's start and vega's loading included (a
 * year of 15-minute points takes about 1 s; a busy machine several times that).
 */
const RENDER_TIMEOUT_MS = 30_000;

/**
 * The worker's first script: says in the shared flags when its thread ends, then loads the worker
 * file with `require`; if that fails (vega missing, a broken install), answers every request with
 * the error instead of leaving the waiting thread to time out.
 */
const BOOT = `
const { workerData } = require('node:worker_threads');
const { port, flags, file } = workerData;
const wake = () => { Atomics.add(flags, ${EVENTS}, 1); Atomics.notify(flags, ${EVENTS}); };
process.on('exit', () => { Atomics.store(flags, ${ENDED}, 1); wake(); });
try {
  // From src/ (tests under tsx), the worker needs tsx's require hook: Node 20 does not apply the
  // parent's loader hooks to a worker thread.
  if (file.endsWith('.ts')) require('tsx/cjs/api').register();
  require(file);
} catch (err) {
  const error = { name: (err && err.name) || 'Error', message: String((err && err.message) || err) };
  port.on('message', (request) => {
    Atomics.store(flags, ${TAKEN}, request.id);
    port.postMessage({ id: request.id, error });
    wake();
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

/** A started worker: the thread, this side's port and the shared flags. */
interface Thread {
  readonly worker: Worker;
  readonly port: MessagePort;
  readonly flags: Int32Array;
}

/** Options of {@link SvgRenderer}. */
export interface SvgRendererOptions {
  /** The worker file to run; default svg-worker beside this module (`.js` in dist/, `.ts` under tsx). */
  file?: string;
  /** The longest one rendering may take, in milliseconds; default {@link RENDER_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/**
 * Draws charts synchronously in one worker thread, started on the first request and replaced
 * when it ended or was given up.
 *
 * @example
 * new SvgRenderer().render(lineChart(ts).spec).startsWith('<svg') //=> true
 */
export class SvgRenderer {
  readonly #file: string | undefined;
  readonly #timeoutMs: number;
  #thread: Thread | null = null;
  #requests = 0;

  constructor(options: SvgRendererOptions = {}) {
    this.#file = options.file;
    this.#timeoutMs = options.timeoutMs ?? RENDER_TIMEOUT_MS;
  }

  /**
   * Renders a spec and waits for it. A worker that ended before it took the request (it ended
   * between two charts) is replaced and the request sent once more.
   *
   * @param spec - The Vega-Lite spec (with inline data).
   * @returns The SVG text.
   * @throws ValueError or ImportError as `renderSvg` does; ValueError when the worker gives no
   *   answer in time or ends while drawing the chart.
   */
  render(spec: VegaLiteSpec): string {
    const deadline = Date.now() + this.#timeoutMs;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const thread = this.#live();
      const id = ++this.#requests;
      thread.port.postMessage({ id, spec } satisfies SvgRequest);
      const answer = this.#wait(thread, id, deadline);
      if (answer !== null) return svgOf(answer);
      if (Atomics.load(thread.flags, TAKEN) === id) {
        throw new ValueError('The chart could not be rendered: its worker thread stopped while drawing it');
      }
    }
    throw new ValueError('The chart could not be rendered: its worker thread stopped twice before taking it');
  }

  /**
   * Waits for the answer to request `id`: null when the worker ended without giving it.
   *
   * @throws ValueError at the deadline (the worker is then given up).
   */
  #wait(thread: Thread, id: number, deadline: number): SvgAnswer | null {
    // Each pass reads the counter first, then the port and the flags, and sleeps only while the
    // counter is unchanged: a signal between the reading and the sleep ends the sleep at once.
    for (;;) {
      const seen = Atomics.load(thread.flags, EVENTS);
      // read before the port: a worker posts its last answer before it says it ended
      const ended = Atomics.load(thread.flags, ENDED) === 1;
      const answer = this.#receive(thread, id);
      if (answer !== null) return answer;
      if (ended) {
        this.#drop(thread);
        return null;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        this.#drop(thread);
        throw new ValueError(`The chart was not rendered within ${Math.round(this.#timeoutMs / 1000)} s`);
      }
      Atomics.wait(thread.flags, EVENTS, seen, left);
    }
  }

  /** The answer to request `id` if it is on the port; answers to earlier requests are dropped. */
  #receive(thread: Thread, id: number): SvgAnswer | null {
    const { receiveMessageOnPort } = nodeModules().threads;
    for (let got = receiveMessageOnPort(thread.port); got !== undefined; got = receiveMessageOnPort(thread.port)) {
      const answer = got.message as SvgAnswer;
      if (answer.id === id) return answer;
    }
    return null;
  }

  /** The running worker, or a new one when there is none or it ended. */
  #live(): Thread {
    const thread = this.#thread;
    if (thread !== null && Atomics.load(thread.flags, ENDED) === 0) return thread;
    if (thread !== null) this.#drop(thread);
    this.#thread = this.#start();
    return this.#thread;
  }

  /** Forgets a worker and stops it (it may be stuck or overloaded). */
  #drop(thread: Thread): void {
    if (this.#thread === thread) this.#thread = null;
    void thread.worker.terminate();
  }

  #start(): Thread {
    const { path, threads } = nodeModules();
    // The worker file sits beside this one: .js in dist/, .ts when run from src/ through tsx.
    const file = this.#file ?? path.join(__dirname, `svg-worker${path.extname(__filename)}`);
    const { port1, port2 } = new threads.MessageChannel();
    const flags = new Int32Array(new SharedArrayBuffer(FLAG_SLOTS * Int32Array.BYTES_PER_ELEMENT));
    const worker = new threads.Worker(BOOT, { eval: true, workerData: { port: port2, flags, file }, transferList: [port2] });
    worker.unref();
    port1.unref();
    const thread: Thread = { worker, port: port1, flags };
    // An error ends the worker (its 'exit' follows); without a listener it would end this process.
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      if (this.#thread === thread) this.#thread = null;
    });
    return thread;
  }
}

/** The SVG of an answer, or its error thrown again with its class. */
function svgOf(answer: SvgAnswer): string {
  if (answer.error !== undefined) {
    throw answer.error.name === 'ImportError' ? new ImportError(answer.error.message) : new ValueError(answer.error.message);
  }
  return answer.svg ?? '';
}

let renderer: SvgRenderer | null = null;

/**
 * Renders a Vega-Lite spec to SVG and waits for it: the result of `renderSvg`, made in a worker.
 *
 * @param spec - The Vega-Lite spec (with inline data).
 * @returns The SVG text.
 * @throws ValueError or ImportError as `renderSvg` does; ValueError when the worker gives no
 *   answer within {@link RENDER_TIMEOUT_MS} or ends while drawing it.
 */
export function renderSvgSync(spec: VegaLiteSpec): string {
  renderer ??= new SvgRenderer();
  return renderer.render(spec);
}
