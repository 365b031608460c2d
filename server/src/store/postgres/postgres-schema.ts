/**
 * The schema of the PostgreSQL store as versioned migrations, applied by the service itself when
 * it opens the store. Several nodes may open the same database at once: the migrations run under
 * a session advisory lock, each in its own transaction, and each is recorded in
 * `schema_migrations`, so every migration runs exactly once whoever starts first.
 *
 * @module
 */
import type { PoolClient } from 'pg';
import { ValueError } from 'service/exceptions';

/** Advisory lock key held while migrating (any fixed 64-bit number unique to this service). */
const MIGRATION_LOCK = 7_301_734_001;
/** Advisory lock key held by each import transaction (serialises writers across nodes). */
export const WRITE_LOCK = 7_301_734_002;

/**
 * The migrations, in order; the version of the schema is the number of migrations applied.
 * Instants are epoch ms in `float8` (exact below 2^53); `instance_id` 0 means "no instance";
 * `series.member` -1 is the plain value (or ensemble mean), 0.. the scenarios. Texts that answers
 * are ordered by are compared with `COLLATE "C"` (byte order, as the embedded store).
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE store_meta (key text PRIMARY KEY, value text NOT NULL);
   CREATE TABLE curves (id integer PRIMARY KEY, name text NOT NULL UNIQUE, curve_type text, area text,
     area_sink text, place_key text, categories text[], frequency text, timezone text, unit text,
     denominator text, data_type text, source text, commodity text, instance_issued_timezone text, package text);
   CREATE TABLE places (key text PRIMARY KEY, kind text, name text, unit text, fuels text[], latitude float8,
     longitude float8, areas text[], parent_key text);
   CREATE TABLE users (id text PRIMARY KEY, name text, email text, organization text, blocked boolean NOT NULL,
     grants text[]);
   CREATE TABLE api_keys (hash text PRIMARY KEY, user_id text NOT NULL, label text, created float8, blocked boolean NOT NULL);
   CREATE TABLE instances (id integer PRIMARY KEY, curve_id integer NOT NULL, issued float8 NOT NULL, tag text NOT NULL,
     created float8, modified float8, scenario_names text[]);
   CREATE INDEX instances_curve ON instances (curve_id, issued);
   CREATE TABLE series (id integer PRIMARY KEY, curve_id integer NOT NULL, instance_id integer NOT NULL,
     member smallint NOT NULL, name text);
   CREATE INDEX series_curve ON series (curve_id, instance_id);
   CREATE TABLE series_values (series_id integer NOT NULL, ts float8 NOT NULL, value float8, PRIMARY KEY (series_id, ts));
   CREATE TABLE periods (curve_id integer NOT NULL, instance_id integer NOT NULL, begin_ts float8 NOT NULL,
     end_ts float8 NOT NULL, value float8, capacity float8);
   CREATE INDEX periods_curve ON periods (curve_id, instance_id, begin_ts);
   CREATE TABLE ohlc (curve_id integer NOT NULL, traded float8 NOT NULL, period text NOT NULL, delivery float8 NOT NULL,
     open float8, high float8, low float8, close float8, settlement float8, volume float8, open_interest float8);
   CREATE INDEX ohlc_curve ON ohlc (curve_id, traded);
   CREATE TABLE events (ms float8 NOT NULL, seq integer NOT NULL, type text NOT NULL, curve text NOT NULL,
     begin_ts float8, end_ts float8, issued float8, tag text, created float8 NOT NULL, PRIMARY KEY (ms, seq));
   CREATE TABLE curve_versions (curve text PRIMARY KEY, version bigint NOT NULL);
   INSERT INTO store_meta VALUES ('epoch', substr(md5(random()::text || clock_timestamp()::text), 1, 12)),
     ('version', '0'), ('places_version', '0'), ('generation', '0');`,
  // Per-key token buckets shared by every node (the rate limit); unlogged: not written to the
  // WAL nor replicated, emptied by a crash of the server (every key then starts with a full bucket).
  `CREATE UNLOGGED TABLE rate_buckets (key text PRIMARY KEY, tokens float8 NOT NULL, at timestamptz NOT NULL,
     denied boolean NOT NULL);`,
  // When each key was last used (written at most once a minute per key and node, not a write
  // that moves the generation: no node reloads its state for it).
  `CREATE TABLE key_uses (hash text PRIMARY KEY, last_used float8 NOT NULL);`,
];

/** The channel that carries the newest event id of every committed import to every node. */
export const EVENTS_CHANNEL = 'service_events';

/**
 * Brings the database to the newest schema (see {@link MIGRATIONS}), safe from several nodes.
 *
 * @param client - A client of the pool (not in a transaction).
 * @returns The schema version (number of migrations applied).
 * @throws ValueError when the database has a newer schema than this code knows.
 * @example
 * await migrate(client) //=> 1
 */
export async function migrate(client: PoolClient): Promise<number> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied float8 NOT NULL)');
    const { rows } = await client.query<{ v: number }>('SELECT coalesce(max(version), 0)::int AS v FROM schema_migrations');
    const current = rows[0]!.v;
    if (current > MIGRATIONS.length) {
      throw new ValueError(`Store schema version ${current} is newer than this service knows (${MIGRATIONS.length}); upgrade the service`);
    }
    for (let v = current + 1; v <= MIGRATIONS.length; v++) {
      await client.query('BEGIN');
      try {
        await client.query(MIGRATIONS[v - 1]!);
        await client.query('INSERT INTO schema_migrations VALUES ($1, $2)', [v, Date.now()]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    }
    return MIGRATIONS.length;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
