/**
 * The service's decoding of the `instances` queries: the request parameters read back into typed
 * queries with the parameter descriptors the client's encoders share (`#wire`,
 * src/wire/requests/instances.ts); only the service decodes, so the decoders live in the server package.
 *
 * @module
 */
import {
  decodeResample,
  decodeSelection,
  ENSEMBLES_LOAD_LIMIT,
  type EnsemblesOption,
  INSTANCES_LATEST_FIELDS as LATEST_FIELDS,
  INSTANCES_LIST_FIELDS as LIST_FIELDS,
  INSTANCES_LIST_LIMIT,
  INSTANCES_LOAD_LIMIT,
  type InstanceSelectionQuery,
  type QueryInput,
  QueryValues,
  type ResampleQuery,
} from '#wire';

/**
 * Reads the query of `instances.list` on the service.
 *
 * @param input - The request's query.
 * @returns The selection with `limit` (25 when absent).
 * @throws {ValidationError} Naming the first invalid parameter.
 * @example
 * decodeInstancesList('tags=ec&limit=10').limit
 * //=> 10
 */
export function decodeInstancesList(input: QueryInput): InstanceSelectionQuery {
  return decodeSelection(QueryValues.from(input), LIST_FIELDS, INSTANCES_LIST_LIMIT);
}

/**
 * Reads the query of `instances.load` on the service.
 *
 * @param input - The request's query.
 * @param options - `ensembles`: the request came to `/ensembles/…` (limit 1–10).
 * @returns The selection with `limit` (5 when absent) and the resample options.
 * @throws {ValidationError} Naming the first invalid parameter.
 * @example
 * decodeInstancesLoad('limit=11', { ensembles: true })
 * //~> throws ValidationError (parameter 'limit')
 */
export function decodeInstancesLoad(input: QueryInput, options: EnsemblesOption = {}): InstanceSelectionQuery & ResampleQuery {
  const query = QueryValues.from(input);
  const limit = options.ensembles ? ENSEMBLES_LOAD_LIMIT : INSTANCES_LOAD_LIMIT;
  return { ...decodeSelection(query, LIST_FIELDS, limit), ...decodeResample(query) };
}

/**
 * Reads the query of `instances.latest` on the service.
 *
 * @param input - The request's query.
 * @returns The selection (`tags`, `issuedAtLatest`, `issuedTimeOfDay`) and resample options.
 * @throws {ValidationError} Naming the first invalid parameter.
 * @example
 * decodeInstancesLatest('issued-time-of-day=00%3A00%3A00.000').issuedTimeOfDay.length
 * //=> 1
 */
export function decodeInstancesLatest(input: QueryInput): InstanceSelectionQuery & ResampleQuery {
  const query = QueryValues.from(input);
  return { ...decodeSelection(query, LATEST_FIELDS), ...decodeResample(query) };
}

/**
 * Reads the query of `instances.get` on the service (the path's `{issued}` is read with
 * `decodeIssued`, and `{tag}` compares case-insensitively).
 *
 * @param input - The request's query.
 * @returns The resample options.
 * @throws {ValidationError} Naming the first invalid parameter.
 * @example
 * decodeInstancesGet('frequency=P1D').frequency.tag
 * //=> 'P1D'
 */
export function decodeInstancesGet(input: QueryInput): ResampleQuery {
  return decodeResample(QueryValues.from(input));
}
