/**
 * Table layouts of time series and lists of them (docs/model.md#tables): a `date` index of
 * instants and one column per value, mean or scenario, labelled with three header levels
 * (curve, instance or contract, scenario) or one flat name as the reference names it.
 *
 * @module
 */
import { resampleTimeseries, type SeriesResampleOptions } from '../engine';
import { ValidationError, ValueError } from '../exceptions';
import type { Timeseries } from '../model/timeseries';
import { firstAtOrAfter, type Frequency, type FrequencyTag } from '../time';
import { isReceivedColumn } from '../wire/arrow';
import { encodeHeader, MULTI_LEVEL_NAMES, SINGLE_LEVEL_NAMES } from './frame-info';
import { assembleLayout, type FrameLayout, type LayoutColumn, type ValueColumn } from './assemble-layout';
import { shortBases, slug, uniqueIdentifier } from './short-names';

/**
 * How value columns are named: `'full'` (default) by the header levels (or one flat label with
 * `singleLevelHeader`), `'short'` by unique identifiers usable in Arquero expressions
 * (`de_wind_power_production_actual`, `ec_2020_06_01_00_00_e00`) with the full levels kept as
 * table metadata.
 *
 * @example
 * const names: ColumnNames = 'short';
 */
export type ColumnNames = 'full' | 'short';

/**
 * What the `date` column holds: `'instant'` (default) JS Dates of the step starts, shown in the
 * series' zone; `'local'` JS Dates whose local fields are the wall clock of the series' zone, so
 * Arquero's `op.hours`, `op.dayofweek`, `op.month` answer in that zone on any machine (except
 * for wall-clock times the machine's own zone skips at its spring-forward change).
 *
 * @example
 * const dates: DateColumn = 'local';
 */
export type DateColumn = 'instant' | 'local';

/**
 * Resampling asked of a table of series with different frequencies or zones: the target
 * frequency, or the frequency with the options of `Timeseries#resample`.
 *
 * @example
 * const r: TableResample = { frequency: 'P1D', timeZone: 'CET', aggregation: 'SUM' };
 */
export type TableResample = Frequency | FrequencyTag | ({ frequency: Frequency | FrequencyTag } & SeriesResampleOptions);

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
  /** `'full'` (default) or `'short'` expression-safe names. */
  columnNames?: ColumnNames;
  /** `'instant'` (default) or `'local'` wall-clock dates. */
  dates?: DateColumn;
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
  /** `'full'` (default) or `'short'` expression-safe names. */
  columnNames?: ColumnNames;
  /** `'instant'` (default) or `'local'` wall-clock dates. */
  dates?: DateColumn;
  /** Resample every member first (by the engine, as the service would) when frequencies or zones differ. */
  resample?: TableResample;
}

/**
 * Name of the index column of time-series tables.
 *
 * @example
 * toTable(ts).columnNames()[0] === DATE_COLUMN //=> true
 */
const DATE_COLUMN = 'date';

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
function timeseriesColumns(series: Timeseries, opts: TableOptions = {}, rows?: Float64Array, shortBase?: string): ValueColumn[] {
  const given = opts.name !== undefined && opts.name !== null;
  const name = given ? (opts.name as string) : series.name;
  const header = series.columnHeader();
  const short = shortBase !== undefined;
  const single = opts.singleLevelHeader === true && !short;
  const label = (scenario: string | null): string => {
    if (short) return scenario === null ? shortBase : `${shortBase}_${slug(scenario)}`;
    if (!single) return encodeHeader([name, header, scenario ?? '']);
    if (given && scenario === null) return name as string;
    const text = name ?? 'None';
    return (given ? `${text} ${scenario}` : `${text} ${header} ${scenario ?? ''}`).trim();
  };

  const column = (scenario: string | null, data: Float64Array): ValueColumn => {
    const text = label(scenario);
    const aligned = rows === undefined ? owned(data) : align(rows, series.times, data);
    return { label: text, levels: single ? [text] : [name, header, scenario ?? ''], data: aligned };
  };
  const out: ValueColumn[] = [];
  if (series.hasValues()) out.push(column(null, series.values));
  series.scenarios.forEach((data, k) => out.push(column(series.scenarioNames[k]!, data)));
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
  const short = opts.columnNames === 'short';
  const base = short ? (opts.name ? slug(opts.name) : shortBases([series])[0]!) : undefined;
  return assembleLayout([dateColumn(series.times, series, opts)], shortened(timeseriesColumns(series, opts, undefined, base), short), {
    zone: series.resolution.timezone,
    levelNames: opts.singleLevelHeader === true && !short ? SINGLE_LEVEL_NAMES : MULTI_LEVEL_NAMES,
    dates: [],
  });
}

function checkOption<T extends string>(value: T | undefined, allowed: readonly T[], option: string): void {
  if (value !== undefined && !allowed.includes(value)) {
    throw new ValidationError(`${option} must be ${allowed.map((a) => `'${a}'`).join(' or ')}, got ${JSON.stringify(value)}`, option);
  }
}

/**
 * Wall-clock milliseconds (the local fields read as UTC) of instants in a zone.
 *
 * @param times - Epoch ms.
 * @param series - A series in the zone.
 * @returns Local ms, one per instant.
 * @example
 * wallClockMillis(Float64Array.of(Date.UTC(2024, 0, 1, 23)), cetSeries)[0] === Date.UTC(2024, 0, 2) //=> true
 */
function wallClockMillis(times: Float64Array, series: Timeseries): Float64Array {
  const zone = series.resolution.zone;
  const out = new Float64Array(times.length);
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    out[i] = t + zone.offset(t) * 60_000;
  }
  return out;
}

function dateColumn(times: Float64Array, series: Timeseries, opts: { dates?: DateColumn }): LayoutColumn {
  checkOption(opts.dates, ['instant', 'local'], 'dates');
  if (opts.dates === 'local') return { name: DATE_COLUMN, kind: 'local', data: wallClockMillis(times, series) };
  return { name: DATE_COLUMN, kind: 'instant', data: times.slice() };
}

/** Short labels made unique as identifiers (`_2`, `_3`), so assembleLayout keeps them. */
function shortened(columns: ValueColumn[], short: boolean): ValueColumn[] {
  if (!short) return columns;
  const taken = new Set([DATE_COLUMN]);
  return columns.map((c) => ({ ...c, label: uniqueIdentifier(c.label, taken) }));
}

function resampled(list: readonly Timeseries[], resample: TableResample): Timeseries[] {
  const spec = typeof resample === 'string' || !('frequency' in resample) ? { frequency: resample } : resample;
  const { frequency, ...rest } = spec as { frequency: Frequency | FrequencyTag } & SeriesResampleOptions;
  return list.map((s) => resampleTimeseries(s, frequency, rest as SeriesResampleOptions));
}

function checkMembers(list: readonly Timeseries[]): void {
  const first = list[0]!;
  const name = (s: Timeseries): string => s.name ?? 'series';
  for (const s of list) {
    if (!s.resolution.frequency.equals(first.resolution.frequency)) {
      throw new ValidationError(
        `'${name(first)}' (${first.resolution.frequency.tag}) and '${name(s)}' (${s.resolution.frequency.tag}) have different frequencies: ` +
          "pass resample: 'P1D' (or another common frequency) to resample them",
        'resample',
      );
    }
    if (s.resolution.timezone !== first.resolution.timezone) {
      throw new ValidationError(
        `'${name(first)}' (${first.resolution.timezone}) and '${name(s)}' (${s.resolution.timezone}) are in different zones: ` +
          'pass resample: { frequency, timeZone } to bring them into one zone',
        'resample',
      );
    }
  }
}

/**
 * Lays out a list of time series side by side, as pandas' outer concatenation on `date` does:
 * the union of all instants, sorted, with NaN where a member has no value. Members must share
 * one frequency and zone (a ValidationError names the first two that differ) unless `resample`
 * asks to resample them all first.
 *
 * @param list - The time series (at least one).
 * @param opts - Header, names, dates and resample options.
 * @returns The layout.
 * @throws ValueError for an empty list; ValidationError (parameter `resample`) for members of
 *   different frequencies or zones.
 * @example
 * layoutTimeseriesList([a, b], { singleLevelHeader: true }).columns.length //=> 3
 */
export function layoutTimeseriesList(input: readonly Timeseries[], opts: ListTableOptions = {}): FrameLayout {
  if (input.length === 0) throw new ValueError('Cannot make a table of an empty TimeseriesList');
  checkOption(opts.columnNames, ['full', 'short'], 'columnNames');
  const list = opts.resample === undefined || opts.resample === null ? input : resampled(input, opts.resample);
  checkMembers(list);
  const rows = unionTimes(list.map((s) => s.times));
  const short = opts.columnNames === 'short';
  const single = opts.singleLevelHeader === true && !short;
  const bases = short ? shortBases(list) : [];
  const values = list.flatMap((s, k) => timeseriesColumns(s, { singleLevelHeader: single }, rows, short ? bases[k] : undefined));
  const first = list[0]!;
  return assembleLayout([dateColumn(rows, first, opts)], shortened(values, short), {
    zone: first.resolution.timezone,
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
    const t = all[i]!;
    if (n === 0 || t !== all[n - 1]) all[n++] = t;
  }
  return all.slice(0, n);
}

/**
 * A value column for a table: the series' own column when it is memory of a decoded Arrow answer
 * (no copy, docs/arrow.md#client), a copy otherwise (a table never shares a caller's array).
 */
function owned(data: Float64Array): Float64Array {
  return isReceivedColumn(data) ? data : data.slice();
}

/** The values of `data` (at instants `times`) placed at their rows of `rows`; NaN elsewhere. */
function align(rows: Float64Array, times: Float64Array, data: Float64Array): Float64Array {
  if (sameColumn(rows, times)) return owned(data);
  const out = new Float64Array(rows.length).fill(NaN);
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    const lo = firstAtOrAfter(rows, t);
    if (rows[lo] === t) out[lo] = data[i]!;
  }
  return out;
}
