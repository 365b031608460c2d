/**
 * HTML rendering of tables for notebooks: stacked header rows for the header levels (curve,
 * instance, scenario), instants shown as wall-clock time in the table's zone with their offset
 * (never the machine's zone), long tables cut to their head and tail as pandas does.
 *
 * @module
 */
import { DateTime, type Zone } from 'luxon';
import { escapeHtml } from '../model/display';
import { DEFAULT_ZONE, toZone, type ZoneInput } from '../time';
import { frameInfo, headerLevels, type FrameInfo, type HeaderLevel } from './frame-info';

/**
 * The parts of an Arquero table `toHtml` reads (any Arquero table has them).
 *
 * @example
 * const t: HtmlTable = ts.toTable();
 */
export interface HtmlTable {
  /** Number of rows (after filters). */
  numRows(): number;
  /** Column names, in order. */
  columnNames(): string[];
  /** The data of one column. */
  column(name: string): { at(row: number): unknown } | undefined;
  /** Row indices passing the filter, in table order. */
  indices(order?: boolean): ArrayLike<number>;
}

/**
 * Options of {@link toHtml}.
 *
 * @example
 * const opts: HtmlOptions = { maxRows: 100, zone: 'Europe/Oslo' };
 */
export interface HtmlOptions {
  /** Zone for instants of a table that does not carry one (made elsewhere); default CET. */
  zone?: ZoneInput;
  /** Tables with more rows show only their first and last rows; default 60. */
  maxRows?: number;
  /** Rows shown when a table is cut (half from each end); default 10. */
  minRows?: number;
  /** Tables with more columns show only their first and last columns; default 20. */
  maxColumns?: number;
}

const ELLIPSIS = '…';
const TIME_FORMAT = 'yyyy-MM-dd HH:mm:ssZZ';
const LOCAL_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** Which positions of `count` to show: all, or the first and last halves of `keep` with a gap (-1). */
function visible(count: number, max: number, keep: number): number[] {
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  const head = Math.ceil(keep / 2);
  const tail = Math.floor(keep / 2);
  return [...Array.from({ length: head }, (_, i) => i), -1, ...Array.from({ length: tail }, (_, i) => count - tail + i)];
}

/** Formats one cell: instants in the zone, calendar dates as dates, numbers, text. */
function formatCell(value: unknown, kind: 'instant' | 'local' | 'date' | 'other', zone: Zone): string {
  if (value === null || value === undefined) return '';
  if (kind === 'local' && value instanceof Date) return Number.isNaN(+value) ? 'NaT' : DateTime.fromJSDate(value).toFormat(LOCAL_FORMAT);
  if (value instanceof Date || (kind !== 'other' && typeof value === 'number')) {
    const ms = +value;
    if (Number.isNaN(ms)) return 'NaT';
    if (kind === 'date') return DateTime.fromMillis(ms, { zone: 'utc' }).toISODate() as string;
    return DateTime.fromMillis(ms, { zone }).toFormat(TIME_FORMAT);
  }
  if (DateTime.isDateTime(value)) return value.setZone(zone).toFormat(TIME_FORMAT);
  if (typeof value === 'number') return formatNumber(value);
  return String(value);
}

/**
 * Numbers as a reader wants them: whole numbers as they are, others with up to six decimals and
 * no trailing zeros (pandas shows six), `NaN` for a missing value. Only the rendering rounds.
 */
function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (Number.isInteger(value) || !Number.isFinite(value)) return String(value);
  if (Math.abs(value) < 1e-4) return value.toPrecision(6).replace(/\.?0+e/, 'e');
  return value.toFixed(6).replace(/\.?0+$/, '');
}

function kindOf(name: string, info: FrameInfo | null): 'instant' | 'local' | 'date' | 'other' {
  if (info?.dates.includes(name)) return 'date';
  if (info?.local?.includes(name)) return 'local';
  if (info?.instants.includes(name)) return 'instant';
  return 'other';
}

/** The header rows: one per level; index columns span them all; equal neighbours are merged. */
function headerRows(
  index: readonly string[],
  shown: readonly (string | null)[],
  levels: Map<string, readonly HeaderLevel[]>,
  depth: number,
): string[] {
  const rows: string[] = [];
  for (let level = 0; level < depth; level++) {
    const cells: string[] = [];
    if (level === 0) for (const name of index) cells.push(`<th rowspan="${depth}">${escapeHtml(name)}</th>`);
    let k = 0;
    while (k < shown.length) {
      const name = shown[k] ?? null;
      if (name === null) {
        cells.push(`<th>${ELLIPSIS}</th>`);
        k++;
        continue;
      }
      const own = levels.get(name) ?? [name];
      let span = 1;
      while (level < depth - 1 && k + span < shown.length) {
        const next = shown[k + span] ?? null;
        if (next === null) break;
        const other = levels.get(next) ?? [next];
        let same = true;
        for (let l = 0; l <= level; l++) if ((own[l] ?? null) !== (other[l] ?? null)) same = false;
        if (!same) break;
        span++;
      }
      const text = own[level] ?? (depth === 1 ? name : '');
      cells.push(`<th${span > 1 ? ` colspan="${span}"` : ''}>${escapeHtml(text ?? '')}</th>`);
      k += span;
    }
    rows.push(`<tr>${cells.join('')}</tr>`);
  }
  return rows;
}

/**
 * Renders a table as HTML for a notebook. Tables from `toTable()` show their header levels as
 * stacked header rows (equal neighbours merged) and their instants as wall-clock time in the
 * series' zone with the offset (`2024-03-31 03:00:00+02:00`); calendar dates show as
 * `yyyy-MM-dd`. Missing numbers show as NaN. Tables longer than `maxRows` show their first and
 * last rows, wider than `maxColumns` their first and last columns.
 *
 * @param table - An Arquero table (from `toTable()` or elsewhere).
 * @param opts - Zone for tables without one, and the cut-off sizes.
 * @returns The HTML text.
 * @throws ValueError for an unknown `zone` name.
 * @example
 * toHtml(toTable(hourlyCet)).includes('2024-01-01 00:00:00+01:00') //=> true
 */
export function toHtml(table: HtmlTable, opts: HtmlOptions = {}): string {
  const info = frameInfo(table);
  const zone = info ? toZone(info.zone) : toZone(opts.zone, DEFAULT_ZONE);
  const names = table.columnNames();
  const index = info ? names.filter((n) => info.index.includes(n)) : [];
  const values = names.filter((n) => !index.includes(n));
  const levels = headerLevels(table);
  const depth = info ? info.levelNames.length : 1;
  const maxColumns = opts.maxColumns ?? 20;
  const shown = visible(values.length, maxColumns, maxColumns).map((i) => (i < 0 ? null : (values[i] ?? null)));
  const count = table.numRows();
  const rowIndices = table.indices(true);
  const maxRows = opts.maxRows ?? 60;
  const rows = visible(count, maxRows, Math.min(opts.minRows ?? 10, maxRows));
  const columns = new Map(names.map((n) => [n, table.column(n)]));
  const body = rows.map((r) => {
    if (r < 0) return `<tr>${[...index, ...shown].map(() => `<td>${ELLIPSIS}</td>`).join('')}</tr>`;
    const row = rowIndices[r]!;
    const cell = (name: string): string => escapeHtml(formatCell(columns.get(name)?.at(row), kindOf(name, info), zone));
    const head = index.map((name) => `<th>${cell(name)}</th>`);
    const data = shown.map((name) => (name === null ? `<td>${ELLIPSIS}</td>` : `<td>${cell(name)}</td>`));
    return `<tr>${head.join('')}${data.join('')}</tr>`;
  });
  const thead = headerRows(index, shown, levels, depth).join('');
  const zoneNote = info && info.instants.length > 0 ? ` · times in ${info.zone}` : '';
  const footer = `<p>${count} rows × ${names.length} columns${escapeHtml(zoneNote)}</p>`;
  return `<div class="service-frame"><table border="1" class="dataframe"><thead>${thead}</thead><tbody>${body.join('')}</tbody></table>${footer}</div>`;
}
