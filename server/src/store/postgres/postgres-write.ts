/**
 * The write steps of the PostgreSQL store, run in the import's one transaction with ids resolved
 * by the shared plan (`duckdb-plan.ts`, engine-neutral): metadata as one JSON parameter per table,
 * values, periods and OHLC rows through `COPY`, the events, and the shared data versions.
 *
 * @module
 */
import type { PoolClient } from 'pg';
import { sqlIntList } from '../duckdb/duckdb-io';
import type { WritePlan } from '../duckdb/duckdb-plan';
import type { WriteCounts } from '../duckdb/duckdb-write';
import { formatEventId, type EventIdParts } from '../event-ids';
import { CopyWriter } from './postgres-copy';
import type { EventRecord, ImportBatch } from '../types';

/**
 * SQL literal of a finite double for PostgreSQL.
 *
 * @param value - A finite number.
 * @returns The literal.
 * @example
 * pgNumber(1.5) //=> '1.5::float8'
 */
export function pgNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  return `${value}::float8`;
}

async function insertJson(client: PoolClient, table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`, [JSON.stringify(rows)]);
}

async function deleteTexts(client: PoolClient, table: string, column: string, keys: readonly string[]): Promise<void> {
  if (keys.length) await client.query(`DELETE FROM ${table} WHERE ${column} = ANY($1::text[])`, [keys]);
}

// Not split: the metadata writes of one import, in the order the tables' keys require (curves,
// instances, series); each step is a few lines of the same form.
async function writeMeta(client: PoolClient, plan: WritePlan, batch: ImportBatch): Promise<void> {
  if (plan.replacedCurves.length) await client.query(`DELETE FROM curves WHERE id IN (${sqlIntList(plan.replacedCurves)})`);
  await insertJson(
    client,
    'curves',
    plan.curves.map(({ id, record: c }) => ({
      id,
      name: c.name,
      curve_type: c.curveType,
      area: c.area,
      area_sink: c.areaSink,
      place_key: c.placeKey,
      categories: c.categories,
      frequency: c.frequency,
      timezone: c.timezone,
      unit: c.unit,
      denominator: c.denominator,
      data_type: c.dataType,
      source: c.source,
      commodity: c.commodity,
      instance_issued_timezone: c.instanceIssuedTimezone,
      package: c.package,
    })),
  );
  const places = batch.places ?? [];
  await deleteTexts(
    client,
    'places',
    'key',
    places.map((p) => p.key),
  );
  await insertJson(
    client,
    'places',
    places.map((p) => ({
      key: p.key,
      kind: p.kind,
      name: p.name,
      unit: p.unit,
      fuels: p.fuels,
      latitude: p.latitude,
      longitude: p.longitude,
      areas: p.areas,
      parent_key: p.parentKey,
    })),
  );
  const users = batch.users ?? [];
  await deleteTexts(
    client,
    'users',
    'id',
    users.map((u) => u.id),
  );
  await insertJson(
    client,
    'users',
    users.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      organization: u.organization,
      blocked: u.blocked,
      grants: u.subscriptions.map((g) => `${g.package}:${g.area}`),
    })),
  );
  const keys = batch.keys ?? [];
  await deleteTexts(
    client,
    'api_keys',
    'hash',
    keys.map((k) => k.hash),
  );
  await insertJson(
    client,
    'api_keys',
    keys.map((k) => ({ hash: k.hash, user_id: k.userId, label: k.label, created: k.created, blocked: k.blocked })),
  );
  if (plan.replacedInstances.length) await client.query(`DELETE FROM instances WHERE id IN (${sqlIntList(plan.replacedInstances)})`);
  await insertJson(
    client,
    'instances',
    plan.instances.map(({ id, curveId, record: i }) => ({
      id,
      curve_id: curveId,
      issued: i.issued,
      tag: i.tag,
      created: i.created,
      modified: i.modified,
      scenario_names: i.scenarioNames,
    })),
  );
  await insertJson(
    client,
    'series',
    plan.newSeries.map((s) => ({ id: s.id, curve_id: s.curveId, instance_id: s.instanceId, member: s.member, name: s.name })),
  );
}

async function writeSeries(client: PoolClient, plan: WritePlan, step: () => void): Promise<number> {
  const columnsOf = (c: number, i: number) => plan.columns.get(`${c}|${i}`) ?? [];
  const writer = new CopyWriter(client, 'series_values');
  // What the first block of each curve/instance replaces leaves up front, in one statement.
  const ids: number[] = [];
  const los: number[] = [];
  const his: number[] = [];
  const seen = new Set<string>();
  for (const t of plan.series) {
    const { times } = t.block;
    const key = `${t.curveId}|${t.instanceId}`;
    if (times.length > 0 && !t.fresh && !seen.has(key)) {
      for (const id of columnsOf(t.curveId, t.instanceId)) {
        ids.push(id);
        los.push(times[0]!);
        his.push(times[times.length - 1]!);
      }
    }
    if (times.length > 0) seen.add(key);
  }
  if (ids.length) {
    await client.query(
      `DELETE FROM series_values v USING unnest($1::int[], $2::float8[], $3::float8[]) AS r(id, lo, hi)
      WHERE v.series_id = r.id AND v.ts BETWEEN r.lo AND r.hi`,
      [ids, los, his],
    );
  }
  const written = new Set<string>();
  let values = 0;
  for (const t of plan.series) {
    const { times } = t.block;
    const n = times.length;
    const key = `${t.curveId}|${t.instanceId}`;
    if (n > 0 && written.has(key)) {
      // A later block of a curve/instance this batch wrote already: the copied rows must reach
      // the table (the COPY ends) before the block's range can be deleted.
      await writer.close();
      await client.query(`DELETE FROM series_values WHERE series_id = ANY($1::int[]) AND ts BETWEEN $2 AND $3`, [
        columnsOf(t.curveId, t.instanceId),
        times[0],
        times[n - 1],
      ]);
    }
    if (n > 0 && t.valueId !== null && t.block.values) {
      await writer.append([t.valueId, times, t.block.values], n);
      values += n;
    }
    for (const [m, column] of t.block.scenarios.entries()) {
      if (n > 0) await writer.append([t.scenarioIds[m]!, times, column], n);
      values += n;
    }
    if (n > 0) written.add(key);
    step();
  }
  await writer.close();
  return values;
}

async function writePeriods(client: PoolClient, plan: WritePlan, step: () => void): Promise<number> {
  const writer = new CopyWriter(client, 'periods');
  let count = 0;
  for (const t of plan.periods) {
    const { begins, ends, values, capacities } = t.block;
    const n = begins.length;
    if (n > 0 && !t.fresh) {
      await writer.close();
      const where = `curve_id = ${t.curveId} AND instance_id = ${t.instanceId}`;
      const lo = pgNumber(begins[0]!);
      const hi = pgNumber(ends[n - 1]!);
      await client.query(`INSERT INTO periods SELECT curve_id, instance_id, ${hi}, end_ts, value, capacity FROM periods
        WHERE ${where} AND begin_ts < ${lo} AND end_ts > ${hi}`);
      await client.query(`UPDATE periods SET end_ts = ${lo} WHERE ${where} AND begin_ts < ${lo} AND end_ts > ${lo}`);
      await client.query(
        `UPDATE periods SET begin_ts = ${hi} WHERE ${where} AND begin_ts >= ${lo} AND begin_ts < ${hi} AND end_ts > ${hi}`,
      );
      await client.query(`DELETE FROM periods WHERE ${where} AND begin_ts >= ${lo} AND end_ts <= ${hi}`);
    }
    if (n > 0) await writer.append([t.curveId, t.instanceId, begins, ends, values, capacities ?? null], n);
    count += n;
    step();
  }
  await writer.close();
  return count;
}

async function writeOhlc(client: PoolClient, plan: WritePlan, step: () => void): Promise<number> {
  const writer = new CopyWriter(client, 'ohlc');
  let count = 0;
  for (const t of plan.ohlc) {
    const b = t.block;
    const n = b.traded.length;
    if (n > 0 && !t.fresh) {
      await writer.close();
      await client.query(`DELETE FROM ohlc WHERE curve_id = $1 AND traded = ANY($2::float8[])`, [t.curveId, [...new Set(b.traded)]]);
    }
    if (n > 0)
      await writer.append(
        [t.curveId, b.traded, b.period, b.delivery, b.open, b.high, b.low, b.close, b.settlement, b.volume, b.openInterest],
        n,
      );
    count += n;
    step();
  }
  await writer.close();
  return count;
}

async function writeEvents(
  client: PoolClient,
  events: readonly { event: EventRecord; id: EventIdParts }[],
  dropBefore: number,
): Promise<string | null> {
  await insertJson(
    client,
    'events',
    events.map(({ event: e, id }) => ({
      ms: id.ms,
      seq: id.seq,
      type: e.type,
      curve: e.curve,
      begin_ts: e.begin,
      end_ts: e.end,
      issued: e.issued,
      tag: e.tag,
      created: e.created,
    })),
  );
  if (events.length) await setMeta(client, 'last_event_id', formatEventId(events[events.length - 1]!.id));
  const { rows } = await client.query<{ ms: number; seq: number }>(
    'SELECT ms, seq FROM events WHERE created < $1 ORDER BY ms DESC, seq DESC LIMIT 1',
    [dropBefore],
  );
  if (rows.length === 0) return null;
  const id = formatEventId({ ms: Number(rows[0]!.ms), seq: Number(rows[0]!.seq) });
  await client.query('DELETE FROM events WHERE created < $1', [dropBefore]);
  await setMeta(client, 'pruned_through', id);
  return id;
}

/**
 * Sets one `store_meta` value.
 *
 * @param client - A client (in a transaction).
 * @param key - The key.
 * @param value - The value.
 * @returns Nothing.
 * @example
 * await setMeta(client, 'pruned_through', '1693526400000-0');
 */
async function setMeta(client: PoolClient, key: string, value: string): Promise<void> {
  await client.query('INSERT INTO store_meta VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [key, value]);
}

/**
 * Advances the shared data versions for an import: the store-wide counter, every curve the batch
 * names, places when it has any; and the generation (every node's cue to reload its metadata).
 *
 * @param client - A client (in the import's transaction).
 * @param touched - What the batch changes (see `DataVersions.touchedBy`).
 * @returns Nothing.
 * @example
 * await bumpVersions(client, { curves: ['DE Wind'], places: false });
 */
export async function bumpVersions(client: PoolClient, touched: { curves: string[]; places: boolean }): Promise<void> {
  const { rows } = await client.query<{ value: string }>(
    `UPDATE store_meta SET value = (value::bigint + 1)::text WHERE key = 'version' RETURNING value`,
  );
  const n = rows[0]!.value;
  if (touched.curves.length) {
    await client.query(
      `INSERT INTO curve_versions SELECT unnest($1::text[]), $2::bigint ON CONFLICT (curve) DO UPDATE SET version = EXCLUDED.version`,
      [touched.curves, n],
    );
  }
  if (touched.places) await setMeta(client, 'places_version', n);
  await bumpGeneration(client);
}

/**
 * Advances the generation: every node reloads its cached metadata (curves, places, users, keys)
 * before it next answers.
 *
 * @param client - A client (in the writing transaction).
 * @returns Nothing.
 * @example
 * await bumpGeneration(client);
 */
export async function bumpGeneration(client: PoolClient): Promise<void> {
  await client.query(`UPDATE store_meta SET value = (value::bigint + 1)::text WHERE key = 'generation'`);
}

/**
 * Writes a planned batch inside the caller's transaction: metadata, then each block, then the
 * events (each step in order; the caller commits or rolls back).
 *
 * @param client - A client inside the import's transaction (holding the write lock).
 * @param plan - The resolved batch.
 * @param batch - The batch (places, users, keys are written as given).
 * @param events - The plan's events with their ids.
 * @param dropBefore - Events created before this epoch ms leave the log.
 * @param onStep - Called after each step with the steps done and the total.
 * @returns What was written.
 * @example
 * await writePgBatch(client, plan, batch, events, now - retention, () => {}) //=> { values: 96, periods: 0, ohlcRows: 0, pruned: null }
 */
export async function writePgBatch(
  client: PoolClient,
  plan: WritePlan,
  batch: ImportBatch,
  events: readonly { event: EventRecord; id: EventIdParts }[],
  dropBefore: number,
  onStep: (done: number, total: number) => void,
): Promise<WriteCounts> {
  const total = 2 + plan.series.length + plan.periods.length + plan.ohlc.length;
  let done = 0;
  const step = () => onStep(++done, total);
  await writeMeta(client, plan, batch);
  step();
  const values = await writeSeries(client, plan, step);
  const periods = await writePeriods(client, plan, step);
  const ohlcRows = await writeOhlc(client, plan, step);
  const pruned = await writeEvents(client, events, dropBefore);
  step();
  return { values, periods, ohlcRows, pruned };
}
