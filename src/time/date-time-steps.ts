import { DateTime, Duration } from 'luxon';
import { ValueError } from '../exceptions';
import { wallClockToDateTime } from './to-date-time';
import { DAY_MS, MINUTE_MS, localMillis, mod } from './wall-clock';

/**
 * The unit a frequency steps in: calendar months or days on the local wall clock, absolute
 * minutes, or `none` (no fixed step).
 *
 * @example
 * const unit: StepUnit = Frequency.SEASON.unit; //=> 'month'
 */
export type StepUnit = 'month' | 'day' | 'minute' | 'none';

/**
 * The month (0-based) a month-stepped grid is anchored on: April (3) for 6-month seasons, so that
 * summer is Apr-Sep and winter Oct-Mar; January (0) otherwise.
 *
 * @param size - The step size in months.
 * @returns The anchor month, 0-based.
 * @example
 * monthAnchor(6) //=> 3
 */
export function monthAnchor(size: number): number {
  return size === 6 ? 3 : 0;
}

/**
 * Floors a DateTime to a step grid in its own zone (the luxon path of `Frequency#truncate`):
 * minute steps replace the wall-clock minute and keep the offset where it is valid; day and
 * month steps land on true local midnight, whatever the offset of the input was.
 *
 * @param dt - A valid DateTime.
 * @param unit - The step unit.
 * @param size - The step size in that unit (7 days = ISO week starting Monday).
 * @returns The floored DateTime in the same zone.
 * @example
 * truncateDateTime(DateTime.fromISO('2020-03-30T10:00:00+02:00', { zone: 'CET' }), 'month', 1).toISO()
 * //=> '2020-03-01T00:00:00.000+01:00'
 */
export function truncateDateTime(dt: DateTime, unit: StepUnit, size: number): DateTime {
  switch (unit) {
    case 'none':
      return dt;
    case 'minute':
      return dt.set({ minute: Math.floor(dt.minute / size) * size, second: 0, millisecond: 0 });
    case 'day': {
      const back = size === 7 ? dt.weekday - 1 : 0;
      return wallClockToDateTime(localMillis(dt.year, dt.month, dt.day, 0, 0, 0, 0) - back * DAY_MS, dt.zone);
    }
    case 'month': {
      const total = dt.year * 12 + dt.month - 1;
      const floored = total - mod(total - monthAnchor(size), size);
      return wallClockToDateTime(localMillis(Math.floor(floored / 12), mod(floored, 12) + 1, 1, 0, 0, 0, 0), dt.zone);
    }
  }
}

/**
 * Shifts a DateTime by `n` steps (the luxon path of `Frequency#shift`): minute steps are
 * absolute time; day and month steps are calendar steps on the local wall clock (the day of
 * month is clamped, as in luxon), re-attached to the zone with standard time for an ambiguous
 * result.
 *
 * @param dt - A valid DateTime.
 * @param unit - The step unit.
 * @param size - The step size in that unit.
 * @param n - Number of steps, negative to go back.
 * @returns The shifted DateTime in the same zone.
 * @throws ValueError for unit `none` or a non-integer `n`.
 * @example
 * shiftDateTime(DateTime.fromISO('2020-03-29T00:00:00+01:00', { zone: 'CET' }), 'day', 1, 1).toISO()
 * //=> '2020-03-30T00:00:00.000+02:00'
 */
export function shiftDateTime(dt: DateTime, unit: StepUnit, size: number, n: number): DateTime {
  if (!Number.isInteger(n)) throw new ValueError(`Number of steps must be an integer, got ${n}`);
  switch (unit) {
    case 'none':
      throw new ValueError('Frequency NONE cannot be stepped');
    case 'minute':
      return dt.plus({ minutes: n * size });
    case 'day':
      return wallClockToDateTime(dt.toMillis() + dt.offset * MINUTE_MS + n * size * DAY_MS, dt.zone);
    case 'month': {
      const local = DateTime.fromMillis(dt.toMillis() + dt.offset * MINUTE_MS, { zone: 'utc' });
      return wallClockToDateTime(local.plus({ months: n * size }).toMillis(), dt.zone);
    }
  }
}

/**
 * Number of steps from `from` to `to`, both on the grid and in the same zone.
 *
 * @param from - The first grid value.
 * @param to - The second grid value.
 * @param unit - The step unit (not `none`).
 * @param size - The step size in that unit.
 * @returns Whole steps, negative when `to` is earlier.
 * @example
 * stepsBetween(toDateTime('2024-03-31'), toDateTime('2024-04-01'), 'minute', 60) //=> 23
 */
export function stepsBetween(from: DateTime, to: DateTime, unit: StepUnit, size: number): number {
  switch (unit) {
    case 'none':
      throw new ValueError('Frequency NONE cannot be stepped');
    case 'minute':
      return Math.round((to.toMillis() - from.toMillis()) / (size * MINUTE_MS));
    case 'day': {
      const days = (dt: DateTime) => Math.floor((dt.toMillis() + dt.offset * MINUTE_MS) / DAY_MS);
      return Math.round((days(to) - days(from)) / size);
    }
    case 'month': {
      const months = (dt: DateTime) => dt.year * 12 + dt.month - 1;
      return Math.round((months(to) - months(from)) / size);
    }
  }
}

/**
 * A luxon Duration of `n` steps: years for 12 months, weeks for 7 days, hours for 60 minutes,
 * otherwise months, days or minutes.
 *
 * @param unit - The step unit.
 * @param size - The step size in that unit.
 * @param n - Number of steps.
 * @returns The duration.
 * @throws ValueError for unit `none`.
 * @example
 * stepDuration('month', 6, 2).toISO() //=> 'P12M'
 */
export function stepDuration(unit: StepUnit, size: number, n: number): Duration {
  switch (unit) {
    case 'month':
      return size === 12 ? Duration.fromObject({ years: n }) : Duration.fromObject({ months: n * size });
    case 'day':
      return size === 7 ? Duration.fromObject({ weeks: n }) : Duration.fromObject({ days: n * size });
    case 'minute':
      return size === 60 ? Duration.fromObject({ hours: n }) : Duration.fromObject({ minutes: n * size });
    case 'none':
      throw new ValueError('Frequency NONE has no step');
  }
}
