import { ValidationError, ValueError } from '../exceptions';
import { splitUnit, unitInfo, type UnitInfo, type UnitPair } from './units';

/**
 * Source of currency exchange rates: how many units of `to` one unit of `from` buys, either one
 * rate for all values or one rate per value (aligned with `times`, e.g. from daily FX curves).
 * Throw a `ValidationError` naming `unit` when no rate is available.
 *
 * @example
 * const fx: FxRates = (from, to) => (from === 'EUR' && to === 'USD' ? 1.08 : NaN);
 * convertUnit(Float64Array.of(10), 'EUR', null, 'USD', { fx }).values //=> Float64Array [10.8]
 */
export type FxRates = (from: string, to: string, times: Float64Array | undefined) => number | Float64Array;

/**
 * Options of {@link convertUnit}.
 *
 * @example
 * const options: ConvertUnitOptions = { fx: () => 1.08, times: Float64Array.of(Date.UTC(2024, 0, 1)) };
 * convertUnit(Float64Array.of(1), 'EUR', 'MWh', 'USD/MWh', options).values //=> Float64Array [1.08]
 */
export interface ConvertUnitOptions {
  /** Exchange rates, needed only when the conversion changes currency (EUR to USD, not pence to GBP). */
  readonly fx?: FxRates;
  /** Step starts (epoch ms) of the values, handed to `fx` so it can pick each step's rate. */
  readonly times?: Float64Array;
}

/**
 * Result of {@link convertUnit}: new values and the unit pair they are now in.
 *
 * @example
 * const { unit, denominator }: ConvertedValues = convertUnit(Float64Array.of(80), 'EUR', 'MWh', 'EUR/kWh');
 * [unit, denominator] //=> ['EUR', 'kWh']
 */
export interface ConvertedValues {
  /** Converted values (a new array; NaN stays NaN). */
  readonly values: Float64Array;
  /** Unit after conversion (the currency of a price). */
  readonly unit: string;
  /** Denominator after conversion, or `null` for a single unit. */
  readonly denominator: string | null;
}

function incompatible(from: UnitPair, to: UnitPair, why: string): ValidationError {
  const show = (p: UnitPair): string => (p.denominator ? `${p.unit}/${p.denominator}` : p.unit);
  return new ValidationError(`Cannot convert ${show(from)} to ${show(to)}: ${why}`, 'unit');
}

function known(symbol: string, from: UnitPair, to: UnitPair): UnitInfo {
  const info = unitInfo(symbol);
  if (info === undefined) throw incompatible(from, to, `unknown unit '${symbol}'`);
  return info;
}

function currencyScale(a: UnitInfo, b: UnitInfo, options: ConvertUnitOptions, from: UnitPair, to: UnitPair): number | Float64Array {
  const fixed = a.factor / b.factor;
  if (a.base === b.base) return fixed;
  if (options.fx === undefined) {
    throw incompatible(from, to, `converting ${a.base} to ${b.base} needs FX rates`);
  }
  const rate = options.fx(a.base as string, b.base as string, options.times);
  if (typeof rate === 'number') return rate * fixed;
  const scaled = new Float64Array(rate.length);
  for (let i = 0; i < rate.length; i++) scaled[i] = rate[i]! * fixed;
  return scaled;
}

function numeratorScale(from: UnitPair, to: UnitPair, options: ConvertUnitOptions): number | Float64Array {
  if (from.unit === to.unit) return 1;
  const a = known(from.unit, from, to);
  const b = known(to.unit, from, to);
  if (a.family !== b.family) throw incompatible(from, to, `${a.family} and ${b.family} do not mix`);
  if (a.family === 'currency') return currencyScale(a, b, options, from, to);
  return a.factor / b.factor;
}

function denominatorScale(from: UnitPair, to: UnitPair): number {
  if (from.denominator === to.denominator) return 1;
  if (from.denominator === null || to.denominator === null) {
    throw incompatible(from, to, 'a price and a plain quantity do not mix');
  }
  const a = known(from.denominator, from, to);
  const b = known(to.denominator, from, to);
  if (a.family !== b.family || a.family === 'currency') {
    throw incompatible(from, to, `per ${a.symbol} and per ${b.symbol} do not mix`);
  }
  // A price per `a` is worth b/a times as much per `b` (EUR/MWh to EUR/kWh divides by 1000).
  return b.factor / a.factor;
}

/**
 * Converts values from one unit to another within a physical family (docs/semantics.md#aggregation
 * item 9): power (W ... TW), energy (Wh ... TWh, therm, MMBtu), energy per hour (Wh/h ... TWh/h),
 * temperature (°C only), currencies (pence and cent to their currency; others through `fx`) and
 * prices, i.e. a currency per energy or mass (`EUR/MWh` to `EUR/kWh`, `pence/therm` to
 * `EUR/MWh` with `fx`). Units are matched case-sensitively (`MW`, not `mw`). Values are
 * converted after aggregation; NaN (null) stays NaN.
 *
 * @param values - The values, NaN for null.
 * @param fromUnit - The current unit (`'MWh/h'`), or the currency of a price (`'EUR'`); a whole
 *   price string (`'EUR/MWh'`) is accepted when `fromDenominator` is empty.
 * @param fromDenominator - The current denominator (`'MWh'`), or `null`/`undefined` for none.
 * @param toUnitString - The wanted unit as a user writes it: `'GWh/h'`, `'kW'`, `'EUR/kWh'`.
 * @param options - `fx`: exchange rates for currency changes; `times`: step starts handed to `fx`.
 * @returns The converted values with the unit and denominator they are now in.
 * @throws ValidationError with parameter `unit` when a unit is unknown, the units are of
 *   different families, or a currency change has no `fx`.
 * @example
 * convertUnit(Float64Array.of(1500, NaN), 'MWh/h', null, 'GWh/h')
 * //=> { values: Float64Array [1.5, NaN], unit: 'GWh/h', denominator: null }
 * convertUnit(Float64Array.of(80), 'EUR', 'MWh', 'EUR/kWh')
 * //=> { values: Float64Array [0.08], unit: 'EUR', denominator: 'kWh' }
 */
export function convertUnit(
  values: Float64Array,
  fromUnit: string,
  fromDenominator: string | null | undefined,
  toUnitString: string,
  options: ConvertUnitOptions = {},
): ConvertedValues {
  const from: UnitPair = fromDenominator ? { unit: fromUnit.trim(), denominator: fromDenominator.trim() } : splitUnit(fromUnit);
  const to = splitUnit(toUnitString);
  if (to.unit === '') throw new ValidationError('The target unit is empty', 'unit');
  const perDenominator = denominatorScale(from, to);
  const scale = numeratorScale(from, to, options);
  const out = new Float64Array(values.length);
  if (typeof scale === 'number') {
    const k = scale * perDenominator;
    // Scaling down by a whole power (MW to GW) divides, so 1400 MW is exactly 1.4 GW rather
    // than 1.4000000000000001 (IEEE division is correctly rounded; multiplying by 0.001 is not).
    const divisor = Math.round(1 / k);
    if (k < 1 && Math.abs(1 / k - divisor) < 1e-9 * divisor) {
      for (let i = 0; i < values.length; i++) out[i] = values[i]! / divisor;
    } else {
      for (let i = 0; i < values.length; i++) out[i] = values[i]! * k;
    }
  } else {
    if (scale.length !== values.length) {
      throw new ValueError(`FX rates have ${scale.length} entries for ${values.length} values`);
    }
    for (let i = 0; i < values.length; i++) out[i] = values[i]! * scale[i]! * perDenominator;
  }
  return { values: out, unit: to.unit, denominator: to.denominator };
}
