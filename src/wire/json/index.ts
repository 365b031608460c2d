// JSON <-> model objects: one parseX/serializeX pair per resource of the wire references
// (docs/protocol.md#json-shapes), the paging headers, and the fast
// date-time readers and writers they share.
export * from './absolute';
export * from './contract';
export * from './curve';
export * from './format-instants';
export * from './instance';
export * from './ohlc';
export * from './page';
export { isCalendarDate, lastOffsetMinutes, parseInstant, scanInstant } from './parse-instant';
export * from './periodseries';
export * from './resolution';
export * from './srmc';
export * from './strings';
export * from './subscription';
export * from './timeseries';
export * from './user';
export { InstantWriter, JsonBytes } from './json-bytes';
export * from './write-ohlc';
export * from './write-timeseries';
export type { ImportSummaryJson, KeyJson, NewKeyJson } from './admin';
