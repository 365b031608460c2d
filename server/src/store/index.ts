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
  ColumnSource,
  CurveQuery,
  EventsAfter,
  InstanceKey,
  OhlcQuery,
  ReadStoreHealth,
  SeriesBatch,
  SeriesCursor,
  SeriesSpan,
  Store,
  StorePage,
  TimeForm,
  TimeRange,
} from './store';
export { inTimeForm } from './time-form';
export { DuckDbStore, type DuckDbStoreOptions } from './duckdb/duckdb-store';
export { validateBatch, type BatchContext } from './validate-batch';
export { categoriesOf, grantCovers, matchesCurve, matchesPlace, matchesText, pageOf, searchWords } from './filters';
export { EventIdGenerator, compareEventIds, formatEventId, parseEventId, type EventIdParts } from './event-ids';
export { PostgresStore, redacted, type PostgresStoreOptions } from './postgres/postgres-store';
