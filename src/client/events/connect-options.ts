/**
 * Options of the push-feed client: `events.connect()` and `subscribe`.
 *
 * @module
 */
import type { ConnectionEvent, CurveEvent } from './feed-events';

/**
 * Options of `events.connect()`.
 *
 * @example
 * const options: EventsConnectOptions = { lastIdFile: './last-id.json', reconnectAttempts: 10 };
 * options.reconnectAttempts //=> 10
 */
export interface EventsConnectOptions {
  /** File remembering the last event id (`{"last_id": "..."}`), created when missing. */
  lastIdFile?: string;
  /** Seconds to wait for the handshake and for each response (default 15). */
  timeout?: number;
  /** Reconnect attempts after a drop, reset after each successful reconnect (default 5). */
  reconnectAttempts?: number;
  /** Seconds before reconnect attempt n (default `min(30, 2^(n-1))` plus up to 1 s of jitter). */
  reconnectDelay?: number | ((attempt: number) => number);
  /** Seconds between keep-alive pings (default 15). */
  pingInterval?: number;
  /** Seconds to wait for a pong before the connection counts as dead (default 10). */
  pongTimeout?: number;
  /** Receives every curve event (then the iterator gets none). */
  onEvent?: (event: CurveEvent) => void;
  /** Receives connection events (then the iterator gets none). */
  onConnectionEvent?: (event: ConnectionEvent) => void;
  /** Receives the server's information messages (e.g. that events were lost). */
  onMessage?: (message: string) => void;
  /** Receives errors that happen outside a call (bad frames, a failed resubscribe). */
  onError?: (error: Error) => void;
}

/**
 * Options of `subscribe`.
 *
 * @example
 * const options: SubscribeOptions = { lastId: null };
 * options.lastId //=> null
 */
export interface SubscribeOptions {
  /** `'keep'` (default): resume after the remembered id; an id: resume after it; `null`: live only. */
  lastId?: string | null;
}
