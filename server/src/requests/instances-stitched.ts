/**
 * The service's decoding of the `instances-stitched` queries: the request parameters read back into typed
 * queries with the parameter descriptors the client's encoders share (`#wire`,
 * src/wire/requests/instances-stitched.ts); only the service decodes, so the decoders live in the server package.
 *
 * @module
 */
import {
  BEGIN,
  decodeResample,
  decodeSelection,
  END,
  type QueryInput,
  QueryValues,
  type ResampleQuery,
  STITCHED_INSTANCES_PARAMS as P,
  STITCHED_INSTANCES_TAG_FIELDS as TAG_FIELDS,
  type TimeOfDay,
  type WireDateTime,
} from '#wire';

/** `instances.relative` as the service reads it. */
export interface InstancesRelativeQuery extends ResampleQuery {
  begin: WireDateTime;
  end: WireDateTime;
  tag: string;
  daysAhead: number;
  issued: 'earliest' | 'latest';
  timeOfDay?: TimeOfDay;
  afterTimeOfDay?: TimeOfDay;
  beforeTimeOfDay?: TimeOfDay;
  modifiedAtLatest?: TimeOfDay;
}

/** `instances.rolling` as the service reads it. */
export interface InstancesRollingQuery extends ResampleQuery {
  hoursAhead: number;
  begin: WireDateTime;
  end: WireDateTime;
  tags: string[];
  excludeTags: string[];
}

/** `instances.absolute` as the service reads it. */
export interface InstancesAbsoluteQuery extends Omit<ResampleQuery, 'threshold'> {
  delivery: WireDateTime;
  begin: WireDateTime;
  end: WireDateTime;
  tags: string[];
  excludeTags: string[];
}

/**
 * Reads the query of `instances.relative` on the service.
 *
 * @param input - The request's query.
 * @returns The decoded parameters (`daysAhead` 1 and `issued` `'latest'` when absent).
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * decodeInstancesRelative('begin=2020-06-01&end=2020-06-05&tag=').daysAhead
 * //=> 1
 */
export function decodeInstancesRelative(input: QueryInput): InstancesRelativeQuery {
  const q = QueryValues.from(input);
  const out: InstancesRelativeQuery = {
    begin: BEGIN.decode(q),
    end: END.decode(q),
    tag: P.tag.decode(q),
    daysAhead: P.daysAhead.decode(q),
    issued: P.issued.decode(q),
    ...decodeResample(q),
  };
  for (const key of ['timeOfDay', 'afterTimeOfDay', 'beforeTimeOfDay', 'modifiedAtLatest'] as const) {
    const value = P[key].decode(q);
    if (value) out[key] = value;
  }
  return out;
}

/**
 * Reads the query of `instances.rolling` on the service.
 *
 * @param input - The request's query.
 * @returns The decoded parameters (`hoursAhead` 0 when absent).
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * decodeInstancesRolling('hours-ahead=2&begin=2023-10-01&end=2023-10-02').hoursAhead
 * //=> 2
 */
export function decodeInstancesRolling(input: QueryInput): InstancesRollingQuery {
  const q = QueryValues.from(input);
  const { tags, excludeTags } = decodeSelection(q, TAG_FIELDS);
  return { hoursAhead: P.hoursAhead.decode(q), begin: BEGIN.decode(q), end: END.decode(q), tags, excludeTags, ...decodeResample(q) };
}

/**
 * Reads the query of `instances.absolute` on the service.
 *
 * @param input - The request's query.
 * @returns The decoded parameters.
 * @throws {ValidationError} Naming the first missing or invalid parameter.
 * @example
 * decodeInstancesAbsolute('delivery=2023-10-05+12%3A00&begin=2023-10-01&end=2023-10-02').delivery.hour
 * //=> 12
 */
export function decodeInstancesAbsolute(input: QueryInput): InstancesAbsoluteQuery {
  const q = QueryValues.from(input);
  const { tags, excludeTags } = decodeSelection(q, TAG_FIELDS);
  return {
    delivery: P.delivery.decode(q),
    begin: BEGIN.decode(q),
    end: END.decode(q),
    tags,
    excludeTags,
    ...decodeResample(q, { threshold: false }),
  };
}
