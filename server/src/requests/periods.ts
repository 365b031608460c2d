/**
 * The service's decoding of the `periods` queries: the request parameters read back into typed
 * queries with the parameter descriptors the client's encoders share (`#wire`,
 * src/wire/requests/periods.ts); only the service decodes, so the decoders live in the server package.
 *
 * @module
 */
import { BEGIN, decodeZoneAndUnit, END, type QueryInput, QueryValues, type ResampleQuery, type WireDateTime } from '#wire';

/** Period-series options as the service reads them: period, zone and unit. */
export interface PeriodsLoadQuery extends Pick<ResampleQuery, 'timeZone' | 'unit'> {
  /** Start (inclusive). */
  begin: WireDateTime;
  /** End (exclusive). */
  end: WireDateTime;
}

/**
 * Reads the query of `periods.load` on the service.
 *
 * @param input - The request's query.
 * @returns The decoded parameters.
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * decodePeriodsLoad('begin=2020-01-01&end=2020-06-01&unit=GW').unit
 * //=> 'GW'
 */
export function decodePeriodsLoad(input: QueryInput): PeriodsLoadQuery {
  const query = QueryValues.from(input);
  return { begin: BEGIN.decode(query), end: END.decode(query), ...decodeZoneAndUnit(query) };
}
