/**
 * What passes between the thread waiting for a chart's SVG (svg-sync.ts) and the worker thread
 * drawing it (svg-worker.ts): numbered requests and answers on a message port, and a small shared
 * `Int32Array` of flags the waiting thread sleeps on with `Atomics.wait`.
 *
 * - `EVENTS` counts what the worker signalled (an answer posted, its thread ending): the waiting
 *   thread reads it before it looks for an answer and sleeps only while it is unchanged, so no
 *   signal is lost between looking and sleeping.
 * - `TAKEN` is the number of the last request the worker started on.
 * - `ENDED` is 1 once the worker's thread is ending (its `process` `exit` event): an event the
 *   waiting thread cannot receive through the event loop while it blocks.
 *
 * @module
 */
import type { MessagePort } from 'node:worker_threads';
import type { VegaLiteSpec } from './vega-runtime';

/** Index of the signal counter in the flags. */
export const EVENTS = 0;
/** Index of the number of the request the worker took last. */
export const TAKEN = 1;
/** Index of the flag set when the worker's thread ends. */
export const ENDED = 2;
/** How many slots the flags have. */
export const FLAG_SLOTS = 3;

/** A request: its number and the spec to draw. */
export interface SvgRequest {
  readonly id: number;
  readonly spec: VegaLiteSpec;
}

/** An answer: the number of its request and the SVG, or the error's name and message. */
export interface SvgAnswer {
  readonly id: number;
  readonly svg?: string;
  readonly error?: { readonly name: string; readonly message: string };
}

/**
 * Wakes the waiting thread: counts one more event and notifies.
 *
 * @param flags - The shared flags.
 */
function signalEvent(flags: Int32Array): void {
  Atomics.add(flags, EVENTS, 1);
  Atomics.notify(flags, EVENTS);
}

/**
 * Serves the requests that arrive on a port: each is marked taken, drawn by `render`, and
 * answered with its number (the SVG, or the error's name and message), then the waiting thread
 * is woken.
 *
 * @param port - The worker's end of the channel.
 * @param flags - The shared flags.
 * @param render - Draws a spec (svg-worker.ts: `renderSvg`).
 */
export function serveSvgRequests(port: MessagePort, flags: Int32Array, render: (spec: VegaLiteSpec) => Promise<string>): void {
  port.on('message', (request: SvgRequest) => {
    Atomics.store(flags, TAKEN, request.id);
    Promise.resolve()
      .then(() => render(request.spec))
      .then(
        (svg): SvgAnswer => ({ id: request.id, svg }),
        (err: unknown): SvgAnswer => ({
          id: request.id,
          error: { name: String((err as Error)?.name ?? 'Error'), message: String((err as Error)?.message ?? err) },
        }),
      )
      .then((answer) => {
        port.postMessage(answer);
        signalEvent(flags);
      });
  });
}
