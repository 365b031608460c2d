/**
 * PostgreSQL store against the embedded DuckDB store (issue 17), on a throwaway PostgreSQL 15 on
 * 127.0.0.1 (the tests' helper: fsync off, as a benchmark server on tmpfs would be).
 *
 *   node --import tsx bench/postgres.ts [--runs 30] [--seed-runs 3] [--only loads|seed|events] [--preset small|full]
 *
 * 1. `client.timeseries.load` of one year of 15-minute values (CET 2024, 35 136 values) through the
 *    service on each store, runs alternating between the stores; and `store.readSeries` alone.
 *    Target: PostgreSQL within 1.5x of DuckDB.
 * 3. (`--only events`) cross-node event delivery: node A imports one value, node B's store
 *    listener receives the event (LISTEN/NOTIFY, then a read of the log); time from A's commit
 *    (its `importBatch` returning) to B's delivery, median and p99.
 * 2. Seeding the `small` (or `--preset full`) demo dataset into an empty PostgreSQL database, against the floor: one
 *    raw `COPY` of as many (series id, time, value) rows as the dataset has values into a table
 *    shaped and indexed like `series_values`, in one transaction. Target: >= 50% of the floor.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ServiceClient } from '../src/client';
import { createApp } from '../server/src/http/app';
import { generateApiKey, hashApiKey } from '../server/src/auth';
import { seedDemo } from '../server/src/demo';
import { DuckDbStore, PostgresStore, type CurveRecord, type Store } from '../server/src/store';
import { CopyWriter } from '../server/src/store/postgres/postgres-copy';
import { startPostgres } from '../test/helpers/postgres-server';
import { benchCurve } from './bench-curve';
import { median } from './median-time';

const { values: args } = parseArgs({
  options: { runs: { type: 'string' }, 'seed-runs': { type: 'string' }, only: { type: 'string' }, preset: { type: 'string' } },
});
const RUNS = Number(args.runs ?? 30);
const SEED_RUNS = Number(args['seed-runs'] ?? 3);
const PRESET = args.preset === 'full' ? 'full' : 'small';

const Q15 = 'DE Bench Wind Power Production MWh/h 15min Actual';
const BEGIN = Date.UTC(2023, 11, 31, 23);
const END = Date.UTC(2024, 11, 31, 23);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const CURVE: CurveRecord = benchCurve(Q15);

async function serve(store: Store): Promise<{ client: ServiceClient; close: () => Promise<void> }> {
  const key = generateApiKey();
  const n = (END - BEGIN) / 900_000;
  await store.importBatch({
    users: [{ id: 'bench', name: 'Bench', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] }],
    keys: [{ hash: hashApiKey(key), userId: 'bench', label: 'bench', created: 0, blocked: false }],
    curves: [CURVE],
    series: [
      {
        curve: Q15,
        issued: null,
        tag: null,
        scenarios: [],
        scenarioNames: [],
        times: Float64Array.from({ length: n }, (_, i) => BEGIN + i * 900_000),
        values: Float64Array.from({ length: n }, (_, i) => Math.round((20_000 + 15_000 * Math.sin(i / 700) + (i % 97) * 13.7) * 100) / 100),
      },
    ],
  });
  const app = createApp({ store, rateLimit: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const client = new ServiceClient({ apiKey: key, apiUrl: `http://127.0.0.1:${port}/api`, httpDelay: 0.05, retry: { tries: 1 } });
  return { client, close: () => app.close() };
}

async function loads(): Promise<void> {
  const server = await startPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-duck-'));
  const duck = await DuckDbStore.open(dir);
  const postgres = await PostgresStore.open(await server.createDatabase());
  const services = { duckdb: await serve(duck), postgres: await serve(postgres) };
  const stores = { duckdb: duck as Store, postgres: postgres as Store };
  const times: Record<string, number[]> = { 'load duckdb': [], 'load postgres': [], 'read duckdb': [], 'read postgres': [] };
  try {
    for (let i = 0; i < RUNS + 3; i++) {
      for (const name of ['duckdb', 'postgres'] as const) {
        await sleep(60); // the client's own throttle (50 ms between starts) never waits
        let started = performance.now();
        const ts = await services[name].client.timeseries.load(Q15, { begin: '2024-01-01', end: '2025-01-01' });
        const load = performance.now() - started;
        if (ts.length !== 35_136) throw new Error(`expected 35136 values, got ${ts.length}`);
        started = performance.now();
        await stores[name].readSeries(Q15, { begin: BEGIN, end: END });
        const read = performance.now() - started;
        if (i >= 3) {
          times[`load ${name}`]!.push(load);
          times[`read ${name}`]!.push(read);
        }
      }
    }
    const m = (key: string) => median(times[key] ?? []);
    console.log(`one year of 15-minute values (35 136), ${RUNS} alternating runs, median ms:`);
    console.log(
      `  client.timeseries.load   duckdb ${m('load duckdb').toFixed(1)}   postgres ${m('load postgres').toFixed(1)}   ratio ${(m('load postgres') / m('load duckdb')).toFixed(2)}x (target <= 1.5x)`,
    );
    console.log(
      `  store.readSeries alone   duckdb ${m('read duckdb').toFixed(1)}   postgres ${m('read postgres').toFixed(1)}   ratio ${(m('read postgres') / m('read duckdb')).toFixed(2)}x`,
    );
  } finally {
    await services.duckdb.close();
    await services.postgres.close();
    await duck.close();
    await postgres.close();
    rmSync(dir, { recursive: true, force: true });
    await server.stop();
  }
}

async function rawCopy(url: string, rows: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'CREATE TABLE floor_values (series_id integer NOT NULL, ts float8 NOT NULL, value float8, PRIMARY KEY (series_id, ts))',
    );
    const started = performance.now();
    await client.query('BEGIN');
    const writer = new CopyWriter(client as unknown as pg.PoolClient, 'floor_values');
    const block = 35_136;
    const times = Float64Array.from({ length: block }, (_, i) => BEGIN + i * 900_000);
    const values = Float64Array.from({ length: block }, (_, i) => Math.round((i % 1000) * 137.3) / 100);
    for (let id = 1, done = 0; done < rows; id++, done += block) {
      const n = Math.min(block, rows - done);
      await writer.append([id, times.subarray(0, n), values.subarray(0, n)], n);
    }
    await writer.close();
    await client.query('COMMIT');
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

async function seeding(): Promise<void> {
  const server = await startPostgres();
  try {
    const seeds: number[] = [];
    const floors: number[] = [];
    let values = 0;
    for (let run = 0; run < SEED_RUNS; run++) {
      const store = await PostgresStore.open(await server.createDatabase());
      const started = performance.now();
      const result = await seedDemo(store, { preset: PRESET, seed: 1, anchor: '2025-01-15' });
      seeds.push((performance.now() - started) / 1000);
      values = result.values;
      await store.close();
      floors.push(await rawCopy(await server.createDatabase(), values));
    }
    const s = median(seeds);
    const f = median(floors);
    console.log(`seeding ${PRESET} into PostgreSQL (${values} values), ${SEED_RUNS} runs, median:`);
    console.log(`  seedDemo (generation + import)  ${s.toFixed(1)} s  ${(values / s / 1e6).toFixed(2)} M values/s`);
    console.log(`  floor: raw COPY, one transaction ${f.toFixed(1)} s  ${(values / f / 1e6).toFixed(2)} M values/s`);
    console.log(`  seeding at ${((f / s) * 100).toFixed(0)}% of the floor (target >= 50%)`);
  } finally {
    await server.stop();
  }
}

async function events(): Promise<void> {
  const server = await startPostgres();
  const url = await server.createDatabase();
  const a = await PostgresStore.open(url);
  const b = await PostgresStore.open(url);
  try {
    await a.importBatch({ curves: [CURVE] });
    const arrived = new Map<string, number>();
    b.onEvents((events) => {
      for (const e of events) arrived.set(e.id, performance.now());
    });
    const delays: number[] = [];
    for (let i = 0; i < RUNS * 5; i++) {
      const result = await a.importBatch({
        series: [
          {
            curve: Q15,
            issued: null,
            tag: null,
            times: Float64Array.of(BEGIN + i * 900_000),
            values: Float64Array.of(i),
            scenarios: [],
            scenarioNames: [],
          },
        ],
      });
      const committed = performance.now();
      const id = result.events[0]!.id;
      for (let wait = 0; !arrived.has(id) && wait < 5000; wait++) await sleep(1);
      delays.push((arrived.get(id) ?? NaN) - committed);
      await sleep(20);
    }
    const sorted = [...delays].sort((x, y) => x - y);
    console.log(
      `cross-node event delivery, ${delays.length} imports: median ${median(delays).toFixed(2)} ms, p99 ${sorted[Math.floor(0.99 * sorted.length)]!.toFixed(2)} ms after the import returned on the other node`,
    );
  } finally {
    await a.close();
    await b.close();
    await server.stop();
  }
}

async function main(): Promise<void> {
  if (args.only === 'events') return events();
  if (args.only !== 'seed') await loads();
  if (args.only !== 'loads') await seeding();
}

void main();
