/**
 * The default client (docs/protocol.md#client-options): `new ServiceClient({ apiKey })`.
 *
 * @module
 */
import { BaseClient, CHECK_API_KEY, clientTransport } from './base-client';
import type { TransportHooks } from './http';
import { resolveClientOptions, type ClientOptions } from './options';
import { EventsSection } from './sections/events';
import { InstancesSection } from './sections/instances';
import { MetadataSection } from './sections/metadata';
import { OhlcSection } from './sections/ohlc';
import { PeriodInstancesSection } from './sections/period-instances';
import { PeriodsSection } from './sections/periods';
import { SrmcSection } from './sections/srmc';
import { TimeseriesSection } from './sections/timeseries';
import { UserSection } from './sections/user';

/**
 * The default client of the service. Sections are properties; each adds one line here.
 *
 * @param options - `apiKey` or `apiKeyFile` (exactly one), `sslVerify` (default true),
 *   `timeout` (seconds per request, default 20), `httpDelay` (minimum seconds between request
 *   starts, default 0.0667, at least 0.05), `apiUrl` (default `$SERVICE_API_URL`, else the local
 *   service `http://127.0.0.1:7070/api`), `proxies` (URL per scheme, default none), `retry`.
 * @param hooks - Optional clock, sleep and retry observer of the transport (tests use them).
 * @throws InitializationError when the key arguments are wrong (none or both, unreadable or
 *   empty key file) or an option is out of range.
 * @example
 * const client = new ServiceClient({ apiKeyFile: '/home/me/.service-key' });
 * await client.isApiKeyValid() //=> true
 * (await client.metadata.curves({ q: 'de wind actual' })).length //~> 3
 */
export class ServiceClient extends BaseClient {
  /** Curves, places and categories (docs/protocol.md#metadata). */
  readonly metadata: MetadataSection = new MetadataSection(clientTransport(this));
  /** The user of the API key (docs/protocol.md#user-json). */
  readonly user: UserSection = new UserSection(clientTransport(this));
  /** Time series of TIMESERIES and SCENARIO_TIMESERIES curves (docs/protocol.md#timeseries). */
  readonly timeseries: TimeseriesSection = new TimeseriesSection(clientTransport(this));
  /** Period-based series of PERIOD curves (docs/protocol.md#periods). */
  readonly periods: PeriodsSection = new PeriodsSection(clientTransport(this));
  /** Forecast instances of INSTANCE curves (docs/protocol.md#instances). */
  readonly instances: InstancesSection = new InstancesSection(clientTransport(this));
  /** Instances of INSTANCE_PERIOD curves as period-based series (docs/protocol.md#period-instances). */
  readonly periodInstances: PeriodInstancesSection = new PeriodInstancesSection(clientTransport(this));
  /** OHLC rows, forward curves and contract series of futures curves (docs/protocol.md#ohlc). */
  readonly ohlc: OhlcSection = new OhlcSection(clientTransport(this));
  /** Short-run marginal costs from coal and gas futures (docs/protocol.md#srmc). */
  readonly srmc: SrmcSection = new SrmcSection(clientTransport(this));
  /** The push feed of curve events over a WebSocket (docs/protocol.md#push-feed). */
  readonly events: EventsSection = new EventsSection(this.options);

  constructor(options: ClientOptions = {}, hooks?: TransportHooks) {
    super(resolveClientOptions(options), hooks);
  }

  /**
   * Tests the key by loading the categories (through their cache).
   *
   * @returns The categories.
   * @throws The request's errors.
   */
  [CHECK_API_KEY](): Promise<unknown> {
    return this.metadata.categories();
  }
}
