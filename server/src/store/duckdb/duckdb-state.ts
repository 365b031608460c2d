/**
 * What the embedded store keeps in memory, loaded when it opens: the metadata (curves with their
 * ids, places, users, keys), the next free ids and the event log's position.
 *
 * @module
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { ValueError } from 'service/exceptions';
import { SCHEMA_SQL, SCHEMA_VERSION, readRows } from './duckdb-io';
import type { IdCounters } from './duckdb-plan';
import { curveFromRow, frozen, keyFromRow, placeFromRow, userFromRow } from './duckdb-records';
import type { CurveRow } from './duckdb-write-meta';
import { compareEventIds, parseEventId, type EventIdParts } from '../event-ids';
import type { KeyRecord, PlaceRecord, UserRecord } from '../types';

/** The in-memory state of an open store. */
export interface StoredState {
  /** Curves by name, with their ids. */
  curves: Map<string, CurveRow>;
  /** Places by key. */
  places: Map<string, PlaceRecord>;
  /** Users by id. */
  users: Map<string, UserRecord>;
  /** Keys by hash. */
  keys: Map<string, KeyRecord>;
  /** The next free ids. */
  next: IdCounters;
  /** The newest event id dropped from the log, or `null`. */
  prunedThrough: EventIdParts | null;
  /** The newest event id ever given out (logged or dropped), or `null`. */
  lastEventId: EventIdParts | null;
}

/**
 * Brings a store of schema version 1 to version 2: the times of `series_values` from DOUBLE to
 * BIGINT (whole epoch ms, which every import wrote; docs/performance.md#times), in one
 * transaction with the version. DuckDB rewrites the column once (the full demo: 1.7 s); the file
 * keeps the old column's blocks as free space for later writes.
 */
async function migrateTimes(conn: DuckDBConnection): Promise<void> {
  await conn.run('BEGIN TRANSACTION');
  try {
    await conn.run('ALTER TABLE series_values ALTER COLUMN ts SET DATA TYPE BIGINT USING round(ts)::BIGINT');
    await conn.run(`UPDATE store_meta SET value = '${SCHEMA_VERSION}' WHERE key = 'schema_version'`);
    await conn.run('COMMIT');
  } catch (err) {
    await conn.run('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/**
 * Creates the schema when missing, checks its version (converting a version 1 store) and loads
 * the in-memory state.
 *
 * @param conn - A connection to the store's database.
 * @returns The state (records frozen).
 * @throws ValueError when the database has a schema version this code does not know.
 * @example
 * (await loadState(conn)).next //=> { curve: 1, instance: 1, series: 1 }   // a new store
 */
export async function loadState(conn: DuckDBConnection): Promise<StoredState> {
  await conn.run(SCHEMA_SQL);
  const version = await readRows(conn, `SELECT value FROM store_meta WHERE key = 'schema_version'`);
  if (version.length === 0) await conn.run(`INSERT INTO store_meta VALUES ('schema_version', '${SCHEMA_VERSION}')`);
  else if (version[0]!.value === '1') await migrateTimes(conn);
  else if (version[0]!.value !== SCHEMA_VERSION)
    throw new ValueError(`Store schema version ${String(version[0]!.value)} is not supported (expected ${SCHEMA_VERSION})`);
  const state: StoredState = {
    curves: new Map(),
    places: new Map(),
    users: new Map(),
    keys: new Map(),
    next: { curve: 1, instance: 1, series: 1 },
    prunedThrough: null,
    lastEventId: null,
  };
  for (const r of await readRows(conn, 'SELECT * FROM curves'))
    state.curves.set(String(r.name), { id: Number(r.id), record: frozen(curveFromRow(r)) });
  for (const r of await readRows(conn, 'SELECT * FROM places')) state.places.set(String(r.key), frozen(placeFromRow(r)));
  for (const r of await readRows(conn, 'SELECT * FROM users')) state.users.set(String(r.id), frozen(userFromRow(r)));
  for (const r of await readRows(conn, 'SELECT * FROM api_keys')) state.keys.set(String(r.hash), frozen(keyFromRow(r)));
  const [max] = await readRows(
    conn,
    `SELECT (SELECT coalesce(max(id), 0) FROM curves)::DOUBLE c,
    (SELECT coalesce(max(id), 0) FROM instances)::DOUBLE i, (SELECT coalesce(max(id), 0) FROM series)::DOUBLE s`,
  );
  if (max === undefined) throw new Error('the id high-water query returned no row');
  state.next = { curve: Number(max.c) + 1, instance: Number(max.i) + 1, series: Number(max.s) + 1 };
  const pruned = await readRows(conn, `SELECT value FROM store_meta WHERE key = 'pruned_through'`);
  state.prunedThrough = pruned.length ? parseEventId(String(pruned[0]!.value)) : null;
  const last = await readRows(conn, 'SELECT ms, seq FROM events ORDER BY ms DESC, seq DESC LIMIT 1');
  const logged = last.length ? { ms: Number(last[0]!.ms), seq: Number(last[0]!.seq) } : null;
  const known = [logged, state.prunedThrough].filter((id): id is EventIdParts => id !== null).sort(compareEventIds);
  state.lastEventId = known.at(-1) ?? null;
  return state;
}
