/**
 * A contract's trades as a daily series with the three fill modes (docs/semantics.md#ohlc,
 * `timeseries/{field}`).
 *
 * @module
 */
import { ValueError } from '../../exceptions';

/**
 * How days without a trade are filled: `no-fill` leaves them null; `fill-holes` carries the
 * previous trade's value across gaps between trades; `forward-fill` also carries it past the
 * last trade.
 *
 * @example
 * const fill: FillMode = fillModeOf(Fill.FILL_HOLES); //=> 'fill-holes'
 */
export type FillMode = 'no-fill' | 'fill-holes' | 'forward-fill';

const MODES: readonly string[] = ['no-fill', 'fill-holes', 'forward-fill'];

/**
 * The fill mode of a `Fill` enum member (or anything with its tag); `no-fill` when absent.
 *
 * @param fill - `Fill.FORWARD_FILL`, `{ tag: 'fill-holes' }`, or null/undefined.
 * @returns The mode.
 * @throws ValueError for an unknown tag.
 * @example
 * fillModeOf(Fill.FORWARD_FILL) //=> 'forward-fill'
 */
export function fillModeOf(fill: { readonly tag: string } | null | undefined): FillMode {
  const tag = fill?.tag ?? 'no-fill';
  if (!MODES.includes(tag)) throw new ValueError(`Unknown fill mode '${tag}' (valid: ${MODES.join(', ')})`);
  return tag as FillMode;
}

/**
 * Lays a contract's trades onto calendar days. A day with a trade (a non-null value whose time
 * is the day's start) takes that value; other days are null, or filled as `fill` says. Trades
 * before the first day and after the last one count: they decide whether the first days are
 * filled (`fill-holes`, `forward-fill`) and whether the last days lie before the next trade
 * (`fill-holes`).
 *
 * @param days - Day starts, epoch ms, ascending (local midnights of the curve's zone).
 * @param tradeTimes - Trading days of the contract, epoch ms of local midnight, ascending.
 * @param tradeValues - The value traded on each day, NaN = null (counts as no trade).
 * @param fill - The fill mode.
 * @returns One value per day, NaN = null.
 * @throws ValueError for an unknown fill mode or columns of different length.
 * @example
 * // trades Thu 10, Fri 11, Mon 12; days Thu..Tue
 * contractDailySeries(days, Float64Array.of(thu, fri, mon), Float64Array.of(10, 11, 12), 'fill-holes')
 * //=> Float64Array [10, 11, 11, 11, 12, NaN]
 */
export function contractDailySeries(days: Float64Array, tradeTimes: Float64Array, tradeValues: Float64Array, fill: FillMode): Float64Array {
  if (!MODES.includes(fill)) throw new ValueError(`Unknown fill mode '${fill}' (valid: ${MODES.join(', ')})`);
  if (tradeTimes.length !== tradeValues.length) throw new ValueError('Trade times and values differ in length');
  const keep: number[] = [];
  for (let i = 0; i < tradeValues.length; i++) if (tradeValues[i] === tradeValues[i]) keep.push(i);
  const last = keep.length - 1;
  const out = new Float64Array(days.length);
  let j = -1;
  for (let i = 0; i < days.length; i++) {
    while (j < last && tradeTimes[keep[j + 1]!]! <= days[i]!) j++;
    const value = j >= 0 ? tradeValues[keep[j]!]! : Number.NaN;
    if (j >= 0 && tradeTimes[keep[j]!] === days[i]) out[i] = value;
    else if (fill === 'forward-fill' || (fill === 'fill-holes' && j < last)) out[i] = value;
    else out[i] = Number.NaN;
  }
  return out;
}
