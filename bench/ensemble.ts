/**
 * One ensemble instance (issue 15): 51 members and the mean, 15 days of 15-minute steps
 * (1,440 x 52 values), among 10 such instances in a fresh embedded store served on 127.0.0.1.
 *
 *   node --import tsx bench/ensemble.ts [--runs 40]
 *
 * Prints the median and p99 of:
 *   - the floor: a raw scan of the same rows (`SELECT series_id, ts, value ... WHERE series_id IN
 *     (...)` read into typed arrays by the store's column reader, no ordering, no pivot);
 *   - `store.readSeries` of the instance (ordered, pivoted into one column per member);
 *   - the service: `GET /ensembles/{curve}/get/{issued}/{tag}/` over HTTP (keep-alive; target
 *     under 10 ms on an idle machine), with its ratio to the store read, also timed call by call in
 *     turn with the read;
 * then the service as shipped against the same read (the built code in its own process, the read
 * timed there; bench/served-built.ts, needs `npm run build`), as JSON and as Arrow (what our
 * client's default transport asks for), each with its parts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { DuckDBInstance } from '@duckdb/node-api';
import { createApp } from '../server/src/http/app';
import { generateApiKey, hashApiKey } from '../server/src/auth';
import { instancesRoutes } from '../server/src/routes/instances';
import { DuckDbStore, type CurveRecord, type InstanceRecord, type SeriesBlock } from '../server/src/store';
import { readColumns } from '../server/src/store/duckdb/duckdb-io';
import { benchCurve } from './bench-curve';
import { getBody } from './http-get';
import { interleavedRatio, latency } from './median-time';
import { builtRatio } from './served-built';

const { values: args } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(args.runs ?? 40);
const NAME = 'DE Bench Wind Power Production MWh/h 15min Forecast';
const Q = 900_000;
const STEPS = 15 * 96;
const FIRST = Date.UTC(2024, 0, 1);

const curve: CurveRecord = benchCurve(NAME, { curveType: 'INSTANCE', dataType: 'FORECAST', instanceIssuedTimezone: 'UTC' });

function instance(issued: number, members: number): { record: InstanceRecord; block: SeriesBlock } {
  const names = Array.from({ length: members }, (_, m) => `e${String(m).padStart(2, '0')}`);
  const times = Float64Array.from({ length: STEPS }, (_, i) => issued + i * Q);
  const wave = (i: number, m: number) =>
    Math.round((20_000 + 9_000 * Math.sin(i / 60 + issued / 3.6e7) + m * 37.5 + (i % 11) * 3.1) * 100) / 100;
  const values = Float64Array.from({ length: STEPS }, (_, i) => wave(i, members / 2));
  const scenarios = names.map((_, m) => Float64Array.from({ length: STEPS }, (_, i) => wave(i, m)));
  return {
    record: { curve: NAME, issued, tag: 'ec-ens', created: issued + 5 * 3_600_000, modified: null, scenarioNames: names },
    block: { curve: NAME, issued, tag: 'ec-ens', times, values, scenarios, scenarioNames: names },
  };
}

const latencyOf = (label: string, work: () => Promise<unknown>, floor?: number) => latency(label, work, RUNS, floor, 52);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-ensemble-'));
  const store = await DuckDbStore.open(dir);
  const key = generateApiKey();
  const set = Array.from({ length: 10 }, (_, k) => instance(FIRST + k * 12 * 3_600_000, 51));
  await store.importBatch({
    users: [{ id: 'bench', name: 'Bench', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] }],
    keys: [{ hash: hashApiKey(key), userId: 'bench', label: 'bench', created: 0, blocked: false }],
    curves: [curve],
    instances: set.map((x) => x.record),
    series: set.map((x) => x.block),
  });
  const app = createApp({ store, rateLimit: false, routes: [instancesRoutes] });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const target = set[4] as (typeof set)[number];
  const issued = new Date(target.record.issued).toISOString().replace('.000Z', 'Z');
  const url = `http://127.0.0.1:${port}/api/ensembles/${encodeURIComponent(NAME)}/get/${encodeURIComponent(issued)}/ec-ens/`;
  // The raw scan runs on a second connection to the same database file, after the store's own
  // data is checkpointed (the store keeps the file open; DuckDB allows one instance per file, so
  // the scan uses the store's instance through a read of the series table first).
  const db = (store as unknown as { db: DuckDBInstance }).db;
  const conn = await db.connect();
  try {
    const ids = (
      await readColumns(
        conn,
        `SELECT s.id FROM series s JOIN instances i ON i.id = s.instance_id WHERE i.issued = ${target.record.issued}`,
        ['number'],
      )
    )[0] as Float64Array;
    console.log(
      `one instance: ${ids.length} series x ${STEPS} steps; ${(await getBody(agent, url, key)).length.toLocaleString('en')} bytes of JSON`,
    );
    const floor = await latencyOf('floor: raw scan of the rows (typed arrays)', () =>
      readColumns(conn, `SELECT series_id, ts, value FROM series_values WHERE series_id IN (${[...ids].join(',')})`, [
        'number',
        'number',
        'number',
      ]),
    );
    const read = await latencyOf(
      'store.readSeries (columns per member)',
      () => store.readSeries(NAME, {}, { issued: target.record.issued, tag: 'ec-ens' }),
      floor,
    );
    await latencyOf('service GET one ensemble instance (HTTP)', () => getBody(agent, url, key), read);
    await interleavedRatio(
      'service vs store.readSeries',
      () => store.readSeries(NAME, {}, { issued: target.record.issued, tag: 'ec-ens' }),
      () => getBody(agent, url, key),
      RUNS,
    );
  } finally {
    conn.closeSync();
    agent.destroy();
    await app.close();
    await store.close();
  }
  try {
    const read = { method: 'readSeries' as const, args: [NAME, {}, { issued: target.record.issued, tag: 'ec-ens' }] };
    const answers: [string, Record<string, string>][] = [
      ['service vs store.readSeries', {}],
      ['the same as Arrow (what our client asks for) vs store.readSeries', { Accept: 'application/vnd.apache.arrow.stream' }],
    ];
    for (const [label, headers] of answers) await builtRatio(label, dir, key, url.slice(url.indexOf('/api') + 4), read, RUNS, headers);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
