/**
 * Messages of the push feed (docs/protocol.md#feed-messages), one JSON object per text frame: the
 * client's requests (`curves.subscribe`, `curves.filters`) and the server's frames (responses,
 * `curves.event`, `message`, `error`). Each message has one type here and an encode/parse pair:
 * the client encodes requests and parses frames, the server parses requests and encodes frames.
 *
 * A request the server cannot serve is answered, never dropped: a `curves.subscribe` or
 * `curves.filters` request with problems gets a response of the same type with `status: "ERROR"`
 * and the problems in `errors`, each naming the field; a frame that is not JSON, has no known
 * `type` or is not an object gets `{"type": "error", "status": "ERROR", ...}`.
 *
 * @module
 */
import type { CurveJson } from '../json/curve';
import { readFeedFilters, type FeedFilterJson } from './filter-json';

/** The two request types a client may send. */
export type FeedRequestType = 'curves.subscribe' | 'curves.filters';

/** A `curves.subscribe` request on the wire. */
export interface SubscribeRequestJson {
  type: 'curves.subscribe';
  /** A UUID; the response carries it back. */
  request_id: string;
  /** Resume after this event id (left out for live events only). */
  last_id?: string;
  filters: FeedFilterJson[];
}

/** A `curves.filters` request on the wire. */
export interface FiltersRequestJson {
  type: 'curves.filters';
  request_id: string;
}

/** Either request. */
export type FeedRequestJson = SubscribeRequestJson | FiltersRequestJson;

/** A `curves.subscribe` request as read. */
export interface SubscribeRequest {
  type: 'curves.subscribe';
  requestId: string;
  /** The id to resume after, or `null`. */
  lastId: string | null;
  /** The filters, canonical. */
  filters: FeedFilterJson[];
}

/** A `curves.filters` request as read. */
export interface FiltersRequest {
  type: 'curves.filters';
  requestId: string;
}

/** A request that cannot be served: what to answer. */
export interface BadFeedRequest {
  type: 'invalid';
  /** Type of the response: the request's own type when known, else `error`. */
  responseType: FeedRequestType | 'error';
  /** The request id as sent (echoed), or `null`. */
  requestId: unknown;
  /** One message per problem, each naming the field. */
  errors: string[];
}

/** What a client frame turned out to be. */
export type FeedRequest = SubscribeRequest | FiltersRequest | BadFeedRequest;

/** The `data` of an OK response. */
export interface FeedResponseData {
  /** The id the subscription resumed after (`curves.subscribe` only). */
  last_id?: string | null;
  /** The active filters, canonical; `null` when not subscribed. */
  filters: readonly FeedFilterJson[] | null;
}

/** The `event` member of a `curves.event` frame. */
export interface FeedEventJson {
  id: string;
  event_type: string;
  curve: CurveJson;
  begin?: string;
  end?: string;
  instance?: { issued: string; tag: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EVENT_ID = /^(\d{13})-(\d+)$/;

/**
 * Writes a request.
 *
 * @param request - The request.
 * @returns The frame text, members in the order `type`, `request_id`, `last_id`, `filters`.
 * @example
 * encodeFeedRequest({ type: 'curves.filters', request_id: id }) //=> '{"type":"curves.filters","request_id":"…"}'
 */
export function encodeFeedRequest(request: FeedRequestJson): string {
  if (request.type === 'curves.filters') return JSON.stringify({ type: request.type, request_id: request.request_id });
  const { type, request_id, last_id, filters } = request;
  return JSON.stringify(last_id === undefined ? { type, request_id, filters } : { type, request_id, last_id, filters });
}

function readLastId(value: unknown, errors: string[]): string | null {
  if (value === undefined || value === null) return null;
  const m = typeof value === 'string' ? EVENT_ID.exec(value) : null;
  if (!m) {
    errors.push(`last_id: expected an event id <13-digit epoch ms>-<sequence>, got ${JSON.stringify(value)}`);
    return null;
  }
  if (!Number.isSafeInteger(Number(m[2]))) errors.push(`last_id: Invalid event id ${JSON.stringify(value)}: sequence too large`);
  return value as string;
}

/**
 * Reads one text frame from a client.
 *
 * @param text - The frame's text.
 * @returns The request, or what to answer when it cannot be served.
 * @example
 * parseFeedRequest('{"type":"curves.filters","request_id":"0b9d5a8e-2f3c-4d1e-8a7b-6c5d4e3f2a1b"}')
 * //=> { type: 'curves.filters', requestId: '0b9d5a8e-2f3c-4d1e-8a7b-6c5d4e3f2a1b' }
 */
export function parseFeedRequest(text: string): FeedRequest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { type: 'invalid', responseType: 'error', requestId: null, errors: ['The message is not valid JSON'] };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { type: 'invalid', responseType: 'error', requestId: null, errors: ['The message must be a JSON object'] };
  }
  const obj = value as Record<string, unknown>;
  const requestId = obj.request_id ?? null;
  const type = typeof obj.type === 'string' ? obj.type.toLowerCase() : null;
  if (type !== 'curves.subscribe' && type !== 'curves.filters') {
    const what = obj.type === undefined ? 'The message has no type' : `Unknown message type ${JSON.stringify(obj.type)}`;
    return { type: 'invalid', responseType: 'error', requestId, errors: [`${what}; expected curves.subscribe or curves.filters`] };
  }
  const errors: string[] = [];
  const id = typeof requestId === 'string' && UUID.test(requestId) ? requestId : null;
  if (id === null) errors.push(`request_id: expected a UUID, got ${JSON.stringify(requestId)}`);
  if (type === 'curves.filters') {
    return id === null ? { type: 'invalid', responseType: type, requestId, errors } : { type, requestId: id };
  }
  const lastId = readLastId(obj.last_id, errors);
  const filters = readFeedFilters(obj.filters, errors);
  if (id === null || errors.length) return { type: 'invalid', responseType: type, requestId, errors };
  return { type, requestId: id, lastId, filters };
}

/**
 * The OK response to a request.
 *
 * @param type - The request's type.
 * @param requestId - The request's id.
 * @param data - The response data.
 * @returns The frame text.
 * @example
 * encodeOkResponse('curves.filters', id, { filters: null })
 * //=> '{"type":"curves.filters","request_id":"…","status":"OK","data":{"filters":null}}'
 */
export function encodeOkResponse(type: FeedRequestType, requestId: string, data: FeedResponseData): string {
  return JSON.stringify({ type, request_id: requestId, status: 'OK', data });
}

/**
 * The ERROR response to a request that cannot be served.
 *
 * @param bad - The refused request.
 * @returns The frame text.
 * @example
 * encodeErrorResponse({ type: 'invalid', responseType: 'curves.subscribe', requestId: id, errors: ['filters: too many filters (11; at most 10)'] })
 * //=> '{"type":"curves.subscribe","request_id":"…","status":"ERROR","errors":["filters: too many filters (11; at most 10)"]}'
 */
export function encodeErrorResponse(bad: BadFeedRequest): string {
  return JSON.stringify({ type: bad.responseType, request_id: bad.requestId, status: 'ERROR', errors: bad.errors });
}

/**
 * An information frame (`{"type": "message", "message": ...}`).
 *
 * @param message - The text.
 * @returns The frame text.
 * @example
 * encodeInfoMessage('hello') //=> '{"type":"message","message":"hello"}'
 */
export function encodeInfoMessage(message: string): string {
  return JSON.stringify({ type: 'message', message });
}

/**
 * A `curves.event` frame.
 *
 * @param event - The event, members in the order they are to be written.
 * @returns The frame text.
 * @example
 * encodeEventFrame({ id: '1693526400000-0', event_type: 'CURVE_UPDATE', curve }).startsWith('{"type":"curves.event","event":{"id"') //=> true
 */
export function encodeEventFrame(event: FeedEventJson): string {
  return JSON.stringify({ type: 'curves.event', event });
}

/** A response as read: OK with its data, ERROR with the server's errors, or malformed. */
export type FeedResponse =
  | { requestId: string; status: 'OK'; data: Record<string, unknown> }
  | { requestId: string; status: 'ERROR'; errors: string[] }
  | { requestId: string; status: 'MALFORMED'; problem: string };

/**
 * Reads a response object (`request_id` compared in lower case; `status` in any case). Its `data`
 * is checked to be an object; its members are read by whoever asked ({@link readFeedFilters}).
 *
 * @param msg - The response frame's object.
 * @returns The response; `MALFORMED` names the field that is wrong.
 * @example
 * readFeedResponse({ type: 'curves.filters', request_id: 'A', status: 'ok', data: { filters: null } })
 * //=> { requestId: 'a', status: 'OK', data: { filters: null } }
 */
export function readFeedResponse(msg: Record<string, unknown>): FeedResponse {
  const requestId = typeof msg.request_id === 'string' ? msg.request_id.toLowerCase() : '';
  const status = typeof msg.status === 'string' ? msg.status.toUpperCase() : '';
  if (status === 'OK') {
    if (msg.data !== null && typeof msg.data === 'object' && !Array.isArray(msg.data))
      return { requestId, status, data: msg.data as Record<string, unknown> };
    return { requestId, status: 'MALFORMED', problem: 'data: expected an object' };
  }
  if (status === 'ERROR') {
    if (Array.isArray(msg.errors)) return { requestId, status, errors: msg.errors.map(String) };
    return { requestId, status: 'MALFORMED', problem: 'errors: expected a list' };
  }
  return { requestId, status: 'MALFORMED', problem: `status: expected OK or ERROR, got ${JSON.stringify(msg.status)}` };
}

/** A server frame as read by the client. */
export type FeedFrame =
  | { type: 'curves.event'; event: unknown }
  | { type: FeedRequestType; response: FeedResponse }
  | { type: 'message'; message: string }
  | { type: 'error'; errors: string[] | '' }
  | { type: 'other'; name: string }
  | { type: 'invalid'; problem: string };

/**
 * Reads one text frame from the server. The `event` of a `curves.event` frame is left to the
 * event reader (it needs the model).
 *
 * @param text - The frame's text.
 * @returns The frame; `invalid` for text that is not JSON, `other` for a value that is not an
 *   object or a type this protocol does not know (the client ignores those).
 * @example
 * parseFeedFrame('{"type":"message","message":"hello"}') //=> { type: 'message', message: 'hello' }
 */
export function parseFeedFrame(text: string): FeedFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { type: 'invalid', problem: 'not JSON' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { type: 'other', name: '' };
  const msg = value as Record<string, unknown>;
  const type = typeof msg.type === 'string' ? msg.type.toLowerCase() : '';
  switch (type) {
    case 'curves.event':
      return { type, event: msg.event };
    case 'curves.subscribe':
    case 'curves.filters':
      return { type, response: readFeedResponse(msg) };
    case 'message':
      return { type, message: String(msg.message ?? '') };
    case 'error':
      return { type, errors: Array.isArray(msg.errors) ? msg.errors.map(String) : '' };
    default:
      return { type: 'other', name: type };
  }
}
