/**
 * The queue between the socket and the user's loop: items wait here until `take` hands them out;
 * a waiting `take` is woken by the next item, by its time-out, or by the end of the queue.
 *
 * @module
 */

/**
 * What `take` gives when the wait timed out.
 *
 * @example
 * (await new EventQueue().take(0)) === TIMED_OUT //=> true
 */
export const TIMED_OUT: unique symbol = Symbol('timed out');
/**
 * What `take` gives when the queue has ended.
 *
 * @example
 * const q = new EventQueue(); q.end(); (await q.take()) === ENDED //=> true
 */
export const ENDED: unique symbol = Symbol('ended');

interface Waiter<T> {
  resolve(value: T | typeof TIMED_OUT | typeof ENDED): void;
  reject(err: unknown): void;
  timer: NodeJS.Timeout | null;
}

/**
 * An asynchronous FIFO queue.
 *
 * @example
 * const q = new EventQueue<number>();
 * q.push(1);
 * await q.take() //=> 1
 */
export class EventQueue<T> {
  // Slots before `head` are taken (undefined, so the queue holds no reference to a handed-out
  // item); the box keeps an item that is itself undefined apart from a taken slot.
  private items: ({ item: T } | undefined)[] = [];
  private head = 0;
  private readonly waiters: Waiter<T>[] = [];
  private ended = false;
  private failure: unknown = null;

  /**
   * Items waiting.
   *
   * @example
   * new EventQueue().length //=> 0
   */
  get length(): number {
    return this.items.length - this.head;
  }

  /**
   * Adds an item (or hands it straight to a waiting `take`).
   *
   * @param item - The item.
   * @returns Nothing.
   * @example
   * q.push(event)
   */
  push(item: T): void {
    if (this.ended) return;
    const waiter = this.waiters.shift();
    if (waiter) {
      if (waiter.timer) clearTimeout(waiter.timer);
      waiter.resolve(item);
      return;
    }
    this.items.push({ item });
  }

  /**
   * Drops the waiting items that `drop` selects.
   *
   * @param drop - Which items to drop.
   * @returns Nothing.
   * @example
   * q.remove((e) => e instanceof CurveEvent)
   */
  remove(drop: (item: T) => boolean): void {
    this.items = this.items.slice(this.head).filter((slot) => slot !== undefined && !drop(slot.item));
    this.head = 0;
  }

  /**
   * Takes the next item, waiting for one when the queue is empty.
   *
   * @param timeoutMs - Longest wait (default: no limit).
   * @returns The item, {@link TIMED_OUT}, or {@link ENDED} once the queue has ended and is empty.
   * @throws The failure the queue was ended with, once it is empty.
   * @example
   * await q.take(1000) //=> TIMED_OUT  (after 1 s without items)
   */
  take(timeoutMs?: number): Promise<T | typeof TIMED_OUT | typeof ENDED> {
    const slot = this.items[this.head];
    if (slot !== undefined) {
      this.items[this.head++] = undefined;
      if (this.head > 1024 && this.head * 2 > this.items.length) {
        this.items = this.items.slice(this.head);
        this.head = 0;
      }
      return Promise.resolve(slot.item);
    }
    if (this.ended) {
      if (this.failure !== null) {
        const err = this.failure;
        this.failure = null;
        return Promise.reject(err);
      }
      return Promise.resolve(ENDED);
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter<T> = { resolve, reject, timer: null };
      if (timeoutMs !== undefined) {
        waiter.timer = setTimeout(
          () => {
            const k = this.waiters.indexOf(waiter);
            if (k >= 0) this.waiters.splice(k, 1);
            resolve(TIMED_OUT);
          },
          Math.max(0, timeoutMs),
        );
      }
      this.waiters.push(waiter);
    });
  }

  /**
   * Ends the queue: waiting and later `take`s get the remaining items, then {@link ENDED} (or
   * the failure, once).
   *
   * @param failure - An error to throw from `take` once the queue is empty, if any.
   * @returns Nothing.
   * @example
   * q.end()
   */
  end(failure: unknown = null): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = failure;
    for (const w of this.waiters.splice(0)) {
      if (w.timer) clearTimeout(w.timer);
      if (failure !== null) {
        this.failure = null;
        w.reject(failure);
      } else {
        w.resolve(ENDED);
      }
    }
  }
}
