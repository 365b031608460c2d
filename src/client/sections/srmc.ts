/**
 * The srmc section (docs/protocol.md#srmc): the short-run marginal cost (EUR/MWh) of a coal or
 * gas plant, computed by the service from a coal or gas OHLC curve's settlements, the EUA price
 * and FX rates of each trading day.
 *
 * @module
 */
import type { SRMC } from '../../model';
import {
  decodeSRMC,
  parseSRMC,
  srmcLatest,
  srmcLatestAsPeriods,
  srmcLoadDelivery,
  srmcLoadDeliveryAsTimeseries,
  srmcLoadFront,
  srmcLoadFrontAsTimeseries,
  type CurveInput,
  type FillOption,
  type SrmcLatestAsPeriodsOptions,
  type SrmcLatestOptions,
  type SrmcLoadDeliveryOptions,
  type SrmcLoadFrontOptions,
} from '../../wire';
import type { CallOptions } from './load-many';
import { Section, fetchData } from './section';

/**
 * The SRMC operations of a client. Before sending, each checks that the curve's name contains
 * `coal` or `gas` (a Curve object must also be of type OHLC), that `carbonEmissions` and
 * `efficiency` lie in [0.01, 1.0] and that `carbonTaxArea` is an area. The effective factors
 * come back in the result's `options`.
 *
 * @param transport - The client's HTTP transport.
 * @example
 * const s = await client.srmc.latest('Futures Coal API-2 USD/t ICE OHLC', { carbonTaxArea: 'GB' });
 * s.options?.carbonTaxArea?.tag //=> 'GB'
 */
export class SrmcSection extends Section {
  /**
   * The SRMC of a continuous front contract on each trading day of `[begin, end)`, as OHLC rows
   * (only `settlement` set).
   *
   * @param curve - A coal or gas curve, or its name.
   * @param options - `begin`, `end`, `period`, `front` (≥ 1) required; the factors
   *   `gasThermToMwh`, `api2TonneToMwh`, `carbonEmissions`, `efficiency`, `carbonTaxArea`; `unit`.
   * @returns The result (`hasOhlc()`).
   * @throws ValidationError before sending (parameter `curve` for a non-coal/gas curve, a
   *   factor out of range, a missing parameter); from the service: ValidationError (400),
   *   ForbiddenError (403), NotFoundError (404), UnauthorizedError, HTTPError,
   *   InternalServerError, ParseException.
   * @example
   * const s = await client.srmc.loadFront(coal, { begin: '2025-01-06', end: '2025-01-08', period: 'month', front: 1 });
   * s.ohlc?.length //=> 2
   */
  async loadFront(curve: CurveInput, options: SrmcLoadFrontOptions & CallOptions): Promise<SRMC> {
    return fetchData(this, srmcLoadFront(curve, options ?? {}), options?.signal, decodeSRMC, parseSRMC);
  }

  /**
   * The SRMC of one specific contract on each trading day of `[begin, end)`, as OHLC rows.
   *
   * @param curve - A coal or gas curve, or its name.
   * @param options - `begin`, `end`, `period`, `delivery` required; factors; `unit`.
   * @returns The result (`hasOhlc()`).
   * @throws ValidationError before sending; the service's errors as {@link loadFront}.
   * @example
   * (await client.srmc.loadDelivery(ttf, { begin: '2025-01-06', end: '2025-01-08', period: 'month', delivery: '2025-03-01' })).contract?.isSpecific() //=> true
   */
  async loadDelivery(curve: CurveInput, options: SrmcLoadDeliveryOptions & CallOptions): Promise<SRMC> {
    return fetchData(this, srmcLoadDelivery(curve, options ?? {}), options?.signal, decodeSRMC, parseSRMC);
  }

  /**
   * The SRMC of a continuous front contract as a daily series over `[begin, end)`.
   *
   * @param curve - A coal or gas curve, or its name.
   * @param options - As {@link loadFront}, plus `fill` (`no-fill`, `fill-holes`, `forward-fill`).
   * @returns The result (`hasTimeseries()`).
   * @throws ValidationError before sending; the service's errors as {@link loadFront}.
   * @example
   * (await client.srmc.loadFrontAsTimeseries(coal, { begin: '2025-01-01', end: '2025-01-08', period: 'month', front: 1 })).timeseries?.length //=> 7
   */
  async loadFrontAsTimeseries(curve: CurveInput, options: SrmcLoadFrontOptions & FillOption & CallOptions): Promise<SRMC> {
    return fetchData(this, srmcLoadFrontAsTimeseries(curve, options ?? {}), options?.signal, decodeSRMC, parseSRMC);
  }

  /**
   * The SRMC of one specific contract as a daily series over `[begin, end)`.
   *
   * @param curve - A coal or gas curve, or its name.
   * @param options - As {@link loadDelivery}, plus `fill`.
   * @returns The result (`hasTimeseries()`).
   * @throws ValidationError before sending; the service's errors as {@link loadFront}.
   * @example
   * const s = await client.srmc.loadDeliveryAsTimeseries(coal, { begin: '2025-01-01', end: '2025-01-08', period: 'month', delivery: '2025-03-01' });
   * s.timeseries?.contract?.columnHeader() //=> 'month 2025-03-01 settlement'
   */
  async loadDeliveryAsTimeseries(curve: CurveInput, options: SrmcLoadDeliveryOptions & FillOption & CallOptions): Promise<SRMC> {
    return fetchData(this, srmcLoadDeliveryAsTimeseries(curve, options ?? {}), options?.signal, decodeSRMC, parseSRMC);
  }

  /**
   * The SRMC of every contract of one trading day (`date`, or the closest earlier day with data;
   * default the newest), as OHLC rows.
   *
   * @param curve - A coal or gas curve, or its name.
   * @param options - `date`, factors, `unit`.
   * @returns The result (`hasOhlc()`).
   * @throws ValidationError before sending; the service's errors as {@link loadFront}.
   * @example
   * (await client.srmc.latest(coal, { date: '2025-01-12' })).ohlc?.[0].product.traded.toISODate() //=> '2025-01-10'
   */
  async latest(curve: CurveInput, options: SrmcLatestOptions & CallOptions = {}): Promise<SRMC> {
    return fetchData(this, srmcLatest(curve, options), options?.signal, decodeSRMC, parseSRMC);
  }

  /**
   * The SRMC of one trading day's contracts merged into a forward curve (finest contract wins).
   *
   * @param curve - A coal or gas curve, or its name.
   * @param options - `date`, factors, `timeZone`, `unit`.
   * @returns The result (`hasPeriodseries()`, frequency NONE).
   * @throws ValidationError before sending; the service's errors as {@link loadFront}.
   * @example
   * (await client.srmc.latestAsPeriods(ttf, { timeZone: 'UTC' })).periodseries?.resolution.frequency.tag //=> 'NONE'
   */
  async latestAsPeriods(curve: CurveInput, options: SrmcLatestAsPeriodsOptions & CallOptions = {}): Promise<SRMC> {
    return fetchData(this, srmcLatestAsPeriods(curve, options), options?.signal, decodeSRMC, parseSRMC);
  }
}
