/**
 * Reading response date-times (docs/protocol.md#datetimes) as epoch milliseconds without a luxon DateTime
 * per value: a hand-written scanner for the forms servers send (`YYYY-MM-DD[T ]HH:MM[:SS[.f…]]`
 * followed by `Z`, `±HH:MM`, `±HHMM`, `±HH` or `±HH:MM:SS`), and luxon (through `toDateTime`) only for the
 * unusual forms without an offset, which are wall-clock times in the series' zone.
 *
 * @module
 */
import type { Zone } from 'luxon';
import { toDateTime } from '../../time';
import { fail } from './read';

const DAY_MS = 86_400_000;

/** A strict ISO date or date-time without an offset (the forms the scanner leaves to luxon). */
const NAIVE = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

let lastYmd = -1;
let lastDays = 0;
let offsetMinutes = Number.NaN;

function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

function monthLength(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Tells whether year, month and day name a real calendar date (proleptic Gregorian).
 *
 * @param year - The year.
 * @param month - The month, 1–12.
 * @param day - The day of the month.
 * @returns True for a real date.
 * @example
 * isCalendarDate(2021, 2, 29) //=> false
 */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  return Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(day) && day >= 1 && day <= monthLength(year, month);
}

/** Two decimal digits at `i`, or -1. */
function two(text: string, i: number): number {
  const a = text.charCodeAt(i) - 48;
  const b = text.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * Scans an ISO 8601 date-time that carries an offset, by hand: `YYYY-MM-DD`, one separator (`T`,
 * `t` or a space), `HH:MM`, optional `:SS` and fraction (any number of digits, truncated to
 * milliseconds), then `Z`, `±HH:MM`, `±HHMM`, `±HH` or `±HH:MM:SS` (an offset of seconds, the local
 * mean time of some zones before about 1970, seconds not zero). Fields are range-checked (no hour
 * 24, no leap second, real calendar dates).
 *
 * @param text - The text.
 * @returns Epoch milliseconds, or NaN when the text is not of that form (forms without an
 *   offset included: see {@link parseInstant}).
 * @example
 * scanInstant('2020-03-29T03:00:00+02:00') //=> 1585443600000
 * scanInstant('2020-03-29') //=> NaN
 */
export function scanInstant(text: string): number {
  offsetMinutes = Number.NaN;
  const n = text.length;
  if (n < 17 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return Number.NaN;
  const sep = text.charCodeAt(10);
  if (sep !== 84 && sep !== 32 && sep !== 116) return Number.NaN; // 'T', ' ', 't'
  if (text.charCodeAt(13) !== 58) return Number.NaN; // ':'
  const yHigh = two(text, 0);
  const yLow = two(text, 2);
  const month = two(text, 5);
  const day = two(text, 8);
  const hour = two(text, 11);
  const minute = two(text, 14);
  if (yHigh < 0 || yLow < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59) {
    return Number.NaN;
  }
  let i = 16;
  let second = 0;
  let millis = 0;
  if (text.charCodeAt(i) === 58) {
    second = two(text, i + 1);
    if (second < 0 || second > 59) return Number.NaN;
    i += 3;
    if (text.charCodeAt(i) === 46) {
      // '.' and at least one digit; the first three give the milliseconds
      const start = ++i;
      let scale = 100;
      for (let c = text.charCodeAt(i) - 48; c >= 0 && c <= 9; c = text.charCodeAt(++i) - 48) {
        millis += c * scale;
        scale /= 10;
      }
      if (i === start) return Number.NaN;
      millis = Math.floor(millis);
    }
  }
  const sign = text.charCodeAt(i);
  let offset: number;
  if ((sign === 90 || sign === 122) && i + 1 === n) {
    offset = 0; // 'Z' / 'z'
  } else if (sign === 43 || sign === 45) {
    const oh = two(text, i + 1);
    if (oh < 0 || oh > 23) return Number.NaN;
    i += 3;
    let om = 0;
    let os = 0;
    if (i < n) {
      const colon = text.charCodeAt(i) === 58;
      if (colon) i++;
      om = two(text, i);
      if (om < 0 || om > 59) return Number.NaN;
      i += 2;
      // seconds of a local mean time offset (`-03:30:52`), in the extended form only and only
      // when not zero, as Python's isoformat writes them (`+02:00:00` is no offset anyone writes)
      if (colon && i < n && text.charCodeAt(i) === 58) {
        os = two(text, i + 1);
        if (os < 1 || os > 59) return Number.NaN;
        i += 3;
      }
      if (i !== n) return Number.NaN;
    }
    offset = (oh * 60 + om + os / 60) * (sign === 45 ? -1 : 1);
  } else {
    return Number.NaN;
  }
  const year = yHigh * 100 + yLow;
  const ymd = year * 10_000 + month * 100 + day;
  let days: number;
  if (ymd === lastYmd) {
    days = lastDays;
  } else {
    if (day > monthLength(year, month)) return Number.NaN;
    days = daysFromCivil(year, month, day);
    lastYmd = ymd;
    lastDays = days;
  }
  offsetMinutes = offset;
  return days * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 + millis - Math.round(offset * 60_000);
}

/**
 * The UTC offset in minutes of the text last read by {@link scanInstant} or
 * {@link parseInstant}, or NaN when it had none (or could not be read).
 *
 * @returns Minutes east of UTC, or NaN.
 * @example
 * scanInstant('2020-06-01T00:00:00-04:00');
 * lastOffsetMinutes() //=> -240
 */
export function lastOffsetMinutes(): number {
  return offsetMinutes;
}

/**
 * Reads a response date-time as epoch milliseconds: a text with an offset is that instant
 * (whatever the offset); a text without one (`2020-06-01`, `2020-06-01 06:00`) is wall-clock time
 * in `zone` (luxon; an ambiguous time takes standard time, a time in a spring-forward gap moves
 * forward).
 *
 * @param text - The date-time text.
 * @param zone - Zone of texts without an offset.
 * @returns Epoch milliseconds, or NaN when the text is not a strict ISO 8601 date or date-time.
 * @example
 * parseInstant('2020-06-01T00:00:00-04:00', CET) //=> 1590984000000
 * parseInstant('2020-06-01', CET) //=> 1590962400000 (2020-05-31T22:00Z, midnight at +02:00)
 */
export function parseInstant(text: string, zone: Zone): number {
  const fast = scanInstant(text);
  if (fast === fast || !NAIVE.test(text)) return fast; // not NaN: done; NaN and not naive: invalid
  try {
    return toDateTime(text.length > 10 ? `${text.slice(0, 10)}T${text.slice(11)}` : text, zone).toMillis();
  } catch {
    return Number.NaN;
  }
}

/**
 * Reads a date-time text as epoch milliseconds (any offset; no offset means wall-clock time in
 * `zone`).
 *
 * @param value - The text.
 * @param path - Its path.
 * @param zone - Zone of texts without an offset.
 * @returns Epoch milliseconds.
 * @throws ParseException when it is not a strict ISO 8601 date or date-time.
 * @example
 * readInstant('2020-06-01T00:00:00+02:00', 'data[0].d', CET) //=> 1590962400000
 */
export function readInstant(value: unknown, path: string, zone: Zone): number {
  if (typeof value !== 'string') fail(path, 'expected an ISO 8601 date-time', value);
  const ms = parseInstant(value, zone);
  if (ms !== ms) fail(path, 'expected an ISO 8601 date-time', value);
  return ms;
}

/** A calendar date, optionally followed by a time (only the date is kept). */
const LEADING_DATE = /^\d{4}-\d{2}-\d{2}(?:$|[Tt ])/;

/**
 * Reads a date text (`YYYY-MM-DD`, or a date-time whose date part is kept as written) as the
 * `YYYY-MM-DD` text.
 *
 * @param value - The text.
 * @param path - Its path.
 * @returns The date text.
 * @throws ParseException when it does not start with a valid date.
 * @example
 * readDate('2020-01-03T00:00:00+01:00', 'product.traded_at') //=> '2020-01-03'
 */
export function readDate(value: unknown, path: string): string {
  if (typeof value !== 'string' || !LEADING_DATE.test(value)) fail(path, 'expected an ISO 8601 date', value);
  const date = value.slice(0, 10);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  if (!isCalendarDate(y, m, d)) fail(path, 'expected an ISO 8601 date', value);
  return date;
}
