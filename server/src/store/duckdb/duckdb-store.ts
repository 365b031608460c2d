/**
 * The embedded store: DuckDB in a data directory (`DIR/service.duckdb`). Metadata (curves,
 * places, users, keys) is small and cached in memory; data (values, periods, OHLC rows,
 * instances, events) is read with SQL. Writes are serialised and each import is one transaction.
 *
 * @module
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { NotFoundError, ValueError } from 'service/exceptions';
import { readColumns, readRows, sqlNumber, sqlTextOrParam } from './duckdb-io';
import { DataVersions } from '../data-versions';
import { planBatch, type IdCounters, type WritePlan } from './duckdb-plan';
import {
  readEvents,
  readInstances,
  readOhlcBlock,
  readPeriodBlock,
  readInstanceIds,
  readSeriesBlock,
  readSeriesMembers,
  readSeriesMembersOf,
  readSingleSeries,
  seriesIds,
  seriesOfColumns,
  type ReadTarget,
} from './duckdb-read';
import { ReadMemo } from '../read-memo';
import { frozen, instanceFromRow } from './duckdb-records';
import { loadState, type StoredState } from './duckdb-state';
import { readBlock, sliceBlock, writeBlock } from './duckdb-blocks';
import { fixedStep, writeSpans } from './duckdb-spans';
import { openSeriesCursor, WINDOW_ROWS } from './duckdb-stream';
import { importResult, writeBatch, type WriteCounts } from './duckdb-write';
import { registerSeriesInsert } from './duckdb-series-insert';
import type { CurveRow } from './duckdb-write-meta';
import { EventIdGenerator, compareEventIds, formatEventId, parseEventId, type EventIdParts } from '../event-ids';
import { categoriesOf, matchesCurve, matchesPlace, pageOf, sortedBy } from '../filters';
import { KeyUseLog } from '../key-uses';
import { Pool, SerialQueue } from '../serial-queue';
import type {
  CurveQuery,
  EventsAfter,
  ImportOptions,
  InstanceKey,
  InstanceQuery,
  OhlcQuery,
  PlaceQuery,
  SeriesCursor,
  SeriesSpan,
  SeriesReadOptions,
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

/** File name of the database inside the data directory. */
const DATABASE_FILE = 'service.duckdb';

/** Options of {@link DuckDbStore.open}. */
export interface DuckDbStoreOptions {
  /** Current time in epoch ms, for event ids and the event log's age (default `Date.now`). */
  clock?: () => number;
  /** Number of read connections (default 2). */
  readers?: number;
  /**
   * Most batched reads at once, each on a connection of its own beside the readers (default 2;
   * docs/arrow.md#streamed): when all are busy, a long answer is read whole instead.
   */
  streamReads?: number;
  /**
   * Rows a batched read reads at once, a window of times (default 4 × 65,536, four record batches
   * of a streamed answer; a positive integer): a read holds at most two windows (the one being
   * sent and the next), so a smaller window holds less memory but runs more queries.
   */
  windowRows?: number;
  /** How long events stay in the log, in ms (default 7 days; at least 24 hours). */
  eventRetentionMs?: number;
  /**
   * True when nothing else reads the store while it writes (a command that only imports): an
   * import's series values are then inserted on all of DuckDB's threads, each series' rows
   * together and in time order but the series in any order (default false: rows in the order
   * of the batch, on one thread).
   */
  exclusiveWrites?: boolean;
}

const DAY_MS = 86_400_000;
/** A caller's own copy of a kept instance record. */
const copyOfInstance = (record: InstanceRecord): InstanceRecord => ({ ...record, scenarioNames: [...record.scenarioNames] });
/** Instance lists of at most this many are kept between reads (see {@link DuckDbStore.listInstances}). */
const KEPT_LIST = 256;

/**
 * The DuckDB implementation of {@link Store}.
 *
 * @example
 * const store = await DuckDbStore.open('./data');
 * (await store.stats()).curves //=> 0
 * await store.close();
 */
export class DuckDbStore implements Store {
  private readonly curves: Map<string, CurveRow>;
  private readonly places: Map<string, PlaceRecord>;
  private readonly users: Map<string, UserRecord>;
  private readonly keys: Map<string, KeyRecord>;
  private sortedCurves: CurveRecord[] | null = null;
  private sortedPlaces: PlaceRecord[] | null = null;
  private readonly writes = new SerialQueue();
  /** Series whose span is being written (see {@link DuckDbStore.fillSpan}). */
  private readonly spanFills = new Set<number>();
  /** Instances (`curveId|instanceId`) whose block is being written (see {@link DuckDbStore.fillBlock}). */
  private readonly blockFills = new Set<string>();
  private readonly listeners = new Set<(events: readonly EventRecord[]) => void>();
  private readonly next: IdCounters;
  private readonly eventIds: EventIdGenerator;
  private prunedThrough: EventIdParts | null;
  private closed = false;
  private readonly versions = new DataVersions();
  /** Instance rows and series ids looked up by reads, per curve and data version. */
  private readonly lookups = new ReadMemo((curve) => this.versions.of(curve));
  private readonly uses = new KeyUseLog((hash, at) =>
    this.writes.run(async () => {
      if (this.closed) return;
      await this.writer.run(
        'INSERT INTO key_uses VALUES ($1, $2) ON CONFLICT (hash) DO UPDATE SET last_used = greatest(key_uses.last_used, excluded.last_used)',
        [hash, at],
      );
    }),
  );

  private constructor(
    private readonly db: DuckDBInstance,
    private readonly writer: DuckDBConnection,
    private readonly readers: Pool<DuckDBConnection>,
    /** The free connections for batched reads (`openSeries`). */
    private readonly streamers: DuckDBConnection[],
    state: StoredState,
    private readonly clock: () => number,
    private readonly retentionMs: number,
    private readonly exclusiveWrites: boolean,
    /** Rows a batched read reads at once (`DuckDbStoreOptions.windowRows`). */
    private readonly windowRows: number,
  ) {
    ({
      curves: this.curves,
      places: this.places,
      users: this.users,
      keys: this.keys,
      next: this.next,
      prunedThrough: this.prunedThrough,
    } = state);
    this.eventIds = new EventIdGenerator(clock, state.lastEventId);
  }

  /**
   * Opens (creating when needed) the store in a data directory.
   *
   * @param dir - The data directory; created when missing.
   * @param options - Clock, number of read connections, event retention, batched reads.
   * @returns The open store.
   * @throws ValueError when the database cannot be opened (e.g. another process holds it), or
   *   `windowRows` is not a positive integer.
   * @example
   * const store = await DuckDbStore.open(mkdtempSync(join(tmpdir(), 'svc-')));
   */
  static async open(dir: string, options: DuckDbStoreOptions = {}): Promise<DuckDbStore> {
    const windowRows = options.windowRows ?? WINDOW_ROWS;
    if (!Number.isSafeInteger(windowRows) || windowRows < 1) {
      throw new ValueError(`windowRows must be a positive integer (rows a batched read reads at once), got ${String(windowRows)}`);
    }
    let db: DuckDBInstance;
    try {
      mkdirSync(dir, { recursive: true });
      db = await DuckDBInstance.create(join(dir, DATABASE_FILE));
    } catch (err) {
      throw new ValueError(`Cannot open the store in ${dir}: ${(err as Error).message}`);
    }
    try {
      const writer = await db.connect();
      const state = await loadState(writer);
      registerSeriesInsert(writer);
      const readers: DuckDBConnection[] = [];
      for (let i = 0; i < Math.max(1, options.readers ?? 2); i++) readers.push(await db.connect());
      const streamers: DuckDBConnection[] = [];
      for (let i = 0; i < Math.max(0, options.streamReads ?? 2); i++) streamers.push(await db.connect());
      const retention = Math.max(DAY_MS, options.eventRetentionMs ?? 7 * DAY_MS);
      return new DuckDbStore(
        db,
        writer,
        new Pool(readers),
        streamers,
        state,
        options.clock ?? Date.now,
        retention,
        options.exclusiveWrites ?? false,
        windowRows,
      );
    } catch (err) {
      db.closeSync();
      throw err;
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new ValueError('The store is closed');
  }

  /** {@inheritDoc Store.importBatch} */
  importBatch(batch: ImportBatch, options: ImportOptions = {}): Promise<ImportResult> {
    return this.writes.run(() => this.importNow(batch, options));
  }

  /** An import, on the write connection (its turn in the queue of writes). */
  private async importNow(batch: ImportBatch, options: ImportOptions): Promise<ImportResult> {
    this.assertOpen();
    validateBatch(batch, {
      curve: (name) => this.curves.get(name)?.record,
      hasPlace: (key) => this.places.has(key),
      hasUser: (id) => this.users.has(id),
    });
    const saved = { ...this.next };
    const savedEventId = this.eventIds.current;
    let events: EventRecord[];
    let written: WriteCounts;
    let plan: WritePlan;
    try {
      const now = this.clock();
      plan = await planBatch({ rows: (sql) => readRows(this.writer, sql), num: sqlNumber }, batch, this.curves, this.next, now);
      const ids = plan.events.map(() => this.eventIds.next());
      events = plan.events.map((e, k) => ({ id: formatEventId(ids[k]!), ...e }));
      const onStep = (done: number, total: number) => options.onProgress?.(done, total);
      written = await writeBatch(
        this.writer,
        plan,
        batch,
        events.map((event, k) => ({ event, id: ids[k]! })),
        now - this.retentionMs,
        onStep,
        this.exclusiveWrites,
      );
    } catch (err) {
      Object.assign(this.next, saved);
      this.eventIds.reset(savedEventId);
      throw err;
    }
    this.applyCommitted(plan.curves, batch);
    this.versions.bump(batch);
    if (written.pruned !== null) this.prunedThrough = parseEventId(written.pruned);
    if (events.length) for (const listener of this.listeners) this.notify(listener, events);
    return importResult(batch, written, events);
  }

  private applyCommitted(curves: readonly CurveRow[], batch: ImportBatch): void {
    for (const row of curves) this.curves.set(row.record.name, { id: row.id, record: frozen(structuredClone(row.record)) });
    for (const p of batch.places ?? []) this.places.set(p.key, frozen(structuredClone(p)));
    for (const u of batch.users ?? []) this.users.set(u.id, frozen(structuredClone(u)));
    for (const k of batch.keys ?? []) this.keys.set(k.hash, frozen({ ...k }));
    if (curves.length) this.sortedCurves = null;
    if (batch.places?.length) this.sortedPlaces = null;
  }

  private notify(listener: (events: readonly EventRecord[]) => void, events: readonly EventRecord[]): void {
    try {
      listener(events);
    } catch {
      // A failing listener must not fail the import that already committed.
    }
  }

  /** {@inheritDoc Store.dataVersion} */
  dataVersion(curve: string | null): string {
    return this.versions.of(curve);
  }

  /** {@inheritDoc Store.getCurve} */
  async getCurve(name: string): Promise<CurveRecord | null> {
    return this.curves.get(name)?.record ?? null;
  }

  /** {@inheritDoc Store.searchCurves} */
  async searchCurves(query: CurveQuery = {}): Promise<StorePage<CurveRecord>> {
    this.sortedCurves ??= sortedBy(
      [...this.curves.values()].map((r) => r.record),
      (c) => c.name,
    );
    return pageOf(
      this.sortedCurves.filter((c) => matchesCurve(c, query)),
      query,
    );
  }

  /** {@inheritDoc Store.getPlace} */
  async getPlace(key: string): Promise<PlaceRecord | null> {
    return this.places.get(key) ?? null;
  }

  /** {@inheritDoc Store.searchPlaces} */
  async searchPlaces(query: PlaceQuery = {}): Promise<StorePage<PlaceRecord>> {
    this.sortedPlaces ??= sortedBy(
      sortedBy(this.places.values(), (p) => p.key),
      (p) => p.name,
    );
    return pageOf(
      this.sortedPlaces.filter((p) => matchesPlace(p, query)),
      query,
    );
  }

  /** {@inheritDoc Store.categories} */
  async categories(): Promise<string[]> {
    return categoriesOf([...this.curves.values()].map((r) => r.record)).categories;
  }

  /** {@inheritDoc Store.exactCategories} */
  async exactCategories(): Promise<string[]> {
    return categoriesOf([...this.curves.values()].map((r) => r.record)).exact;
  }

  /** {@inheritDoc Store.getUser} */
  async getUser(id: string): Promise<UserRecord | null> {
    return this.users.get(id) ?? null;
  }

  /** {@inheritDoc Store.listUsers} */
  async listUsers(): Promise<UserRecord[]> {
    return sortedBy(this.users.values(), (u) => u.id);
  }

  /** {@inheritDoc Store.findKey} */
  async findKey(hash: string): Promise<KeyRecord | null> {
    return this.keys.get(hash) ?? null;
  }

  /** {@inheritDoc Store.listKeys} */
  async listKeys(userId?: string): Promise<KeyRecord[]> {
    const keys = [...this.keys.values()].filter((k) => userId === undefined || k.userId === userId);
    return keys.sort((a, b) => a.created - b.created || (a.hash < b.hash ? -1 : 1));
  }

  /** {@inheritDoc Store.setKeyBlocked} */
  setKeyBlocked(hash: string, blocked: boolean): Promise<boolean> {
    return this.writes.run(async () => {
      this.assertOpen();
      const key = this.keys.get(hash);
      if (!key) return false;
      await this.writer.run('UPDATE api_keys SET blocked = $1 WHERE hash = $2', [blocked, hash]);
      this.keys.set(hash, frozen({ ...key, blocked }));
      return true;
    });
  }

  /** {@inheritDoc Store.setUserBlocked} */
  setUserBlocked(id: string, blocked: boolean): Promise<boolean> {
    return this.writes.run(async () => {
      this.assertOpen();
      const user = this.users.get(id);
      if (!user) return false;
      await this.writer.run('UPDATE users SET blocked = $1 WHERE id = $2', [blocked, id]);
      this.users.set(id, frozen({ ...user, subscriptions: [...user.subscriptions], blocked }));
      return true;
    });
  }

  /** {@inheritDoc Store.noteKeyUse} */
  noteKeyUse(hash: string, at: number): void {
    if (!this.closed) this.uses.note(hash, at);
  }

  /** {@inheritDoc Store.keyUses} */
  async keyUses(): Promise<Map<string, number>> {
    this.assertOpen();
    const rows = await this.readers.use((conn) => readRows(conn, 'SELECT hash, last_used FROM key_uses'));
    return this.uses.merged(new Map(rows.map((r) => [String(r.hash), Number(r.last_used)])));
  }

  private curveRow(name: string): CurveRow {
    this.assertOpen();
    const row = this.curves.get(name);
    if (!row) throw new NotFoundError(`Curve '${name}' not found`);
    return row;
  }

  private async target(conn: DuckDBConnection, curve: string, instance: InstanceKey | null | undefined): Promise<ReadTarget> {
    const row = this.curveRow(curve);
    if (!instance) return { curve, curveId: row.id, instanceId: 0, issued: null, tag: null };
    const found = await this.instanceRow(conn, curve, row.id, instance);
    if (found === null)
      throw new NotFoundError(`Instance (${new Date(instance.issued).toISOString()}, '${instance.tag}') of curve '${curve}' not found`);
    return { curve, curveId: row.id, instanceId: found.id, issued: instance.issued, tag: found.record.tag };
  }

  /** An instance's row id and record (null: none), looked up once per data version of the curve. */
  private instanceRow(
    conn: DuckDBConnection,
    curve: string,
    curveId: number,
    key: InstanceKey,
  ): Promise<{ id: number; record: InstanceRecord } | null> {
    return this.lookups.get(curve, `instance ${key.issued} ${key.tag.toLowerCase()}`, async () => {
      // the tag as a literal when it can be (one call into DuckDB), else bound
      const params: DuckDBValue[] = [];
      const tag = sqlTextOrParam(key.tag.toLowerCase(), params);
      const rows = await readRows(
        conn,
        `SELECT * FROM instances WHERE curve_id = ${curveId} AND issued = ${sqlNumber(key.issued)} AND lower(tag) = ${tag}`,
        params,
      );
      return rows.length ? { id: Number(rows[0]!.id), record: frozen(instanceFromRow(rows[0]!, curve)) } : null;
    });
  }

  /**
   * {@inheritDoc Store.listInstances}
   *
   * A list of at most {@link KEPT_LIST} instances is kept per query while the curve's data version
   * holds (`instances.load` of a tag asks the same each time); each call gets copies.
   */
  async listInstances(curve: string, query: InstanceQuery = {}): Promise<InstanceRecord[]> {
    const row = this.curveRow(curve);
    const { issuedAtEarliest, issuedAtLatest, tags, excludeTags, limit } = query;
    const key = `instances ${JSON.stringify([issuedAtEarliest, issuedAtLatest, tags, excludeTags, limit])}`;
    const records = await this.lookups.get(
      curve,
      key,
      async () => (await this.readers.use((conn) => readInstances(conn, curve, row.id, query))).map((r) => frozen(r)),
      (list) => list.length <= KEPT_LIST,
    );
    return records.map(copyOfInstance);
  }

  /** {@inheritDoc Store.getInstance} */
  async getInstance(curve: string, key: InstanceKey): Promise<InstanceRecord | null> {
    const row = this.curveRow(curve);
    const found = await this.readers.use((conn) => this.instanceRow(conn, curve, row.id, key));
    return found === null ? null : copyOfInstance(found.record);
  }

  /** {@inheritDoc Store.readSeries} */
  async readSeries(curve: string, range: TimeRange, instance?: InstanceKey | null, options: SeriesReadOptions = {}): Promise<SeriesBlock> {
    this.curveRow(curve);
    const scenarios = options.scenarios ?? true;
    return this.readers.use(async (conn) => {
      const target = await this.target(conn, curve, instance);
      const members = await this.lookups.get(curve, `series ${target.instanceId} ${scenarios}`, () =>
        readSeriesMembers(conn, target, scenarios),
      );
      const ids = seriesIds(members);
      // an instance with members: its block when there is one (duckdb-blocks.ts)
      if (target.instanceId !== 0 && ids.length > 1) {
        const block = await readBlock(conn, target.curveId, target.instanceId, ids);
        if (block !== null) {
          const { times, columns } = sliceBlock(block, range);
          return seriesOfColumns(target, members, times, columns);
        }
        this.fillBlock(target);
      }
      return readSeriesBlock(conn, target, range, members);
    });
  }

  /**
   * {@inheritDoc Store.readInstanceSeries}
   *
   * Three queries for plain instances (their row ids, their series, their values); an instance
   * with members is read as {@link DuckDbStore.readSeries} reads it (its block).
   */
  async readInstanceSeries(curve: string, instances: readonly InstanceKey[], options: SeriesReadOptions = {}): Promise<SeriesBlock[]> {
    const row = this.curveRow(curve);
    const scenarios = options.scenarios ?? true;
    const read = await this.readers.use(async (conn) => {
      const found = await readInstanceIds(conn, row.id, instances);
      const targets = instances.map((key, k): ReadTarget => {
        const f = found[k];
        if (!f) throw new NotFoundError(`Instance (${new Date(key.issued).toISOString()}, '${key.tag}') of curve '${curve}' not found`);
        return { curve, curveId: row.id, instanceId: f.id, issued: key.issued, tag: f.tag };
      });
      const members = await readSeriesMembersOf(
        conn,
        row.id,
        targets.map((t) => t.instanceId),
        scenarios,
      );
      // a value column alone (or nothing): read here; members: as readSeries reads them
      const single = (t: ReadTarget) => members.get(t.instanceId)!.scenarioIds.length === 0;
      const columns = await readSingleSeries(
        conn,
        targets.filter(single).flatMap((t) => seriesIds(members.get(t.instanceId)!)),
      );
      return targets.map((t) => {
        if (!single(t)) return null;
        const m = members.get(t.instanceId)!;
        return m.valueId === null
          ? seriesOfColumns(t, m, new Float64Array(0), [])
          : seriesOfColumns(t, m, columns.get(m.valueId)![0], [columns.get(m.valueId)![1]]);
      });
    });
    return Promise.all(read.map((block, k) => block ?? this.readSeries(curve, {}, instances[k], options)));
  }

  /**
   * Writes the block of an instance that a read found without one (see duckdb-blocks.ts), on the
   * write connection after the imports queued before it, from its rows as they are then; once per
   * instance at a time. Best effort: without a block, reads pivot the rows.
   */
  private fillBlock(target: ReadTarget): void {
    const key = `${target.curveId}|${target.instanceId}`;
    if (this.closed || this.blockFills.has(key)) return;
    this.blockFills.add(key);
    void this.writes
      .run(async () => {
        if (this.closed) return;
        const members = await readSeriesMembers(this.writer, target, true);
        const ids = seriesIds(members);
        if (ids.length < 2) return;
        const rows = await readSeriesBlock(this.writer, target, {}, members);
        const columns = rows.values === null ? rows.scenarios : [rows.values, ...rows.scenarios];
        await writeBlock(this.writer, target.curveId, target.instanceId, ids, { times: rows.times, columns });
      })
      .catch(() => undefined)
      .finally(() => this.blockFills.delete(key));
  }

  /** {@inheritDoc Store.openSeries} */
  async openSeries(
    curve: string,
    range: TimeRange,
    instance?: InstanceKey | null,
    full: SeriesSpan | null = null,
  ): Promise<SeriesCursor | null> {
    const row = this.curveRow(curve);
    // the connection stays with the cursor until it closes; none free: the caller reads whole
    const conn = this.streamers.pop();
    if (conn === undefined) return null;
    let given = false;
    const release = (): void => {
      if (given) return;
      given = true;
      this.streamers.push(conn);
    };
    try {
      const target = await this.target(conn, curve, instance);
      const members = await this.lookups.get(curve, `series ${target.instanceId} true`, () => readSeriesMembers(conn, target, true));
      const missingSpan = (seriesId: number) => this.fillSpan(seriesId, row.id, row.record.frequency);
      return await openSeriesCursor(conn, members, range, full, release, missingSpan, this.windowRows);
    } catch (err) {
      release();
      throw err;
    }
  }

  /**
   * Writes the span of a series that a batched read found without one (see duckdb-spans.ts), on
   * the write connection after the imports queued before it; once per series at a time. Best
   * effort: without a span, reads count the rows.
   */
  private fillSpan(seriesId: number, curveId: number, frequency: string): void {
    if (this.closed || this.spanFills.has(seriesId)) return;
    this.spanFills.add(seriesId);
    void this.writes
      .run(async () => {
        if (!this.closed) await writeSpans(this.writer, [seriesId], new Map([[curveId, fixedStep(frequency)]]));
      })
      .catch(() => undefined)
      .finally(() => this.spanFills.delete(seriesId));
  }

  /** {@inheritDoc Store.readPeriods} */
  async readPeriods(curve: string, range: TimeRange, instance?: InstanceKey | null): Promise<PeriodBlock> {
    this.curveRow(curve);
    return this.readers.use(async (conn) => readPeriodBlock(conn, await this.target(conn, curve, instance), range));
  }

  /** {@inheritDoc Store.readOhlc} */
  async readOhlc(curve: string, query: OhlcQuery): Promise<OhlcBlock> {
    const row = this.curveRow(curve);
    // rows found out of read order (several imports) are sorted by the query from then on, until the curve changes
    const order = await this.lookups.get(curve, 'ohlc order', async () => ({ unordered: false }));
    return this.readers.use(async (conn) => {
      const { block, inOrder } = await readOhlcBlock(conn, curve, row.id, query, order.unordered ? 'unordered' : 'unknown');
      if (!inOrder) order.unordered = true;
      return block;
    });
  }

  /** {@inheritDoc Store.latestTraded} */
  async latestTraded(curve: string, atOrBefore?: number): Promise<number | null> {
    const row = this.curveRow(curve);
    const bound = atOrBefore === undefined ? '' : ` AND traded <= ${sqlNumber(atOrBefore)}`;
    const [max] = (await this.readers.use((conn) =>
      readColumns(conn, `SELECT max(traded) FROM ohlc WHERE curve_id = ${row.id}${bound}`, ['number']),
    )) as [Float64Array];
    const latest = max[0];
    return latest === undefined || Number.isNaN(latest) ? null : latest;
  }

  /** {@inheritDoc Store.valueExtent} */
  async valueExtent(curve: string): Promise<ValueExtent | null> {
    const row = this.curveRow(curve);
    const [first, last] = (await this.readers.use((conn) =>
      readColumns(
        conn,
        `SELECT min(ts), max(ts) FROM series_values WHERE series_id IN (SELECT id FROM series WHERE curve_id = ${row.id} AND instance_id = 0)`,
        ['number', 'number'],
      ),
    )) as [Float64Array, Float64Array];
    const [a, b] = [first[0], last[0]];
    return a === undefined || b === undefined || Number.isNaN(a) || Number.isNaN(b) ? null : { first: a, last: b };
  }

  /** {@inheritDoc Store.eventsAfter} */
  async eventsAfter(lastId: string | null, limit = 10_000): Promise<EventsAfter> {
    this.assertOpen();
    const after = lastId === null ? null : parseEventId(lastId);
    const events = await this.readers.use((conn) => readEvents(conn, after, limit));
    const lost = after !== null && this.prunedThrough !== null && compareEventIds(after, this.prunedThrough) < 0;
    const current = this.eventIds.current;
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
    this.assertOpen();
    const [r] = await this.readers.use((conn) =>
      readRows(
        conn,
        `SELECT (SELECT count(*) FROM instances)::DOUBLE instances,
      (SELECT count(*) FROM series_values)::DOUBLE vals, (SELECT count(*) FROM periods)::DOUBLE periods,
      (SELECT count(*) FROM ohlc)::DOUBLE ohlc, (SELECT count(*) FROM events)::DOUBLE events`,
      ),
    );
    if (r === undefined) throw new Error('the store statistics query returned no row');
    return {
      curves: this.curves.size,
      places: this.places.size,
      users: this.users.size,
      keys: this.keys.size,
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
    try {
      this.assertOpen();
      await this.readers.use((conn) => readRows(conn, 'SELECT 1 AS one'));
      return { ok: true, engine: 'duckdb', latencyMs: performance.now() - started, notifications: 'local' };
    } catch (err) {
      return { ok: false, engine: 'duckdb', latencyMs: performance.now() - started, error: (err as Error).message, notifications: 'local' };
    }
  }

  /** {@inheritDoc Store.close} */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.writes.run(async () => {
      this.closed = true;
    });
    for (const conn of await this.readers.drain()) conn.closeSync();
    for (const conn of this.streamers.splice(0)) conn.closeSync();
    this.writer.closeSync();
    this.db.closeSync();
    this.listeners.clear();
  }
}
