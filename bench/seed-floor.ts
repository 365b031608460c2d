/**
 * The seeding floor: how fast DuckDB's appender inserts N values, raw, with nothing else to do.
 * Demo seeding (and any import) is compared with this number; it cannot beat it.
 *
 *   node --import tsx bench/seed-floor.ts [--values 5000000]
 *
 * Prints rows/s for:
 *   - raw appender, data chunks of 2048 rows (the store's write path),
 *   - raw appender, row by row (the appender's per-value API),
 *   - DuckDbStore.importBatch with one block of N values and with N/2000 blocks,
 * each into a fresh database file in a temporary directory, committed in one transaction.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { appendChunks } from '../src/server/store/duckdb-io';
import { DuckDbStore, type CurveRecord, type SeriesBlock } from '../src/server/store';

const { values: args } = parseArgs({ options: { values: { type: 'string' } } });
const N = Number(args.values ?? 5_000_000);
if (!Number.isSafeInteger(N) || N < 1) throw new Error('--values must be a positive integer');

const T0 = Date.UTC(2024, 0, 1);
const STEP = 900_000;
const times = Float64Array.from({ length: N }, (_, i) => T0 + i * STEP);
const values = Float64Array.from({ length: N }, (_, i) => 1000 + 500 * Math.sin(i / 96));

async function raw(label: string, write: (append: Awaited<ReturnType<Awaited<ReturnType<DuckDBInstance['connect']>>['createAppender']>>) => void): Promise<[string, number]> {
  const dir = mkdtempSync(join(tmpdir(), 'seed-floor-'));
  const db = await DuckDBInstance.create(join(dir, 'bench.duckdb'));
  const conn = await db.connect();
  await conn.run('CREATE TABLE series_values (series_id INTEGER, ts DOUBLE, value DOUBLE)');
  const started = performance.now();
  await conn.run('BEGIN TRANSACTION');
  const appender = await conn.createAppender('series_values');
  write(appender);
  appender.closeSync();
  await conn.run('COMMIT');
  const seconds = (performance.now() - started) / 1000;
  conn.closeSync();
  db.closeSync();
  rmSync(dir, { recursive: true, force: true });
  return [label, N / seconds];
}

function curve(name: string): CurveRecord {
  return {
    name, curveType: 'TIMESERIES', area: 'DE', areaSink: null, placeKey: null, categories: ['Bench'], frequency: 'PT15M',
    timezone: 'CET', unit: 'MWh/h', denominator: null, dataType: 'ACTUAL', source: null, commodity: 'Power',
    instanceIssuedTimezone: null, package: 'power',
  };
}

async function viaStore(label: string, blocks: number): Promise<[string, number]> {
  const dir = mkdtempSync(join(tmpdir(), 'seed-floor-'));
  const store = await DuckDbStore.open(dir);
  const per = Math.ceil(N / blocks);
  const series: SeriesBlock[] = [];
  const curves: CurveRecord[] = [];
  for (let b = 0; b * per < N; b++) {
    const name = `DE Bench ${b} MWh/h 15min Actual`;
    curves.push(curve(name));
    const lo = b * per;
    const hi = Math.min(N, lo + per);
    series.push({ curve: name, issued: null, tag: null, times: times.subarray(lo, hi), values: values.subarray(lo, hi), scenarios: [], scenarioNames: [] });
  }
  const started = performance.now();
  await store.importBatch({ curves, series });
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return [label, N / seconds];
}

async function run(): Promise<void> {
  const results: [string, number][] = [];
  results.push(await raw('raw appender, data chunks', (a) => appendChunks(a, ['int', 'double', 'double'], [1, times, values], N)));
  results.push(await raw('raw appender, row by row', (a) => {
    for (let i = 0; i < N; i++) {
      a.appendInteger(1);
      a.appendDouble(times[i]);
      a.appendDouble(values[i]);
      a.endRow();
    }
  }));
  results.push(await viaStore('store.importBatch, 1 block', 1));
  results.push(await viaStore(`store.importBatch, ${Math.ceil(N / 2000)} blocks`, Math.ceil(N / 2000)));
  console.log(`seed floor: ${N.toLocaleString('en')} values, node ${process.version}`);
  for (const [label, rate] of results) console.log(`  ${label.padEnd(36)} ${Math.round(rate).toLocaleString('en').padStart(12)} values/s`);
}

run().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
