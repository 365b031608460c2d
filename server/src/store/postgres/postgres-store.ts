/**
 * The shared store: PostgreSQL (15 or newer), which any number of service nodes may use at once.
 * The schema is created and migrated by the service itself (`postgres-schema.ts`). Each import is
 * one transaction holding a database-wide advisory lock, so imports from all nodes are serialised,
 * ids and event ids are allocated without gaps in the lock's order, and a failed or killed import
 * leaves nothing. Bulk rows go through `COPY`. Each node caches the metadata and reloads it when
 * the store's generation (advanced by every write, on any node) has moved.
 *
 * @module
 */
import pg from 'pg';
import { NotFoundError, ServiceError, ValueError } from 'service/exceptions';
import { DataVersions } from '../data-versions';
import { planBatch, type WritePlan } from '../duckdb/duckdb-plan';
import type { ReadTarget } from '../duckdb/duckdb-read';
import { frozen, instanceFromRow } from '../duckdb/duckdb-records';
import type { CurveRow } from '../duckdb/duckdb-write-meta';
import { EventIdGenerator, compareEventIds, formatEventId, parseEventId, type EventIdParts } from '../event-ids';
import { categoriesOf, matchesCurve, matchesPlace, pageOf, sortedBy } from '../filters';
import { openPgSeriesCursor } from './postgres-stream';
import { readPgEvents, readPgInstances, readPgOhlc, readPgPeriods, readPgSeries, pgColumns, type Queryable } from './postgres-read';
import { EVENTS_CHANNEL, MIGRATIONS, WRITE_LOCK, migrate } from './postgres-schema';
import { generationOf, loadPgState, type PgState } from './postgres-state';
import { StandbyReads, newPool } from './postgres-standby';
import { importResult } from '../duckdb/duckdb-write';
import { bumpGeneration, bumpVersions, pgNumber, writePgBatch } from './postgres-write';
import { KeyUseLog } from '../key-uses';
import { SerialQueue } from '../serial-queue';
import type {
  CurveQuery,
  EventsAfter,
  ImportOptions,
  InstanceKey,
  InstanceQuery,
  OhlcQuery,
  PlaceQuery,
  SeriesCursor,
  SeriesReadOptions,
  SeriesSpan,
  Store,
  StoreHealth,
  StorePage,
  StoreStats,
  TimeRange,
  ValueExtent,
} from '../store';
import type {
  CurveRecord,
  EventRecord,
  ImportBatch,
  ImportResult,
  InstanceRecord,
  KeyRecord,
  OhlcBlock,
  PeriodBlock,
  PlaceRecord,
  SeriesBlock,
  UserRecord,
} from '../types';
import { validateBatch } from '../validate-batch';

/** Options of {@link PostgresStore.open}. */
export interface PostgresStoreOptions {
  /** Current time in epoch ms, for event ids and the event log's age (default `Date.now`). */
  clock?: () => number;
  /** How long events stay in the log, in ms (default 7 days; at least 24 hours). */
  eventRetentionMs?: number;
  /** Connections of this node's pool (default 10). */
  poolSize?: number;
  /**
   * Most batched reads at once, each holding a connection of the pool while its answer is sent
   * (default 2, at most the pool size less one; docs/arrow.md#streamed): when all are busy, a
   * long answer is read whole instead.
   */
  streamReads?: number;
  /** Statement time-out of every connection in ms (default 0: none). */
  statementTimeoutMs?: number;
  /** Wait before re-establishing a lost notification connection, in ms (default 1000). */
  reconnectMs?: number;
  /**
   * A streaming-replication standby of the primary for the data reads (docs/deploy.md#read-scaling);
   * writes, the metadata, rate limits and notifications stay on the primary.
   */
  readUrl?: string;
  /** How long a read waits for the standby to replay what this node has seen, in ms (default 100). */
  readWaitMs?: number;
}

const DAY_MS = 86_400_000;

/**
 * The PostgreSQL implementation of {@link Store}.
 *
 * @example
 * const store = await PostgresStore.open('postgres://svc@127.0.0.1:5432/service');
 * (await store.stats()).curves //=> 0
 * await store.close();
 */
export class PostgresStore implements Store {
  private state: PgState;
  private sortedCurves: CurveRecord[] | null = null;
  private sortedPlaces: PlaceRecord[] | null = null;
  private readonly versions: DataVersions;
  private readonly writes = new SerialQueue();
  private readonly listeners = new Set<(events: readonly EventRecord[]) => void>();
  private checking: Promise<void> | null = null;
  private closed = false;
  /** The newest event handed to this node's listeners (every event after it is still to come). */
  private delivered: EventIdParts | null;
  private readonly pumps = new SerialQueue();
  private pumpQueued = false;
  private listener: pg.Client | null = null;
  private reconnect: NodeJS.Timeout | null = null;
  /** Batched reads open now, and the most allowed at once (see `PostgresStoreOptions.streamReads`). */
  private streams = 0;
  private maxStreams = 2;
  private readonly uses = new KeyUseLog(async (hash, at) => {
    if (this.closed) return;
    await this.pool.query(
      'INSERT INTO key_uses VALUES ($1, $2) ON CONFLICT (hash) DO UPDATE SET last_used = greatest(key_uses.last_used, excluded.last_used)',
      [hash, at],
    );
  });

  private constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
    state: PgState,
    private readonly clock: () => number,
    private readonly retentionMs: number,
    private readonly reconnectMs: number,
    private readonly standby: StandbyReads | null,
  ) {
    this.state = state;
    this.versions = new DataVersions(state.epoch);
    this.adopt(state);
    this.delivered = state.lastEventId;
  }

  /**
   * Connects, migrates the schema to the newest version (safe from several nodes at once) and
   * loads the metadata.
   *
   * @param url - A `postgres://` URL.
   * @param options - Clock, event retention, pool size, statement time-out.
   * @returns The open store.
   * @throws ValueError when the database cannot be reached or has a newer schema.
   * @example
   * const store = await PostgresStore.open(process.env.DATABASE_URL);
   */
  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const pool = newPool(url, options);
    try {
      const client = await pool.connect();
      try {
        await migrate(client);
        const state = await loadPgState(client, false);
        const standby = options.readUrl === undefined ? null : await openStandby(options.readUrl, client, options);
        await standby?.mark(client);
        const retention = Math.max(DAY_MS, options.eventRetentionMs ?? 7 * DAY_MS);
        const store = new PostgresStore(pool, url, state, options.clock ?? Date.now, retention, options.reconnectMs ?? 1000, standby);
        store.maxStreams = Math.max(0, Math.min(options.streamReads ?? 2, (options.poolSize ?? 10) - 1));
        try {
          await store.listen();
        } catch (err) {
          await standby?.close();
          throw err;
        }
        return store;
      } finally {
        client.release();
      }
    } catch (err) {
      await pool.end().catch(() => undefined);
      if (err instanceof ValueError) throw err;
      throw new ValueError(`Cannot open the store at ${redacted(url)}: ${(err as Error).message}`);
    }
  }

  /** Schema version this code migrates to. */
  static readonly schemaVersion = MIGRATIONS.length;

  private adopt(state: PgState): void {
    this.state = state;
    this.versions.load(state.version, state.placesVersion, state.curveVersions);
    this.sortedCurves = null;
    this.sortedPlaces = null;
  }

  private assertOpen(): void {
    if (this.closed) throw new ValueError('The store is closed');
  }

  /** Reloads the cached state when another write (on any node) has moved the generation. */
  private fresh(): Promise<void> {
    this.assertOpen();
    this.checking ??= (async () => {
      const client = await this.pool.connect();
      try {
        if ((await generationOf(client)) !== this.state.generation) {
          const state = await loadPgState(client, false);
          // Another node wrote: reads on the standby wait until it has replayed that write too
          // (marked before the new state is used, so no read pairs it with an older standby).
          await this.standby?.mark(client);
          this.adopt(state);
        }
      } finally {
        client.release();
        this.checking = null;
      }
    })();
    return this.checking;
  }

  /** {@inheritDoc Store.importBatch} */
  importBatch(batch: ImportBatch, options: ImportOptions = {}): Promise<ImportResult> {
    return this.writes.run(async () => {
      this.assertOpen();
      const client = await this.pool.connect();
      let events: EventRecord[];
      let plan: WritePlan;
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
        // Under the lock no other node writes: the state read now is the committed one.
        const state = (await generationOf(client)) === this.state.generation ? this.state : await loadPgState(client, true);
        validateBatch(batch, {
          curve: (name) => state.curves.get(name)?.record,
          hasPlace: (key) => state.places.has(key),
          hasUser: (id) => state.users.has(id),
        });
        const [max] = (
          await client.query(`SELECT (SELECT coalesce(max(id), 0) FROM curves)::float8 c,
          (SELECT coalesce(max(id), 0) FROM instances)::float8 i, (SELECT coalesce(max(id), 0) FROM series)::float8 s`)
        ).rows;
        const next = { curve: Number(max.c) + 1, instance: Number(max.i) + 1, series: Number(max.s) + 1 };
        const now = this.clock();
        const reader = { rows: async (sql: string) => (await client.query(sql)).rows as Record<string, unknown>[], num: pgNumber };
        plan = await planBatch(reader, batch, state.curves, next, now);
        const eventIds = new EventIdGenerator(this.clock, state.lastEventId);
        const ids = plan.events.map(() => eventIds.next());
        events = plan.events.map((e, k) => ({ id: formatEventId(ids[k]!), ...e }));
        const onStep = (done: number, total: number) => options.onProgress?.(done, total);
        const written = await writePgBatch(
          client,
          plan,
          batch,
          events.map((event, k) => ({ event, id: ids[k]! })),
          now - this.retentionMs,
          onStep,
        );
        const touched = DataVersions.touchedBy(batch);
        await bumpVersions(client, touched);
        const generation = await generationOf(client);
        if (events.length) await client.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, events[events.length - 1]!.id]);
        await client.query('COMMIT');
        await this.standby?.mark(client);
        this.adopt(this.committed(state, plan.curves, batch, touched, generation, written.pruned, ids.at(-1) ?? null));
        // This node's subscribers get the events now; other nodes' on the notification. Both go
        // through the same pump, so each event reaches each listener once, in id order.
        if (events.length) this.pump();
        return importResult(batch, written, events);
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    });
  }

  /** The state after an import committed on top of `before` (which was current under the lock). */
  private committed(
    before: PgState,
    curves: readonly CurveRow[],
    batch: ImportBatch,
    touched: { curves: string[]; places: boolean },
    generation: string,
    pruned: string | null,
    lastId: { ms: number; seq: number } | null,
  ): PgState {
    const state: PgState = {
      ...before,
      generation,
      curves: new Map(before.curves),
      places: new Map(before.places),
      users: new Map(before.users),
      keys: new Map(before.keys),
      version: before.version + 1,
      curveVersions: new Map(before.curveVersions),
    };
    for (const row of curves) state.curves.set(row.record.name, { id: row.id, record: frozen(structuredClone(row.record)) });
    for (const p of batch.places ?? []) state.places.set(p.key, frozen(structuredClone(p)));
    for (const u of batch.users ?? []) state.users.set(u.id, frozen(structuredClone(u)));
    for (const k of batch.keys ?? []) state.keys.set(k.hash, frozen({ ...k }));
    for (const c of touched.curves) state.curveVersions.set(c, state.version);
    if (touched.places) state.placesVersion = state.version;
    if (pruned !== null) state.prunedThrough = parseEventId(pruned);
    if (lastId !== null) state.lastEventId = lastId;
    return state;
  }

  private setBlocked(table: 'api_keys' | 'users', column: 'hash' | 'id', id: string, blocked: boolean): Promise<boolean> {
    return this.writes.run(async () => {
      this.assertOpen();
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        const { rowCount } = await client.query(`UPDATE ${table} SET blocked = $1 WHERE ${column} = $2`, [blocked, id]);
        if (rowCount) await bumpGeneration(client);
        await client.query('COMMIT');
        if (rowCount) {
          await this.standby?.mark(client);
          this.adopt(await loadPgState(client, false));
        }
        return (rowCount ?? 0) > 0;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    });
  }

  /** {@inheritDoc Store.dataVersion} */
  dataVersion(curve: string | null): string {
    return this.versions.of(curve);
  }

  /** {@inheritDoc Store.getCurve} */
  async getCurve(name: string): Promise<CurveRecord | null> {
    await this.fresh();
    return this.state.curves.get(name)?.record ?? null;
  }

  /** {@inheritDoc Store.searchCurves} */
  async searchCurves(query: CurveQuery = {}): Promise<StorePage<CurveRecord>> {
    await this.fresh();
    this.sortedCurves ??= sortedBy(
      [...this.state.curves.values()].map((r) => r.record),
      (c) => c.name,
    );
    return pageOf(
      this.sortedCurves.filter((c) => matchesCurve(c, query)),
      query,
    );
  }

  /** {@inheritDoc Store.getPlace} */
  async getPlace(key: string): Promise<PlaceRecord | null> {
    await this.fresh();
    return this.state.places.get(key) ?? null;
  }

  /** {@inheritDoc Store.searchPlaces} */
  async searchPlaces(query: PlaceQuery = {}): Promise<StorePage<PlaceRecord>> {
    await this.fresh();
    this.sortedPlaces ??= sortedBy(
      sortedBy(this.state.places.values(), (p) => p.key),
      (p) => p.name,
    );
    return pageOf(
      this.sortedPlaces.filter((p) => matchesPlace(p, query)),
      query,
    );
  }

  /** {@inheritDoc Store.categories} */
  async categories(): Promise<string[]> {
    await this.fresh();
    return categoriesOf([...this.state.curves.values()].map((r) => r.record)).categories;
  }

  /** {@inheritDoc Store.exactCategories} */
  async exactCategories(): Promise<string[]> {
    await this.fresh();
    return categoriesOf([...this.state.curves.values()].map((r) => r.record)).exact;
  }

  /** {@inheritDoc Store.getUser} */
  async getUser(id: string): Promise<UserRecord | null> {
    await this.fresh();
    return this.state.users.get(id) ?? null;
  }

  /** {@inheritDoc Store.listUsers} */
  async listUsers(): Promise<UserRecord[]> {
    await this.fresh();
    return sortedBy(this.state.users.values(), (u) => u.id);
  }

  /** {@inheritDoc Store.findKey} */
  async findKey(hash: string): Promise<KeyRecord | null> {
    await this.fresh();
    return this.state.keys.get(hash) ?? null;
  }

  /** {@inheritDoc Store.listKeys} */
  async listKeys(userId?: string): Promise<KeyRecord[]> {
    await this.fresh();
    const keys = [...this.state.keys.values()].filter((k) => userId === undefined || k.userId === userId);
    return keys.sort((a, b) => a.created - b.created || (a.hash < b.hash ? -1 : 1));
  }

  /** {@inheritDoc Store.setKeyBlocked} */
  setKeyBlocked(hash: string, blocked: boolean): Promise<boolean> {
    return this.setBlocked('api_keys', 'hash', hash, blocked);
  }

  /** {@inheritDoc Store.setUserBlocked} */
  setUserBlocked(id: string, blocked: boolean): Promise<boolean> {
    return this.setBlocked('users', 'id', id, blocked);
  }

  /** {@inheritDoc Store.noteKeyUse} */
  noteKeyUse(hash: string, at: number): void {
    if (!this.closed) this.uses.note(hash, at);
  }

  /** {@inheritDoc Store.keyUses} */
  async keyUses(): Promise<Map<string, number>> {
    this.assertOpen();
    const { rows } = await this.pool.query<{ hash: string; last_used: number }>('SELECT hash, last_used FROM key_uses');
    return this.uses.merged(new Map(rows.map((r) => [r.hash, Number(r.last_used)])));
  }

  private async curveRow(name: string): Promise<CurveRow> {
    await this.fresh();
    return this.knownRow(name);
  }

  private knownRow(name: string): CurveRow {
    const row = this.state.curves.get(name);
    if (!row) throw new NotFoundError(`Curve '${name}' not found`);
    return row;
  }

  private async target(db: Queryable, curve: string, instance: InstanceKey | null | undefined): Promise<ReadTarget> {
    const row = this.knownRow(curve);
    if (!instance) return { curve, curveId: row.id, instanceId: 0, issued: null, tag: null };
    const { rows } = await db.query<{ id: number; tag: string }>(
      'SELECT id, tag FROM instances WHERE curve_id = $1 AND issued = $2 AND lower(tag) = $3',
      [row.id, instance.issued, instance.tag.toLowerCase()],
    );
    if (!rows.length)
      throw new NotFoundError(`Instance (${new Date(instance.issued).toISOString()}, '${instance.tag}') of curve '${curve}' not found`);
    return { curve, curveId: row.id, instanceId: Number(rows[0]!.id), issued: instance.issued, tag: String(rows[0]!.tag) };
  }

  /** {@inheritDoc Store.listInstances} */
  async listInstances(curve: string, query: InstanceQuery = {}): Promise<InstanceRecord[]> {
    const row = await this.curveRow(curve);
    return this.onReader((db) => readPgInstances(db, curve, row.id, query), false);
  }

  /** {@inheritDoc Store.getInstance} */
  async getInstance(curve: string, key: InstanceKey): Promise<InstanceRecord | null> {
    const row = await this.curveRow(curve);
    const sql = 'SELECT * FROM instances WHERE curve_id = $1 AND issued = $2 AND lower(tag) = $3';
    const { rows } = await this.onReader((db) => db.query(sql, [row.id, key.issued, key.tag.toLowerCase()]), false);
    return rows.length ? instanceFromRow(rows[0], curve) : null;
  }

  /** {@inheritDoc Store.readSeries} */
  async readSeries(curve: string, range: TimeRange, instance?: InstanceKey | null, options: SeriesReadOptions = {}): Promise<SeriesBlock> {
    return this.inSnapshot(async (db) => readPgSeries(db, await this.target(db, curve, instance), range, options.scenarios ?? true));
  }

  /**
   * {@inheritDoc Store.openSeries}
   * The read holds a connection of the primary until it ends (a standby could be recycled under
   * a long read; a read is never moved to another node half-way).
   */
  async openSeries(
    curve: string,
    range: TimeRange,
    instance?: InstanceKey | null,
    full: SeriesSpan | null = null,
  ): Promise<SeriesCursor | null> {
    await this.curveRow(curve);
    if (this.streams >= this.maxStreams) return null;
    this.streams++;
    let given = false;
    const done = (): void => {
      if (given) return;
      given = true;
      this.streams--;
    };
    let client: pg.PoolClient;
    try {
      await this.fresh();
      client = await this.pool.connect();
    } catch (err) {
      done();
      throw err;
    }
    try {
      return await openPgSeriesCursor(
        client,
        (db) => this.target(db, curve, instance),
        range,
        full,
        (broken) => {
          client.release(broken);
          done();
        },
      );
    } catch (err) {
      done();
      throw err;
    }
  }

  /** {@inheritDoc Store.readPeriods} */
  async readPeriods(curve: string, range: TimeRange, instance?: InstanceKey | null): Promise<PeriodBlock> {
    return this.inSnapshot(async (db) => readPgPeriods(db, await this.target(db, curve, instance), range));
  }

  /** Runs reads of several statements in one snapshot (an import between them is not half-seen). */
  private async inSnapshot<T>(read: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    await this.fresh();
    return this.onReader(read, true);
  }

  /**
   * Runs a data read on the standby when it has replayed everything this node has seen, else on
   * the primary; a read the standby fails (not a not-found answer) is repeated on the primary.
   */
  private async onReader<T>(read: (db: pg.PoolClient) => Promise<T>, snapshot: boolean): Promise<T> {
    const standby = (await this.standby?.acquire()) ?? null;
    if (standby) {
      let broken = false;
      try {
        return await readOn(standby, read, snapshot);
      } catch (err) {
        if (err instanceof ServiceError) throw err;
        broken = true;
        this.standby?.failed();
      } finally {
        standby.release(broken);
      }
    }
    const client = await this.pool.connect();
    try {
      return await readOn(client, read, snapshot);
    } finally {
      client.release();
    }
  }

  /** {@inheritDoc Store.readOhlc} */
  async readOhlc(curve: string, query: OhlcQuery): Promise<OhlcBlock> {
    const row = await this.curveRow(curve);
    return this.inSnapshot((db) => readPgOhlc(db, curve, row.id, query));
  }

  /** {@inheritDoc Store.latestTraded} */
  async latestTraded(curve: string, atOrBefore?: number): Promise<number | null> {
    const row = await this.curveRow(curve);
    const bound = atOrBefore === undefined ? '' : ` AND traded <= ${pgNumber(atOrBefore)}`;
    const [max] = await this.onReader((db) => pgColumns(db, `SELECT max(traded) FROM ohlc WHERE curve_id = $1${bound}`, [row.id]), false);
    const latest = max?.[0];
    return latest === undefined || Number.isNaN(latest) ? null : latest;
  }

  /** {@inheritDoc Store.valueExtent} */
  async valueExtent(curve: string): Promise<ValueExtent | null> {
    const row = await this.curveRow(curve);
    const [first, last] = await this.onReader(
      (db) =>
        pgColumns(
          db,
          'SELECT min(ts), max(ts) FROM series_values WHERE series_id IN (SELECT id FROM series WHERE curve_id = $1 AND instance_id = 0)',
          [row.id],
        ),
      false,
    );
    const [a, b] = [first?.[0], last?.[0]];
    return a === undefined || b === undefined || Number.isNaN(a) || Number.isNaN(b) ? null : { first: a, last: b };
  }

  /** {@inheritDoc Store.eventsAfter} */
  async eventsAfter(lastId: string | null, limit = 10_000): Promise<EventsAfter> {
    const after = lastId === null ? null : parseEventId(lastId);
    await this.fresh();
    const { prunedThrough, lastEventId: current } = this.state;
    const events = await readPgEvents(this.pool, after, limit);
    const lost = after !== null && prunedThrough !== null && compareEventIds(after, prunedThrough) < 0;
    const ahead = after !== null && (current === null ? after.ms > this.clock() : compareEventIds(after, current) > 0);
    return { events, lost, ahead, newest: current === null ? null : formatEventId(current) };
  }

  /** {@inheritDoc Store.onEvents} */
  onEvents(listener: (events: readonly EventRecord[]) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** {@inheritDoc Store.stats} */
  async stats(): Promise<StoreStats> {
    await this.fresh();
    const [r] = (
      await this.pool.query(`SELECT (SELECT count(*) FROM instances)::float8 instances,
      (SELECT count(*) FROM series_values)::float8 vals, (SELECT count(*) FROM periods)::float8 periods,
      (SELECT count(*) FROM ohlc)::float8 ohlc, (SELECT count(*) FROM events)::float8 events`)
    ).rows;
    return {
      curves: this.state.curves.size,
      places: this.state.places.size,
      users: this.state.users.size,
      keys: this.state.keys.size,
      instances: Number(r.instances),
      values: Number(r.vals),
      periods: Number(r.periods),
      ohlcRows: Number(r.ohlc),
      events: Number(r.events),
    };
  }

  /** {@inheritDoc Store.health} */
  async health(): Promise<StoreHealth> {
    const started = performance.now();
    const notifications = this.listener ? 'listening' : 'down';
    const readStore = async () => (this.standby && !this.closed ? { readStore: await this.standby.health() } : {});
    try {
      this.assertOpen();
      await this.pool.query('SELECT 1');
      const latencyMs = performance.now() - started;
      return { ok: true, engine: 'postgres', latencyMs, notifications, ...(await readStore()) };
    } catch (err) {
      const latencyMs = performance.now() - started;
      return { ok: false, engine: 'postgres', latencyMs, error: (err as Error).message, notifications, ...(await readStore()) };
    }
  }

  /** {@inheritDoc Store.takeToken} */
  async takeToken(key: string, ratePerSecond: number, burst: number): Promise<number> {
    this.assertOpen();
    // One row per key, updated under its row lock: requests of one key through any node are
    // counted in one bucket, refilled by the database server's clock (no clock skew between nodes).
    const { rows } = await this.pool.query<{ tokens: number; denied: boolean }>(
      `INSERT INTO rate_buckets AS b VALUES ($1, $3::float8 - 1, clock_timestamp(), false)
      ON CONFLICT (key) DO UPDATE SET
        tokens = least($3::float8, b.tokens + extract(epoch FROM clock_timestamp() - b.at)::float8 * $2::float8)
          - CASE WHEN least($3::float8, b.tokens + extract(epoch FROM clock_timestamp() - b.at)::float8 * $2::float8) >= 1 THEN 1 ELSE 0 END,
        denied = least($3::float8, b.tokens + extract(epoch FROM clock_timestamp() - b.at)::float8 * $2::float8) < 1,
        at = clock_timestamp()
      RETURNING tokens, denied`,
      [key, ratePerSecond, burst],
    );
    return rows[0]!.denied ? (1 - rows[0]!.tokens) / ratePerSecond : 0;
  }

  /** Opens the notification connection (and re-opens it, after `reconnectMs`, when it drops). */
  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = null;
      client.end().catch(() => undefined);
      this.retryListen();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', () => this.pump());
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.listener = client;
    // Whatever was committed while no connection listened.
    this.pump();
  }

  private retryListen(): void {
    if (this.closed || this.reconnect) return;
    this.reconnect = setTimeout(() => {
      this.reconnect = null;
      this.listen().catch(() => this.retryListen());
    }, this.reconnectMs);
    this.reconnect.unref();
  }

  /** Hands the events after {@link delivered} to the listeners, in order; runs one at a time. */
  private pump(): void {
    if (this.pumpQueued || this.closed) return;
    this.pumpQueued = true;
    void this.pumps
      .run(async () => {
        this.pumpQueued = false;
        if (this.closed) return;
        for (;;) {
          const events = await readPgEvents(this.pool, this.delivered, 10_000);
          if (events.length === 0) return;
          this.delivered = parseEventId(events[events.length - 1]!.id);
          for (const listener of this.listeners) notify(listener, events);
          if (events.length < 10_000) return;
        }
      })
      .catch(() => {
        // The next notification (or commit) pumps again from the same place.
      });
  }

  /** Events after the newest one this node has handed to its listeners (for tests and probes). */
  get deliveredThrough(): string | null {
    return this.delivered === null ? null : formatEventId(this.delivered);
  }

  /** {@inheritDoc Store.close} */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.writes.run(async () => {
      this.closed = true;
    });
    if (this.reconnect) clearTimeout(this.reconnect);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.pumps.run(async () => undefined);
    await this.checking?.catch(() => undefined);
    this.listeners.clear();
    await this.standby?.close();
    await this.pool.end();
  }
}

async function readOn<T>(client: pg.PoolClient, read: (db: pg.PoolClient) => Promise<T>, snapshot: boolean): Promise<T> {
  if (!snapshot) return read(client);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const result = await read(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

async function openStandby(url: string, primary: pg.PoolClient, options: PostgresStoreOptions): Promise<StandbyReads> {
  try {
    return await StandbyReads.open(url, primary, {
      poolSize: options.poolSize,
      statementTimeoutMs: options.statementTimeoutMs,
      waitMs: options.readWaitMs,
    });
  } catch (err) {
    throw new ValueError(`Cannot open the read store at ${redacted(url)}: ${(err as Error).message}`);
  }
}

function notify(listener: (events: readonly EventRecord[]) => void, events: readonly EventRecord[]): void {
  try {
    listener(events);
  } catch {
    // A failing listener must not fail the import that already committed.
  }
}

/**
 * A database URL without its password, for messages.
 *
 * @param url - The URL.
 * @returns The URL with `***` for the password.
 * @example
 * redacted('postgres://svc:secret@db/service') //=> 'postgres://svc:***@db/service'
 */
export function redacted(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]*:)[^@]*@/i, '$1***@');
}
