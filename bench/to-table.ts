/**
 * Table benchmark (issue 3 item 3): `toTable()` of a time series against plain `JSON.parse` of
 * the response body the wire layer serialises for the same series, for one year of 15-minute
 * values (2023 in CET: 35 040 points) and a 51-member ensemble forecast (15 days of 15-minute
 * steps, mean + 51 scenarios = 52 columns). Also times the single-level header, Arrow IPC export
 * and the notebook HTML. Prints medians of several runs.
 * Target: toTable <= 3x JSON.parse of the response bytes.
 *
 * Run: `node --import tsx bench/to-table.ts`
 *
 * Recorded (node v20.20.2, 2 shared cores, so
 * absolute times vary; the ratios are what counts):
 *   one year of 15-minute values: 35 040 steps, 1.54 MB JSON; JSON.parse 26-34 ms, toTable
 *     5-12 ms = 0.20-0.34x; single-level 11 ms, toArrowIPC 48-55 ms, toHtml 2-3 ms
 *   51-member ensemble: 1 440 steps, 52 value columns, 0.55 MB JSON; JSON.parse 20-23 ms,
 *     toTable 2.9-3.3 ms = 0.12-0.17x; single-level 1-2 ms, toArrowIPC 34-45 ms, toHtml 2-3 ms
 *   target toTable <= 3x JSON.parse: met
 */
import { toArrowIPC, toHtml, toTable } from '../src/frame';
import { Timeseries } from '../src/model';
import { CET, Frequency, Resolution } from '../src/time';
import { serializeTimeseries } from '../src/wire';
import { recordedMs } from './median-time';
import { writeResult, type ResultRow } from './record';

const Q = 900_000;
const RUNS = 9;
const MIN_RUN_MS = 100;

function series(begin: number, n: number, members: number): Timeseries {
  const times = Float64Array.from({ length: n }, (_, i) => begin + i * Q);
  const base = (i: number) => Math.round((50 + 30 * Math.sin(i / 48) + (i % 7)) * 100) / 100;
  const values = Float64Array.from({ length: n }, (_, i) => (i % 97 === 5 ? NaN : base(i)));
  const scenarios = Array.from({ length: members }, (_, s) => Float64Array.from({ length: n }, (_, i) => base(i) + s / 4));
  return new Timeseries({ resolution: new Resolution(Frequency.PT15M, CET), name: 'bench', times, values, scenarios });
}

const rows: ResultRow[] = [];
let current = '';

/** Median milliseconds per call over RUNS runs, each repeating `work` for >= MIN_RUN_MS; recorded as a row. */
const median = (label: string, work: () => unknown): number => recordedMs(rows, `${current}: ${label}`, work, RUNS, MIN_RUN_MS);

function compare(name: string, ts: Timeseries): boolean {
  current = name;
  const text = JSON.stringify(serializeTimeseries(ts));
  const parse = median('JSON.parse (floor)', () => JSON.parse(text));
  const table = median('toTable', () => toTable(ts));
  const single = median('toTable, single-level header', () => toTable(ts, { singleLevelHeader: true }));
  const arrow = median('toArrowIPC', () => toArrowIPC(ts));
  const built = toTable(ts);
  const html = median('toHtml', () => toHtml(built));
  const ratio = table / parse;
  console.log(`${name}: ${ts.length} steps, ${built.numCols() - 1} value columns, ${(text.length / 1e6).toFixed(2)} MB of JSON`);
  console.log(`  JSON.parse ${parse.toFixed(2)} ms, toTable ${table.toFixed(2)} ms = ${ratio.toFixed(2)}x (target <= 3x)`);
  console.log(`  single-level ${single.toFixed(2)} ms, toArrowIPC ${arrow.toFixed(2)} ms, toHtml ${html.toFixed(2)} ms`);
  return ratio <= 3;
}

console.log(`to-table bench: median of ${RUNS} runs, node ${process.version}`);
// 2023-01-01 00:00 CET (+01:00) = 2022-12-31T23:00Z; 365 days of 96 quarter-hours = 35 040 steps.
const year = compare('one year of 15-minute values (2023, CET)', series(Date.UTC(2022, 11, 31, 23), 35_040, 0));
// 15 days of 15-minute steps from 2023-06-01 00:00 CEST (+02:00) = 2023-05-31T22:00Z: 1 440 steps.
const ensemble = compare('51-member ensemble (mean + scenarios, 15 days)', series(Date.UTC(2023, 4, 31, 22), 1_440, 51));
console.log(`target toTable <= 3x JSON.parse: ${year && ensemble ? 'met' : 'NOT met'}`);
writeResult({
  bench: 'to-table',
  command: 'node --import tsx bench/to-table.ts',
  compared:
    'Conversions of a parsed series (toTable, toArrowIPC, toHtml) against JSON.parse of its answer (one run = the median time per call over at least 100 ms).',
  rows,
});
