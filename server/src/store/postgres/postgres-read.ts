/**
 * The data reads of the PostgreSQL store: series, periods, OHLC rows, instances and events, each
 * as the embedded store answers them (same order, same columns; texts ordered by byte order).
 *
 * @module
 */
import type { Pool, PoolClient } from 'pg';
import { sqlIntList } from '../duckdb/duckdb-io';
import { instanceFromRow } from '../duckdb/duckdb-records';
import { copyNumberColumns } from './postgres-copy';
import type { ReadTarget } from '../duckdb/duckdb-read';
import { formatEventId, type EventIdParts } from '../event-ids';
import { pivotMembers, sortByTime } from '../pivot-members';
import { pgNumber } from './postgres-write';
import type { InstanceQuery, OhlcQuery, TimeRange } from '../store';
import type { EventRecord, InstanceRecord, OhlcBlock, PeriodBlock, SeriesBlock } from '../types';

/** Something that runs queries: the pool or one client. */
export type Queryable = Pool | PoolClient;

function rangeSql(column: string, range: TimeRange): string {
  const parts: string[] = [];
  if (range.begin !== undefined) parts.push(`${column} >= ${pgNumber(range.begin)}`);
  if (range.end !== undefined) parts.push(`${column} < ${pgNumber(range.end)}`);
  return parts.length ? ` AND ${parts.join(' AND ')}` : '';
}

/**
 * Runs a query and returns its columns as `Float64Array`s (NULL as NaN).
 *
 * @param db - The pool or a client.
 * @param sql - The query; every column numeric.
 * @param params - Parameter values.
 * @returns One array per column.
 * @example
 * const [ts, v] = await pgColumns(pool, 'SELECT ts, value FROM series_values WHERE series_id = 1');
 */
export async function pgColumns(db: Queryable, sql: string, params: unknown[] = []): Promise<Float64Array[]> {
  const result = await db.query<unknown[]>({ text: sql, values: params, rowMode: 'array' });
  const n = result.rows.length;
  const out = result.fields.map(() => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    const row = result.rows[i]!;
    for (let c = 0; c < out.length; c++) {
      const v = row[c];
      out[c]![i] = v === null ? NaN : Number(v);
    }
  }
  return out;
}

/**
 * Reads the values of a curve/instance in a range as aligned, time-ordered columns.
 *
 * @param db - A client (COPY needs one connection).
 * @param target - The curve and instance.
 * @param range - `[begin, end)`.
 * @param scenarios - Whether to read the scenario columns too.
 * @returns The block (`values` null when the series has no value column).
 * @example
 * (await readPgSeries(pool, target, { begin, end }, true)).times.length //=> 96
 */
export async function readPgSeries(db: PoolClient, target: ReadTarget, range: TimeRange, scenarios: boolean): Promise<SeriesBlock> {
  const { rows: members } = await db.query<{ id: number; member: number; name: string }>(
    `SELECT id, member, name FROM series
    WHERE curve_id = $1 AND instance_id = $2${scenarios ? '' : ' AND member < 0'} ORDER BY member`,
    [target.curveId, target.instanceId],
  );
  const valueRow = members.find((m) => m.member < 0);
  const scenarioRows = members.filter((m) => m.member >= 0);
  const ids = [...(valueRow ? [valueRow.id] : []), ...scenarioRows.map((m) => m.id)];
  const empty: SeriesBlock = {
    curve: target.curve,
    issued: target.issued,
    tag: target.tag,
    times: new Float64Array(0),
    values: valueRow ? new Float64Array(0) : null,
    scenarios: scenarioRows.map(() => new Float64Array(0)),
    scenarioNames: scenarioRows.map((m) => String(m.name)),
  };
  if (ids.length === 0) return empty;
  const where = `series_id IN (${sqlIntList(ids)})${rangeSql('ts', range)}`;
  if (ids.length === 1) {
    const [ts, v] = (await copyNumberColumns(db, `SELECT ts, value FROM series_values WHERE ${where} ORDER BY ts`, 2)) as [
      Float64Array,
      Float64Array,
    ];
    const [times, sorted] = sortByTime(ts, v);
    return { ...empty, times, values: valueRow ? sorted : null, scenarios: valueRow ? [] : [sorted] };
  }
  const [sid, ts, v] = (await copyNumberColumns(db, `SELECT series_id::float8, ts, value FROM series_values WHERE ${where}`, 3)) as [
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  const { times, columns } = pivotMembers(sid, ts, v, ids);
  const slot = (id: number) => {
    const values = columns[ids.indexOf(id)];
    if (values === undefined) throw new Error(`series ${id} is missing from the pivoted read`);
    return values;
  };
  return { ...empty, times, values: valueRow ? slot(valueRow.id) : null, scenarios: scenarioRows.map((m) => slot(m.id)) };
}

/**
 * Reads the periods of a curve/instance that overlap a range, ordered by begin.
 *
 * @param db - The pool or a client.
 * @param target - The curve and instance.
 * @param range - `[begin, end)`.
 * @returns The block (`capacities` null when no period in it has one).
 * @example
 * (await readPgPeriods(pool, target, {})).begins.length //=> 12
 */
export async function readPgPeriods(db: Queryable, target: ReadTarget, range: TimeRange): Promise<PeriodBlock> {
  let overlap = '';
  if (range.end !== undefined) overlap += ` AND begin_ts < ${pgNumber(range.end)}`;
  if (range.begin !== undefined) overlap += ` AND end_ts > ${pgNumber(range.begin)}`;
  const [begins, ends, values, capacities] = (await pgColumns(
    db,
    `SELECT begin_ts, end_ts, value, capacity FROM periods
    WHERE curve_id = $1 AND instance_id = $2${overlap} ORDER BY begin_ts`,
    [target.curveId, target.instanceId],
  )) as [Float64Array, Float64Array, Float64Array, Float64Array];
  const hasCapacity = capacities.some((c) => !Number.isNaN(c));
  return { curve: target.curve, issued: target.issued, tag: target.tag, begins, ends, values, capacities: hasCapacity ? capacities : null };
}

/**
 * Reads OHLC rows with `traded` in a range, optionally one period type or one delivery.
 *
 * @param db - The pool or a client.
 * @param curve - The curve name.
 * @param curveId - The curve id.
 * @param query - Range and filters.
 * @returns The rows as columns, ordered by traded, period, delivery.
 * @example
 * (await readPgOhlc(pool, name, 7, { period: 'month' })).period[0] //=> 'month'
 */
export async function readPgOhlc(db: Queryable, curve: string, curveId: number, query: OhlcQuery): Promise<OhlcBlock> {
  const params: unknown[] = [curveId];
  let where = `curve_id = $1${rangeSql('traded', query)}`;
  if (query.period !== undefined) {
    params.push(query.period.toLowerCase());
    where += ` AND lower(period) = $${params.length}`;
  }
  if (query.delivery !== undefined) where += ` AND delivery = ${pgNumber(query.delivery)}`;
  const order = 'ORDER BY traded, lower(period) COLLATE "C", delivery';
  const [traded, delivery, open, high, low, close, settlement, volume, openInterest] = (await pgColumns(
    db,
    `SELECT traded, delivery, open, high, low, close, settlement, volume, open_interest FROM ohlc WHERE ${where} ${order}`,
    params,
  )) as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  const { rows } = await db.query<string[]>({ text: `SELECT period FROM ohlc WHERE ${where} ${order}`, values: params, rowMode: 'array' });
  const period = rows.map((r) => String(r[0]));
  return { curve, traded, period, delivery, open, high, low, close, settlement, volume, openInterest };
}

/**
 * Lists instances of a curve, newest first (then by tag).
 *
 * @param db - The pool or a client.
 * @param curve - The curve name.
 * @param curveId - The curve id.
 * @param query - Issue-time bounds (inclusive), tags, exclude-tags and limit.
 * @returns The instances.
 * @example
 * (await readPgInstances(pool, name, 3, { tags: ['ec'], limit: 1 }))[0].tag //=> 'ec'
 */
export async function readPgInstances(db: Queryable, curve: string, curveId: number, query: InstanceQuery): Promise<InstanceRecord[]> {
  const params: unknown[] = [curveId];
  let where = 'curve_id = $1';
  if (query.issuedAtEarliest !== undefined) where += ` AND issued >= ${pgNumber(query.issuedAtEarliest)}`;
  if (query.issuedAtLatest !== undefined) where += ` AND issued <= ${pgNumber(query.issuedAtLatest)}`;
  if (query.tags !== undefined && query.tags.length > 0) {
    params.push(query.tags.map((t) => t.toLowerCase()));
    where += ` AND lower(tag) = ANY($${params.length}::text[])`;
  }
  if (query.excludeTags !== undefined && query.excludeTags.length > 0) {
    params.push(query.excludeTags.map((t) => t.toLowerCase()));
    where += ` AND NOT (lower(tag) = ANY($${params.length}::text[]))`;
  }
  const limit = query.limit !== undefined ? ` LIMIT ${Math.max(0, Math.floor(query.limit))}` : '';
  const { rows } = await db.query(
    `SELECT issued, tag, created, modified, scenario_names FROM instances
    WHERE ${where} ORDER BY issued DESC, tag COLLATE "C"${limit}`,
    params,
  );
  return rows.map((r: Record<string, unknown>) => instanceFromRow(r, curve));
}

/**
 * Reads events after an id, oldest first.
 *
 * @param db - The pool or a client.
 * @param after - The id to start after, or `null` for the whole log.
 * @param limit - At most this many.
 * @returns The events.
 * @example
 * (await readPgEvents(pool, null, 10)).length //=> 3
 */
export async function readPgEvents(db: Queryable, after: EventIdParts | null, limit: number): Promise<EventRecord[]> {
  const where = after === null ? 'TRUE' : '(ms, seq) > ($1::float8, $2::int)';
  const params = after === null ? [] : [after.ms, Math.floor(after.seq)];
  const { rows } = await db.query(`SELECT * FROM events WHERE ${where} ORDER BY ms, seq LIMIT ${Math.max(0, Math.floor(limit))}`, params);
  return rows.map((r: Record<string, unknown>) => ({
    id: formatEventId({ ms: Number(r.ms), seq: Number(r.seq) }),
    type: String(r.type) as EventRecord['type'],
    curve: String(r.curve),
    begin: r.begin_ts === null ? null : Number(r.begin_ts),
    end: r.end_ts === null ? null : Number(r.end_ts),
    issued: r.issued === null ? null : Number(r.issued),
    tag: r.tag === null ? null : String(r.tag),
    created: Number(r.created),
  }));
}
