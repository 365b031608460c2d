import { DateTime, type Zone } from 'luxon';
import { ValueError } from '../exceptions';
import { tableFor } from './offset-table';
import { DAY_MS, daysInMonth, localMillis, localToInstant } from './wall-clock';
import { toZone, type ZoneInput } from './zones';

/**
 * A date-time as callers may give it: a JS `Date` (an instant), a luxon `DateTime`, an ISO 8601
 * string with or without offset (`T` or space between date and time) or a plain `YYYY-MM-DD`
 * date.
 *
 * @example
 * const begin: TimeInput = '2024-03-31';
 * toDateTime(begin).toISO() //=> '2024-03-31T00:00:00.000+01:00'
 */
export type TimeInput = Date | DateTime | string;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SPACE_SEPARATED = /^(\d{4}-\d{2}-\d{2}) +(\d)/;
const TRAILING_OFFSET = /(?:z|[+-]\d{2}(?::?\d{2})?)$/i;

function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}

/**
 * The instant of a wall-clock time in a zone (an ambiguous time takes standard time, a time in
 * a spring-forward gap moves forward), as a DateTime in that zone.
 *
 * @param local - Local milliseconds of the wall-clock fields (see `wall-clock.ts`).
 * @param zone - The zone.
 * @returns The DateTime.
 * @example
 * wallClockToDateTime(Date.UTC(2024, 2, 31, 2, 30), CET).toISO() //=> '2024-03-31T03:30:00.000+02:00'
 */
export function wallClockToDateTime(local: number, zone: Zone): DateTime {
  return DateTime.fromMillis(localToInstant(local, tableFor(zone).offsetFn), { zone });
}

/** The fields of a wall-clock time (month 1-12), as a request or a form gives them. */
export interface WallClockFields {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
}

/**
 * Local milliseconds of a wall-clock time: its fields read as if they were UTC, for any year
 * 1-9999 (unlike `Date.UTC`, which reads years 0-99 as 1900-1999). Minus an offset, the instant.
 *
 * @param fields - The wall-clock time.
 * @returns Local milliseconds.
 * @example
 * localMillisOf({ year: 1970, month: 1, day: 2, hour: 1, minute: 0, second: 0, millisecond: 0 }) //=> 90000000
 */
export function localMillisOf(fields: WallClockFields): number {
  const { year, month, day, hour, minute, second, millisecond } = fields;
  return localMillis(year, month, day, hour, minute, second, millisecond);
}

/**
 * The instant of a wall-clock time in a zone when no offset change lies within a day either side
 * (the usual case: the time has exactly one instant, whatever rule a reader follows for the
 * edge cases), else null; from the zone's cached offsets, without `Intl`.
 *
 * @param fields - The wall-clock time.
 * @param zone - The zone.
 * @returns Epoch ms, or null near an offset change.
 * @example
 * plainWallClockMillis({ year: 2024, month: 1, day: 15, hour: 0, minute: 0, second: 0, millisecond: 0 }, CET)
 * //=> 1705273200000   (2024-01-14T23:00Z)
 * plainWallClockMillis({ year: 2024, month: 3, day: 31, hour: 2, minute: 30, second: 0, millisecond: 0 }, CET)
 * //=> null            (the spring gap's day)
 */
export function plainWallClockMillis(fields: WallClockFields, zone: Zone): number | null {
  const local = localMillisOf(fields);
  const offsetOf = tableFor(zone).offsetFn;
  const offset = offsetOf(local - DAY_MS);
  if (offsetOf(local + DAY_MS) !== offset) return null;
  const t = local - offset * 60_000;
  return offsetOf(t) === offset ? t : null;
}

function parseText(input: string, zone: Zone): DateTime {
  const text = input.trim();
  const date = DATE_ONLY.exec(text);
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
      throw new ValueError(`Invalid date: ${JSON.stringify(input)}`);
    }
    return wallClockToDateTime(localMillis(year, month, day, 0, 0, 0, 0), zone);
  }
  const iso = text.replace(SPACE_SEPARATED, '$1T$2');
  const separator = iso.indexOf('T');
  const hasOffset = separator > 0 && TRAILING_OFFSET.test(iso.slice(separator + 1));
  if (hasOffset) {
    const dt = DateTime.fromISO(iso, { zone });
    if (!dt.isValid) throw new ValueError(`Invalid date-time: ${JSON.stringify(input)} (${dt.invalidExplanation ?? dt.invalidReason})`);
    return dt;
  }
  const fields = DateTime.fromISO(iso, { zone: 'utc' });
  if (!fields.isValid) {
    throw new ValueError(`Invalid date-time: ${JSON.stringify(input)} (${fields.invalidExplanation ?? fields.invalidReason})`);
  }
  return wallClockToDateTime(fields.toMillis(), zone);
}

/**
 * Coerces a date-time input to a luxon DateTime.
 *
 * - ISO string with an offset (`2024-03-31T03:00:00+02:00`, `...Z`): that instant, shown in `zone`.
 * - ISO string without an offset (`2024-03-31T02:30`, `2024-03-31 12:00:00`): wall-clock time in
 *   `zone`; an ambiguous time takes standard time, a time inside a spring-forward gap moves forward.
 * - `YYYY-MM-DD`: local midnight in `zone`.
 * - `Date`: the instant, shown in `zone`.
 * - `DateTime`: unchanged when `zone` is omitted, otherwise the same instant in `zone`.
 *
 * @param input - The date-time.
 * @param zone - The zone of the result and of wall-clock strings; defaults to CET (a `DateTime`
 *   keeps its own zone when omitted).
 * @returns A valid DateTime.
 * @throws ValueError for an invalid or unparseable input, or an unknown zone.
 * @example
 * toDateTime('2024-03-31').toISO() //=> '2024-03-31T00:00:00.000+01:00'
 * @example
 * toDateTime('2024-03-31T12:00:00Z', 'Europe/Gas_Day').toISO() //=> '2024-03-31T08:00:00.000-04:00'
 */
export function toDateTime(input: TimeInput, zone?: ZoneInput): DateTime {
  if (DateTime.isDateTime(input)) {
    if (!input.isValid) {
      throw new ValueError(`Invalid DateTime: ${input.invalidExplanation ?? input.invalidReason}`);
    }
    return zone === undefined ? input : input.setZone(toZone(zone));
  }
  const z = toZone(zone);
  if (isDate(input)) {
    const ms = input.getTime();
    if (Number.isNaN(ms)) throw new ValueError('Invalid Date');
    return DateTime.fromMillis(ms, { zone: z });
  }
  if (typeof input === 'string') return parseText(input, z);
  throw new ValueError(`Not a date-time: ${String(input)}`);
}
