/**
 * The data write steps of the embedded store (values, periods, OHLC rows) and the one transaction
 * that runs every step of an import.
 *
 * @module
 */
import { BIGINT, INTEGER, LIST, listValue, type DuckDBConnection } from '@duckdb/node-api';
import { ChunkWriter, sqlIntList, sqlNumber, sqlTime } from './duckdb-io';
import type { WritePlan } from './duckdb-plan';
import { clearBlocks } from './duckdb-blocks';
import { insertSeriesRows, type SeriesRows } from './duckdb-series-insert';
import { clearSpans } from './duckdb-spans';
import { closeQuietly, writeCurves, writeDirectory, writeEvents, writeInstances } from './duckdb-write-meta';
import type { EventIdParts } from '../event-ids';
import { inTradeOrder } from '../ohlc-order';
import type { EventRecord, ImportBatch, ImportResult, OhlcBlock, PeriodBlock, SeriesBlock } from '../types';

/** A data block with the ids it is written under; `fresh` when nothing can be stored there yet. */
export interface BlockTarget<B> {
  /** The block. */
  block: B;
  /** Its curve's id. */
  curveId: number;
  /** Its instance's id (0 = none). */
  instanceId: number;
  /** True when nothing can be stored for this curve/instance yet (no replace step needed). */
  fresh: boolean;
}

/** A series block with the series ids of its value column and of each scenario. */
export interface SeriesTarget extends BlockTarget<SeriesBlock> {
  /** Series id of the value column, `null` when the block has none. */
  valueId: number | null;
  /** Series id of each scenario column, in the block's order. */
  scenarioIds: number[];
}

/**
 * Deletes stored values in ranges, in one statement: each range is a series id with its first
 * and last timestamp (inclusive).
 *
 * @param conn - The connection (in a transaction).
 * @param ids - Series ids.
 * @param los - First timestamp of each id's range.
 * @param his - Last timestamp of each id's range.
 * @returns Nothing.
 * @example
 * await deleteRanges(conn, [7, 8], [t0, t0], [t1, t1]);
 */
async function deleteRanges(conn: DuckDBConnection, ids: readonly number[], los: readonly number[], his: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await conn.run(
    `DELETE FROM series_values USING (SELECT unnest($1) AS id, unnest($2) AS lo, unnest($3) AS hi) AS r
    WHERE series_values.series_id = r.id AND series_values.ts BETWEEN r.lo AND r.hi`,
    [listValue([...ids]), listValue(los.map(BigInt)), listValue(his.map(BigInt))],
    [LIST(INTEGER), LIST(BIGINT), LIST(BIGINT)],
  );
}

/**
 * Writes the values of series blocks: each block replaces what its curve/instance holds between
 * its first and last timestamp (inclusive), for every member. What the blocks replace among the
 * stored values is deleted up front in one statement, and the rows go in with one insert
 * ({@link insertSeriesRows}); only a block whose curve/instance an earlier block of the same
 * batch wrote makes the rows before it reach the table before its own delete.
 *
 * @param conn - The connection (in a transaction).
 * @param targets - The blocks with their series ids.
 * @param columnsOf - All series ids of a curve/instance (what a block replaces).
 * @param afterEach - Called after each block's rows are in (progress).
 * @param parallel - Whether the inserts may run on several threads ({@link insertSeriesRows}).
 * @returns Number of values written.
 * @example
 * await writeSeries(conn, targets, (c, i) => ids, () => {}, false);
 */
async function writeSeries(
  conn: DuckDBConnection,
  targets: readonly SeriesTarget[],
  columnsOf: (curveId: number, instanceId: number) => number[],
  afterEach: () => void,
  parallel: boolean,
): Promise<number> {
  const seen = new Set<string>();
  const again: boolean[] = [];
  const ids: number[] = [];
  const los: number[] = [];
  const his: number[] = [];
  for (const t of targets) {
    const key = `${t.curveId}|${t.instanceId}`;
    const { times } = t.block;
    again.push(seen.has(key));
    if (times.length > 0 && !t.fresh && !seen.has(key)) {
      for (const id of columnsOf(t.curveId, t.instanceId)) {
        ids.push(id);
        los.push(times[0]!);
        his.push(times[times.length - 1]!);
      }
    }
    if (times.length > 0) seen.add(key);
  }
  await deleteRanges(conn, ids, los, his);
  let written = 0;
  let pieces: SeriesRows[] = [];
  let waiting = 0;
  const insert = async () => {
    await insertSeriesRows(conn, pieces, parallel);
    pieces = [];
    for (; waiting > 0; waiting--) afterEach();
  };
  for (const [k, t] of targets.entries()) {
    const { times } = t.block;
    const n = times.length;
    if (n > 0 && again[k]) {
      await insert();
      await conn.run(`DELETE FROM series_values WHERE series_id IN (${sqlIntList(columnsOf(t.curveId, t.instanceId))})
        AND ts BETWEEN ${sqlTime(times[0]!)} AND ${sqlTime(times[n - 1]!)}`);
    }
    if (n > 0 && t.valueId !== null && t.block.values) {
      pieces.push({ id: t.valueId, times, values: t.block.values, rows: n });
      written += n;
    }
    t.block.scenarios.forEach((column, m) => {
      if (n > 0) pieces.push({ id: t.scenarioIds[m]!, times, values: column, rows: n });
      written += n;
    });
    waiting++;
  }
  await insert();
  return written;
}

/** Every series of the curve/instance pairs whose values a batch writes (a block replaces all members over its range). */
function changedSeries(targets: readonly SeriesTarget[], columnsOf: (curveId: number, instanceId: number) => number[]): number[] {
  const ids = new Set<number>();
  for (const t of targets) if (t.block.times.length > 0) for (const id of columnsOf(t.curveId, t.instanceId)) ids.add(id);
  return [...ids];
}

/**
 * Writes period blocks: each replaces the stored periods of its curve/instance over
 * `[first begin, last end)`, trimming stored periods that stick out of that range.
 *
 * @param conn - The connection (in a transaction).
 * @param targets - The blocks with their ids.
 * @param afterEach - Called after each block (progress).
 * @returns Number of periods written.
 * @example
 * await writePeriods(conn, targets, () => {});
 */
async function writePeriods(conn: DuckDBConnection, targets: readonly BlockTarget<PeriodBlock>[], afterEach: () => void): Promise<number> {
  let written = 0;
  const appender = await conn.createAppender('periods');
  const writer = new ChunkWriter(appender, ['int', 'int', 'double', 'double', 'double', 'double']);
  try {
    for (const t of targets) {
      const { begins, ends, values, capacities } = t.block;
      const n = begins.length;
      if (n > 0 && !t.fresh) {
        writer.flush();
        appender.flushSync();
        const where = `curve_id = ${t.curveId} AND instance_id = ${t.instanceId}`;
        const lo = sqlNumber(begins[0]!);
        const hi = sqlNumber(ends[n - 1]!);
        await conn.run(`INSERT INTO periods SELECT curve_id, instance_id, ${hi}, end_ts, value, capacity FROM periods
          WHERE ${where} AND begin_ts < ${lo} AND end_ts > ${hi}`);
        await conn.run(`UPDATE periods SET end_ts = ${lo} WHERE ${where} AND begin_ts < ${lo} AND end_ts > ${lo}`);
        await conn.run(`UPDATE periods SET begin_ts = ${hi} WHERE ${where} AND begin_ts >= ${lo} AND begin_ts < ${hi} AND end_ts > ${hi}`);
        await conn.run(`DELETE FROM periods WHERE ${where} AND begin_ts >= ${lo} AND end_ts <= ${hi}`);
      }
      if (n > 0) writer.append([t.curveId, t.instanceId, begins, ends, values, capacities ?? null], 0, n);
      written += n;
      afterEach();
    }
    writer.close();
  } catch (err) {
    closeQuietly(appender);
    throw err;
  }
  return written;
}

/**
 * Writes OHLC blocks: each replaces the stored rows of its curve on the trading days it contains.
 *
 * @param conn - The connection (in a transaction).
 * @param targets - The blocks with their curve ids.
 * @param afterEach - Called after each block (progress).
 * @returns Number of rows written.
 * @example
 * await writeOhlc(conn, targets, () => {});
 */
async function writeOhlc(conn: DuckDBConnection, targets: readonly BlockTarget<OhlcBlock>[], afterEach: () => void): Promise<number> {
  let written = 0;
  const appender = await conn.createAppender('ohlc');
  const writer = new ChunkWriter(appender, [
    'int',
    'double',
    'text',
    'double',
    'double',
    'double',
    'double',
    'double',
    'double',
    'double',
    'double',
  ]);
  try {
    for (const t of targets) {
      // stored in read order, so that reads need no sort (ohlc-order.ts)
      const b = inTradeOrder(t.block).block;
      const n = b.traded.length;
      if (n > 0 && !t.fresh) {
        writer.flush();
        appender.flushSync();
        const days = [...new Set(b.traded)].map(sqlNumber).join(',');
        await conn.run(`DELETE FROM ohlc WHERE curve_id = ${t.curveId} AND traded IN (${days})`);
      }
      if (n > 0)
        writer.append(
          [t.curveId, b.traded, b.period, b.delivery, b.open, b.high, b.low, b.close, b.settlement, b.volume, b.openInterest],
          0,
          n,
        );
      written += n;
      afterEach();
    }
    writer.close();
  } catch (err) {
    closeQuietly(appender);
    throw err;
  }
  return written;
}

/** What {@link writeBatch} wrote. */
export interface WriteCounts {
  /** Values written (every member of every step). */
  values: number;
  /** Periods written. */
  periods: number;
  /** OHLC rows written. */
  ohlcRows: number;
  /** Newest event id dropped from the log, or `null`. */
  pruned: string | null;
}

/**
 * What an import reports, for either store: the batch's curves, places and instances, the rows
 * written and the events appended.
 *
 * @param batch - The imported batch.
 * @param written - What was written.
 * @param events - The events appended.
 * @returns The import's result.
 * @example
 * importResult({ curves: [curve] }, { values: 0, periods: 0, ohlcRows: 0, pruned: null }, []).curves //=> 1
 */
export function importResult(batch: ImportBatch, written: WriteCounts, events: EventRecord[]): ImportResult {
  const { pruned: _pruned, ...counts } = written;
  return {
    curves: batch.curves?.length ?? 0,
    places: batch.places?.length ?? 0,
    instances: batch.instances?.length ?? 0,
    ...counts,
    events,
  };
}

/**
 * Writes a planned batch in one transaction: metadata, then each block, then the events. Any
 * failure (including one thrown by `onStep`) rolls everything back and is rethrown.
 *
 * @param conn - The write connection (no transaction open).
 * @param plan - The resolved batch.
 * @param batch - The batch (places, users, keys are written as given).
 * @param events - The plan's events with their ids, and the ids' parts.
 * @param dropBefore - Events created before this epoch ms leave the log.
 * @param onStep - Called after each step with the steps done and the total.
 * @param parallel - Whether series values may be inserted on several threads (a store nothing
 *   else reads meanwhile; {@link insertSeriesRows}).
 * @returns What was written.
 * @throws whatever failed; nothing is then written.
 * @example
 * await writeBatch(conn, plan, batch, events, now - retention, () => {}) //=> { values: 96, periods: 0, ohlcRows: 0, pruned: null }
 */
export async function writeBatch(
  conn: DuckDBConnection,
  plan: WritePlan,
  batch: ImportBatch,
  events: readonly { event: EventRecord; id: EventIdParts }[],
  dropBefore: number,
  onStep: (done: number, total: number) => void,
  parallel = false,
): Promise<WriteCounts> {
  const total = 2 + plan.series.length + plan.periods.length + plan.ohlc.length;
  let done = 0;
  const step = () => onStep(++done, total);
  await conn.run('BEGIN TRANSACTION');
  try {
    await writeCurves(conn, plan.curves, plan.replacedCurves);
    await writeDirectory(conn, batch.places ?? [], batch.users ?? [], batch.keys ?? []);
    await writeInstances(conn, plan.instances, plan.newSeries, plan.replacedInstances);
    step();
    const columnsOf = (c: number, i: number) => plan.columns.get(`${c}|${i}`) ?? [];
    const values = await writeSeries(conn, plan.series, columnsOf, step, parallel);
    await clearSpans(conn, changedSeries(plan.series, columnsOf));
    await clearBlocks(
      conn,
      plan.series.filter((t) => t.block.times.length > 0).map((t) => [t.curveId, t.instanceId] as const),
    );
    const periods = await writePeriods(conn, plan.periods, step);
    const ohlcRows = await writeOhlc(conn, plan.ohlc, step);
    const pruned = await writeEvents(conn, events, dropBefore);
    step();
    await conn.run('COMMIT');
    return { values, periods, ohlcRows, pruned };
  } catch (err) {
    await conn.run('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
