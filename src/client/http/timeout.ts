import { HTTPError } from '../../exceptions';

/** Transport error codes that mean "the time-out elapsed". */
const TIMEOUT_CODES: ReadonlySet<string> = new Set(['ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT']);

/**
 * The per-request time-out settings handed to axios.
 *
 * @example
 * const cfg: TimeoutConfig = timeoutConfig(0.5);
 * cfg.timeout //=> 500
 */
export interface TimeoutConfig {
  /** Milliseconds: until the response headers arrive, then for each read of the body. */
  timeout: number;
  /** Makes axios report a time-out as `ETIMEDOUT`. */
  transitional: { clarifyTimeoutError: true };
  /** Text of axios' time-out error. */
  timeoutErrorMessage: string;
}

/**
 * Axios settings for a per-request time-out of `seconds`. With redirects handled by our
 * transport (axios `maxRedirects: 0`), axios bounds the wait for the response headers by a
 * timer and each later socket read by the socket's idle time-out: like the reference client,
 * a slow but steady body is not cut off, a stalled one is.
 *
 * @param seconds - The time-out in seconds (> 0).
 * @returns Fields to merge into the axios request config.
 * @example
 * timeoutConfig(20).timeout //=> 20000
 */
export function timeoutConfig(seconds: number): TimeoutConfig {
  return {
    timeout: Math.max(1, Math.round(seconds * 1000)),
    transitional: { clarifyTimeoutError: true },
    timeoutErrorMessage: `timed out after ${seconds} s`,
  };
}

/**
 * Whether a transport error code means the time-out elapsed.
 *
 * @param code - The error code (`err.code` of a Node or axios error).
 * @returns True for `ETIMEDOUT`, `ECONNABORTED` and `ESOCKETTIMEDOUT`.
 * @example
 * isTimeoutCode('ETIMEDOUT') //=> true
 */
export function isTimeoutCode(code: string | undefined): boolean {
  return code !== undefined && TIMEOUT_CODES.has(code);
}

/**
 * The error thrown when a request timed out.
 *
 * @param method - HTTP method.
 * @param url - Requested URL.
 * @param seconds - The time-out that elapsed.
 * @param cause - The transport's error.
 * @returns An `HTTPError` with code `ETIMEDOUT`.
 * @example
 * timeoutError('GET', 'http://127.0.0.1:7070/api/user/', 20).message
 * //=> 'GET http://127.0.0.1:7070/api/user/ timed out after 20 s'
 */
export function timeoutError(method: string, url: string, seconds: number, cause?: unknown): HTTPError {
  return new HTTPError(`${method} ${url} timed out after ${seconds} s`, { code: 'ETIMEDOUT', cause });
}
