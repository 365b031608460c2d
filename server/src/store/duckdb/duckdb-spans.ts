/**
 * What the embedded store knows of each stored series without reading its rows
 * (docs/arrow.md#streamed): how many rows it has, its first and last time, and whether every row
 * lies on the grid of its curve's fixed step. A batched read takes the row count of a range from
 * them instead of counting the rows (a scan of the range) when the series has a row at every step
 * between its first and last time.
 *
 * The spans live in `series_spans`. An import deletes the spans of the series it writes, in its
 * own transaction; a batched read that finds no span counts the rows as before, and the store then
 * writes the span on its write connection, after every import before it (so from the rows as
 * they are then). A read inside a transaction sees the spans of its own snapshot: never one of
 * other rows than those it reads.
 *
 * @module
 */
import { DOUBLE, INTEGER, LIST, listValue, type DuckDBConnection } from '@duckdb/node-api';
import { Frequency } from 'service/time';
import { readColumns } from './duckdb-io';
import type { SeriesSpan } from '../store';

/** The stored span of one series. */
export interface StoredSpan {
  /** Rows of the series (one per time). */
  rows: number;
  /** Its first time. */
  first: number;
  /** Its last time. */
  last: number;
  /** The fixed step (ms) of its curve when the span was written; null for calendar frequencies. */
  step: number | null;
  /** Whether every row lies on one grid of `step` (null without a step). */
  onGrid: boolean | null;
}

/**
 * The fixed step of a frequency in ms: minute frequencies (`PT15M`, `PT1H`, ...), whose steps are
 * the same length in every zone; null for days, weeks, months and the rest.
 *
 * @param frequency - The frequency's wire tag.
 * @returns The step, or null.
 * @example
 * fixedStep('PT15M') //=> 900000
 * fixedStep('P1D') //=> null
 */
export function fixedStep(frequency: string): number | null {
  if (!Frequency.isValidTag(frequency)) return null;
  const freq = Frequency.byTag(frequency);
  return freq.unit === 'minute' ? freq.size * 60_000 : null;
}

/**
 * Deletes the spans of series (in the transaction that changes their rows).
 *
 * @param conn - The connection (in a transaction).
 * @param seriesIds - The series whose rows change.
 * @returns Nothing.
 * @example
 * await clearSpans(conn, [7, 8]);
 */
export async function clearSpans(conn: DuckDBConnection, seriesIds: readonly number[]): Promise<void> {
  if (seriesIds.length === 0) return;
  await conn.run('DELETE FROM series_spans WHERE series_id IN (SELECT unnest($1))', [listValue([...seriesIds])], [LIST(INTEGER)]);
}

/**
 * Writes the spans of series from their stored rows, in one transaction (on the store's write
 * connection, between imports). A series without rows gets no span.
 *
 * @param conn - The write connection (no transaction open).
 * @param seriesIds - The series whose rows changed.
 * @param curveSteps - The fixed step of each of their curves (null for calendar frequencies).
 * @returns Nothing.
 * @example
 * await writeSpans(conn, [7, 8], new Map([[3, 900000]]));
 */
export async function writeSpans(
  conn: DuckDBConnection,
  seriesIds: readonly number[],
  curveSteps: ReadonlyMap<number, number | null>,
): Promise<void> {
  if (seriesIds.length === 0) return;
  const ids = listValue([...seriesIds]);
  // the offset of a row from the grid through time 0 (exact: epoch ms and steps are integers below 2^53)
  const offset = 'v.ts - c.step * floor(v.ts / c.step)';
  await conn.run('BEGIN TRANSACTION');
  try {
    await clearSpans(conn, seriesIds);
    await conn.run(
      `INSERT INTO series_spans
       SELECT v.series_id, count(*)::DOUBLE, min(v.ts), max(v.ts), any_value(c.step), min(${offset}) = max(${offset})
       FROM series_values v
       JOIN series s ON s.id = v.series_id
       JOIN (SELECT unnest($2) AS id, unnest($3) AS step) c ON c.id = s.curve_id
       WHERE v.series_id IN (SELECT unnest($1))
       GROUP BY v.series_id`,
      [ids, listValue([...curveSteps.keys()]), listValue([...curveSteps.values()])],
      [LIST(INTEGER), LIST(INTEGER), LIST(DOUBLE)],
    );
    await conn.run('COMMIT');
  } catch (err) {
    await conn.run('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/**
 * The span of a series as the caller's transaction sees it.
 *
 * @param conn - The connection.
 * @param seriesId - The series.
 * @param before - Statements run first in the same call (`BEGIN TRANSACTION; `: one round trip to the engine instead of two).
 * @returns Its span, or null when it has none (no rows, changed since its span was written, or never read in batches).
 * @example
 * (await readSpan(conn, 7))?.rows //=> 350688
 */
export async function readSpan(conn: DuckDBConnection, seriesId: number, before = ''): Promise<StoredSpan | null> {
  const [rows, first, last, step, onGrid] = (await readColumns(
    conn,
    `${before}SELECT rows, first_ts, last_ts, step, on_grid::DOUBLE FROM series_spans WHERE series_id = ${Math.trunc(seriesId)}`,
    ['number', 'number', 'number', 'number', 'number'],
  )) as Float64Array[];
  if (rows!.length === 0) return null;
  const grid = onGrid![0]!;
  return {
    rows: rows![0]!,
    first: first![0]!,
    last: last![0]!,
    step: Number.isNaN(step![0]!) ? null : step![0]!,
    onGrid: Number.isNaN(grid) ? null : grid === 1,
  };
}

/**
 * The rows, first and last time a series has in the steps of a range, from its span alone: known
 * when the series has a row at every step of one grid between its first and last time, and that
 * grid is the range's; null otherwise (the caller counts the rows).
 *
 * @param stored - The series' span.
 * @param full - The steps of the range (`rows` steps from `first` to `last`).
 * @returns The rows of the series in the range, or null.
 * @example
 * spanInRange({ rows: 4, first: 0, last: 2_700_000, step: 900_000, onGrid: true }, { rows: 8, first: -900_000, last: 5_400_000 })
 * //=> { rows: 4, first: 0, last: 2700000 }
 */
export function spanInRange(stored: StoredSpan, full: SeriesSpan): SeriesSpan | null {
  const { step } = stored;
  if (step === null || stored.onGrid !== true || full.rows < 1) return null;
  if (full.rows > 1 && (full.last - full.first) / (full.rows - 1) !== step) return null;
  // a row at every step from the first to the last (rows are one per time, all on one grid)
  if (stored.rows !== (stored.last - stored.first) / step + 1) return null;
  if ((stored.first - full.first) % step !== 0) return null;
  const first = Math.max(full.first, stored.first);
  const last = Math.min(full.last, stored.last);
  if (last < first) return { rows: 0, first: Number.NaN, last: Number.NaN };
  return { rows: (last - first) / step + 1, first, last };
}
