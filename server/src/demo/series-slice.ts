/**
 * Turns world arrays (per grid step or hour) into the time and value columns of a curve: step
 * means at 15 minutes, 30 minutes or an hour, and daily means or sums per local day.
 */
import type { SeriesBlock } from '../store/types';
import { HOUR, MINUTE } from './demo-time';
import type { Grid } from './grid';

/** Length of a step in ms per fixed-length frequency tag. */
export const STEP_MS: Readonly<Record<'PT15M' | 'PT30M' | 'PT1H', number>> = Object.freeze({
  PT15M: 15 * MINUTE,
  PT30M: 30 * MINUTE,
  PT1H: HOUR,
});

/** Time and value columns. */
export interface Columns {
  times: Float64Array;
  values: Float64Array;
}

/**
 * Step means of a series on the grid over [begin, end).
 *
 * @param src - One value per source step over the whole grid.
 * @param sph - Source steps per hour (4 for 15-minute arrays, 1 for hourly ones).
 * @param grid - The grid.
 * @param begin - First step start, epoch ms (on the grid).
 * @param end - End, epoch ms (exclusive).
 * @param freq - Output frequency tag: `PT15M`, `PT30M` or `PT1H` (not finer than the source).
 * @returns Columns.
 * @example
 * Array.from(stepMeans(Float64Array.from([1, 3, 5, 7]), 4, new Grid(0, 86400000), 0, 3600000, 'PT30M').values) //=> [2, 6]
 */
export function stepMeans(src: Float64Array, sph: number, grid: Grid, begin: number, end: number, freq: string): Columns {
  const step = STEP_MS[freq as keyof typeof STEP_MS] as number | undefined;
  if (step === undefined) throw new Error(`stepMeans: unsupported frequency ${freq} (PT15M, PT30M or PT1H)`);
  const srcStep = HOUR / sph;
  const k = Math.round(step / srcStep);
  const n = Math.max(0, Math.floor((end - begin) / step));
  const i0 = Math.round((begin - grid.start) / srcStep);
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    times[i] = begin + i * step;
    let s = 0;
    const a = i0 + i * k;
    for (let j = 0; j < k; j++) s += src[a + j]!;
    values[i] = s / k;
  }
  return { times, values };
}

/**
 * Means (or sums) of an hourly grid series per local day.
 *
 * @param src - Hourly values over the whole grid.
 * @param grid - The grid.
 * @param starts - Local midnights, one more than the number of days (the last is the end).
 * @param sum - Sum instead of mean.
 * @returns Columns with one row per day.
 * @example
 * Array.from(dailyValues(new Float64Array(48).fill(2), new Grid(0, 2 * 86400000), Float64Array.from([0, 86400000]), true).values) //=> [48]
 */
export function dailyValues(src: Float64Array, grid: Grid, starts: Float64Array, sum = false): Columns {
  const n = starts.length - 1;
  const times = starts.slice(0, n);
  const values = new Float64Array(n);
  for (let d = 0; d < n; d++) {
    const a = Math.round((starts[d]! - grid.start) / HOUR);
    const b = Math.round((starts[d + 1]! - grid.start) / HOUR);
    let s = 0;
    for (let h = a; h < b; h++) s += src[h]!;
    values[d] = sum ? s : s / Math.max(1, b - a);
  }
  return { times, values };
}

/**
 * Rounds values in place.
 *
 * @param values - The values.
 * @param decimals - Decimal places.
 * @returns The same array.
 * @example
 * Array.from(roundValues(Float64Array.from([1.234]), 1)) //=> [1.2]
 */
export function roundValues(values: Float64Array, decimals: number): Float64Array {
  const f = 10 ** decimals;
  for (let i = 0; i < values.length; i++) values[i] = Math.round(values[i]! * f) / f;
  return values;
}

/**
 * Expands hourly values to 15-minute values that keep each hour's mean exactly: a line through
 * the hour's mean with the slope of its neighbours.
 *
 * @param hourly - Hourly values.
 * @returns Four values per hour.
 * @example
 * Array.from(expandHourly(Float64Array.from([4, 4]))) //=> [4, 4, 4, 4, 4, 4, 4, 4]
 */
export function expandHourly(hourly: Float64Array): Float64Array {
  const n = hourly.length;
  const out = new Float64Array(n * 4);
  for (let h = 0; h < n; h++) {
    const prev = hourly[h > 0 ? h - 1 : h]!;
    const next = hourly[h < n - 1 ? h + 1 : h]!;
    const slope = (next - prev) / 2;
    for (let q = 0; q < 4; q++) out[h * 4 + q] = hourly[h]! + ((q - 1.5) / 4) * slope;
  }
  return out;
}

/**
 * A plain series block (no instance).
 *
 * @param curve - Curve name.
 * @param cols - Time and value columns.
 * @returns The block.
 * @example
 * seriesBlock('X', { times: new Float64Array(0), values: new Float64Array(0) }).issued //=> null
 */
export function seriesBlock(curve: string, cols: Columns): SeriesBlock {
  return { curve, issued: null, tag: null, times: cols.times, values: cols.values, scenarios: [], scenarioNames: [] };
}
