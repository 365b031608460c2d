/**
 * Turning the rows of a series read (`series_id, ts, value` in whatever order the scan gives
 * them) into aligned, time-ordered columns without per-row objects: rows are bucketed per series
 * with a counting sort, each bucket is put in time order (already so in the usual case: rows are
 * stored per series in time order, so this is one check), and when every member has the same
 * times (the usual ensemble) those times are shared; otherwise the union of the times is taken
 * and each member filled in, NaN where it has no value.
 *
 * @module
 */

/**
 * Puts a time column and its values in time order (a copy only when they are not already).
 *
 * @param ts - Times, epoch ms.
 * @param v - One value per time.
 * @returns `[times, values]`, ascending by time.
 * @example
 * sortByTime(Float64Array.of(2, 1), Float64Array.of(20, 10)) //=> [Float64Array [1, 2], Float64Array [10, 20]]
 */
export function sortByTime(ts: Float64Array, v: Float64Array): [Float64Array, Float64Array] {
  let ascending = true;
  for (let i = 1; i < ts.length; i++) {
    if (ts[i]! < ts[i - 1]!) {
      ascending = false;
      break;
    }
  }
  if (ascending) return [ts, v];
  const order = Uint32Array.from({ length: ts.length }, (_, i) => i).sort((a, b) => ts[a]! - ts[b]!);
  return [Float64Array.from(order, (i) => ts[i]!), Float64Array.from(order, (i) => v[i]!)];
}

function sameTimes(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Pivots the rows of several series into one column per series on the union of their times.
 *
 * @param sid - Series id of each row.
 * @param ts - Time of each row (at most one row per series and time).
 * @param v - Value of each row.
 * @param ids - The series ids, in the order of the columns wanted.
 * @returns The ascending union of the times and one column per id (NaN where a series has no row).
 * @example
 * pivotMembers(Float64Array.of(7, 8, 7), Float64Array.of(0, 0, 1), Float64Array.of(1, 2, 3), [7, 8])
 * //=> { times: Float64Array [0, 1], columns: [Float64Array [1, 3], Float64Array [2, NaN]] }
 */
export function pivotMembers(
  sid: Float64Array,
  ts: Float64Array,
  v: Float64Array,
  ids: readonly number[],
): { times: Float64Array; columns: Float64Array[] } {
  const runs = contiguousRuns(sid, ts, v, ids);
  if (runs) return runs;
  const low = Math.min(...ids);
  const slot = new Int32Array(Math.max(...ids) - low + 1);
  ids.forEach((id, k) => (slot[id - low] = k));
  const counts = new Int32Array(ids.length + 1);
  const slots = new Int32Array(sid.length);
  for (let i = 0; i < sid.length; i++) {
    const k = slot[sid[i]! - low] as number;
    slots[i] = k;
    counts[k + 1]!++;
  }
  for (let k = 0; k < ids.length; k++) counts[k + 1]! += counts[k]!;
  const bucketTs = new Float64Array(ts.length);
  const bucketV = new Float64Array(ts.length);
  const fill = counts.slice(0, ids.length);
  for (let i = 0; i < sid.length; i++) {
    const p = fill[slots[i]!]!++;
    bucketTs[p] = ts[i]!;
    bucketV[p] = v[i]!;
  }
  const members = ids.map((_, k) => sortByTime(bucketTs.subarray(counts[k], counts[k + 1]), bucketV.subarray(counts[k], counts[k + 1])));
  const first = members[0]?.[0] ?? new Float64Array(0);
  if (members.every(([t]) => sameTimes(t, first))) {
    return { times: first.slice(), columns: members.map(([, values]) => values.slice()) };
  }
  const all = new Float64Array(ts.length);
  all.set(ts);
  all.sort();
  let steps = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[steps++] = all[i]!;
  const times = all.slice(0, steps);
  const columns = members.map(([t, values]) => {
    const column = new Float64Array(steps).fill(Number.NaN);
    let j = 0;
    for (let i = 0; i < t.length; i++) {
      while (times[j]! < t[i]!) j++;
      column[j] = values[i]!;
    }
    return column;
  });
  return { times, columns };
}

/**
 * The usual case, without any copy: the scan gives each series' rows as one contiguous,
 * time-ordered run and every series has the same times. Then the columns are views of `v` and
 * the times a view of `ts`.
 *
 * @returns The pivot, or null when the rows are not laid out so.
 */
function contiguousRuns(
  sid: Float64Array,
  ts: Float64Array,
  v: Float64Array,
  ids: readonly number[],
): { times: Float64Array; columns: Float64Array[] } | null {
  const n = sid.length;
  if (ids.length === 0 || n % ids.length !== 0) return null;
  const steps = n / ids.length;
  const start = new Map<number, number>();
  for (let r = 0; r < ids.length; r++) {
    const at = r * steps;
    const id = sid[at]!;
    if (start.has(id) || !ids.includes(id)) return null;
    start.set(id, at);
    for (let i = at + 1; i < at + steps; i++) {
      if (sid[i] !== id || ts[i]! <= ts[i - 1]!) return null;
      if (r > 0 && ts[i] !== ts[i - at]) return null;
    }
    if (r > 0 && ts[at] !== ts[0]) return null;
  }
  return {
    times: ts.subarray(0, steps),
    columns: ids.map((id) => {
      const at = start.get(id) as number;
      return v.subarray(at, at + steps);
    }),
  };
}
