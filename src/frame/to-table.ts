/**
 * Conversion to Arquero tables (`toTable`), built column by column from the typed arrays of the
 * data objects: no per-row objects.
 *
 * @module
 */
import { ColumnTable } from 'arquero';
import type { AbsoluteResult } from '../model/absolute-result';
import { INSPECT, JUPYTER_DISPLAY, type DisplayBundle } from '../model/display';
import { inspectDisplay, type InspectOptionsLike } from '../model/inspect-display';
import type { OHLC } from '../model/ohlc';
import type { OHLCList } from '../model/ohlc-list';
import type { Periodseries } from '../model/periodseries';
import type { PeriodseriesList } from '../model/periodseries-list';
import type { SRMC } from '../model/srmc';
import type { Timeseries } from '../model/timeseries';
import type { TimeseriesList } from '../model/timeseries-list';
import type { FrameLayout, LayoutColumn } from './assemble-layout';
import { FRAME_INFO, frameInfo } from './frame-info';
import {
  frameLayout,
  type AnyTableOptions,
  type PeriodListTableOptions,
  type PeriodTableOptions,
  type SrmcTableOptions,
  type Tabular,
} from './frame-layout';
import type { AbsoluteTableOptions } from './market-layout';
import type { ListTableOptions, TableOptions } from './timeseries-layout';
import { toHtml } from './to-html';
import { toText } from './to-text';

/**
 * The Arquero table `toTable()` returns: a `ColumnTable` (every Arquero verb works and keeps
 * this class and the frame information) that renders itself in notebooks with stacked header
 * rows and wall-clock times in the series' zone.
 *
 * @example
 * const t = toTable(ts);
 * t instanceof ColumnTable //=> true
 * t.filter((d) => d.date > 0) instanceof FrameTable //=> true
 */
export class FrameTable extends ColumnTable {
  /**
   * The notebook display bundle: the HTML of {@link toHtml} and the text of {@link toText}.
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * toTable(ts)[Symbol.for('Jupyter.display')]()['text/html'].startsWith('<div') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return { 'text/plain': toText(this), 'text/html': toHtml(this) };
  }

  /**
   * One line: rows, columns and the zone times are shown in.
   *
   * @returns The text.
   * @example
   * String(toTable(ts)) //=> '<Table: 24 rows × 2 columns · times in CET>'
   */
  override toString(): string {
    const zone = frameInfo(this)?.zone;
    return `<Table: ${this.numRows()} rows × ${this.numCols()} columns${zone ? ` · times in ${zone}` : ''}>`;
  }

  /**
   * Node's inspect hook (docs/notebooks.md#display): as a cell's last value in tslab the HTML
   * table, else the head/tail text table of {@link toText}; never the table's internals.
   *
   * @param depth - The depth left.
   * @param options - Node's inspect options.
   * @returns The text.
   * @example
   * util.inspect(toTable(ts)).endsWith('times in CET]') //=> true
   */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options, () => toText(this));
  }
}

/** Epoch milliseconds to JS Dates (NaN gives null); `push` into a packed array is twice as fast as a preallocated one. */
function toDates(data: ArrayLike<number>): (Date | null)[] {
  const out: (Date | null)[] = [];
  for (let i = 0; i < data.length; i++) {
    const ms = data[i]!;
    out.push(Number.isNaN(ms) ? null : new Date(ms));
  }
  return out;
}

/**
 * A column of instants held as epoch milliseconds and read as JS Dates (docs/model.md#tables):
 * Arquero reads columns through `at` and iteration, so a table hands out a Date for every
 * instant read while holding no object per row (a ten-year 15-minute table would otherwise make
 * 350,000 Dates up front). Each read makes a new Date (NaN gives null).
 */
class InstantColumn {
  constructor(private readonly millis: Float64Array) {}

  /** Rows. */
  get length(): number {
    return this.millis.length;
  }

  /** The instant of a row as a Date (null where missing, undefined outside the column). */
  at(row: number): Date | null | undefined {
    const ms = this.millis[row];
    if (ms === undefined) return undefined;
    return ms === ms ? new Date(ms) : null;
  }

  *[Symbol.iterator](): Iterator<Date | null> {
    for (let i = 0; i < this.millis.length; i++) yield this.at(i) as Date | null;
  }

  /** Every instant as a Date (Arquero's Arrow export reads whole columns this way). */
  toArray(): (Date | null)[] {
    return toDates(this.millis);
  }
}

/** The shape of a table column as Arquero reads it. */
type TableColumn = { length: number; at(row: number): unknown; [Symbol.iterator](): Iterator<unknown> };

/**
 * Wall-clock milliseconds (local fields read as UTC) to JS Dates with those fields in the
 * machine's zone, so `getHours()`, `getDay()` (and Arquero's `op.hours`, `op.dayofweek`) give
 * the wall clock. NaN gives null.
 */
function toLocalDates(data: ArrayLike<number>): (Date | null)[] {
  const out: (Date | null)[] = [];
  for (let i = 0; i < data.length; i++) {
    const ms = data[i]!;
    if (Number.isNaN(ms)) {
      out.push(null);
      continue;
    }
    const u = new Date(ms);
    const d = new Date(
      u.getUTCFullYear(),
      u.getUTCMonth(),
      u.getUTCDate(),
      u.getUTCHours(),
      u.getUTCMinutes(),
      u.getUTCSeconds(),
      u.getUTCMilliseconds(),
    );
    if (u.getUTCFullYear() < 100) d.setFullYear(u.getUTCFullYear());
    out.push(d);
  }
  return out;
}

/**
 * The column data of a layout column as a table holds it: instants and calendar dates as epoch
 * milliseconds read as JS Dates ({@link InstantColumn}), the typed array for numbers, arrays
 * otherwise. Wall-clock columns give Dates whose
 * machine-local fields are the wall clock (or, with `localAsUtc`, whose UTC fields are).
 *
 * @param column - The layout column.
 * @param localAsUtc - Wall-clock columns as Dates with the wall clock in their UTC fields (Arrow's naive timestamps).
 * @returns The column values.
 * @example
 * columnValues({ name: 'date', kind: 'instant', data: Float64Array.of(0) }).at(0).toISOString() //=> '1970-01-01T00:00:00.000Z'
 */
export function columnValues(column: LayoutColumn, localAsUtc = false): TableColumn {
  if (column.kind === 'local' && !localAsUtc) return toLocalDates(column.data as Float64Array);
  if (column.kind === 'instant' || column.kind === 'date' || column.kind === 'local') return new InstantColumn(column.data as Float64Array);
  return column.data as unknown as TableColumn;
}

/**
 * Builds an Arquero table from a layout, carrying the frame information in its parameters.
 *
 * @param layout - The layout.
 * @param localAsUtc - See {@link columnValues}.
 * @returns The table.
 * @example
 * tableFromLayout(layoutTimeseries(ts)).numRows() === ts.length //=> true
 */
export function tableFromLayout(layout: FrameLayout, localAsUtc = false): FrameTable {
  const data: Record<string, TableColumn> = {};
  for (const column of layout.columns) {
    data[column.name] = columnValues(column, localAsUtc);
  }
  const params = { [FRAME_INFO]: layout.info } as unknown as Record<string, unknown>;
  return new FrameTable(
    data,
    layout.columns.map((c) => c.name),
    undefined,
    undefined,
    undefined,
    params,
  );
}

/**
 * Converts a data object to an Arquero table (docs/model.md#tables). Time series give a `date` column
 * of instants (JS Dates) and one column per value, mean or scenario, named by three header
 * levels (curve, instance or contract, scenario) joined with `' | '`, or with
 * `singleLevelHeader: true` one flat name per column exactly as the reference labels it. The
 * levels stay recoverable with `headerLevels(table)`. Period-based series need a `frequency`;
 * OHLC lists give one row per record; absolute results one row per instance; SRMC results
 * convert their payload.
 *
 * @param x - A Timeseries, TimeseriesList, Periodseries, PeriodseriesList, OHLCList,
 *   AbsoluteResult or SRMC (or a plain array of series or OHLC records).
 * @param opts - `name` and `singleLevelHeader`; `frequency` and `field` for period-based
 *   series; `name` and `singleLevelIndex` for absolute results.
 * @returns The table.
 * @throws ValueError for an empty time-series list, a period-based series without
 *   `frequency`, or an unsupported value.
 * @example
 * toTable(ensemble).columnNames()
 * //=> ['date', 'DE Wind Power Production MWh/h 15min Forecast | 2020-06-01 00:00 ec',
 * //    'DE Wind Power Production MWh/h 15min Forecast | 2020-06-01 00:00 ec | e00', ...]
 * toTable(ensemble, { name: 'wind', singleLevelHeader: true }).columnNames() //=> ['date', 'wind', 'wind e00', 'wind e01']
 */
export function toTable(x: Timeseries, opts?: TableOptions): FrameTable;
export function toTable(x: TimeseriesList | readonly Timeseries[], opts?: ListTableOptions): FrameTable;
export function toTable(x: Periodseries, opts: PeriodTableOptions): FrameTable;
export function toTable(x: PeriodseriesList | readonly Periodseries[], opts: PeriodListTableOptions): FrameTable;
export function toTable(x: OHLCList | readonly OHLC[]): FrameTable;
export function toTable(x: AbsoluteResult, opts?: AbsoluteTableOptions): FrameTable;
export function toTable(x: SRMC, opts?: SrmcTableOptions): FrameTable;
export function toTable(x: Tabular, opts?: AnyTableOptions): FrameTable;
export function toTable(x: Tabular, opts: AnyTableOptions = {}): FrameTable {
  return tableFromLayout(frameLayout(x, opts));
}
