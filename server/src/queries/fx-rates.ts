/**
 * The service's FX rates: the dataset's FOREX curves (found by data type `FOREX`, unit = the
 * currency, denominator `EUR`; values are units of the currency per euro on publication days)
 * read from the store and turned into what the engine needs: euros per unit of a currency on
 * trading days (SRMC), and the `fx` callback of `convertUnit` (currency units of daily and
 * coarser series, OHLC prices and SRMC results).
 *
 * @module
 */
import { ValidationError } from 'service/exceptions';
import { convertUnit, splitUnit, unitInfo, type FxRates } from 'service/engine';
import { eurPerUnit, fxFromCurves, type FxCurve } from 'service/engine';
import { Frequency } from 'service/time';
import type { CurveRecord, Store } from '../store';

/**
 * How far back (ms) a rate may lie before a day priced: a month covers any holiday run.
 *
 * @example
 * FX_LOOKBACK_MS / 86_400_000 //=> 31
 */
const FX_LOOKBACK_MS = 31 * 86_400_000;

/**
 * The FOREX curve of a currency, or `null` when the dataset has none (and for EUR).
 *
 * @param store - The store.
 * @param currency - The ISO code, e.g. `'USD'`.
 * @returns The curve record, or null.
 * @example
 * (await forexCurve(store, 'USD'))?.name //=> 'Currency Rate EUR-USD USD/EUR ECB D Forex'
 */
async function forexCurve(store: Store, currency: string): Promise<CurveRecord | null> {
  if (currency === 'EUR') return null;
  const page = await store.searchCurves({ dataType: 'FOREX', pageSize: 10_000 });
  return page.items.find((c) => c.unit === currency && c.denominator === 'EUR') ?? null;
}

/**
 * Reads the FX curves of some currencies over the span of `times` (from a month before the first
 * to the last), ready for the engine's FX functions.
 *
 * @param store - The store.
 * @param currencies - ISO codes; EUR is skipped (it needs no curve).
 * @param times - The instants that will be priced, epoch ms.
 * @param parameter - The parameter a missing currency is blamed on (default `unit`).
 * @returns The curves by currency code.
 * @throws ValidationError naming `parameter` when the dataset has no rates for a currency.
 * @example
 * Object.keys(await loadFxCurves(store, ['USD', 'EUR'], times)) //=> ['USD']
 */
async function loadFxCurves(
  store: Store,
  currencies: Iterable<string>,
  times: Float64Array,
  parameter = 'unit',
): Promise<Record<string, FxCurve>> {
  const out: Record<string, FxCurve> = {};
  let lo = Infinity;
  let hi = -Infinity;
  for (const t of times) {
    lo = Math.min(lo, t);
    hi = Math.max(hi, t);
  }
  for (const currency of new Set(currencies)) {
    if (currency === 'EUR') continue;
    const record = await forexCurve(store, currency);
    if (record === null) throw new ValidationError(`No exchange rates for ${currency} in this dataset`, parameter);
    if (times.length === 0) {
      out[currency] = { times: new Float64Array(0), rates: new Float64Array(0) };
      continue;
    }
    const block = await store.readSeries(record.name, { begin: lo - FX_LOOKBACK_MS, end: hi + 1 }, null, { scenarios: false });
    out[currency] = { times: block.times, rates: block.values ?? new Float64Array(block.times.length).fill(Number.NaN) };
  }
  return out;
}

/**
 * Euros per one unit of a currency on each day (FX_c(d) of docs/semantics.md#srmc): one over the
 * last rate published on or before the day; ones for EUR.
 *
 * @param store - The store.
 * @param currency - The ISO code.
 * @param times - The days, epoch ms.
 * @param parameter - The parameter a missing currency is blamed on (default `unit`).
 * @returns Euros per unit for each day, NaN before the first rate.
 * @throws ValidationError naming `parameter` when the dataset has no rates for the currency.
 * @example
 * // EUR/USD 1.08 on that day
 * (await eurPerCurrency(store, 'USD', Float64Array.of(day)))[0] //~> 0.9259259259
 */
export async function eurPerCurrency(store: Store, currency: string, times: Float64Array, parameter = 'unit'): Promise<Float64Array> {
  if (currency === 'EUR') return eurPerUnit(null, times);
  const curves = await loadFxCurves(store, [currency], times, parameter);
  return eurPerUnit(curves[currency]!, times);
}

/**
 * Exchange rates for a unit conversion (the `fx` hook of `convertUnit`), or `undefined` when the
 * conversion does not change currency (`EUR/MWh` to `EUR/kWh`, `pence` to `GBP`). A step's rate is
 * the last one at or before its start; a step without any earlier rate becomes null.
 *
 * @param store - The store.
 * @param fromUnit - The series' unit (`'EUR'` of `EUR/MWh`).
 * @param toUnit - The requested unit (`'USD/MWh'`).
 * @param times - The step starts (epoch ms) to price.
 * @param frequency - The steps' frequency: currencies need daily or coarser steps.
 * @returns The rates for `convertUnit`, or `undefined`.
 * @throws ValidationError (parameter `unit`) for steps finer than a day or a currency without rates.
 * @example
 * const fx = await fxRatesFor(store, 'EUR', 'USD/MWh', times, Frequency.P1D);
 * convertUnit(values, 'EUR', 'MWh', 'USD/MWh', { fx, times }).unit //=> 'USD'
 */
export async function fxRatesFor(
  store: Store,
  fromUnit: string,
  toUnit: string,
  times: Float64Array,
  frequency: Frequency,
): Promise<FxRates | undefined> {
  const a = unitInfo(splitUnit(fromUnit).unit);
  const b = unitInfo(splitUnit(toUnit).unit);
  if (a?.family !== 'currency' || b?.family !== 'currency' || a.base === b.base) return undefined;
  if (!frequency.isIterable || frequency.gt(Frequency.P1D)) {
    throw new ValidationError(
      `Currency conversion needs daily or coarser data, not ${frequency.tag}: aggregate with frequency=P1D`,
      'unit',
    );
  }
  const curves = await loadFxCurves(store, [a.base as string, b.base as string], times);
  const fx = fxFromCurves(curves, FX_LOOKBACK_MS);
  return (from, to) => fx(from, to, times);
}

/**
 * Price columns converted to another unit, with FX on each row's day (OHLC prices on their
 * trading day, SRMC results, daily series).
 *
 * @param store - The store.
 * @param columns - The price columns (each aligned with `times`), NaN = null.
 * @param times - The day of each row, epoch ms.
 * @param from - The prices' unit and denominator (`EUR`, `MWh`).
 * @param toUnit - The requested unit (`'GBP/MWh'`, `'EUR/kWh'`).
 * @returns The converted columns and the new unit and denominator.
 * @throws ValidationError (parameter `unit`) for an incompatible unit or a currency without rates.
 * @example
 * (await convertPrices(store, [settlement], traded, { unit: 'EUR', denominator: 'MWh' }, 'USD/MWh')).unit //=> 'USD'
 */
export async function convertPrices<C extends readonly Float64Array[] | []>(
  store: Store,
  columns: C,
  times: Float64Array,
  from: { unit: string; denominator: string | null },
  toUnit: string,
): Promise<{ columns: { -readonly [K in keyof C]: Float64Array }; unit: string; denominator: string | null }> {
  const fx = await fxRatesFor(store, from.unit, toUnit, times, Frequency.P1D);
  const probe = convertUnit(new Float64Array(times.length), from.unit, from.denominator, toUnit, { fx, times });
  // one converted column per input column, in order: the tuple type C carries over
  const converted = columns.map((c) => convertUnit(c, from.unit, from.denominator, toUnit, { fx, times }).values) as {
    -readonly [K in keyof C]: Float64Array;
  };
  return { columns: converted, unit: probe.unit, denominator: probe.denominator };
}
