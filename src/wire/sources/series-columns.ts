/**
 * The checks a column of dates gets before it becomes a series of a curve, at both ends (the
 * service's import and the toolkit's `readSeries`): every instant the start of a step of the
 * curve's frequency in its zone, each instant once; the columns then sorted by time.
 *
 * @module
 */
import { Frequency, floorMillis, zoneByName } from '../../time';
import type { ProblemList } from './problems';

/** Columns of a series with the line of each value. */
export interface LinedColumns {
  times: Float64Array;
  values: Float64Array;
  lines: Int32Array;
}

/**
 * Checks the dates of a series against its curve's step grid and sorts them.
 *
 * @param columns - Instants, values and lines, in file order.
 * @param curve - The curve's frequency and zone (tags, as stored) and name.
 * @param file - The data file, for messages.
 * @param field - The date column, for messages.
 * @param problems - Receives a problem per bad date.
 * @returns The sorted times and values, or null after a problem.
 * @example
 * gridColumns({ times, values, lines }, { name: 'X', frequency: 'PT1H', timezone: 'CET' }, 'a.csv', 'date', problems)?.times.length //=> 24
 */
export function gridColumns(
  columns: LinedColumns,
  curve: { name: string; frequency: string; timezone: string },
  file: string,
  field: string,
  problems: ProblemList,
): { times: Float64Array; values: Float64Array } | null {
  const { times, values } = columns;
  // the series of a wide file share one column of dates: it is checked once per frequency and zone
  const key = `${curve.frequency} ${curve.timezone}`;
  const known = checked.get(times)?.get(key);
  if (known === false) return null;
  if (known === true) return { times, values };
  const verdict = checkGrid(columns, curve, file, field, problems);
  if (!checked.has(times)) checked.set(times, new Map());
  checked.get(times)?.set(key, verdict !== null && verdict.times === times);
  return verdict === null ? null : verdict;
}

/** Verdicts of date columns already checked: true when on the grid, sorted and without a repeat. */
const checked = new WeakMap<Float64Array, Map<string, boolean>>();

function checkGrid(
  columns: LinedColumns,
  curve: { name: string; frequency: string; timezone: string },
  file: string,
  field: string,
  problems: ProblemList,
): { times: Float64Array; values: Float64Array } | null {
  const { times, values, lines } = columns;
  const freq = Frequency.byTag(curve.frequency);
  const zone = zoneByName(curve.timezone);
  const before = problems.size;
  const n = times.length;
  let sorted = true;
  // taken once, not at every value: an imported binding can be a getter (a CommonJS transform)
  const gridded = freq !== Frequency.NONE;
  const floor = floorMillis;
  for (let i = 0; i < n; i++) {
    const ms = times[i] as number;
    if (gridded && floor(ms, freq, zone) !== ms) {
      problems.add(
        { file, line: lines[i] as number },
        field,
        `${new Date(ms).toISOString()} is not the start of a ${curve.frequency} step in ${curve.timezone} (curve ${JSON.stringify(curve.name)})`,
      );
    }
    if (i > 0 && ms <= (times[i - 1] as number)) sorted = false;
  }
  if (problems.size > before) return null;
  if (sorted) return { times, values };
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (times[a] as number) - (times[b] as number));
  for (let k = 1; k < n; k++) {
    const a = order[k - 1] as number;
    const b = order[k] as number;
    if (times[a] === times[b]) {
      const [first, second] = (lines[a] as number) < (lines[b] as number) ? [a, b] : [b, a];
      problems.add(
        { file, line: lines[second] as number },
        field,
        `duplicate date ${new Date(times[b] as number).toISOString()}: the same instant as line ${lines[first]}`,
      );
    }
  }
  if (problems.size > before) return null;
  return { times: Float64Array.from(order, (i) => times[i] as number), values: Float64Array.from(order, (i) => values[i] as number) };
}
