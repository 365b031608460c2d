/**
 * What a notebook shows of a table, before it is written as HTML (`toHtml`) or text (`toText`):
 * the index and value columns shown (the first and last of a wide table), the header levels,
 * the rows shown (head and tail of a long table) with every cell formatted (instants as
 * wall-clock time in the table's zone with the offset, never the machine's zone), and the shape.
 *
 * @module
 */
import { DateTime, type Zone } from 'luxon';
import { DEFAULT_ZONE, toZone, type ZoneInput } from '../time';
import { frameInfo, headerLevels, type FrameInfo, type HeaderLevel } from './frame-info';

/**
 * The parts of an Arquero table the renderings read (any Arquero table has them).
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
 * A table of named columns of values (in the given order) as the renderings read it.
 *
 * @param columns - Column name to its values, one per row.
 * @param rows - Number of rows.
 * @returns The table.
 * @example
 * toText(columnsTable(new Map([['tag', ['ec', 'gfs']]]), 2)).split('\n').at(-1) //=> '[2 rows × 1 column]'
 */
export function columnsTable(columns: ReadonlyMap<string, ArrayLike<unknown>>, rows: number): HtmlTable {
  return {
    numRows: () => rows,
    columnNames: () => [...columns.keys()],
    column: (name) => {
      const values = columns.get(name);
      return values === undefined ? undefined : { at: (row: number) => values[row] };
    },
    indices: () => Array.from({ length: rows }, (_, i) => i),
  };
}

/**
 * Options of the table renderings (`toHtml`, `toText`).
 *
 * @example
 * const opts: HtmlOptions = { maxRows: 100, zone: 'Europe/Oslo' };
 */
export interface HtmlOptions {
  /** Zone for instants of a table that does not carry one (made elsewhere); default CET. */
  zone?: ZoneInput;
  /** Tables with more rows show only their first and last rows; default 60 (HTML), 20 (text). */
  maxRows?: number;
  /** Rows shown when a table is cut (half from each end); default 10. */
  minRows?: number;
  /** Tables with more columns show only their first and last columns; default 20 (HTML), 8 (text). */
  maxColumns?: number;
}

/**
 * A table laid out for showing: every shown cell as text.
 *
 * @example
 * tableGrid(toTable(ts), {}).rows.length //=> 24
 */
export interface TableGrid {
  /** Index columns (`date`, ...), shown first, spanning the header rows. */
  readonly index: readonly string[];
  /** Value columns shown, in order; null marks the gap of a wide table. */
  readonly shown: readonly (string | null)[];
  /** The header levels of each value column. */
  readonly levels: ReadonlyMap<string, readonly HeaderLevel[]>;
  /** Number of header levels. */
  readonly depth: number;
  /** The rows shown: the index cells then the value cells (the gap as `…`); null marks the gap of a long table. */
  readonly rows: readonly ({ readonly index: readonly string[]; readonly values: readonly string[] } | null)[];
  /** Rows of the whole table. */
  readonly rowCount: number;
  /** Columns of the whole table (index included). */
  readonly columnCount: number;
  /** The zone instants are shown in, when the table carries one and has instants. */
  readonly zone: string | null;
}

/** The mark of left-out rows and columns. */
export const ELLIPSIS = '…';
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

/**
 * Lays a table out for showing: index columns first, the value columns (cut to the first and
 * last halves of `maxColumns` when wider), the rows (cut to the first and last halves of
 * `minRows` when longer than `maxRows`), every cell formatted.
 *
 * @param table - An Arquero table (from `toTable()` or elsewhere).
 * @param opts - Zone for tables without one, and the cut-off sizes.
 * @param defaults - The cut-off sizes of the rendering (HTML shows more than text).
 * @returns The grid.
 * @throws ValueError for an unknown `zone` name.
 * @example
 * tableGrid(toTable(ts), {}, { maxRows: 60, maxColumns: 20 }).rowCount === ts.length //=> true
 */
export function tableGrid(table: HtmlTable, opts: HtmlOptions, defaults: { maxRows: number; maxColumns: number }): TableGrid {
  const info = frameInfo(table);
  const zone = info ? toZone(info.zone) : toZone(opts.zone, DEFAULT_ZONE);
  const names = table.columnNames();
  const index = info ? names.filter((n) => info.index.includes(n)) : [];
  const values = names.filter((n) => !index.includes(n));
  const maxColumns = opts.maxColumns ?? defaults.maxColumns;
  const shown = visible(values.length, maxColumns, maxColumns).map((i) => (i < 0 ? null : (values[i] ?? null)));
  const count = table.numRows();
  const rowIndices = table.indices(true);
  const maxRows = opts.maxRows ?? defaults.maxRows;
  const columns = new Map(names.map((n) => [n, table.column(n)]));
  const rows = visible(count, maxRows, Math.min(opts.minRows ?? 10, maxRows)).map((r) => {
    if (r < 0) return null;
    const row = rowIndices[r]!;
    const cell = (name: string): string => formatCell(columns.get(name)?.at(row), kindOf(name, info), zone);
    return { index: index.map(cell), values: shown.map((name) => (name === null ? ELLIPSIS : cell(name))) };
  });
  return {
    index,
    shown,
    levels: headerLevels(table),
    depth: info ? info.levelNames.length : 1,
    rows,
    rowCount: count,
    columnCount: names.length,
    zone: info && info.instants.length > 0 ? info.zone : null,
  };
}

/**
 * The header text of each shown column at one level: its level value, or its name for a
 * single-level header; the gap column as `…`.
 *
 * @param grid - The grid.
 * @param level - The level (0 = top).
 * @returns One text per shown column (null for the gap).
 * @example
 * levelTexts(tableGrid(toTable(ensemble), {}, sizes), 2) //=> ['', 'e00', 'e01']
 */
export function levelTexts(grid: TableGrid, level: number): (string | null)[] {
  return grid.shown.map((name) => {
    if (name === null) return null;
    const own = grid.levels.get(name) ?? [name];
    return own[level] ?? (grid.depth === 1 ? name : '');
  });
}

/**
 * The shape line under a table: rows × columns, and the zone its times are shown in.
 *
 * @param grid - The grid.
 * @returns The text, e.g. `24 rows × 2 columns · times in CET`.
 * @example
 * shapeLine(tableGrid(toTable(ts), {}, sizes)) //=> '24 rows × 2 columns · times in CET'
 */
export function shapeLine(grid: TableGrid): string {
  const zone = grid.zone === null ? '' : ` · times in ${grid.zone}`;
  const rows = grid.rowCount === 1 ? 'row' : 'rows';
  const columns = grid.columnCount === 1 ? 'column' : 'columns';
  return `${grid.rowCount} ${rows} × ${grid.columnCount} ${columns}${zone}`;
}
