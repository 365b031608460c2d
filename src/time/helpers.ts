import { DateTime, IANAZone, Settings, SystemZone, type Zone } from 'luxon';
import { ValueError } from '../exceptions';
import { pinClockFromEnv } from './pinned-clock';
import { toDateTime, wallClockToDateTime, type TimeInput } from './to-date-time';
import { daysInMonth, localMillis } from './wall-clock';
import { DEFAULT_ZONE, toZone, type ZoneInput } from './zones';

/**
 * A clock: returns the current time in epoch milliseconds. Code in `time`, `model` and
 * `engine` reads "now" only through a clock argument, so tests can pin it.
 *
 * @example
 * const fixed: Clock = () => Date.UTC(2024, 2, 31, 12);
 * now('UTC', fixed).toISO() //=> '2024-03-31T12:00:00.000Z'
 */
export type Clock = () => number;

/**
 * The system clock, read through luxon's `Settings.now` (so `Settings.now = () => ...` in a
 * test pins it as well).
 *
 * @returns Epoch milliseconds now.
 */
export const systemClock: Clock = () => Settings.now();

// a replayed report runs on the clock of its recording (SERVICE_NOW, see ./pinned-clock)
pinClockFromEnv();

/**
 * The current time in a zone.
 *
 * @param zone - The zone of the result; defaults to CET.
 * @param clock - The clock; defaults to {@link systemClock}.
 * @returns A DateTime of now.
 * @throws ValueError for an unknown zone.
 * @example
 * now('UTC', () => 0).toISO() //=> '1970-01-01T00:00:00.000Z'
 */
export function now(zone: ZoneInput = DEFAULT_ZONE, clock: Clock = systemClock): DateTime {
  return DateTime.fromMillis(clock(), { zone: toZone(zone) });
}

/**
 * Local midnight of the current day in a zone.
 *
 * @param zone - The zone; defaults to CET.
 * @param clock - The clock; defaults to {@link systemClock}.
 * @returns A DateTime at 00:00 of today in `zone`.
 * @throws ValueError for an unknown zone.
 * @example
 * // 2024-03-31T12:00Z is 14:00+02:00 in CET; that day began at 00:00+01:00
 * today('CET', () => Date.UTC(2024, 2, 31, 12)).toISO() //=> '2024-03-31T00:00:00.000+01:00'
 */
export function today(zone: ZoneInput = DEFAULT_ZONE, clock: Clock = systemClock): DateTime {
  const current = now(zone, clock);
  return wallClockToDateTime(localMillis(current.year, current.month, current.day, 0, 0, 0, 0), current.zone);
}

function checkField(value: number, name: string, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ValueError(`${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
}

/**
 * A date-time from wall-clock fields in a zone. Only `year` is required. An ambiguous time
 * (the repeated autumn hour) takes standard time; a time in the spring-forward gap moves
 * forward by the gap (02:30 becomes 03:30+02:00 in CET).
 *
 * @param year - The year (1-9999).
 * @param month - The month, 1-12 (default 1).
 * @param day - The day of the month (default 1).
 * @param hour - The hour, 0-23 (default 0).
 * @param minute - The minute, 0-59 (default 0).
 * @param second - The second, 0-59 (default 0).
 * @param millis - The millisecond, 0-999 (default 0).
 * @param zone - The zone; defaults to CET.
 * @returns The DateTime in `zone`.
 * @throws ValueError for an out-of-range field or an unknown zone.
 * @example
 * getDatetime(2024, 10, 27, 2, 30).toISO() //=> '2024-10-27T02:30:00.000+01:00'
 */
export function getDatetime(
  year: number,
  month = 1,
  day = 1,
  hour = 0,
  minute = 0,
  second = 0,
  millis = 0,
  zone: ZoneInput = DEFAULT_ZONE,
): DateTime {
  checkField(year, 'year', 1, 9999);
  checkField(month, 'month', 1, 12);
  checkField(day, 'day', 1, daysInMonth(year, month));
  checkField(hour, 'hour', 0, 23);
  checkField(minute, 'minute', 0, 59);
  checkField(second, 'second', 0, 59);
  checkField(millis, 'millis', 0, 999);
  return wallClockToDateTime(localMillis(year, month, day, hour, minute, second, millis), toZone(zone));
}

/**
 * A plain date, as the `YYYY-MM-DD` text every date-time input accepts (a plain date means
 * local midnight in the zone it is used with). Only `year` is required.
 *
 * @param year - The year (1-9999).
 * @param month - The month, 1-12 (default 1).
 * @param day - The day of the month (default 1).
 * @returns The date as `YYYY-MM-DD`.
 * @throws ValueError for an out-of-range field.
 * @example
 * getDate(2024, 3, 31) //=> '2024-03-31'
 */
export function getDate(year: number, month = 1, day = 1): string {
  checkField(year, 'year', 1, 9999);
  checkField(month, 'month', 1, 12);
  checkField(day, 'day', 1, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The same instant in another zone; wall-clock strings and plain dates are read in that zone.
 *
 * @param dt - The date-time.
 * @param zone - The target zone; defaults to CET.
 * @returns The DateTime in `zone`.
 * @throws ValueError for an invalid date-time or an unknown zone.
 * @example
 * toTimezone('2024-07-01T00:00:00Z', 'Europe/Istanbul').toISO() //=> '2024-07-01T03:00:00.000+03:00'
 */
export function toTimezone(dt: TimeInput, zone: ZoneInput = DEFAULT_ZONE): DateTime {
  return toDateTime(dt, zone);
}

/**
 * The machine's own time zone (from the runtime's `Intl` settings, which honour `TZ`). Used
 * only as a fallback; data date-times use their series' zone.
 *
 * @returns The local IANA zone.
 * @example
 * // with TZ=America/New_York
 * localTz().name //=> 'America/New_York'
 */
export function localTz(): Zone {
  const name = SystemZone.instance.name;
  return IANAZone.isValidZone(name) ? IANAZone.create(name) : SystemZone.instance;
}
