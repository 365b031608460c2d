/**
 * The events section (docs/protocol.md#push-feed): the push feed of curve events over a WebSocket
 * at `{api_url}/events/` (`http` becomes `ws`), authenticated with the key in the handshake.
 *
 * @module
 */
import { WebSocketsError } from '../../exceptions';
import {
  EventsConnection,
  eventsUrl,
  type EventFilter,
  type EventsConnectOptions,
  type FeedEvent,
  type FeedTarget,
  type OneOrMany,
  type SubscribeOptions,
} from '../events';
import { openerFor } from '../events/feed-tape';
import { USER_AGENT } from '../http';
import type { ResolvedClientOptions } from '../options';
import { displayAsRecord, type RecordShape } from '../../model/record-display';

/** How the feed's address shows itself: the URL, the handshake headers with the key hidden, the TLS check. */
const FEED_TARGET: RecordShape<FeedTarget> = {
  title: 'FeedTarget',
  fields: (t) => [
    ['url', t.url],
    [
      'headers',
      Object.entries(t.headers)
        .map(([name, value]) => `${name}: ${name.toLowerCase() === 'x-api-key' ? '…' : value}`)
        .join(', '),
    ],
    ['sslVerify', t.sslVerify],
  ],
};

/**
 * The client's push feed. `connect()` opens a connection and returns it; the section's own
 * `subscribe`, `filters`, `next`, iteration and `close` act on that connection, as the
 * reference's `eq.events.*` do.
 *
 * @param options - The client's resolved options (API URL, key, TLS check).
 * @example
 * await client.events.connect({ lastIdFile: './last-id.json' });
 * await client.events.subscribe({ areas: 'DE', dataTypes: ['ACTUAL', 'FORECAST'] });
 * for await (const event of client.events) console.log(String(event));
 */
export class EventsSection {
  #current: EventsConnection | null = null;

  readonly #options: ResolvedClientOptions;

  constructor(options: ResolvedClientOptions) {
    this.#options = options;
  }

  /**
   * Where the feed is.
   *
   * @returns URL, handshake headers (`X-API-KEY`, `User-Agent`) and TLS check.
   * @example
   * client.events.target().url //=> 'ws://127.0.0.1:7070/api/events/'
   */
  target(): FeedTarget {
    const target = {
      url: eventsUrl(this.#options.apiUrl),
      headers: { 'X-API-KEY': this.#options.apiKey, 'User-Agent': USER_AGENT },
      sslVerify: this.#options.sslVerify,
    };
    // printed or shown in a notebook, the key is hidden
    return displayAsRecord(target, FEED_TARGET);
  }

  /**
   * Connects (one attempt; later drops are reconnected automatically).
   *
   * @param options - Last-id file, time-outs, reconnects, keep-alive, callbacks.
   * @returns The connection.
   * @throws WebSocketsError `Already connected` while a connection is in use; `Failed to connect`
   *   with the HTTP status or OS error (e.g. 401 `UNAUTHORIZED` for a bad key).
   * @example
   * const feed = await client.events.connect({ timeout: 15 });
   * feed.connected //=> true
   */
  async connect(options: EventsConnectOptions = {}): Promise<EventsConnection> {
    if (this.#current?.active) throw new WebSocketsError('Already connected: close the connection first');
    const { cache } = this.#options;
    // The cache's record and offline modes record or replay the feed too.
    this.#current = await EventsConnection.open(this.target(), options, openerFor(cache));
    return this.#current;
  }

  /**
   * The connection made by {@link connect}.
   *
   * @returns The connection.
   * @throws WebSocketsError `Please connect before subscribing` when there is none.
   * @example
   * client.events.connection.connected //=> true
   */
  get connection(): EventsConnection {
    if (this.#current === null) throw new WebSocketsError('Please connect before subscribing');
    return this.#current;
  }

  /**
   * Subscribes the connection (see `EventsConnection.subscribe`).
   *
   * @param filters - One filter or a list.
   * @param options - `lastId` (`'keep'`, an id, or `null`).
   * @returns The filters as the server accepted them.
   * @throws ValidationError for a bad filter or id; WebSocketsError when not connected or refused.
   * @example
   * await client.events.subscribe({ curveNames: 'DE Wind Power Production MWh/h 15min Actual' })
   */
  async subscribe(filters: OneOrMany<EventFilter>, options?: SubscribeOptions): Promise<EventFilter[]> {
    return this.connection.subscribe(filters, options);
  }

  /**
   * The active filters, as the server has them.
   *
   * @returns The filters, or `null` when not subscribed.
   * @throws WebSocketsError when not connected or no answer comes.
   * @example
   * await client.events.filters() //=> null
   */
  async filters(): Promise<EventFilter[] | null> {
    return this.connection.filters();
  }

  /**
   * The next event (see `EventsConnection.next`).
   *
   * @param options - `timeout` in seconds.
   * @returns The event, or `null` once closed.
   * @throws WebSocketsError when not connected, or when reconnecting failed for good.
   * @example
   * await client.events.next({ timeout: 1 }) //~> TimeoutEvent
   */
  async next(options?: { timeout?: number }): Promise<FeedEvent | null> {
    return this.connection.next(options);
  }

  /**
   * Iterates over the connection's events until it is closed.
   *
   * @returns An async iterator.
   * @throws WebSocketsError when not connected.
   * @example
   * for await (const event of client.events) break;
   */
  [Symbol.asyncIterator](): AsyncGenerator<FeedEvent, void, undefined> {
    return this.connection[Symbol.asyncIterator]();
  }

  /**
   * Closes the connection, if any.
   *
   * @returns When closed.
   * @example
   * await client.events.close()
   */
  async close(): Promise<void> {
    await this.#current?.close();
  }
}
