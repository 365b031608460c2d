/**
 * The reseller (partner) client (docs/protocol.md#client-options, docs/protocol.md#partner): `new PartnerConnection({ apiUrl,
 * apiKey })`, the key in `Ocp-Apim-Subscription-Key`, at most 10 requests per second by default.
 *
 * @module
 */
import { BaseClient, CHECK_API_KEY, clientTransport } from './base-client';
import type { TransportHooks } from './http';
import { resolveClientOptions, type ClientDefaults, type ClientOptions } from './options';
import { InstancesSection } from './sections/instances';
import { PartnerMetadataSection } from './sections/metadata';
import { PeriodInstancesSection } from './sections/period-instances';
import { PeriodsSection } from './sections/periods';
import { TimeseriesSection } from './sections/timeseries';

/** Base URL of the reseller's data APIs; each country has its own API below it. */
const PARTNER_BASE_URL = 'https://api.realto.io';

/**
 * Defaults of the partner client: key header `Ocp-Apim-Subscription-Key`, `httpDelay` 0.1 s,
 * `apiUrl` required.
 *
 * @example
 * PARTNER_DEFAULTS.httpDelay //=> 0.1
 */
const PARTNER_DEFAULTS: Readonly<ClientDefaults> = Object.freeze({
  httpDelay: 0.1,
  authHeader: 'Ocp-Apim-Subscription-Key',
  requireApiUrl: true,
});

/**
 * Constructor options of {@link PartnerConnection}: as the default client's, with `apiUrl` required.
 *
 * @example
 * const opts: PartnerConnectionOptions = { apiUrl: PartnerConnection.API_URL_FRANCE, apiKeyFile: '/home/me/.partner-key' };
 * opts.apiUrl //=> 'https://api.realto.io/energyquantified-france'
 */
export type PartnerConnectionOptions = ClientOptions & { apiUrl: string };

/**
 * The client for customers who subscribe through a reseller. It speaks the same protocol as
 * the default client under a per-country base URL, with fewer sections (no `ohlc`, `srmc`,
 * `events` or `user`); its `metadata` offers only curve search.
 *
 * @param options - `apiUrl` (required; e.g. {@link PartnerConnection.API_URL_GERMANY}), `apiKey`
 *   or `apiKeyFile` (exactly one), `sslVerify` (default true), `timeout` (default 20),
 *   `httpDelay` (default 0.1, at least 0.05), `proxies` (default none), `retry`.
 * @param hooks - Optional clock, sleep and retry observer of the transport (tests use them).
 * @throws InitializationError when `apiUrl` is missing, the key arguments are wrong or an
 *   option is out of range.
 * @example
 * const partner = new PartnerConnection({ apiUrl: PartnerConnection.API_URL_GERMANY, apiKey: 'aaaa-bbbb' });
 * (await partner.metadata.curves({ q: 'de wind power actual' })).page //=> 1
 */
export class PartnerConnection extends BaseClient {
  /** Base URL of the German data API on the reseller's platform. */
  static readonly API_URL_GERMANY = `${PARTNER_BASE_URL}/energyquantified-germany`;
  /** Base URL of the French data API on the reseller's platform. */
  static readonly API_URL_FRANCE = `${PARTNER_BASE_URL}/energyquantified-france`;
  /** Base URL of the Dutch data API on the reseller's platform. */
  static readonly API_URL_NETHERLANDS = `${PARTNER_BASE_URL}/energyquantified-netherlands`;
  /** Base URL of the British data API on the reseller's platform. */
  static readonly API_URL_UK = `${PARTNER_BASE_URL}/energyquantified-greatbritain`;
  /** Base URL of the Belgian data API on the reseller's platform. */
  static readonly API_URL_BELGIUM = `${PARTNER_BASE_URL}/energyquantified-belgium`;

  /** Curve search (the partner APIs offer no other metadata operation). */
  readonly metadata: PartnerMetadataSection = new PartnerMetadataSection(clientTransport(this));
  /** Time series of TIMESERIES and SCENARIO_TIMESERIES curves (docs/protocol.md#timeseries). */
  readonly timeseries: TimeseriesSection = new TimeseriesSection(clientTransport(this));
  /** Period-based series of PERIOD curves (docs/protocol.md#periods). */
  readonly periods: PeriodsSection = new PeriodsSection(clientTransport(this));
  /** Forecast instances of INSTANCE curves (docs/protocol.md#instances). */
  readonly instances: InstancesSection = new InstancesSection(clientTransport(this));
  /** Instances of INSTANCE_PERIOD curves as period-based series (docs/protocol.md#period-instances). */
  readonly periodInstances: PeriodInstancesSection = new PeriodInstancesSection(clientTransport(this));

  constructor(options: PartnerConnectionOptions, hooks?: TransportHooks) {
    super(resolveClientOptions(options, PARTNER_DEFAULTS), hooks);
  }

  /**
   * Tests the key with one small curve search (`page=1&page-size=10`).
   *
   * @returns The page.
   * @throws The request's errors.
   */
  [CHECK_API_KEY](): Promise<unknown> {
    return this.metadata.curves({ page: 1, pageSize: 10 });
  }
}
