/**
 * The storage interface of the service: one write path ({@link Store.importBatch}) and the reads
 * the routes need. Engine-neutral: the embedded DuckDB engine implements it, a scale-out engine
 * can too. Instants are epoch milliseconds; ranges are `[begin, end)`; missing values are `NaN`.
 *
 * @module
 */
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
  SubscriptionGrant,
  UserRecord,
} from './types';

/** A half-open time range `[begin, end)` in epoch ms; an absent bound is open. */
export interface TimeRange {
  /** Inclusive lower bound; absent = from the first value. */
  begin?: number;
  /** Exclusive upper bound; absent = to the last value. */
  end?: number;
}

/** Identity of an instance: its issue instant and its tag (compared case-insensitively). */
export interface InstanceKey {
  /** Issue instant, epoch ms. */
  issued: number;
  /** Tag, `''` when the instance has none. */
  tag: string;
}

/** Paging of a search: 1-based page number and page size (both default to 1 and 50). */
export interface PageQuery {
  /** 1-based page number (default 1). */
  page?: number;
  /** Items per page (default 50). */
  pageSize?: number;
}

/**
 * Filters of a curve search (docs/semantics.md#metadata). Text filters compare case-insensitively;
 * every given filter narrows the result.
 */
export interface CurveQuery extends PageQuery {
  /** Free text: every word must start a word of the name (words split at spaces and `> @ - /`). */
  q?: string;
  /** Area tag; matches the curve's area or, for exchange curves, its sink area. */
  area?: string;
  /** Curve type tag (`INSTANCE`, ...). */
  curveType?: string;
  /** Data type tag (`FORECAST`, ...). */
  dataType?: string;
  /** Categories the curve must all have. */
  categories?: readonly string[];
  /** Exact category: the curve's categories joined with single spaces. */
  exactCategory?: string;
  /** Frequency tag (`PT15M`, ...). */
  frequency?: string;
  /** Commodity (`Power`, `Gas`, ...). */
  commodity?: string;
  /** Sources, any of them; `null` in the list means "curves without a source". */
  sources?: readonly (string | null)[];
  /** `true`: only curves of a place; `false`: only curves without one. */
  hasPlace?: boolean;
  /** Only the curves of this place. */
  placeKey?: string;
  /** Only curves these grants give access to (the `only-subscribed` filter). */
  grants?: readonly SubscriptionGrant[];
}

/** Filters of a place search. */
export interface PlaceQuery extends PageQuery {
  /** Free text matched like {@link CurveQuery.q} against the name and key. */
  q?: string;
  /** Area tag the place must lie in. */
  area?: string;
  /** Fuels, any of them (case-insensitive). */
  fuels?: readonly string[];
  /** Place kinds (`producer`, `river`, ...), any of them. */
  kinds?: readonly string[];
  /** `null`: only top-level places; a key: only the units of that plant; absent: all. */
  parentKey?: string | null;
}

/** One page of a search, with what the paging headers need. */
export interface StorePage<T> {
  /** The items of this page, in order. */
  items: T[];
  /** Matching items over all pages. */
  total: number;
  /** The page number served (1-based; may lie past the last page, then `items` is empty). */
  page: number;
  /** The page size used. */
  pageSize: number;
  /** Number of the last page (at least 1). */
  lastPage: number;
}

/** Selection of instances of a curve; bounds are inclusive, tags compare case-insensitively. */
export interface InstanceQuery {
  /** Only instances issued at or after this instant. */
  issuedAtEarliest?: number;
  /** Only instances issued at or before this instant. */
  issuedAtLatest?: number;
  /** Only these tags (any of them). */
  tags?: readonly string[];
  /** Not these tags. */
  excludeTags?: readonly string[];
  /** At most this many (the newest ones). */
  limit?: number;
}

/** Options of a series read. */
export interface SeriesReadOptions {
  /** Read the scenario (ensemble member) columns too (default `true`). */
  scenarios?: boolean;
}

/**
 * How a batched read hands over its times: `'ms'` epoch milliseconds as float64 (what the model
 * holds), or `'int64'` the int64 epoch milliseconds as Arrow's `Timestamp(ms)` column holds them
 * (each time's 8 bytes in the column are its int64, little-endian), which a streamed Arrow answer
 * sends as they are (docs/arrow.md#streamed).
 */
export type TimeForm = 'ms' | 'int64';

/** Some consecutive rows of a batched series read (NaN = missing). */
export interface SeriesBatch {
  /** Times, ascending: epoch ms, or their int64 values in the column's bytes when read with the form `'int64'` ({@link TimeForm}). */
  times: Float64Array;
  /** The value column, or null when the series has none. */
  values: Float64Array | null;
  /** One column per scenario. */
  scenarios: Float64Array[];
}

/** The first and last value times of a stored series (epoch ms). */
export interface ValueExtent {
  readonly first: number;
  readonly last: number;
}

/** How many rows a series has in a range, and its first and last time. */
export interface SeriesSpan {
  /** Rows (one per distinct time). */
  rows: number;
  /** First time (NaN without rows). */
  first: number;
  /** Last time (NaN without rows). */
  last: number;
}

/**
 * Where a batched read takes the memory of its batch columns (docs/arrow.md#streamed): columns
 * kept from earlier answers whose bytes have left the service, so that long answers do not
 * allocate (and have collected) megabytes each. Without one, every column is a new array.
 */
export interface ColumnSource {
  /** A column of `length` rows (at most a record batch), its contents unspecified. */
  take(length: number): Float64Array;
  /** Gives back columns that were taken and never handed out (copied, or read and dropped). */
  release(columns: readonly Float64Array[]): void;
}

/**
 * A batched read of a series (docs/arrow.md#streamed): what the rows will be, then the rows in
 * batches. It holds a reader of the store until the batches end or `close` is called.
 */
export interface SeriesCursor {
  /** Rows in all (one per distinct time). */
  rows: number;
  /** First time (NaN without rows). */
  first: number;
  /** Last time (NaN without rows). */
  last: number;
  /** Whether the series has a value column. */
  values: boolean;
  /** Names of its scenario columns, in order. */
  scenarioNames: string[];
  /**
   * The rows in batches of `size` (the last one shorter); the cursor closes when they end. A
   * batch's columns are its own: a later batch never writes into them (they may be sent as they
   * are while the next batch is read). With `columns`, the batch columns are taken from it. The
   * times come in the form asked for (default `'ms'`).
   */
  batches(size: number, columns?: ColumnSource, form?: TimeForm): AsyncGenerator<SeriesBatch>;
  /** Ends the read and gives the reader back (safe to call more than once). */
  close(): Promise<void>;
}

/** Options of an OHLC read. */
export interface OhlcQuery extends TimeRange {
  /** Only this contract period (`month`, `year`, ...; case-insensitive). */
  period?: string;
  /** Only the contract delivering at this instant (local midnight, epoch ms). */
  delivery?: number;
}

/** Events after a given id, and whether some were lost on the way. */
export interface EventsAfter {
  /** The events, oldest first. */
  events: EventRecord[];
  /** True when the given id is older than the log: events between it and the log were dropped. */
  lost: boolean;
  /**
   * True when the given id is newer than every event the store has written (and than the
   * clock, when it has written none): no such id was ever sent, so no event would follow it.
   */
  ahead?: boolean;
  /** The newest event id written, `null` when none (with {@link EventsAfter.ahead}). */
  newest?: string | null;
}

/** Options of {@link Store.importBatch}. */
export interface ImportOptions {
  /**
   * Called after each part of the batch is written, with the parts written so far and the total.
   * Throwing from it aborts the import; the store is then left as it was before.
   */
  onProgress?: (done: number, total: number) => void;
}

/** Counts of what the store holds. */
export interface StoreStats {
  /** Curves. */
  curves: number;
  /** Places. */
  places: number;
  /** Users. */
  users: number;
  /** API keys. */
  keys: number;
  /** Instances of all curves. */
  instances: number;
  /** Stored values (every member of every step, missing ones included). */
  values: number;
  /** Periods. */
  periods: number;
  /** OHLC rows. */
  ohlcRows: number;
  /** Events in the log. */
  events: number;
}

/** What a readiness probe learns from the store. */
export interface StoreHealth {
  /** True when the store answered a trivial query. */
  ok: boolean;
  /** The engine (`duckdb`, `postgres`). */
  engine: string;
  /** How long the probe query took, in ms. */
  latencyMs: number;
  /** Why the store is not ok. */
  error?: string;
  /**
   * How other nodes' imports reach this node's push feed: `local` (one process, no other
   * writer), `listening` (a notification channel is up), `down` (it is being re-established).
   */
  notifications: 'local' | 'listening' | 'down';
  /** The standby that serves the data reads, when there is one (docs/deploy.md#read-scaling). */
  readStore?: ReadStoreHealth;
}

/** The state of a read store (a streaming-replication standby) as `/ready` reports it. */
export interface ReadStoreHealth {
  /** True when the standby answered. */
  ok: boolean;
  /** Bytes of WAL the standby has still to replay to reach what this node has seen on the primary. */
  lagBytes?: number;
  /** Why it is not ok. */
  error?: string;
  /** Reads since the node started: answered by the standby, by the primary because the standby was behind, or because it failed. */
  reads: { standby: number; primaryBehind: number; primaryFailed: number };
}

/**
 * The service's storage. Every write goes through {@link Store.importBatch}, which is atomic: a
 * batch is validated before anything is written and is then written in one transaction, so a
 * failing batch leaves the store exactly as it was. Reads see committed data only.
 *
 * @example
 * const store = await DuckDbStore.open('./data');
 * await store.importBatch({ curves: [curve] });
 * (await store.getCurve(curve.name))?.name //=> curve.name
 */
export interface Store {
  /**
   * Writes a batch atomically. Records replace those with the same identity (curve name, place
   * key, user id, key hash, instance curve + issued + tag ignoring case). A series block replaces
   * every stored value (all members) of its curve/instance from its first to its last timestamp;
   * a period block replaces `[first begin, last end)`, trimming stored periods that stick out; an
   * OHLC block replaces its curve's rows on the trading days it contains. Each non-empty block
   * logs one `CURVE_UPDATE` event with the range it covers.
   */
  importBatch(batch: ImportBatch, options?: ImportOptions): Promise<ImportResult>;

  /** The curve with exactly this name, or `null`. */
  getCurve(name: string): Promise<CurveRecord | null>;
  /**
   * The data version of a curve's answers (changed by every import that names the curve, or
   * imports places), or with `null` of all answers (changed by every import); opaque, never
   * repeated, the base of the service's ETags.
   */
  dataVersion(curve: string | null): string;
  /** Curves matching the filters, ordered by name, paged. */
  searchCurves(query?: CurveQuery): Promise<StorePage<CurveRecord>>;
  /** The place with this key, or `null`. */
  getPlace(key: string): Promise<PlaceRecord | null>;
  /** Places matching the filters, ordered by name then key, paged. */
  searchPlaces(query?: PlaceQuery): Promise<StorePage<PlaceRecord>>;
  /** Every category word used by a curve, sorted. */
  categories(): Promise<string[]>;
  /** Every exact category (categories joined by spaces), sorted. */
  exactCategories(): Promise<string[]>;

  /** The user with this id, or `null`. */
  getUser(id: string): Promise<UserRecord | null>;
  /** All users, ordered by id. */
  listUsers(): Promise<UserRecord[]>;
  /** The key with this hash (hex SHA-256 of the key), or `null`. */
  findKey(hash: string): Promise<KeyRecord | null>;
  /** All keys (of one user when given), ordered by creation time. */
  listKeys(userId?: string): Promise<KeyRecord[]>;
  /** Blocks or unblocks a key; returns false when no key has this hash. */
  setKeyBlocked(hash: string, blocked: boolean): Promise<boolean>;
  /** Blocks or unblocks a user; returns false when no user has this id. */
  setUserBlocked(id: string, blocked: boolean): Promise<boolean>;
  /** Notes that a key was used at an instant (written at most once a minute per key); never throws. */
  noteKeyUse(hash: string, at: number): void;
  /** When each key was last used (epoch ms by key hash); keys never used are absent. */
  keyUses(): Promise<Map<string, number>>;

  /** Instances of a curve, newest `issued` first (then by tag). */
  listInstances(curve: string, query?: InstanceQuery): Promise<InstanceRecord[]>;
  /** The instance with this identity, or `null`. */
  getInstance(curve: string, key: InstanceKey): Promise<InstanceRecord | null>;

  /** Values of a curve (or of one instance) in the range, as time-ordered columns. */
  readSeries(curve: string, range: TimeRange, instance?: InstanceKey | null, options?: SeriesReadOptions): Promise<SeriesBlock>;
  /**
   * The whole values of several instances of a curve, in the order of `instances`, in a few
   * queries rather than a few per instance (the instances list answer). Optional: a store without
   * it is read instance by instance with {@link Store.readSeries}, which this equals.
   */
  readInstanceSeries?(curve: string, instances: readonly InstanceKey[], options?: SeriesReadOptions): Promise<SeriesBlock[]>;
  /**
   * Opens a batched read of the values of a curve (or one instance) in the range, on stores that
   * can hand over rows in batches (answers streamed while they are read). `full` is what the
   * range holds when the series has a row at each of its steps: when the range holds that many
   * rows, their first and last time are taken from it rather than read.
   * Resolves null when every connection kept for batched reads is busy (long answers still
   * being sent): the caller reads whole instead, so slow downloads never hold the connections of
   * ordinary reads.
   */
  openSeries?(curve: string, range: TimeRange, instance?: InstanceKey | null, full?: SeriesSpan | null): Promise<SeriesCursor | null>;
  /** Periods of a curve (or of one instance) overlapping the range, ordered by begin. */
  readPeriods(curve: string, range: TimeRange, instance?: InstanceKey | null): Promise<PeriodBlock>;
  /** OHLC rows with `traded` in the range, ordered by traded, period, delivery. */
  readOhlc(curve: string, query: OhlcQuery): Promise<OhlcBlock>;
  /** The newest trading day with rows at or before `atOrBefore` (default: any), or `null`. */
  latestTraded(curve: string, atOrBefore?: number): Promise<number | null>;
  /**
   * The first and last value times (epoch ms, step starts) stored for a curve without instances,
   * or `null` when it has none: what an empty answer names as where the data is
   * (docs/protocol.md#data-extent).
   */
  valueExtent(curve: string): Promise<ValueExtent | null>;

  /** Events after an id (`null`: the whole log), oldest first, at most `limit`. */
  eventsAfter(lastId: string | null, limit?: number): Promise<EventsAfter>;
  /** Calls `listener` with the events of every committed import; returns the unsubscribe function. */
  onEvents(listener: (events: readonly EventRecord[]) => void): () => void;

  /** Counts of what the store holds. */
  stats(): Promise<StoreStats>;
  /** Probes the store (for the service's readiness endpoint); never throws. */
  health(): Promise<StoreHealth>;
  /**
   * Takes a token from a per-key bucket that every node sharing this store sees (present only on
   * stores that several processes share). Holds up to `burst` tokens, refills at `ratePerSecond`.
   *
   * @returns 0 when a token was taken, otherwise the seconds until one is available.
   */
  takeToken?(key: string, ratePerSecond: number, burst: number): Promise<number>;
  /** Releases the engine; the store is unusable afterwards. */
  close(): Promise<void>;
}
