/**
 * The push feed (docs/protocol.md#push-feed, docs/semantics.md#events): a WebSocket endpoint at `{api}/events/`
 * sharing the app's HTTP server and its key check. The key travels in the handshake (`X-API-Key`,
 * any letter case); a missing, unknown or blocked key fails the handshake with 401 and a JSON
 * `message`. Every committed import's events are fanned out to the matching subscribers in log
 * order; the server pings every client and drops those that stop answering.
 *
 * @module
 */
import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import WebSocket, { WebSocketServer } from 'ws';
import { TooManyRequestsError, UnauthorizedError } from 'service/exceptions';
import { FEED_PROTOCOL, keyOfProtocols } from '#wire';
import { bodyOfError, headersOfError, statusOfError } from '../http/errors';
import { apiKeyOf, authenticate, type Principal, type RateLimiter } from '../auth';
import type { EventRecord, Store } from '../store';
import { FeedConnection } from './feed-connection';
import { resolveEvents } from './outgoing-event';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's push feed, when it has one. */
    eventFeed?: EventFeed;
  }
}

/** Options of {@link EventFeed}. */
export interface EventFeedOptions {
  /** The store whose event log is served. */
  store: Store;
  /** Path of the endpoint (default `/api/events/`; with or without the trailing slash). */
  path?: string;
  /** Milliseconds between server pings; a client that misses one is dropped (default 30 000; 0 = off). */
  heartbeatMs?: number;
  /** Largest accepted client frame in bytes (default 64 KiB). */
  maxPayload?: number;
  /** Events read from the log per query while replaying (default 1000). */
  replayPageSize?: number;
  /** Unsent bytes after which a slow client is closed with 1013 (default 16 MiB). */
  maxBufferedBytes?: number;
  /** Failed authentications per client address, shared with the HTTP routes (default: not limited). */
  authFailures?: RateLimiter | null;
}

/** The close reason of feed connections when the node shuts down: a hint to reconnect (docs/deploy.md#shutdown). */
const SHUTDOWN_REASON = 'The service is shutting down: reconnect (to another node) with last_id to resume';

/**
 * Writes an HTTP error answer on a socket that asked for an upgrade, then closes it.
 *
 * @param socket - The socket.
 * @param status - HTTP status.
 * @param body - JSON body.
 * @returns Nothing.
 * @example
 * rejectHandshake(socket, 401, { message: 'Invalid API key' })
 */
function rejectHandshake(socket: Duplex, status: number, body: object, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const extra = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n${extra}` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/**
 * The push feed of one app.
 *
 * @param options - Store, path, heartbeat and limits.
 * @example
 * const feed = attachEventFeed(app, { store });
 * feed.size //=> 0
 */
export class EventFeed {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<FeedConnection>();
  /** The key hash each connection was opened with. */
  private readonly keys = new WeakMap<FeedConnection, string>();
  private readonly store: Store;
  private readonly paths: ReadonlySet<string>;
  private readonly stopListening: () => void;
  private readonly heartbeat: NodeJS.Timeout | null;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: EventFeedOptions) {
    this.store = options.store;
    const path = (options.path ?? '/api/events/').replace(/\/+$/, '');
    this.paths = new Set([path, `${path}/`]);
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: options.maxPayload ?? 64 * 1024,
      clientTracking: false,
      // a browser's connection offers the feed's protocol and its key: the answer names only the first
      handleProtocols: (protocols) => (protocols.has(FEED_PROTOCOL) ? FEED_PROTOCOL : false),
    });
    this.stopListening = this.store.onEvents((events) => this.publish(events));
    const every = options.heartbeatMs ?? 30_000;
    this.heartbeat = every > 0 ? setInterval(() => this.beat(), every) : null;
    this.heartbeat?.unref();
  }

  /**
   * Number of open connections.
   *
   * @example
   * feed.size //=> 0
   */
  get size(): number {
    return this.connections.size;
  }

  private beat(): void {
    for (const c of this.connections) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
  }

  private publish(events: readonly EventRecord[]): void {
    this.chain = this.chain
      .then(async () => {
        if (this.connections.size === 0 || this.closed) return;
        const out = await resolveEvents(this.store, events);
        for (const c of this.connections) c.onLive(out);
      })
      .catch(() => {
        // A failed lookup loses no event for good: subscribers resume from the log with last_id.
      });
  }

  /**
   * Takes an upgrade request: serves it when it is for the feed's path (checking the key first).
   *
   * @param request - The HTTP request asking for the upgrade.
   * @param socket - Its socket.
   * @param head - The first bytes after the headers.
   * @returns True when the request was for the feed (answered or accepted), false otherwise.
   * @example
   * server.on('upgrade', (req, socket, head) => void feed.handleUpgrade(req, socket, head));
   */
  async handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<boolean> {
    const path = (request.url ?? '').split('?', 1)[0] ?? '';
    if (!this.paths.has(path)) return false;
    socket.on('error', () => socket.destroy());
    if (this.closed) {
      rejectHandshake(socket, 503, { message: 'The service is shutting down' });
      return true;
    }
    const failures = this.options.authFailures ?? null;
    const address = request.socket.remoteAddress ?? '';
    const wait = failures?.waitFor(address) ?? 0;
    if (wait > 0) {
      const refused = new TooManyRequestsError(`Too many failed authentications from your address; retry after ${Math.ceil(wait)} s`, wait);
      rejectHandshake(socket, 429, bodyOfError(refused), headersOfError(refused));
      return true;
    }
    let principal: Principal;
    try {
      // a browser cannot send X-API-Key on a WebSocket: it offers the key as a subprotocol
      const key = apiKeyOf(request.headers) ?? keyOfProtocols(request.headers['sec-websocket-protocol']);
      principal = await authenticate(this.store, key);
    } catch (err) {
      if (err instanceof UnauthorizedError) failures?.take(address);
      rejectHandshake(socket, statusOfError(err), bodyOfError(err));
      return true;
    }
    this.store.noteKeyUse(principal.key.hash, Date.now());
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, principal));
    return true;
  }

  private accept(ws: WebSocket, principal: Principal): void {
    if (this.closed) {
      ws.close(1001, SHUTDOWN_REASON);
      return;
    }
    const connection = new FeedConnection(ws, {
      store: this.store,
      user: principal.user,
      replayPageSize: this.options.replayPageSize ?? 1000,
      maxBufferedBytes: this.options.maxBufferedBytes ?? 16 * 1024 * 1024,
    });
    this.connections.add(connection);
    this.keys.set(connection, principal.key.hash);
    ws.on('close', () => this.connections.delete(connection));
    ws.on('error', () => ws.terminate());
  }

  /**
   * Closes the connections opened with a key (code 1008, policy violation), when it is blocked:
   * a blocked key receives nothing more (docs/protocol.md#admin-keys). Connections through other
   * nodes of a shared store end at their next handshake, which the blocked key fails.
   *
   * @param hash - The key's hash.
   * @returns How many connections were closed.
   * @example
   * feed.closeKey(hashApiKey(key)) //=> 1
   */
  closeKey(hash: string): number {
    let closed = 0;
    for (const c of this.connections) {
      if (this.keys.get(c) !== hash) continue;
      c.socket.close(1008, 'This API key is blocked');
      closed++;
    }
    return closed;
  }

  /**
   * Closes every connection (code 1001) and stops listening to the store.
   *
   * @param graceMs - How long to wait for clients to answer the close before cutting them off.
   * @returns When every connection is gone.
   * @example
   * await feed.close()
   */
  async close(graceMs = 1000): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopListening();
    if (this.heartbeat) clearInterval(this.heartbeat);
    const open = [...this.connections].map((c) => c.socket);
    const gone = open.map(
      (ws) => new Promise<void>((resolve) => (ws.readyState === WebSocket.CLOSED ? resolve() : ws.once('close', () => resolve()))),
    );
    for (const ws of open) ws.close(1001, SHUTDOWN_REASON);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.all(gone), deadline]);
    clearTimeout(timer);
    for (const ws of open) if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

/**
 * Adds the push feed to an app: upgrade requests on the app's HTTP server at `{api}/events/` are
 * served by a new {@link EventFeed}, other upgrade requests get a JSON 404; the feed closes with
 * the app. The feed is also reachable as `app.eventFeed`.
 *
 * @param app - The app (not yet listening).
 * @param options - Store, path, heartbeat and limits.
 * @returns The feed.
 * @example
 * const feed = attachEventFeed(app, { store });
 * await app.listen({ host: '127.0.0.1', port: 0 });
 */
export function attachEventFeed(app: FastifyInstance, options: EventFeedOptions): EventFeed {
  const feed = new EventFeed(options);
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    feed.handleUpgrade(request, socket, head).then(
      (handled) => {
        if (!handled) rejectHandshake(socket, 404, { message: `Not found: ${(request.url ?? '').split('?')[0]}` });
      },
      () => rejectHandshake(socket, 500, { message: 'Internal server error' }),
    );
  });
  app.decorate('eventFeed', feed);
  app.addHook('preClose', async () => feed.close());
  return feed;
}
