/**
 * `toTable()` of a series decoded from an Arrow answer (issue 19 item 3): its value columns are
 * taken as they are (views of the received bytes), where a series of another origin has them
 * copied. Ten years of 15-minute values (350,592 rows) and a 51-member ensemble of 15 days; the
 * same series, once decoded from Arrow and once built from its own arrays. Also times the value
 * columns alone (the part the change concerns: the `date` column is made the same way for both).
 *
 * Run: `node --import tsx bench/arrow-table.ts`
 */
import { toTable } from '../src/frame';
import { Timeseries } from '../src/model';
import { CET, Frequency, Resolution } from '../src/time';
import { decodeTimeseries, encodeTimeseries, isReceivedColumn } from '../src/wire/arrow';
import { medianMs } from './median-time';

const Q = 900_000;

function series(n: number, members: number): Timeseries {
  const times = Float64Array.from({ length: n }, (_, i) => Date.UTC(2015, 0, 1, -1) + i * Q);
  const base = (i: number) => Math.round((50 + 30 * Math.sin(i / 48) + (i % 7)) * 100) / 100;
  const values = Float64Array.from({ length: n }, (_, i) => base(i));
  const scenarios = Array.from({ length: members }, (_, s) => Float64Array.from({ length: n }, (_, i) => base(i) + s / 4));
  return new Timeseries({ resolution: new Resolution(Frequency.PT15M, CET), name: 'bench', times, values, scenarios });
}

console.log(`arrow-table bench: median of 9 runs, node ${process.version}`);
for (const [name, n, members] of [
  ['ten years, 15 minutes', 350_592, 0],
  ['51-member ensemble, 15 days', 1_440, 51],
] as const) {
  const built = series(n, members);
  const received = decodeTimeseries(encodeTimeseries(built));
  if (!isReceivedColumn(received.values) || isReceivedColumn(built.values)) throw new Error('bench: unexpected column origin');
  const copied = medianMs(() => toTable(built));
  const taken = medianMs(() => toTable(received));
  const columns = (ts: Timeseries) => [ts.values, ...ts.scenarios].map((c) => (isReceivedColumn(c) ? c : c.slice()));
  const copyCols = medianMs(() => columns(built));
  const takeCols = medianMs(() => columns(received));
  console.log(`${name}: ${n} rows, ${members + 1} value columns`);
  console.log(
    `  toTable: built (copied) ${copied.toFixed(2)} ms, from Arrow (taken) ${taken.toFixed(2)} ms = ${(taken / copied).toFixed(2)}x`,
  );
  console.log(`  value columns alone: copied ${copyCols.toFixed(3)} ms, taken ${takeCols.toFixed(4)} ms`);
}
