// Instance operations that combine many instances into one result: relative, rolling, absolute.
import { checkQueryRange } from '../limits';
import { QueryBuilder } from '../encode';

import {
  encodeAggregation,
  encodeResample,
  encodeSelection,
  RESAMPLE_PARAMS,
  type InstanceSelection,
  type ResampleOptions,
} from '../options';
import {
  DATE_TIME,
  defaultParam,
  integer,
  oneOf,
  optionalParam,
  requiredParam,
  STRING,
  TIME_OF_DAY,
  type DateTimeInput,
  type TimeOfDayInput,
} from '../params';
import { BEGIN, END } from './common';
import { requestLine, type RequestLine } from './request-line';
import { curveName, SECTION_CURVE_TYPES, type CurveInput } from './segments';

/** Options of `instances.relative`. */
export type InstancesRelativeOptions = ResampleOptions & {
  /** Start of the period (inclusive), required. */
  begin: DateTimeInput;
  /** End of the period (exclusive), required. */
  end: DateTimeInput;
  /** Instance tag, required (`''` is the blank tag). */
  tag: string;
  /** Days between issue day and value day, 0–10000: 0 intraday, 1 day-ahead (default 1). */
  daysAhead?: number | null;
  /** Which instance of an issue day is taken: `'earliest'` or `'latest'` (default `'latest'`). */
  issued?: 'earliest' | 'latest' | null;
  /** Instances issued exactly at this time of day. */
  timeOfDay?: TimeOfDayInput | null;
  /** Instances issued at or after this time of day. */
  afterTimeOfDay?: TimeOfDayInput | null;
  /** Instances issued before this time of day. */
  beforeTimeOfDay?: TimeOfDayInput | null;
  /** Instances modified (or created) no later than this time of day on the issue day. */
  modifiedAtLatest?: TimeOfDayInput | null;
};

/** Options of `instances.rolling`. */
export type InstancesRollingOptions = ResampleOptions &
  Pick<InstanceSelection, 'tags' | 'excludeTags'> & {
    /** Start of the period (inclusive), required. */
    begin: DateTimeInput;
    /** End of the period (exclusive), required. */
    end: DateTimeInput;
    /** Hours between an instance's creation and the values taken from it, 0–24 (default 0). */
    hoursAhead?: number | null;
  };

/** Options of `instances.absolute` (no threshold). */
export interface InstancesAbsoluteOptions
  extends Pick<ResampleOptions, 'frequency' | 'timeZone' | 'unit' | 'aggregation' | 'hourFilter'>,
    Pick<InstanceSelection, 'tags' | 'excludeTags'> {
  /** The delivery date-time, required. */
  delivery: DateTimeInput;
  /** Earliest issue time (inclusive), required. */
  begin: DateTimeInput;
  /** Latest issue time (exclusive), required. */
  end: DateTimeInput;
}

const P = Object.freeze({
  tag: requiredParam('tag', STRING),
  daysAhead: defaultParam('days-ahead', integer({ min: 0, max: 10000 }), 1),
  issued: defaultParam('issued', oneOf(['earliest', 'latest'] as const), 'latest'),
  timeOfDay: optionalParam('time-of-day', TIME_OF_DAY),
  afterTimeOfDay: optionalParam('after-time-of-day', TIME_OF_DAY),
  beforeTimeOfDay: optionalParam('before-time-of-day', TIME_OF_DAY),
  modifiedAtLatest: optionalParam('modified-at-latest', TIME_OF_DAY),
  hoursAhead: defaultParam('hours-ahead', integer({ min: 0, max: 24 }), 0),
  delivery: requiredParam('delivery', DATE_TIME),
});

const TAG_FIELDS = ['tags', 'excludeTags'] as const;
const instanceCurve = (curve: CurveInput): string => curveName(curve, SECTION_CURVE_TYPES.instances);

/**
 * Request line of `instances.relative`: `GET /instances/{curve}/get/relative/?begin&end&tag&
 * days-ahead&issued&time-of-day&after-time-of-day&before-time-of-day&modified-at-latest` plus
 * the resample options.
 *
 * @param curve - The curve or curve name (`INSTANCE`).
 * @param options - Period, tag, day offset, issue-time constraints and resample options.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter, before any request.
 * @example
 * instancesRelative('X Y', { begin: '2020-06-01', end: '2020-06-05', tag: 'ec' }).query
 * //=> 'begin=2020-06-01&end=2020-06-05&tag=ec&days-ahead=1&issued=latest'
 */
export function instancesRelative(curve: CurveInput, options: Partial<InstancesRelativeOptions>): RequestLine {
  const name = instanceCurve(curve);
  const o = options;
  const query = new QueryBuilder()
    .put(BEGIN, o.begin)
    .put(END, o.end)
    .put(P.tag, o.tag)
    .put(P.daysAhead, o.daysAhead)
    .put(P.issued, o.issued)
    .put(P.timeOfDay, o.timeOfDay)
    .put(P.afterTimeOfDay, o.afterTimeOfDay)
    .put(P.beforeTimeOfDay, o.beforeTimeOfDay)
    .put(P.modifiedAtLatest, o.modifiedAtLatest);
  return requestLine(['instances', name, 'get', 'relative'], checkQueryRange(encodeResample(query, o), curve, { series: 'output' }));
}

/**
 * Request line of `instances.rolling`: `GET /instances/{curve}/get/rolling/?hours-ahead&begin&
 * end&tags&exclude-tags` plus the resample options.
 *
 * @param curve - The curve or curve name (`INSTANCE`).
 * @param options - Period, hours ahead, tags and resample options.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter, before any request.
 * @example
 * instancesRolling('X Y', { begin: '2023-10-01', end: '2023-10-02' }).query
 * //=> 'hours-ahead=0&begin=2023-10-01&end=2023-10-02'
 */
export function instancesRolling(curve: CurveInput, options: Partial<InstancesRollingOptions>): RequestLine {
  const name = instanceCurve(curve);
  const query = new QueryBuilder().put(P.hoursAhead, options.hoursAhead).put(BEGIN, options.begin).put(END, options.end);
  encodeSelection(query, options, TAG_FIELDS);
  return requestLine(['instances', name, 'get', 'rolling'], checkQueryRange(encodeResample(query, options), curve, { series: 'curve' }));
}

/**
 * Request line of `instances.absolute`: `GET /instances/{curve}/get/absolute/?delivery&begin&
 * end&frequency&timezone&unit&tags&exclude-tags&aggregation&hour-filter` (the last two only
 * with `frequency`).
 *
 * @param curve - The curve or curve name (`INSTANCE`).
 * @param options - Delivery, issue period, delivery frequency and zone, unit, tags, aggregation.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter, before any request.
 * @example
 * instancesAbsolute('X Y', { delivery: '2023-10-05 12:00', begin: '2023-10-01', end: '2023-10-02' }).query
 * //=> 'delivery=2023-10-05+12%3A00&begin=2023-10-01&end=2023-10-02'
 */
export function instancesAbsolute(curve: CurveInput, options: Partial<InstancesAbsoluteOptions>): RequestLine {
  const name = instanceCurve(curve);
  const o = options;
  const R = RESAMPLE_PARAMS;
  const query = new QueryBuilder()
    .put(P.delivery, o.delivery)
    .put(BEGIN, o.begin)
    .put(END, o.end)
    .put(R.frequency, o.frequency)
    .put(R.timeZone, o.timeZone)
    .put(R.unit, o.unit);
  encodeSelection(query, o, TAG_FIELDS);
  return requestLine(['instances', name, 'get', 'absolute'], checkQueryRange(encodeAggregation(query, o, { threshold: false }), curve));
}

/** The parameter descriptors the service's decoders (server package) read with, under names of their own. */
export { P as STITCHED_INSTANCES_PARAMS, TAG_FIELDS as STITCHED_INSTANCES_TAG_FIELDS };
