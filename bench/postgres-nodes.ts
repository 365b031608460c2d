/**
 * 32 concurrent clients against 1 node and against 2 nodes on one PostgreSQL store (issue 17):
 * a throwaway PostgreSQL 15 on 127.0.0.1 (the tests' helper) seeded with the demo `small` dataset,
 * nodes in their own processes (`bench/load-server.ts`, no per-key rate limit), autocannon over
 * the mix of `bench/load.ts` (`/user/`, a week of 15-minute values, a year aggregated to days, a
 * curve search, the latest forecast instance). One node gets 32 connections; two nodes get 16
 * each (two autocannon runs at once, throughputs added, the larger p99 reported). The cases
 * alternate; median of `--runs` runs of `--duration` seconds.
 *
 * Run: `node --import tsx bench/postgres-nodes.ts [--runs 3] [--duration 8]`
 */
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { seedDemo } from '../server/src/demo';
import { PostgresStore } from '../server/src/store';
import { startPostgres } from '../test/helpers/postgres-server';
import { loadMixPaths, startLoadServer } from './load-server-process';
import { median } from './median-time';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const RUNS = arg('runs', 3);
const DURATION = arg('duration', 8);
const CLIENTS = 32;

interface Case {
  throughput: number;
  p50: number;
  p99: number;
  errors: number;
}

async function run(urls: string[], key: string, paths: string[]): Promise<Case> {
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url,
        connections: CLIENTS / urls.length,
        duration: DURATION,
        headers: { 'x-api-key': key },
        requests: paths.map((path) => ({ method: 'GET', path })),
      }),
    ),
  );
  return {
    throughput: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
  };
}

void (async () => {
  const server = await startPostgres();
  const nodes: ChildProcess[] = [];
  try {
    const url = await server.createDatabase();
    const store = await PostgresStore.open(url);
    const { apiKey } = await seedDemo(store, { preset: 'small', seed: 1, anchor: '2025-01-15' });
    const paths = await loadMixPaths(store);
    await store.close();
    const a = await startLoadServer(url);
    const b = await startLoadServer(url);
    nodes.push(a.child, b.child);
    await run([a.url, b.url], apiKey, paths); // warm-up of both nodes
    const cases: Record<'1 node' | '2 nodes', Case[]> = { '1 node': [], '2 nodes': [] };
    for (let k = 0; k < RUNS; k++) {
      cases['1 node'].push(await run([a.url], apiKey, paths));
      cases['2 nodes'].push(await run([a.url, b.url], apiKey, paths));
    }
    console.log(`${CLIENTS} concurrent clients, ${RUNS} alternating runs of ${DURATION} s, median:`);
    console.log('| nodes | req/s | p50 ms | p99 ms | errors |');
    console.log('|---|---|---|---|---|');
    for (const [name, runs] of Object.entries(cases)) {
      const m = (f: (c: Case) => number) => median(runs.map(f));
      console.log(`| ${name} | ${m((c) => c.throughput).toFixed(0)} | ${m((c) => c.p50)} | ${m((c) => c.p99)} | ${m((c) => c.errors)} |`);
    }
  } finally {
    for (const child of nodes) child.kill('SIGTERM');
    await server.stop();
  }
})();
