/**
 * What a table knows about itself: the zone of its instants, its index columns and the header
 * levels of its value columns (docs/model.md#tables: curve / instance / scenario). Tables from
 * `toTable()` carry it in their Arquero parameters under a symbol key, so it survives verbs
 * (`filter`, `derive`, `select`, `join` ...); Danfo frames carry it in a side map. Without it,
 * the levels are decoded from the column names.
 *
 * @module
 */

/**
 * Key of the frame information in an Arquero table's `params()` (a symbol: invisible to expressions).
 *
 * @example
 * toTable(ts).params()[FRAME_INFO].zone //=> 'CET'
 */
export const FRAME_INFO: unique symbol = Symbol.for('service.frame.info');

/**
 * The separator between header levels in multi-level column names:
 * `'DE Wind Power Production MWh/h 15min Forecast | 2020-10-26 00:00 ec-ens | e00'`.
 *
 * @example
 * ['a', 'b', 'c'].join(HEADER_SEPARATOR) //=> 'a | b | c'
 */
export const HEADER_SEPARATOR = ' | ';

/**
 * Names of the three header levels of a multi-level header.
 *
 * @example
 * frameInfo(toTable(ts)).levelNames === MULTI_LEVEL_NAMES //=> true
 */
export const MULTI_LEVEL_NAMES: readonly string[] = Object.freeze(['curve', 'instance', 'scenario']);

/**
 * Name of the only header level of a single-level header.
 *
 * @example
 * frameInfo(toTable(ts, { singleLevelHeader: true })).levelNames //=> ['name']
 */
export const SINGLE_LEVEL_NAMES: readonly string[] = Object.freeze(['name']);

/**
 * A header level value: a string, or null where the reference has no value (a series without
 * a name shows NaN at level 0 in pandas).
 *
 * @example
 * const level: HeaderLevel = null;
 */
export type HeaderLevel = string | null;

/**
 * The information a table carries about its layout.
 *
 * @example
 * const info: FrameInfo = frameInfo(ts.toTable())!;
 * info.index //=> ['date']
 */
export interface FrameInfo {
  /** Zone name whose wall-clock time renderings show (`'CET'`, `'Europe/Gas_Day'`, `'UTC'`). */
  readonly zone: string;
  /** Index columns, in order (`['date']`, `['issued', 'tag']`, `['instance']`, or none). */
  readonly index: readonly string[];
  /** Names of the header levels (`['curve', 'instance', 'scenario']` or `['name']`). */
  readonly levelNames: readonly string[];
  /** The header levels of each value column, by column name. */
  readonly levels: Readonly<Record<string, readonly HeaderLevel[]>>;
  /** Columns of instants (JS Dates shown in `zone`). */
  readonly instants: readonly string[];
  /** Columns of calendar dates (JS Dates at 00:00 UTC, shown as `yyyy-MM-dd`). */
  readonly dates: readonly string[];
  /** Columns of wall-clock date-times in `zone` (JS Dates whose machine-local fields are that wall clock); absent when none. */
  readonly local?: readonly string[];
}

/**
 * The parts of a table `frameInfo` and `headerLevels` read: column names and, for Arquero
 * tables, `params()`. Danfo frames (`columns`) work too.
 *
 * @example
 * const t: FrameLike = aq.table({ a: [1] });
 */
export type FrameLike = object;

const sideMap = new WeakMap<object, FrameInfo>();

/**
 * Records the frame information of an object that cannot carry it itself (a Danfo frame).
 *
 * @param frame - The frame.
 * @param info - Its information.
 * @returns The frame.
 * @example
 * rememberFrameInfo(df, info) === df //=> true
 */
export function rememberFrameInfo<T extends object>(frame: T, info: FrameInfo): T {
  sideMap.set(frame, info);
  return frame;
}

/**
 * The frame information of a table made by `toTable()` (or a table derived from one by Arquero
 * verbs), or of a frame made by `toDataFrame()`.
 *
 * @param table - An Arquero table or Danfo frame.
 * @returns The information, or null for a table made elsewhere.
 * @example
 * frameInfo(ts.toTable())?.zone //=> 'CET'
 * frameInfo(aq.table({ a: [1] })) //=> null
 */
export function frameInfo(table: FrameLike): FrameInfo | null {
  const remembered = sideMap.get(table);
  if (remembered) return remembered;
  const params = (table as { params?: () => unknown }).params;
  if (typeof params !== 'function') return null;
  const values = params.call(table) as Record<symbol, unknown> | undefined;
  const info = values ? values[FRAME_INFO] : undefined;
  return info && typeof info === 'object' ? (info as FrameInfo) : null;
}

/**
 * Builds the name of a multi-level column: the levels joined by {@link HEADER_SEPARATOR}, with
 * empty trailing levels left out and a missing name written `None` (as the reference's
 * single-level labels do).
 *
 * @param levels - The header levels.
 * @returns The column name.
 * @example
 * encodeHeader(['wind', '2020-10-26 00:00 ec-ens', 'e00']) //=> 'wind | 2020-10-26 00:00 ec-ens | e00'
 * encodeHeader(['wind', '2020-10-26 00:00 ec-ens', '']) //=> 'wind | 2020-10-26 00:00 ec-ens'
 * encodeHeader(['temp', '', 'y1980']) //=> 'temp |  | y1980'
 */
export function encodeHeader(levels: readonly HeaderLevel[]): string {
  const parts = levels.map((level) => level ?? 'None');
  let end = parts.length;
  while (end > 1 && parts[end - 1] === '') end--;
  return parts.slice(0, end).join(HEADER_SEPARATOR);
}

/**
 * Splits a multi-level column name back into its levels (the inverse of {@link encodeHeader}
 * when no level contains the separator).
 *
 * @param name - The column name.
 * @param depth - Number of levels; default 3.
 * @returns The levels, padded with `''`.
 * @example
 * decodeHeader('wind | 2020-10-26 00:00 ec-ens') //=> ['wind', '2020-10-26 00:00 ec-ens', '']
 */
export function decodeHeader(name: string, depth = 3): string[] {
  const parts = name.split(HEADER_SEPARATOR);
  if (parts.length > depth) parts.splice(depth - 1, parts.length, parts.slice(depth - 1).join(HEADER_SEPARATOR));
  while (parts.length < depth) parts.push('');
  return parts;
}

function columnNamesOf(table: FrameLike): string[] {
  const t = table as { columnNames?: () => string[]; columns?: unknown };
  if (typeof t.columnNames === 'function') return t.columnNames();
  if (Array.isArray(t.columns)) return t.columns.map(String);
  return [];
}

/**
 * The header levels of every value column of a table: from the frame information when the
 * table carries it (columns renamed since are decoded), else decoded from the column names
 * (`date` and other index columns left out).
 *
 * @param table - An Arquero table or Danfo frame.
 * @returns A map from column name to its levels, in column order.
 * @example
 * headerLevels(ensemble.toTable()).get('wind | 2020-10-26 00:00 ec-ens | e00')
 * //=> ['wind', '2020-10-26 00:00 ec-ens', 'e00']
 */
export function headerLevels(table: FrameLike): Map<string, readonly HeaderLevel[]> {
  const info = frameInfo(table);
  const index = new Set(info ? info.index : ['date']);
  const depth = info ? info.levelNames.length : 3;
  const out = new Map<string, readonly HeaderLevel[]>();
  for (const name of columnNamesOf(table)) {
    if (index.has(name)) continue;
    const known = info ? info.levels[name] : undefined;
    out.set(name, known ?? (depth === 1 ? [name] : decodeHeader(name, depth)));
  }
  return out;
}
