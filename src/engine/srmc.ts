/**
 * The short-run marginal cost of a coal or gas plant (docs/semantics.md#srmc), in EUR per MWh of
 * electricity, from a fuel settlement price, the EUA price and FX rates of the trading day:
 *
 *   SRMC(d) = (fuel(d) + carbon_emissions × CO2(d)) / efficiency
 *   coal (currency/t):        fuel = P × FX(d) / api2_tonne_to_mwh
 *   gas (currency/MWh, HHV):  fuel = P × FX(d) / 0.9
 *   gas (pence/therm):        fuel = (P / 100) / gas_therm_to_mwh × FX_GBP(d) / 0.9
 *   CO2(d) = EUA(d) + carbon tax of the area (GB: 18 GBP/t × FX_GBP(d))
 *
 * @module
 */
import { ValidationError } from '../exceptions';
import { splitUnit, unitInfo } from './units';

/**
 * Fuel of an SRMC calculation (the `fuel_type` of `srmc_options`).
 *
 * @example
 * const fuel: SrmcFuel = 'GAS';
 * srmcFactors(fuel).efficiency //=> 0.59
 */
export type SrmcFuel = 'COAL' | 'GAS';

/**
 * The factors of one calculation; the one of the other fuel is null.
 *
 * @example
 * const f: SrmcFactorSet = SRMC_DEFAULTS.COAL; f.efficiency //=> 0.42
 */
export interface SrmcFactorSet {
  /** MWh of heat per tonne of API2 coal (coal only). */
  readonly api2TonneToMwh: number | null;
  /** MWh per therm, higher heating value (gas only). */
  readonly gasThermToMwh: number | null;
  /** Plant efficiency, 0.01-1. */
  readonly efficiency: number;
  /** tCO2 per MWh of fuel, 0.01-1. */
  readonly carbonEmissions: number;
}

/**
 * Default factors per fuel (docs/semantics.md#srmc).
 *
 * @example
 * SRMC_DEFAULTS.GAS.carbonEmissions //=> 0.202
 */
export const SRMC_DEFAULTS: Readonly<Record<SrmcFuel, SrmcFactorSet>> = Object.freeze({
  COAL: Object.freeze({ api2TonneToMwh: 6.978, gasThermToMwh: null, efficiency: 0.42, carbonEmissions: 0.34056 }),
  GAS: Object.freeze({ api2TonneToMwh: null, gasThermToMwh: 0.029307, efficiency: 0.59, carbonEmissions: 0.202 }),
});

/**
 * Gas is traded in higher heating value, power plants burn lower heating value: divide by 0.9.
 *
 * @example
 * 27 / HHV_TO_LHV //=> 30
 */
export const HHV_TO_LHV = 0.9;

/**
 * Flat carbon taxes added to the EUA price, per area tag: an amount per tonne of CO2 in a
 * currency. Areas not listed have none.
 *
 * @example
 * CARBON_TAXES.GB //=> { amount: 18, currency: 'GBP' }
 */
export const CARBON_TAXES: Readonly<Record<string, { readonly amount: number; readonly currency: string }>> = Object.freeze({
  GB: Object.freeze({ amount: 18, currency: 'GBP' }),
});

/**
 * Overrides of the factors, as a request gives them (absent or null: the default).
 *
 * @example
 * const overrides: SrmcOverrides = { efficiency: 0.4, carbonEmissions: 0.35 };
 * srmcFactors('COAL', overrides).efficiency //=> 0.4
 */
export type SrmcOverrides = Partial<Record<'api2TonneToMwh' | 'gasThermToMwh' | 'efficiency' | 'carbonEmissions', number | null>>;

const WIRE_NAMES = {
  api2TonneToMwh: 'api2-tonne-to-mwh',
  gasThermToMwh: 'gas-therm-to-mwh',
  efficiency: 'efficiency',
  carbonEmissions: 'carbon-emissions',
} as const;

/**
 * The effective factors: the fuel's defaults with the given overrides (the other fuel's factor
 * is ignored and comes back null).
 *
 * @param fuel - Coal or gas.
 * @param overrides - Factors to use instead of the defaults.
 * @returns The factors.
 * @throws ValidationError naming the parameter when `efficiency` or `carbonEmissions` lies
 *   outside [0.01, 1] or a conversion factor is not a positive number.
 * @example
 * srmcFactors('COAL', { efficiency: 0.4 })
 * //=> { api2TonneToMwh: 6.978, gasThermToMwh: null, efficiency: 0.4, carbonEmissions: 0.34056 }
 */
export function srmcFactors(fuel: SrmcFuel, overrides: SrmcOverrides = {}): SrmcFactorSet {
  const base = SRMC_DEFAULTS[fuel];
  const pick = (key: keyof SrmcFactorSet): number | null => {
    if (base[key] === null) return null;
    const value = overrides[key] ?? base[key];
    const ratio = key === 'efficiency' || key === 'carbonEmissions';
    const ok = Number.isFinite(value) && (ratio ? value >= 0.01 && value <= 1 : value > 0);
    if (!ok) throw new ValidationError(ratio ? 'Must lie between 0.01 and 1.0' : 'Must be a positive number', WIRE_NAMES[key]);
    return value;
  };
  return {
    api2TonneToMwh: pick('api2TonneToMwh'),
    gasThermToMwh: pick('gasThermToMwh'),
    efficiency: pick('efficiency') as number,
    carbonEmissions: pick('carbonEmissions') as number,
  };
}

/**
 * The fuel of an SRMC curve: its commodity (`Coal`, `Gas`), else the word `coal` or `gas` in its
 * name (any case).
 *
 * @param curve - The curve's name and commodity.
 * @returns `COAL` or `GAS`.
 * @throws ValidationError (parameter `curve`) for any other curve.
 * @example
 * srmcFuelOf({ name: 'NL Futures Natural Gas EUR/MWh ICE-TTF OHLC', commodity: 'Gas' }) //=> 'GAS'
 */
export function srmcFuelOf(curve: { readonly name: string; readonly commodity?: string | null }): SrmcFuel {
  const commodity = (curve.commodity ?? '').toLowerCase();
  if (commodity === 'coal' || (commodity !== 'gas' && /coal/i.test(curve.name))) return 'COAL';
  if (commodity === 'gas' || /gas/i.test(curve.name)) return 'GAS';
  throw new ValidationError('Provide a coal or gas curve', 'curve');
}

/**
 * The ISO currency a price unit is quoted in (`pence` is GBP), the one whose FX rate prices it.
 *
 * @param unit - The price's unit (`'USD'`, `'pence'`) or whole unit (`'pence/therm'`).
 * @returns The currency code.
 * @throws ValidationError (parameter `curve`) when the unit is not a currency.
 * @example
 * priceCurrency('pence/therm') //=> 'GBP'
 */
export function priceCurrency(unit: string): string {
  const info = unitInfo(splitUnit(unit).unit);
  if (info?.family !== 'currency') throw new ValidationError(`The curve's unit '${unit}' is not a price`, 'curve');
  return info.base as string;
}

/** Divisor turning a price per `denominator` into a price per MWh of heat (LHV), and the currency scale. */
function perMwhHeat(fuel: SrmcFuel, unit: string, denominator: string | null, factors: SrmcFactorSet): number {
  const money = unitInfo(splitUnit(unit).unit) as { factor: number };
  const per = denominator === null ? undefined : unitInfo(denominator);
  if (fuel === 'COAL' && per?.family === 'mass') return (per.factor * (factors.api2TonneToMwh as number)) / money.factor;
  if (fuel === 'GAS' && per?.family === 'energy') {
    const therm = unitInfo('therm')?.factor as number;
    const mwhPerUnit =
      per.symbol === 'therm' || per.symbol === 'MMBtu' ? (factors.gasThermToMwh as number) * (per.factor / therm) : per.factor / 1e6;
    return (mwhPerUnit * HHV_TO_LHV) / money.factor;
  }
  throw new ValidationError(`Cannot price ${fuel.toLowerCase()} quoted per '${denominator ?? ''}'`, 'curve');
}

/**
 * Inputs of {@link srmcValues}, one entry per settlement price (trading day).
 *
 * @example
 * const input: SrmcInput = { fuel: 'GAS', prices: Float64Array.of(NaN), unit: 'EUR', denominator: 'MWh', eurPerCurrency: 1, eua: 60, factors: SRMC_DEFAULTS.GAS };
 * srmcValues(input) //=> Float64Array [NaN]
 */
export interface SrmcInput {
  /** Coal or gas. */
  readonly fuel: SrmcFuel;
  /** Fuel settlement prices, NaN = null. */
  readonly prices: Float64Array;
  /** Price currency (`'USD'`, `'EUR'`, `'pence'`). */
  readonly unit: string;
  /** Price denominator (`'t'`, `'MWh'`, `'therm'`). */
  readonly denominator: string | null;
  /** Euros per unit of the price's currency (GBP for pence) on each trading day, or one number. */
  readonly eurPerCurrency: Float64Array | number;
  /** EUA price in EUR/t on each trading day. */
  readonly eua: Float64Array | number;
  /** Carbon tax in EUR/t on each trading day (default 0). */
  readonly carbonTax?: Float64Array | number;
  /** The effective factors. */
  readonly factors: SrmcFactorSet;
}

/** The value at `i` of a column (in range: columns are as long as the prices), or the constant. */
const at = (v: Float64Array | number, i: number): number => (typeof v === 'number' ? v : v[i]!);

/**
 * Computes the SRMC of each price in EUR/MWh of electricity; a null price, FX rate or EUA price
 * gives null.
 *
 * @param input - Prices, their unit, FX, EUA, carbon tax and factors.
 * @returns One SRMC per price, NaN = null.
 * @throws ValidationError (parameter `curve`) when the price unit does not fit the fuel.
 * @example
 * // TTF 27 EUR/MWh, EUA 60 EUR/t, default factors: (27 / 0.9 + 0.202 × 60) / 0.59 = 42.12 / 0.59
 * srmcValues({ fuel: 'GAS', prices: Float64Array.of(27), unit: 'EUR', denominator: 'MWh', eurPerCurrency: 1, eua: 60,
 *   factors: SRMC_DEFAULTS.GAS })[0]
 * //~> 71.389830508
 */
export function srmcValues(input: SrmcInput): Float64Array {
  const { factors } = input;
  priceCurrency(input.unit);
  const divisor = perMwhHeat(input.fuel, input.unit, input.denominator, factors);
  const out = new Float64Array(input.prices.length);
  for (let i = 0; i < out.length; i++) {
    const fuel = (at(input.prices, i) * at(input.eurPerCurrency, i)) / divisor;
    const co2 = at(input.eua, i) + (input.carbonTax === undefined ? 0 : at(input.carbonTax, i));
    out[i] = (fuel + factors.carbonEmissions * co2) / factors.efficiency;
  }
  return out;
}
