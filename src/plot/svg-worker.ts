/**
 * The worker thread behind `renderSvgSync` (svg-sync.ts): renders each spec it is sent with
 * the public asynchronous {@link renderSvg}, posts the SVG (or the error's name and message) on
 * the port it was given, then wakes the waiting thread through the request's shared flag.
 *
 * @module
 */
import { type MessagePort, workerData } from 'node:worker_threads';
import { renderSvg, type VegaLiteSpec } from './vega-runtime';

/** A request from svg-sync.ts. */
interface SvgRequest {
  readonly spec: VegaLiteSpec;
  /** Set to 1 (and notified) once the answer is on the port. */
  readonly done: Int32Array;
}

const port = (workerData as { port: MessagePort }).port;

port.on('message', (request: SvgRequest) => {
  renderSvg(request.spec)
    .then(
      (svg) => ({ svg }),
      (err: unknown) => ({ error: { name: (err as Error)?.name ?? 'Error', message: String((err as Error)?.message ?? err) } }),
    )
    .then((answer) => {
      port.postMessage(answer);
      Atomics.store(request.done, 0, 1);
      Atomics.notify(request.done, 0);
    });
});
