/**
 * Plain results that show themselves (docs/notebooks.md#display): what a save, an export or the
 * user lookup answers, and the filters of a feed subscription, stay plain objects and arrays
 * (their fields, `JSON.stringify` and deep equality as before) and carry the display hooks as
 * non-enumerable own properties. A cell ending with one shows a small table of its fields (and
 * the table of its items, such as an export's files); `console.log` prints the same as text;
 * inside another value it is one line.
 *
 * @module
 */
import {
  displayBundle,
  INSPECT,
  JUPYTER_DISPLAY,
  recordsBundle,
  recordsText,
  SUMMARY_ROWS,
  type DisplayBundle,
  type RecordTable,
  type SummaryRow,
} from './display';
import { inspectDisplay, type Displayable, type InspectOptionsLike } from './inspect-display';

/**
 * How a plain result shows itself.
 *
 * @example
 * const shape: RecordShape<{ rows: number }> = { title: 'Result', fields: (r) => [['rows', r.rows]] };
 */
export interface RecordShape<T> {
  /** The name over the fields: the result's type, e.g. `'SaveResult'`. */
  readonly title: string;
  /** Its fields as label and value, labels as the properties are named (null or undefined values are left out). */
  fields(value: T): readonly SummaryRow[];
  /** The one-line text (`toString()`), when the fields are too long for one line. */
  line?(value: T): string;
  /** A table shown under the fields (an export's files, a user's subscriptions), or null. */
  items?(value: T): RecordTable | null;
}

/** The shape an object shows itself with (a non-enumerable own property). */
const SHAPE = Symbol('service.model.recordShape');

/** An object made displayable by {@link displayAsRecord}. */
interface Shaped {
  [SHAPE]: RecordShape<object>;
}

function shapeOf(value: object): RecordShape<object> {
  return (value as Shaped)[SHAPE];
}

/** The shown fields: those with a value. */
function fieldsOf(value: object): SummaryRow[] {
  return shapeOf(value)
    .fields(value)
    .filter((row) => row[1] !== null && row[1] !== undefined);
}

/** One line: `<Title: label=value, ...>`. */
function lineOf(value: object): string {
  const shape = shapeOf(value);
  if (shape.line !== undefined) return shape.line(value);
  const parts = fieldsOf(value).map(([label, v]) => `${label}=${v}`);
  return parts.length === 0 ? `<${shape.title}>` : `<${shape.title}: ${parts.join(', ')}>`;
}

/** A record table as text without the frame layer's renderer: the caption and a line per row. */
function plainItemsText(table: RecordTable): string {
  const rows = table.rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell))).join('  '));
  return [table.caption, table.columns.join('  '), ...rows].join('\n');
}

/** The console text: the title and a line per field (labels aligned), then the items table (alone when there are no fields). */
function textOf(value: object): string {
  const shape = shapeOf(value);
  const fields = fieldsOf(value);
  const items = shape.items?.(value) ?? null;
  const width = Math.max(0, ...fields.map(([label]) => label.length));
  const lines = fields.length > 0 || items === null ? [shape.title, ...fields.map(([label, v]) => `  ${label.padEnd(width)}  ${v}`)] : [];
  if (items !== null) lines.push(recordsText(items, plainItemsText(items)));
  return lines.join('\n');
}

/** The notebook bundle: the fields as a two-column table, the items' table under them (alone when there are no fields). */
function bundleOf(value: object): DisplayBundle {
  const shape = shapeOf(value);
  const fields = fieldsOf(value);
  const text = textOf(value);
  const items = shape.items?.(value) ?? null;
  const html = [
    fields.length > 0 || items === null ? displayBundle(shape.title, text, fields)['text/html'] : '',
    items === null ? '' : recordsBundle(items, text)['text/html'],
  ];
  return { 'text/plain': text, 'text/html': html.join('') };
}

function toStringHook(this: object): string {
  return lineOf(this);
}

function inspectHook(this: object, depth?: number, options?: InspectOptionsLike): string {
  return inspectDisplay(this as Displayable, depth, options, () => textOf(this));
}

function displayHook(this: object): DisplayBundle {
  return bundleOf(this);
}

function rowsHook(this: object): readonly SummaryRow[] {
  return fieldsOf(this);
}

/**
 * Makes a plain result display itself: adds `toString()`, Node's inspect hook, the notebook
 * display hook and its summary rows (for a list of such results shown as one table) as
 * non-enumerable own properties, so its keys, `JSON.stringify` and deep equality stay those of the
 * plain object. Call it before freezing the object.
 *
 * @param value - The object or array.
 * @param shape - Its title, fields and items.
 * @returns The same object.
 * @example
 * const r = displayAsRecord({ rows: 3 }, { title: 'Result', fields: (x) => [['rows', x.rows]] });
 * String(r) //=> '<Result: rows=3>'
 * Object.keys(r) //=> ['rows']
 */
export function displayAsRecord<T extends object>(value: T, shape: RecordShape<T>): T {
  const hook = { configurable: true, writable: true };
  Object.defineProperties(value, {
    [SHAPE]: { value: shape },
    toString: { ...hook, value: toStringHook },
    [INSPECT]: { ...hook, value: inspectHook },
    [JUPYTER_DISPLAY]: { ...hook, value: displayHook },
    [SUMMARY_ROWS]: { ...hook, value: rowsHook },
  });
  return value;
}

/**
 * A list of values as one text cell: `a, b, c`, enums by their tag, `none` when empty.
 *
 * @param values - The values.
 * @returns The text.
 * @example
 * listCell(['DE', 'FR']) //=> 'DE, FR'
 */
export function listCell(values: readonly unknown[]): string {
  if (values.length === 0) return 'none';
  return values
    .map((v) =>
      typeof v === 'object' && v !== null && typeof (v as { tag?: unknown }).tag === 'string' ? (v as { tag: string }).tag : String(v),
    )
    .join(', ');
}
