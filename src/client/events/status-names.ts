/**
 * Names of WebSocket close codes and HTTP statuses, as the reference client reports them in
 * connection events and `WebSocketsError` (docs/protocol.md#feed-reconnect).
 *
 * @module
 */
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

/** HTTP error statuses by name, as Node's `STATUS_CODES` spells them in upper snake case (the reference's 508 typo kept). */
const HTTP_NAMES: Readonly<Record<number, string>> = Object.freeze({
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  407: 'PROXY_AUTHENTICATION_REQUIRED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  410: 'GONE',
  411: 'LENGTH_REQUIRED',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  417: 'EXPECTATION_FAILED',
  418: 'I_M_A_TEAPOT',
  421: 'MISDIRECTED_REQUEST',
  422: 'UNPROCESSABLE_ENTITY',
  423: 'LOCKED',
  424: 'FAILED_DEPENDENCY',
  425: 'TOO_EARLY',
  426: 'UPGRADE_REQUIRED',
  428: 'PRECONDITION_REQUIRED',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  451: 'UNAVAILABLE_FOR_LEGAL_REASONS',
  500: 'INTERNAL_SERVER_ERROR',
  501: 'NOT_IMPLEMENTED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
  505: 'HTTP_VERSION_NOT_SUPPORTED',
  506: 'VARIANT_ALSO_NEGOTIATES',
  507: 'INSUFFICIENT_STORAGE',
  508: 'LOPP_DETECTED',
  509: 'BANDWIDTH_LIMIT_EXCEEDED',
  510: 'NOT_EXTENDED',
  511: 'NETWORK_AUTHENTICATION_REQUIRED',
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
  return HTTP_NAMES[code] ?? 'CONNECTION_ERROR';
}
