/**
 * The service's decoding of the `srmc` queries: the request parameters read back into typed
 * queries with the parameter descriptors the client's encoders share (`#wire`,
 * src/wire/requests/srmc.ts); only the service decodes, so the decoders live in the server package.
 *
 * @module
 */
import type { Fill } from 'service/model';
import {
  decodeSrmcFactors,
  decodeZoneAndUnit,
  type QueryInput,
  QueryValues,
  type ResampleQuery,
  SRMC_FILL_PARAM as FILL_PARAM,
  SRMC_FRONT,
  type SrmcFactorsQuery,
  TRADING_DATE,
} from '#wire';
import { type ContractQuery, decodeContract } from './contract';
import { decodeTradingPeriod, type TradingPeriodQuery } from './ohlc';

/** An SRMC load as the service reads it. */
export type SrmcLoadQuery = TradingPeriodQuery & ContractQuery & SrmcFactorsQuery & { fill?: Fill };

/** An SRMC `latest` request as the service reads it. */
export type SrmcLatestQuery = { date?: string } & SrmcFactorsQuery & Pick<ResampleQuery, 'timeZone' | 'unit'>;

/**
 * Reads the query of the SRMC loads on the service (`/srmc/{curve}/` and `/srmc/{curve}/timeseries/`).
 *
 * @param input - The request's query.
 * @returns Trading dates, contract (exactly one of front ≥ 1 and delivery), factors, fill and unit.
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * decodeSrmcLoad('begin=2020-12-01&end=2020-12-02&period=month&front=0')
 * //~> throws ValidationError (parameter 'front')
 */
export function decodeSrmcLoad(input: QueryInput): SrmcLoadQuery {
  const q = QueryValues.from(input);
  const fill = FILL_PARAM.decode(q);
  return { ...decodeTradingPeriod(q), ...decodeContract(q, SRMC_FRONT), ...(fill && { fill }), ...decodeSrmcFactors(q) };
}

/**
 * Reads the query of `srmc.latest` and `srmc.latestAsPeriods` on the service.
 *
 * @param input - The request's query.
 * @returns Trading day, factors, zone and unit (those present).
 * @throws {ValidationError} Naming the first invalid parameter.
 * @example
 * decodeSrmcLatest('date=2020-12-14&carbon-tax-area=GB').carbonTaxArea.tag
 * //=> 'GB'
 */
export function decodeSrmcLatest(input: QueryInput): SrmcLatestQuery {
  const q = QueryValues.from(input);
  const date = TRADING_DATE.decode(q);
  return { ...(date !== undefined && { date }), ...decodeSrmcFactors(q), ...decodeZoneAndUnit(q) };
}
