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
import { statusName } from './status-names';

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
