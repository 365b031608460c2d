/**
 * When the push-feed client tries to reconnect after a drop: a budget of attempts, reset after
 * each successful reconnect, and a delay before each attempt.
 *
 * @module
 */

/**
 * Default delay before reconnect attempt n: `min(30, 2^(n-1))` seconds plus up to 1 s of jitter.
 *
 * @param attempt - 1 for the first attempt after a drop.
 * @returns Seconds.
 * @example
 * Math.floor(defaultReconnectDelay(3)) //=> 4
 */
export function defaultReconnectDelay(attempt: number): number {
  return Math.min(30, 2 ** (attempt - 1)) + Math.random();
}

/**
 * Reconnect attempts and their timing.
 *
 * @param attempts - Attempts after a drop (default 5).
 * @param delay - Seconds before attempt n, fixed or per attempt (default {@link defaultReconnectDelay}).
 * @example
 * const policy = new ReconnectPolicy(2, 0.5);
 * policy.schedule(() => tryAgain()) //=> true
 */
export class ReconnectPolicy {
  private left: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly attempts = 5,
    private readonly delay?: number | ((attempt: number) => number),
  ) {
    this.left = attempts;
  }

  /**
   * Runs `attempt` after the next delay, when the budget allows.
   *
   * @param attempt - The reconnect attempt.
   * @returns False when the budget is spent (nothing scheduled).
   * @example
   * policy.schedule(() => void reconnect()) //=> true
   */
  schedule(attempt: () => void): boolean {
    if (this.left <= 0) return false;
    const n = this.attempts - this.left + 1;
    this.left--;
    const seconds = typeof this.delay === 'function' ? this.delay(n) : (this.delay ?? defaultReconnectDelay(n));
    this.timer = setTimeout(attempt, Math.max(0, seconds * 1000));
    return true;
  }

  /**
   * Restores the full budget (after a successful reconnect).
   *
   * @returns Nothing.
   * @example
   * policy.reset()
   */
  reset(): void {
    this.left = this.attempts;
  }

  /**
   * Cancels a scheduled attempt.
   *
   * @returns Nothing.
   * @example
   * policy.cancel()
   */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
