/**
 * The generator's time grid: 15-minute steps in UTC over the whole demo window, with per-zone
 * local calendars (offset, local hour, local date) so that vectorised loops never call luxon.
 * CET and WET offsets are whole hours, so every curve's steps (15min, 30min, H) fall on it.
 */
import { DAY, HOUR, MINUTE, dayOfYear, localDate, utcDate, weekday, zoneOffset } from './demo-time';
import { dayOfYearFrac, winterness } from './area-params';

/** Milliseconds in one grid step (15 minutes). */
export const Q = 15 * MINUTE;

/** Local calendar of one zone over the grid: per hour and per local day. */
export interface LocalCalendar {
  zone: string;
  /** UTC offset per grid hour, ms. */
  offset: Float64Array;
  /** Local hour of day (0-23) per grid hour. */
  hourOfDay: Uint8Array;
  /** Index into `dates` per grid hour. */
  dayIndex: Int32Array;
  /** The local dates the grid touches, in order. */
  dates: string[];
  /** ISO weekday (1 = Monday) per date. */
  weekdays: Uint8Array;
  /** Day of year per date. */
  doy: Uint16Array;
}

/** A 15-minute UTC grid over [start, end); start and end are whole UTC hours. */
export class Grid {
  readonly start: number;
  readonly end: number;
  /** Number of 15-minute steps. */
  readonly nQ: number;
  /** Number of hours. */
  readonly nH: number;
  /** Number of UTC days. */
  readonly nDays: number;
  /** Fractional day of year at noon UTC, per UTC day of the grid. */
  readonly dayDoy: Float64Array;
  /** Winterness (1 mid-January, -1 mid-July) at noon UTC, per UTC day of the grid. */
  readonly dayWinter: Float64Array;
  private readonly calendars = new Map<string, LocalCalendar>();

  /**
   * @param start - Epoch ms, a UTC midnight.
   * @param end - Epoch ms, a UTC midnight after `start`.
   */
  constructor(start: number, end: number) {
    this.start = start;
    this.end = end;
    this.nH = Math.round((end - start) / HOUR);
    this.nQ = this.nH * 4;
    this.nDays = Math.ceil(this.nH / 24);
    this.dayDoy = new Float64Array(this.nDays);
    this.dayWinter = new Float64Array(this.nDays);
    for (let d = 0; d < this.nDays; d++) {
      this.dayDoy[d] = dayOfYearFrac(start + d * DAY + DAY / 2);
      this.dayWinter[d] = winterness(this.dayDoy[d]!);
    }
  }

  /**
   * The grid index of an instant (15-minute steps from `start`).
   *
   * @param ms - Epoch ms on the grid.
   * @returns The index.
   * @example
   * new Grid(0, 86400000).index(900000) //=> 1
   */
  index(ms: number): number {
    return Math.round((ms - this.start) / Q);
  }

  /**
   * The local calendar of a zone (computed once, then cached).
   *
   * @param zone - A demo zone name.
   * @returns The calendar.
   * @example
   * new Grid(0, 86400000).local('UTC').hourOfDay[1] //=> 1
   */
  local(zone: string): LocalCalendar {
    const cached = this.calendars.get(zone);
    if (cached) return cached;
    const offset = new Float64Array(this.nH);
    const hourOfDay = new Uint8Array(this.nH);
    const dayIndex = new Int32Array(this.nH);
    const firstDate = localDate(this.start, zone);
    const firstDay = Math.round(Date.parse(`${firstDate}T00:00:00Z`) / DAY);
    let lastDay = firstDay;
    for (let h = 0; h < this.nH; h++) {
      const t = this.start + h * HOUR;
      // offsets change at most once a day: look them up per hour only on days where they change
      if (h % 24 === 0) {
        const first = zoneOffset(zone, t);
        const same = zoneOffset(zone, t + 23 * HOUR) === first;
        for (let k = h; k < Math.min(this.nH, h + 24); k++) offset[k] = same ? first : zoneOffset(zone, this.start + k * HOUR);
      }
      const off = offset[h]!;
      const local = t + off;
      const dayNumber = Math.floor(local / DAY);
      hourOfDay[h] = Math.floor((local - dayNumber * DAY) / HOUR);
      dayIndex[h] = dayNumber - firstDay;
      lastDay = dayNumber;
    }
    const dates: string[] = [];
    for (let d = firstDay; d <= lastDay; d++) dates.push(utcDate(d * DAY));
    const calendar: LocalCalendar = {
      zone,
      offset,
      hourOfDay,
      dayIndex,
      dates,
      weekdays: Uint8Array.from(dates, weekday),
      doy: Uint16Array.from(dates, dayOfYear),
    };
    this.calendars.set(zone, calendar);
    return calendar;
  }
}

/**
 * Interpolates knot values (one every `step` grid steps, knot 0 at grid step 0) to every grid
 * step with a Catmull-Rom spline, which passes through the knots and has no kinks.
 *
 * @param knots - Values at knots; needs `ceil(n / step) + 2` entries.
 * @param step - Grid steps between knots.
 * @param n - Output length.
 * @param out - Optional buffer of length `n` to write into.
 * @returns The interpolated series.
 * @example
 * Array.from(splineToGrid(Float64Array.from([0, 1, 2, 3]), 2, 4)) //=> [0, 0.5, 1, 1.5]
 */
export function splineToGrid(knots: Float64Array, step: number, n: number, out: Float64Array = new Float64Array(n)): Float64Array {
  const last = knots.length - 1;
  for (let j = 0; j < n; j++) {
    const i = Math.floor(j / step);
    const f = (j - i * step) / step;
    const p1 = knots[i]!;
    const p2 = knots[Math.min(i + 1, last)]!;
    const p0 = i > 0 ? knots[i - 1]! : 2 * p1 - p2;
    const p3 = i + 2 <= last ? knots[i + 2]! : 2 * p2 - p1;
    const f2 = f * f;
    const f3 = f2 * f;
    out[j] = 0.5 * (2 * p1 + (-p0 + p2) * f + (2 * p0 - 5 * p1 + 4 * p2 - p3) * f2 + (-p0 + 3 * p1 - 3 * p2 + p3) * f3);
  }
  return out;
}

/**
 * Means of consecutive groups of `k` values (15-minute values to 30-minute or hourly means).
 *
 * @param values - The series.
 * @param k - Group size.
 * @returns `floor(values.length / k)` means.
 * @example
 * Array.from(groupMeans(Float64Array.from([1, 3, 5, 7]), 2)) //=> [2, 6]
 */
export function groupMeans(values: Float64Array, k: number): Float64Array {
  const n = Math.floor(values.length / k);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < k; j++) s += values[i * k + j]!;
    out[i] = s / k;
  }
  return out;
}
