/**
 * The push feed over a browser's own WebSocket (docs/client.md#browser-use): the key, which a browser
 * cannot send as a header, travels as a subprotocol (docs/protocol.md#feed-connection); the
 * service's pings are answered by the browser, which has no pings of its own to send, so
 * `keepAlive` relies on them; a failed handshake shows no HTTP status in a browser, so it is a
 * `Failed to connect` with status `CONNECTION_ERROR`.
 *
 * @module
 */
import { WebSocketsError } from '../../exceptions';
import { feedProtocols } from '../../wire/feed';
import type { FeedTarget, FeedWebSocket } from './feed-socket';
import { statusName } from './status-names';

/** The part of a browser's WebSocket the feed uses. */
interface BrowserWebSocket {
  readonly readyState: number;
  readonly protocol: string;
  send(text: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void;
}

type BrowserWebSocketClass = new (url: string, protocols: string[]) => BrowserWebSocket;

/** A browser's WebSocket as a {@link FeedWebSocket}. */
class BrowserFeedSocket implements FeedWebSocket {
  constructor(private readonly ws: BrowserWebSocket) {}

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
    // a browser cannot drop a connection without the closing handshake: close it abnormally-short
    this.ws.close(4000, 'terminated');
  }

  pause(): void {
    // browsers deliver every frame: nothing to pause
  }

  resume(): void {
    // see pause
  }

  onMessage(listener: (text: string) => void): void {
    this.ws.addEventListener('message', (event) => {
      if (typeof event.data === 'string') listener(event.data);
    });
  }

  onClose(listener: (code: number, reason: string) => void): void {
    this.ws.addEventListener('close', (event) => listener(event.code, event.reason));
  }

  onError(listener: (message: string) => void): void {
    this.ws.addEventListener('error', () => listener('WebSocket error'));
  }

  keepAlive(): () => void {
    return () => undefined;
  }
}

/**
 * Opens the feed's WebSocket in a browser, the key offered as a subprotocol.
 *
 * @param target - URL and headers (the key is read from `X-API-Key`).
 * @param timeoutMs - Handshake time-out.
 * @returns The open socket.
 * @throws WebSocketsError `Failed to connect` (status `CONNECTION_ERROR`, or `TIMEOUT`), also when
 *   the page has no WebSocket.
 * @example
 * const ws = await openBrowserSocket({ url: 'ws://127.0.0.1:7070/api/events/', headers: { 'X-API-KEY': key }, sslVerify: true }, 15_000);
 */
export function openBrowserSocket(target: FeedTarget, timeoutMs: number): Promise<FeedWebSocket> {
  const Socket = (globalThis as { WebSocket?: BrowserWebSocketClass }).WebSocket;
  if (Socket === undefined) return Promise.reject(new WebSocketsError('Failed to connect', '', 'CONNECTION_ERROR', 'no WebSocket here'));
  const key = Object.entries(target.headers).find(([name]) => name.toLowerCase() === 'x-api-key')?.[1] ?? '';
  return new Promise((resolve, reject) => {
    let settled = false;
    const ws = new Socket(target.url, feedProtocols(key));
    const fail = (err: WebSocketsError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (ws.readyState < 2) ws.close();
      reject(err);
    };
    const timer = setTimeout(
      () => fail(new WebSocketsError('Failed to connect', '', 'TIMEOUT', `no answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    ws.addEventListener('open', () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(new BrowserFeedSocket(ws));
    });
    ws.addEventListener('close', (event) =>
      fail(
        new WebSocketsError(
          'Failed to connect',
          event.code,
          statusName(event.code === 1006 ? null : event.code),
          event.reason || 'the handshake failed (a wrong key, or the service is not reachable)',
        ),
      ),
    );
  });
}
