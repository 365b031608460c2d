/**
 * The metadata write steps of the embedded store (curves, places, users, keys, instances, series
 * columns) and the appender helpers, run inside the import transaction with ids already resolved.
 *
 * @module
 */
import { LIST, VARCHAR, listValue, type DuckDBAppender, type DuckDBConnection } from '@duckdb/node-api';
import { sqlIntList } from './duckdb-io';
import type { CurveRecord, InstanceRecord, KeyRecord, PlaceRecord, UserRecord } from './types';

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
export function appendText(appender: DuckDBAppender, value: string | null): void {
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
export function appendNumber(appender: DuckDBAppender, value: number | null): void {
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
export async function withAppender(conn: DuckDBConnection, table: string, write: (a: DuckDBAppender) => void): Promise<void> {
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
 * @returns Nothing.
 * @example
 * await writeCurves(conn, [{ id: 1, record: curve }]);
 */
export async function writeCurves(conn: DuckDBConnection, rows: readonly CurveRow[]): Promise<void> {
  if (rows.length === 0) return;
  await conn.run(`DELETE FROM curves WHERE id IN (${sqlIntList(rows.map((r) => r.id))})`);
  await withAppender(conn, 'curves', (a) => {
    for (const { id, record: c } of rows) {
      a.appendInteger(id);
      appendText(a, c.name);
      appendText(a, c.curveType);
      appendText(a, c.area);
      appendText(a, c.areaSink);
      appendText(a, c.placeKey);
      list(a, c.categories);
      for (const v of [c.frequency, c.timezone, c.unit, c.denominator, c.dataType, c.source, c.commodity, c.instanceIssuedTimezone, c.package]) {
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
export async function writeDirectory(conn: DuckDBConnection, places: readonly PlaceRecord[], users: readonly UserRecord[], keys: readonly KeyRecord[]): Promise<void> {
  await deleteTexts(conn, 'places', 'key', places.map((p) => p.key));
  if (places.length) {
    await withAppender(conn, 'places', (a) => {
      for (const p of places) {
        appendText(a, p.key); appendText(a, p.kind); appendText(a, p.name); appendText(a, p.unit); list(a, p.fuels);
        appendNumber(a, p.latitude); appendNumber(a, p.longitude); list(a, p.areas); appendText(a, p.parentKey);
        a.endRow();
      }
    });
  }
  await deleteTexts(conn, 'users', 'id', users.map((u) => u.id));
  if (users.length) {
    await withAppender(conn, 'users', (a) => {
      for (const u of users) {
        appendText(a, u.id); appendText(a, u.name); appendText(a, u.email); appendText(a, u.organization); a.appendBoolean(u.blocked);
        list(a, u.subscriptions.map((g) => `${g.package}:${g.area}`));
        a.endRow();
      }
    });
  }
  await deleteTexts(conn, 'api_keys', 'hash', keys.map((k) => k.hash));
  if (keys.length) {
    await withAppender(conn, 'api_keys', (a) => {
      for (const k of keys) {
        appendText(a, k.hash); appendText(a, k.userId); appendText(a, k.label); appendNumber(a, k.created); a.appendBoolean(k.blocked);
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
 * @returns Nothing.
 * @example
 * await writeInstances(conn, [{ id: 1, curveId: 3, record: instance }], []);
 */
export async function writeInstances(conn: DuckDBConnection, instances: readonly InstanceRow[], series: readonly SeriesRow[]): Promise<void> {
  if (instances.length) {
    await conn.run(`DELETE FROM instances WHERE id IN (${sqlIntList(instances.map((i) => i.id))})`);
    await withAppender(conn, 'instances', (a) => {
      for (const { id, curveId, record: i } of instances) {
        a.appendInteger(id); a.appendInteger(curveId); appendNumber(a, i.issued); appendText(a, i.tag);
        appendNumber(a, i.created); appendNumber(a, i.modified); list(a, i.scenarioNames);
        a.endRow();
      }
    });
  }
  if (series.length) {
    await withAppender(conn, 'series', (a) => {
      for (const s of series) {
        a.appendInteger(s.id); a.appendInteger(s.curveId); a.appendInteger(s.instanceId); a.appendSmallInt(s.member); appendText(a, s.name);
        a.endRow();
      }
    });
  }
}
