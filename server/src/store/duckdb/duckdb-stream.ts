/**
 * Reading a series of the embedded store in batches of rows (docs/arrow.md#streamed), for answers
 * sent while they are read: one transaction sees one snapshot, so the row count told before the
 * first batch is the count the batches bring; the rows are read a window of times at a time.
 * Rows come in time order, the members of a scenario
 * series pivoted by the engine into one column each (null where a member has no row at a time,
 * as the whole read of `readSeriesBlock` does).
 *
 * @module
 */
import { DuckDBTypeId, type DuckDBConnection, type DuckDBDataChunk, type DuckDBMaterializedResult } from '@duckdb/node-api';
import { epochInt64 } from '#wire';
import { copyInt64, copyNumbers, readColumns, sqlTime } from './duckdb-io';
import { rangeSql, type SeriesMembers } from './duckdb-read';
import { readSpan, spanInRange } from './duckdb-spans';
import { sortByTime } from '../pivot-members';
import type { ColumnSource, SeriesBatch, SeriesCursor, SeriesSpan, TimeForm, TimeRange } from '../store';

/**
 * Rows per window read at once by default (four record batches of a streamed answer): what the
 * read holds is at most two windows (the one being sent and the next one read meanwhile), whatever
 * the range (`DuckDbStoreOptions.windowRows`).
 */
export const WINDOW_ROWS = 4 * 65_536;

/**
 * Copies `n` rows of every column of a chunk from row `from` into `out` at `at`; the time column
 * (the first) in `form` (`'int64'`: its bytes as they are).
 */
function copyRows(
  chunk: DuckDBDataChunk,
  types: readonly DuckDBTypeId[],
  out: Float64Array[],
  at: number,
  from: number,
  n: number,
  form: TimeForm,
): void {
  let c = 0;
  if (form === 'int64') {
    copyInt64(chunk, 0, out[0]!, at, from, n);
    c = 1;
  }
  for (; c < out.length; c++) {
    if (!copyNumbers(chunk, c, types[c]!, out[c]!, at, from, n)) throw new Error(`series read: column ${c} is not DOUBLE`);
  }
}

/**
 * The rows of a read window in batches of `size` rows, each batch in columns of its own (so a
 * batch still being sent keeps no more than itself).
 */
function batchesOf(
  result: DuckDBMaterializedResult,
  columns: number,
  size: number,
  form: TimeForm,
  source?: ColumnSource,
): Float64Array[][] {
  const types = Array.from({ length: columns }, (_, c) => result.columnTypeId(c));
  if (form === 'int64' && types[0] !== DuckDBTypeId.BIGINT) throw new Error('series read: the time column is not BIGINT');
  const n = result.rowCount;
  const batches: Float64Array[][] = [];
  for (let start = 0; start < n; start += size) {
    const length = Math.min(size, n - start);
    batches.push(Array.from({ length: columns }, () => (source ? source.take(length) : new Float64Array(length))));
  }
  let at = 0;
  for (let k = 0; k < result.chunkCount; k++) {
    const chunk = result.getChunk(k);
    const rows = chunk.rowCount;
    for (let from = 0; from < rows; ) {
      const b = Math.floor(at / size);
      const count = Math.min(rows - from, size * (b + 1) - at);
      copyRows(chunk, types, batches[b]!, at - b * size, from, count, form);
      from += count;
      at += count;
    }
  }
  return batches;
}

/** Whether the times of a window's batches ascend, given in `form`. */
function ascending(batches: readonly Float64Array[][], form: TimeForm): boolean {
  if (form === 'int64') return ascendingInt64(batches);
  let previous = Number.NEGATIVE_INFINITY;
  for (const [times] of batches) {
    for (let i = 0; i < times!.length; i++) {
      const t = times![i]!;
      if (t < previous) return false;
      previous = t;
    }
  }
  return true;
}

/** Whether int64 times (as `copyInt64` leaves them) ascend: compared by their high words, then their low words unsigned. */
function ascendingInt64(batches: readonly Float64Array[][]): boolean {
  let high = -(2 ** 31);
  let low = 0;
  for (const [times] of batches) {
    const words = new Int32Array(times!.buffer, times!.byteOffset, 2 * times!.length);
    for (let i = 0; i < words.length; i += 2) {
      const h = words[i + 1]!;
      const l = words[i]! >>> 0;
      if (h < high || (h === high && l < low)) return false;
      high = h;
      low = l;
    }
  }
  return true;
}

/** A window of one member sorted by time: its batches joined, sorted and cut again. */
function sortedBatches(batches: readonly Float64Array[][], size: number): Float64Array[][] {
  const joined = [0, 1].map((c) => {
    const out = new Float64Array(batches.reduce((sum, b) => sum + b[c]!.length, 0));
    let at = 0;
    for (const b of batches) {
      out.set(b[c]!, at);
      at += b[c]!.length;
    }
    return out;
  });
  const [times, values] = sortByTime(joined[0]!, joined[1]!);
  return batches.map((_, k) => [times.slice(k * size, (k + 1) * size), values.slice(k * size, (k + 1) * size)]);
}

/**
 * The width in ms of the windows a read of `span` is cut into: `rowsPerWindow` steps when its
 * times are evenly spaced and it has more rows than that, else the whole span at once.
 */
function windowWidth(span: SeriesSpan, rowsPerWindow: number): number {
  const { rows, first, last } = span;
  const step = rows > 1 ? (last - first) / (rows - 1) : 0;
  return rows > rowsPerWindow && Number.isInteger(step) && step > 0 ? step * rowsPerWindow : Number.POSITIVE_INFINITY;
}

/**
 * The rows of a query on `series_values` (a time column and `members` number columns, sorted
 * by the query when it pivots several members) one window of times at a time: `window(lo, hi)`
 * is the query of the rows with `lo <= ts < hi`, so no more than a window is read or sorted at
 * once ({@link windowWidth}: `rowsPerWindow` steps); each window is cut into batches of `size` rows. Each batch is read
 * into columns of its own (from `source` when given), never written into again by this read: a
 * batch handed out stays as it is while it is being sent (its bytes go out as views of these
 * columns, docs/arrow.md#streamed).
 */
async function* windowRows(
  conn: DuckDBConnection,
  window: (lo: number, hi: number) => string,
  members: number,
  span: SeriesSpan,
  rowsPerWindow: number,
  size: number,
  form: TimeForm,
  source?: ColumnSource,
): AsyncGenerator<Float64Array[]> {
  const { first, last } = span;
  const width = windowWidth(span, rowsPerWindow);
  const run = (lo: number) => {
    const result = conn.run(window(lo, Math.min(lo + width, last + 1)));
    result.catch(() => undefined); // awaited below; a failure while a batch is out is not unhandled
    return result;
  };
  // the engine reads the next window while this one is copied and sent (at most two are held)
  let next: Promise<DuckDBMaterializedResult> | null = run(first);
  try {
    for (let lo = first; next !== null; lo += width) {
      const read = next;
      next = lo + width <= last ? run(lo + width) : null;
      // the engine's copy of the window is let go once its rows are in the batches
      const result = await read;
      const batches = batchesOf(result, members + 1, size, form, source);
      // a single member is read in storage order (time order in the usual case, checked; sorted when not)
      const sorted = members === 1 && !ascending(batches, form);
      let ready = batches;
      if (sorted) {
        source?.release(batches.flat());
        // sorted as epoch ms, then put in the form asked for
        const again = batchesOf(result, members + 1, size, 'ms', source);
        ready = sortedBatches(again, size);
        source?.release(again.flat());
        if (form === 'int64') for (const [times] of ready) epochInt64(times!, 0, times!.length, true);
      }
      // handed over one at a time and let go here: a batch sent is not kept by its window
      for (let batch = ready.shift(); batch !== undefined; batch = ready.shift()) yield batch;
    }
  } finally {
    // a read left early: the window under way ends before the transaction does
    await next?.catch(() => undefined);
  }
}

/**
 * The row count, first and last time of the rows in `where`: from the series' stored span when it
 * tells them (a single series with a row at every step of the range's grid between its first and
 * last time: no scan at all), else counted; the first and last are then taken from `full` when
 * the count is the count of a range with a row at every step (no scan for them). `before` runs
 * ahead of the first query, in the same call (the transaction's `BEGIN`).
 */
async function spanOf(
  conn: DuckDBConnection,
  where: string,
  ids: readonly number[],
  full: SeriesSpan | null,
  missingSpan: (seriesId: number) => void,
  before: string,
): Promise<SeriesSpan> {
  // what still has to run ahead of the next query (nothing once one has run)
  let ahead = before;
  if (ids.length === 1 && full !== null) {
    const stored = await readSpan(conn, ids[0]!, ahead);
    ahead = '';
    if (stored === null) missingSpan(ids[0]!);
    const known = stored === null ? null : spanInRange(stored, full);
    if (known !== null) return known;
  }
  const members = ids.length;
  // one row per series and time: a single member is counted without a hash of its times
  const counted = members === 1 ? 'count(*)' : 'count(DISTINCT ts)';
  const [count] = (await readColumns(conn, `${ahead}SELECT ${counted} FROM series_values WHERE ${where}`, ['number'])) as [Float64Array];
  const rows = count[0] ?? 0;
  if (rows === 0) return { rows, first: Number.NaN, last: Number.NaN };
  if (full !== null && rows === full.rows) return full;
  const [first, last] = (await readColumns(conn, `SELECT min(ts), max(ts) FROM series_values WHERE ${where}`, ['number', 'number'])) as [
    Float64Array,
    Float64Array,
  ];
  return { rows, first: first[0]!, last: last[0]! };
}

/**
 * Opens a batched read of a curve/instance in a range. The connection must stay with the cursor
 * until `close` (which ends the transaction).
 *
 * @param conn - A connection for the cursor alone.
 * @param members - The series of the curve or instance (from `readSeriesMembers` with the scenarios).
 * @param range - `[begin, end)`.
 * @param full - The steps of the range when it has a row at each (see `Store.openSeries`), or null.
 * @param release - Called once when the cursor is closed (gives the connection back).
 * @param missingSpan - Called with a single series that has no stored span (the store may write it; see duckdb-spans.ts).
 * @param rowsPerWindow - Rows read at once (default {@link WINDOW_ROWS}; `DuckDbStoreOptions.windowRows`).
 * @returns The cursor: row count, first and last time, columns, and the batches.
 * @example
 * const cursor = await openSeriesCursor(conn, members, { begin, end }, null, release);
 * for await (const batch of cursor.batches(65536)) send(batch);
 */
export async function openSeriesCursor(
  conn: DuckDBConnection,
  members: SeriesMembers,
  range: TimeRange,
  full: SeriesSpan | null,
  release: () => void,
  missingSpan: (seriesId: number) => void = () => undefined,
  rowsPerWindow: number = WINDOW_ROWS,
): Promise<SeriesCursor> {
  let open = true;
  const close = async (): Promise<void> => {
    if (!open) return;
    open = false;
    try {
      await conn.run('ROLLBACK');
    } finally {
      release();
    }
  };
  try {
    const values = members.valueId !== null;
    const ids = members.valueId === null ? members.scenarioIds : [members.valueId, ...members.scenarioIds];
    const scenarioNames = [...members.scenarioNames];
    const where = `series_id IN (${ids.length ? ids.join(',') : 'NULL'})${rangeSql('ts', range, sqlTime)}`;
    const columns = ids.length === 1 ? 'value' : ids.map((id) => `max(value) FILTER (WHERE series_id = ${id})`).join(', ');
    const grouped = ids.length === 1 ? '' : ' GROUP BY ts ORDER BY ts';
    const window = (lo: number, hi: number) =>
      `SELECT ts, ${columns} FROM series_values WHERE ${where} AND ts >= ${sqlTime(lo)} AND ts < ${sqlTime(hi)}${grouped}`;
    // the transaction begins in the same call as the span's read
    const span = await spanOf(conn, where, ids, full, missingSpan, 'BEGIN TRANSACTION; ');
    const { rows } = span;
    async function* batches(size: number, source?: ColumnSource, form: TimeForm = 'ms'): AsyncGenerator<SeriesBatch> {
      try {
        if (rows === 0 || ids.length === 0) return;
        const pages = windowRows(conn, window, ids.length, span, rowsPerWindow, size, form, source);
        for await (const [times, ...columns] of pages) {
          yield { times: times!, values: values ? columns[0]! : null, scenarios: values ? columns.slice(1) : columns };
        }
      } finally {
        await close();
      }
    }
    return {
      rows,
      first: span.first,
      last: span.last,
      values,
      scenarioNames,
      batches,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
