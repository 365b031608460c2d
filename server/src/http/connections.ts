/**
 * The life of the node's HTTP connections (docs/deploy.md#connections): kept-alive connections
 * are recycled after a number of requests or an age, so a balancer's new or restarted node gets
 * its share of the load within seconds, and a drain (docs/deploy.md#shutdown) stops accepting,
 * answers what arrives on kept-alive connections with `Connection: close`, and waits for the
 * connections to end instead of resetting idle ones while a request may be on its way.
 *
 * @module
 */
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How the node recycles its kept-alive connections. */
export interface ConnectionOptions {
  /**
   * How long an idle kept-alive connection stays open, in ms (default 5000). Answers carry
   * `Keep-Alive: timeout=<s>`, and Node's and most clients close their idle connection a second
   * before it, so the client, not the node, ends an idle connection. Behind an HTTP proxy that
   * keeps its own upstream connections, set it above the proxy's idle time-out.
   */
  keepAliveTimeoutMs?: number;
  /** Answers one connection carries; the last says `Connection: close` and the node closes it after (default 1000; 0: no limit). */
  maxRequests?: number;
  /**
   * Age after which a connection's next answer closes it (`Connection: close`), in ms (default
   * 10000; 0: no limit). Each connection draws its limit between 80% and 100% of this, so the
   * clients of one balancer do not reconnect all at once.
   */
  maxAgeMs?: number;
}

/** The defaults of {@link ConnectionOptions}. */
export const CONNECTION_DEFAULTS: Readonly<Required<ConnectionOptions>> = Object.freeze({
  keepAliveTimeoutMs: 5_000,
  maxRequests: 1_000,
  maxAgeMs: 10_000,
});

/** What the connection hooks know of one connection. */
interface Connection {
  /** Epoch ms after which its next answer closes it. */
  closeAfter: number;
  /** Answers it has been given. */
  answers: number;
}

/** The drain state of an app, shared by the connection hooks and `/ready`. */
export interface DrainState {
  /** True from the moment the node starts to drain: `/ready` is 503 and every answer closes its connection. */
  draining: boolean;
}

/** What {@link drainApp} saw. */
export interface DrainReport {
  /** Connections still open when the drain began. */
  open: number;
  /** Connections cut off at the time-out (0 when every connection ended by itself). */
  cutOff: number;
  /** Milliseconds the wait took. */
  waitedMs: number;
}

/** The connections and drain state of each tracked app. */
const tracked = new WeakMap<FastifyInstance, { open: Map<Socket, Connection>; state: DrainState }>();

/**
 * Tracks the app's connections: each answer of a connection past its age closes it, and
 * {@link drainApp} waits for them. Call once, right after the app is made.
 *
 * @param app - The app (its `server` exists before it listens).
 * @param state - The drain state (answers close their connection while it is draining).
 * @param options - Age and request limits (the idle time-out is set on Fastify itself).
 * @param random - Source of the per-connection jitter (default `Math.random`).
 * @returns Nothing.
 * @example
 * trackConnections(app, { draining: false }, { maxAgeMs: 10_000 });
 */
export function trackConnections(app: FastifyInstance, state: DrainState, options: ConnectionOptions, random = Math.random): void {
  const maxAgeMs = options.maxAgeMs ?? CONNECTION_DEFAULTS.maxAgeMs;
  const maxRequests = options.maxRequests ?? CONNECTION_DEFAULTS.maxRequests;
  const open = new Map<Socket, Connection>();
  tracked.set(app, { open, state });
  // an app closed without a drain (tests, an error at start) still closes what it answers
  app.addHook('preClose', async () => {
    state.draining = true;
  });
  app.server.on('connection', (socket: Socket) => {
    const closeAfter = maxAgeMs > 0 ? Date.now() + maxAgeMs * (0.8 + 0.2 * random()) : Number.POSITIVE_INFINITY;
    open.set(socket, { closeAfter, answers: 0 });
    socket.once('close', () => open.delete(socket));
  });
  // a WebSocket of the push feed leaves HTTP: the feed closes it itself when the node drains
  app.server.on('upgrade', (_request, socket: Socket) => open.delete(socket));
  // Node closes the connection after an answer that says `Connection: close` (its own
  // `maxRequestsPerSocket` says it but leaves the connection to the client, so it is not used)
  app.addHook('onSend', async (request, reply) => {
    const conn = open.get(request.raw.socket);
    if (conn !== undefined) conn.answers++;
    const spent = conn !== undefined && (Date.now() >= conn.closeAfter || (maxRequests > 0 && conn.answers >= maxRequests));
    // An answer given while its request's body is still arriving (an import refused part-way)
    // leaves the connection open: closed then, the socket is reset under a client still sending,
    // which may lose the answer. The connection's next answer closes it.
    const uploading = !request.raw.complete;
    if (state.draining || (spent && !uploading)) reply.header('connection', 'close');
  });
}

/**
 * Drains the app: sets `state.draining` (`/ready` answers 503, every answer from now on closes its
 * connection), stops accepting connections, and waits until every HTTP connection has ended: a
 * kept-alive connection ends after the answer to its next request, or when its client closes it
 * as idle (a second before the `Keep-Alive` time-out it was told) or, for a client that ignores
 * the hint, at that time-out. Connections still open after `timeoutMs` are cut off. Then the app
 * closes (push-feed clients get 1001, the `onClose` hooks run).
 *
 * @param app - The listening app (its connections tracked by {@link trackConnections}).
 * @param timeoutMs - The longest wait for the connections, in ms.
 * @returns What the drain saw.
 * @example
 * await drainApp(app, 25_000) //~> { open: 3, cutOff: 0, waitedMs: 12 }
 */
export async function drainApp(app: FastifyInstance, timeoutMs: number): Promise<DrainReport> {
  const { open, state } = tracked.get(app) ?? { open: new Map<Socket, Connection>(), state: { draining: false } };
  state.draining = true;
  const report: DrainReport = { open: open.size, cutOff: 0, waitedMs: 0 };
  const started = performance.now();
  // Stop accepting without http.Server#close, which (Node >= 19) also destroys every idle
  // kept-alive connection at once: a request already on its way on one of them would be reset.
  if (app.server.listening) NetServer.prototype.close.call(app.server);
  // the push feed's clients move to another node now, as before the drain waited for HTTP
  await app.eventFeed?.close();
  const deadline = started + timeoutMs;
  while (open.size > 0 && performance.now() < deadline) {
    // an idle connection is ended by its client, or by its keep-alive time-out
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  report.cutOff = open.size;
  if (open.size > 0) app.server.closeAllConnections();
  report.waitedMs = performance.now() - started;
  await app.close();
  return report;
}
