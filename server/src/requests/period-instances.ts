/**
 * The service's decoding of the `period-instances` queries: the request parameters read back into typed
 * queries with the parameter descriptors the client's encoders share (`#wire`,
 * src/wire/requests/period-instances.ts); only the service decodes, so the decoders live in the server package.
 *
 * @module
 */
import {
  BEGIN,
  decodeSelection,
  decodeZoneAndUnit,
  END,
  type InstanceSelectionQuery,
  PERIOD_INSTANCES_BEFORE_TIME_OF_DAY as BEFORE_TIME_OF_DAY,
  PERIOD_INSTANCES_DAYS_AHEAD as DAYS_AHEAD,
  PERIOD_INSTANCES_LIST_FIELDS as LIST_FIELDS,
  PERIOD_INSTANCES_LIST_LIMIT,
  PERIOD_INSTANCES_LOAD_LIMIT,
  type QueryInput,
  QueryValues,
  type ResampleQuery,
  type TimeOfDay,
  type WireDateTime,
} from '#wire';

/** A period-instance query as the service reads it: period (when taken), zone, unit. */
export type PeriodInstancesQuery = Pick<ResampleQuery, 'timeZone' | 'unit'> & { begin: WireDateTime; end: WireDateTime };

/**
 * Reads the query of `periodInstances.list` on the service.
 *
 * @param input - The request's query.
 * @returns The selection with `limit` (20 when absent).
 * @throws {ValidationError} Naming the first invalid parameter.
 * @example
 * decodePeriodInstancesList('limit=21')
 * //~> throws ValidationError (parameter 'limit')
 */
export function decodePeriodInstancesList(input: QueryInput): InstanceSelectionQuery {
  return decodeSelection(QueryValues.from(input), LIST_FIELDS, PERIOD_INSTANCES_LIST_LIMIT);
}

/**
 * Reads the query of `periodInstances.load` on the service.
 *
 * @param input - The request's query.
 * @returns Period, selection with `limit` (3 when absent), zone and unit.
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * decodePeriodInstancesLoad('begin=2020-01-01&end=2020-06-01').limit
 * //=> 3
 */
export function decodePeriodInstancesLoad(input: QueryInput): PeriodInstancesQuery & InstanceSelectionQuery {
  const q = QueryValues.from(input);
  return {
    begin: BEGIN.decode(q),
    end: END.decode(q),
    ...decodeSelection(q, LIST_FIELDS, PERIOD_INSTANCES_LOAD_LIMIT),
    ...decodeZoneAndUnit(q),
  };
}

/**
 * Reads the query of `periodInstances.latest` on the service.
 *
 * @param input - The request's query.
 * @returns Period, `issuedAtLatest`, zone and unit.
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * decodePeriodInstancesLatest('begin=2020-01-01&end=2020-06-01&issued-at-latest=2020-04-01').issuedAtLatest.day
 * //=> 1
 */
export function decodePeriodInstancesLatest(input: QueryInput): PeriodInstancesQuery & Pick<InstanceSelectionQuery, 'issuedAtLatest'> {
  const q = QueryValues.from(input);
  const { issuedAtLatest } = decodeSelection(q, ['issuedAtLatest']);
  return { begin: BEGIN.decode(q), end: END.decode(q), ...(issuedAtLatest && { issuedAtLatest }), ...decodeZoneAndUnit(q) };
}

/**
 * Reads the query of `periodInstances.get` on the service (path: `decodeIssued`; the tag is
 * case-sensitive).
 *
 * @param input - The request's query.
 * @returns Period, zone and unit.
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * decodePeriodInstancesGet('begin=2020-01-01&end=2020-06-01&timezone=UTC').timeZone.name
 * //=> 'UTC'
 */
export function decodePeriodInstancesGet(input: QueryInput): PeriodInstancesQuery {
  const q = QueryValues.from(input);
  return { begin: BEGIN.decode(q), end: END.decode(q), ...decodeZoneAndUnit(q) };
}

/**
 * Reads the query of `periodInstances.relative` on the service.
 *
 * @param input - The request's query.
 * @returns Period, `daysAhead`, `beforeTimeOfDay`, zone and unit.
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * decodePeriodInstancesRelative('begin=2020-01-01&end=2020-06-01&days-ahead=1').daysAhead
 * //=> 1
 */
export function decodePeriodInstancesRelative(
  input: QueryInput,
): PeriodInstancesQuery & { daysAhead: number; beforeTimeOfDay?: TimeOfDay } {
  const q = QueryValues.from(input);
  const before = BEFORE_TIME_OF_DAY.decode(q);
  return {
    begin: BEGIN.decode(q),
    end: END.decode(q),
    daysAhead: DAYS_AHEAD.decode(q),
    ...(before && { beforeTimeOfDay: before }),
    ...decodeZoneAndUnit(q),
  };
}
