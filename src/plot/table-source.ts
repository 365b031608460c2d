/**
 * Reading chart series from tables: any Arquero-like table (`numRows`, `columnNames`, `array`)
 * with one time column and numeric value columns, such as the tables `toTable()` returns.
 *
 * @module
 */
import { DateTime } from 'luxon';
import { ValueError } from '../exceptions';
import { DEFAULT_ZONE, toZone, zoneName, type ZoneInput } from '../time';
import type { PlotSeries } from './series-source';

/**
 * The parts of an Arquero table that charts and `display` use; any object with these methods
 * works.
 *
 * @example
 * const t: TableLike = aq.table({ date: [new Date(0)], wind: [5] });
 * t.numRows() //=> 1
 */
export interface TableLike {
  /** Number of rows. */
  numRows(): number;
  /** Column names, in order. */
  columnNames(): string[];
  /** The values of one column. */
  array(name: string): ArrayLike<unknown>;
}

/** How charts read a table. */
export interface TableSourceOptions {
  /** The time column; default a column named date/time/datetime/timestamp, else the first column holding dates. */
  time?: string;
  /** The value columns; default every other numeric column (index columns of a `toTable()` table left out). */
  columns?: readonly string[];
  /** The zone whose wall-clock time the chart shows; default the zone a `toTable()` table carries, else CET. Date strings without an offset are read in it. */
  zone?: ZoneInput;
  /** Unit of the values, for the axis title. */
  unit?: string | null;
}

const TIME_NAMES = ['date', 'time', 'datetime', 'timestamp', 'begin'];

/** Key under which tables from `toTable()` carry their layout in `params()` (the frame layer's key). */
const FRAME_INFO = Symbol.for('service.frame.info');

/** What a table made by `toTable()` says about itself (read without importing the frame layer). */
export interface TableHints {
  /** Zone name of its instants (`'CET'`), if known. */
  readonly zone?: string;
  /** Index columns (`['date']`), if known. */
  readonly index?: readonly string[];
  /** Columns of instants, if known. */
  readonly instants?: readonly string[];
}

/**
 * The layout a table from `toTable()` carries in its Arquero parameters: zone, index columns
 * and instant columns; empty for tables made elsewhere.
 *
 * @param table - Any table.
 * @returns The hints (fields absent when unknown).
 * @example
 * tableHints(ts.toTable()).zone //=> 'CET'
 * @example
 * tableHints(aq.table({ a: [1] })) //=> {}
 */
export function tableHints(table: object): TableHints {
  const params = (table as { params?: () => unknown }).params;
  if (typeof params !== 'function') return {};
  const values = params.call(table) as Record<symbol, unknown> | undefined;
  const info = values?.[FRAME_INFO] as Partial<Record<keyof TableHints, unknown>> | undefined;
  if (!info || typeof info !== 'object') return {};
  const hints: { zone?: string; index?: readonly string[]; instants?: readonly string[] } = {};
  if (typeof info.zone === 'string') hints.zone = info.zone;
  if (Array.isArray(info.index)) hints.index = info.index.map(String);
  if (Array.isArray(info.instants)) hints.instants = info.instants.map(String);
  return hints;
}

/**
 * Tells whether a value looks like an Arquero table.
 *
 * @param value - Anything.
 * @returns True when it has `numRows`, `columnNames` and `array` methods.
 * @example
 * isTableLike(aq.table({ a: [1] })) //=> true
 */
export function isTableLike(value: unknown): value is TableLike {
  if (typeof value !== 'object' || value === null) return false;
  const t = value as Record<string, unknown>;
  return typeof t.numRows === 'function' && typeof t.columnNames === 'function' && typeof t.array === 'function';
}

function firstDefined(column: ArrayLike<unknown>): unknown {
  for (let i = 0; i < column.length; i++) {
    const v = column[i];
    if (v !== null && v !== undefined) return v;
  }
  return undefined;
}

function isDateLike(value: unknown): boolean {
  return value instanceof Date || DateTime.isDateTime(value);
}

function timeColumnOf(table: TableLike, names: readonly string[], wanted: string | undefined, hints: TableHints): string {
  if (wanted !== undefined) {
    if (!names.includes(wanted)) throw new ValueError(`Table has no column "${wanted}" (columns: ${names.join(', ')})`);
    return wanted;
  }
  const indexed = hints.index?.find((n) => names.includes(n) && (hints.instants ?? []).includes(n));
  if (indexed !== undefined) return indexed;
  const named = names.find((n) => TIME_NAMES.includes(n.toLowerCase()));
  if (named !== undefined) return named;
  const dated = names.find((n) => isDateLike(firstDefined(table.array(n))));
  if (dated === undefined) throw new ValueError(`Table has no time column (columns: ${names.join(', ')}); pass the "time" option`);
  return dated;
}

function instantsOf(column: ArrayLike<unknown>, zone: ReturnType<typeof toZone>, name: string): Float64Array {
  const out = new Float64Array(column.length);
  for (let i = 0; i < column.length; i++) {
    const v = column[i];
    let ms: number;
    if (v === null || v === undefined) ms = NaN;
    else if (v instanceof Date) ms = v.getTime();
    else if (typeof v === 'number') ms = v;
    else if (DateTime.isDateTime(v)) ms = v.toMillis();
    else if (typeof v === 'string') ms = DateTime.fromISO(v, { zone }).toMillis();
    else ms = NaN;
    if (Number.isNaN(ms) && v !== null && v !== undefined) {
      throw new ValueError(`Table column "${name}": row ${i} is not a date-time (${String(v)})`);
    }
    out[i] = ms;
  }
  return out;
}

function numbersOf(column: ArrayLike<unknown>, name: string): Float64Array {
  const out = new Float64Array(column.length);
  for (let i = 0; i < column.length; i++) {
    const v = column[i];
    if (v === null || v === undefined) out[i] = NaN;
    else if (typeof v === 'number') out[i] = v;
    else if (typeof v === 'bigint') out[i] = Number(v);
    else throw new ValueError(`Table column "${name}": row ${i} is not a number (${String(v)})`);
  }
  return out;
}

/**
 * Reads a table's value columns as chart series sharing its time column.
 *
 * @param table - An Arquero-like table.
 * @param options - Time column, value columns, zone and unit.
 * @returns One series per value column, labelled with the column name.
 * @throws ValueError when a named column is missing, there is no time column or no numeric column,
 *   or a cell is not a date-time or number.
 * @example
 * seriesFromTable(aq.table({ date: [new Date(0)], wind: [5] }), { zone: 'UTC' })[0].label //=> 'wind'
 */
export function seriesFromTable(table: TableLike, options: TableSourceOptions = {}): PlotSeries[] {
  const names = table.columnNames();
  const hints = tableHints(table);
  const zone = toZone(options.zone ?? hints.zone, DEFAULT_ZONE);
  const timeName = timeColumnOf(table, names, options.time, hints);
  const index = hints.index ?? [];
  const times = instantsOf(table.array(timeName), zone, timeName);
  let columns: readonly string[];
  if (options.columns !== undefined) {
    const missing = options.columns.filter((c) => !names.includes(c));
    if (missing.length > 0) throw new ValueError(`Table has no column ${missing.map((c) => `"${c}"`).join(', ')}`);
    columns = options.columns;
  } else {
    columns = names.filter((n) => n !== timeName && !index.includes(n) && typeof firstDefined(table.array(n)) === 'number');
  }
  if (columns.length === 0) throw new ValueError('Table has no numeric column to plot');
  const order = sortOrder(times);
  return columns.map((label) => {
    const values = numbersOf(table.array(label), label);
    return {
      label,
      name: label,
      times: order ? Float64Array.from(order, (i) => times[i]!) : times,
      values: order ? Float64Array.from(order, (i) => values[i]!) : values,
      zone,
      zoneName: zoneName(zone),
      unit: options.unit ?? null,
      issued: null,
      frequency: null,
    };
  });
}

/** The permutation that sorts `times` ascending, or null when they already are. */
function sortOrder(times: Float64Array): Uint32Array | null {
  let sorted = true;
  for (let i = 1; i < times.length && sorted; i++) sorted = !(times[i]! < times[i - 1]!);
  if (sorted) return null;
  return Uint32Array.from({ length: times.length }, (_, i) => i).sort((a, b) => times[a]! - times[b]!);
}
