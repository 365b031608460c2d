/**
 * JSON parse/serialise benchmark (issue 3 item 2): parsing a response body into a model object
 * against plain `JSON.parse` of the same bytes, and serialising back against plain
 * `JSON.stringify`, for one year of 15-minute values (2023 in CET: 35 040 points) and a 51-member
 * ensemble forecast (15 days of 15-minute steps, mean + scenarios); then the memory kept per point
 * by a parsed 1 000 000-point series. Prints medians of several runs.
 * Targets: parse-to-object <= 2x JSON.parse; < 24 bytes per point beyond the input text.
 *
 * Run: `node --import tsx bench/parse.ts`
 *
 * Recorded (Node 20.20, 2 shared vCPUs; absolute times vary with load, the ratios hold):
 *   year of 15 min (1.54 MB): JSON.parse 6.3 ms, parseTimeseries 10.1 ms = 1.3-1.6x;
 *                             JSON.stringify 7.2 ms, serializeTimeseries + stringify 15.1 ms = 2.1-2.4x
 *   51-member ensemble (0.55 MB): JSON.parse 2.8 ms, parseTimeseries 3.7 ms = 1.2-1.7x;
 *                             JSON.stringify 4.5 ms, serializeTimeseries + stringify 8.4 ms = 1.8-2.1x
 *   1 000 000 points (43.8 MB): 15.9 bytes per point kept (times + values: two Float64Array)
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Timeseries } from '../src/model';
import { CET, Frequency, Resolution } from '../src/time';
import { parseTimeseries, serializeTimeseries } from '../src/wire';
import { recordedMs } from './median-time';
import { writeResult, type ResultRow } from './record';

const Q = 900_000;
const RUNS = 9;
const MIN_RUN_MS = 100;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function series(begin: number, n: number, members: number, withMean: boolean): Timeseries {
  const times = Float64Array.from({ length: n }, (_, i) => begin + i * Q);
  const base = (i: number) => Math.round((50 + 30 * Math.sin(i / 48) + (i % 7)) * 100) / 100;
  const values = withMean ? Float64Array.from({ length: n }, (_, i) => (i % 97 === 5 ? NaN : base(i))) : null;
  const scenarios = Array.from({ length: members }, (_, s) => Float64Array.from({ length: n }, (_, i) => base(i) + s / 4));
  return new Timeseries({ resolution: new Resolution(Frequency.PT15M, CET), times, values, scenarios });
}

const rows: ResultRow[] = [];
let current = '';

/** Median milliseconds per call over RUNS runs, each repeating `work` for >= MIN_RUN_MS; recorded as a row. */
const median = (label: string, work: () => unknown): number => recordedMs(rows, `${current}: ${label}`, work, RUNS, MIN_RUN_MS);

function compare(name: string, ts: Timeseries): void {
  current = name;
  const text = JSON.stringify(serializeTimeseries(ts));
  const tree = JSON.parse(text) as unknown;
  const parse = median('JSON.parse (floor)', () => JSON.parse(text));
  const toObject = median('parseTimeseries', () => parseTimeseries(text));
  const stringify = median('JSON.stringify of the parsed tree', () => JSON.stringify(tree));
  const write = median('serializeTimeseries + JSON.stringify', () => JSON.stringify(serializeTimeseries(ts)));
  const mb = (text.length / 1e6).toFixed(2);
  console.log(`${name}: ${ts.length} steps, ${mb} MB of JSON`);
  console.log(
    `  parse:     JSON.parse ${parse.toFixed(2)} ms, parseTimeseries ${toObject.toFixed(2)} ms = ${(toObject / parse).toFixed(2)}x (target <= 2x)`,
  );
  console.log(
    `  serialise: JSON.stringify ${stringify.toFixed(2)} ms, serializeTimeseries + stringify ${write.toFixed(2)} ms = ${(write / stringify).toFixed(2)}x`,
  );
}

function used(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

function memory(n: number): void {
  const text = JSON.stringify(serializeTimeseries(series(Date.UTC(2019, 11, 31, 23), n, 0, true)));
  const before = used();
  const ts = parseTimeseries(text);
  const after = used();
  const perPoint = (after - before) / ts.length;
  console.log(
    `memory: ${ts.length} points (${(text.length / 1e6).toFixed(1)} MB of JSON): ${perPoint.toFixed(1)} bytes per point kept beyond the text (target < 24)`,
  );
}

// 2023-01-01 00:00 CET (+01:00) = 2022-12-31T23:00Z; 365 days of 96 quarter-hours (23 h and 25 h
// DST days have 92 and 100, so the year has 365 * 96 = 35 040).
compare('one year of 15-minute values (2023, CET)', series(Date.UTC(2022, 11, 31, 23), 35_040, 0, true));
// 15 days of 15-minute steps from 2023-06-01 00:00 CEST (+02:00) = 2023-05-31T22:00Z: 1 440 steps.
compare('51-member ensemble (mean + scenarios, 15 days)', series(Date.UTC(2023, 4, 31, 22), 1_440, 51, true));
memory(1_000_000);
writeResult({
  bench: 'parse',
  command: 'node --import tsx bench/parse.ts',
  compared:
    "The client's JSON parser (parseTimeseries) against JSON.parse of the same bytes, and the object serialiser against JSON.stringify (one run = the median time per call over at least 100 ms).",
  rows,
});
