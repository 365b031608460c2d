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
]);

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
 * Observer of retries (for logging and tests).
 *
 * @example
 * const log: RetryListener = ({ attempt, waitSeconds }) => console.log(attempt, waitSeconds);
 * log({ attempt: 1, error: new InternalServerError(), waitSeconds: 7.5 }) // prints 1 7.5
 * //=> undefined
 */
export type RetryListener = (info: { attempt: number; error: unknown; waitSeconds: number }) => void;

/**
 * Runs `attempt` up to `policy.tries` times. After a retryable failure it waits `delay`
 * seconds, then `delay * backoff`, and so on (defaults: 7.5 s then 15 s). After a 429 it waits
 * the answer's `Retry-After` (or the scheduled wait when absent); a `Retry-After` above
 * `maxRetryAfter` fails at once. The last attempt's error is thrown as is.
 *
 * @param attempt - One attempt; receives the attempt number (1-based).
 * @param policy - Tries, delay, back-off and the `Retry-After` cap.
 * @param wait - Sleep function (default a timer).
 * @param onRetry - Called before each wait.
 * @returns The first successful attempt's result.
 * @throws The last error, or the first one that is not retryable.
 * @example
 * await withRetry(async () => 42, { tries: 3, delay: 7.5, backoff: 2, maxRetryAfter: 60 }) //=> 42
 */
export async function withRetry<T>(
  attempt: (n: number) => Promise<T>,
  policy: Readonly<RetryOptions>,
  wait: Sleep = timerSleep,
  onRetry?: RetryListener,
): Promise<T> {
  let scheduled = policy.delay;
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= policy.tries) throw error;
      let waitSeconds: number;
      if (error instanceof TooManyRequestsError) {
        waitSeconds = error.retryAfter ?? scheduled;
        if (waitSeconds > policy.maxRetryAfter) throw error;
      } else if (isRetryable(error)) {
        waitSeconds = scheduled;
      } else {
        throw error;
      }
      onRetry?.({ attempt: n, error, waitSeconds });
      await wait(waitSeconds * 1000);
      scheduled *= policy.backoff;
    }
  }
}
