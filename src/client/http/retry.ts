import { HTTPError, InternalServerError, TooManyRequestsError } from '../../exceptions';
import type { RetryOptions } from '../options';
import { sleep as timerSleep, type Sleep } from './throttle';

/**
 * Transport error codes worth another attempt: refused, reset or dropped connections, DNS
 * hiccups and time-outs (the reference's "connection error" and "timeout" families). Invalid
 * URLs, too many redirects and certificate failures are not retried: they would fail again.
 */
const RETRYABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENETRESET',
  'EAI_AGAIN',
  'ENOTFOUND',
  'EADDRNOTAVAIL',
  'ERR_SOCKET_CONNECTION_TIMEOUT',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

/**
 * Failures of the connection itself: refused, reset, or closed before the answer was complete
 * (`ERR_STREAM_PREMATURE_CLOSE`). Most often a kept-alive connection that its server (a node
 * restarting, a balancer) closed while the request was on its way, which a fresh connection
 * answers at once; these are retried without waiting, once (docs/client.md#retries).
 */
const CONNECTION_FAILURE_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * Whether a failed attempt is retried (after the back-off wait): a 5xx answer
 * (`InternalServerError`) or a transport failure with a retryable code. A 429 is handled
 * separately (it waits for `Retry-After`); 4xx answers are never retried.
 *
 * @param err - The attempt's error.
 * @returns True when another attempt may succeed.
 * @example
 * isRetryable(new InternalServerError()) //=> true
 */
export function isRetryable(err: unknown): boolean {
  if (err instanceof InternalServerError) return true;
  return err instanceof HTTPError && err.status === undefined && err.code !== undefined && RETRYABLE_CODES.has(err.code);
}

/**
 * Whether a failed attempt failed on its connection (refused, reset, closed early): such an attempt
 * is retried once at once on a fresh connection before the back-off applies.
 *
 * @param err - The attempt's error.
 * @returns True for a connection failure.
 * @example
 * isConnectionFailure(new HTTPError('x', { code: 'ECONNRESET' })) //=> true
 */
export function isConnectionFailure(err: unknown): boolean {
  return err instanceof HTTPError && err.status === undefined && err.code !== undefined && CONNECTION_FAILURE_CODES.has(err.code);
}

/**
 * Observer of retries (for logging and tests). `fresh` is true for the immediate retry of a
 * connection failure on a new connection (`waitSeconds` 0).
 *
 * @example
 * const log: RetryListener = ({ attempt, waitSeconds }) => console.log(attempt, waitSeconds);
 * log({ attempt: 1, error: new InternalServerError(), waitSeconds: 7.5, fresh: false }) // prints 1 7.5
 * //=> undefined
 */
export type RetryListener = (info: { attempt: number; error: unknown; waitSeconds: number; fresh: boolean }) => void;

/**
 * Runs `attempt` up to `policy.tries` times. After a retryable failure it waits `delay`
 * seconds, then `delay * backoff`, and so on (defaults: 7.5 s then 15 s). After a 429 it waits
 * the answer's `Retry-After` (or the scheduled wait when absent); a `Retry-After` above
 * `maxRetryAfter` fails at once. The first connection failure (refused, reset, closed early) is
 * retried at once with `fresh` set, as one more attempt beyond `tries`, when `tries` allows any
 * retry; later ones wait as above. The last attempt's error is thrown as is.
 *
 * @param attempt - One attempt; receives the attempt number (1-based) and whether it must use a
 *   fresh connection.
 * @param policy - Tries, delay, back-off and the `Retry-After` cap.
 * @param wait - Sleep function (default a timer).
 * @param onRetry - Called before each wait.
 * @returns The first successful attempt's result.
 * @throws The last error, or the first one that is not retryable.
 * @example
 * await withRetry(async () => 42, { tries: 3, delay: 7.5, backoff: 2, maxRetryAfter: 60 }) //=> 42
 */
export async function withRetry<T>(
  attempt: (n: number, fresh: boolean) => Promise<T>,
  policy: Readonly<RetryOptions>,
  wait: Sleep = timerSleep,
  onRetry?: RetryListener,
): Promise<T> {
  let scheduled = policy.delay;
  let freshTaken = false;
  let fresh = false;
  // `n` counts attempts; `counted` those that count against `tries` (all but the fresh retry)
  for (let n = 1, counted = 1; ; n++, counted++) {
    try {
      return await attempt(n, fresh);
    } catch (error) {
      if (policy.tries <= 1) throw error;
      if (!freshTaken && isConnectionFailure(error)) {
        freshTaken = true;
        fresh = true;
        counted--;
        onRetry?.({ attempt: n, error, waitSeconds: 0, fresh: true });
        continue;
      }
      fresh = false;
      if (counted >= policy.tries) throw error;
      let waitSeconds: number;
      if (error instanceof TooManyRequestsError) {
        waitSeconds = error.retryAfter ?? scheduled;
        if (waitSeconds > policy.maxRetryAfter) throw error;
      } else if (isRetryable(error)) {
        waitSeconds = scheduled;
      } else {
        throw error;
      }
      onRetry?.({ attempt: n, error, waitSeconds, fresh: false });
      await wait(waitSeconds * 1000);
      scheduled *= policy.backoff;
    }
  }
}
