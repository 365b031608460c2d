/**
 * Per-key request rate limit: a token bucket per key (docs/semantics.md#access).
 *
 * @module
 */
import { TooManyRequestsError } from 'service/exceptions';

/** Settings of a {@link RateLimiter}. */
export interface RateLimitOptions {
  /** Sustained requests per second per key (default 50). */
  ratePerSecond?: number;
  /** Requests a key may make at once after being idle (default 100). */
  burst?: number;
}

/** Default sustained rate: above the reference client's own 15 requests/s. */
const DEFAULT_RATE_PER_SECOND = 50;
/** Default burst size. */
const DEFAULT_BURST = 100;

const MAX_IDLE_BUCKETS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets, one per key: each holds up to `burst` tokens, refills at `ratePerSecond`, and
 * every request takes one token.
 *
 * @param options - Rate and burst.
 * @param clock - Current time in epoch ms.
 * @example
 * const limiter = new RateLimiter({ ratePerSecond: 1, burst: 1 }, () => 0);
 * limiter.take('k') //=> 0
 * limiter.take('k') //=> 1   // seconds to wait
 */
export class RateLimiter {
  /** Sustained requests per second per key. */
  readonly ratePerSecond: number;
  /** Bucket size. */
  readonly burst: number;
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    options: RateLimitOptions = {},
    private readonly clock: () => number = Date.now,
  ) {
    this.ratePerSecond = options.ratePerSecond ?? DEFAULT_RATE_PER_SECOND;
    this.burst = options.burst ?? DEFAULT_BURST;
    if (!(this.ratePerSecond > 0) || !(this.burst >= 1)) throw new RangeError('Rate limit needs ratePerSecond > 0 and burst >= 1');
  }

  /**
   * Takes a token for a key when one is available.
   *
   * @param key - Who is calling (a key hash).
   * @returns 0 when the request may proceed, otherwise the seconds until a token is available.
   * @example
   * new RateLimiter().take('k') //=> 0
   */
  take(key: string): number {
    const now = this.clock();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * this.ratePerSecond);
    bucket.at = now;
    if (!this.buckets.has(key)) {
      if (this.buckets.size >= MAX_IDLE_BUCKETS) this.forgetFull();
      this.buckets.set(key, bucket);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return (1 - bucket.tokens) / this.ratePerSecond;
  }

  /**
   * The seconds until a key's bucket holds a token, without taking one (0: it holds one now).
   *
   * @param key - Who is calling.
   * @returns 0, or the seconds to wait.
   * @example
   * new RateLimiter().waitFor('k') //=> 0
   */
  waitFor(key: string): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return 0;
    const tokens = Math.min(this.burst, bucket.tokens + (Math.max(0, this.clock() - bucket.at) / 1000) * this.ratePerSecond);
    return tokens >= 1 ? 0 : (1 - tokens) / this.ratePerSecond;
  }

  /**
   * Takes a token or refuses the request.
   *
   * @param key - Who is calling (a key hash).
   * @returns Nothing.
   * @throws TooManyRequestsError with `retryAfter` in seconds when the key's bucket is empty.
   * @example
   * limiter.check(hash) // throws TooManyRequestsError after `burst` quick calls
   */
  check(key: string): void {
    const wait = this.take(key);
    if (wait > 0) throw rateLimitError(this.ratePerSecond, this.burst, wait);
  }

  /** Drops buckets that are full again (their keys have been idle), bounding memory. */
  private forgetFull(): void {
    const now = this.clock();
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 1000) * this.ratePerSecond >= this.burst) this.buckets.delete(key);
    }
  }
}

/**
 * The 429 error of a key over its rate limit.
 *
 * @param ratePerSecond - The sustained rate.
 * @param burst - The bucket size.
 * @param wait - Seconds until a token is available.
 * @returns The error (with `Retry-After`).
 * @example
 * rateLimitError(50, 100, 0.02).message //=> 'Too many requests: at most 50 per second per API key (bursts of 100); retry after 1 s'
 */
function rateLimitError(ratePerSecond: number, burst: number, wait: number): TooManyRequestsError {
  return new TooManyRequestsError(
    `Too many requests: at most ${ratePerSecond} per second per API key (bursts of ${burst}); retry after ${Math.ceil(wait)} s`,
    wait,
  );
}

/**
 * The per-key rate limit of a store that several nodes share: the token buckets live in the
 * store (`Store.takeToken`), so a key's requests through every node count against one bucket.
 *
 * @param take - The store's shared bucket.
 * @param options - Rate and burst.
 * @example
 * const limiter = new SharedRateLimiter((k, r, b) => store.takeToken!(k, r, b));
 * await limiter.check(hash);
 */
export class SharedRateLimiter {
  /** Sustained requests per second per key. */
  readonly ratePerSecond: number;
  /** Bucket size. */
  readonly burst: number;

  constructor(
    private readonly take: (key: string, ratePerSecond: number, burst: number) => Promise<number>,
    options: RateLimitOptions = {},
  ) {
    this.ratePerSecond = options.ratePerSecond ?? DEFAULT_RATE_PER_SECOND;
    this.burst = options.burst ?? DEFAULT_BURST;
    if (!(this.ratePerSecond > 0) || !(this.burst >= 1)) throw new RangeError('Rate limit needs ratePerSecond > 0 and burst >= 1');
  }

  /**
   * Takes a token for a key or throws.
   *
   * @param key - Who is calling (a key hash).
   * @returns Nothing.
   * @throws TooManyRequestsError when the key's shared bucket is empty.
   * @example
   * await limiter.check(hash)
   */
  async check(key: string): Promise<void> {
    const wait = await this.take(key, this.ratePerSecond, this.burst);
    if (wait > 0) throw rateLimitError(this.ratePerSecond, this.burst, wait);
  }
}
