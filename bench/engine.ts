/**
 * Engine benchmark: one year of 15-minute values (CET, 2024: 35 136 values) resampled to daily
 * PEAK averages in CET, and the same to monthly futures PEAK, Gas_Day BASE, and a 40-scenario
 * series; plus a unit conversion. Prints input values per second, the median of several runs.
 * Target (issue 5): >= 20 million input values per second for the daily PEAK case.
 *
 * Run: `node --import tsx bench/engine.ts`
 */
import { performance } from 'node:perf_hooks';
import { convertUnit, resample, type ResampleOptions, type SeriesColumns } from '../src/engine';
import { Aggregation, Filter } from '../src/model';
import { CET, Frequency, GAS_DAY } from '../src/time';
import { median } from './median-time';
import { summarize, writeResult, type ResultRow } from './record';

const Q = 900_000;
const RUNS = 15;
const MIN_RUN_MS = 50;

function yearOfQuarterHours(scenarios = 0): SeriesColumns {
  // 2024-01-01 00:00 CET (+01:00) = 2023-12-31T23:00Z to 2025-01-01 00:00 CET = 2024-12-31T23:00Z
  const begin = Date.UTC(2023, 11, 31, 23);
  const n = (Date.UTC(2024, 11, 31, 23) - begin) / Q;
  const times = Float64Array.from({ length: n }, (_, i) => begin + i * Q);
  const values = Float64Array.from({ length: n }, (_, i) => 50 + 30 * Math.sin(i / 48) + (i % 7));
  const columns = Array.from({ length: scenarios }, (_, s) => values.map((v) => v + s));
  return scenarios > 0 ? { times, values, scenarios: columns } : { times, values };
}

/** Median over RUNS of (values handled per second), each run repeating `work` for >= MIN_RUN_MS. */
function measure(valuesPerCall: number, work: () => unknown): { perSecond: number; msPerCall: number; rates: number[] } {
  for (let i = 0; i < 20; i++) work(); // warm-up (JIT, zone-offset cache)
  const rates: number[] = [];
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    do {
      work();
      calls++;
      elapsed = performance.now() - start;
    } while (elapsed < MIN_RUN_MS);
    rates.push((valuesPerCall * calls) / (elapsed / 1000));
    times.push(elapsed / calls);
  }
  return { perSecond: median(rates), msPerCall: median(times), rates };
}

const rows: ResultRow[] = [];

function report(name: string, valuesPerCall: number, work: () => unknown): number {
  const { perSecond, msPerCall, rates } = measure(valuesPerCall, work);
  rows.push({ case: name, unit: 'M values/s', ...summarize(rates.map((r) => r / 1e6)) });
  console.log(`${name.padEnd(44)} ${(perSecond / 1e6).toFixed(1).padStart(7)} M values/s  ${msPerCall.toFixed(3).padStart(8)} ms/call`);
  return perSecond;
}

const year = yearOfQuarterHours();
const n = year.times.length;
const daily: ResampleOptions = { from: Frequency.PT15M, to: Frequency.P1D, zone: CET, filter: Filter.PEAK };

console.log(`engine bench: ${n} quarter-hours (CET 2024), median of ${RUNS} runs, node ${process.version}`);
const headline = report('15min -> P1D PEAK AVERAGE, CET', n, () => resample(year, daily));
report('15min -> P1D BASE AVERAGE, CET', n, () => resample(year, { ...daily, filter: Filter.BASE }));
report('15min -> P1D BASE SUM, Europe/Gas_Day', n, () =>
  resample(year, { ...daily, zone: GAS_DAY, filter: Filter.BASE, aggregation: Aggregation.SUM }),
);
report('15min -> P1M PEAK (futures) MAX, CET', n, () => resample(year, { ...daily, to: Frequency.P1M, aggregation: Aggregation.MAX }));
const ensemble = yearOfQuarterHours(40);
report('15min -> P1D OFFPEAK, mean + 40 scenarios', n * 41, () => resample(ensemble, { ...daily, filter: Filter.OFFPEAK }));
const values = year.values as Float64Array;
report('convertUnit MWh/h -> GWh/h', n, () => convertUnit(values, 'MWh/h', null, 'GWh/h'));
console.log(`daily PEAK target >= 20 M values/s: ${headline >= 20e6 ? 'met' : 'NOT met'}`);
writeResult({
  bench: 'engine',
  command: 'node --import tsx bench/engine.ts',
  compared: `Input values per second of the engine's resampling and unit conversion over a year of quarter-hours (${RUNS} runs of at least ${MIN_RUN_MS} ms each); target >= 20 M values/s for the daily PEAK case.`,
  rows,
});
