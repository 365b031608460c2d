/**
 * What a node of the PostgreSQL store caches, loaded from the database: the metadata (curves with
 * their ids, places, users, keys), the shared data versions, the event log's position and the
 * generation it was loaded at. Every write advances the generation, so a node that sees a newer
 * one reloads before it answers (keys blocked on one node count on all).
 *
 * @module
 */
import type { PoolClient } from 'pg';
import { curveFromRow, frozen, keyFromRow, placeFromRow, userFromRow } from '../duckdb/duckdb-records';
import type { CurveRow } from '../duckdb/duckdb-write-meta';
import { compareEventIds, parseEventId, type EventIdParts } from '../event-ids';
import type { KeyRecord, PlaceRecord, UserRecord } from '../types';

/** The cached state of one node. */
export interface PgState {
  /** The generation it was loaded at (`store_meta.generation`). */
  generation: string;
  /** Curves by name, with their ids. */
  curves: Map<string, CurveRow>;
  /** Places by key. */
  places: Map<string, PlaceRecord>;
  /** Users by id. */
  users: Map<string, UserRecord>;
  /** Keys by hash. */
  keys: Map<string, KeyRecord>;
  /** The store's epoch (part of every data version). */
  epoch: string;
  /** The store-wide data version counter. */
  version: number;
  /** The counter value of the last import of places. */
  placesVersion: number;
  /** The counter value of the last import naming each curve. */
  curveVersions: Map<string, number>;
  /** The newest event id dropped from the log, or `null`. */
  prunedThrough: EventIdParts | null;
  /** The newest event id ever given out, or `null`. */
  lastEventId: EventIdParts | null;
}

/**
 * The current generation.
 *
 * @param client - A client.
 * @returns The generation text.
 * @example
 * await generationOf(client) //=> '12'
 */
export async function generationOf(client: PoolClient): Promise<string> {
  const { rows } = await client.query<{ value: string }>(`SELECT value FROM store_meta WHERE key = 'generation'`);
  return rows[0]!.value;
}

/**
 * Loads the whole state in one consistent snapshot (its own read-only transaction unless the
 * client is inside one already).
 *
 * @param client - A client.
 * @param inTransaction - True when the client is inside a transaction that sees what it must.
 * @returns The state (records frozen).
 * @example
 * (await loadPgState(client, false)).curves.size //=> 0   // a new store
 */
export async function loadPgState(client: PoolClient, inTransaction: boolean): Promise<PgState> {
  if (!inTransaction) await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const meta = new Map<string, string>();
    for (const r of (await client.query<{ key: string; value: string }>('SELECT key, value FROM store_meta')).rows)
      meta.set(r.key, r.value);
    const state: PgState = {
      generation: meta.get('generation') ?? '0',
      curves: new Map(),
      places: new Map(),
      users: new Map(),
      keys: new Map(),
      epoch: meta.get('epoch') ?? '',
      version: Number(meta.get('version') ?? 0),
      placesVersion: Number(meta.get('places_version') ?? 0),
      curveVersions: new Map(),
      prunedThrough: meta.has('pruned_through') ? parseEventId(meta.get('pruned_through') as string) : null,
      lastEventId: null,
    };
    for (const r of (await client.query('SELECT * FROM curves')).rows)
      state.curves.set(String(r.name), { id: Number(r.id), record: frozen(curveFromRow(r)) });
    for (const r of (await client.query('SELECT * FROM places')).rows) state.places.set(String(r.key), frozen(placeFromRow(r)));
    for (const r of (await client.query('SELECT * FROM users')).rows) state.users.set(String(r.id), frozen(userFromRow(r)));
    for (const r of (await client.query('SELECT * FROM api_keys')).rows) state.keys.set(String(r.hash), frozen(keyFromRow(r)));
    for (const r of (await client.query('SELECT curve, version::float8 AS v FROM curve_versions')).rows)
      state.curveVersions.set(String(r.curve), Number(r.v));
    const last = meta.has('last_event_id') ? parseEventId(meta.get('last_event_id') as string) : null;
    const known = [last, state.prunedThrough].filter((id): id is EventIdParts => id !== null).sort(compareEventIds);
    state.lastEventId = known.at(-1) ?? null;
    if (!inTransaction) await client.query('COMMIT');
    return state;
  } catch (err) {
    if (!inTransaction) await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
