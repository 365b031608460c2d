/**
 * Names of WebSocket close codes and HTTP statuses, as the reference client reports them in
 * connection events and `WebSocketsError` (docs/protocol.md#feed-reconnect).
 *
 * @module
 */
import { STATUS_CODES } from 'node:http';

const CLOSE_NAMES: Readonly<Record<number, string>> = Object.freeze({
  1000: 'CLOSE_NORMAL',
  1001: 'CLOSE_GOING_AWAY',
  1002: 'CLOSE_PROTOCOL_ERROR',
  1003: 'CLOSE_UNSUPPORTED',
  1005: 'CLOSED_NO_STATUS',
  1006: 'CLOSE_ABNORMAL',
  1007: 'UNSUPPORTED_PAYLOAD',
  1008: 'POLICY_VIOLATION',
  1009: 'CLOSE_TOO_LARGE',
  1010: 'MANDATORY_EXTENSION',
  1011: 'SERVER_ERROR',
  1012: 'SERVICE_RESTART',
  1013: 'TRY_AGAIN_LATER',
  1014: 'BAD_GATEWAY',
  1015: 'TLS_HANDSHAKE_FAIL',
});

/**
 * The name of a close code (1000-1015) or an HTTP error status (400-511, upper snake case, 508
 * spelled `LOPP_DETECTED` as the reference does); anything else is `CONNECTION_ERROR`.
 *
 * @param code - Close code or HTTP status.
 * @returns The name.
 * @example
 * statusName(1006) //=> 'CLOSE_ABNORMAL'
 * statusName(401) //=> 'UNAUTHORIZED'
 */
export function statusName(code: number | null | undefined): string {
  if (code === null || code === undefined) return 'CONNECTION_ERROR';
  const close = CLOSE_NAMES[code];
  if (close) return close;
  if (code === 508) return 'LOPP_DETECTED';
  if (code >= 400 && code <= 511) {
    const text = STATUS_CODES[code];
    if (text)
      return text
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, '_')
        .replace(/^_|_$/g, '');
  }
  return 'CONNECTION_ERROR';
}
