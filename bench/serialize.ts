/**
 * The service's serialisation of raw time series (issue 15): the byte writer `timeseriesBytes`
 * against the object path it replaces (`JSON.stringify(serializeTimeseries(ts))`) and against the
 * floor, `JSON.stringify` of an equivalent prepared body (the item objects already built).
 *
 *   node --import tsx bench/serialize.ts [--runs 9]
 *
 * Cases: one year of CET 15-minute values (35,136 items) and one 51-member ensemble instance with
 * its mean (1,440 steps x 52 values), members with two decimals (as the demo data) and, the slow
 * case for the writer, full-precision floats (written through `String(x)`). Prints the median of
 * `--runs` runs of each and the ratios.
 */
import { parseArgs } from 'node:util';
import { Timeseries } from '../src/model';
import { Frequency, Resolution, zoneByName } from '../src/time';
import { serializeTimeseries, timeseriesBytes } from '../src/wire/json';
import { median, runTimes } from './median-time';
import { summarize, writeResult, type ResultRow } from './record';

const { values: args } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(args.runs ?? 9);
const CET = zoneByName('CET');
const BEGIN = Date.UTC(2023, 11, 31, 23);

function value(i: number): number {
  return Math.round((20_000 + 15_000 * Math.sin(i / 700) + (i % 97) * 13.7) * 100) / 100;
}

function year(): Timeseries {
  const n = 35_136;
  return new Timeseries({
    resolution: new Resolution(Frequency.PT15M, CET),
    unit: 'MWh/h',
    times: Float64Array.from({ length: n }, (_, i) => BEGIN + i * 900_000),
    values: Float64Array.from({ length: n }, (_, i) => value(i)),
  });
}

/** Members with two decimals (as the demo data has), or full-precision floats. */
function ensemble(rounded: boolean): Timeseries {
  const n = 1_440;
  const member = (i: number, k: number) => (rounded ? value(i * 3 + k * 7) : value(i * 3 + k * 7) / 3);
  return new Timeseries({
    resolution: new Resolution(Frequency.PT15M, CET),
    unit: 'MWh/h',
    times: Float64Array.from({ length: n }, (_, i) => BEGIN + i * 900_000),
    values: Float64Array.from({ length: n }, (_, i) => value(i)),
    scenarios: Array.from({ length: 51 }, (_, k) => Float64Array.from({ length: n }, (_, i) => member(i, k))),
  });
}

const rows: ResultRow[] = [];

function run(label: string, ts: Timeseries): void {
  const prepared = serializeTimeseries(ts);
  if (Buffer.compare(Buffer.from(timeseriesBytes(ts)), Buffer.from(JSON.stringify(prepared))) !== 0)
    throw new Error(`${label}: the writers disagree`);
  const floorRuns = runTimes(() => Buffer.from(JSON.stringify(prepared)), RUNS);
  const beforeRuns = runTimes(() => Buffer.from(JSON.stringify(serializeTimeseries(ts))), RUNS);
  const afterRuns = runTimes(() => timeseriesBytes(ts), RUNS);
  const [floor, before, after] = [median(floorRuns), median(beforeRuns), median(afterRuns)];
  rows.push(
    { case: `${label}: floor, JSON.stringify of a prepared body`, unit: 'ms', ...summarize(floorRuns) },
    { case: `${label}: objects + JSON.stringify`, unit: 'ms', ...summarize(beforeRuns), note: `${(before / floor).toFixed(2)}x the floor` },
    {
      case: `${label}: byte writer (timeseriesBytes)`,
      unit: 'ms',
      ...summarize(afterRuns),
      note: `${(after / floor).toFixed(2)}x the floor`,
    },
  );
  console.log(
    `${label.padEnd(34)} floor JSON.stringify(prepared) ${floor.toFixed(2).padStart(6)} ms | before (objects + stringify) ${before.toFixed(2).padStart(6)} ms ${(before / floor).toFixed(2)}x | byte writer ${after.toFixed(2).padStart(6)} ms ${(after / floor).toFixed(2)}x`,
  );
}

run('one year, 15-minute (35,136 items)', year());
run('ensemble 1,440 x (mean + 51)', ensemble(true));
run('same, members full-precision floats', ensemble(false));
writeResult({
  bench: 'serialize',
  command: `node --import tsx bench/serialize.ts --runs ${RUNS}`,
  compared:
    "The service's JSON byte writer against the object path and against JSON.stringify of a prepared body (one run = the median time per call over at least 100 ms).",
  rows,
});
