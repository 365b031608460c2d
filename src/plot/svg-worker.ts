/**
 * The worker thread behind `renderSvgSync` (svg-sync.ts): draws each spec it is sent with the
 * public asynchronous {@link renderSvg} and answers through the protocol of svg-protocol.ts.
 *
 * @module
 */
import { type MessagePort, workerData } from 'node:worker_threads';
import { serveSvgRequests } from './svg-protocol';
import { renderSvg } from './vega-runtime';

const { port, flags } = workerData as { port: MessagePort; flags: Int32Array };
serveSvgRequests(port, flags, renderSvg);
