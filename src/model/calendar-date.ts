/**
 * Calendar dates (OHLC trading and delivery days): held as luxon DateTimes at 00:00 UTC, so the
 * calendar date reads the same on every machine (`toISODate()`).
 *
 * @module
 */
import { DateTime } from 'luxon';
import { ValueError } from '../exceptions';

/**
 * A calendar date as callers may give it: a luxon DateTime (its own calendar date counts), a JS
 * Date (its UTC date counts) or an ISO string (the leading `YYYY-MM-DD`; a time part is ignored).
 *
 * @example
 * const d: DateInput = '2020-12-01';
 */
export type DateInput = DateTime | Date | string;

const LEADING_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

/**
 * Normalises a calendar date to a DateTime at 00:00 UTC of that date.
 *
 * @param input - A DateTime, Date or ISO date (or date-time) string.
 * @param what - Name used in messages.
 * @returns The date.
 * @throws ValueError when the input is not a valid date.
 * @example
 * calendarDate('2020-12-01T10:00:00+01:00', 'traded').toISO() //=> '2020-12-01T00:00:00.000Z'
 */
export function calendarDate(input: DateInput, what: string): DateTime {
  let dt: DateTime;
  if (DateTime.isDateTime(input)) {
    dt = input.isValid ? DateTime.utc(input.year, input.month, input.day) : input;
  } else if (Object.prototype.toString.call(input) === '[object Date]') {
    const d = input as Date;
    dt = Number.isNaN(d.getTime())
      ? DateTime.invalid('invalid Date')
      : DateTime.utc(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  } else if (typeof input === 'string') {
    const m = LEADING_DATE.exec(input.trim());
    dt = m ? DateTime.utc(Number(m[1]), Number(m[2]), Number(m[3])) : DateTime.invalid('not a date');
  } else {
    dt = DateTime.invalid('not a date');
  }
  if (!dt.isValid) throw new ValueError(`${what} must be a date, got ${JSON.stringify(String(input))}`);
  return dt;
}
