/**
 * Notebook renderings of tables: HTML (through the frame layer's renderer when one is
 * registered, which draws multi-level headers, else Arquero's `toHTML`) and a one-line text.
 *
 * @module
 */
import { DateTime } from 'luxon';
import { ValidationError } from '../exceptions';
import { toZone, zoneName, UTC, type ZoneInput } from '../time';
import { tableHints, type TableLike } from './table-source';

/** Options of the table renderings. */
export interface TableHtmlOptions {
  /** Most rows shown; default 100 (the first 100). */
  limit?: number;
  /** Zone of the wall-clock times shown for date columns; default the zone a `toTable()` table carries, else UTC. */
  zone?: ZoneInput;
}

/**
 * A table-to-HTML function, such as the frame layer's `toHtml`, which draws the curve /
 * instance / scenario header levels as stacked header rows.
 *
 * @example
 * const renderer: TableHtmlRenderer = (table, options) => `<table>${table.numRows()} rows</table>`;
 */
export type TableHtmlRenderer = (table: TableLike, options: TableHtmlOptions) => string;

let registered: TableHtmlRenderer | null = null;

/**
 * Sets the function that renders tables as HTML in notebooks (the frame layer registers its
 * multi-level header renderer here; the plot layer does not import the frame layer). Null
 * restores Arquero's own `toHTML`.
 *
 * @param renderer - The renderer, or null.
 * @returns The renderer that was registered before.
 * @example
 * registerTableHtml(toHtml) //=> null
 */
export function registerTableHtml(renderer: TableHtmlRenderer | null): TableHtmlRenderer | null {
  const before = registered;
  registered = renderer;
  return before;
}

interface ArqueroHtml {
  toHTML(options: { limit?: number; format?: Record<string, (v: unknown) => string> }): string;
}

function checkLimit(limit: number | undefined): number {
  if (limit === undefined) return 100;
  if (!Number.isInteger(limit) || limit < 0)
    throw new ValidationError(`limit must be a non-negative integer, got ${String(limit)}`, 'limit');
  return limit;
}

function dateFormatter(zone: ZoneInput | undefined): (v: unknown) => string {
  const z = toZone(zone, UTC);
  return (v) => {
    if (v instanceof Date) return DateTime.fromMillis(v.getTime(), { zone: z }).toFormat('yyyy-MM-dd HH:mm:ssZZ');
    if (DateTime.isDateTime(v)) return v.setZone(z).toFormat('yyyy-MM-dd HH:mm:ssZZ');
    return v === null || v === undefined ? '' : String(v);
  };
}

/**
 * A one-line description of a table: rows, columns and the first column names.
 *
 * @param table - The table.
 * @returns The text.
 * @example
 * tableText(aq.table({ date: [], wind: [] })) //=> '<Table: 0 rows × 2 columns: date, wind>'
 */
export function tableText(table: TableLike): string {
  const names = table.columnNames();
  const shown = names.slice(0, 12).join(', ') + (names.length > 12 ? ', ...' : '');
  return `<Table: ${table.numRows()} rows × ${names.length} columns: ${shown}>`;
}

/**
 * Renders a table as HTML for notebooks: the registered renderer (multi-level headers) if there
 * is one, else Arquero's `toHTML` with date columns as wall-clock times with their offset in
 * `zone`. A caption tells how many rows are shown.
 *
 * @param table - The table.
 * @param options - Row limit and zone.
 * @returns The HTML.
 * @throws ValidationError for a bad limit.
 * @throws ValueError for an unknown zone.
 * @example
 * tableHtml(aq.table({ a: [1] })).includes('<table') //=> true
 */
export function tableHtml(table: TableLike, options: TableHtmlOptions = {}): string {
  const limit = checkLimit(options.limit);
  if (registered !== null) return registered(table, { ...options, limit });
  const format: Record<string, (v: unknown) => string> = {};
  const zone = options.zone ?? tableHints(table).zone;
  const formatDate = dateFormatter(zone);
  for (const name of table.columnNames()) {
    const column = table.array(name);
    for (let i = 0; i < column.length; i++) {
      const v = column[i];
      if (v === null || v === undefined) continue;
      if (v instanceof Date || DateTime.isDateTime(v)) format[name] = formatDate;
      break;
    }
  }
  const n = table.numRows();
  const zoneNote = Object.keys(format).length > 0 ? `; times in ${zoneName(toZone(zone, UTC))}` : '';
  const caption = n > limit ? `${limit} of ${n} rows${zoneNote}` : `${n} rows${zoneNote}`;
  const html = (table as unknown as ArqueroHtml).toHTML({ limit, format });
  return `<div class="service-table">${html}<p style="font-size:smaller">${caption}</p></div>`;
}

/**
 * Tells whether tables can be rendered as HTML: a renderer is registered or the table has
 * Arquero's `toHTML`.
 *
 * @param table - The table.
 * @returns True when {@link tableHtml} can render it.
 * @example
 * canRenderHtml(aq.table({ a: [1] })) //=> true
 */
export function canRenderHtml(table: TableLike): boolean {
  return registered !== null || typeof (table as unknown as Partial<ArqueroHtml>).toHTML === 'function';
}
