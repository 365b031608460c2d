/**
 * Writing response date-times (docs/protocol.md#datetimes) in a zone's local time with its offset,
 * `YYYY-MM-DDTHH:MM:SS[.ffffff]±HH:MM`, as the reference's Python `isoformat()` does. Columns are
 * formatted per offset segment (one zone lookup per DST period, not per value) with the date
 * part reused within a day, so no luxon DateTime is made per value.
 *
 * @module
 */
import type { DateTime, Zone } from 'luxon';
import { ValueError } from '../../exceptions';
import { offsetSegments } from '../../engine';
import { civilFromDays } from '../../time';

const DAY_MS = 86_400_000;
const TWO: readonly string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

function civilDate(days: number): string {
  const [year, month, day] = civilFromDays(days);
  if (year < 0 || year > 9999) throw new ValueError(`Year ${year} cannot be written as an ISO 8601 date-time`);
  return `${TWO[Math.floor(year / 100)]}${TWO[year % 100]}-${TWO[month]}-${TWO[day]}`;
}

/**
 * Formats a UTC offset as `±HH:MM`, or `±HH:MM:SS` for an offset of seconds (the local mean time
 * of many zones before about 1970, e.g. St. John's at -03:30:52 until 1935), as Python's
 * `isoformat` writes it.
 *
 * @param minutes - Minutes east of UTC (a fraction for an offset of seconds).
 * @returns The offset text.
 * @example
 * offsetText(-240) //=> '-04:00'
 * offsetText(-(3 * 60 + 30 + 52 / 60)) //=> '-03:30:52'
 */
export function offsetText(minutes: number): string {
  const abs = Math.round(Math.abs(minutes) * 60);
  const text = `${minutes < 0 ? '-' : '+'}${TWO[Math.floor(abs / 3600)]}:${TWO[Math.floor(abs / 60) % 60]}`;
  return abs % 60 === 0 ? text : `${text}:${TWO[abs % 60]}`;
}

/** `HH:MM:00` of each minute of the day, built on first use. */
let minutes: string[] | null = null;

/** Time of day of local milliseconds within a day, `HH:MM:SS[.ffffff]`. */
function clock(rem: number): string {
  if (rem % 60_000 === 0) {
    if (minutes === null) minutes = Array.from({ length: 1440 }, (_, m) => `${TWO[Math.floor(m / 60)]}:${TWO[m % 60]}:00`);
    return minutes[rem / 60_000]!;
  }
  const ms = rem % 1000;
  const s = (rem - ms) / 1000;
  const text = `${TWO[Math.floor(s / 3600)]}:${TWO[Math.floor(s / 60) % 60]}:${TWO[s % 60]}`;
  return ms === 0 ? text : `${text}.${String(ms).padStart(3, '0')}000`;
}

function checkInstant(ms: number): number {
  if (!Number.isFinite(ms)) throw new ValueError(`Cannot write the date-time ${ms}`);
  return Math.floor(ms);
}

/**
 * Formats one instant in a zone: local date and time, then the zone's offset at that instant.
 *
 * @param ms - Epoch milliseconds.
 * @param zone - The zone to show it in.
 * @returns The ISO 8601 text.
 * @throws ValueError when `ms` is not finite or the year is outside 0–9999.
 * @example
 * formatInstant(Date.UTC(2020, 2, 29, 1), CET) //=> '2020-03-29T03:00:00+02:00'
 */
export function formatInstant(ms: number, zone: Zone): string {
  const t = checkInstant(ms);
  const offset = zone.offset(t);
  const local = t + Math.round(offset * 60_000);
  const days = Math.floor(local / DAY_MS);
  return `${civilDate(days)}T${clock(local - days * DAY_MS)}${offsetText(offset)}`;
}

/**
 * Formats a luxon DateTime with its own zone's offset (the form of instance `issued` times).
 *
 * @param dt - A valid DateTime.
 * @returns The ISO 8601 text.
 * @throws ValueError when the DateTime is invalid.
 * @example
 * formatDateTimeIso(DateTime.fromISO('2020-06-01T00:00:00Z', { zone: 'utc' })) //=> '2020-06-01T00:00:00+00:00'
 */
export function formatDateTimeIso(dt: DateTime): string {
  if (!dt.isValid) throw new ValueError(`Cannot write an invalid DateTime (${dt.invalidReason})`);
  return formatInstant(dt.toMillis(), dt.zone);
}

/**
 * Formats a column of instants in a zone. The zone's offset segments over the column's range are
 * looked up once; each value then costs one addition, and values on the same local day share
 * their date text.
 *
 * @param times - Epoch milliseconds (any order; sorted columns are fastest).
 * @param zone - The zone to show them in.
 * @returns One ISO 8601 text per value.
 * @throws ValueError when a value is not finite or its year is outside 0–9999.
 * @example
 * formatInstants(Float64Array.of(Date.UTC(2020, 9, 25, 0), Date.UTC(2020, 9, 25, 1)), CET)
 * //=> ['2020-10-25T02:00:00+02:00', '2020-10-25T02:00:00+01:00']
 */
export function formatInstants(times: Float64Array, zone: Zone): string[] {
  const n = times.length;
  const out = new Array<string>(n);
  if (n === 0) return out;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const t = checkInstant(times[i]!);
    if (t < min) min = t;
    if (t > max) max = t;
  }
  const { starts, offsets } = offsetSegments(zone, min, max);
  const texts = Array.from(offsets, (o) => offsetText(o / 60_000));
  const last = starts.length - 1;
  let k = 0;
  let lo = starts[0]!;
  let hi = k < last ? starts[1]! : Infinity;
  let day = Number.NaN;
  let prefix = '';
  for (let i = 0; i < n; i++) {
    const t = Math.floor(times[i]!);
    if (t < lo || t >= hi) {
      if (t < lo) k = 0;
      while (k < last && starts[k + 1]! <= t) k++;
      lo = starts[k]!;
      hi = k < last ? starts[k + 1]! : Infinity;
    }
    const local = t + offsets[k]!;
    const days = Math.floor(local / DAY_MS);
    if (days !== day) {
      day = days;
      prefix = `${civilDate(days)}T`;
    }
    out[i] = prefix + clock(local - days * DAY_MS) + texts[k];
  }
  return out;
}
