/**
 * The data reads of the embedded store: series, periods, OHLC rows, instances and events, each
 * one query (two for series) returning columns.
 *
 * @module
 */
import { LIST, VARCHAR, listValue, type DuckDBConnection, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import { readColumns, readRows, sqlNumber, sqlText, sqlTextOrParam, sqlTime } from './duckdb-io';
import { instanceFromRow } from './duckdb-records';
import { inTradeOrder } from '../ohlc-order';
import { pivotMembers, sortByTime } from '../pivot-members';
import { formatEventId } from '../event-ids';
import type { EventIdParts } from '../event-ids';
import type { InstanceKey, InstanceQuery, OhlcQuery, TimeRange } from '../store';
import type { EventRecord, InstanceRecord, OhlcBlock, PeriodBlock, SeriesBlock } from '../types';

/** Where a read looks: curve name and id, instance id (0 = none) and the instance identity. */
export interface ReadTarget {
  curve: string;
  curveId: number;
  instanceId: number;
  issued: number | null;
  tag: string | null;
}

/**
 * ` AND column >= begin AND column < end` for the bounds a range has (empty without any), the
 * bounds written by `literal`: `sqlTime` for `series_values.ts` (whole ms, BIGINT), `sqlNumber`
 * for the DOUBLE instant columns.
 *
 * @example
 * rangeSql('ts', { begin: 1.5 }, sqlTime) //=> ' AND ts >= 2'
 */
export function rangeSql(column: string, range: TimeRange, literal: (ms: number) => string): string {
  const parts: string[] = [];
  if (range.begin !== undefined) parts.push(`${column} >= ${literal(range.begin)}`);
  if (range.end !== undefined) parts.push(`${column} < ${literal(range.end)}`);
  return parts.length ? ` AND ${parts.join(' AND ')}` : '';
}

/** The series of a curve/instance: the value column's id (null: none) and the members' ids and names. */
export interface SeriesMembers {
  valueId: number | null;
  scenarioIds: number[];
  scenarioNames: string[];
}

/**
 * Reads which series a curve/instance has (the value column and the members, in member order).
 *
 * @param conn - A connection.
 * @param target - The curve and instance.
 * @param scenarios - Whether to include the members.
 * @returns The series ids and member names.
 * @example
 * (await readSeriesMembers(conn, target, true)).scenarioNames //=> ['e00', 'e01']
 */
export async function readSeriesMembers(conn: DuckDBConnection, target: ReadTarget, scenarios: boolean): Promise<SeriesMembers> {
  const rows = await readRows(
    conn,
    `SELECT id, member, name FROM series WHERE curve_id = ${target.curveId}
    AND instance_id = ${target.instanceId}${scenarios ? '' : ' AND member < 0'} ORDER BY member`,
  );
  const valueRow = rows.find((m) => Number(m.member) < 0);
  const scenarioRows = rows.filter((m) => Number(m.member) >= 0);
  return {
    valueId: valueRow ? Number(valueRow.id) : null,
    scenarioIds: scenarioRows.map((m) => Number(m.id)),
    scenarioNames: scenarioRows.map((m) => String(m.name)),
  };
}

/**
 * The series ids of a curve/instance in column order: the value series first when there is one,
 * then the members.
 *
 * @param members - From {@link readSeriesMembers}.
 * @returns The ids.
 * @example
 * seriesIds({ valueId: 7, scenarioIds: [8, 9], scenarioNames: ['a', 'b'] }) //=> [7, 8, 9]
 */
export function seriesIds(members: SeriesMembers): number[] {
  return members.valueId === null ? [...members.scenarioIds] : [members.valueId, ...members.scenarioIds];
}

/**
 * A series block from aligned columns, one per id of {@link seriesIds} in its order.
 *
 * @param target - The curve and instance.
 * @param members - Its series.
 * @param times - Ascending times.
 * @param columns - One column per series id.
 * @returns The block.
 * @example
 * seriesOfColumns(target, members, times, [mean, e00]).scenarios.length //=> 1
 */
export function seriesOfColumns(target: ReadTarget, members: SeriesMembers, times: Float64Array, columns: Float64Array[]): SeriesBlock {
  const offset = members.valueId === null ? 0 : 1;
  return {
    curve: target.curve,
    issued: target.issued,
    tag: target.tag,
    times,
    values: members.valueId !== null ? columns[0]! : null,
    scenarios: members.scenarioIds.map((_, k) => columns[k + offset]!),
    scenarioNames: [...members.scenarioNames],
  };
}

/**
 * Reads the values of a curve/instance in a range as aligned, time-ordered columns.
 *
 * @param conn - A connection.
 * @param target - The curve and instance.
 * @param range - `[begin, end)`.
 * @param members - Its series (from {@link readSeriesMembers}; without members, only the values).
 * @returns The block (`values` null when the series has no value column).
 * @example
 * (await readSeriesBlock(conn, target, { begin, end }, await readSeriesMembers(conn, target, true))).times.length //=> 96
 */
export async function readSeriesBlock(
  conn: DuckDBConnection,
  target: ReadTarget,
  range: TimeRange,
  members: SeriesMembers,
): Promise<SeriesBlock> {
  const ids = seriesIds(members);
  if (ids.length === 0) return seriesOfColumns(target, members, new Float64Array(0), []);
  const where = `series_id IN (${ids.join(',')})${rangeSql('ts', range, sqlTime)}`;
  if (ids.length === 1) {
    const [ts, v] = (await readColumns(conn, `SELECT ts, value FROM series_values WHERE ${where}`, ['number', 'number'])) as [
      Float64Array,
      Float64Array,
    ];
    const [times, sorted] = sortByTime(ts, v);
    return seriesOfColumns(target, members, times, [sorted]);
  }
  const [sid, ts, v] = (await readColumns(conn, `SELECT series_id, ts, value FROM series_values WHERE ${where}`, [
    'number',
    'number',
    'number',
  ])) as [Float64Array, Float64Array, Float64Array];
  const { times, columns } = pivotMembers(sid, ts, v, ids);
  return seriesOfColumns(target, members, times, columns);
}

/**
 * The instance row ids of some instances of a curve, in one query (the issue times as a list, the
 * tags matched case-insensitively here).
 *
 * @param conn - A connection.
 * @param curveId - The curve id.
 * @param keys - The instances.
 * @returns For each key, its row id and stored tag, or null when there is no such instance.
 * @example
 * (await readInstanceIds(conn, 3, [{ issued, tag: 'ec' }]))[0]?.id //=> 17
 */
export async function readInstanceIds(
  conn: DuckDBConnection,
  curveId: number,
  keys: readonly InstanceKey[],
): Promise<({ id: number; tag: string } | null)[]> {
  if (keys.length === 0) return [];
  const issued = [...new Set(keys.map((k) => k.issued))].map(sqlNumber).join(', ');
  const rows = await readRows(conn, `SELECT id, issued, tag FROM instances WHERE curve_id = ${curveId} AND issued IN (${issued})`);
  const byKey = new Map(rows.map((r) => [`${Number(r.issued)}|${String(r.tag).toLowerCase()}`, { id: Number(r.id), tag: String(r.tag) }]));
  return keys.map((k) => byKey.get(`${k.issued}|${k.tag.toLowerCase()}`) ?? null);
}

/**
 * The series of several instances of a curve ({@link readSeriesMembers} of each), in one query.
 *
 * @param conn - A connection.
 * @param curveId - The curve id.
 * @param instanceIds - The instances' row ids.
 * @param scenarios - Whether to include the members.
 * @returns The series of each instance, by instance id.
 * @example
 * (await readSeriesMembersOf(conn, 3, [17], false)).get(17)?.valueId //=> 40
 */
export async function readSeriesMembersOf(
  conn: DuckDBConnection,
  curveId: number,
  instanceIds: readonly number[],
  scenarios: boolean,
): Promise<Map<number, SeriesMembers>> {
  const out = new Map<number, SeriesMembers>(instanceIds.map((id) => [id, { valueId: null, scenarioIds: [], scenarioNames: [] }]));
  if (instanceIds.length === 0) return out;
  const rows = await readRows(
    conn,
    `SELECT id, instance_id, member, name FROM series WHERE curve_id = ${curveId}
    AND instance_id IN (${instanceIds.join(',')})${scenarios ? '' : ' AND member < 0'} ORDER BY instance_id, member`,
  );
  for (const r of rows) {
    const members = out.get(Number(r.instance_id))!;
    if (Number(r.member) < 0) members.valueId = Number(r.id);
    else {
      members.scenarioIds.push(Number(r.id));
      members.scenarioNames.push(String(r.name));
    }
  }
  return out;
}

/**
 * Reads whole single-column series (no members) in one query: the times and values of each
 * series id, time-ordered.
 *
 * @param conn - A connection.
 * @param ids - The series ids.
 * @returns Times and values by series id (empty columns for an id without rows).
 * @example
 * (await readSingleSeries(conn, [40, 41])).get(40)?.[0].length //=> 960
 */
export async function readSingleSeries(conn: DuckDBConnection, ids: readonly number[]): Promise<Map<number, [Float64Array, Float64Array]>> {
  const out = new Map<number, [Float64Array, Float64Array]>();
  if (ids.length === 0) return out;
  const [sid, ts, v] = (await readColumns(conn, `SELECT series_id, ts, value FROM series_values WHERE series_id IN (${ids.join(',')})`, [
    'number',
    'number',
    'number',
  ])) as [Float64Array, Float64Array, Float64Array];
  const counts = new Map<number, number>(ids.map((id) => [id, 0]));
  for (let i = 0; i < sid.length; i++) counts.set(sid[i]!, (counts.get(sid[i]!) ?? 0) + 1);
  const filled = new Map<number, number>();
  for (const [id, n] of counts) {
    out.set(id, [new Float64Array(n), new Float64Array(n)]);
    filled.set(id, 0);
  }
  for (let i = 0; i < sid.length; i++) {
    const id = sid[i]!;
    const at = filled.get(id)!;
    const [times, values] = out.get(id)!;
    times[at] = ts[i]!;
    values[at] = v[i]!;
    filled.set(id, at + 1);
  }
  for (const [id, [times, values]] of out) out.set(id, sortByTime(times, values));
  return out;
}

/**
 * Reads the periods of a curve/instance that overlap a range, ordered by begin.
 *
 * @param conn - A connection.
 * @param target - The curve and instance.
 * @param range - `[begin, end)`; a period overlaps when it begins before `end` and ends after `begin`.
 * @returns The block (`capacities` null when no period in it has a capacity).
 * @example
 * (await readPeriodBlock(conn, target, {})).begins.length //=> 12
 */
export async function readPeriodBlock(conn: DuckDBConnection, target: ReadTarget, range: TimeRange): Promise<PeriodBlock> {
  const overlap: string[] = [];
  if (range.end !== undefined) overlap.push(`begin_ts < ${sqlNumber(range.end)}`);
  if (range.begin !== undefined) overlap.push(`end_ts > ${sqlNumber(range.begin)}`);
  const [begins, ends, values, capacities] = (await readColumns(
    conn,
    `SELECT begin_ts, end_ts, value, capacity FROM periods
    WHERE curve_id = ${target.curveId} AND instance_id = ${target.instanceId}${overlap.map((o) => ` AND ${o}`).join('')}
    ORDER BY begin_ts`,
    ['number', 'number', 'number', 'number'],
  )) as [Float64Array, Float64Array, Float64Array, Float64Array];
  const hasCapacity = capacities.some((c) => !Number.isNaN(c));
  return { curve: target.curve, issued: target.issued, tag: target.tag, begins, ends, values, capacities: hasCapacity ? capacities : null };
}

/**
 * Reads OHLC rows with `traded` in a range, optionally one period type or one delivery, in read
 * order (traded, period case-insensitively, delivery). The embedded store writes each import's
 * rows in that order (`inTradeOrder`), so the rows are read as stored and checked, and put in
 * order here only when they are not (rows of several imports); `stored: 'unordered'` has the
 * query sort them instead, for a curve already found so.
 *
 * @param conn - A connection.
 * @param curve - The curve name.
 * @param curveId - The curve id.
 * @param query - Range and filters.
 * @param stored - What is known of the stored order: `'unknown'` (read as stored, then checked) or `'unordered'`.
 * @returns The rows as columns, in read order, and whether they were stored in it (as far as the read saw).
 * @example
 * (await readOhlcBlock(conn, name, 7, { period: 'month' })).block.period[0] //=> 'month'
 */
export async function readOhlcBlock(
  conn: DuckDBConnection,
  curve: string,
  curveId: number,
  query: OhlcQuery,
  stored: 'unknown' | 'unordered' = 'unknown',
): Promise<{ block: OhlcBlock; inOrder: boolean }> {
  const params: DuckDBValue[] = [];
  let where = `curve_id = ${curveId}${rangeSql('traded', query, sqlNumber)}`;
  // a literal when it can be (one call into DuckDB), else bound
  if (query.period !== undefined) where += ` AND lower(period) = ${sqlTextOrParam(query.period.toLowerCase(), params)}`;
  if (query.delivery !== undefined) where += ` AND delivery = ${sqlNumber(query.delivery)}`;
  const sorted = stored === 'unordered' ? ' ORDER BY traded, lower(period), delivery' : '';
  const cols = await readColumns(
    conn,
    `SELECT traded, period, delivery, open, high, low, close, settlement, volume, open_interest
    FROM ohlc WHERE ${where}${sorted}`,
    ['number', 'text', ...Array<'number'>(8).fill('number')],
    params,
  );
  const [traded, period, delivery, open, high, low, close, settlement, volume, openInterest] = cols as [
    Float64Array,
    string[],
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  const read = { curve, traded, period, delivery, open, high, low, close, settlement, volume, openInterest };
  if (stored === 'unordered') return { block: read, inOrder: false };
  const { block, moved } = inTradeOrder(read);
  return { block, inOrder: !moved };
}

/**
 * Lists instances of a curve, newest first.
 *
 * @param conn - A connection.
 * @param curve - The curve name.
 * @param curveId - The curve id.
 * @param query - Issue-time bounds (inclusive), tags, exclude-tags and limit.
 * @returns The instances.
 * @example
 * (await readInstances(conn, name, 3, { tags: ['ec'], limit: 1 }))[0].tag //=> 'ec'
 */
export async function readInstances(
  conn: DuckDBConnection,
  curve: string,
  curveId: number,
  query: InstanceQuery,
): Promise<InstanceRecord[]> {
  const params: DuckDBValue[] = [];
  const types: DuckDBType[] = [];
  let where = `curve_id = ${curveId}`;
  if (query.issuedAtEarliest !== undefined) where += ` AND issued >= ${sqlNumber(query.issuedAtEarliest)}`;
  if (query.issuedAtLatest !== undefined) where += ` AND issued <= ${sqlNumber(query.issuedAtLatest)}`;
  // tags as literals when they can be (one call into DuckDB), else as a bound list
  const tagsIn = (tags: readonly string[], not: string) => {
    const lower = tags.map((t) => t.toLowerCase());
    const literals = lower.map(sqlText);
    if (literals.every((l) => l !== null)) return ` AND lower(tag) ${not}IN (${literals.join(', ')})`;
    params.push(listValue(lower));
    types.push(LIST(VARCHAR));
    return ` AND ${not}list_contains($${params.length}, lower(tag))`;
  };
  if (query.tags !== undefined && query.tags.length > 0) where += tagsIn(query.tags, '');
  if (query.excludeTags !== undefined && query.excludeTags.length > 0) where += tagsIn(query.excludeTags, 'NOT ');
  const limit = query.limit !== undefined ? ` LIMIT ${Math.max(0, Math.floor(query.limit))}` : '';
  const reader = await conn.runAndReadAll(
    `SELECT issued, tag, created, modified, scenario_names FROM instances
    WHERE ${where} ORDER BY issued DESC, tag${limit}`,
    params.length ? params : undefined,
    params.length ? types : undefined,
  );
  return (reader.getRowObjectsJS() as Record<string, unknown>[]).map((r) => instanceFromRow(r, curve));
}

/**
 * Reads events after an id, oldest first.
 *
 * @param conn - A connection.
 * @param after - The id to start after, or `null` for the whole log.
 * @param limit - At most this many.
 * @returns The events.
 * @example
 * (await readEvents(conn, null, 10)).length //=> 3
 */
export async function readEvents(conn: DuckDBConnection, after: EventIdParts | null, limit: number): Promise<EventRecord[]> {
  const where = after === null ? 'TRUE' : `ms > ${sqlNumber(after.ms)} OR (ms = ${sqlNumber(after.ms)} AND seq > ${Math.floor(after.seq)})`;
  const rows = await readRows(conn, `SELECT * FROM events WHERE ${where} ORDER BY ms, seq LIMIT ${Math.max(0, Math.floor(limit))}`);
  return rows.map((r) => ({
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
