/**
 * The ohlc section (docs/protocol.md#ohlc): OHLC rows of futures curves, the latest trading
 * day as rows or as a forward curve, and one contract as a daily series.
 *
 * @module
 */
import type { OHLCList, Periodseries, Timeseries } from '../../model';
import {
  ohlcLatest,
  ohlcLatestAsPeriods,
  ohlcLoad,
  ohlcLoadDeliveryAsTimeseries,
  ohlcLoadFrontAsTimeseries,
  type CurveInput,
  type DeliveryContractOptions,
  type FrontContractOptions,
  type OhlcLatestAsPeriodsOptions,
  type OhlcLatestOptions,
  type OhlcLoadOptions,
  type OhlcTimeseriesOptions,
} from '../../wire';
import type { CallOptions } from './load-many';
import { Section, fetchOhlcList, fetchPeriodseries, fetchSeries } from './section';

/**
 * The OHLC operations of a client. Every option is validated before a request is sent; a Curve
 * object must be of type OHLC (a name is not checked).
 *
 * @param transport - The client's HTTP transport.
 * @example
 * const rows = await client.ohlc.latest('DE Futures Power Base EUR/MWh EEX OHLC');
 * rows[0].product.period.tag //~> 'day'
 */
export class OhlcSection extends Section {
  /**
   * Loads the rows traded in `[begin, end)` (dates), ordered by trading day, period and delivery,
   * each with its front number on that day.
   *
   * @param curve - The curve or its name.
   * @param options - `begin`, `end` (required); `period`; `front` (≥ 0) or `delivery` (each needs
   *   `period`, not both); `unit` (e.g. `'GBP/MWh'`, converted at each trading day's FX rate).
   * @returns The rows.
   * @throws ValidationError before sending for a missing date, `front`/`delivery` without
   *   `period` or both together, or a Curve of another type; from the service: ValidationError
   *   (400), ForbiddenError (403), NotFoundError (404), UnauthorizedError, HTTPError,
   *   InternalServerError, ParseException.
   * @example
   * const rows = await client.ohlc.load(curve, { begin: '2025-01-06', end: '2025-01-08', period: 'month', front: 1 });
   * rows.map((o) => o.product.delivery.toISODate()) //=> ['2025-02-01', '2025-02-01']
   */
  async load(curve: CurveInput, options: OhlcLoadOptions & CallOptions): Promise<OHLCList> {
    return fetchOhlcList(this, ohlcLoad(curve, options ?? {}), options?.signal);
  }

  /**
   * Loads every row of one trading day: `date`, or the closest earlier day with data (default:
   * the newest trading day).
   *
   * @param curve - The curve or its name.
   * @param options - `date`, `unit`.
   * @returns The rows of that day (empty when there is none).
   * @throws ValidationError before sending for an invalid date; the service's errors as {@link load}.
   * @example
   * (await client.ohlc.latest(curve, { date: '2025-01-12' }))[0].product.traded.toISODate() //=> '2025-01-10'
   */
  async latest(curve: CurveInput, options: OhlcLatestOptions & CallOptions = {}): Promise<OHLCList> {
    return fetchOhlcList(this, ohlcLatest(curve, options), options?.signal);
  }

  /**
   * One trading day's contracts merged into a forward curve (the finest contract covering a
   * moment wins, coarser ones fill the rest), with the same trading-day choice as {@link latest}.
   *
   * @param curve - The curve or its name.
   * @param options - `field` (default `settlement`), `date`, `timeZone`, `unit`.
   * @returns A period-based series (frequency NONE).
   * @throws ValidationError before sending for an invalid field, date or zone; the service's
   *   errors as {@link load}.
   * @example
   * (await client.ohlc.latestAsPeriods(curve, { timeZone: 'UTC' })).resolution.frequency.tag //=> 'NONE'
   */
  async latestAsPeriods(curve: CurveInput, options: OhlcLatestAsPeriodsOptions & CallOptions = {}): Promise<Periodseries> {
    return fetchPeriodseries(this, ohlcLatestAsPeriods(curve, options), options?.signal);
  }

  /**
   * A continuous front contract (re-rolled each trading day) as a daily series over
   * `[begin, end)`; days without a trade are null unless `fill` says otherwise.
   *
   * @param curve - The curve or its name.
   * @param options - `begin`, `end`, `period`, `front` (≥ 0; 1 = nearest) required; `field`
   *   (default settlement), `fill` (`no-fill`, `fill-holes`, `forward-fill`), `unit`.
   * @returns The daily series with its contract.
   * @throws ValidationError before sending naming the first missing or invalid parameter; the
   *   service's errors as {@link load}.
   * @example
   * const ts = await client.ohlc.loadFrontAsTimeseries(curve, { begin: '2025-01-01', end: '2025-01-08', period: 'month', front: 1 });
   * ts.contract?.columnHeader() //=> 'month front-1 settlement'
   */
  async loadFrontAsTimeseries(curve: CurveInput, options: OhlcTimeseriesOptions & FrontContractOptions & CallOptions): Promise<Timeseries> {
    return fetchSeries(this, ohlcLoadFrontAsTimeseries(curve, options ?? {}), options?.signal);
  }

  /**
   * One specific contract as a daily series over `[begin, end)`.
   *
   * @param curve - The curve or its name.
   * @param options - `begin`, `end`, `period`, `delivery` required; `field`, `fill`, `unit`.
   * @returns The daily series with its contract.
   * @throws ValidationError before sending naming the first missing or invalid parameter; the
   *   service's errors as {@link load}.
   * @example
   * const ts = await client.ohlc.loadDeliveryAsTimeseries(curve, { begin: '2025-01-01', end: '2025-01-08', period: 'month',
   *   delivery: '2025-03-01', fill: 'forward-fill' });
   * ts.contract?.columnHeader() //=> 'month 2025-03-01 settlement'
   */
  async loadDeliveryAsTimeseries(
    curve: CurveInput,
    options: OhlcTimeseriesOptions & DeliveryContractOptions & CallOptions,
  ): Promise<Timeseries> {
    return fetchSeries(this, ohlcLoadDeliveryAsTimeseries(curve, options ?? {}), options?.signal);
  }
}
