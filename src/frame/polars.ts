/**
 * Conversion to nodejs-polars data frames (`toPolars`). nodejs-polars is an optional peer
 * dependency, loaded here only (at call time, with `require`); without it the conversion throws
 * `ImportError` naming the package. The columns and names are those of `toTable()` (same
 * layouts, `columnNames`, `dates` and `resample` options); instants become a zone-aware
 * `Datetime(ms, zone)` column in the series' zone (UTC for `Europe/Gas_Day`, which is no IANA
 * zone), wall-clock dates a zone-less `Datetime(ms)`, calendar dates `Date`, and missing values
 * are polars nulls (not NaN). The header levels live in a side map: `headerLevels(df)`.
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
import type { LayoutColumn } from './assemble-layout';
import { rememberFrameInfo } from './frame-info';
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
import { arrowZone } from './to-arrow';
import { optionalPeer, requirePeer } from './optional-peer';

/**
 * A nodejs-polars `DataFrame`, typed by the members used most; every other member is there too.
 *
 * @example
 * const df: PolarsDataFrame = toPolars(ts);
 * df.columns //=> ['date', 'DE Consumption MWh/h H Actual']
 */
export interface PolarsDataFrame {
  /** Column names. */
  readonly columns: string[];
  /** `{ height, width }`. */
  readonly shape: { height: number; width: number };
  /** Every other polars member (`getColumn`, `select`, `describe`, ...). */
  // biome-ignore lint/suspicious/noExplicitAny: nodejs-polars is optional and loaded at run time; its members are untyped here on purpose
  [member: string]: any;
}

/** A polars series or data type, as this module passes them around. */
// biome-ignore lint/suspicious/noExplicitAny: see PolarsDataFrame; the optional library's values are untyped here
type PolarsValue = any;

/**
 * The part of the nodejs-polars module used here.
 *
 * @example
 * const pl: PolarsModule = require('nodejs-polars');
 */
export interface PolarsModule {
  /** Builds a frame from series. */
  DataFrame: (series: PolarsValue[]) => PolarsDataFrame;
  /** Builds a series from values (optionally with a data type). */
  Series: (name: string, values: unknown[], dtype?: PolarsValue) => PolarsValue;
  /** The datetime type, with an optional zone. */
  Datetime: (unit: 'ms', zone?: string) => PolarsValue;
  /** The other data types used. */
  Float64: PolarsValue;
  Int32: PolarsValue;
  Utf8: PolarsValue;
  Date: PolarsValue;
}

const HINT =
  'install nodejs-polars (npm install nodejs-polars; on Node 20 also its platform package, e.g. nodejs-polars-linux-x64-gnu) to use toPolars()';

const peer = optionalPeer<PolarsModule>(
  'nodejs-polars',
  HINT,
  // Loaded at call time: the package is optional and large.
  () => requirePeer('nodejs-polars'),
  (m) => typeof m.DataFrame === 'function' && typeof m.Series === 'function',
  'DataFrame',
);

/**
 * Replaces how nodejs-polars is loaded (another build, or a simulated missing package in
 * tests); `null` restores `require('nodejs-polars')`. Clears the cached module.
 *
 * @param load - Returns the module or throws; null for the default.
 * @returns Nothing.
 * @example
 * setPolarsLoader(() => { throw Object.assign(new Error('nope'), { code: 'MODULE_NOT_FOUND' }); });
 */
export function setPolarsLoader(load: (() => unknown) | null): void {
  peer.setLoader(load);
}

/**
 * Loads nodejs-polars (once).
 *
 * @returns The module.
 * @throws ImportError naming the package when it is missing or its native part fails to load.
 * @example
 * typeof loadPolars().DataFrame //=> 'function'
 */
function loadPolars(): PolarsModule {
  return peer.load();
}

function numbers(data: ArrayLike<number | null>): (number | null)[] {
  const out: (number | null)[] = [];
  for (let i = 0; i < data.length; i++) {
    const v = data[i] as number | null;
    out.push(v === null || Number.isNaN(v) ? null : v);
  }
  return out;
}

function dates(data: ArrayLike<number>): (Date | null)[] {
  const out: (Date | null)[] = [];
  for (let i = 0; i < data.length; i++) {
    const v = data[i]!;
    out.push(Number.isNaN(v) ? null : new Date(v));
  }
  return out;
}

function polarsSeries(pl: PolarsModule, column: LayoutColumn, zone: string): PolarsValue {
  const { name, kind, data } = column;
  switch (kind) {
    case 'instant':
      return pl.Series(name, dates(data as Float64Array)).cast(pl.Datetime('ms', arrowZone(zone)));
    case 'local':
      return pl.Series(name, dates(data as Float64Array)).cast(pl.Datetime('ms'));
    case 'date':
      return pl.Series(name, dates(data as Float64Array)).cast(pl.Date);
    case 'integer':
      return pl.Series(name, numbers(data as (number | null)[]), pl.Int32);
    case 'text':
      return pl.Series(name, [...(data as string[])], pl.Utf8);
    default:
      return pl.Series(name, numbers(data as Float64Array), pl.Float64);
  }
}

/**
 * Converts a data object to a nodejs-polars DataFrame with the layout and names of
 * {@link toTable} (see the module notes for the column types).
 *
 * @param x - A Timeseries, TimeseriesList, Periodseries, PeriodseriesList, OHLCList,
 *   AbsoluteResult or SRMC.
 * @param opts - As for `toTable`.
 * @returns The DataFrame.
 * @throws ImportError when nodejs-polars is not installed; the errors of `toTable`.
 * @example
 * toPolars(ts, { columnNames: 'short' }).columns //=> ['date', 'de_consumption_actual']
 */
export function toPolars(x: Timeseries, opts?: TableOptions): PolarsDataFrame;
export function toPolars(x: TimeseriesList | readonly Timeseries[], opts?: ListTableOptions): PolarsDataFrame;
export function toPolars(x: Periodseries, opts: PeriodTableOptions): PolarsDataFrame;
export function toPolars(x: PeriodseriesList | readonly Periodseries[], opts: PeriodListTableOptions): PolarsDataFrame;
export function toPolars(x: OHLCList | readonly OHLC[]): PolarsDataFrame;
export function toPolars(x: AbsoluteResult, opts?: AbsoluteTableOptions): PolarsDataFrame;
export function toPolars(x: SRMC, opts?: SrmcTableOptions): PolarsDataFrame;
export function toPolars(x: Tabular, opts?: AnyTableOptions): PolarsDataFrame;
export function toPolars(x: Tabular, opts: AnyTableOptions = {}): PolarsDataFrame {
  const pl = loadPolars();
  const layout = frameLayout(x, opts);
  const df = pl.DataFrame(layout.columns.map((c) => polarsSeries(pl, c, layout.info.zone)));
  return rememberFrameInfo(df, layout.info);
}
