import { ValidationError } from '../../exceptions';
import type { ContractPeriod, ContractPeriodTag, Fill, FillTag, OHLCField, OHLCFieldTag } from '../../model';
import { checkQueryRange } from '../limits';
import { QueryBuilder } from '../encode';
import { encodeZoneAndUnit, RESAMPLE_PARAMS, type ResampleOptions } from '../options';
import { FILL, OHLC_FIELD, optionalParam, type DateTimeInput } from '../params';
import { BEGIN_DATE, END_DATE, TRADING_DATE } from './common';
import {
  DELIVERY_DATE,
  encodeDeliveryContract,
  encodeFrontContract,
  OHLC_FRONT,
  PERIOD_FILTER,
  type DeliveryContractOptions,
  type FrontContractOptions,
} from './contract';
import { requestLine, type RequestLine } from './request-line';
import { curveName, SECTION_CURVE_TYPES, type CurveInput } from './segments';

/** Trading-date range of OHLC and SRMC loads (dates; `end` exclusive), both required. */
export interface TradingPeriodOptions {
  /** First trading date, required. */
  begin: DateTimeInput;
  /** End trading date (exclusive), required. */
  end: DateTimeInput;
}

/** Options of `ohlc.load`: trading dates and optional contract filters. */
export interface OhlcLoadOptions extends TradingPeriodOptions {
  /** Only contracts of this period. */
  period?: ContractPeriod | ContractPeriodTag | null;
  /** Only this front contract (needs `period`, not with `delivery`). */
  front?: number | null;
  /** Only the contract delivering from this date (needs `period`, not with `front`). */
  delivery?: DateTimeInput | null;
  /** Convert prices to this unit/currency. */
  unit?: string | null;
}

/** Options of `ohlc.latest`. */
export interface OhlcLatestOptions {
  /** The trading day (default: the latest with data). */
  date?: DateTimeInput | null;
  /** Convert prices to this unit/currency. */
  unit?: string | null;
}

/** Options of `ohlc.latestAsPeriods`. */
export interface OhlcLatestAsPeriodsOptions extends OhlcLatestOptions, Pick<ResampleOptions, 'timeZone'> {
  /** Field the series is made of (default `settlement`). */
  field?: OHLCField | OHLCFieldTag | null;
}

/** Options shared by the OHLC `…AsTimeseries` loads. */
export interface OhlcTimeseriesOptions extends TradingPeriodOptions {
  /** Field the series is made of (default `settlement`). */
  field?: OHLCField | OHLCFieldTag | null;
  /** How days without trades are filled (default `no-fill` on the service). */
  fill?: Fill | FillTag | null;
  /** Convert prices to this unit/currency. */
  unit?: string | null;
}

const UNIT = RESAMPLE_PARAMS.unit;
const FILL_PARAM = optionalParam('fill', FILL);
const ohlcCurve = (curve: CurveInput): string => curveName(curve, SECTION_CURVE_TYPES.ohlc);
const fieldText = (field: OHLCField | string | null | undefined): string => OHLC_FIELD.encode(field ?? 'settlement', 'field');

/**
 * Request line of `ohlc.load`: `GET /ohlc/{curve}/?begin&end&period&front&delivery&unit`.
 *
 * @param curve - The curve or curve name (`OHLC`).
 * @param options - Trading dates, contract filters and unit.
 * @returns The request line.
 * @throws {ValidationError} For invalid values, `front`/`delivery` without `period`, or both together.
 * @example
 * ohlcLoad('NP OHLC', { begin: '2020-01-01', end: '2020-01-10', period: 'month', front: 1 }).query
 * //=> 'begin=2020-01-01&end=2020-01-10&period=month&front=1'
 */
export function ohlcLoad(curve: CurveInput, options: Partial<OhlcLoadOptions>): RequestLine {
  const name = ohlcCurve(curve);
  const o = options;
  const period = PERIOD_FILTER.encode(o.period);
  const front = OHLC_FRONT.encode(o.front);
  const delivery = DELIVERY_DATE.encode(o.delivery);
  if (period.length && front.length && delivery.length) {
    throw new ValidationError("At most one of the following fields may be set: 'front', 'delivery'");
  }
  if (!period.length && (front.length || delivery.length)) {
    const n = front.length ? 'front' : 'delivery';
    throw new ValidationError(`Parameter '${n}' can only be used together with 'period'`, n);
  }
  const query = tradingPeriod(o).add(PERIOD_FILTER.name, period).add(OHLC_FRONT.name, front).add(DELIVERY_DATE.name, delivery);
  return requestLine(['ohlc', name], query.put(UNIT, o.unit));
}

/**
 * Request line of `ohlc.latest`: `GET /ohlc/{curve}/latest/?date&unit`.
 *
 * @param curve - The curve or curve name (`OHLC`).
 * @param options - Trading day and unit.
 * @returns The request line.
 * @throws {ValidationError} For an invalid date or unit.
 * @example
 * ohlcLatest('NP OHLC', { date: '2020-12-01' })
 * //=> { path: '/ohlc/NP%20OHLC/latest/', query: 'date=2020-12-01' }
 */
export function ohlcLatest(curve: CurveInput, options: OhlcLatestOptions = {}): RequestLine {
  const name = ohlcCurve(curve);
  return requestLine(['ohlc', name, 'latest'], new QueryBuilder().put(TRADING_DATE, options.date).put(UNIT, options.unit));
}

/**
 * Request line of `ohlc.latestAsPeriods`: `GET /ohlc/{curve}/latest/periods/{field}/?date&timezone&unit`.
 *
 * @param curve - The curve or curve name (`OHLC`).
 * @param options - Field (default `settlement`), trading day, zone and unit.
 * @returns The request line.
 * @throws {ValidationError} For an invalid field, date, zone or unit.
 * @example
 * ohlcLatestAsPeriods('NP OHLC')
 * //=> { path: '/ohlc/NP%20OHLC/latest/periods/settlement/', query: '' }
 */
export function ohlcLatestAsPeriods(curve: CurveInput, options: OhlcLatestAsPeriodsOptions = {}): RequestLine {
  const name = ohlcCurve(curve);
  const field = fieldText(options.field);
  const query = encodeZoneAndUnit(new QueryBuilder().put(TRADING_DATE, options.date), options);
  return requestLine(['ohlc', name, 'latest', 'periods', field], query);
}

/**
 * Request line of `ohlc.loadFrontAsTimeseries`: `GET /ohlc/{curve}/timeseries/{field}/?begin&end&period&front&fill&unit`.
 *
 * @param curve - The curve or curve name (`OHLC`).
 * @param options - Trading dates, period and front (required, front ≥ 0), field, fill and unit.
 * @returns The request line.
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * ohlcLoadFrontAsTimeseries('NP OHLC', { begin: '2020-01-01', end: '2020-01-02', period: 'month', front: 1 }).path
 * //=> '/ohlc/NP%20OHLC/timeseries/settlement/'
 */
export function ohlcLoadFrontAsTimeseries(curve: CurveInput, options: Partial<OhlcTimeseriesOptions & FrontContractOptions>): RequestLine {
  const name = ohlcCurve(curve);
  const query = encodeFrontContract(tradingPeriod(options), options, 'ohlc').put(FILL_PARAM, options.fill).put(UNIT, options.unit);
  return requestLine(['ohlc', name, 'timeseries', fieldText(options.field)], query);
}

/**
 * Request line of `ohlc.loadDeliveryAsTimeseries`: `GET /ohlc/{curve}/timeseries/{field}/?begin&end&period&delivery&fill&unit`.
 *
 * @param curve - The curve or curve name (`OHLC`).
 * @param options - Trading dates, period and delivery (required), field, fill and unit.
 * @returns The request line.
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * ohlcLoadDeliveryAsTimeseries('NP OHLC', { begin: '2020-01-01', end: '2020-01-10', period: 'month',
 *   delivery: '2020-06-01', field: 'close', fill: 'forward-fill' }).query
 * //=> 'begin=2020-01-01&end=2020-01-10&period=month&delivery=2020-06-01&fill=forward-fill'
 */
export function ohlcLoadDeliveryAsTimeseries(
  curve: CurveInput,
  options: Partial<OhlcTimeseriesOptions & DeliveryContractOptions>,
): RequestLine {
  const name = ohlcCurve(curve);
  const query = encodeDeliveryContract(tradingPeriod(options), options).put(FILL_PARAM, options.fill).put(UNIT, options.unit);
  return requestLine(['ohlc', name, 'timeseries', fieldText(options.field)], query);
}

function tradingPeriod(options: Partial<TradingPeriodOptions>): QueryBuilder {
  return checkQueryRange(new QueryBuilder().put(BEGIN_DATE, options.begin).put(END_DATE, options.end), null, { dates: true });
}

/** The parameter descriptors the service's decoders (server package) read with, under names of their own. */
export { FILL_PARAM as OHLC_FILL_PARAM, UNIT as OHLC_UNIT_PARAM };
