/**
 * The service's decoding of the `timeseries` queries: the request parameters read back into typed
 * queries with the parameter descriptors the client's encoders share (`#wire`,
 * src/wire/requests/timeseries.ts); only the service decodes, so the decoders live in the server package.
 *
 * @module
 */
import { BEGIN, decodeResample, END, type QueryInput, QueryValues, type ResampleQuery, type WireDateTime } from '#wire';

/** `timeseries.load` as the service reads it. */
export interface TimeseriesLoadQuery extends ResampleQuery {
  /** Start (inclusive). */
  begin: WireDateTime;
  /** End (exclusive). */
  end: WireDateTime;
}

/**
 * Reads the query of `timeseries.load` on the service.
 *
 * @param input - The request's query.
 * @returns The decoded parameters.
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * decodeTimeseriesLoad('begin=2020-01-01&end=2020-01-02&frequency=P1D').frequency.tag
 * //=> 'P1D'
 */
export function decodeTimeseriesLoad(input: QueryInput): TimeseriesLoadQuery {
  const query = QueryValues.from(input);
  return { begin: BEGIN.decode(query), end: END.decode(query), ...decodeResample(query) };
}
