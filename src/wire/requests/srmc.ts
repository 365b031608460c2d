import type { Fill, FillTag } from '../../model';
import { QueryBuilder } from '../encode';
import { checkQueryRange } from '../limits';
import { encodeSrmcFactors, RESAMPLE_PARAMS, type ResampleOptions, type SrmcFactors } from '../options';
import { FILL, optionalParam, type DateTimeInput } from '../params';
import { BEGIN_DATE, END_DATE, TRADING_DATE } from './common';
import { encodeDeliveryContract, encodeFrontContract, type DeliveryContractOptions, type FrontContractOptions } from './contract';
import type { TradingPeriodOptions } from './ohlc';
import { requestLine, type RequestLine } from './request-line';
import { srmcCurveName, type CurveInput } from './segments';

/** Factors and result unit of every SRMC operation. */
export interface SrmcUnitOptions extends SrmcFactors {
  /** Convert the result to this unit/currency (results are EUR/MWh by default). */
  unit?: string | null;
}

/** Options of `srmc.loadFront`: trading dates, a front contract (front ≥ 1), factors. */
export type SrmcLoadFrontOptions = TradingPeriodOptions & FrontContractOptions & SrmcUnitOptions;
/** Options of `srmc.loadDelivery`: trading dates, a specific contract, factors. */
export type SrmcLoadDeliveryOptions = TradingPeriodOptions & DeliveryContractOptions & SrmcUnitOptions;
/** How days without trades are filled in the `…AsTimeseries` loads. */
export interface FillOption {
  /** `no-fill` (service default), `fill-holes` or `forward-fill`. */
  fill?: Fill | FillTag | null;
}
/** Options of `srmc.latest`. */
export interface SrmcLatestOptions extends SrmcUnitOptions {
  /** The trading day (default: the latest with data). */
  date?: DateTimeInput | null;
}
/** Options of `srmc.latestAsPeriods`. */
export type SrmcLatestAsPeriodsOptions = SrmcLatestOptions & Pick<ResampleOptions, 'timeZone'>;

const FILL_PARAM = optionalParam('fill', FILL);
const UNIT = RESAMPLE_PARAMS.unit;

function load(
  curve: CurveInput,
  options: Partial<TradingPeriodOptions & SrmcUnitOptions & FillOption>,
  contract: (q: QueryBuilder) => QueryBuilder,
  timeseries: boolean,
): RequestLine {
  const name = srmcCurveName(curve);
  const query = contract(
    checkQueryRange(new QueryBuilder().put(BEGIN_DATE, options.begin).put(END_DATE, options.end), null, { dates: true }),
  );
  if (timeseries) query.put(FILL_PARAM, options.fill);
  encodeSrmcFactors(query, options).put(UNIT, options.unit);
  return requestLine(timeseries ? ['srmc', name, 'timeseries'] : ['srmc', name], query);
}

/**
 * Request line of `srmc.loadFront`: `GET /srmc/{curve}/?begin&end&period&front&<factors>&unit`.
 *
 * @param curve - A coal or gas curve, or its name (`OHLC`).
 * @param options - Trading dates, period and front (required, front ≥ 1), factors and unit.
 * @returns The request line.
 * @throws {ValidationError} Naming the first missing or invalid parameter (`curve` for a non-coal/gas curve).
 * @example
 * srmcLoadFront('Coal OHLC', { begin: '2020-12-01', end: '2020-12-02', period: 'month', front: 1 }).query
 * //=> 'begin=2020-12-01&end=2020-12-02&period=month&front=1'
 */
export function srmcLoadFront(curve: CurveInput, options: Partial<SrmcLoadFrontOptions>): RequestLine {
  return load(curve, options, (q) => encodeFrontContract(q, options, 'srmc'), false);
}

/**
 * Request line of `srmc.loadDelivery`: `GET /srmc/{curve}/?begin&end&period&delivery&<factors>&unit`.
 *
 * @param curve - A coal or gas curve, or its name (`OHLC`).
 * @param options - Trading dates, period and delivery (required), factors and unit.
 * @returns The request line.
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * srmcLoadDelivery('Gas OHLC', { begin: '2020-12-01', end: '2020-12-30', period: 'month', delivery: '2021-03-01' }).query
 * //=> 'begin=2020-12-01&end=2020-12-30&period=month&delivery=2021-03-01'
 */
export function srmcLoadDelivery(curve: CurveInput, options: Partial<SrmcLoadDeliveryOptions>): RequestLine {
  return load(curve, options, (q) => encodeDeliveryContract(q, options), false);
}

/**
 * Request line of `srmc.loadFrontAsTimeseries`: `GET /srmc/{curve}/timeseries/?begin&end&period&front&fill&<factors>&unit`.
 *
 * @param curve - A coal or gas curve, or its name (`OHLC`).
 * @param options - As {@link srmcLoadFront}, plus `fill`.
 * @returns The request line.
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * srmcLoadFrontAsTimeseries('Coal OHLC', { begin: '2020-12-01', end: '2020-12-30', period: 'month', front: 1, fill: 'fill-holes' }).path
 * //=> '/srmc/Coal%20OHLC/timeseries/'
 */
export function srmcLoadFrontAsTimeseries(curve: CurveInput, options: Partial<SrmcLoadFrontOptions & FillOption>): RequestLine {
  return load(curve, options, (q) => encodeFrontContract(q, options, 'srmc'), true);
}

/**
 * Request line of `srmc.loadDeliveryAsTimeseries`: `GET /srmc/{curve}/timeseries/?begin&end&period&delivery&fill&<factors>&unit`.
 *
 * @param curve - A coal or gas curve, or its name (`OHLC`).
 * @param options - As {@link srmcLoadDelivery}, plus `fill`.
 * @returns The request line.
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * srmcLoadDeliveryAsTimeseries('Coal OHLC', { begin: '2020-12-01', end: '2020-12-30', period: 'month',
 *   delivery: '2021-03-01', api2TonneToMwh: '7.0' }).query
 * //=> 'begin=2020-12-01&end=2020-12-30&period=month&delivery=2021-03-01&api2-tonne-to-mwh=7.0'
 */
export function srmcLoadDeliveryAsTimeseries(curve: CurveInput, options: Partial<SrmcLoadDeliveryOptions & FillOption>): RequestLine {
  return load(curve, options, (q) => encodeDeliveryContract(q, options), true);
}

/**
 * Request line of `srmc.latest`: `GET /srmc/{curve}/latest/?date&<factors>&unit`.
 *
 * @param curve - A coal or gas curve, or its name (`OHLC`).
 * @param options - Trading day, factors and unit.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter.
 * @example
 * srmcLatest('Coal OHLC', { carbonEmissions: 0.5, efficiency: 1 }).query
 * //=> 'carbon-emissions=0.5&efficiency=1'
 */
export function srmcLatest(curve: CurveInput, options: SrmcLatestOptions = {}): RequestLine {
  const name = srmcCurveName(curve);
  const query = encodeSrmcFactors(new QueryBuilder().put(TRADING_DATE, options.date), options).put(UNIT, options.unit);
  return requestLine(['srmc', name, 'latest'], query);
}

/**
 * Request line of `srmc.latestAsPeriods`: `GET /srmc/{curve}/latest/periods/?date&<factors>&timezone&unit`.
 *
 * @param curve - A coal or gas curve, or its name (`OHLC`).
 * @param options - Trading day, factors, zone and unit.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter.
 * @example
 * srmcLatestAsPeriods('Coal OHLC', { date: '2020-12-14', carbonTaxArea: 'GB', timeZone: 'UTC' }).query
 * //=> 'date=2020-12-14&carbon-tax-area=GB&timezone=UTC'
 */
export function srmcLatestAsPeriods(curve: CurveInput, options: SrmcLatestAsPeriodsOptions = {}): RequestLine {
  const name = srmcCurveName(curve);
  const query = encodeSrmcFactors(new QueryBuilder().put(TRADING_DATE, options.date), options)
    .put(RESAMPLE_PARAMS.timeZone, options.timeZone)
    .put(UNIT, options.unit);
  return requestLine(['srmc', name, 'latest', 'periods'], query);
}

/** The parameter descriptors the service's decoders (server package) read with, under names of their own. */
export { FILL_PARAM as SRMC_FILL_PARAM };
