/**
 * Conversion to Danfo.js data frames (`toDataFrame`). Danfo is an optional peer
 * dependency, loaded here only (at call time, with `require`); without it the conversion throws
 * `ImportError`. Danfo has no hierarchical columns: the column names are the flat names of
 * `toTable()` and the header levels live in a side map, read with `headerLevels(df)`.
 *
 * @module
 */
import type { AbsoluteResult } from '../model/absolute-result';
import type { OHLC } from '../model/ohlc';
import type { OHLCList } from '../model/ohlc-list';
import type { Periodseries } from '../model/periodseries';
import type { PeriodseriesList } from '../model/periodseries-list';
import type { SRMC } from '../model/srmc';
import type { Timeseries } from '../model/timeseries';
import type { TimeseriesList } from '../model/timeseries-list';
import { INSPECT, JUPYTER_DISPLAY, type DisplayBundle } from '../model/display';
import { inspectDisplay, type InspectOptionsLike } from '../model/inspect-display';
import { frameInfo, rememberFrameInfo } from './frame-info';
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
import { columnsTable, type HtmlTable } from './table-grid';
import { toHtml } from './to-html';
import { columnValues } from './to-table';
import { toText } from './to-text';
import { optionalPeer, requirePeer } from './optional-peer';

/**
 * A Danfo.js `DataFrame`, typed by the members used most (the package's own types are not
 * reachable from every TypeScript setup, e.g. tslab); every other Danfo member is there too.
 *
 * @example
 * const df: DanfoDataFrame = toDataFrame(ts);
 * df.columns //=> ['date', 'DE Consumption MWh/h H Actual']
 */
export interface DanfoDataFrame {
  /** Column names. */
  readonly columns: string[];
  /** `[rows, columns]`. */
  readonly shape: number[];
  /** One Danfo column. */
  column(name: string): { values: unknown[] };
  /** Every other Danfo member (`head`, `describe`, `print`, ...). */
  // biome-ignore lint/suspicious/noExplicitAny: danfojs is optional and loaded at run time; its members are untyped here on purpose
  [member: string]: any;
}

/**
 * The part of the Danfo module used here: the `DataFrame` constructor.
 *
 * @example
 * const danfo: DanfoModule = require('danfojs');
 */
export interface DanfoModule {
  /** Builds a frame from an object of column arrays (in key order). */
  DataFrame: new (
    data: Record<string, unknown[]>,
    options?: Record<string, unknown>,
  ) => DanfoDataFrame;
}

/** What to do when Danfo cannot be loaded. */
const HINT =
  "install danfojs (npm install danfojs; the registry's danfojs-node cannot install here) to use toDataFrame(); toTable() gives an Arquero table without it";

const peer = optionalPeer<DanfoModule>(
  'danfojs',
  HINT,
  // Loaded at call time: the package is optional and large.
  () => requirePeer('danfojs'),
  (m) => typeof m.DataFrame === 'function',
  'DataFrame',
);

/**
 * Replaces how Danfo is loaded (for example to use another build, or to simulate a missing
 * package in tests); `null` restores `require('danfojs')`. Clears the cached module.
 *
 * @param load - Returns the Danfo module, or throws when it is missing; null for the default.
 * @returns Nothing.
 * @example
 * setDanfoLoader(() => require('danfojs'));
 * setDanfoLoader(null);
 */
export function setDanfoLoader(load: (() => unknown) | null): void {
  peer.setLoader(load);
}

/**
 * Loads Danfo (once).
 *
 * @returns The Danfo module.
 * @throws ImportError when it is not installed or fails to load.
 * @example
 * typeof loadDanfo().DataFrame //=> 'function'
 */
export function loadDanfo(): DanfoModule {
  return peer.load();
}

/**
 * Converts a data object to a Danfo.js DataFrame: the same columns and names as
 * {@link toTable} (`date` first, as a column), numbers as JS numbers (NaN where missing), dates
 * as JS Dates. The header levels are kept in a side map: `headerLevels(df)`, `frameInfo(df)`.
 *
 * @param x - A Timeseries, TimeseriesList, Periodseries, PeriodseriesList, OHLCList,
 *   AbsoluteResult or SRMC.
 * @param opts - As for {@link toTable}.
 * @returns The DataFrame.
 * @throws ImportError when danfojs is not installed; ValueError as {@link toTable}.
 * @example
 * toDataFrame(ts, { singleLevelHeader: true }).columns //=> ['date', 'DE Consumption MWh/h H Actual']
 */
export function toDataFrame(x: Timeseries, opts?: TableOptions): DanfoDataFrame;
export function toDataFrame(x: TimeseriesList | readonly Timeseries[], opts?: ListTableOptions): DanfoDataFrame;
export function toDataFrame(x: Periodseries, opts: PeriodTableOptions): DanfoDataFrame;
export function toDataFrame(x: PeriodseriesList | readonly Periodseries[], opts: PeriodListTableOptions): DanfoDataFrame;
export function toDataFrame(x: OHLCList | readonly OHLC[]): DanfoDataFrame;
export function toDataFrame(x: AbsoluteResult, opts?: AbsoluteTableOptions): DanfoDataFrame;
export function toDataFrame(x: SRMC, opts?: SrmcTableOptions): DanfoDataFrame;
export function toDataFrame(x: Tabular, opts?: AnyTableOptions): DanfoDataFrame;
export function toDataFrame(x: Tabular, opts: AnyTableOptions = {}): DanfoDataFrame {
  const danfo = loadDanfo();
  const layout = frameLayout(x, opts);
  const data: Record<string, unknown[]> = {};
  for (const column of layout.columns) data[column.name] = Array.from(columnValues(column));
  const df = new danfo.DataFrame(data);
  return showable(rememberFrameInfo(df, layout.info));
}

/**
 * The frame as the table renderings read it, built at each display from its current columns
 * (a frame changed in place shows its changes), with the frame's information.
 */
function danfoTable(df: DanfoDataFrame): HtmlTable {
  const columns = new Map(df.columns.map((name) => [name, df.column(name).values] as const));
  const table = columnsTable(columns, Number(df.shape[0] ?? 0));
  const info = frameInfo(df);
  return info === null ? table : rememberFrameInfo(table, info);
}

/**
 * Gives a frame made here the toolkit's notebook and console display (docs/notebooks.md#display),
 * as own non-enumerable symbol properties of this frame only (Danfo's class is left as it is):
 * the head/tail HTML table with dates in the series' zone, and the same as text for `console.log`.
 */
function showable(df: DanfoDataFrame): DanfoDataFrame {
  const shape = (): string => `<DataFrame: ${df.shape[0]} rows × ${df.shape[1]} columns>`;
  const display = (): DisplayBundle => {
    const table = danfoTable(df);
    return { 'text/plain': toText(table), 'text/html': toHtml(table) };
  };
  const displayable = { [JUPYTER_DISPLAY]: display, toString: shape };
  Object.defineProperty(df, JUPYTER_DISPLAY, { value: display, enumerable: false, configurable: true });
  Object.defineProperty(df, INSPECT, {
    value: (depth?: number, options?: InspectOptionsLike) => inspectDisplay(displayable, depth, options, () => toText(danfoTable(df))),
    enumerable: false,
    configurable: true,
  });
  return df;
}
