/**
 * The error classes of the service (docs/protocol.md#errors), exported as `service/exceptions`, and
 * the client's mapping of an HTTP error answer to one of them ({@link errorFromResponse}); the
 * service's mapping back to statuses and bodies is `server/src/http/errors.ts` (the server package).
 *
 * Every class derives from one root, {@link ServiceError}; every API-call error derives from
 * {@link APIError}. Each class builds its own message and keeps its named fields.
 *
 * @module
 */

/**
 * JSON body of an error response: `{"message": ..., "parameter"?: ...}` (docs/protocol.md#status-codes).
 */
export interface ErrorBody {
  /** Human-readable reason. */
  message: string;
  /** Name of the offending request parameter (400 only). */
  parameter?: string;
}

/**
 * Response headers as a plain object; names are matched case-insensitively.
 */
export type ResponseHeaders = Readonly<Record<string, string | number | readonly string[] | undefined>>;

/** The hook a new error calls, set on the prototype by the layer that knows notebooks. */
const CREATED = Symbol.for('service.error.created');

/**
 * Root of every error thrown by this package.
 *
 * @param message - The error text.
 * @param options - `cause`: the underlying error, if any.
 * @example
 * new NotFoundError('Curve not found') instanceof ServiceError //=> true
 */
export class ServiceError extends Error {
  constructor(message?: string, options?: { cause?: unknown }) {
    super(message ?? '', options);
    this.name = new.target.name;
    // where a notebook kernel shows `stack` as it is, the model layer shortens it (model/error-display.ts)
    (this as { [CREATED]?: () => void })[CREATED]?.();
  }
}

/**
 * Base of all errors that may happen during an API call.
 *
 * @param message - The error text.
 * @param options - `cause`: the underlying error, if any.
 * @example
 * new ForbiddenError('No access') instanceof APIError //=> true
 */
export class APIError extends ServiceError {}

/**
 * HTTP-level failure: a wrapped transport error (refused connection, time-out, TLS, proxy) or an
 * unexpected HTTP status.
 *
 * @param message - The error text.
 * @param options - `cause`: the transport error; `status`: the HTTP status when there was a
 *   response; `code`: the transport error code (`ECONNREFUSED`, `ETIMEDOUT`, ...).
 * @example
 * new HTTPError('Request timed out after 20 s', { code: 'ETIMEDOUT' }).code //=> 'ETIMEDOUT'
 */
export class HTTPError extends APIError {
  /** HTTP status of the response, when one was received. */
  readonly status: number | undefined;
  /** Transport error code, when the request failed below HTTP. */
  readonly code: string | undefined;

  constructor(message?: string, options: { cause?: unknown; status?: number; code?: string } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
  }
}

/**
 * Invalid parameter or invalid combination of parameters (HTTP 400).
 *
 * @param reason - What is wrong.
 * @param parameter - The parameter's wire name, when one parameter is to blame.
 * @example
 * new ValidationError('begin must be before end', 'begin').message
 * //=> 'Field="begin", message: begin must be before end'
 */
export class ValidationError extends APIError {
  /** What is wrong. */
  readonly reason: string;
  /** Name of the offending parameter, if any: its wire name (`hour-filter`, `timezone`). */
  readonly parameter: string | undefined;
  /** The option as the caller wrote it (`hourFilter`, `timeZone`) when the client checked it; else the wire name. */
  readonly option: string | undefined;

  constructor(reason?: string, parameter?: string, option?: string) {
    const text = reason ?? '';
    const named = option && option !== parameter ? ` (option ${option})` : '';
    super(parameter ? `Field="${parameter}"${named}, message: ${text}` : text);
    this.reason = text;
    this.parameter = parameter || undefined;
    this.option = option || parameter || undefined;
  }
}

/**
 * The resource was not found on the server (HTTP 404).
 *
 * @param reason - What was not found.
 */
export class NotFoundError extends APIError {
  /** What was not found. */
  readonly reason: string;

  constructor(reason?: string) {
    super(reason ?? '');
    this.reason = reason ?? '';
  }
}

/**
 * Authentication failed: missing or invalid API key, or a blocked user (HTTP 401).
 *
 * @param reason - Why authentication failed.
 */
export class UnauthorizedError extends APIError {
  /** Why authentication failed. */
  readonly reason: string;

  constructor(reason?: string) {
    super(reason ?? '');
    this.reason = reason ?? '';
  }
}

/**
 * The resource is not accessible for the user (HTTP 403).
 *
 * @param reason - Which resource is refused.
 */
export class ForbiddenError extends APIError {
  /** Which resource is refused. */
  readonly reason: string;

  constructor(reason?: string) {
    super(reason ?? '');
    this.reason = reason ?? '';
  }
}

/**
 * Too many requests for the key (HTTP 429); the client waits `retryAfter` seconds and retries.
 *
 * @param reason - The server's message.
 * @param retryAfter - Seconds to wait before the next attempt (from `Retry-After`), if given.
 * @example
 * new TooManyRequestsError('Rate limit exceeded', 2).retryAfter //=> 2
 */
export class TooManyRequestsError extends APIError {
  /** The server's message. */
  readonly reason: string;
  /** Seconds to wait before retrying, when the server said so. */
  readonly retryAfter: number | undefined;

  constructor(reason?: string, retryAfter?: number) {
    super(reason ?? '');
    this.reason = reason ?? '';
    this.retryAfter = retryAfter;
  }
}

/**
 * Default text of {@link InternalServerError}.
 *
 * @example
 * new InternalServerError().message === INTERNAL_SERVER_ERROR_MESSAGE //=> true
 */
export const INTERNAL_SERVER_ERROR_MESSAGE = 'The server failed to process the request. If the problem persists, please contact support.';

/**
 * The server failed to process the request (HTTP 5xx, after retries).
 *
 * @param message - The error text; defaults to {@link INTERNAL_SERVER_ERROR_MESSAGE}.
 * @example
 * new InternalServerError().message.startsWith('The server failed') //=> true
 */
export class InternalServerError extends APIError {
  constructor(message?: string) {
    super(message || INTERNAL_SERVER_ERROR_MESSAGE);
  }
}

/**
 * Client initialisation failed, e.g. wrong API key arguments.
 *
 * @param reason - What is wrong with the arguments.
 */
export class InitializationError extends ServiceError {
  /** What is wrong with the arguments. */
  readonly reason: string;

  constructor(reason?: string) {
    super(reason ?? '');
    this.reason = reason ?? '';
  }
}

/**
 * No next or previous page, or page loading not supported.
 *
 * @param reason - Why the page cannot be loaded.
 */
export class PageError extends ServiceError {
  /** Why the page cannot be loaded. */
  readonly reason: string;

  constructor(reason?: string) {
    super(reason ?? '');
    this.reason = reason ?? '';
  }
}

/**
 * An API response (or other input) could not be parsed.
 *
 * @param message - What could not be parsed.
 * @param options - `cause`: the underlying error, if any.
 */
export class ParseException extends ServiceError {}

/**
 * Push-feed (WebSocket) error. Its text is the four fields joined by single spaces.
 *
 * @param message - What failed.
 * @param statusCode - Status code reported by the server (default `''`).
 * @param status - Status reported by the server (default `''`).
 * @param description - Details; a list of server error strings for rejected requests (default `''`).
 * @example
 * new WebSocketsError('Subscribe rejected by server', '', 'ERROR', ['bad filter']).message
 * //=> 'Subscribe rejected by server  ERROR bad filter'
 */
export class WebSocketsError extends ServiceError {
  /** Status code reported by the server, or `''`. */
  readonly statusCode: string | number;
  /** Status reported by the server, or `''`. */
  readonly status: string;
  /** Details, or `''`. */
  readonly description: string | readonly string[];

  constructor(
    message: string,
    statusCode?: string | number | null,
    status?: string | null,
    description?: string | readonly string[] | null,
  ) {
    const code = statusCode ?? '';
    const st = status ?? '';
    const desc = description ?? '';
    super(`${message} ${code} ${st} ${typeof desc === 'string' ? desc : desc.join('; ')}`);
    this.statusCode = code;
    this.status = st;
    this.description = typeof desc === 'string' ? desc : Object.freeze([...desc]);
  }
}

/**
 * An argument has the right type but an invalid value (the spec's `ValueError`, e.g. from
 * `OHLC.getField` with an unknown field).
 *
 * @param message - What is wrong.
 */
export class ValueError extends ServiceError {
  constructor(message?: string) {
    super(message);
  }
}

/**
 * An optional dependency is missing (the spec's `ImportError`, e.g. danfojs for `toDataFrame`).
 *
 * @param message - What to install.
 */
export class ImportError extends ServiceError {
  constructor(message?: string) {
    super(message);
  }
}

/**
 * One failed member of a many-curve call (`loadMany`): the curve's name and its error.
 *
 * @example
 * const f: LoadFailure = { curve: 'X', index: 3, error: new NotFoundError("Curve 'X' not found") };
 */
export interface LoadFailure {
  /** The curve name as given. */
  readonly curve: string;
  /** Its position in the input. */
  readonly index: number;
  /** Why it failed. */
  readonly error: Error;
}

function failureText(f: LoadFailure): string {
  return `'${f.curve}' (${f.error.name}: ${f.error.message})`;
}

/**
 * Some curves of a many-curve call (`loadMany`) failed, like `AggregateError`: the message names
 * every failed curve; `errors` holds their errors, `failures` the curve of each, and `partial`
 * the result of the curves that did load (in input order, failed ones left out).
 *
 * @param failures - The failed curves with their errors (at least one).
 * @param total - How many curves were asked for.
 * @param partial - What loaded.
 * @example
 * new PartialLoadError([{ curve: 'X', index: 0, error: new NotFoundError("Curve 'X' not found") }], 2, list).message
 * //=> "1 of 2 curves failed to load: 'X' (NotFoundError: Curve 'X' not found)"
 */
export class PartialLoadError<T = unknown> extends ServiceError {
  /** The errors, one per failed curve (as `AggregateError.errors`). */
  readonly errors: readonly Error[];
  /** The failed curves with their errors. */
  readonly failures: readonly LoadFailure[];
  /** What loaded: the result without the failed curves. */
  readonly partial: T;

  constructor(failures: readonly LoadFailure[], total: number, partial: T) {
    const head = `${failures.length} of ${total} curve${total === 1 ? '' : 's'} failed to load: `;
    super(head + failures.map(failureText).join('; '));
    this.failures = Object.freeze([...failures]);
    this.errors = Object.freeze(failures.map((f) => f.error));
    this.partial = partial;
  }
}

// ------------------------------------------------------------------------------------------
// Client side: status + body -> error
// ------------------------------------------------------------------------------------------

function headerValue(headers: ResponseHeaders | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    const value = headers[key];
    if (value === undefined) return undefined;
    return Array.isArray(value) ? String(value[0]) : String(value);
  }
  return undefined;
}

/**
 * Reads a `Retry-After` value: delay seconds or an HTTP date, as seconds from `nowMs`.
 *
 * @param value - The header value.
 * @param nowMs - Current time in epoch milliseconds (for the HTTP-date form).
 * @returns Seconds to wait (never negative), or `undefined` when absent or unreadable.
 * @example
 * parseRetryAfter('1.5') //=> 1.5
 */
export function parseRetryAfter(value: string | undefined, nowMs: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, (at - nowMs) / 1000);
}

function bodyFields(body: unknown): { message?: string; parameter?: string; raw: string } {
  let value: unknown = body;
  if (value instanceof Uint8Array) value = new TextDecoder().decode(value);
  if (typeof value === 'string') {
    const raw = value.trim();
    try {
      value = JSON.parse(raw);
    } catch {
      return { raw: raw.slice(0, 200) };
    }
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    const message = typeof obj.message === 'string' ? obj.message : undefined;
    const parameter = typeof obj.parameter === 'string' && obj.parameter ? obj.parameter : undefined;
    return { message, parameter, raw: '' };
  }
  return { raw: '' };
}

/**
 * Maps an HTTP status and error body to the error class the client throws (docs/protocol.md#status-codes):
 * 400 `ValidationError`, 401 `UnauthorizedError`, 403 `ForbiddenError`, 404 `NotFoundError`,
 * 429 `TooManyRequestsError` (with `Retry-After`), 5xx `InternalServerError` (body ignored),
 * any other non-2xx status `HTTPError` with `status` set.
 *
 * @param status - The HTTP status code.
 * @param body - The body: parsed JSON, a JSON string or raw bytes.
 * @param headers - The response headers (for `Retry-After`).
 * @returns The error to throw, or `undefined` for a 2xx status.
 * @example
 * errorFromResponse(400, { message: 'begin must be before end', parameter: 'begin' }).message
 * //=> 'Field="begin", message: begin must be before end'
 */
export function errorFromResponse(status: number, body: unknown, headers?: ResponseHeaders): APIError | undefined {
  if (status >= 200 && status < 300) return undefined;
  if (status >= 500 && status < 600) return new InternalServerError();
  const { message, parameter, raw } = bodyFields(body);
  const text = message ?? (raw || `HTTP status ${status}`);
  switch (status) {
    case 400:
      return new ValidationError(text, parameter);
    case 401:
      return new UnauthorizedError(text);
    case 403:
      return new ForbiddenError(text);
    case 404:
      return new NotFoundError(text);
    case 429:
      return new TooManyRequestsError(text, parseRetryAfter(headerValue(headers, 'retry-after')));
    default:
      return new HTTPError(`Unexpected HTTP status ${status}: ${text}`, { status });
  }
}
