/**
 * Falling back to the closest earlier trading day (docs/semantics.md#ohlc, docs/semantics.md#srmc): the day a `latest`
 * request reads, and the value another curve (EUA, an FX rate) had on or before a day.
 *
 * @module
 */

/**
 * The index of the closest trading day at or before `date`: `date` itself when it is a trading
 * day, else the latest earlier one (a Sunday falls back to Friday).
 *
 * @param days - Trading days, epoch ms, ascending.
 * @param date - The wanted day, epoch ms (any instant of it at or after its start).
 * @returns The index into `days`, or `-1` when every trading day lies after `date`.
 * @example
 * // Thu 2024-02-01, Fri 2024-02-02, Mon 2024-02-05 (CET midnights); Sun 2024-02-04 falls back to Friday
 * closestTradingDay(Float64Array.of(thu, fri, mon), sun) //=> 1
 */
export function closestTradingDay(days: Float64Array, date: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (days[mid]! <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * For each instant in `at`, the last non-null value whose time lies at or before it (and not more
 * than `maxAgeMs` earlier): the EUA settlement of the closest earlier EUA trading day, or the
 * last FX rate published on or before a day.
 *
 * @param times - Times of the values, epoch ms, ascending.
 * @param values - The values, NaN = null (skipped).
 * @param at - The instants to look up, in any order.
 * @param maxAgeMs - How far back a value may lie (default: any distance).
 * @returns One value per entry of `at`, NaN where there is none.
 * @example
 * // rates on Fri and Mon; Sat and Sun take Friday's
 * valuesAtOrBefore(Float64Array.of(fri, mon), Float64Array.of(1.1, 1.09), Float64Array.of(sat, sun, mon))
 * //=> Float64Array [1.1, 1.1, 1.09]
 */
export function valuesAtOrBefore(times: Float64Array, values: Float64Array, at: Float64Array, maxAgeMs = Infinity): Float64Array {
  const keep: number[] = [];
  for (let i = 0; i < values.length; i++) if (values[i] === values[i]) keep.push(i);
  const t = Float64Array.from(keep, (i) => times[i]!);
  const out = new Float64Array(at.length);
  for (let k = 0; k < at.length; k++) {
    const j = closestTradingDay(t, at[k]!);
    out[k] = j >= 0 && at[k]! - t[j]! <= maxAgeMs ? values[keep[j]!]! : Number.NaN;
  }
  return out;
}
