/**
 * Instances benchmark (issue 7, "Speed"): `instances.load` of
 *   - 25 instances of a 15-day 15-minute forecast (25 x 1 440 values), and
 *   - 10 ensemble instances with 51 members each (10 x 1 440 x 52 values, from `/ensembles/`),
 * from a fresh embedded store served on 127.0.0.1.
 *
 *   node --import tsx bench/instances.ts [--runs 30]
 *
 * Prints median and p99 of: the floor (`store.readSeries` of the same instances, in-process); the
 * service over HTTP (keep-alive, raw bytes); the client end to end (`client.instances.load`:
 * HTTP + JSON parse + model); and, on the same response bytes, the client's parse
 * (`parseTimeseriesList` of the text, JSON.parse included) against plain `JSON.parse` (target:
 * at most 2x JSON.parse). Last, each case against the service as shipped (the built code in its
 * own process, the same reads at once timed there; bench/served-built.ts, needs `npm run build`).
 *
 * Recorded (Node 20, 2 shared vCPUs, three runs;
 * absolute times vary a lot, the ratios less):
 *   25 x 15-day 15 min (1.70 MB): floor 135-360 ms, service 215-465 ms (1.1-1.9x floor), client
 *                                 end to end 215-270 ms; JSON.parse 11-32 ms, parseTimeseriesList
 *                                 16-45 ms = 1.3-1.8x
 *   10 x 51-member ensembles (7.28 MB): floor 515-555 ms, service 575-680 ms (1.1-1.3x floor),
 *                                 client end to end 490-1030 ms; JSON.parse 80-140 ms,
 *                                 parseTimeseriesList 65-140 ms = 0.7-1.8x
 *   The floor (one DuckDB read per instance) dominates; serving adds serialisation and HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ServiceClient } from '../src/client';
import { createApp } from '../server/src/http/app';
import { generateApiKey, hashApiKey } from '../server/src/auth';
import { instancesRoutes } from '../server/src/routes/instances';
import { DuckDbStore, type CurveRecord, type InstanceRecord, type SeriesBlock } from '../server/src/store';
import { parseTimeseriesList } from '../src/wire';
import { benchCurve } from './bench-curve';
import { getBody } from './http-get';
import { quantile } from './median-time';
import { builtRatio } from './served-built';

const { values: args } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(args.runs ?? 30);
const NAME = 'DE Bench Wind Power Production MWh/h 15min Forecast';
const Q = 900_000;
const STEPS = 15 * 96;
// first issue 2024-01-01T00:00Z; deterministic hourly-wave values with two decimals
const FIRST = Date.UTC(2024, 0, 1);

const curve: CurveRecord = benchCurve(NAME, { curveType: 'INSTANCE', dataType: 'FORECAST', instanceIssuedTimezone: 'UTC' });

function instance(issued: number, tag: string, members: number): { record: InstanceRecord; block: SeriesBlock } {
  const names = Array.from({ length: members }, (_, m) => `e${String(m).padStart(2, '0')}`);
  const times = Float64Array.from({ length: STEPS }, (_, i) => issued + i * Q);
  const wave = (i: number, m: number) =>
    Math.round((20_000 + 9_000 * Math.sin(i / 60 + issued / 3.6e7) + m * 37.5 + (i % 11) * 3.1) * 100) / 100;
  const values = Float64Array.from({ length: STEPS }, (_, i) => wave(i, members / 2));
  const scenarios = names.map((_, m) => Float64Array.from({ length: STEPS }, (_, i) => wave(i, m)));
  return {
    record: { curve: NAME, issued, tag, created: issued + 5 * 3_600_000, modified: null, scenarioNames: names },
    block: { curve: NAME, issued, tag, times, values, scenarios, scenarioNames: names },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function latency(label: string, work: () => unknown, pauseMs = 0): Promise<number> {
  for (let i = 0; i < 3; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (pauseMs) await sleep(pauseMs);
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  const median = quantile(times, 0.5);
  console.log(`  ${label.padEnd(52)} median ${median.toFixed(2).padStart(8)} ms   p99 ${quantile(times, 0.99).toFixed(2).padStart(8)} ms`);
  return median;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-instances-'));
  const store = await DuckDbStore.open(dir);
  const key = generateApiKey();
  // 25 'ec' runs every 6 hours, 10 'ec-ens' runs every 12 hours
  const plain = Array.from({ length: 25 }, (_, k) => instance(FIRST + k * 6 * 3_600_000, 'ec', 0));
  const ensembles = Array.from({ length: 10 }, (_, k) => instance(FIRST + k * 12 * 3_600_000, 'ec-ens', 51));
  await store.importBatch({
    users: [{ id: 'bench', name: 'Bench', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] }],
    keys: [{ hash: hashApiKey(key), userId: 'bench', label: 'bench', created: 0, blocked: false }],
    curves: [curve],
    instances: [...plain, ...ensembles].map((x) => x.record),
    series: [...plain, ...ensembles].map((x) => x.block),
  });
  const app = createApp({ store, rateLimit: false, routes: [instancesRoutes] });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}/api`;
  const client = new ServiceClient({ apiKey: key, apiUrl: base, httpDelay: 0.05, retry: { tries: 1 } });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const cases = [
      {
        label: '25 instances x 15 days of 15 min',
        section: 'instances',
        query: 'tags=ec&limit=25',
        set: plain,
        ensembles: false,
        tags: 'ec',
        limit: 25,
      },
      {
        label: '10 ensemble instances x 51 members',
        section: 'ensembles',
        query: 'tags=ec-ens&limit=10',
        set: ensembles,
        ensembles: true,
        tags: 'ec-ens',
        limit: 10,
      },
    ];
    for (const c of cases) {
      const url = `${base}/${c.section}/${encodeURIComponent(NAME)}/?${c.query}`;
      const text = (await getBody(agent, url, key)).toString('utf8');
      console.log(`${c.label}: ${(text.length / 1e6).toFixed(2)} MB of JSON, ${RUNS} runs`);
      const floor = await latency('floor: store.readSeries of each instance (in-process)', () =>
        Promise.all(
          c.set.map((x) => store.readSeries(NAME, {}, { issued: x.record.issued, tag: x.record.tag }, { scenarios: c.ensembles })),
        ),
      );
      const service = await latency('service over HTTP (bytes only)', () => getBody(agent, url, key));
      const e2e = await latency(
        'client.instances.load end to end',
        () => client.instances.load(NAME, { tags: c.tags, limit: c.limit, ensembles: c.ensembles }),
        60,
      );
      const parse = await latency('JSON.parse of the same bytes', () => JSON.parse(text));
      const model = await latency('parseTimeseriesList of the same bytes', () => parseTimeseriesList(text));
      console.log(
        `  => service ${(service / floor).toFixed(2)}x floor; client ${(e2e / floor).toFixed(2)}x floor; parse ${(model / parse).toFixed(2)}x JSON.parse (target <= 2x)`,
      );
    }
  } finally {
    agent.destroy();
    client.close();
    await app.close();
    await store.close();
  }
  try {
    // the service as shipped: built, in its own process, the floor (the same reads at once) timed there
    for (const c of [
      { label: '25 instances x 15 days of 15 min', path: 'instances', query: 'tags=ec&limit=25', set: plain, ensembles: false },
      { label: '10 ensemble instances x 51 members', path: 'ensembles', query: 'tags=ec-ens&limit=10', set: ensembles, ensembles: true },
    ]) {
      await builtRatio(
        c.label,
        dir,
        key,
        `/${c.path}/${encodeURIComponent(NAME)}/?${c.query}`,
        {
          method: 'readSeries',
          each: c.set.map((x) => [NAME, {}, { issued: x.record.issued, tag: x.record.tag }, { scenarios: c.ensembles }]),
        },
        RUNS,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
