/**
 * Event ids of the push feed: `<13-digit epoch ms>-<sequence>` (docs/semantics.md#events), strictly
 * increasing even when the clock stands still or steps back.
 *
 * @module
 */
import { ValueError } from 'service/exceptions';

/** An event id split into its parts. */
export interface EventIdParts {
  /** Epoch milliseconds. */
  ms: number;
  /** Sequence number within the millisecond. */
  seq: number;
}

const EVENT_ID = /^(\d{13})-(\d+)$/;

/**
 * Parses an event id.
 *
 * @param id - The id, e.g. `'1693526400000-0'`.
 * @returns Its milliseconds and sequence number.
 * @throws ValueError when the id does not have the form `<13 digits>-<digits>`.
 * @example
 * parseEventId('1693526400000-2') //=> { ms: 1693526400000, seq: 2 }
 */
export function parseEventId(id: string): EventIdParts {
  const m = typeof id === 'string' ? EVENT_ID.exec(id) : null;
  if (!m) throw new ValueError(`Invalid event id ${JSON.stringify(id)}: expected <13-digit epoch ms>-<sequence>`);
  const seq = Number(m[2]);
  if (!Number.isSafeInteger(seq)) throw new ValueError(`Invalid event id ${JSON.stringify(id)}: sequence too large`);
  return { ms: Number(m[1]), seq };
}

/**
 * Formats event id parts.
 *
 * @param parts - Milliseconds and sequence number.
 * @returns The id text.
 * @example
 * formatEventId({ ms: 1693526400000, seq: 0 }) //=> '1693526400000-0'
 */
export function formatEventId(parts: EventIdParts): string {
  return `${String(parts.ms).padStart(13, '0')}-${parts.seq}`;
}

/**
 * Orders two event ids.
 *
 * @param a - One id's parts.
 * @param b - The other id's parts.
 * @returns Negative when `a` comes first, positive when `b` does, 0 when equal.
 * @example
 * compareEventIds({ ms: 5, seq: 9 }, { ms: 6, seq: 0 }) //=> -1
 */
export function compareEventIds(a: EventIdParts, b: EventIdParts): number {
  if (a.ms !== b.ms) return a.ms < b.ms ? -1 : 1;
  return a.seq === b.seq ? 0 : a.seq < b.seq ? -1 : 1;
}

/**
 * Hands out strictly increasing event ids from a clock.
 *
 * @param clock - Current time in epoch ms.
 * @param last - The newest id handed out before (e.g. read from the log), if any.
 * @example
 * const ids = new EventIdGenerator(() => 1693526400000);
 * [ids.next(), ids.next()].map(formatEventId) //=> ['1693526400000-0', '1693526400000-1']
 */
export class EventIdGenerator {
  private last: EventIdParts | null;

  constructor(
    private readonly clock: () => number,
    last: EventIdParts | null = null,
  ) {
    this.last = last;
  }

  /**
   * The next id: the clock's millisecond with sequence 0, or the previous millisecond with the
   * next sequence when the clock has not moved past it.
   *
   * @returns The id's parts.
   * @example
   * new EventIdGenerator(() => 1693526400000).next() //=> { ms: 1693526400000, seq: 0 }
   */
  next(): EventIdParts {
    const now = Math.floor(this.clock());
    const id = this.last === null || now > this.last.ms ? { ms: now, seq: 0 } : { ms: this.last.ms, seq: this.last.seq + 1 };
    this.last = id;
    return id;
  }

  /**
   * The newest id handed out, or `null`.
   *
   * @example
   * new EventIdGenerator(() => 0).current //=> null
   */
  get current(): EventIdParts | null {
    return this.last;
  }

  /**
   * Resets the newest id (after a rolled-back import gave some out).
   *
   * @param last - The id to continue after.
   * @returns Nothing.
   * @example
   * ids.reset(null)
   */
  reset(last: EventIdParts | null): void {
    this.last = last;
  }
}
