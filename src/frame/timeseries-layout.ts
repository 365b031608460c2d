/**
 * Table layouts of time series and lists of them (wire-part2 §5.2, §5.3): a `date` index of
 * instants and one column per value, mean or scenario, labelled with three header levels
 * (curve, instance or contract, scenario) or one flat name as the reference names it.
 *
 * @module
 */
import { ValueError } from '../exceptions';
import type { Timeseries } from '../model/timeseries';
import { encodeHeader, MULTI_LEVEL_NAMES, SINGLE_LEVEL_NAMES } from './frame-info';
import { assembleLayout, type FrameLayout, type LayoutColumn, type ValueColumn } from './assemble-layout';

/**
 * Options of `toTable()` / `toDataFrame()` for a time series.
 *
 * @example
 * const opts: TableOptions = { name: 'wind', singleLevelHeader: true };
 * toTable(ensemble, opts).columnNames() //=> ['date', 'wind', 'wind e00', 'wind e01']
 */
export interface TableOptions {
  /**
   * A custom name for the columns. Default: the series name (custom name, else curve name),
   * and single-level labels then include the instance or contract; with a custom name they
   * leave it out (multi-level headers always hold it).
   */
  name?: string | null;
  /** One flat name per column, exactly as the reference labels it; default false (three levels). */
  singleLevelHeader?: boolean;
}

/**
 * Options of `toTable()` / `toDataFrame()` for a list of time series (members keep their own
 * names).
 *
 * @example
 * const opts: ListTableOptions = { singleLevelHeader: true };
 */
export interface ListTableOptions {
  /** One flat name per column; default false (three levels). */
  singleLevelHeader?: boolean;
}

/**
 * Name of the index column of time-series tables.
 *
 * @example
 * toTable(ts).columnNames()[0] === DATE_COLUMN //=> true
 */
export const DATE_COLUMN = 'date';

/**
 * The value columns of one time series: the value (VALUE), the scenarios (SCENARIOS), or the
 * mean then the scenarios (MEAN_AND_SCENARIOS), each labelled as the reference does.
 *
 * @param series - The time series.
 * @param opts - Name and header options.
 * @param rows - When given, the column data is aligned to these instants (NaN where absent).
 * @returns The value columns.
 * @example
 * timeseriesColumns(ensemble, { singleLevelHeader: true }).map((c) => c.label)
 * //=> ['wind 2020-10-26 00:00 ec-ens', 'wind 2020-10-26 00:00 ec-ens e00', 'wind 2020-10-26 00:00 ec-ens e01']
 */
export function timeseriesColumns(series: Timeseries, opts: TableOptions = {}, rows?: Float64Array): ValueColumn[] {
  const given = opts.name !== undefined && opts.name !== null;
  const name = given ? (opts.name as string) : series.name;
  const header = series.columnHeader();
  const single = opts.singleLevelHeader === true;
  const label = (scenario: string | null): string => {
    if (!single) return encodeHeader([name, header, scenario ?? '']);
    if (given && scenario === null) return name as string;
    const text = name ?? 'None';
    return (given ? `${text} ${scenario}` : `${text} ${header} ${scenario ?? ''}`).trim();
  };
  const column = (scenario: string | null, data: Float64Array): ValueColumn => {
    const text = label(scenario);
    const aligned = rows === undefined ? data.slice() : align(rows, series.times, data);
    return { label: text, levels: single ? [text] : [name, header, scenario ?? ''], data: aligned };
  };
  const out: ValueColumn[] = [];
  if (series.hasValues()) out.push(column(null, series.values));
  series.scenarios.forEach((data, k) => out.push(column(series.scenarioNames[k] as string, data)));
  return out;
}

/**
 * Lays out one time series: `date` (instants in the series' zone), then its value columns.
 *
 * @param series - The time series.
 * @param opts - Name and header options.
 * @returns The layout.
 * @example
 * layoutTimeseries(hourly).columns.map((c) => c.name) //=> ['date', 'DE Consumption MWh/h H Actual']
 */
export function layoutTimeseries(series: Timeseries, opts: TableOptions = {}): FrameLayout {
  const date: LayoutColumn = { name: DATE_COLUMN, kind: 'instant', data: series.times.slice() };
  return assembleLayout([date], timeseriesColumns(series, opts), {
    zone: series.resolution.timezone,
    levelNames: opts.singleLevelHeader === true ? SINGLE_LEVEL_NAMES : MULTI_LEVEL_NAMES,
    dates: [],
  });
}

/**
 * Lays out a list of time series side by side, as pandas' outer concatenation on `date` does:
 * the union of all instants, sorted, with NaN where a member has no value. The zone is the
 * members' zone when they share one, else UTC.
 *
 * @param list - The time series (at least one).
 * @param opts - Header option.
 * @returns The layout.
 * @throws ValueError for an empty list.
 * @example
 * layoutTimeseriesList([a, b], { singleLevelHeader: true }).columns.length //=> 3
 */
export function layoutTimeseriesList(list: readonly Timeseries[], opts: ListTableOptions = {}): FrameLayout {
  if (list.length === 0) throw new ValueError('Cannot make a table of an empty TimeseriesList');
  const rows = unionTimes(list.map((s) => s.times));
  const single = opts.singleLevelHeader === true;
  const values = list.flatMap((s) => timeseriesColumns(s, { singleLevelHeader: single }, rows));
  const zones = new Set(list.map((s) => s.resolution.timezone));
  const date: LayoutColumn = { name: DATE_COLUMN, kind: 'instant', data: rows };
  return assembleLayout([date], values, {
    zone: zones.size === 1 ? (list[0] as Timeseries).resolution.timezone : 'UTC',
    levelNames: single ? SINGLE_LEVEL_NAMES : MULTI_LEVEL_NAMES,
    dates: [],
  });
}

function sameColumn(a: Float64Array, b: Float64Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The sorted union of several columns of instants (the first column itself, copied, when all
 * are equal).
 *
 * @param columns - Columns of epoch ms.
 * @returns The union, ascending, without duplicates.
 * @example
 * Array.from(unionTimes([Float64Array.of(0, 2), Float64Array.of(1, 2)])) //=> [0, 1, 2]
 */
export function unionTimes(columns: readonly Float64Array[]): Float64Array {
  const first = columns[0] ?? new Float64Array(0);
  if (columns.every((c) => sameColumn(c, first))) return first.slice();
  let total = 0;
  for (const c of columns) total += c.length;
  const all = new Float64Array(total);
  let at = 0;
  for (const c of columns) {
    all.set(c, at);
    at += c.length;
  }
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) {
    const t = all[i] as number;
    if (n === 0 || t !== all[n - 1]) all[n++] = t;
  }
  return all.slice(0, n);
}

/** The values of `data` (at instants `times`) placed at their rows of `rows`; NaN elsewhere. */
function align(rows: Float64Array, times: Float64Array, data: Float64Array): Float64Array {
  if (sameColumn(rows, times)) return data.slice();
  const out = new Float64Array(rows.length).fill(NaN);
  for (let i = 0; i < times.length; i++) {
    const t = times[i] as number;
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((rows[mid] as number) < t) lo = mid + 1;
      else hi = mid;
    }
    if (rows[lo] === t) out[lo] = data[i] as number;
  }
  return out;
}
