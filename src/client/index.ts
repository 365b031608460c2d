// The client toolkit: ServiceClient and PartnerConnection, their sections, options and HTTP layer.
export { ServiceClient } from './service-client';
export { PartnerConnection, type PartnerConnectionOptions } from './partner-connection';
export { MetadataSection, PartnerMetadataSection, type PagedResult } from './sections/metadata';
export type { CallOptions, ManyOptions, ManyProgress } from './sections/load-many';
export type { InstanceSaveOptions, SaveOptions } from './sections/saving';
export type { ExportOptions } from './sections/export';
export { UserSection } from './sections/user';
export { TimeseriesSection, type LongLoadOptions } from './sections/timeseries';
export { PeriodsSection } from './sections/periods';
export { InstancesSection } from './sections/instances';
export type { InstancesSkillOptions } from './sections/instances-skill';
export type { IssueRow, LeadTimesOption, SkillMetric, SkillReference, SkillResult, SkillRow } from '../engine';
export { PeriodInstancesSection } from './sections/period-instances';
export { OhlcSection } from './sections/ohlc';
export { SrmcSection } from './sections/srmc';
export type { ClientDefaults, ClientOptions, RetryOptions } from './options';
export {
  ResponseCache,
  type CacheMode,
  type CacheOptions,
  type CacheStats,
  type RequestInfo,
  type RequestListener,
  type ResponseInfo,
  type ResponseListener,
} from './http';
export { EventsSection } from './sections/events';
export {
  ConnectionEvent,
  CurveEvent,
  EventsConnection,
  TimeoutEvent,
  type CurveAttributeFilter,
  type CurveNameFilter,
  type EventFilter,
  type EventsConnectOptions,
  type FeedEvent,
  type SubscribeOptions,
} from './events';

// The option types of the section methods (the request builders in `src/wire/requests` own them).
// The client's resample group is `LoadResampleOptions` here, as the engine's `ResampleOptions` is
// a different thing (columns in, columns out).
export type {
  CurveDefinition,
  CurveInput,
  DeliveryContractOptions,
  FrontContractOptions,
  InstancesAbsoluteOptions,
  InstancesGetOptions,
  InstancesLatestOptions,
  InstancesListOptions,
  InstancesLoadOptions,
  InstancesRelativeOptions,
  InstancesRollingOptions,
  MetadataCurvesOptions,
  MetadataPlacesOptions,
  OhlcLatestAsPeriodsOptions,
  OhlcLatestOptions,
  OhlcLoadOptions,
  OhlcTimeseriesOptions,
  PeriodInstancesGetOptions,
  PeriodInstancesLatestOptions,
  PeriodInstancesListOptions,
  PeriodInstancesLoadOptions,
  PeriodInstancesRelativeOptions,
  PeriodsLoadOptions,
  SaveResult,
  ExportedFile,
  ExportResult,
  SrmcLatestAsPeriodsOptions,
  SrmcLatestOptions,
  SrmcLoadDeliveryOptions,
  SrmcLoadFrontOptions,
  TimeseriesLoadOptions,
  ResampleOptions as LoadResampleOptions,
} from '../wire';

// Real files read through a source description, without a service (docs/sources.md).
export { readSeries, readTable, type ReadSourceOptions, type ReadTableOptions } from './read-sources';
