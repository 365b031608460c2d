/**
 * Text rendering of tables for consoles and scripts (`console.log(table)`): the same head/tail,
 * header levels, zone and shape as the notebook HTML (`toHtml`), as aligned columns.
 *
 * @module
 */
import { levelTexts, shapeLine, tableGrid, type HtmlOptions, type HtmlTable, type TableGrid } from './table-grid';

/** Widest header or cell text; longer ones are cut with `…`. */
const MAX_CELL = 40;

function clip(text: string): string {
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

/** A header label over a run of neighbouring columns with the same label at that level. */
interface Span {
  readonly text: string;
  readonly from: number;
  readonly count: number;
}

/** The upper header levels as spans (equal neighbours merged, as the HTML's `colspan`), levels with no text left out. */
function upperLevels(grid: TableGrid): Span[][] {
  const out: Span[][] = [];
  for (let level = 0; level < grid.depth - 1; level++) {
    const texts = levelTexts(grid, level);
    if (texts.every((t) => t === '' || t === null)) continue;
    const spans: Span[] = [];
    for (let k = 0; k < texts.length; k++) {
      const text = texts[k] === null ? '…' : clip(texts[k]!);
      const prev = spans.at(-1);
      if (prev && texts[k] !== null && texts[k - 1] === texts[k]) spans[spans.length - 1] = { ...prev, count: prev.count + 1 };
      else spans.push({ text, from: k, count: 1 });
    }
    out.push(spans);
  }
  return out;
}

/** The lowest header level: one label per column (the name of a single-level header). */
function lowestLevel(grid: TableGrid): string[] {
  return levelTexts(grid, grid.depth - 1).map((t) => (t === null ? '…' : clip(t)));
}

/**
 * Renders a table as aligned text: a header line per header level (levels with no text left
 * out), the rows (the first and last five of a table longer than `maxRows`, with a line of `…`
 * between), and a shape line with the zone times are shown in. Numbers are right-aligned.
 *
 * @param table - An Arquero table (from `toTable()` or elsewhere).
 * @param opts - Zone for tables without one, and the cut-off sizes (default 20 rows, 8 value columns).
 * @returns The text, without a final line break.
 * @throws ValueError for an unknown `zone` name.
 * @example
 * toText(toTable(ts)).split('\n').at(-1) //=> '[24 rows × 2 columns · times in CET]'
 */
export function toText(table: HtmlTable, opts: HtmlOptions = {}): string {
  const grid = tableGrid(table, opts, { maxRows: 20, maxColumns: 8 });
  const left = grid.index.length;
  const lowest = [...grid.index, ...lowestLevel(grid)];
  const width = lowest.length;
  const body = grid.rows.map((row) => (row === null ? Array.from({ length: width }, () => '…') : [...row.index, ...row.values.map(clip)]));
  const widths = Array.from({ length: width }, (_, k) => Math.max(...[lowest, ...body].map((line) => (line[k] ?? '').length)));
  const upper = upperLevels(grid);
  // A label wider than the columns under it widens them evenly.
  for (const spans of upper) {
    for (const span of spans) {
      const cols = widths.slice(left + span.from, left + span.from + span.count);
      const short = span.text.length - (cols.reduce((a, b) => a + b, 0) + 2 * (span.count - 1));
      for (let k = 0; k < span.count && short > 0; k++) widths[left + span.from + k]! += Math.ceil(short / span.count);
    }
  }
  const line = (cells: string[]): string => cells.join('  ').trimEnd();
  const upperLines = upper.map((spans, n) => {
    const index = grid.index.map((name, k) => (n === 0 ? name : '').padEnd(widths[k]!));
    const labels = spans.map((span) => {
      const cols = widths.slice(left + span.from, left + span.from + span.count);
      return span.text.padEnd(cols.reduce((a, b) => a + b, 0) + 2 * (span.count - 1));
    });
    return line([...index, ...labels]);
  });
  const aligned = (cells: string[]): string =>
    line(cells.map((cell, k) => (k < left ? cell.padEnd(widths[k]!) : cell.padStart(widths[k]!))));
  const named = lowest.slice(left).some((cell) => cell !== '');
  const lowestLine = upper.length === 0 ? [aligned(lowest)] : named ? [aligned(lowest.map((cell, k) => (k < left ? '' : cell)))] : [];
  return [...upperLines, ...lowestLine, ...body.map(aligned), `[${shapeLine(grid)}]`].join('\n');
}
