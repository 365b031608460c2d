/**
 * Timeseries service benchmark (issue 5, "Speed"): one year of 15-minute values (CET 2024,
 * 35 136 values) in a fresh embedded store, served on 127.0.0.1.
 *
 *   node --import tsx bench/timeseries.ts [--runs 60] [--seconds 10]
 *
 * Prints median and p99 latency of:
 *   - the floor: `store.readSeries` of the same rows, in-process (what the service cannot beat);
 *   - the service: `GET /timeseries/{curve}/` over HTTP (keep-alive), raw and aggregated to P1D;
 *   - the client: `client.timeseries.load` (HTTP + JSON parse into a Timeseries), raw and P1D;
 * each with its ratio to the floor (target: service at most 3x the floor; issue 15: the raw load
 * at most 2x), and the raw load's ratio timed call by call in turn with the floor. Then the throughput of
 * one-week hourly loads (168 values of an hourly curve, random weeks) from 16 concurrent
 * keep-alive connections for `--seconds`, with the error count (target: zero). The service's
 * per-key rate limit is off here, since it would cap one key at 50 requests/s. Last, the raw
 * load against the service as shipped (the built code in its own process, the floor timed
 * there; see bench/served-built.ts; needs `npm run build`).
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
import { DuckDbStore, type CurveRecord } from '../server/src/store';
import { interleavedRatio, quantile } from './median-time';
import { builtRatio } from './served-built';

const { values: args } = parseArgs({ options: { runs: { type: 'string' }, seconds: { type: 'string' } } });
const RUNS = Number(args.runs ?? 60);
const SECONDS = Number(args.seconds ?? 10);
const CONNECTIONS = 16;

const Q15 = 'DE Bench Wind Power Production MWh/h 15min Actual';
const HOURLY = 'DE Bench Consumption MWh/h H Actual';
// 2024-01-01 00:00 CET = 2023-12-31T23:00Z; 2025-01-01 00:00 CET = 2024-12-31T23:00Z
const BEGIN = Date.UTC(2023, 11, 31, 23);
const END = Date.UTC(2024, 11, 31, 23);

function curve(name: string, frequency: string): CurveRecord {
  return {
    name,
    curveType: 'TIMESERIES',
    area: 'DE',
    areaSink: null,
    placeKey: null,
    categories: ['Bench'],
    frequency,
    timezone: 'CET',
    unit: 'MWh/h',
    denominator: null,
    dataType: 'ACTUAL',
    source: null,
    commodity: 'Power',
    instanceIssuedTimezone: null,
    package: 'power',
  };
}

function column(step: number): { times: Float64Array; values: Float64Array } {
  const n = (END - BEGIN) / step;
  return {
    times: Float64Array.from({ length: n }, (_, i) => BEGIN + i * step),
    values: Float64Array.from({ length: n }, (_, i) => Math.round((20_000 + 15_000 * Math.sin(i / 700) + (i % 97) * 13.7) * 100) / 100),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function latency(label: string, work: () => Promise<unknown>, floor?: number, pauseMs = 0): Promise<number> {
  for (let i = 0; i < 5; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (pauseMs) await sleep(pauseMs);
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  const median = quantile(times, 0.5);
  const ratio = floor ? `  ${(median / floor).toFixed(2)}x floor` : '';
  console.log(
    `${label.padEnd(46)} median ${median.toFixed(2).padStart(8)} ms   p99 ${quantile(times, 0.99).toFixed(2).padStart(8)} ms${ratio}`,
  );
  return median;
}

function get(agent: http.Agent, url: string, key: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'X-API-Key': key } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function throughput(base: string, key: string): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const weeks = 52;
  let done = 0;
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const worker = async (w: number) => {
    for (let i = w; performance.now() < deadline; i += CONNECTIONS) {
      // week k: Monday 2024-01-01 + 7k days, local dates (CET)
      const monday = new Date(Date.UTC(2024, 0, 1 + 7 * (i % weeks))).toISOString().slice(0, 10);
      const nextMonday = new Date(Date.UTC(2024, 0, 8 + 7 * (i % weeks))).toISOString().slice(0, 10);
      try {
        const res = await get(agent, `${base}/timeseries/${encodeURIComponent(HOURLY)}/?begin=${monday}&end=${nextMonday}`, key);
        if (res.status === 200) done++;
        else errors++;
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w)));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  console.log(
    `one-week hourly loads, ${CONNECTIONS} connections, ${seconds.toFixed(1)} s: ${(done / seconds).toFixed(0)} requests/s, ${done} ok, ${errors} errors`,
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-timeseries-'));
  const store = await DuckDbStore.open(dir);
  const key = generateApiKey();
  const q15 = column(900_000);
  const hourly = column(3_600_000);
  await store.importBatch({
    users: [{ id: 'bench', name: 'Bench', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] }],
    keys: [{ hash: hashApiKey(key), userId: 'bench', label: 'bench', created: 0, blocked: false }],
    curves: [curve(Q15, 'PT15M'), curve(HOURLY, 'PT1H')],
    series: [
      { curve: Q15, issued: null, tag: null, ...q15, scenarios: [], scenarioNames: [] },
      { curve: HOURLY, issued: null, tag: null, ...hourly, scenarios: [], scenarioNames: [] },
    ],
  });
  const app = createApp({ store, rateLimit: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}/api`;
  const client = new ServiceClient({ apiKey: key, apiUrl: base, httpDelay: 0.05, retry: { tries: 1 } });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const year = '?begin=2024-01-01&end=2025-01-01';
  const url = `${base}/timeseries/${encodeURIComponent(Q15)}/${year}`;
  try {
    console.log(`timeseries bench: ${q15.times.length} values (one year of 15-minute values), ${RUNS} runs each`);
    const floor = await latency('floor: store.readSeries (in-process)', () => store.readSeries(Q15, { begin: BEGIN, end: END }));
    const size = (await get(agent, url, key)).bytes;
    await latency(`service raw, HTTP (${(size / 1e6).toFixed(1)} MB)`, () => get(agent, url, key), floor);
    await interleavedRatio(
      'service raw vs store read',
      () => store.readSeries(Q15, { begin: BEGIN, end: END }),
      () => get(agent, url, key),
      RUNS,
      46,
    );
    await latency('service P1D, HTTP', () => get(agent, `${url}&frequency=P1D`, key), floor);
    await latency(
      'service P1D PEAK in Gas_Day, HTTP',
      () => get(agent, `${url}&frequency=P1D&hour-filter=PEAK&timezone=Europe%2FGas_Day`, key),
      floor,
    );
    // pause between client calls so the client's own throttle (50 ms between starts) never waits
    await latency(
      'client.timeseries.load raw (HTTP + parse)',
      () => client.timeseries.load(Q15, { begin: '2024-01-01', end: '2025-01-01' }),
      floor,
      60,
    );
    await latency(
      'client.timeseries.load P1D',
      () => client.timeseries.load(Q15, { begin: '2024-01-01', end: '2025-01-01', frequency: 'P1D' }),
      floor,
      60,
    );
    await throughput(base, key);
  } finally {
    agent.destroy();
    client.close();
    await app.close();
    await store.close();
  }
  try {
    await builtRatio(
      'service raw vs store read',
      dir,
      key,
      `/timeseries/${encodeURIComponent(Q15)}/${year}`,
      { method: 'readSeries', args: [Q15, { begin: BEGIN, end: END }] },
      RUNS,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
