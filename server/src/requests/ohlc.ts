/**
 * The service's decoding of the `ohlc` queries: the request parameters read back into typed
 * queries with the parameter descriptors the client's encoders share (`#wire`,
 * src/wire/requests/ohlc.ts); only the service decodes, so the decoders live in the server package.
 *
 * @module
 */
import { ValidationError } from 'service/exceptions';
import type { Fill, OHLCField } from 'service/model';
import {
  BEGIN_DATE,
  decodeZoneAndUnit,
  DELIVERY_DATE,
  END_DATE,
  OHLC_FIELD,
  OHLC_FILL_PARAM as FILL_PARAM,
  OHLC_FRONT,
  OHLC_UNIT_PARAM as UNIT,
  PERIOD_FILTER,
  type QueryInput,
  QueryValues,
  type ResampleQuery,
  TRADING_DATE,
} from '#wire';
import { type ContractQuery, decodeContract } from './contract';

/** Trading dates and unit as the service reads them. */
export interface TradingPeriodQuery {
  /** First trading date `YYYY-MM-DD`. */
  begin: string;
  /** End trading date `YYYY-MM-DD` (exclusive). */
  end: string;
  /** Target unit. */
  unit?: string;
}

/**
 * Reads the `{field}` path segment of OHLC requests on the service.
 *
 * @param text - The decoded segment, e.g. `settlement`.
 * @returns The field.
 * @throws {ValidationError} For an unknown field (parameter `field`).
 * @example
 * decodeOhlcField('Close').key
 * //=> 'close'
 */
export function decodeOhlcField(text: string): OHLCField {
  return OHLC_FIELD.decode(text, 'field');
}

/**
 * Reads the query of `ohlc.load` on the service.
 *
 * @param input - The request's query.
 * @returns Trading dates, unit and the optional filters.
 * @throws {ValidationError} As {@link ohlcLoad} would.
 * @example
 * decodeOhlcLoad('begin=2020-01-01&end=2020-01-10&period=month&front=1').front
 * //=> 1
 */
export function decodeOhlcLoad(input: QueryInput): TradingPeriodQuery & Partial<ContractQuery> {
  const q = QueryValues.from(input);
  const out: TradingPeriodQuery & Partial<ContractQuery> = decodeTradingPeriod(q);
  const period = PERIOD_FILTER.decode(q);
  if (period === undefined) {
    for (const n of [OHLC_FRONT.name, DELIVERY_DATE.name]) {
      if (q.get(n) !== undefined) throw new ValidationError(`Parameter '${n}' can only be used together with 'period'`, n);
    }
    return out;
  }
  const front = OHLC_FRONT.decode(q);
  const delivery = DELIVERY_DATE.decode(q);
  if (front !== undefined && delivery !== undefined) {
    throw new ValidationError("At most one of the following fields may be set: 'front', 'delivery'");
  }
  return { ...out, period, ...(front !== undefined && { front }), ...(delivery !== undefined && { delivery }) };
}

/**
 * Reads the query of `ohlc.latest` and `ohlc.latestAsPeriods` on the service.
 *
 * @param input - The request's query.
 * @returns Trading day, zone and unit (those present).
 * @throws {ValidationError} For an invalid date or zone.
 * @example
 * decodeOhlcLatest('date=2020-12-01+10%3A00%3A00').date
 * //=> '2020-12-01'
 */
export function decodeOhlcLatest(input: QueryInput): { date?: string } & Pick<ResampleQuery, 'timeZone' | 'unit'> {
  const q = QueryValues.from(input);
  const date = TRADING_DATE.decode(q);
  return { ...(date !== undefined && { date }), ...decodeZoneAndUnit(q) };
}

/**
 * Reads the query of the OHLC `…AsTimeseries` loads on the service (front or delivery).
 *
 * @param input - The request's query.
 * @returns Trading dates, contract choice, fill and unit.
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * decodeOhlcTimeseries('begin=2020-01-01&end=2020-01-02&period=month&front=0').front
 * //=> 0
 */
export function decodeOhlcTimeseries(input: QueryInput): TradingPeriodQuery & ContractQuery & { fill?: Fill } {
  const q = QueryValues.from(input);
  const fill = FILL_PARAM.decode(q);
  return { ...decodeTradingPeriod(q), ...decodeContract(q, OHLC_FRONT), ...(fill && { fill }) };
}

/**
 * Reads `begin`, `end` (dates, required) and `unit` on the service.
 *
 * @param query - The request's query values.
 * @returns The trading period and unit.
 * @throws {ValidationError} When `begin` or `end` is missing or not a date.
 * @example
 * decodeTradingPeriod(QueryValues.from('begin=2020-01-01&end=2020-01-10')).end
 * //=> '2020-01-10'
 */
export function decodeTradingPeriod(query: QueryValues): TradingPeriodQuery {
  const unit = UNIT.decode(query);
  return { begin: BEGIN_DATE.decode(query), end: END_DATE.decode(query), ...(unit !== undefined && { unit }) };
}
