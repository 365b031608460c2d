/**
 * Batch columns kept for reuse between streamed answers (docs/arrow.md#streamed). A streamed
 * Arrow answer of ten years reads some 6 MB of new batch columns; allocating them answer after
 * answer makes V8 run a full collection every few answers (external memory pressure). Columns
 * whose bytes have left the service are kept here instead and taken by the next batched read.
 *
 * A column goes back to the pool only when no byte of it can still be sent: when it was never
 * handed out, or when the answer that sent it has its whole output in the kernel (nothing
 * buffered in the answer's stream, in the response or in the socket; answers that are compressed
 * give nothing back before they end) or has finished. An answer cut short gives nothing back.
 *
 * @module
 */
import type { ColumnSource } from '../store';

/** A free list of column buffers of one size (a record batch of float64). */
export class ColumnPool {
  private readonly free: ArrayBuffer[] = [];

  /**
   * @param rows - Rows of one column (the record batch size).
   * @param keep - Most buffers kept while no read takes them.
   */
  constructor(
    readonly rows: number,
    readonly keep: number,
  ) {}

  /**
   * A column of `length` rows: a view of a kept buffer when there is one, else a new one.
   *
   * @param length - Rows (at most {@link rows}).
   * @returns The column (its contents unspecified).
   * @example
   * new ColumnPool(65_536, 16).take(10).length //=> 10
   */
  take(length: number): Float64Array {
    if (length > this.rows) return new Float64Array(length);
    const buffer = this.free.pop();
    return buffer === undefined ? new Float64Array(this.rows).subarray(0, length) : new Float64Array(buffer, 0, length);
  }

  /**
   * Keeps the buffers of columns for later reads: only whole buffers of this pool's size (a
   * column of another origin is left to the collector), at most {@link keep}.
   *
   * @param columns - Columns no longer used by anyone.
   * @returns Nothing.
   * @example
   * pool.give([pool.take(100)]); pool.size //=> 1
   */
  give(columns: Iterable<Float64Array>): void {
    for (const c of columns) {
      if (this.free.length >= this.keep) return;
      if (c.buffer instanceof ArrayBuffer && c.buffer.byteLength === this.rows * 8 && !this.free.includes(c.buffer))
        this.free.push(c.buffer);
    }
  }

  /** Buffers kept now. */
  get size(): number {
    return this.free.length;
  }
}

/**
 * The columns of one streamed answer: taken from the pool, each noted when the answer hands it
 * out (`sent`), and given back once the answer's output is all in the kernel (`flushed()`, asked
 * whenever a new column is taken) or when the answer has finished (`end(true)`).
 */
export class AnswerColumns implements ColumnSource {
  private readonly taken = new WeakSet<ArrayBufferLike>();
  private sentColumns: Float64Array[] = [];

  /**
   * @param pool - The pool.
   * @param flushed - Whether every byte the answer has handed out so far is in the kernel.
   */
  constructor(
    private readonly pool: ColumnPool,
    private readonly flushed: () => boolean,
  ) {}

  /** {@inheritDoc ColumnSource.take} */
  take(length: number): Float64Array {
    if (this.sentColumns.length > 0 && this.flushed()) this.giveBack();
    const column = this.pool.take(length);
    this.taken.add(column.buffer);
    return column;
  }

  /** {@inheritDoc ColumnSource.release} */
  release(columns: readonly Float64Array[]): void {
    this.pool.give(columns.filter((c) => this.taken.has(c.buffer)));
  }

  /**
   * Notes columns the answer hands out (their bytes go to the client from now on); columns that
   * did not come from the pool are ignored.
   *
   * @param columns - The columns of a batch being written.
   * @returns Nothing.
   */
  sent(columns: readonly (Float64Array | null)[]): void {
    for (const c of columns) if (c !== null && this.taken.has(c.buffer)) this.sentColumns.push(c);
  }

  /**
   * The answer is over: its columns go back to the pool when it finished (all its bytes handed
   * to the kernel), and are left to the collector when it was cut short.
   *
   * @param finished - Whether the answer finished.
   * @returns Nothing.
   */
  end(finished: boolean): void {
    if (finished) this.giveBack();
    this.sentColumns = [];
  }

  private giveBack(): void {
    this.pool.give(this.sentColumns);
    this.sentColumns = [];
  }
}
