/**
 * What the file readers produce: the contents of CSV and JSON import files with the line of each
 * record, before curves are resolved. Date-times stay text here (a text without offset means the
 * curve's wall-clock time, and the curve is only known later); numbers are already numbers, `NaN`
 * for a missing value.
 *
 * @module
 */
import type { LinedColumns, RawCurve, SourceLine } from '#wire';

export type { RawCurve };

/** One date of a series. */
export interface RawPoint {
  /** Line of the row or data item. */
  line: number;
  /** The date-time text. */
  date: string;
  /** The value, `NaN` when missing. */
  value: number;
  /** Scenario values, one per scenario name. */
  scenarios: number[];
}

/** Instance identity and times as written. */
export interface RawInstance {
  /** Issue date-time text. */
  issued: string;
  /** Tag (`''` for none). */
  tag: string;
  /** Creation date-time text, if given. */
  created: string | null;
}

/** The values of one curve (or one instance of it) from one file. */
export interface RawSeries {
  /** Where the block starts (first row or the series object). */
  at: SourceLine;
  /** Curve name. */
  curve: string;
  /** The instance, for instance curves. */
  instance: RawInstance | null;
  /** Whether a plain value (`value` column, `v` member) is given. */
  hasValue: boolean;
  /** Names of the scenarios (empty when none). */
  scenarioNames: string[];
  /** Frequency and zone the file says the series has, to be checked against the curve. */
  resolution: { frequency: string; timezone: string } | null;
  /** The dates. */
  points: RawPoint[];
  /**
   * The dates already as instants, in columns (a source file, docs/sources.md), instead of
   * `points`: with the line of each value, the data file and the date column for messages.
   */
  columns?: LinedColumns & { file: string; field: string };
}

/** One period. */
interface RawPeriod {
  line: number;
  begin: string;
  end: string;
  /** The value, `NaN` when missing. */
  value: number;
  /** Installed capacity, `NaN` when missing. */
  capacity: number;
}

/** The periods of one curve (or one instance of it) from one file. */
export interface RawPeriods {
  at: SourceLine;
  curve: string;
  instance: RawInstance | null;
  /** Whether capacities are given. */
  hasCapacity: boolean;
  periods: RawPeriod[];
}

/** One OHLC row: a contract on a trading day. */
export interface RawOhlcRow {
  line: number;
  /** Trading day text (`YYYY-MM-DD`). */
  traded: string;
  /** Contract period tag. */
  period: string;
  /** First delivery day text. */
  delivery: string;
  open: number;
  high: number;
  low: number;
  close: number;
  settlement: number;
  volume: number;
  openInterest: number;
}

/** The OHLC rows of one curve from one file. */
export interface RawOhlc {
  at: SourceLine;
  curve: string;
  rows: RawOhlcRow[];
}

/** Everything one file holds. */
export interface RawDocument {
  /** The file. */
  file: string;
  curves: RawCurve[];
  series: RawSeries[];
  periods: RawPeriods[];
  ohlc: RawOhlc[];
}

/**
 * An empty document for a file.
 *
 * @param file - The file.
 * @returns A document with no records.
 * @example
 * emptyDocument('a.csv').series //=> []
 */
export function emptyDocument(file: string): RawDocument {
  return { file, curves: [], series: [], periods: [], ohlc: [] };
}

/**
 * The OHLC price and volume columns, wire name to row field.
 *
 * @example
 * OHLC_FIELDS.open_interest //=> 'openInterest'
 */
export const OHLC_FIELDS: Readonly<Record<string, Exclude<keyof RawOhlcRow, 'line' | 'traded' | 'period' | 'delivery'>>> = Object.freeze({
  open: 'open',
  high: 'high',
  low: 'low',
  close: 'close',
  settlement: 'settlement',
  volume: 'volume',
  open_interest: 'openInterest',
});
