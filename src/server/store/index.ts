// The service's storage: the Store interface, its records and the embedded DuckDB engine.
export type {
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
export type {
  CurveQuery,
  EventsAfter,
  ImportOptions,
  InstanceKey,
  InstanceQuery,
  OhlcQuery,
  PageQuery,
  PlaceQuery,
  SeriesReadOptions,
  Store,
  StorePage,
  StoreHealth,
  StoreStats,
  TimeRange,
} from './store';
export { DuckDbStore, DATABASE_FILE, type DuckDbStoreOptions } from './duckdb-store';
export { validateBatch, type BatchContext } from './validate-batch';
export { DEFAULT_PAGE_SIZE, categoriesOf, grantCovers, matchesCurve, matchesPlace, matchesText, pageOf, searchWords, sortedBy } from './filters';
export { EventIdGenerator, compareEventIds, formatEventId, parseEventId, type EventIdParts } from './event-ids';
export { stepEnd } from './duckdb-plan';
export { PostgresStore, isPostgresUrl, redacted, type PostgresStoreOptions } from './postgres-store';
