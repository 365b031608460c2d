/**
 * The layout of any object that converts to a table: time series and lists of them, period
 * series (through `toTimeseries(frequency, field)`), OHLC lists, absolute results and SRMC
 * results (through their payload).
 *
 * @module
 */
import { periodseriesToTimeseries, type PeriodField } from '../engine';
import { ValueError } from '../exceptions';
import { AbsoluteResult } from '../model/absolute-result';
import { OHLC } from '../model/ohlc';
import { OHLCList } from '../model/ohlc-list';
import { Periodseries } from '../model/periodseries';
import { PeriodseriesList } from '../model/periodseries-list';
import { SRMC } from '../model/srmc';
import { Timeseries } from '../model/timeseries';
import { TimeseriesList } from '../model/timeseries-list';
import type { Frequency } from '../time';
import type { FrameLayout } from './assemble-layout';
import { layoutAbsoluteResult, layoutOhlcList, type AbsoluteTableOptions } from './market-layout';
import { layoutTimeseries, layoutTimeseriesList, type ListTableOptions, type TableOptions } from './timeseries-layout';

/**
 * Options for a period-based series: the series is first converted to a time series of
 * `frequency` (required) from its `field`.
 *
 * @example
 * const opts: PeriodTableOptions = { frequency: Frequency.P1D, field: 'installed' };
 */
export interface PeriodTableOptions extends TableOptions {
  /** The step frequency (a Frequency or its tag; not NONE); required. */
  frequency: Frequency | string;
  /** `'value'` (default) or `'installed'` (capacity periods only). */
  field?: PeriodField;
}

/**
 * Options for a list of period-based series (`frequency` required).
 *
 * @example
 * const opts: PeriodListTableOptions = { frequency: 'PT1H', singleLevelHeader: true };
 */
export interface PeriodListTableOptions extends ListTableOptions {
  /** The step frequency (a Frequency or its tag; not NONE); required. */
  frequency: Frequency | string;
  /** `'value'` (default) or `'installed'`. */
  field?: PeriodField;
}

/**
 * Options for an SRMC result: those of its payload (`frequency` is required for a
 * period-based payload and unused otherwise).
 *
 * @example
 * const opts: SrmcTableOptions = { frequency: Frequency.P1M };
 */
export interface SrmcTableOptions extends TableOptions {
  /** The step frequency, for a period-based payload. */
  frequency?: Frequency | string;
  /** `'value'` (default) or `'installed'`, for a period-based payload. */
  field?: PeriodField;
}

/**
 * Every object `toTable()` and `toDataFrame()` accept. Plain arrays of time series, period
 * series or OHLC records (what `list.filter(...)` returns) work like their list classes.
 *
 * @example
 * const x: Tabular = ts;
 */
export type Tabular =
  | Timeseries
  | TimeseriesList
  | readonly Timeseries[]
  | Periodseries
  | PeriodseriesList
  | readonly Periodseries[]
  | OHLCList
  | readonly OHLC[]
  | AbsoluteResult
  | SRMC;

/**
 * The union of all option objects (each conversion reads the ones it knows).
 *
 * @example
 * const opts: AnyTableOptions = { singleLevelHeader: true };
 */
export type AnyTableOptions = TableOptions & ListTableOptions & AbsoluteTableOptions & SrmcTableOptions;

function requireFrequency(opts: AnyTableOptions, what: string): Frequency | string {
  const frequency = opts.frequency;
  if (frequency === undefined || frequency === null || frequency === '') {
    throw new ValueError(`A table of ${what} needs a frequency (for example { frequency: Frequency.P1D })`);
  }
  return frequency;
}

function layoutArray(x: readonly unknown[], opts: AnyTableOptions): FrameLayout {
  if (x.length > 0 && x.every((item) => Timeseries.isTimeseries(item))) {
    return layoutTimeseriesList(x as Timeseries[], opts);
  }
  if (x.length > 0 && x.every((item) => Periodseries.isPeriodseries(item))) {
    const frequency = requireFrequency(opts, 'period-based series');
    const members = (x as Periodseries[]).map((ps) => periodseriesToTimeseries(ps, frequency, opts.field));
    return layoutTimeseriesList(members, opts);
  }
  if (x.every((item) => OHLC.isOHLC(item))) return layoutOhlcList(x as OHLC[]);
  throw new ValueError('Cannot make a table of this array: expected time series, period-based series or OHLC records');
}

/**
 * Lays out any supported object as a table (see {@link Tabular}); the functions `toTable`,
 * `toDataFrame`, `toArrowIPC` build on it.
 *
 * @param x - The object.
 * @param opts - The options of its kind.
 * @returns The layout.
 * @throws ValueError for an empty time-series list, a period-based series without
 *   `frequency`, or an unsupported value.
 * @example
 * frameLayout(ps, { frequency: 'P1D' }).columns[0].name //=> 'date'
 */
export function frameLayout(x: Tabular, opts: AnyTableOptions = {}): FrameLayout {
  if (Timeseries.isTimeseries(x)) return layoutTimeseries(x, opts);
  if (TimeseriesList.isTimeseriesList(x)) return layoutTimeseriesList(x, opts);
  if (Periodseries.isPeriodseries(x)) {
    const ts = periodseriesToTimeseries(x, requireFrequency(opts, 'a Periodseries'), opts.field);
    return layoutTimeseries(ts, opts);
  }
  if (PeriodseriesList.isPeriodseriesList(x)) {
    const frequency = requireFrequency(opts, 'a PeriodseriesList');
    if (x.length === 0) throw new ValueError('Cannot make a table of an empty PeriodseriesList');
    return layoutTimeseriesList(
      x.map((ps) => periodseriesToTimeseries(ps, frequency, opts.field)),
      opts,
    );
  }
  if (OHLCList.isOHLCList(x)) return layoutOhlcList(x);
  if (AbsoluteResult.isAbsoluteResult(x)) return layoutAbsoluteResult(x, opts);
  if (SRMC.isSRMC(x)) {
    if (x.ohlc) return layoutOhlcList(x.ohlc);
    if (x.timeseries) return layoutTimeseries(x.timeseries, opts);
    const ps = x.periodseries as Periodseries;
    return layoutTimeseries(periodseriesToTimeseries(ps, requireFrequency(opts, 'an SRMC period-based result'), opts.field), opts);
  }
  if (Array.isArray(x)) return layoutArray(x, opts);
  throw new ValueError(`Cannot make a table of ${Object.prototype.toString.call(x)}`);
}
