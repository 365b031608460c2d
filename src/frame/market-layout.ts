/**
 * Table layouts of OHLC lists and absolute results (docs/model.md#tables): flat, one level of
 * column names.
 *
 * @module
 */
import type { DateTime } from 'luxon';
import type { AbsoluteResult } from '../model/absolute-result';
import type { OHLC } from '../model/ohlc';
import { SINGLE_LEVEL_NAMES, type HeaderLevel } from './frame-info';
import { assembleLayout, type FrameLayout, type LayoutColumn } from './assemble-layout';

/**
 * Options of `toTable()` / `toDataFrame()` for an absolute result.
 *
 * @example
 * const opts: AbsoluteTableOptions = { name: 'wind', singleLevelIndex: true };
 * toTable(absolute, opts).columnNames() //=> ['instance', 'wind 2023-10-05 12:00']
 */
export interface AbsoluteTableOptions {
  /** Name put before the delivery in the value column's label; default the curve name. */
  name?: string | null;
  /** One index column `instance` (`'2023-10-01 00:00 ec'`) instead of `issued` and `tag`; default false. */
  singleLevelIndex?: boolean;
}

/** The OHLC value columns, in the reference's order, with the record property each reads. */
const OHLC_VALUES: readonly (readonly [string, 'open' | 'high' | 'low' | 'close' | 'settlement' | 'volume' | 'openInterest'])[] = [
  ['open', 'open'],
  ['high', 'high'],
  ['low', 'low'],
  ['close', 'close'],
  ['settlement', 'settlement'],
  ['volume', 'volume'],
  ['open_interest', 'openInterest'],
];

const FORMAT = 'yyyy-MM-dd HH:mm';

/**
 * Lays out an OHLC list: one row per record, columns `traded` (date), `period` (lower-case tag),
 * `front`, `delivery` (date), `open`, `high`, `low`, `close`, `settlement`, `volume`,
 * `open_interest` (NaN where unset). No index.
 *
 * @param list - The OHLC records (an `OHLCList`).
 * @returns The layout.
 * @example
 * layoutOhlcList(list).columns.map((c) => c.name).slice(0, 4) //=> ['traded', 'period', 'front', 'delivery']
 */
export function layoutOhlcList(list: readonly OHLC[]): FrameLayout {
  const n = list.length;
  const traded = new Float64Array(n);
  const delivery = new Float64Array(n);
  const period: string[] = new Array(n);
  const front: (number | null)[] = new Array(n);
  const values = OHLC_VALUES.map(() => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    const o = list[i]!;
    traded[i] = o.product.traded.toMillis();
    delivery[i] = o.product.delivery.toMillis();
    period[i] = o.product.period.tag;
    front[i] = o.product.front;
    OHLC_VALUES.forEach(([, key], k) => {
      values[k]![i] = o[key] ?? NaN;
    });
  }
  const columns: LayoutColumn[] = [
    { name: 'traded', kind: 'date', data: traded },
    { name: 'period', kind: 'text', data: period },
    { name: 'front', kind: 'integer', data: front },
    { name: 'delivery', kind: 'date', data: delivery },
    ...OHLC_VALUES.map(([name], k): LayoutColumn => ({ name, kind: 'number', data: values[k]! })),
  ];
  const levels: Record<string, readonly HeaderLevel[]> = Object.create(null);
  for (const c of columns) levels[c.name] = Object.freeze([c.name]);
  return {
    columns,
    info: Object.freeze({
      zone: 'UTC',
      index: Object.freeze([]),
      levelNames: SINGLE_LEVEL_NAMES,
      levels: Object.freeze(levels),
      instants: Object.freeze([]),
      dates: Object.freeze(['traded', 'delivery']),
    }),
  };
}

function label(name: string, delivery: DateTime): string {
  return `${name} ${delivery.toFormat(FORMAT)}`.trim();
}

/**
 * Lays out an absolute result: one row per instance, index `issued` (`yyyy-MM-dd HH:mm` in the
 * instance's zone) and `tag`, or one index `instance` with `singleLevelIndex`; one value column
 * labelled `"{name} {delivery:yyyy-MM-dd HH:mm}"` (trimmed).
 *
 * @param result - The absolute result.
 * @param opts - Name and index options.
 * @returns The layout.
 * @example
 * layoutAbsoluteResult(absolute).columns.map((c) => c.name)
 * //=> ['issued', 'tag', 'DE Wind Power Production MWh/h 15min Forecast 2023-10-05 12:00']
 */
export function layoutAbsoluteResult(result: AbsoluteResult, opts: AbsoluteTableOptions = {}): FrameLayout {
  const items = result.items;
  const name = opts.name ?? result.curve?.name ?? '';
  const values = Float64Array.from(items, (item) => item.value ?? NaN);
  const index: LayoutColumn[] = opts.singleLevelIndex
    ? [{ name: 'instance', kind: 'text', data: items.map((item) => item.instance.columnHeader()) }]
    : [
        { name: 'issued', kind: 'text', data: items.map((item) => item.instance.issued.toFormat(FORMAT)) },
        { name: 'tag', kind: 'text', data: items.map((item) => item.instance.tag) },
      ];
  const text = label(name, result.delivery);
  return assembleLayout(index, [{ label: text, levels: [text], data: values }], {
    zone: result.resolution.timezone,
    levelNames: SINGLE_LEVEL_NAMES,
    dates: [],
  });
}
