/**
 * HTML rendering of tables for notebooks: stacked header rows for the header levels (curve,
 * instance, scenario), instants shown as wall-clock time in the table's zone with their offset
 * (never the machine's zone), long tables cut to their head and tail as pandas does.
 *
 * @module
 */
import { escapeHtml } from '../model/display';
import type { HeaderLevel } from './frame-info';
import { ELLIPSIS, shapeLine, tableGrid, type HtmlOptions, type HtmlTable } from './table-grid';

export type { HtmlOptions, HtmlTable } from './table-grid';

/** The header rows: one per level; index columns span them all; equal neighbours are merged. */
function headerRows(
  index: readonly string[],
  shown: readonly (string | null)[],
  levels: ReadonlyMap<string, readonly HeaderLevel[]>,
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
  const grid = tableGrid(table, opts, { maxRows: 60, maxColumns: 20 });
  const width = grid.index.length + grid.shown.length;
  const body = grid.rows.map((row) => {
    if (row === null) return `<tr>${`<td>${ELLIPSIS}</td>`.repeat(width)}</tr>`;
    const head = row.index.map((text) => `<th>${escapeHtml(text)}</th>`);
    const data = row.values.map((text) => `<td>${escapeHtml(text)}</td>`);
    return `<tr>${head.join('')}${data.join('')}</tr>`;
  });
  const thead = headerRows(grid.index, grid.shown, grid.levels, grid.depth).join('');
  const footer = `<p>${escapeHtml(shapeLine(grid))}</p>`;
  return `<div class="service-frame"><table border="1" class="dataframe"><thead>${thead}</thead><tbody>${body.join('')}</tbody></table>${footer}</div>`;
}
