/**
 * Public holidays of the demo countries (the main national ones; regional holidays are left
 * out) and the TARGET2 closing days that decide when ECB reference rates are published.
 */
import { addDays, weekday } from './demo-time';

/**
 * Easter Sunday of a year (Gregorian, anonymous algorithm).
 *
 * @param year - The year.
 * @returns `YYYY-MM-DD`.
 * @example
 * easterSunday(2024) //=> '2024-03-31'
 */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** n-th (1-based) or last (n = -1) given ISO weekday of a month. */
function nthWeekday(year: number, month: number, isoDay: number, n: number): string {
  const mm = String(month).padStart(2, '0');
  if (n > 0) {
    const first = `${year}-${mm}-01`;
    const shift = (isoDay - weekday(first) + 7) % 7;
    return addDays(first, shift + 7 * (n - 1));
  }
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const last = addDays(next, -1);
  return addDays(last, -((weekday(last) - isoDay + 7) % 7));
}

// Fixed dates (MM-DD) and Easter offsets per country.
const FIXED: Record<string, string[]> = {
  DE: ['01-01', '05-01', '10-03', '12-25', '12-26'],
  FR: ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'],
  NL: ['01-01', '04-27', '12-25', '12-26'],
  BE: ['01-01', '05-01', '07-21', '08-15', '11-01', '11-11', '12-25'],
  AT: ['01-01', '01-06', '05-01', '08-15', '10-26', '11-01', '12-08', '12-25', '12-26'],
  CH: ['01-01', '08-01', '12-25', '12-26'],
  GB: ['01-01', '12-25', '12-26'],
  ES: ['01-01', '01-06', '05-01', '08-15', '10-12', '11-01', '12-06', '12-08', '12-25'],
  IT: ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26'],
  PL: ['01-01', '01-06', '05-01', '05-03', '08-15', '11-01', '11-11', '12-25', '12-26'],
  CZ: ['01-01', '05-01', '05-08', '07-05', '07-06', '09-28', '10-28', '11-17', '12-24', '12-25', '12-26'],
  NO: ['01-01', '05-01', '05-17', '12-25', '12-26'],
  SE: ['01-01', '01-06', '05-01', '06-06', '12-24', '12-25', '12-26', '12-31'],
  DK: ['01-01', '06-05', '12-24', '12-25', '12-26'],
  FI: ['01-01', '01-06', '05-01', '12-06', '12-24', '12-25', '12-26'],
  EE: ['01-01', '02-24', '05-01', '06-23', '06-24', '08-20', '12-24', '12-25', '12-26'],
  LV: ['01-01', '05-01', '05-04', '06-23', '06-24', '11-18', '12-24', '12-25', '12-26', '12-31'],
  LT: ['01-01', '02-16', '03-11', '05-01', '06-24', '07-06', '08-15', '11-01', '11-02', '12-24', '12-25', '12-26'],
};
// -2 Good Friday, 1 Easter Monday, 39 Ascension, 50 Whit Monday, 60 Corpus Christi
const EASTER: Record<string, number[]> = {
  DE: [-2, 1, 39, 50],
  FR: [1, 39, 50],
  NL: [-2, 1, 39, 50],
  BE: [1, 39, 50],
  AT: [1, 39, 50, 60],
  CH: [-2, 1, 39, 50],
  GB: [-2, 1],
  ES: [-2],
  IT: [1],
  PL: [1, 60],
  CZ: [-2, 1],
  NO: [-3, -2, 1, 39, 50],
  SE: [-2, 1, 39],
  DK: [-3, -2, 1, 39, 50],
  FI: [-2, 1, 39],
  EE: [-2],
  LV: [-2, 1],
  LT: [1],
};

const cache = new Map<string, Map<string, number>>();

/**
 * The public holidays of a country in a year, with a weight (1.2 around Christmas and New Year,
 * when more load is lost, else 1).
 *
 * @param country - Country code of the area profile (`DE`, `GB`, `NO`, ...).
 * @param year - The year.
 * @returns Map from `YYYY-MM-DD` to weight.
 * @example
 * holidaysOf('GB', 2024).has('2024-08-26') //=> true
 */
export function holidaysOf(country: string, year: number): Map<string, number> {
  const key = `${country}|${year}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const out = new Map<string, number>();
  for (const md of FIXED[country] ?? []) out.set(`${year}-${md}`, md >= '12-24' || md === '01-01' ? 1.2 : 1);
  const easter = easterSunday(year);
  for (const off of EASTER[country] ?? []) out.set(addDays(easter, off), 1);
  if (country === 'GB') {
    out.set(nthWeekday(year, 5, 1, 1), 1);
    out.set(nthWeekday(year, 5, 1, -1), 1);
    out.set(nthWeekday(year, 8, 1, -1), 1);
  }
  cache.set(key, out);
  return out;
}

/**
 * Whether ECB reference rates are published on a date (TARGET2 working day: not a weekend,
 * 1 January, Good Friday, Easter Monday, 1 May, 25 or 26 December).
 *
 * @param date - `YYYY-MM-DD`.
 * @returns True on working days.
 * @example
 * isTargetDay('2024-03-29') //=> false
 */
export function isTargetDay(date: string): boolean {
  if (weekday(date) >= 6) return false;
  const md = date.slice(5);
  if (md === '01-01' || md === '05-01' || md === '12-25' || md === '12-26') return false;
  const easter = easterSunday(Number(date.slice(0, 4)));
  return date !== addDays(easter, -2) && date !== addDays(easter, 1);
}
