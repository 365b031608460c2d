/**
 * One push-feed connection (docs/protocol.md#feed-resume): answers `curves.subscribe` and `curves.filters`,
 * replays the logged events after `last_id`, then forwards live events that match the
 * subscription and that the user may read.
 *
 * Exactly once, in order: while the log is replayed, live events are held back; afterwards the
 * held events follow. Every event is sent only when its id is greater than the last one handled,
 * so an event seen both in the replay and live goes out once, and ids always increase.
 *
 * @module
 */
import WebSocket from 'ws';
import { canRead } from '../auth';
import { compareEventIds, parseEventId, type EventIdParts, type EventsAfter, type Store, type UserRecord } from '../store';
import { encodeErrorResponse, encodeInfoMessage, encodeOkResponse, parseFeedRequest, type SubscribeRequest } from '#wire';
import { FeedFilter, matchesAny } from './feed-filter';
import { resolveEvents, type OutgoingEvent } from './outgoing-event';

/** What a connection needs from the feed. */
export interface FeedConnectionOptions {
  /** The store (event log). */
  store: Store;
  /** The authenticated user. */
  user: UserRecord;
  /** Events read from the log per query while replaying. */
  replayPageSize: number;
  /** A client whose unsent data exceeds this many bytes is closed (code 1013) as too slow. */
  maxBufferedBytes: number;
}

/**
 * The server side of one WebSocket of the push feed.
 *
 * @example
 * wss.on('connection', (ws) => feed.add(new FeedConnection(ws, { store, user, replayPageSize: 1000, maxBufferedBytes: 1 << 24 })));
 */
export class FeedConnection {
  /** Set by pongs; the feed's heartbeat closes connections that stay silent. */
  alive = true;
  private filters: readonly FeedFilter[] | null = null;
  private generation = 0;
  private lastHandled: EventIdParts | null = null;
  private held: OutgoingEvent[] | null = null;
  private closed = false;

  constructor(
    readonly socket: WebSocket,
    private readonly options: FeedConnectionOptions,
  ) {
    socket.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('close', () => {
      this.closed = true;
      this.held = null;
    });
  }

  /** The connection's user. */
  get user(): UserRecord {
    return this.options.user;
  }

  private send(text: string): void {
    if (this.closed || this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > this.options.maxBufferedBytes) {
      this.closed = true;
      this.socket.close(1013, 'Client too slow: reconnect with last_id to resume');
      return;
    }
    this.socket.send(text);
  }

  private onFrame(data: WebSocket.RawData, isBinary: boolean): void {
    if (isBinary) {
      this.send(
        encodeErrorResponse({
          type: 'invalid',
          responseType: 'error',
          requestId: null,
          errors: ['Binary frames are not supported: send JSON in text frames'],
        }),
      );
      return;
    }
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Buffer.from(data).toString('utf8');
    const request = parseFeedRequest(text);
    switch (request.type) {
      case 'invalid':
        this.send(encodeErrorResponse(request));
        return;
      case 'curves.filters':
        this.send(encodeOkResponse('curves.filters', request.requestId, { filters: this.filters?.map((f) => f.json) ?? null }));
        return;
      case 'curves.subscribe':
        void this.subscribe(request);
        return;
    }
  }

  private async subscribe(request: SubscribeRequest): Promise<void> {
    const generation = ++this.generation;
    if (request.lastId !== null && !(await this.acceptLastId(request, generation))) return;
    this.filters = request.filters.map((json) => new FeedFilter(json));
    this.lastHandled = request.lastId === null ? null : parseEventId(request.lastId);
    this.held = request.lastId === null ? null : [];
    this.send(encodeOkResponse('curves.subscribe', request.requestId, { last_id: request.lastId, filters: request.filters }));
    if (request.lastId === null) return;
    const stale = () => generation !== this.generation || this.closed;
    try {
      let after = request.lastId;
      for (let first = true; ; first = false) {
        const { events, lost } = await this.options.store.eventsAfter(after, this.options.replayPageSize);
        if (stale()) return;
        if (first && lost) {
          this.send(
            encodeInfoMessage(
              `Events were lost: last_id ${request.lastId} is older than the oldest event the service keeps; replaying every event still in the log`,
            ),
          );
        }
        const out = await resolveEvents(this.options.store, events);
        if (stale()) return;
        for (const event of out) this.handle(event);
        if (events.length < this.options.replayPageSize) break;
        await this.drained(stale);
        after = events[events.length - 1]!.id;
      }
    } catch {
      if (stale()) return;
      this.send(encodeInfoMessage('Replaying events failed; reconnect with last_id to resume'));
      this.closed = true;
      this.socket.close(1011, 'Replay failed');
      return;
    }
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) this.handle(event);
  }

  /**
   * Refuses a `last_id` newer than every event written (the service never sent it, so nothing
   * would ever follow it): an ERROR answer naming the newest id, the subscription unchanged.
   */
  private async acceptLastId(request: SubscribeRequest, generation: number): Promise<boolean> {
    let check: EventsAfter;
    try {
      check = await this.options.store.eventsAfter(request.lastId, 0);
    } catch {
      return true; // the replay reports store failures
    }
    if (generation !== this.generation || this.closed) return false;
    if (!check.ahead) return true;
    const newest = check.newest ? `the newest event is ${check.newest}` : 'no event has been written yet';
    this.send(
      encodeErrorResponse({
        type: 'invalid',
        responseType: 'curves.subscribe',
        requestId: request.requestId,
        errors: [
          `last_id: ${request.lastId} is newer than any event of the service (${newest}); resume with an id the service sent, or subscribe without last_id`,
        ],
      }),
    );
    return false;
  }

  /** Waits (while replaying) until the client has read most of what was sent. */
  private async drained(stale: () => boolean): Promise<void> {
    const low = this.options.maxBufferedBytes / 4;
    for (let waited = 0; this.socket.bufferedAmount > low && !stale() && waited < 60_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /**
   * Takes live events (oldest first); held back while a replay runs.
   *
   * @param events - Events of one committed import.
   * @returns Nothing.
   * @example
   * connection.onLive(await resolveEvents(store, result.events))
   */
  onLive(events: readonly OutgoingEvent[]): void {
    if (this.filters === null || this.closed) return;
    if (this.held !== null) {
      for (const event of events) this.held.push(event);
      return;
    }
    for (const event of events) this.handle(event);
  }

  private handle(out: OutgoingEvent): void {
    const id = out.idParts;
    if (this.lastHandled !== null && compareEventIds(id, this.lastHandled) <= 0) return;
    this.lastHandled = id;
    const filters = this.filters;
    if (filters === null || !canRead(this.options.user, out.curve) || !matchesAny(filters, out.event, out.curve)) return;
    this.send(out.textFor(this.options.user));
  }
}
