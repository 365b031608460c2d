/**
 * The library-neutral layout of a table: named columns (typed arrays where numeric) plus the
 * frame information. Each object type is laid out once (`timeseries-layout.ts`,
 * `market-layout.ts`); Arquero, Danfo, HTML and Arrow are built from the layout.
 *
 * @module
 */
import type { FrameInfo, HeaderLevel } from './frame-info';

/**
 * Kinds of columns: instants (epoch ms, shown in the table's zone), wall-clock date-times (`local`:
 * the zone's local fields as epoch ms read as UTC), calendar dates (epoch ms of
 * 00:00 UTC), floating-point numbers (NaN = missing), integers (null = missing) and text.
 *
 * @example
 * const kind: ColumnKind = 'instant';
 */
export type ColumnKind = 'instant' | 'local' | 'date' | 'number' | 'integer' | 'text';

/**
 * One column of a layout.
 *
 * @example
 * const column: LayoutColumn = { name: 'date', kind: 'instant', data: new Float64Array([0]) };
 */
export interface LayoutColumn {
  /** The column name (unique in its layout). */
  readonly name: string;
  /** What the column holds. */
  readonly kind: ColumnKind;
  /** Epoch ms for `instant`/`date` (wall-clock ms for `local`), numbers for `number`, numbers or null for `integer`, strings for `text`. */
  readonly data: Float64Array | readonly (number | null)[] | readonly string[];
}

/**
 * A table before it is built with a library: the columns in order and the frame information.
 *
 * @example
 * const layout: FrameLayout = layoutTimeseries(ts);
 * layout.columns[0].name //=> 'date'
 */
export interface FrameLayout {
  /** The columns, index columns first. */
  readonly columns: readonly LayoutColumn[];
  /** Zone, index, header levels and column kinds. */
  readonly info: FrameInfo;
}

/**
 * A value column before its name is made unique.
 *
 * @example
 * const column: ValueColumn = { label: 'wind', levels: ['wind', '', ''], data: new Float64Array(0) };
 */
export interface ValueColumn {
  /** The wanted name. */
  readonly label: string;
  /** Its header levels. */
  readonly levels: readonly HeaderLevel[];
  /** The values. */
  readonly data: Float64Array;
}

/**
 * Makes a name unique among `taken` by appending ` (2)`, ` (3)`, ... (tables cannot hold two
 * columns of one name, where pandas can), and records it as taken.
 *
 * @param name - The wanted name.
 * @param taken - Names in use; the result is added.
 * @returns The name, or the name with a counter.
 * @example
 * uniqueName('wind', new Set(['wind'])) //=> 'wind (2)'
 */
export function uniqueName(name: string, taken: Set<string>): string {
  let out = name;
  for (let k = 2; taken.has(out); k++) out = `${name} (${k})`;
  taken.add(out);
  return out;
}

/**
 * Assembles a layout from index columns and value columns: value names are made unique (also
 * against the index columns) and their levels recorded under the final names.
 *
 * @param index - The index columns (names already final).
 * @param values - The value columns.
 * @param info - Zone, level names and column kinds (`index`, `levels`, `instants` are filled in).
 * @returns The layout.
 * @example
 * assembleLayout([dateColumn], [{ label: 'x', levels: ['x'], data }], { zone: 'CET', levelNames: ['name'], dates: [] })
 *   .columns.map((c) => c.name) //=> ['date', 'x']
 */
export function assembleLayout(
  index: readonly LayoutColumn[],
  values: readonly ValueColumn[],
  info: Pick<FrameInfo, 'zone' | 'levelNames' | 'dates'>,
): FrameLayout {
  const taken = new Set(index.map((c) => c.name));
  const levels: Record<string, readonly HeaderLevel[]> = Object.create(null);
  const columns: LayoutColumn[] = [...index];
  for (const value of values) {
    const name = uniqueName(value.label, taken);
    levels[name] = Object.freeze([...value.levels]);
    columns.push({ name, kind: 'number', data: value.data });
  }
  const frame: FrameInfo = Object.freeze({
    zone: info.zone,
    index: Object.freeze(index.map((c) => c.name)),
    levelNames: info.levelNames,
    levels: Object.freeze(levels),
    instants: Object.freeze(index.filter((c) => c.kind === 'instant').map((c) => c.name)),
    dates: info.dates,
    ...(index.some((c) => c.kind === 'local') ? { local: Object.freeze(index.filter((c) => c.kind === 'local').map((c) => c.name)) } : {}),
  });
  return { columns, info: frame };
}
