/**
 * The metadata write steps of the embedded store (curves, places, users, keys, instances, series
 * columns, the event log) and the appender helpers, run inside the import transaction with ids
 * already resolved.
 *
 * @module
 */
import { LIST, VARCHAR, listValue, type DuckDBAppender, type DuckDBConnection } from '@duckdb/node-api';
import { ChunkWriter, readRows, sqlIntList, sqlNumber } from './duckdb-io';
import { formatEventId, type EventIdParts } from '../event-ids';
import type { CurveRecord, EventRecord, InstanceRecord, KeyRecord, PlaceRecord, UserRecord } from '../types';

/** A curve with its row id. */
export interface CurveRow {
  id: number;
  record: CurveRecord;
}

/** An instance with its row id and its curve's id. */
export interface InstanceRow {
  id: number;
  curveId: number;
  record: InstanceRecord;
}

/** One stored column of a series: curve, instance (0 = none), member (-1 = value) and name. */
export interface SeriesRow {
  id: number;
  curveId: number;
  instanceId: number;
  member: number;
  name: string;
}

const TEXTS = LIST(VARCHAR);

/**
 * Appends a text cell (NULL for `null`).
 *
 * @param appender - The appender.
 * @param value - The text.
 * @returns Nothing.
 * @example
 * appendText(a, null)
 */
function appendText(appender: DuckDBAppender, value: string | null): void {
  if (value === null) appender.appendNull();
  else appender.appendVarchar(value);
}

/**
 * Appends a number cell (NULL for `null` and NaN).
 *
 * @param appender - The appender.
 * @param value - The number.
 * @returns Nothing.
 * @example
 * appendNumber(a, NaN)
 */
function appendNumber(appender: DuckDBAppender, value: number | null): void {
  if (value === null || Number.isNaN(value)) appender.appendNull();
  else appender.appendDouble(value);
}

function list(appender: DuckDBAppender, values: readonly string[]): void {
  appender.appendList(listValue([...values]), TEXTS);
}

/**
 * Runs `write` with an appender on a table and closes (flushes) it afterwards.
 *
 * @param conn - The connection.
 * @param table - The table.
 * @param write - Appends rows.
 * @returns Nothing.
 * @example
 * await withAppender(conn, 'events', (a) => { a.appendDouble(1); a.endRow(); });
 */
async function withAppender(conn: DuckDBConnection, table: string, write: (a: DuckDBAppender) => void): Promise<void> {
  const appender = await conn.createAppender(table);
  try {
    write(appender);
  } finally {
    appender.closeSync();
  }
}

async function deleteTexts(conn: DuckDBConnection, table: string, column: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await conn.run(`DELETE FROM ${table} WHERE list_contains($1, ${column})`, [listValue(keys)], [TEXTS]);
}

/**
 * Replaces curves (by id).
 *
 * @param conn - The connection (in a transaction).
 * @param rows - The curves with their ids.
 * @param replaced - Ids of those that are stored (deleted first); default: all of them.
 * @returns Nothing.
 * @example
 * await writeCurves(conn, [{ id: 1, record: curve }], []);
 */
export async function writeCurves(
  conn: DuckDBConnection,
  rows: readonly CurveRow[],
  replaced: readonly number[] = rows.map((r) => r.id),
): Promise<void> {
  if (rows.length === 0) return;
  if (replaced.length) await conn.run(`DELETE FROM curves WHERE id IN (${sqlIntList(replaced)})`);
  await withAppender(conn, 'curves', (a) => {
    for (const { id, record: c } of rows) {
      a.appendInteger(id);
      appendText(a, c.name);
      appendText(a, c.curveType);
      appendText(a, c.area);
      appendText(a, c.areaSink);
      appendText(a, c.placeKey);
      list(a, c.categories);
      for (const v of [
        c.frequency,
        c.timezone,
        c.unit,
        c.denominator,
        c.dataType,
        c.source,
        c.commodity,
        c.instanceIssuedTimezone,
        c.package,
      ]) {
        appendText(a, v);
      }
      a.endRow();
    }
  });
}

/**
 * Replaces places, users and keys (by key, id and hash).
 *
 * @param conn - The connection (in a transaction).
 * @param places - Places to write.
 * @param users - Users to write.
 * @param keys - Keys to write.
 * @returns Nothing.
 * @example
 * await writeDirectory(conn, [], [user], [key]);
 */
export async function writeDirectory(
  conn: DuckDBConnection,
  places: readonly PlaceRecord[],
  users: readonly UserRecord[],
  keys: readonly KeyRecord[],
): Promise<void> {
  await deleteTexts(
    conn,
    'places',
    'key',
    places.map((p) => p.key),
  );
  if (places.length) {
    await withAppender(conn, 'places', (a) => {
      for (const p of places) {
        appendText(a, p.key);
        appendText(a, p.kind);
        appendText(a, p.name);
        appendText(a, p.unit);
        list(a, p.fuels);
        appendNumber(a, p.latitude);
        appendNumber(a, p.longitude);
        list(a, p.areas);
        appendText(a, p.parentKey);
        a.endRow();
      }
    });
  }
  await deleteTexts(
    conn,
    'users',
    'id',
    users.map((u) => u.id),
  );
  if (users.length) {
    await withAppender(conn, 'users', (a) => {
      for (const u of users) {
        appendText(a, u.id);
        appendText(a, u.name);
        appendText(a, u.email);
        appendText(a, u.organization);
        a.appendBoolean(u.blocked);
        list(
          a,
          u.subscriptions.map((g) => `${g.package}:${g.area}`),
        );
        a.endRow();
      }
    });
  }
  await deleteTexts(
    conn,
    'api_keys',
    'hash',
    keys.map((k) => k.hash),
  );
  if (keys.length) {
    await withAppender(conn, 'api_keys', (a) => {
      for (const k of keys) {
        appendText(a, k.hash);
        appendText(a, k.userId);
        appendText(a, k.label);
        appendNumber(a, k.created);
        a.appendBoolean(k.blocked);
        a.endRow();
      }
    });
  }
}

/**
 * Replaces instances (by id) and adds new series columns.
 *
 * @param conn - The connection (in a transaction).
 * @param instances - Instances with ids.
 * @param series - New series columns.
 * @param replaced - Ids of the instances that are stored (deleted first); default: all of them.
 * @returns Nothing.
 * @example
 * await writeInstances(conn, [{ id: 1, curveId: 3, record: instance }], [], []);
 */
export async function writeInstances(
  conn: DuckDBConnection,
  instances: readonly InstanceRow[],
  series: readonly SeriesRow[],
  replaced: readonly number[] = instances.map((i) => i.id),
): Promise<void> {
  if (instances.length) {
    if (replaced.length) await conn.run(`DELETE FROM instances WHERE id IN (${sqlIntList(replaced)})`);
    await withAppender(conn, 'instances', (a) => {
      for (const { id, curveId, record: i } of instances) {
        a.appendInteger(id);
        a.appendInteger(curveId);
        appendNumber(a, i.issued);
        appendText(a, i.tag);
        appendNumber(a, i.created);
        appendNumber(a, i.modified);
        list(a, i.scenarioNames);
        a.endRow();
      }
    });
  }
  if (series.length) {
    await withAppender(conn, 'series', (a) => {
      for (const s of series) {
        a.appendInteger(s.id);
        a.appendInteger(s.curveId);
        a.appendInteger(s.instanceId);
        a.appendSmallInt(s.member);
        appendText(a, s.name);
        a.endRow();
      }
    });
  }
}

/**
 * Closes an appender after a failure: the import rolls back, and the first error is the one to
 * report.
 *
 * @param appender - The appender.
 * @returns Nothing.
 * @example
 * closeQuietly(appender);
 */
export function closeQuietly(appender: DuckDBAppender): void {
  try {
    appender.closeSync();
  } catch {
    // The transaction is rolled back anyway.
  }
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
export async function writeEvents(
  conn: DuckDBConnection,
  events: readonly { event: EventRecord; id: EventIdParts }[],
  dropBefore: number,
): Promise<string | null> {
  if (events.length) {
    const n = events.length;
    const ms = new Float64Array(n);
    const seq = new Float64Array(n);
    const begin = new Float64Array(n);
    const end = new Float64Array(n);
    const issued = new Float64Array(n);
    const created = new Float64Array(n);
    const types: string[] = [];
    const curves: string[] = [];
    const tags: (string | null)[] = [];
    events.forEach(({ event: e, id }, i) => {
      ms[i] = id.ms;
      seq[i] = id.seq;
      begin[i] = e.begin ?? NaN;
      end[i] = e.end ?? NaN;
      issued[i] = e.issued ?? NaN;
      created[i] = e.created;
      types.push(e.type);
      curves.push(e.curve);
      tags.push(e.tag);
    });
    const appender = await conn.createAppender('events');
    const writer = new ChunkWriter(appender, ['double', 'int', 'text', 'text', 'double', 'double', 'double', 'text', 'double']);
    try {
      writer.append([ms, seq, types, curves, begin, end, issued, tags, created], 0, n);
      writer.close();
    } catch (err) {
      closeQuietly(appender);
      throw err;
    }
  }
  const old = `created < ${sqlNumber(dropBefore)}`;
  const newest = await readRows(conn, `SELECT ms, seq FROM events WHERE ${old} ORDER BY ms DESC, seq DESC LIMIT 1`);
  if (newest.length === 0) return null;
  const id = formatEventId({ ms: Number(newest[0]!.ms), seq: Number(newest[0]!.seq) });
  await conn.run(`DELETE FROM events WHERE ${old}`);
  await conn.run(`DELETE FROM store_meta WHERE key = 'pruned_through'`);
  await conn.run(`INSERT INTO store_meta VALUES ('pruned_through', $1)`, [id]);
  return id;
}
