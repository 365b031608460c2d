/**
 * Finding instants in an ascending time column by binary search: the first row at or after an
 * instant, and the rows of a range `[begin, end)`.
 *
 * @module
 */

/**
 * The first index of an ascending column whose time is at or after `t` (the column's length when
 * there is none).
 *
 * @param times - Epoch ms, ascending.
 * @param t - The instant, epoch ms.
 * @returns The index.
 * @example
 * firstAtOrAfter(Float64Array.of(0, 10, 20), 5) //=> 1
 * firstAtOrAfter(Float64Array.of(0, 10, 20), 10) //=> 1
 * firstAtOrAfter(Float64Array.of(0, 10, 20), 25) //=> 3
 */
export function firstAtOrAfter(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The index range `[lo, hi)` of the steps with `begin <= t < end` in an ascending column.
 *
 * @param times - Step starts, ascending.
 * @param begin - Inclusive lower bound, epoch ms (`-Infinity`: from the start).
 * @param end - Exclusive upper bound, epoch ms (`Infinity`: to the end).
 * @returns `[lo, hi]` with `lo <= hi`.
 * @example
 * stepRange(Float64Array.of(0, 10, 20), 5, 20) //=> [1, 2]
 */
export function stepRange(times: Float64Array, begin: number, end: number): [number, number] {
  const lo = firstAtOrAfter(times, begin);
  return [lo, Math.max(lo, firstAtOrAfter(times, end))];
}
