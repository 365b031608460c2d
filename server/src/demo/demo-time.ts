/**
 * Calendar helpers of the demo generator: plain dates (`YYYY-MM-DD`) and local midnights in the
 * demo's zones (`CET`, `WET`, `UTC` and `Europe/Gas_Day`, which is CET shifted by -6 h: a gas
 * day starts at 06:00 CET). Built on luxon directly so the generator depends on nothing that
 * is written concurrently.
 */
import { DateTime, IANAZone } from 'luxon';
import { ValueError } from 'service/exceptions';

/** Milliseconds in a minute. */
export const MINUTE = 60_000;
/** Milliseconds in an hour. */
export const HOUR = 3_600_000;
/** Milliseconds in a (24-hour) day. */
export const DAY = 86_400_000;

/** The wire name of the gas-day zone. */
export const GAS_DAY = 'Europe/Gas_Day';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): { year: number; month: number; day: number } {
  const m = DATE_RE.exec(date);
  const year = m ? +m[1]! : NaN;
  const month = m ? +m[2]! : NaN;
  const day = m ? +m[3]! : NaN;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (!m || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new ValueError(`Invalid date (expected YYYY-MM-DD): ${date}`);
  }
  return { year, month, day };
}

/**
 * Checks a `YYYY-MM-DD` date, or gives today's UTC date from the clock when none is given.
 *
 * @param anchor - A date, or undefined.
 * @param clock - Returns the current epoch ms; used only when `anchor` is undefined.
 * @returns The date.
 * @throws ValueError when `anchor` is not a valid date.
 * @example
 * parseAnchor(undefined, () => Date.UTC(2025, 0, 15, 23)) //=> '2025-01-15'
 */
export function parseAnchor(anchor: string | undefined, clock: () => number): string {
  if (anchor === undefined) return DateTime.fromMillis(clock(), { zone: 'UTC' }).toISODate() as string;
  parts(anchor);
  return anchor;
}

/**
 * The epoch ms of UTC midnight of a date.
 *
 * @param date - `YYYY-MM-DD`.
 * @returns Epoch ms.
 * @example
 * utcMidnight('1970-01-02') //=> 86400000
 */
export function utcMidnight(date: string): number {
  const hit = utcMidnights.get(date);
  if (hit !== undefined) return hit;
  const p = parts(date);
  const ms = Date.UTC(p.year, p.month - 1, p.day);
  if (utcMidnights.size > 100_000) utcMidnights.clear();
  utcMidnights.set(date, ms);
  return ms;
}

const utcMidnights = new Map<string, number>();

/**
 * The UTC date of an instant.
 *
 * @param ms - Epoch ms.
 * @returns `YYYY-MM-DD`.
 * @example
 * utcDate(86400000) //=> '1970-01-02'
 */
export function utcDate(ms: number): string {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  return `${y}-${m < 10 ? '0' : ''}${m}-${day < 10 ? '0' : ''}${day}`;
}

/**
 * Adds days to a date.
 *
 * @param date - `YYYY-MM-DD`.
 * @param n - Days (may be negative).
 * @returns The date.
 * @example
 * addDays('2024-02-28', 2) //=> '2024-03-01'
 */
export function addDays(date: string, n: number): string {
  return utcDate(utcMidnight(date) + n * DAY);
}

/**
 * Adds calendar months to a date (the day is clamped to the month's length).
 *
 * @param date - `YYYY-MM-DD`.
 * @param n - Months (may be negative).
 * @returns The date.
 * @example
 * addMonths('2024-05-31', -3) //=> '2024-02-29'
 */
export function addMonths(date: string, n: number): string {
  const p = parts(date);
  const index = p.year * 12 + (p.month - 1) + n;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return utcDate(Date.UTC(year, month, Math.min(p.day, last)));
}

/**
 * Days from one date to another (`to - from`).
 *
 * @param from - `YYYY-MM-DD`.
 * @param to - `YYYY-MM-DD`.
 * @returns Whole days.
 * @example
 * daysBetween('2024-02-28', '2024-03-01') //=> 2
 */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY);
}

/**
 * ISO weekday of a date: 1 = Monday ... 7 = Sunday.
 *
 * @param date - `YYYY-MM-DD`.
 * @returns 1-7.
 * @example
 * weekday('2024-03-31') //=> 7
 */
export function weekday(date: string): number {
  const d = new Date(utcMidnight(date)).getUTCDay();
  return d === 0 ? 7 : d;
}

/**
 * Day of the year (1 = 1 January).
 *
 * @param date - `YYYY-MM-DD`.
 * @returns 1-366.
 * @example
 * dayOfYear('2024-03-01') //=> 61
 */
export function dayOfYear(date: string): number {
  return daysBetween(`${date.slice(0, 4)}-01-01`, date) + 1;
}

/**
 * The luxon zone behind a demo zone name; the gas day is computed from CET.
 *
 * @param zone - `CET`, `WET`, `UTC`, `Europe/Gas_Day` or an IANA name.
 * @returns The IANA zone used for local-time arithmetic.
 * @example
 * ianaZone('Europe/Gas_Day').name //=> 'CET'
 */
function ianaZone(zone: string): IANAZone {
  return IANAZone.create(zone === GAS_DAY ? 'CET' : zone);
}

/**
 * The start of a local day: midnight in `zone` (06:00 CET for the gas day).
 *
 * @param date - `YYYY-MM-DD`.
 * @param zone - A demo zone name.
 * @returns Epoch ms.
 * @example
 * localMidnight('2024-07-01', 'CET') //=> Date.UTC(2024, 5, 30, 22)
 */
export function localMidnight(date: string, zone: string): number {
  const key = `${date}|${zone}`;
  const hit = midnights.get(key);
  if (hit !== undefined) return hit;
  const p = parts(date);
  const hour = zone === GAS_DAY ? 6 : 0;
  const ms = DateTime.fromObject({ ...p, hour }, { zone: ianaZone(zone) }).toMillis();
  if (midnights.size > 100_000) midnights.clear();
  midnights.set(key, ms);
  return ms;
}

const midnights = new Map<string, number>();

/**
 * The local date of an instant in a zone (the gas day for `Europe/Gas_Day`).
 *
 * @param ms - Epoch ms.
 * @param zone - A demo zone name.
 * @returns `YYYY-MM-DD`.
 * @example
 * localDate(Date.UTC(2024, 5, 30, 22), 'CET') //=> '2024-07-01'
 */
export function localDate(ms: number, zone: string): string {
  const shift = zone === GAS_DAY ? -6 * HOUR : 0;
  return DateTime.fromMillis(ms + shift, { zone: ianaZone(zone) }).toISODate() as string;
}

/**
 * Every date in [from, to).
 *
 * @param from - `YYYY-MM-DD`.
 * @param to - `YYYY-MM-DD` (exclusive).
 * @returns The dates.
 * @example
 * dateRange('2024-02-28', '2024-03-01') //=> ['2024-02-28', '2024-02-29']
 */
export function dateRange(from: string, to: string): string[] {
  const out: string[] = [];
  const n = daysBetween(from, to);
  const start = utcMidnight(from);
  for (let i = 0; i < n; i++) out.push(utcDate(start + i * DAY));
  return out;
}

/**
 * Local midnights of every date in [from, to).
 *
 * @param from - `YYYY-MM-DD`.
 * @param to - `YYYY-MM-DD` (exclusive).
 * @param zone - A demo zone name.
 * @returns Epoch ms per day.
 * @example
 * dayStarts('2024-03-30', '2024-04-01', 'CET')[1] - dayStarts('2024-03-30', '2024-04-01', 'CET')[0] //=> 86400000
 */
export function dayStarts(from: string, to: string, zone: string): Float64Array {
  const dates = dateRange(from, to);
  return Float64Array.from(dates, (d) => localMidnight(d, zone));
}

/**
 * First days of the months whose first day lies in [from, to).
 *
 * @param from - `YYYY-MM-DD`.
 * @param to - `YYYY-MM-DD` (exclusive).
 * @returns `YYYY-MM-01` dates.
 * @example
 * monthDates('2024-01-15', '2024-04-01') //=> ['2024-02-01', '2024-03-01']
 */
export function monthDates(from: string, to: string): string[] {
  const out: string[] = [];
  let m = from.slice(8) === '01' ? from : addMonths(`${from.slice(0, 8)}01`, 1);
  while (m < to) {
    out.push(m);
    m = addMonths(m, 1);
  }
  return out;
}

/**
 * The UTC offset of a zone at an instant, in ms (`+3600000` for CET in winter).
 *
 * @param zone - A demo zone name (the gas day has CET's offset minus 6 hours).
 * @param ms - Epoch ms.
 * @returns Offset in ms.
 * @example
 * zoneOffset('CET', Date.UTC(2024, 6, 1)) //=> 7200000
 */
export function zoneOffset(zone: string, ms: number): number {
  const base = ianaZone(zone).offset(ms) * MINUTE;
  return zone === GAS_DAY ? base - 6 * HOUR : base;
}
