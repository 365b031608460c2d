/**
 * Aligning several series on one time grid (the union of their instants), for charts that
 * combine values at the same time: stacked areas and scenario fans built from members.
 *
 * @module
 */
import type { PlotSeries } from './series-source';

/** Series aligned on one grid: the shared instants and one column per series (NaN where missing). */
export interface AlignedColumns {
  /** The union of the series' instants, ascending, epoch milliseconds. */
  readonly times: Float64Array;
  /** One column per series, as long as `times`. */
  readonly columns: readonly Float64Array[];
}

function sameTimes(a: Float64Array, b: Float64Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Aligns series on the union of their instants; a series gets NaN where it has no value.
 *
 * @param series - The series (instants ascending).
 * @returns The grid and the columns.
 * @example
 * // a at 0 and 1 h, b at 1 h and 2 h
 * const { times, columns } = alignSeries([a, b]);
 * [times.length, columns[0][2], columns[1][0]] //=> [3, NaN, NaN]
 */
export function alignSeries(series: readonly PlotSeries[]): AlignedColumns {
  const first = series[0];
  if (first === undefined) return { times: new Float64Array(0), columns: [] };
  if (series.every((s) => sameTimes(s.times, first.times))) {
    return { times: first.times, columns: series.map((s) => s.values) };
  }
  const all = new Float64Array(series.reduce((n, s) => n + s.times.length, 0));
  let at = 0;
  for (const s of series) {
    all.set(s.times, at);
    at += s.times.length;
  }
  all.sort();
  let unique = 0;
  for (let i = 0; i < all.length; i++) {
    const t = all[i]!;
    if (Number.isNaN(t)) continue;
    if (unique === 0 || t !== all[unique - 1]) all[unique++] = t;
  }
  const times = all.slice(0, unique);
  const columns = series.map((s) => {
    const column = new Float64Array(unique).fill(NaN);
    let j = 0;
    for (let i = 0; i < s.times.length; i++) {
      const t = s.times[i]!;
      while (j < unique && times[j]! < t) j++;
      if (j < unique && times[j] === t) column[j] = s.values[i]!;
    }
    return column;
  });
  return { times, columns };
}
