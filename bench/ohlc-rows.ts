/**
 * The OHLC rows of the benches (bench/ohlc.ts, bench/answer-parts.ts): four years of daily trading
 * of a power futures curve, 20 contracts a trading day (4 weeks, 6 months, 6 quarters, 4 years
 * ahead), 20,860 rows, in the order a day's contracts are listed (not the order reads return).
 *
 * @module
 */
import type { OhlcBlock } from '../server/src/store';
import { zoneByName } from '../src/time';

/** The bench curve's name. */
export const OHLC_BENCH_CURVE = 'DE Bench Futures Power Base EUR/MWh EEX OHLC';

const CET = zoneByName('CET');
const DAY = 86_400_000;

/** Trading days (weekdays) of 2021-2024 at local midnight in CET, and 20 contracts each. */
export function ohlcBenchRows(): OhlcBlock {
  const out = { traded: [] as number[], period: [] as string[], delivery: [] as number[], price: [] as number[] };
  const midnight = (y: number, m: number, d: number) => Date.UTC(y, m, d) - (CET.offset(Date.UTC(y, m, d)) as number) * 60_000;
  for (let day = Date.UTC(2021, 0, 1); day < Date.UTC(2025, 0, 1); day += DAY) {
    const date = new Date(day);
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
    const traded = midnight(y, m, d);
    const add = (period: string, delivery: number, k: number) => {
      out.traded.push(traded);
      out.period.push(period);
      out.delivery.push(delivery);
      out.price.push(Math.round((80 + 40 * Math.sin(day / 9e9) + k * 1.37) * 100) / 100);
    };
    const monday = day + ((8 - date.getUTCDay()) % 7 || 7) * DAY;
    for (let k = 0; k < 4; k++) {
      const w = new Date(monday + 7 * k * DAY);
      add('week', midnight(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate()), k);
    }
    for (let k = 1; k <= 6; k++) add('month', midnight(y, m + k, 1), k);
    for (let k = 1; k <= 6; k++) add('quarter', midnight(y, (Math.floor(m / 3) + k) * 3, 1), k);
    for (let k = 1; k <= 4; k++) add('year', midnight(y + k, 0, 1), k);
  }
  const f = (xs: number[]) => Float64Array.from(xs);
  const price = f(out.price);
  return {
    curve: OHLC_BENCH_CURVE,
    traded: f(out.traded),
    period: out.period,
    delivery: f(out.delivery),
    open: price.map((p) => p - 0.5),
    high: price.map((p) => p + 1.25),
    low: price.map((p) => p - 1.5),
    close: price,
    settlement: price.map((p) => p + 0.05),
    volume: price.map((p) => Math.round(p * 31)),
    openInterest: price.map((p) => Math.round(p * 170)),
  };
}
