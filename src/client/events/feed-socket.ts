/**
 * The WebSocket under the push-feed client: opening it with the key in the handshake (failures
 * become `WebSocketsError` with the HTTP status or OS error), and keeping it alive with
 * protocol-level pings (a connection that does not answer a ping in time is cut, which starts
 * the reconnect).
 *
 * @module
 */
import WebSocket from 'ws';
import { WebSocketsError } from '../../exceptions';
import { inNode } from '../node-only';
import { openBrowserSocket } from './browser-socket';
import { statusName } from './status-names';

/** `readyState` of an open socket (the same number in `ws` and in browsers). */
export const SOCKET_OPEN = 1;
/** `readyState` of a closed socket. */
export const SOCKET_CLOSED = 3;

/**
 * What a feed connection needs of its WebSocket: Node's (`ws`, with pings and flow control) or a
 * browser's (docs/client.md#browser-use: the browser answers the service's pings itself, and has
 * neither pings of its own nor pausing).
 */
export interface FeedWebSocket {
  /** {@link SOCKET_OPEN}, {@link SOCKET_CLOSED}, or connecting/closing. */
  readonly readyState: number;
  /** Sends one text frame. */
  send(text: string): void;
  /** Closes with a code and reason. */
  close(code: number, reason?: string): void;
  /** Cuts the connection at once. */
  terminate(): void;
  /** Stops reading frames (Node only; a no-op in a browser). */
  pause(): void;
  /** Reads frames again. */
  resume(): void;
  /** Calls `listener` with every text frame. */
  onMessage(listener: (text: string) => void): void;
  /** Calls `listener` once the socket has closed. */
  onClose(listener: (code: number, reason: string) => void): void;
  /** Calls `listener` with each error's message. */
  onError(listener: (message: string) => void): void;
  /** Pings every `pingMs` and cuts the socket when no pong comes within `pongMs`; returns the stopper. */
  keepAlive(pingMs: number, pongMs: number): () => void;
}

/** A `ws` socket as a {@link FeedWebSocket}. */
class NodeFeedSocket implements FeedWebSocket {
  constructor(private readonly ws: WebSocket) {}

  get readyState(): number {
    return this.ws.readyState;
  }

  send(text: string): void {
    this.ws.send(text);
  }

  close(code: number, reason?: string): void {
    this.ws.close(code, reason);
  }

  terminate(): void {
    this.ws.terminate();
  }

  pause(): void {
    this.ws.pause();
  }

  resume(): void {
    this.ws.resume();
  }

  onMessage(listener: (text: string) => void): void {
    this.ws.on('message', (data, isBinary) => {
      if (!isBinary) listener(data.toString());
    });
  }

  onClose(listener: (code: number, reason: string) => void): void {
    this.ws.once('close', (code, reason) => listener(code, reason.toString()));
  }

  onError(listener: (message: string) => void): void {
    this.ws.on('error', (err) => listener(err.message));
  }

  keepAlive(pingMs: number, pongMs: number): () => void {
    return keepAlive(this.ws, pingMs, pongMs);
  }
}

/**
 * Opens the feed's WebSocket: with `ws` under Node, with the browser's own WebSocket elsewhere
 * (the key then travels as a subprotocol, docs/protocol.md#feed-connection).
 *
 * @param target - URL, headers (the key), TLS check.
 * @param timeoutMs - Handshake time-out.
 * @returns The open socket.
 * @throws WebSocketsError `Failed to connect`, as {@link openSocket}; in a browser without the
 *   HTTP status, which browsers do not reveal.
 * @example
 * const ws = await openFeedSocket(client.events.target(), 15_000);
 */
export async function openFeedSocket(target: FeedTarget, timeoutMs: number): Promise<FeedWebSocket> {
  return inNode() ? new NodeFeedSocket(await openSocket(target, timeoutMs)) : openBrowserSocket(target, timeoutMs);
}

/** Where and how to connect. */
export interface FeedTarget {
  /** `ws://…/events/` or `wss://…/events/`. */
  url: string;
  /** Handshake headers (the key, `User-Agent`). */
  headers: Readonly<Record<string, string>>;
  /** Verify the server's TLS certificate. */
  sslVerify: boolean;
}

/**
 * The push feed's URL for an API root: the first `http` becomes `ws`, then `/events/`.
 *
 * @param apiUrl - The API root, e.g. `http://127.0.0.1:7070/api`.
 * @returns The WebSocket URL.
 * @example
 * eventsUrl('https://example.org/api') //=> 'wss://example.org/api/events/'
 */
export function eventsUrl(apiUrl: string): string {
  return `${apiUrl.replace(/^http/i, 'ws').replace(/\/+$/, '')}/events/`;
}

function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed?.message === 'string') return parsed.message;
  } catch {
    // not JSON: the text itself
  }
  return body.slice(0, 200);
}

/**
 * Opens the WebSocket.
 *
 * @param target - URL, headers, TLS check.
 * @param timeoutMs - Handshake time-out.
 * @returns The open socket.
 * @throws WebSocketsError `Failed to connect` with the HTTP status and its name and the server's
 *   message (e.g. 401 `UNAUTHORIZED` "Invalid API key"), the OS error (`ECONNREFUSED`), or
 *   status `TIMEOUT`.
 * @example
 * const ws = await openSocket({ url: 'ws://127.0.0.1:7070/api/events/', headers: { 'X-API-KEY': key }, sslVerify: true }, 15_000);
 */
export function openSocket(target: FeedTarget, timeoutMs: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err: WebSocketsError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      ws.removeAllListeners();
      ws.on('error', () => undefined);
      ws.terminate();
      reject(err);
    };
    const ws = new WebSocket(target.url, {
      headers: { ...target.headers },
      rejectUnauthorized: target.sslVerify,
      handshakeTimeout: timeoutMs,
      maxPayload: 256 * 1024 * 1024,
    });
    const timer = setTimeout(
      () => fail(new WebSocketsError('Failed to connect', '', 'TIMEOUT', `no answer within ${timeoutMs / 1000} s`)),
      timeoutMs + 100,
    );
    ws.once('open', () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      ws.removeAllListeners('error');
      ws.removeAllListeners('unexpected-response');
      resolve(ws);
    });
    ws.once('unexpected-response', (request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (body.length < 10_000) body += chunk;
      });
      const done = () => {
        const code = response.statusCode ?? null;
        fail(new WebSocketsError('Failed to connect', code ?? '', statusName(code), messageOf(body)));
        request.destroy();
      };
      response.on('end', done);
      response.on('error', done);
    });
    ws.once('error', (err: NodeJS.ErrnoException) => {
      const timedOut = /timed out/i.test(err.message);
      fail(
        new WebSocketsError(
          'Failed to connect',
          timedOut ? '' : (err.errno ?? ''),
          timedOut ? 'TIMEOUT' : (err.code ?? 'CONNECTION_ERROR'),
          err.message,
        ),
      );
    });
  });
}

/**
 * Pings a socket every `pingMs`; when no pong comes within `pongMs`, the socket is cut
 * (`terminate`), which reports a close with code 1006. No pings go out while the socket is paused
 * (its reader is full), since the pong could not be read.
 *
 * @param ws - The open socket.
 * @param pingMs - Milliseconds between pings.
 * @param pongMs - Milliseconds to wait for the pong.
 * @returns A function that stops the pings.
 * @example
 * const stop = keepAlive(ws, 15_000, 10_000);
 */
export function keepAlive(ws: WebSocket, pingMs: number, pongMs: number): () => void {
  let pongTimer: NodeJS.Timeout | null = null;
  const onPong = () => {
    if (pongTimer) clearTimeout(pongTimer);
    pongTimer = null;
  };
  ws.on('pong', onPong);
  const timer = setInterval(() => {
    if (ws.readyState !== WebSocket.OPEN || pongTimer || ws.isPaused) return;
    pongTimer = setTimeout(() => ws.terminate(), pongMs);
    try {
      ws.ping();
    } catch {
      ws.terminate();
    }
  }, pingMs);
  return () => {
    clearInterval(timer);
    if (pongTimer) clearTimeout(pongTimer);
    ws.off('pong', onPong);
  };
}
