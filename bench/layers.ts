/**
 * What each memo, cache and pool layer gains on the operation it exists for
 * (docs/performance.md#layers): the operation timed with the layer and without it in alternating
 * rounds (bench/paired.ts), with the noise floor of each comparison (two runs of the same code in
 * one round). Writes `bench/results/layers.json`.
 *
 *   node --import tsx bench/layers.ts [--rounds 11] [--only NAME]
 *
 * A layer is switched off the way its code allows without a second copy of it: a method of its
 * class put aside for the run, inputs that miss an identity-keyed memo (fresh objects equal to
 * the kept ones), or the layer's own uncached function.
 */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { IANAZone } from 'luxon';
import { parseArgs } from 'node:util';
import { Timeseries } from '../src/model';
import { Frequency, Resolution, zoneByName } from '../src/time';
import { floorMillis, floorMillisUnkept } from '../src/time/floor-millis';
import { OffsetTable, tableFor } from '../src/time/offset-table';
import { DAY_MS, localToInstant } from '../src/time/wall-clock';
import { parseDateTimeText, resolveMillis } from '../src/wire/formats';
import { parseTimeseries, serializeTimeseries, timeseriesBytes } from '../src/wire/json';
import { AnswerBuffers } from '../server/src/http/json-reply';
import { pairedRounds, replaced, type Paired, type PairedOptions, type Side, versus } from './paired';
import { writeResult, type ResultRow } from './record';
import { serverLayers } from './layers-server';

const { values: args } = parseArgs({ options: { rounds: { type: 'string' }, only: { type: 'string' } } });
const OPTIONS: PairedOptions = { rounds: Number(args.rounds ?? 11) };
const CET = zoneByName('CET');
const Q = 900_000;
/** 2024-01-01 00:00 CET, and a year of quarter-hours from there. */
const BEGIN = Date.UTC(2023, 11, 31, 23);
const YEAR = Float64Array.from({ length: 35_136 }, (_, i) => BEGIN + i * Q);
const YEAR_VALUES = Float64Array.from(YEAR, (_, i) => Math.round((20_000 + 15_000 * Math.sin(i / 700)) * 100) / 100);

/** A layer's comparison: its name, where it lives, the operation, and the result. */
export interface LayerResult {
  readonly layer: string;
  readonly where: string;
  readonly operation: string;
  readonly paired: Paired;
}

const NOTHING: Side = {};

function yearSeries(zone = CET): Timeseries {
  return new Timeseries({
    resolution: new Resolution(Frequency.PT15M, zone),
    unit: 'MWh/h',
    times: YEAR,
    values: YEAR_VALUES,
  });
}

async function offsetTable(): Promise<LayerResult> {
  const paired = await versus(
    tableFor(CET).offsetFn,
    [(ms: number) => CET.offset(ms)],
    (offsetOf) => {
      let sum = 0;
      for (let i = 0; i < YEAR.length; i++) sum += offsetOf(YEAR[i]!);
      return sum;
    },
    OPTIONS,
  );
  return { layer: 'zone offset table', where: 'src/time/offset-table.ts', operation: 'the CET offsets of a year of quarter-hours', paired };
}

async function lastStep(): Promise<LayerResult> {
  const paired = await versus(
    floorMillis,
    [floorMillisUnkept],
    (floor) => {
      let sum = 0;
      for (let i = 0; i < YEAR.length; i++) sum += floor(YEAR[i]!, Frequency.P1D, CET);
      return sum;
    },
    OPTIONS,
  );
  return {
    layer: 'last calendar step',
    where: 'src/time/floor-millis.ts',
    operation: 'a year of quarter-hours floored to days (CET)',
    paired,
  };
}

async function lastMidnight(): Promise<LayerResult> {
  const paired = await pairedRounds(
    () => {
      let sum = 0;
      for (let i = 0; i < YEAR.length; i++) sum += floorMillisUnkept(YEAR[i]!, Frequency.P1D, CET);
      return sum;
    },
    NOTHING,
    replaced(OffsetTable.prototype, 'midnight', function midnight(this: OffsetTable, days: number) {
      return localToInstant(days * DAY_MS, this.offsetFn);
    }),
    OPTIONS,
  );
  return {
    layer: 'last local midnight',
    where: 'src/time/offset-table.ts (`midnight`)',
    operation: 'a year of quarter-hours floored to days, without the step memo above it',
    paired,
  };
}

async function offsetSegmentBlocks(): Promise<LayerResult> {
  const kept = yearSeries();
  // Fresh zone objects equal to CET miss the cache (a WeakMap by zone); one per call.
  const fresh = Array.from({ length: 1_000 }, () => yearSeries(new IANAZone('CET')));
  const paired = await versus(kept, fresh, (series) => timeseriesBytes(series), {
    ...OPTIONS,
    maxCalls: Math.floor(fresh.length / (2 * (OPTIONS.rounds ?? 11) + 8)),
  });
  return {
    layer: 'zone offset segments by year',
    where: 'src/engine/offset-segments.ts',
    operation: 'one year of quarter-hours written as JSON (`timeseriesBytes`)',
    paired,
  };
}

async function requestDates(): Promise<LayerResult> {
  const same = ['2024-01-01', '2025-01-01'] as const;
  // 600 distinct pairs: more than the 256 texts kept, so every one is parsed.
  const distinct = Array.from({ length: 600 }, (_, i) => {
    const d = new Date(Date.UTC(2000, 0, 1) + i * DAY_MS).toISOString().slice(0, 10);
    return [d, `${d}T06:00`] as const;
  });
  const paired = await versus<readonly [string, string]>(
    same,
    distinct,
    ([a, b]) => resolveMillis(parseDateTimeText(a)!, CET) + resolveMillis(parseDateTimeText(b)!, CET),
    { ...OPTIONS, minRunMs: 20 },
  );
  return {
    layer: 'request dates parsed',
    where: 'src/wire/formats.ts (`parseDateTimeText`)',
    operation: "a request's two dates parsed and resolved",
    paired,
  };
}

async function parsedAnswers(): Promise<LayerResult> {
  const body = JSON.parse(JSON.stringify(serializeTimeseries(yearSeries())));
  // Fresh bodies equal to the kept one miss the memo (a WeakMap by `data` array).
  const fresh = Array.from({ length: 400 }, () => JSON.parse(JSON.stringify(body)));
  parseTimeseries(body);
  parseTimeseries(body);
  const paired = await versus<unknown>(body, fresh, (answer) => parseTimeseries(answer), {
    ...OPTIONS,
    maxCalls: Math.floor(fresh.length / (2 * (OPTIONS.rounds ?? 11) + 8)),
  });
  return {
    layer: 'answers parsed before',
    where: 'src/wire/json/timeseries.ts (`readBefore`)',
    operation: 'a cached one-year JSON answer parsed again (a warm load)',
    paired,
  };
}

async function answerBuffers(): Promise<LayerResult> {
  const series = yearSeries();
  const buffers = new AnswerBuffers();
  const paired = await versus(
    true,
    [false],
    (use) => {
      if (!use) return timeseriesBytes(series);
      const bytes = timeseriesBytes(series, buffers);
      const sent = new EventEmitter();
      buffers.lend(sent as unknown as ServerResponse, bytes);
      sent.emit('finish');
      return bytes;
    },
    OPTIONS,
  );
  return {
    layer: 'answer buffers',
    where: 'server/src/http/json-reply.ts (`AnswerBuffers`)',
    operation: 'one year of quarter-hours written as JSON, answer after answer',
    paired,
  };
}

const CLIENT: Record<string, () => Promise<LayerResult>> = {
  'offset-table': offsetTable,
  'last-step': lastStep,
  'last-midnight': lastMidnight,
  'offset-segments': offsetSegmentBlocks,
  'request-dates': requestDates,
  'parsed-answers': parsedAnswers,
  'answer-buffers': answerBuffers,
};

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

async function main(): Promise<void> {
  const results: LayerResult[] = [];
  const all = { ...CLIENT, ...serverLayers(OPTIONS) };
  for (const [name, run] of Object.entries(all)) {
    if (args.only !== undefined && !args.only.split(',').includes(name)) continue;
    const r = await run();
    results.push(r);
    const p = r.paired;
    console.log(
      `${r.layer.padEnd(34)} with ${p.with.median.toFixed(3).padStart(8)} ms  without ${p.without.median.toFixed(3).padStart(8)} ms  gain ${pct(p.gain).padStart(6)}  noise ${pct(p.noise)}`,
    );
  }
  const fresh: ResultRow[] = results.flatMap((r) => [
    {
      case: `${r.layer}: with (${r.operation})`,
      unit: 'ms',
      ...r.paired.with,
      note: `gain ${pct(r.paired.gain)}, noise floor ${pct(r.paired.noise)}`,
    },
    { case: `${r.layer}: without`, unit: 'ms', ...r.paired.without },
  ]);
  const where = results.map((r) => `${r.layer}: ${r.where}.`);
  // With --only, the other layers keep their rows from the last full run.
  const earlier = args.only === undefined ? undefined : previous();
  const redone = (text: string) => results.some((r) => text.startsWith(`${r.layer}:`));
  const rows = [...(earlier?.rows ?? []).filter((row) => !redone(row.case)), ...fresh];
  const notes = [...(earlier?.notes ?? []).filter((n) => n.includes(': ') && !redone(n)), ...where];
  writeResult({
    bench: 'layers',
    command: `node --import tsx bench/layers.ts --rounds ${OPTIONS.rounds}`,
    compared:
      'Each memo, cache or pool layer: the operation it exists for, timed with and without it in alternating rounds (one run = the time per operation over at least 60 ms, 300 ms for the streamed answers). Gain = the median over rounds of 1 - with / without (the two runs of a round side by side); noise floor = median over rounds of how far two runs with the layer differ.',
    rows,
    notes,
  });
}

function previous(): { rows: ResultRow[]; notes: string[] } | undefined {
  try {
    return JSON.parse(readFileSync(join(__dirname, 'results', 'layers.json'), 'utf8')) as { rows: ResultRow[]; notes: string[] };
  } catch {
    return undefined;
  }
}

void main();
