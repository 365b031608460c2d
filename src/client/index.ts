// The client toolkit: ServiceClient and PartnerConnection, their sections, options and HTTP layer.
export { ServiceClient } from './service-client';
export { PartnerConnection, PARTNER_DEFAULTS, type PartnerConnectionOptions } from './partner-connection';
export { BaseClient } from './base-client';
export { Section } from './sections/section';
export { MetadataSection, PartnerMetadataSection } from './sections/metadata';
export { UserSection } from './sections/user';
export { TimeseriesSection } from './sections/timeseries';
export { PeriodsSection } from './sections/periods';
export { InstancesSection } from './sections/instances';
export { PeriodInstancesSection } from './sections/period-instances';
export { OhlcSection } from './sections/ohlc';
export { SrmcSection } from './sections/srmc';
export {
  API_URL_ENV, DEFAULT_API_URL, DEFAULT_RETRY, MIN_HTTP_DELAY, readApiKeyFile, resolveClientOptions,
  type ClientDefaults, type ClientOptions, type ResolvedClientOptions, type RetryOptions,
} from './options';
export { HttpTransport, type HttpResponse, type TransportHooks } from './http';
