/**
 * Messages of the push feed (docs/protocol.md#feed-messages): reading the client's requests and
 * writing the server's frames. Every frame is one JSON object in a text frame.
 *
 * A request the server cannot serve is answered, never dropped: a `curves.subscribe` or
 * `curves.filters` request with problems gets a response of the same type with `status: "ERROR"`
 * and the problems in `errors` (what the reference client understands); a frame that is not JSON,
 * has no known `type` or is not an object gets `{"type": "error", "status": "ERROR", ...}`.
 *
 * @module
 */
import { parseEventId } from '../store';
import { parseFeedFilters, type FeedFilter, type FilterJson } from './feed-filter';

/** The two request types a client may send. */
export type RequestType = 'curves.subscribe' | 'curves.filters';

/** A valid `curves.subscribe` request. */
export interface SubscribeRequest {
  type: 'curves.subscribe';
  requestId: string;
  /** The id to resume after, or `null`. */
  lastId: string | null;
  filters: FeedFilter[];
}

/** A valid `curves.filters` request. */
interface FiltersRequest {
  type: 'curves.filters';
  requestId: string;
}

/** A request that cannot be served: what to answer. */
export interface BadRequest {
  type: 'invalid';
  /** Type of the response: the request's own type when known, else `error`. */
  responseType: RequestType | 'error';
  /** The request id as sent (echoed), or `null`. */
  requestId: unknown;
  errors: string[];
}

/** What a client frame turned out to be. */
export type ClientRequest = SubscribeRequest | FiltersRequest | BadRequest;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EVENT_ID = /^\d{13}-\d+$/;

function readLastId(value: unknown, errors: string[]): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !EVENT_ID.test(value)) {
    errors.push(`last_id: expected an event id <13-digit epoch ms>-<sequence>, got ${JSON.stringify(value)}`);
    return null;
  }
  try {
    parseEventId(value);
  } catch (err) {
    errors.push(`last_id: ${(err as Error).message}`);
  }
  return value;
}

/**
 * Reads one text frame from a client.
 *
 * @param text - The frame's text.
 * @returns The request, or what to answer when it cannot be served.
 * @example
 * parseClientMessage('{"type":"curves.filters","request_id":"0b9d5a8e-2f3c-4d1e-8a7b-6c5d4e3f2a1b"}')
 * //=> { type: 'curves.filters', requestId: '0b9d5a8e-2f3c-4d1e-8a7b-6c5d4e3f2a1b' }
 */
export function parseClientMessage(text: string): ClientRequest {
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
  if (typeof requestId !== 'string' || !UUID.test(requestId)) errors.push(`request_id: expected a UUID, got ${JSON.stringify(requestId)}`);
  if (type === 'curves.filters') {
    return errors.length ? { type: 'invalid', responseType: type, requestId, errors } : { type, requestId: requestId as string };
  }
  const lastId = readLastId(obj.last_id, errors);
  const filters = parseFeedFilters(obj.filters, errors);
  if (errors.length) return { type: 'invalid', responseType: type, requestId, errors };
  return { type, requestId: requestId as string, lastId, filters };
}

/**
 * The OK response to a request.
 *
 * @param type - The request's type.
 * @param requestId - The request's id.
 * @param data - The response data.
 * @returns The frame text.
 * @example
 * okResponse('curves.filters', id, { filters: null })
 * //=> '{"type":"curves.filters","request_id":"…","status":"OK","data":{"filters":null}}'
 */
export function okResponse(
  type: RequestType,
  requestId: string,
  data: { last_id?: string | null; filters: readonly FilterJson[] | null },
): string {
  return JSON.stringify({ type, request_id: requestId, status: 'OK', data });
}

/**
 * The ERROR response to a request that cannot be served.
 *
 * @param bad - The refused request.
 * @returns The frame text.
 * @example
 * errorResponse({ type: 'invalid', responseType: 'curves.subscribe', requestId: id, errors: ['filters: too many filters (11; at most 10)'] })
 * //=> '{"type":"curves.subscribe","request_id":"…","status":"ERROR","errors":["filters: too many filters (11; at most 10)"]}'
 */
export function errorResponse(bad: BadRequest): string {
  return JSON.stringify({ type: bad.responseType, request_id: bad.requestId, status: 'ERROR', errors: bad.errors });
}

/**
 * An information frame (`{"type": "message", "message": ...}`).
 *
 * @param message - The text.
 * @returns The frame text.
 * @example
 * infoMessage('hello') //=> '{"type":"message","message":"hello"}'
 */
export function infoMessage(message: string): string {
  return JSON.stringify({ type: 'message', message });
}
