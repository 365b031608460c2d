/**
 * One push-feed connection of the client (docs/protocol.md#push-feed): subscribe with filters, receive curve
 * events as an async iterator (`for await`, `next({ timeout })`) or through callbacks, reconnect
 * automatically after a drop and resume after the last event received (so every missed event
 * arrives once, in order), keep the connection alive with pings, and close cleanly.
 *
 * Delivery rule: curve events go to the `onEvent` callbacks when any is registered, otherwise
 * into the queue the iterator reads; connection events likewise with `onConnectionEvent`.
 * Resume rule: after a drop the client resubscribes after the last event it received (or the
 * `lastId` it subscribed with); a subscription that has received nothing and had no `lastId`
 * resumes with live events only, as the reference client does.
 *
 * @module
 */
import { WebSocketsError } from '../../exceptions';
import { displayBundle, INSPECT, JUPYTER_DISPLAY, type DisplayBundle, type SummaryRow } from '../../model/display';
import { inspectDisplay, type InspectOptionsLike } from '../../model/inspect-display';
import {
  encodeEventFilters,
  parseEventFilters,
  parseFeedFrame,
  type EventFilter,
  type FeedFilterJson,
  type OneOrMany,
} from '../../wire/feed';
import { ENDED, EventQueue, TIMED_OUT } from './event-queue';
import { ConnectionEvent, CurveEvent, TimeoutEvent, parseCurveEvent, type FeedEvent } from './feed-events';
import { FeedRequests, type FeedRequestBody } from './feed-requests';
import { SOCKET_CLOSED, SOCKET_OPEN, openFeedSocket, type FeedTarget, type FeedWebSocket } from './feed-socket';
import type { SocketOpener } from './feed-tape';
import { LastIdMemory, checkEventId, compareIds } from './last-id';
import { ReconnectPolicy } from './reconnect-policy';
import { statusName } from './status-names';
import type { EventsConnectOptions, SubscribeOptions } from './connect-options';

const HIGH_WATER = 10_000;
const LOW_WATER = 1_000;

/**
 * A push-feed connection; made by `client.events.connect()`.
 *
 * @example
 * const feed = await client.events.connect();
 * await feed.subscribe({ areas: 'DE', dataTypes: 'ACTUAL' });
 * for await (const event of feed) console.log(String(event));
 */
export class EventsConnection {
  #ws: FeedWebSocket | null = null;
  #state: 'open' | 'reconnecting' | 'failed' | 'closed' = 'open';
  readonly #queue = new EventQueue<FeedEvent>();
  readonly #requests: FeedRequests;
  readonly #listeners = {
    event: new Set<(e: CurveEvent) => void>(),
    connection: new Set<(e: ConnectionEvent) => void>(),
    message: new Set<(m: string) => void>(),
    error: new Set<(e: Error) => void>(),
  };
  #subscription: FeedFilterJson[] | null = null;
  #accepting = false;
  #lastReceived: string | null = null;
  #stopPings: (() => void) | null = null;
  readonly #reconnects: ReconnectPolicy;
  #paused = false;
  #lastFailure: WebSocketsError | null = null;

  readonly #target: FeedTarget;
  readonly #options: EventsConnectOptions;
  readonly #memory: LastIdMemory;
  readonly #openWith: SocketOpener;

  private constructor(target: FeedTarget, options: EventsConnectOptions, memory: LastIdMemory, openWith: SocketOpener) {
    this.#target = target;
    this.#options = options;
    this.#memory = memory;
    this.#openWith = openWith;
    this.#reconnects = new ReconnectPolicy(options.reconnectAttempts ?? 5, options.reconnectDelay);
    this.#requests = new FeedRequests(this.#timeoutMs);
    if (options.onEvent) this.#listeners.event.add(options.onEvent);
    if (options.onConnectionEvent) this.#listeners.connection.add(options.onConnectionEvent);
    if (options.onMessage) this.#listeners.message.add(options.onMessage);
    if (options.onError) this.#listeners.error.add(options.onError);
  }

  /**
   * Opens a connection (one attempt).
   *
   * @param target - URL, handshake headers, TLS check.
   * @param options - Last-id file, time-outs, reconnects, keep-alive, callbacks.
   * @param opener - Opens the socket (and every reconnect's): the network by default; the client
   *   cache's `record` and `offline` modes record or replay the feed (docs/protocol.md#feed-recordings).
   * @returns The open connection.
   * @throws WebSocketsError `Failed to connect` (status, name, server message).
   * @throws ValidationError (parameter `last_id`) when the last-id file holds a bad id.
   * @example
   * const feed = await EventsConnection.open({ url, headers, sslVerify: true }, {});
   */
  static async open(
    target: FeedTarget,
    options: EventsConnectOptions = {},
    opener: SocketOpener = openFeedSocket,
  ): Promise<EventsConnection> {
    const memory = LastIdMemory.open(options.lastIdFile ?? null);
    const connection = new EventsConnection(target, options, memory, opener);
    connection.#attach(await opener(target, connection.#timeoutMs));
    return connection;
  }

  get #timeoutMs(): number {
    return (this.#options.timeout ?? 15) * 1000;
  }

  /**
   * Whether the socket is open now.
   *
   * @example
   * feed.connected //=> true
   */
  get connected(): boolean {
    return this.#state === 'open' && this.#ws?.readyState === SOCKET_OPEN;
  }

  /**
   * Whether the connection is in use: open, or reconnecting.
   *
   * @example
   * feed.active //=> true
   */
  get active(): boolean {
    return this.#state === 'open' || this.#state === 'reconnecting';
  }

  /**
   * The last event id handed to the user (remembered across reconnects, and in the last-id file).
   *
   * @example
   * feed.lastId //=> '1693526400000-3'
   */
  get lastId(): string | null {
    return this.#memory.id;
  }

  #attach(ws: FeedWebSocket): void {
    this.#ws = ws;
    this.#state = 'open';
    ws.onMessage((text) => this.#onFrame(text));
    ws.onClose((code, reason) => this.#onClose(ws, code, reason));
    ws.onError((message) => this.#report(new WebSocketsError('Connection error', '', 'CONNECTION_ERROR', message)));
    this.#stopPings = ws.keepAlive((this.#options.pingInterval ?? 15) * 1000, (this.#options.pongTimeout ?? 10) * 1000);
  }

  #report(error: Error): void {
    for (const listener of this.#listeners.error) listener(error);
  }

  #onFrame(text: string): void {
    const frame = parseFeedFrame(text);
    switch (frame.type) {
      case 'invalid':
        this.#report(new WebSocketsError(`The server sent a frame that is ${frame.problem}`, '', 'ERROR', text.slice(0, 200)));
        return;
      case 'curves.event': {
        if (!this.#accepting) return;
        let event: CurveEvent;
        try {
          event = parseCurveEvent(frame.event);
        } catch (err) {
          this.#report(err as Error);
          return;
        }
        if (this.#lastReceived !== null && compareIds(event.id, this.#lastReceived) <= 0) return;
        this.#lastReceived = event.id;
        this.#deliver(event);
        return;
      }
      case 'curves.subscribe':
      case 'curves.filters':
        if (this.#requests.take(frame.type, frame.response) && frame.type === 'curves.subscribe') this.#accepting = true;
        return;
      case 'message':
        for (const listener of this.#listeners.message) listener(frame.message);
        return;
      case 'error':
        this.#report(new WebSocketsError('The server refused a message', '', 'ERROR', frame.errors));
        return;
      case 'other':
        return;
    }
  }

  #deliver(event: CurveEvent): void {
    if (this.#listeners.event.size === 0) {
      this.#queue.push(event);
      if (!this.#paused && this.#queue.length > HIGH_WATER) {
        this.#paused = true;
        this.#ws?.pause();
      }
      return;
    }
    for (const listener of this.#listeners.event) {
      try {
        listener(event);
      } catch (err) {
        this.#report(err as Error);
      }
    }
    this.#memory.advance(event.id);
  }

  #request(request: FeedRequestBody, timeoutText: string): Promise<Record<string, unknown>> {
    const ws = this.#ws;
    if (ws === null || ws.readyState !== SOCKET_OPEN) {
      const what = request.type === 'curves.subscribe' ? 'Failed to subscribe' : 'Failed to get active curve events filters';
      return Promise.reject(new WebSocketsError(what, '', 'CONNECTION_ERROR', 'not connected'));
    }
    return this.#requests.send((text) => ws.send(text), request, timeoutText);
  }

  /**
   * Subscribes (replacing any previous subscription). Curve events queued but not yet taken are
   * dropped; events flow again once the server has accepted.
   *
   * @param filters - One filter or a list (an event matching any of them is delivered).
   * @param options - `lastId`: `'keep'` (default) resumes after the remembered id, an id resumes
   *   after it (and is remembered), `null` receives live events only.
   * @returns The filters as the server accepted them.
   * @throws ValidationError (`filters` or `last_id`) for a bad filter or id.
   * @throws WebSocketsError `Please connect before subscribing`, `Subscribe rejected by server`
   *   (with the server's errors as `description`), `Timed out trying to subscribe`.
   * @example
   * await feed.subscribe([{ curveNames: 'DE Wind Power Production MWh/h 15min Actual' }, { areas: 'FR', dataTypes: 'FORECAST' }])
   * //=> [{ curveNames: ['DE Wind Power Production MWh/h 15min Actual'] }, { areas: [Area.FR], dataTypes: [DataType.FORECAST] }]
   */
  async subscribe(filters: OneOrMany<EventFilter>, options: SubscribeOptions = {}): Promise<EventFilter[]> {
    if (!this.connected) throw new WebSocketsError('Please connect before subscribing');
    const json = encodeEventFilters(filters);
    const wanted = options.lastId === undefined ? 'keep' : options.lastId;
    let lastId: string | null;
    if (wanted === null) lastId = null;
    else if (typeof wanted === 'string' && wanted.toLowerCase() === 'keep') lastId = this.#memory.id;
    else {
      lastId = checkEventId(wanted);
      this.#memory.set(lastId);
    }
    this.#queue.remove((e) => e instanceof CurveEvent);
    return this.#sendSubscribe(json, lastId);
  }

  async #sendSubscribe(filters: FeedFilterJson[], lastId: string | null): Promise<EventFilter[]> {
    this.#accepting = false;
    this.#subscription = filters;
    this.#lastReceived = lastId;
    const data = await this.#request(
      { type: 'curves.subscribe', ...(lastId === null ? {} : { last_id: lastId }), filters },
      'Timed out trying to subscribe',
    );
    return parseEventFilters(data.filters) ?? [];
  }

  /**
   * Asks the server for the active filters.
   *
   * @returns The filters, or `null` when not subscribed.
   * @throws WebSocketsError `Failed to get active curve events filters`, `Timed out trying to get active curve event filters`.
   * @example
   * await feed.filters() //=> [{ areas: [Area.DE] }]
   */
  async filters(): Promise<EventFilter[] | null> {
    const data = await this.#request({ type: 'curves.filters' }, 'Timed out trying to get active curve event filters');
    return parseEventFilters(data.filters);
  }

  /**
   * The next event: a curve event, a connection event, or (with `timeout`) a timeout event.
   *
   * @param options - `timeout`: seconds to wait before returning a {@link TimeoutEvent}.
   * @returns The event, or `null` once the connection is closed and every event taken.
   * @throws WebSocketsError when reconnecting failed for good or a resubscribe was refused.
   * @example
   * await feed.next({ timeout: 5 }) //~> CurveEvent or TimeoutEvent
   */
  async next(options: { timeout?: number } = {}): Promise<FeedEvent | null> {
    const item = await this.#queue.take(options.timeout === undefined ? undefined : options.timeout * 1000);
    if (this.#paused && this.#queue.length < LOW_WATER) {
      this.#paused = false;
      this.#ws?.resume();
    }
    if (item === TIMED_OUT) return new TimeoutEvent();
    if (item === ENDED) return null;
    if (item instanceof CurveEvent) this.#memory.advance(item.id);
    return item;
  }

  /**
   * Iterates over events until the connection is closed.
   *
   * @returns An async iterator of curve and connection events.
   * @example
   * for await (const event of feed) if (event instanceof CurveEvent) console.log(event.curve.name);
   */
  async *[Symbol.asyncIterator](): AsyncGenerator<FeedEvent, void, undefined> {
    for (let e = await this.next(); e !== null; e = await this.next()) yield e;
  }

  /**
   * Registers a callback for curve events (from then on the iterator gets none).
   *
   * @param listener - The callback.
   * @returns A function that removes it.
   * @example
   * const off = feed.onEvent((e) => seen.push(e.id));
   */
  onEvent(listener: (event: CurveEvent) => void): () => void {
    this.#listeners.event.add(listener);
    return () => this.#listeners.event.delete(listener);
  }

  /**
   * Registers a callback for connection events.
   *
   * @param listener - The callback.
   * @returns A function that removes it.
   * @example
   * feed.onConnectionEvent((e) => console.log(e.status));
   */
  onConnectionEvent(listener: (event: ConnectionEvent) => void): () => void {
    this.#listeners.connection.add(listener);
    return () => this.#listeners.connection.delete(listener);
  }

  #onClose(ws: FeedWebSocket, code: number, reason: string): void {
    if (ws !== this.#ws) return;
    this.#stopPings?.();
    this.#ws = null;
    this.#accepting = false;
    const lost = new WebSocketsError('Lost connection to the server', code, statusName(code), reason);
    this.#requests.failAll(lost);
    this.#memory.flush();
    if (this.#state === 'closed') return;
    const event = new ConnectionEvent(code, statusName(code), reason || 'connection lost');
    if (this.#listeners.connection.size) for (const listener of this.#listeners.connection) listener(event);
    else this.#queue.push(event);
    this.#lastFailure = lost;
    this.#state = 'reconnecting';
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#reconnects.schedule(() => void this.#reconnect())) return;
    this.#state = 'failed';
    this.#subscription = null;
    const last = this.#lastFailure;
    const err = new WebSocketsError('Reconnecting failed', last?.statusCode ?? '', last?.status ?? '', last?.description ?? '');
    this.#report(err);
    this.#queue.end(err);
  }

  async #reconnect(): Promise<void> {
    let ws: FeedWebSocket;
    try {
      ws = await this.#openWith(this.#target, this.#timeoutMs);
    } catch (err) {
      if (this.#state !== 'reconnecting') return;
      this.#lastFailure = err as WebSocketsError;
      this.#scheduleReconnect();
      return;
    }
    if (this.#state !== 'reconnecting') {
      ws.close(1000);
      return;
    }
    this.#attach(ws);
    this.#reconnects.reset();
    if (this.#subscription === null) return;
    try {
      await this.#sendSubscribe(this.#subscription, this.#lastReceived ?? this.#memory.id);
    } catch (err) {
      if (this.#ws !== ws || !this.connected) return; // dropped again: the close starts another round
      this.#report(err as Error);
      this.#state = 'failed';
      this.#queue.end(err);
      ws.close(1000);
    }
  }

  /**
   * Closes the connection (code 1000) and stops reconnecting; writes the last-id file. Events
   * already queued can still be taken; then the iterator ends.
   *
   * @returns When the socket is closed.
   * @example
   * await feed.close()
   */
  async close(): Promise<void> {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.#reconnects.cancel();
    const ws = this.#ws;
    if (ws && ws.readyState !== SOCKET_CLOSED) {
      const closed = new Promise<void>((resolve) => ws.onClose(() => resolve()));
      ws.close(1000, 'Client closed the connection');
      const timer = setTimeout(() => ws.terminate(), 2000);
      await closed;
      clearTimeout(timer);
    }
    this.#stopPings?.();
    this.#ws = null;
    this.#memory.flush();
    this.#queue.end();
  }

  /** What the connection shows: state, URL (never the key), last id, filters, queued events. */
  #summary(): SummaryRow[] {
    return [
      ['state', this.#state],
      ['url', this.#target.url],
      ['lastId', this.lastId ?? 'None'],
      ['filters', this.#subscription === null ? 'None' : this.#subscription.length],
      ['queued', this.#queue.length],
    ];
  }

  /**
   * A one-line description (the URL, never the key).
   *
   * @returns The text.
   * @example
   * String(feed) //=> '<EventsConnection: open, url=ws://127.0.0.1:7070/api/events/, lastId=None, filters=None, queued=0>'
   */
  toString(): string {
    const rest = this.#summary().slice(1);
    return `<EventsConnection: ${this.#state}, ${rest.map(([label, value]) => `${label}=${value}`).join(', ')}>`;
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else `toString()`, never the internals (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options);
  }

  /**
   * The notebook display: state, URL, last id, number of filters and of queued events.
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * feed[Symbol.for('Jupyter.display')]()['text/html'].includes('lastId') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('EventsConnection', this.toString(), this.#summary());
  }
}
