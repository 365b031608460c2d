/**
 * The one value per step of a series that may hold only scenarios (an ensemble without its mean).
 *
 * @module
 */
import type { Timeseries } from '../model';

/**
 * The values of a series, or, for a scenarios-only series, the mean of its scenarios at each step
 * (missing members left out; NaN where every member is missing).
 *
 * @param ts - The series.
 * @returns The value column (the series' own when it has one).
 * @example
 * valuesOrMembersMean(membersOnly)[0] //=> 10.5
 */
export function valuesOrMembersMean(ts: Timeseries): Float64Array {
  const own = ts.valuesOrNull();
  if (own !== null) return own;
  const out = new Float64Array(ts.length);
  for (let i = 0; i < ts.length; i++) {
    let sum = 0;
    let m = 0;
    for (const column of ts.scenarios) {
      const v = column[i]!;
      if (v === v) {
        sum += v;
        m++;
      }
    }
    out[i] = m > 0 ? sum / m : Number.NaN;
  }
  return out;
}
