/**
 * The seeding floor: how fast DuckDB's appender inserts N values, raw, with nothing else to do.
 * Demo seeding (and any import) is compared with this number; it cannot beat it.
 *
 *   node --import tsx bench/seed-floor.ts [--values 5000000] [--runs 1] [--demo small|full]
 *
 * Prints values/s (the median of `--runs` runs, variants interleaved) for:
 *   - raw appender, data chunks of 2048 rows filled with typed-array copies (the store's
 *     ChunkWriter; the floor),
 *   - raw appender, data chunks filled cell by cell with `setItem` (the public vector API),
 *   - raw appender, row by row (the appender's per-value API),
 *   - DuckDbStore.importBatch with one block of N values and with N/2000 blocks,
 * each into a fresh database file in a temporary directory, committed in one transaction.
 * With `--demo`, the demo's own batches (generated once, before timing) are also written:
 *   - raw, the same rows appended to the same tables in the same transactions (one per batch),
 *   - raw, all of them in one transaction,
 *   - through DuckDbStore.importBatch, batch by batch (the store part of `bench/seed.ts`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  BIGINT,
  DOUBLE,
  DuckDBDataChunk,
  DuckDBInstance,
  INTEGER,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBVector,
} from '@duckdb/node-api';
import { countValues, seedDemo } from '../server/src/demo';
import { ChunkWriter, SCHEMA_SQL } from '../server/src/store/duckdb/duckdb-io';
import { DuckDbStore, type CurveRecord, type ImportBatch, type SeriesBlock } from '../server/src/store';
import { benchCurve } from './bench-curve';

const { values: args } = parseArgs({ options: { values: { type: 'string' }, runs: { type: 'string' }, demo: { type: 'string' } } });
const N = Number(args.values ?? 5_000_000);
const RUNS = Number(args.runs ?? 1);
const DEMO = args.demo as 'small' | 'full' | undefined;
if (!Number.isSafeInteger(N) || N < 1) throw new Error('--values must be a positive integer');
if (!Number.isSafeInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a positive integer');
if (DEMO !== undefined && DEMO !== 'small' && DEMO !== 'full') throw new Error('--demo must be small or full');

const T0 = Date.UTC(2024, 0, 1);
const STEP = 900_000;
const times = Float64Array.from({ length: N }, (_, i) => T0 + i * STEP);
const values = Float64Array.from({ length: N }, (_, i) => 1000 + 500 * Math.sin(i / 96));

/** A variant: writes its values into a fresh database and returns [values, seconds]. */
type Variant = () => Promise<[number, number]>;

async function withDatabase<T>(use: (conn: DuckDBConnection, dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'seed-floor-'));
  const db = await DuckDBInstance.create(join(dir, 'bench.duckdb'));
  const conn = await db.connect();
  try {
    await conn.run(SCHEMA_SQL);
    return await use(conn, dir);
  } finally {
    conn.closeSync();
    db.closeSync();
    rmSync(dir, { recursive: true, force: true });
  }
}

function raw(write: (appender: DuckDBAppender) => void): Variant {
  return () =>
    withDatabase(async (conn) => {
      const started = performance.now();
      await conn.run('BEGIN TRANSACTION');
      const appender = await conn.createAppender('series_values');
      write(appender);
      appender.closeSync();
      await conn.run('COMMIT');
      return [N, (performance.now() - started) / 1000];
    });
}

function chunksCellByCell(appender: DuckDBAppender): void {
  const chunk = DuckDBDataChunk.create([INTEGER, BIGINT, DOUBLE], 2048);
  for (let offset = 0; offset < N; offset += 2048) {
    const n = Math.min(2048, N - offset);
    chunk.reset();
    chunk.rowCount = n;
    const ids = chunk.getColumnVector(0) as DuckDBVector<number>;
    const ts = chunk.getColumnVector(1) as DuckDBVector<bigint>;
    const vs = chunk.getColumnVector(2) as DuckDBVector<number>;
    for (let i = 0; i < n; i++) {
      ids.setItem(i, 1);
      ts.setItem(i, BigInt(times[offset + i]!));
      vs.setItem(i, values[offset + i]!);
    }
    for (const v of [ids, ts, vs]) v.flush();
    appender.appendDataChunk(chunk);
  }
}

async function storeImports(batches: readonly ImportBatch[]): Promise<[number, number]> {
  const dir = mkdtempSync(join(tmpdir(), 'seed-floor-'));
  const store = await DuckDbStore.open(dir);
  try {
    const started = performance.now();
    let written = 0;
    for (const batch of batches) {
      await store.importBatch(batch);
      written += countValues(batch);
    }
    return [written, (performance.now() - started) / 1000];
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function viaStore(blocks: number): Variant {
  const per = Math.ceil(N / blocks);
  const series: SeriesBlock[] = [];
  const curves: CurveRecord[] = [];
  for (let b = 0; b * per < N; b++) {
    const name = `DE Bench ${b} MWh/h 15min Actual`;
    curves.push(benchCurve(name));
    const lo = b * per;
    const hi = Math.min(N, lo + per);
    series.push({
      curve: name,
      issued: null,
      tag: null,
      times: times.subarray(lo, hi),
      values: values.subarray(lo, hi),
      scenarios: [],
      scenarioNames: [],
    });
  }
  return () => storeImports([{ curves, series }]);
}

/** The demo's rows appended straight to the tables: one transaction per batch, or one in all. */
function demoRaw(batches: readonly ImportBatch[], oneTransaction: boolean): Variant {
  return () =>
    withDatabase(async (conn) => {
      const started = performance.now();
      let written = 0;
      let seriesId = 1;
      if (oneTransaction) await conn.run('BEGIN TRANSACTION');
      for (const batch of batches) {
        if (!oneTransaction) await conn.run('BEGIN TRANSACTION');
        const rows = new ChunkWriter(await conn.createAppender('series_values'), ['int', 'big', 'double']);
        for (const s of batch.series ?? []) {
          for (const column of s.values ? [s.values, ...s.scenarios] : s.scenarios)
            rows.append([seriesId++, s.times, column], 0, s.times.length);
        }
        rows.close();
        const periods = new ChunkWriter(await conn.createAppender('periods'), ['int', 'int', 'double', 'double', 'double', 'double']);
        for (const p of batch.periods ?? []) periods.append([1, 0, p.begins, p.ends, p.values, p.capacities ?? null], 0, p.begins.length);
        periods.close();
        written += countValues(batch) - (batch.ohlc ?? []).reduce((n, o) => n + o.traded.length, 0);
        if (!oneTransaction) await conn.run('COMMIT');
      }
      if (oneTransaction) await conn.run('COMMIT');
      return [written, (performance.now() - started) / 1000];
    });
}

async function demoBatches(preset: 'small' | 'full'): Promise<ImportBatch[]> {
  const batches: ImportBatch[] = [];
  await seedDemo(
    {
      async importBatch(batch) {
        batches.push(batch);
      },
    },
    { preset, anchor: '2025-06-15' },
  );
  return batches;
}

// the lower median of an even count
const median = (xs: number[]): number => {
  const value = [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  if (value === undefined) throw new Error('median: no samples');
  return value;
};

async function run(): Promise<void> {
  const variants: [string, Variant][] = [
    [
      'raw appender, data chunks (floor)',
      raw((a) => {
        const writer = new ChunkWriter(a, ['int', 'big', 'double']);
        writer.append([1, times, values], 0, N);
        writer.flush();
      }),
    ],
    ['raw appender, chunks cell by cell', raw(chunksCellByCell)],
    [
      'raw appender, row by row',
      raw((a) => {
        for (let i = 0; i < N; i++) {
          a.appendInteger(1);
          a.appendDouble(times[i]!);
          a.appendDouble(values[i]!);
          a.endRow();
        }
      }),
    ],
    ['store.importBatch, 1 block', viaStore(1)],
    [`store.importBatch, ${Math.ceil(N / 2000)} blocks`, viaStore(Math.ceil(N / 2000))],
  ];
  if (DEMO) {
    const batches = await demoBatches(DEMO);
    variants.push([`demo ${DEMO}, raw, a transaction per batch`, demoRaw(batches, false)]);
    variants.push([`demo ${DEMO}, raw, one transaction`, demoRaw(batches, true)]);
    variants.push([`demo ${DEMO}, store.importBatch`, () => storeImports(batches)]);
  }
  const rates = variants.map((): number[] => []);
  const seconds = variants.map((): number[] => []);
  const counts = variants.map(() => 0);
  for (let r = 0; r < RUNS; r++) {
    for (const [k, [, variant]] of variants.entries()) {
      const [count, s] = await variant();
      counts[k] = count;
      seconds[k]!.push(s);
      rates[k]!.push(count / s);
    }
  }
  console.log(`seed floor: ${N.toLocaleString('en')} values, median of ${RUNS} run(s), node ${process.version}`);
  variants.forEach(([label], k) => {
    const rate = Math.round(median(rates[k]!)).toLocaleString('en');
    console.log(
      `  ${label.padEnd(44)} ${rate.padStart(12)} values/s  (${counts[k]?.toLocaleString('en')} values, ${median(seconds[k]!).toFixed(2)} s)`,
    );
  });
}

run().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
