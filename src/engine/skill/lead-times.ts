/**
 * Lead-time buckets of a skill evaluation (docs/skill.md#lead-time): the lead time of a value is
 * its step start minus the instance's issue time; buckets are either fixed steps of absolute time
 * up to a maximum (`{ step: 'PT6H', max: 'P10D' }`) or the days-ahead view of `relative`
 * (`'day-ahead'`: the value's local day in the series' zone minus the issue's local day in the
 * issue zone).
 *
 * @module
 */
import { Duration, type Zone } from 'luxon';
import { ValidationError } from '../../exceptions';
import { tableFor } from '../../time/offset-table';
import { toZone, type ZoneInput } from '../../time';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The `leadTimes` option: fixed buckets of `step` up to `max` (ISO 8601 durations of fixed
 * length: days count 24 hours, no months or years), or `'day-ahead'`.
 *
 * @example
 * const lead: LeadTimesOption = { step: 'PT6H', max: 'P10D' };
 */
export type LeadTimesOption = { step: string; max: string } | 'day-ahead';

/**
 * How values are put into lead buckets.
 *
 * @example
 * leadBuckets({ step: 'PT6H', max: 'P1D' }).count //=> 4
 */
export interface LeadBuckets {
  /** `'step'` (absolute hours) or `'day-ahead'` (calendar days). */
  readonly kind: 'step' | 'day-ahead';
  /** Buckets in all (step buckets), or null for day-ahead (as many as the data reaches). */
  readonly count: number | null;
  /** Bucket length in milliseconds (step buckets; day-ahead: one day). */
  readonly stepMs: number;
  /**
   * The bucket of a value, or -1 when it is outside every bucket (negative lead, beyond `max`).
   *
   * @param issued - Issue time, epoch ms.
   * @param time - The value's step start, epoch ms.
   */
  bucketOf(issued: number, time: number): number;
  /**
   * The label of a bucket: `'0-6h'`, `'6-12h'` ... or `'D+0'`, `'D+1'` ...
   *
   * @param bucket - The bucket index.
   */
  label(bucket: number): string;
  /**
   * Where a bucket starts, in hours of lead (step buckets) or days ahead (day-ahead).
   *
   * @param bucket - The bucket index.
   */
  start(bucket: number): number;
}

/**
 * Reads an ISO 8601 duration of fixed length (weeks, days, hours, minutes, seconds) in milliseconds.
 *
 * @param text - The duration (`'PT6H'`, `'P10D'`, `'P1DT12H'`).
 * @param parameter - The option named in an error (`leadTimes.step`).
 * @returns Milliseconds, positive.
 * @throws ValidationError for bad text, months or years, or a length that is not positive.
 * @example
 * fixedDurationMillis('P1DT6H', 'leadTimes.max') //=> 108000000
 */
export function fixedDurationMillis(text: unknown, parameter: string): number {
  if (typeof text !== 'string')
    throw new ValidationError(`${parameter} must be an ISO 8601 duration such as 'PT6H', got ${String(text)}`, parameter);
  const d = Duration.fromISO(text);
  if (!d.isValid) throw new ValidationError(`${parameter} must be an ISO 8601 duration such as 'PT6H', got '${text}'`, parameter);
  if (d.years !== 0 || d.quarters !== 0 || d.months !== 0) {
    throw new ValidationError(`${parameter} must have a fixed length (weeks, days, hours, minutes), got '${text}'`, parameter);
  }
  const ms = d.weeks * 7 * DAY_MS + d.days * DAY_MS + d.hours * HOUR_MS + d.minutes * 60_000 + d.seconds * 1000 + d.milliseconds;
  if (!(ms > 0) || !Number.isFinite(ms)) throw new ValidationError(`${parameter} must be longer than zero, got '${text}'`, parameter);
  return ms;
}

/** Hours as short text: 6 -> '6', 0.25 -> '0.25'. */
function hoursText(ms: number): string {
  return String(Math.round((ms / HOUR_MS) * 1e6) / 1e6);
}

/**
 * The local day number (days since 1970-01-01 on the zone's wall clock) of an instant.
 *
 * @param ms - Epoch milliseconds.
 * @param offsetOf - The zone's offset in minutes at an instant.
 * @returns The day number.
 */
function localDay(ms: number, offsetOf: (ms: number) => number): number {
  return Math.floor((ms + offsetOf(ms) * 60_000) / DAY_MS);
}

/**
 * Builds the lead buckets of a `leadTimes` option.
 *
 * @param option - `{ step, max }` or `'day-ahead'`; default `{ step: 'PT1H', max: 'P10D' }`.
 * @param zones - For `'day-ahead'`: the zone of value days (the series' zone) and of issue days
 *   (the curve's instance issue zone); default both UTC.
 * @returns The buckets.
 * @throws ValidationError naming `leadTimes` (or `leadTimes.step`, `leadTimes.max`) for a bad
 *   option, a `max` shorter than `step`, or more than 100,000 buckets.
 * @example
 * const b = leadBuckets({ step: 'PT6H', max: 'P1D' });
 * b.bucketOf(0, 7 * 3_600_000) //=> 1
 * b.label(1) //=> '6-12h'
 */
export function leadBuckets(
  option: LeadTimesOption | undefined | null,
  zones: { valueZone?: ZoneInput; issueZone?: ZoneInput } = {},
): LeadBuckets {
  if (option === 'day-ahead') {
    const values = tableFor(toZone(zones.valueZone ?? 'UTC') as Zone).offsetFn;
    const issues = tableFor(toZone(zones.issueZone ?? 'UTC') as Zone).offsetFn;
    return {
      kind: 'day-ahead',
      count: null,
      stepMs: DAY_MS,
      bucketOf: (issued, time) => {
        const d = localDay(time, values) - localDay(issued, issues);
        return d >= 0 && time >= issued ? d : -1;
      },
      label: (bucket) => `D+${bucket}`,
      start: (bucket) => bucket,
    };
  }
  const chosen = option ?? { step: 'PT1H', max: 'P10D' };
  if (typeof chosen !== 'object' || chosen === null) {
    throw new ValidationError(`leadTimes must be { step, max } (ISO 8601 durations) or 'day-ahead', got ${String(chosen)}`, 'leadTimes');
  }
  const stepMs = fixedDurationMillis(chosen.step, 'leadTimes.step');
  const maxMs = fixedDurationMillis(chosen.max, 'leadTimes.max');
  if (maxMs < stepMs)
    throw new ValidationError(`leadTimes.max (${chosen.max}) is shorter than leadTimes.step (${chosen.step})`, 'leadTimes.max');
  const count = Math.ceil(maxMs / stepMs - 1e-9);
  if (count > 100_000) throw new ValidationError(`leadTimes gives ${count} buckets; at most 100,000`, 'leadTimes');
  return {
    kind: 'step',
    count,
    stepMs,
    bucketOf: (issued, time) => {
      const lead = time - issued;
      return lead >= 0 && lead < maxMs ? Math.floor(lead / stepMs) : -1;
    },
    label: (bucket) => `${hoursText(bucket * stepMs)}-${hoursText(Math.min((bucket + 1) * stepMs, maxMs))}h`,
    start: (bucket) => (bucket * stepMs) / HOUR_MS,
  };
}
