/**
 * Downsampling for charts: a year of 15-minute values (35,040 points) draws fine, a million
 * does not. Buckets are runs of consecutive points; a line keeps each bucket's minimum and
 * maximum (so peaks and dips survive), bands keep the bucket's extremes, and stacked areas the
 * bucket's mean.
 *
 * @module
 */
import { ValidationError } from '../exceptions';

/** Points per series kept by default (a year of 15-minute values is drawn in full). */
export const DEFAULT_MAX_POINTS = 50_000;

/**
 * Checks a `maxPoints` option: an integer of at least 4, or `Infinity` for no limit.
 *
 * @param maxPoints - The option value (undefined for the default).
 * @returns The limit.
 * @throws ValidationError when the value is not an integer >= 4 or Infinity.
 * @example
 * checkMaxPoints(undefined) //=> 50000
 */
export function checkMaxPoints(maxPoints: number | undefined): number {
  if (maxPoints === undefined) return DEFAULT_MAX_POINTS;
  if (maxPoints === Infinity) return Infinity;
  if (!Number.isInteger(maxPoints) || maxPoints < 4) {
    throw new ValidationError(`maxPoints must be an integer of at least 4 or Infinity, got ${String(maxPoints)}`, 'maxPoints');
  }
  return maxPoints;
}

/**
 * The start index of each of `buckets` runs that split `n` points as evenly as possible, plus
 * `n` at the end.
 *
 * @param n - Number of points.
 * @param buckets - Number of runs (at most `n`).
 * @returns `buckets + 1` boundaries.
 * @example
 * Array.from(bucketBounds(10, 3)) //=> [0, 3, 6, 10]
 */
export function bucketBounds(n: number, buckets: number): Uint32Array {
  const b = Math.max(1, Math.min(n, buckets));
  const bounds = new Uint32Array(b + 1);
  for (let k = 0; k <= b; k++) bounds[k] = Math.floor((k * n) / b);
  return bounds;
}

/**
 * Picks the points a line keeps: all of them when there are at most `maxPoints`, else the first
 * and last point and, in each bucket between, the points with the lowest and highest value (in
 * their order). A bucket with only missing values keeps one of them, so gaps stay visible.
 *
 * @param values - The values (NaN = missing).
 * @param maxPoints - Most points to keep (>= 4).
 * @returns Ascending indexes of the kept points.
 * @example
 * Array.from(minMaxIndexes(Float64Array.of(1, 9, 2, 8, 3, 7, 4, 6), 6)) //=> [0, 1, 2, 4, 5, 7]
 */
export function minMaxIndexes(values: ArrayLike<number>, maxPoints: number): Uint32Array {
  const n = values.length;
  if (n <= maxPoints) return Uint32Array.from({ length: n }, (_, i) => i);
  const inner = n - 2;
  const bounds = bucketBounds(inner, Math.floor((maxPoints - 2) / 2));
  const kept: number[] = [0];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const from = bounds[k]! + 1;
    const to = bounds[k + 1]! + 1;
    let min = -1;
    let max = -1;
    for (let i = from; i < to; i++) {
      const v = values[i]!;
      if (Number.isNaN(v)) continue;
      if (min < 0 || v < values[min]!) min = i;
      if (max < 0 || v > values[max]!) max = i;
    }
    if (min < 0) kept.push(from);
    else if (min === max) kept.push(min);
    else kept.push(Math.min(min, max), Math.max(min, max));
  }
  kept.push(n - 1);
  return Uint32Array.from(kept);
}

/** How {@link reduceBuckets} combines a bucket's values. */
export type BucketReducer = 'mean' | 'min' | 'max';

/**
 * Reduces a column over buckets: mean, minimum or maximum of the non-missing values (NaN when a
 * bucket has none).
 *
 * @param values - The column (NaN = missing).
 * @param bounds - Bucket boundaries from {@link bucketBounds}.
 * @param reducer - How to combine.
 * @returns One value per bucket.
 * @example
 * Array.from(reduceBuckets(Float64Array.of(1, 3, NaN, 5), Uint32Array.of(0, 2, 4), 'mean')) //=> [2, 5]
 */
export function reduceBuckets(values: ArrayLike<number>, bounds: Uint32Array, reducer: BucketReducer): Float64Array {
  const out = new Float64Array(bounds.length - 1);
  for (let k = 0; k + 1 < bounds.length; k++) {
    let acc = NaN;
    let count = 0;
    for (let i = bounds[k]!; i < bounds[k + 1]!; i++) {
      const v = values[i]!;
      if (Number.isNaN(v)) continue;
      if (count === 0) acc = v;
      else if (reducer === 'mean') acc += v;
      else if (reducer === 'min' ? v < acc : v > acc) acc = v;
      count++;
    }
    out[k] = reducer === 'mean' && count > 0 ? acc / count : acc;
  }
  return out;
}

/**
 * The first value of each bucket (for the time column of reduced buckets).
 *
 * @param values - The column.
 * @param bounds - Bucket boundaries from {@link bucketBounds}.
 * @returns One value per bucket.
 * @example
 * Array.from(bucketStarts(Float64Array.of(10, 20, 30, 40), Uint32Array.of(0, 2, 4))) //=> [10, 30]
 */
export function bucketStarts(values: ArrayLike<number>, bounds: Uint32Array): Float64Array {
  const out = new Float64Array(bounds.length - 1);
  for (let k = 0; k + 1 < bounds.length; k++) out[k] = values[bounds[k]!] as number;
  return out;
}
