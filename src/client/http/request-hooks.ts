/**
 * The client's request and response hooks (`onRequest` / `onResponse` of the client options):
 * one call before each request a section makes and one when its answer (or failure) is known,
 * for logging and metrics. Retries and redirects happen inside one request: the hooks see the
 * request once.
 *
 * @module
 */

/** What `onRequest` receives: the request about to be made. */
export interface RequestInfo {
  /** `GET` for every load; `POST` for a save (the import route), which is never retried. */
  readonly method: 'GET' | 'POST';
  /** The full URL (API root, path and query). */
  readonly url: string;
  /** The path and query below the API root (`/timeseries/X/?begin=...`). */
  readonly path: string;
}

/** What `onResponse` receives: the request, how it ended and how long it took. */
export interface ResponseInfo extends RequestInfo {
  /**
   * The HTTP status the service answered (the last one, after retries; 304 when a cached answer
   * was revalidated), or null when no answer came (transport failure, time-out, cancelled, or an
   * answer served from the cache in offline mode).
   */
  readonly status: number | null;
  /** Milliseconds from the request's start to its end, throttle waits and retries included. */
  readonly durationMs: number;
  /** True when the caller got a cached answer (an offline hit or a 304 revalidation). */
  readonly fromCache: boolean;
  /**
   * The answer's `ETag` (the cached answer's for a cache hit), or null without one (errors). The
   * service makes it from the data version of what the answer read, the caller and the request,
   * so the same request with another tag saw other data.
   */
  readonly etag: string | null;
  /** The error the call rejects with, or undefined when it succeeded. */
  readonly error: unknown;
}

/** Called before each request. */
export type RequestListener = (info: RequestInfo) => void;

/** Called when a request has ended, successfully or not. */
export type ResponseListener = (info: ResponseInfo) => void;

/**
 * Calls a hook, ignoring what it throws: a logging or metrics hook must not change the outcome of
 * the request it observes.
 *
 * @param hook - The listener, or undefined.
 * @param info - Its argument.
 * @example
 * callHook(() => { throw new Error('x'); }, 1) //=> undefined
 */
export function callHook<T>(hook: ((info: T) => void) | undefined, info: T): void {
  if (hook === undefined) return;
  try {
    hook(info);
  } catch {
    // deliberately ignored: see above
  }
}
