/**
 * Daily price paths of the fuels, carbon and currencies (one value per calendar day): mean-
 * reverting random walks in log space, so they wander like markets but stay in the ranges of
 * docs/demo-data.md#value-ranges over any window. Spot power prices take their fuel costs from here, and
 * futures settle around them, so SRMC and spot prices relate as in real markets.
 */
import { addDays, dateRange, daysBetween, utcDate } from './demo-time';
import type { DemoWindow } from './demo-window';
import { FX_DEFS } from './market-defs';
import { createRng, type Rng } from './prng';

/** Daily paths over `dates`. */
export interface MarketPaths {
  /** Calendar days covered, consecutive. */
  dates: string[];
  /** TTF front-month level, EUR/MWh. */
  ttf: Float64Array;
  /** THE premium over TTF, EUR/MWh. */
  theSpread: Float64Array;
  /** NBP basis factor (NBP = TTF x EURGBP x 2.93 x basis), around 1. */
  nbpBasis: Float64Array;
  /** EUA December level, EUR/t. */
  eua: Float64Array;
  /** API-2 front-month level, USD/t. */
  coal: Float64Array;
  /** Brent front-month level, USD/bbl. */
  brent: Float64Array;
  /** Nordic hydrological price level, EUR/MWh (about 42 on average). */
  nordic: Float64Array;
  /** Power risk premium factor of futures over fundamentals, around 1. */
  powerPremium: Float64Array;
  /** Units of currency per EUR. */
  fx: Record<string, Float64Array>;
  /** Index of a date in `dates` (clamped to the ends). */
  index(date: string): number;
}

/**
 * A mean-reverting path: `centre * exp(y)` with `y` an AR(1) process of stationary standard
 * deviation `spread` and one-day changes of about `daily`.
 */
function ouPath(rng: Rng, n: number, centre: number, spread: number, daily: number, shock?: Float64Array, shockWeight = 0): Float64Array {
  const phi = Math.max(0, 1 - (daily * daily) / (2 * spread * spread));
  const innov = spread * Math.sqrt(1 - phi * phi);
  const out = new Float64Array(n);
  let y = rng.normal() * spread;
  const own = Math.sqrt(1 - shockWeight * shockWeight);
  for (let i = 0; i < n; i++) {
    if (i > 0) y = phi * y + innov * (own * rng.normal() + (shock ? shockWeight * shock[i]! : 0));
    out[i] = centre * Math.exp(y);
  }
  return out;
}

/**
 * The market paths of a dataset, from 10 days before the history to the end of the window.
 *
 * @param seed - Dataset seed.
 * @param window - The dataset window.
 * @returns Daily paths.
 * @example
 * marketPaths(1, demoWindow('small', '2025-03-15')).ttf.length > 90 //=> true
 */
export function marketPaths(seed: number, window: DemoWindow): MarketPaths {
  const first = addDays(window.historyStart, -10);
  const dates = dateRange(first, addDays(utcDate(window.worldEnd), 2));
  const n = dates.length;
  const energy = createRng(seed, 'market/energy-shock');
  const shock = Float64Array.from({ length: n }, () => energy.normal());
  const rng = (k: string) => createRng(seed, `market/${k}`);
  const fx: Record<string, Float64Array> = {};
  for (const def of FX_DEFS) fx[def.currency] = ouPath(rng(`fx/${def.currency}`), n, def.centre, def.spread, def.daily);
  return {
    dates,
    ttf: ouPath(rng('ttf'), n, 38, 0.2, 0.022, shock, 0.6),
    theSpread: ouPath(rng('the'), n, 2, 0.25, 0.05),
    nbpBasis: ouPath(rng('nbp'), n, 1, 0.03, 0.006),
    eua: ouPath(rng('eua'), n, 72, 0.1, 0.016, shock, 0.3),
    coal: ouPath(rng('coal'), n, 108, 0.09, 0.015, shock, 0.5),
    brent: ouPath(rng('brent'), n, 75, 0.09, 0.018, shock, 0.3),
    nordic: ouPath(rng('nordic'), n, 42, 0.25, 0.025),
    powerPremium: ouPath(rng('premium'), n, 1.0, 0.05, 0.01, shock, 0.3),
    fx,
    index: (date: string) => Math.max(0, Math.min(n - 1, daysBetween(first, date))),
  };
}

/**
 * One currency's exchange-rate path.
 *
 * @param market - Market paths.
 * @param currency - Currency code (`USD`, `GBP`, ...).
 * @returns Units of the currency per EUR, daily.
 * @throws Error naming the currency when the dataset has no path for it.
 */
export function fxPath(market: MarketPaths, currency: string): Float64Array {
  const path = market.fx[currency];
  if (!path) throw new Error(`the demo market has no exchange-rate path for ${currency}`);
  return path;
}

/**
 * Short-run marginal cost of a gas plant (docs/semantics.md#srmc): `(P / 0.9 + 0.202 * EUA) / eff`.
 *
 * @param ttf - Gas price, EUR/MWh (HHV).
 * @param eua - Carbon price, EUR/t.
 * @param efficiency - Plant efficiency.
 * @returns EUR/MWh of electricity.
 * @example
 * gasSrmc(36, 70, 0.59) //=> 91.76271186440678
 */
export function gasSrmc(ttf: number, eua: number, efficiency: number): number {
  return (ttf / 0.9 + 0.202 * eua) / efficiency;
}

/**
 * Short-run marginal cost of a hard-coal plant (docs/semantics.md#srmc):
 * `(P * FX_USD / 6.978 + 0.34056 * EUA) / eff`, with FX_USD euros per dollar.
 *
 * @param api2 - Coal price, USD/t.
 * @param usdPerEur - EUR/USD reference rate (dollars per euro).
 * @param eua - Carbon price, EUR/t.
 * @param efficiency - Plant efficiency.
 * @returns EUR/MWh of electricity.
 * @example
 * Math.round(coalSrmc(108, 1.08, 70, 0.42)) //=> 91
 */
export function coalSrmc(api2: number, usdPerEur: number, eua: number, efficiency: number): number {
  return (api2 / usdPerEur / 6.978 + 0.34056 * eua) / efficiency;
}
