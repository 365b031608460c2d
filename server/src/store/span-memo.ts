/**
 * Spans of series kept between batched reads of the embedded store (docs/performance.md#span-memo),
 * so that a streamed answer whose series' span is known opens with one call into the engine (the
 * transaction's `BEGIN` with its first window) instead of two (`BEGIN` with the span, then the
 * window).
 *
 * A kept span must describe the rows of the snapshot the read then takes. The store counts its
 * writes that change rows or spans like a sequence lock: the count is odd while such a write runs
 * and moves on when it ends. A span is kept only when the count was even and the same before and
 * after the call that read it (no such write ran meanwhile); it is used only while the count is still
 * that one, and trusted only when the count is still that one once the call that took the read's
 * snapshot has returned (then no write began between the span's read and the snapshot). Otherwise
 * the read takes the span inside its transaction, as without a memo.
 *
 * @module
 */
import type { StoredSpan } from './duckdb/duckdb-spans';

/**
 * The spans read by batched reads, valid while no write has run since.
 *
 * @example
 * const spans = new SpanMemo();
 * const stamp = spans.stamp;
 * const span = await readSpan(conn, 7, 'BEGIN TRANSACTION; ');
 * if (span !== null) spans.keep(7, span, stamp);
 * spans.get(7, spans.stamp); //=> span, until a write runs
 */
export class SpanMemo {
  /** Odd while a write runs; moved on by each write's start and end. */
  private count = 0;
  /** The count under which the kept spans were read. */
  private at = 0;
  private readonly spans = new Map<number, StoredSpan>();

  /**
   * @param maxSpans - At most this many spans are kept (then all are dropped).
   */
  constructor(private readonly maxSpans = 65_536) {}

  /**
   * Runs a write that can change rows or spans of series, counted (see the module's text).
   *
   * @param task - The write.
   * @returns What it returns.
   * @throws whatever it throws.
   * @example
   * await spans.writing(() => writeBatch(writer, plan, batch));
   */
  async writing<T>(task: () => Promise<T>): Promise<T> {
    this.count++;
    try {
      return await task();
    } finally {
      this.count++;
    }
  }

  /** The count now: take it before a call into the engine, to tell later whether a write ran since. */
  get stamp(): number {
    return this.count;
  }

  /**
   * Whether no write has run or begun since `stamp` was taken, and none was running then.
   *
   * @param stamp - A count from {@link SpanMemo.stamp}.
   * @returns True when the data are as they were at `stamp`.
   */
  unchanged(stamp: number): boolean {
    return stamp % 2 === 0 && stamp === this.count;
  }

  /**
   * The kept span of a series, when it was read under `stamp` and the data are unchanged since.
   *
   * @param seriesId - The series.
   * @param stamp - The count now ({@link SpanMemo.stamp}).
   * @returns The span, or undefined.
   */
  get(seriesId: number, stamp: number): StoredSpan | undefined {
    if (!this.unchanged(stamp) || this.at !== stamp) return undefined;
    return this.spans.get(seriesId);
  }

  /**
   * Keeps a span read by a call issued at `stamp`, when no write ran or began since.
   *
   * @param seriesId - The series.
   * @param span - Its span as that call read it.
   * @param stamp - The count taken before the call was issued.
   */
  keep(seriesId: number, span: StoredSpan, stamp: number): void {
    if (!this.unchanged(stamp)) return;
    if (this.at !== stamp || this.spans.size >= this.maxSpans) {
      this.spans.clear();
      this.at = stamp;
    }
    this.spans.set(seriesId, span);
  }
}
