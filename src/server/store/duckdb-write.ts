/**
 * The data write steps of the embedded store (values, periods, OHLC rows, events) and the one
 * transaction that runs every step of an import.
 *
 * @module
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { appendChunks, readRows, sqlIntList, sqlNumber } from './duckdb-io';
import type { WritePlan } from './duckdb-plan';
import { appendNumber, appendText, withAppender, writeCurves, writeDirectory, writeInstances } from './duckdb-write-meta';
import { formatEventId, type EventIdParts } from './event-ids';
import type { EventRecord, ImportBatch, OhlcBlock, PeriodBlock, SeriesBlock } from './types';

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
 * Writes the values of series blocks: each block replaces what its curve/instance holds between
 * its first and last timestamp (inclusive), for every member.
 *
 * @param conn - The connection (in a transaction).
 * @param targets - The blocks with their series ids.
 * @param columnsOf - All series ids of a curve/instance (what a block replaces).
 * @param afterEach - Called after each block (progress).
 * @returns Number of values written.
 * @example
 * await writeSeries(conn, targets, (c, i) => ids, () => {});
 */
export async function writeSeries(conn: DuckDBConnection, targets: readonly SeriesTarget[], columnsOf: (curveId: number, instanceId: number) => number[], afterEach: () => void): Promise<number> {
  let written = 0;
  const appender = await conn.createAppender('series_values');
  try {
    for (const t of targets) {
      const { times } = t.block;
      const n = times.length;
      if (n > 0 && !t.fresh) {
        appender.flushSync();
        await conn.run(`DELETE FROM series_values WHERE series_id IN (${sqlIntList(columnsOf(t.curveId, t.instanceId))})
          AND ts BETWEEN ${sqlNumber(times[0])} AND ${sqlNumber(times[n - 1])}`);
      }
      if (n > 0 && t.valueId !== null && t.block.values) {
        appendChunks(appender, ['int', 'double', 'double'], [t.valueId, times, t.block.values], n);
        written += n;
      }
      t.block.scenarios.forEach((column, k) => {
        if (n > 0) appendChunks(appender, ['int', 'double', 'double'], [t.scenarioIds[k], times, column], n);
        written += n;
      });
      afterEach();
    }
  } finally {
    appender.closeSync();
  }
  return written;
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
export async function writePeriods(conn: DuckDBConnection, targets: readonly BlockTarget<PeriodBlock>[], afterEach: () => void): Promise<number> {
  let written = 0;
  const appender = await conn.createAppender('periods');
  try {
    for (const t of targets) {
      const { begins, ends, values, capacities } = t.block;
      const n = begins.length;
      if (n > 0 && !t.fresh) {
        appender.flushSync();
        const where = `curve_id = ${t.curveId} AND instance_id = ${t.instanceId}`;
        const lo = sqlNumber(begins[0]);
        const hi = sqlNumber(ends[n - 1]);
        await conn.run(`INSERT INTO periods SELECT curve_id, instance_id, ${hi}, end_ts, value, capacity FROM periods
          WHERE ${where} AND begin_ts < ${lo} AND end_ts > ${hi}`);
        await conn.run(`UPDATE periods SET end_ts = ${lo} WHERE ${where} AND begin_ts < ${lo} AND end_ts > ${lo}`);
        await conn.run(`UPDATE periods SET begin_ts = ${hi} WHERE ${where} AND begin_ts >= ${lo} AND begin_ts < ${hi} AND end_ts > ${hi}`);
        await conn.run(`DELETE FROM periods WHERE ${where} AND begin_ts >= ${lo} AND end_ts <= ${hi}`);
      }
      if (n > 0) {
        appendChunks(appender, ['int', 'int', 'double', 'double', 'double', 'double'], [t.curveId, t.instanceId, begins, ends, values, capacities ?? NaN], n);
      }
      written += n;
      afterEach();
    }
  } finally {
    appender.closeSync();
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
export async function writeOhlc(conn: DuckDBConnection, targets: readonly BlockTarget<OhlcBlock>[], afterEach: () => void): Promise<number> {
  let written = 0;
  for (const t of targets) {
    const b = t.block;
    const n = b.traded.length;
    if (n > 0 && !t.fresh) {
      const days = [...new Set(b.traded)].map(sqlNumber).join(',');
      await conn.run(`DELETE FROM ohlc WHERE curve_id = ${t.curveId} AND traded IN (${days})`);
    }
    if (n > 0) {
      await withAppender(conn, 'ohlc', (a) => {
        for (let i = 0; i < n; i++) {
          a.appendInteger(t.curveId); appendNumber(a, b.traded[i]); appendText(a, b.period[i]); appendNumber(a, b.delivery[i]);
          for (const column of [b.open, b.high, b.low, b.close, b.settlement, b.volume, b.openInterest]) appendNumber(a, column[i]);
          a.endRow();
        }
      });
    }
    written += n;
    afterEach();
  }
  return written;
}

/**
 * Appends events to the log and drops those created before `dropBefore`, remembering the newest
 * dropped id in `store_meta` (`pruned_through`) so that readers can tell when events were lost.
 *
 * @param conn - The connection (in a transaction).
 * @param events - New events, each with its id's parts.
 * @param dropBefore - Epoch ms; older events leave the log.
 * @returns The newest dropped id, or `null` when none was dropped.
 * @example
 * await writeEvents(conn, [{ event, id: { ms, seq: 0 } }], now - 7 * 86400000) //=> null
 */
export async function writeEvents(conn: DuckDBConnection, events: readonly { event: EventRecord; id: EventIdParts }[], dropBefore: number): Promise<string | null> {
  if (events.length) {
    await withAppender(conn, 'events', (a) => {
      for (const { event: e, id } of events) {
        a.appendDouble(id.ms); a.appendInteger(id.seq); appendText(a, e.type); appendText(a, e.curve);
        appendNumber(a, e.begin); appendNumber(a, e.end); appendNumber(a, e.issued); appendText(a, e.tag); appendNumber(a, e.created);
        a.endRow();
      }
    });
  }
  const old = `created < ${sqlNumber(dropBefore)}`;
  const newest = await readRows(conn, `SELECT ms, seq FROM events WHERE ${old} ORDER BY ms DESC, seq DESC LIMIT 1`);
  if (newest.length === 0) return null;
  const id = formatEventId({ ms: Number(newest[0].ms), seq: Number(newest[0].seq) });
  await conn.run(`DELETE FROM events WHERE ${old}`);
  await conn.run(`DELETE FROM store_meta WHERE key = 'pruned_through'`);
  await conn.run(`INSERT INTO store_meta VALUES ('pruned_through', $1)`, [id]);
  return id;
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
 * Writes a planned batch in one transaction: metadata, then each block, then the events. Any
 * failure (including one thrown by `onStep`) rolls everything back and is rethrown.
 *
 * @param conn - The write connection (no transaction open).
 * @param plan - The resolved batch.
 * @param batch - The batch (places, users, keys are written as given).
 * @param events - The plan's events with their ids, and the ids' parts.
 * @param dropBefore - Events created before this epoch ms leave the log.
 * @param onStep - Called after each step with the steps done and the total.
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
): Promise<WriteCounts> {
  const total = 2 + plan.series.length + plan.periods.length + plan.ohlc.length;
  let done = 0;
  const step = () => onStep(++done, total);
  await conn.run('BEGIN TRANSACTION');
  try {
    await writeCurves(conn, plan.curves);
    await writeDirectory(conn, batch.places ?? [], batch.users ?? [], batch.keys ?? []);
    await writeInstances(conn, plan.instances, plan.newSeries);
    step();
    const values = await writeSeries(conn, plan.series, (c, i) => plan.columns.get(`${c}|${i}`) ?? [], step);
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
