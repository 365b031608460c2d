import { checkQueryRange } from '../limits';
import { QueryBuilder } from '../encode';

import { encodeSelection, encodeZoneAndUnit, type InstanceSelection, type ResampleOptions, type SelectionField } from '../options';
import { defaultParam, integer, optionalParam, requiredParam, TIME_OF_DAY, type DateTimeInput, type TimeOfDayInput } from '../params';
import { BEGIN, END } from './common';
import { requestLine, type RequestLine } from './request-line';
import { curveName, issuedText, SECTION_CURVE_TYPES, tagText, type CurveInput } from './segments';

/** The period of a period-instance load, both ends required. */
export interface PeriodOptions {
  /** Start of the period (inclusive), required. */
  begin: DateTimeInput;
  /** End of the period (exclusive), required. */
  end: DateTimeInput;
}

/** Zone and unit of a period-series result. */
export type { ZoneUnitOptions } from '../options';
type ZoneUnitOptions = Pick<ResampleOptions, 'timeZone' | 'unit'>;

/** Options of `periodInstances.list`. */
export type PeriodInstancesListOptions = Omit<InstanceSelection, 'issuedTimeOfDay'> & {
  /** Maximum number of instances, 1–20 (default 20; always sent). */
  limit?: number | null;
};

/** Options of `periodInstances.load`. */
export type PeriodInstancesLoadOptions = PeriodOptions &
  ZoneUnitOptions &
  Omit<InstanceSelection, 'issuedTimeOfDay'> & {
    /** Maximum number of instances, 1–20 (default 3; always sent). */
    limit?: number | null;
  };

/** Options of `periodInstances.latest`. */
export type PeriodInstancesLatestOptions = PeriodOptions & ZoneUnitOptions & Pick<InstanceSelection, 'issuedAtLatest'>;

/** Options of `periodInstances.get`. */
export type PeriodInstancesGetOptions = PeriodOptions &
  ZoneUnitOptions & {
    /** Issue date-time of the instance, required. */
    issued: DateTimeInput;
    /** Instance tag (default: the blank tag); case-sensitive, sent trimmed. */
    tag?: string | null;
  };

/** Options of `periodInstances.relative`. */
export type PeriodInstancesRelativeOptions = PeriodOptions &
  ZoneUnitOptions & {
    /** Days between issue day and value day (0 or more), required. */
    daysAhead: number;
    /** Instances issued before this time of day. */
    beforeTimeOfDay?: TimeOfDayInput | null;
  };

/** `limit` of `periodInstances.list`: 1–20, default 20. */
export const PERIOD_INSTANCES_LIST_LIMIT = defaultParam('limit', integer({ min: 1, max: 20 }), 20);
/** `limit` of `periodInstances.load`: 1–20, default 3. */
export const PERIOD_INSTANCES_LOAD_LIMIT = defaultParam('limit', integer({ min: 1, max: 20 }), 3);
const DAYS_AHEAD = requiredParam('days-ahead', integer({ min: 0 }));
const BEFORE_TIME_OF_DAY = optionalParam('before-time-of-day', TIME_OF_DAY);
const LIST_FIELDS: readonly SelectionField[] = ['tags', 'excludeTags', 'limit', 'issuedAtLatest', 'issuedAtEarliest'];

const periodCurve = (curve: CurveInput): string => curveName(curve, SECTION_CURVE_TYPES.periodInstances);
const period = (o: Partial<PeriodOptions>): QueryBuilder => checkQueryRange(new QueryBuilder().put(BEGIN, o.begin).put(END, o.end), null);

/**
 * Request line of `periodInstances.list`: `GET /period-instances/{curve}/list/?tags&exclude-tags&
 * limit&issued-at-latest&issued-at-earliest`.
 *
 * @param curve - The curve or curve name (`INSTANCE_PERIOD`).
 * @param options - The selection and limit.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter, before any request.
 * @example
 * periodInstancesList('P Q')
 * //=> { path: '/period-instances/P%20Q/list/', query: 'limit=20' }
 */
export function periodInstancesList(curve: CurveInput, options: PeriodInstancesListOptions = {}): RequestLine {
  const name = periodCurve(curve);
  const query = encodeSelection(new QueryBuilder(), options, LIST_FIELDS, PERIOD_INSTANCES_LIST_LIMIT);
  return requestLine(['period-instances', name, 'list'], query);
}

/**
 * Request line of `periodInstances.load`: `GET /period-instances/{curve}/?begin&end&tags&
 * exclude-tags&limit&issued-at-latest&issued-at-earliest&timezone&unit`.
 *
 * @param curve - The curve or curve name (`INSTANCE_PERIOD`).
 * @param options - Period, selection, limit, zone and unit.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter, before any request.
 * @example
 * periodInstancesLoad('P Q', { begin: '2020-01-01', end: '2020-06-01' }).query
 * //=> 'begin=2020-01-01&end=2020-06-01&limit=3'
 */
export function periodInstancesLoad(curve: CurveInput, options: Partial<PeriodInstancesLoadOptions>): RequestLine {
  const name = periodCurve(curve);
  const query = encodeSelection(period(options), options, LIST_FIELDS, PERIOD_INSTANCES_LOAD_LIMIT);
  return requestLine(['period-instances', name], encodeZoneAndUnit(query, options));
}

/**
 * Request line of `periodInstances.latest`: `GET /period-instances/{curve}/get/latest/?begin&end&
 * issued-at-latest&timezone&unit`.
 *
 * @param curve - The curve or curve name (`INSTANCE_PERIOD`).
 * @param options - Period, issue limit, zone and unit.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter, before any request.
 * @example
 * periodInstancesLatest('P Q', { begin: '2020-01-01', end: '2020-06-01' }).path
 * //=> '/period-instances/P%20Q/get/latest/'
 */
export function periodInstancesLatest(curve: CurveInput, options: Partial<PeriodInstancesLatestOptions>): RequestLine {
  const name = periodCurve(curve);
  const query = encodeSelection(period(options), options, ['issuedAtLatest']);
  return requestLine(['period-instances', name, 'get', 'latest'], encodeZoneAndUnit(query, options));
}

/**
 * Request line of `periodInstances.get`: `GET /period-instances/{curve}/get/{issued}/[{tag}/]?begin&
 * end&timezone&unit`. The tag keeps its case and is trimmed; the blank tag leaves the segment out.
 *
 * @param curve - The curve or curve name (`INSTANCE_PERIOD`).
 * @param options - Period, `issued` (required), `tag`, zone and unit.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter, before any request.
 * @example
 * periodInstancesGet('P Q', { begin: '2020-01-01', end: '2020-06-01', issued: '2020-03-30' }).path
 * //=> '/period-instances/P%20Q/get/2020-03-30/'
 */
export function periodInstancesGet(curve: CurveInput, options: Partial<PeriodInstancesGetOptions>): RequestLine {
  const name = periodCurve(curve);
  const issued = issuedText(options.issued);
  const tag = tagText(options.tag, 'trim');
  const segments = ['period-instances', name, 'get', issued, ...(tag ? [tag] : [])];
  return requestLine(segments, encodeZoneAndUnit(period(options), options));
}

/**
 * Request line of `periodInstances.relative`: `GET /period-instances/{curve}/get/relative/?begin&
 * end&days-ahead&before-time-of-day&timezone&unit`.
 *
 * @param curve - The curve or curve name (`INSTANCE_PERIOD`).
 * @param options - Period, `daysAhead` (required), issue-time limit, zone and unit.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter, before any request.
 * @example
 * periodInstancesRelative('P Q', { begin: '2020-01-01', end: '2020-06-01', daysAhead: 1 }).query
 * //=> 'begin=2020-01-01&end=2020-06-01&days-ahead=1'
 */
export function periodInstancesRelative(curve: CurveInput, options: Partial<PeriodInstancesRelativeOptions>): RequestLine {
  const name = periodCurve(curve);
  const query = period(options).put(DAYS_AHEAD, options.daysAhead).put(BEFORE_TIME_OF_DAY, options.beforeTimeOfDay);
  return requestLine(['period-instances', name, 'get', 'relative'], encodeZoneAndUnit(query, options));
}

/** The parameter descriptors the service's decoders (server package) read with, under names of their own. */
export {
  LIST_FIELDS as PERIOD_INSTANCES_LIST_FIELDS,
  BEFORE_TIME_OF_DAY as PERIOD_INSTANCES_BEFORE_TIME_OF_DAY,
  DAYS_AHEAD as PERIOD_INSTANCES_DAYS_AHEAD,
};
