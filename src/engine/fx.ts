/**
 * Currency exchange from daily reference rates (docs/semantics.md#units, docs/semantics.md#srmc): the last
 * rate published on or before a day, euros per unit of a currency, and the `fx` callback of
 * {@link convertUnit} built from FX curves.
 *
 * @module
 */
import { ValidationError, ValueError } from '../exceptions';
import type { FxRates } from './convert-unit';
import { valuesAtOrBefore } from './ohlc/trading-day';

/**
 * One FX curve: the daily reference rates of a currency, quoted as units of the currency per
 * euro (EUR/USD 1.08 means 1.08 USD for 1 EUR), on publication days only.
 *
 * @example
 * const usd: FxCurve = { times: Float64Array.of(fri, mon), rates: Float64Array.of(1.08, 1.09) };
 * ratesAtOrBefore(usd, Float64Array.of(sat)) //=> Float64Array [1.08]
 */
export interface FxCurve {
  /** Publication days, epoch ms, ascending. */
  readonly times: Float64Array;
  /** Units of the currency per euro, NaN = none. */
  readonly rates: Float64Array;
}

/**
 * The rate of each day: the last rate published on or before it (a Saturday takes Friday's).
 *
 * @param curve - The FX curve.
 * @param times - The days (or any instants) to price, epoch ms.
 * @param maxAgeMs - How far back the rate may lie (default: any distance).
 * @returns Units of the currency per euro for each entry of `times`, NaN where none.
 * @example
 * ratesAtOrBefore({ times: Float64Array.of(fri), rates: Float64Array.of(1.08) }, Float64Array.of(thu, sat))
 * //=> Float64Array [NaN, 1.08]
 */
export function ratesAtOrBefore(curve: FxCurve, times: Float64Array, maxAgeMs = Infinity): Float64Array {
  return valuesAtOrBefore(curve.times, curve.rates, times, maxAgeMs);
}

/**
 * Euros per one unit of a currency on each day: `1 / rate` of the last rate on or before it
 * (FX_c(d) of docs/semantics.md#srmc); all ones for the euro itself (`curve` null).
 *
 * @param curve - The currency's FX curve, or `null` for EUR.
 * @param times - The days to price, epoch ms.
 * @returns Euros per unit for each day, NaN where no rate was published yet.
 * @example
 * // EUR/USD 1.25: one dollar is 0.8 euros
 * eurPerUnit({ times: Float64Array.of(fri), rates: Float64Array.of(1.25) }, Float64Array.of(fri)) //=> Float64Array [0.8]
 */
export function eurPerUnit(curve: FxCurve | null, times: Float64Array): Float64Array {
  if (curve === null) return new Float64Array(times.length).fill(1);
  const rates = ratesAtOrBefore(curve, times);
  rates.forEach((rate, i) => {
    rates[i] = 1 / rate;
  });
  return rates;
}

/**
 * The `fx` callback of {@link convertUnit} from FX curves by ISO currency (EUR needs none): for
 * each value time, units of `to` per unit of `from` = rate(to) / rate(from), each the last rate
 * on or before that time. Pass the value times as `convertUnit`'s `times` option.
 *
 * @param curves - FX curves by currency code (`USD`, `GBP`, ...), quoted per euro.
 * @param maxAgeMs - How far back a rate may lie (default: any distance).
 * @returns The callback.
 * @throws ValidationError (parameter `unit`) from the callback for a currency without a curve;
 *   ValueError when `convertUnit` is not given `times`.
 * @example
 * // 80 EUR/MWh on Sat 2024-02-03 at Friday's EUR/GBP 0.85 = 68 GBP/MWh
 * convertUnit(Float64Array.of(80), 'EUR', 'MWh', 'GBP/MWh', { fx: fxFromCurves({ GBP }), times: Float64Array.of(sat) }).values
 * //=> Float64Array [68]
 */
export function fxFromCurves(curves: Readonly<Record<string, FxCurve>>, maxAgeMs = Infinity): FxRates {
  const perEuro = (currency: string, times: Float64Array): Float64Array => {
    if (currency === 'EUR') return new Float64Array(times.length).fill(1);
    const curve = curves[currency];
    if (curve === undefined) throw new ValidationError(`No exchange rates for ${currency}`, 'unit');
    return ratesAtOrBefore(curve, times, maxAgeMs);
  };
  return (from, to, times) => {
    if (times === undefined) throw new ValueError('Currency conversion needs the times of the values');
    const a = perEuro(from, times);
    const b = perEuro(to, times);
    b.forEach((rate, i) => {
      b[i] = rate / a[i]!;
    });
    return b;
  };
}
