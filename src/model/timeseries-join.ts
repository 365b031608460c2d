/**
 * Joining the step columns of several time series: the common steps (inner join) or every step
 * of any of them (outer join), with, per input, where each output step sits in that input.
 * Shared by series arithmetic, `align` and the aligned tables.
 *
 * @module
 */

/**
 * How series are lined up: `'inner'` keeps the steps every series has, `'outer'` keeps the steps
 * any series has (null where one has no value).
 *
 * @example
 * const join: Join = 'outer';
 */
export type Join = 'inner' | 'outer';

/**
 * The joined step column and, per input, the index of each output step in that input (-1 where
 * the input has no such step).
 *
 * @example
 * const joined: JoinedSteps = joinSteps([Float64Array.of(0, 1), Float64Array.of(1, 2)], 'outer');
 * joined.times //=> Float64Array [0, 1, 2]
 */
export interface JoinedSteps {
  /** Output step starts, epoch ms, ascending. */
  readonly times: Float64Array;
  /** One index column per input: its row for each output step, -1 when absent. */
  readonly rows: readonly Int32Array[];
}

function sameTimes(columns: readonly Float64Array[]): boolean {
  const first = columns[0]!;
  return columns.every((c) => {
    if (c === first) return true;
    if (c.length !== first.length) return false;
    for (let i = 0; i < c.length; i++) if (c[i] !== first[i]) return false;
    return true;
  });
}

/**
 * Joins ascending step columns by a k-way merge (O(total length x inputs)).
 *
 * @param columns - Step starts of each input, each strictly ascending.
 * @param join - `'inner'` (steps in all inputs) or `'outer'` (steps in any).
 * @returns The joined steps and each input's row per output step.
 * @example
 * joinSteps([Float64Array.of(0, 1, 2), Float64Array.of(1, 2, 3)], 'inner').times //=> Float64Array [1, 2]
 */
export function joinSteps(columns: readonly Float64Array[], join: Join): JoinedSteps {
  const k = columns.length;
  if (k === 0) return { times: new Float64Array(0), rows: [] };
  if (sameTimes(columns)) {
    const n = columns[0]!.length;
    const identity = new Int32Array(n);
    for (let i = 0; i < n; i++) identity[i] = i;
    return { times: columns[0]!.slice(), rows: columns.map(() => identity) };
  }
  const at = new Int32Array(k);
  const cap = join === 'outer' ? columns.reduce((s, c) => s + c.length, 0) : Math.min(...columns.map((c) => c.length));
  const times = new Float64Array(cap);
  const rows = columns.map(() => new Int32Array(cap));
  let m = 0;
  for (;;) {
    let next = Infinity;
    let exhausted = false;
    for (let j = 0; j < k; j++) {
      const t = columns[j]![at[j]!];
      if (t === undefined) {
        exhausted = true;
        continue;
      }
      if (t < next) next = t;
    }
    if (next === Infinity || (join === 'inner' && exhausted)) break;
    let all = true;
    for (let j = 0; j < k; j++) {
      const row = at[j]!;
      if (columns[j]![row] === next) {
        rows[j]![m] = row;
        at[j] = row + 1;
      } else {
        rows[j]![m] = -1;
        all = false;
      }
    }
    if (join === 'inner' && !all) continue;
    times[m++] = next;
  }
  return { times: times.slice(0, m), rows: rows.map((r) => r.slice(0, m)) };
}

/**
 * Picks the rows of a column: `out[i] = column[rows[i]]`, NaN where `rows[i]` is -1.
 *
 * @param column - The input column.
 * @param rows - The rows to pick (see {@link joinSteps}).
 * @returns A new column as long as `rows`.
 * @example
 * gather(Float64Array.of(5, 6), Int32Array.of(1, -1, 0)) //=> Float64Array [6, NaN, 5]
 */
export function gather(column: Float64Array, rows: Int32Array): Float64Array {
  const out = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    out[i] = r < 0 ? NaN : column[r]!;
  }
  return out;
}
