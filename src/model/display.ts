/**
 * Shared helpers of the model classes: the brand check, the inspect and notebook display symbols,
 * and the compact text/HTML summaries every model object shows.
 *
 * @module
 */
import type { DateTime } from 'luxon';

/**
 * Node's `util.inspect` hook: model objects print as their `toString()`.
 *
 * @example
 * util.inspect(curve) === curve.toString() //=> true
 */
export const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * The notebook rich-display hook: Deno's kernel sends what it returns as a cell's result
 * (`Out[n]`); `display(x)` reads it on both kernels.
 *
 * @example
 * typeof curve[JUPYTER_DISPLAY] //=> 'function'
 */
export const JUPYTER_DISPLAY = Symbol.for('Jupyter.display');

/**
 * A MIME bundle as notebook kernels expect it: at least `text/plain` and `text/html`.
 *
 * @example
 * const bundle: DisplayBundle = { 'text/plain': 'x', 'text/html': '<b>x</b>' };
 * bundle['text/plain'] //=> 'x'
 */
export interface DisplayBundle {
  /** Plain-text rendering. */
  'text/plain': string;
  /** HTML rendering. */
  'text/html': string;
  /** Further renderings added by other layers (e.g. Vega-Lite). */
  [mime: string]: unknown;
}

/**
 * Marks every instance of a class with a brand symbol (a non-enumerable `true` on its
 * prototype), so `isX(value)` works across copies of the package where `instanceof` does not.
 *
 * @param prototype - The class prototype.
 * @param brand - The brand symbol (`Symbol.for('service.model.<Class>')`).
 * @returns Nothing.
 * @example
 * const B = Symbol.for('service.model.Demo');
 * class Demo {}
 * setBrand(Demo.prototype, B);
 * hasBrand(new Demo(), B) //=> true
 */
export function setBrand(prototype: object, brand: symbol): void {
  Object.defineProperty(prototype, brand, { value: true, enumerable: false, writable: false });
}

/**
 * Tells whether a value carries a brand set by {@link setBrand}.
 *
 * @param value - Anything.
 * @param brand - The brand symbol.
 * @returns True when `value` is an object branded with `brand`.
 * @example
 * hasBrand({}, Symbol.for('service.model.Curve')) //=> false
 */
export function hasBrand(value: unknown, brand: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}

/**
 * Escapes text for HTML element content and attribute values.
 *
 * @param text - Any text.
 * @returns The text with `&`, `<`, `>`, `"` and `'` escaped.
 * @example
 * escapeHtml('a<b & "c"') //=> 'a&lt;b &amp; &quot;c&quot;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Formats a date-time for summaries: ISO 8601 with the offset of its own zone, no milliseconds
 * when they are zero.
 *
 * @param dt - A luxon DateTime, or null.
 * @returns The text, or `'None'` for null.
 * @example
 * formatTime(DateTime.fromISO('2024-03-31T03:00:00+02:00', { setZone: true }))
 * //=> '2024-03-31T03:00:00+02:00'
 */
export function formatTime(dt: DateTime | null): string {
  if (dt === null) return 'None';
  return dt.toISO({ suppressMilliseconds: true }) ?? dt.toString();
}

/**
 * One summary line: label and value (`null`/`undefined` rows are left out).
 *
 * @example
 * const row: SummaryRow = ['count', 24];
 * row[0] //=> 'count'
 */
export type SummaryRow = readonly [label: string, value: string | number | boolean | null | undefined];

/**
 * Builds the compact `text/plain` + `text/html` bundle of a model object: a title and a
 * two-column table of the non-empty rows.
 *
 * @param title - The class name, e.g. `'Timeseries'`.
 * @param plain - The plain-text rendering (usually `toString()`).
 * @param rows - Label/value pairs; null or undefined values are skipped.
 * @returns The MIME bundle.
 * @example
 * displayBundle('Instance', '<Instance: tag=ec>', [['tag', 'ec']])['text/html'].includes('<td>ec</td>')
 * //=> true
 */
export function displayBundle(title: string, plain: string, rows: readonly SummaryRow[]): DisplayBundle {
  const body = rows
    .filter((row) => row[1] !== null && row[1] !== undefined)
    .map(([label, value]) => `<tr><th style="text-align:left">${escapeHtml(label)}</th><td>${escapeHtml(String(value))}</td></tr>`)
    .join('');
  const html = `<div class="service-model"><strong>${escapeHtml(title)}</strong><table>${body}</table></div>`;
  return { 'text/plain': plain, 'text/html': html };
}

/**
 * The summary rows of an object that shows itself as a summary table (`Curve`, `Instance`,
 * `Place`, ...): the rows of its own display, and its row when it is an item of a list shown as
 * one table.
 *
 * @example
 * curve[SUMMARY_ROWS]()[0] //=> ['name', 'DE Wind Power Production MWh/h 15min Forecast']
 */
export const SUMMARY_ROWS = Symbol.for('service.model.summaryRows');

/** An object with {@link SUMMARY_ROWS}. */
interface Summarised {
  [SUMMARY_ROWS](): readonly SummaryRow[];
}

/** One cell of a record table: text, a number, a flag, or null (empty). */
export type RecordCell = string | number | boolean | null;

/**
 * A list of records laid out as one table: a caption, the column names and a row of cells per
 * record (the items of an `InstanceList` or a `Page`, the periods of a `Periodseries`, ...).
 *
 * @example
 * const t: RecordTable = { caption: 'InstanceList · 1 instance', columns: ['issued', 'tag'], rows: [['2020-06-01T00:00:00Z', 'ec']] };
 */
export interface RecordTable {
  /** The line above the table. */
  readonly caption: string;
  /** Column names, in order. */
  readonly columns: readonly string[];
  /** One row per record, a cell per column. */
  readonly rows: readonly (readonly RecordCell[])[];
}

/**
 * The summary rows of a list item: its own {@link SUMMARY_ROWS}, a plain object's fields, or
 * else its text as `value`.
 */
function itemRows(item: unknown): readonly SummaryRow[] {
  if (item !== null && typeof item === 'object') {
    const own = (item as Partial<Summarised>)[SUMMARY_ROWS];
    if (typeof own === 'function') return own.call(item);
    if (Object.getPrototypeOf(item) === Object.prototype) {
      return Object.entries(item).map(([key, v]) => [key, typeof v === 'object' && v !== null ? String(v) : (v as SummaryRow[1])]);
    }
  }
  return [['value', String(item)]];
}

/**
 * Lays items out as one table: a column per summary row label (in the order first seen; labels
 * empty in every item are left out), a row per item.
 *
 * @param caption - The line above the table.
 * @param items - The items (model objects, plain objects, or anything with a text).
 * @returns The record table.
 * @example
 * itemsTable('InstanceList · 1 instance', [instance]).columns //=> ['issued', 'tag']
 */
export function itemsTable(caption: string, items: Iterable<unknown>): RecordTable {
  const rows = Array.from(items, itemRows);
  const columns: string[] = [];
  for (const row of rows) {
    for (const [label, value] of row) if (value !== null && value !== undefined && !columns.includes(label)) columns.push(label);
  }
  const cells = rows.map((row) => {
    const byLabel = new Map(row);
    return columns.map((label) => (byLabel.get(label) ?? null) as RecordCell);
  });
  return { caption, columns, rows: cells };
}

/** A record table as a plain HTML table, all rows (when no table renderer is registered). */
function plainRecordsHtml(table: RecordTable): string {
  const head = `<tr>${table.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr>`;
  const rows = table.rows.map((row) => `<tr>${row.map((c) => `<td>${escapeHtml(c === null ? '' : String(c))}</td>`).join('')}</tr>`);
  return `<div class="service-model"><strong>${escapeHtml(table.caption)}</strong><table>${head}${rows.join('')}</table></div>`;
}

/**
 * The notebook bundle of a record table: the registered head/tail rendering (HTML and text, as
 * the series tables look), else a plain HTML table under the caption and `plain` as text.
 *
 * @param table - The record table.
 * @param plain - The text without the renderer (usually `toString()`).
 * @returns `text/plain` and `text/html`.
 * @example
 * recordsBundle(itemsTable('InstanceList · 1 instance', [i]), '')['text/html'].includes('<table') //=> true
 */
export function recordsBundle(table: RecordTable, plain: string): DisplayBundle {
  const shown = tableRenderer?.records(table) ?? null;
  return shown === null
    ? { 'text/plain': plain, 'text/html': plainRecordsHtml(table) }
    : { 'text/plain': shown.text, 'text/html': shown.html };
}

/**
 * The console text of a record table: the registered head/tail text table under the caption,
 * else `plain`.
 *
 * @param table - The record table.
 * @param plain - The text without the renderer.
 * @returns The text.
 * @example
 * recordsText(itemsTable('InstanceList · 1 instance', [i]), '').startsWith('InstanceList') //=> true
 */
export function recordsText(table: RecordTable, plain: string): string {
  return tableRenderer?.records(table)?.text ?? plain;
}

/**
 * Compares two nullable values with their own `equals` method (both null counts as equal).
 *
 * @param a - First value or null.
 * @param b - Second value or null.
 * @returns True when both are null, or both are set and `a.equals(b)`.
 * @example
 * equalsNullable(null, null) //=> true
 */
export function equalsNullable<T extends { equals(other: T): boolean }>(a: T | null, b: T | null): boolean {
  if (a === null || b === null) return a === b;
  return a === b || a.equals(b);
}

/**
 * Compares two lists item by item with `equals` (or `===` for primitives).
 *
 * @param a - First list.
 * @param b - Second list.
 * @returns True when both have the same length and equal items in the same order.
 * @example
 * listEquals(['a', 'b'], ['a', 'b']) //=> true
 */
export function listEquals<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as unknown;
    const y = b[i] as unknown;
    if (x === y) continue;
    if (x !== null && typeof x === 'object' && typeof (x as { equals?: unknown }).equals === 'function') {
      if (!(x as { equals(o: unknown): boolean }).equals(y)) return false;
    } else if (!(Number.isNaN(x) && Number.isNaN(y))) {
      return false;
    }
  }
  return true;
}

/**
 * Head/tail table renderings of the tabular data objects (series, lists, results), registered
 * by the layer that can lay them out as tables (the frame layer; the model imports nothing
 * above `src/time`). Each returns null for a value it cannot lay out (the object then shows its
 * summary).
 *
 * @example
 * const r: TableRenderer = { html: (v) => toHtml(toTable(v)), text: (v) => toText(toTable(v)), records: (t) => shown(t) };
 */
export interface TableRenderer {
  /** The notebook HTML: a caption and the head/tail table. */
  html(value: object): string | null;
  /** The console text: a caption line and the head/tail text table. */
  text(value: object): string | null;
  /** A record table as HTML and text: the caption over the head/tail table. */
  records(table: RecordTable): { html: string; text: string };
}

let tableRenderer: TableRenderer | null = null;

/**
 * Sets the head/tail renderer of tabular data objects (the frame layer registers it when it loads).
 *
 * @param renderer - The renderer, or null for the summaries alone.
 * @returns The renderer registered before.
 * @example
 * registerTableRenderer(renderer) //=> null
 */
export function registerTableRenderer(renderer: TableRenderer | null): TableRenderer | null {
  const before = tableRenderer;
  tableRenderer = renderer;
  return before;
}

/**
 * The notebook bundle of a tabular data object: the registered head/tail rendering, else `summary()`.
 *
 * @param value - The data object.
 * @param summary - Its summary bundle.
 * @returns `text/plain` (the text table) and `text/html`.
 * @example
 * tabularBundle(ts, () => summaryOf(ts))['text/html'].includes('<table') //=> true
 */
export function tabularBundle(value: object, summary: () => DisplayBundle): DisplayBundle {
  const html = tableRenderer?.html(value) ?? null;
  const text = html === null ? null : (tableRenderer?.text(value) ?? null);
  return html === null || text === null ? summary() : { 'text/plain': text, 'text/html': html };
}

/**
 * The console text of a tabular data object: the registered head/tail text table, else its `toString()`.
 *
 * @param value - The data object.
 * @returns The text.
 * @example
 * tabularText(ts).split('\n').length > 1 //=> true (with the frame layer loaded)
 */
export function tabularText(value: object): string {
  return tableRenderer?.text(value) ?? String(value);
}
