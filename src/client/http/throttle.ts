/**
 * Waits the given number of milliseconds.
 *
 * @example
 * const noWait: Sleep = async () => {};
 * await noWait(1000) //=> undefined
 */
export type Sleep = (ms: number) => Promise<void>;

/**
 * Monotonic clock in milliseconds.
 *
 * @example
 * const fixed: Clock = () => 1000;
 * fixed() //=> 1000
 */
export type Clock = () => number;

/**
 * Default sleep: a timer.
 *
 * @param ms - Milliseconds to wait.
 * @returns A promise resolved after `ms`.
 * @example
 * await sleep(10) //=> undefined
 */
export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Default clock: `performance.now()` (monotonic, not wall time).
 *
 * @returns Milliseconds since the process started.
 * @example
 * monotonicNow() //~> 1234.56
 */
export const monotonicNow: Clock = () => performance.now();

/**
 * Keeps at least `delay` seconds between the starts of consecutive requests, also when many
 * requests are made at once: each caller reserves the next free start slot before it waits, so
 * slots never overlap. The first request never waits (docs/protocol.md#throttle).
 *
 * @param delay - Minimum seconds between two starts.
 * @param now - Monotonic clock in milliseconds (default `performance.now`).
 * @param wait - Sleep function (default a timer).
 * @example
 * const throttle = new Throttle(0.0667);
 * await throttle.acquire(); // first start: no wait
 * await throttle.acquire(); // second start: about 66.7 ms later
 * //~> undefined
 */
export class Throttle {
  /** Minimum milliseconds between two starts. */
  readonly delayMs: number;
  private nextStart = Number.NEGATIVE_INFINITY;

  constructor(
    delay: number,
    private readonly now: Clock = monotonicNow,
    private readonly wait: Sleep = sleep,
  ) {
    this.delayMs = delay * 1000;
  }

  /**
   * Resolves when the caller may start its request.
   *
   * @returns A promise that resolves at the reserved start time.
   * @example
   * await new Throttle(0.05).acquire() //=> undefined
   */
  async acquire(): Promise<void> {
    const start = Math.max(this.now(), this.nextStart);
    this.nextStart = start + this.delayMs;
    // Timers may fire up to a millisecond early: wait again until the slot is really reached.
    for (let i = 0; i < 10; i++) {
      const left = start - this.now();
      if (left <= 0) return;
      await this.wait(Math.ceil(left));
    }
  }
}
