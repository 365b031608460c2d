/**
 * Load benchmark (issue 12): the service in its own process on 127.0.0.1 (demo `small`, no
 * per-key rate limit), autocannon with 24 and 64 concurrent connections over a mix of routes
 * (`/user/`, a week of 15-minute values, a year aggregated to days, a curve search, the latest
 * forecast instance), each idle and while 34 MB imports (16 curves x 35,040 values = 560,640
 * values) run back to back (started in the first 60% of each window, so that the requests they
 * delay complete inside it). Throughput, p50, p99 and errors per case, median of `--runs` runs.
 * With `--compare` (default) the same cases run against the import route as it was before the
 * import thread (JSON parse, file reading and checks on the event loop) for the comparison.
 *
 * Run: `node --import tsx bench/load.ts [--runs 3] [--duration 8] [--no-compare]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { seedDemo } from '../server/src/demo';
import { DuckDbStore } from '../server/src/store';
import { importBody } from '../test/helpers/big-import';
import { addUser } from '../test/helpers/start-service';
import { loadMixPaths, startLoadServer } from './load-server-process';
import { median } from './median-time';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const RUNS = arg('runs', 3);
const DURATION = arg('duration', 8);
const COMPARE = !process.argv.includes('--no-compare');

interface Case {
  throughput: number;
  p50: number;
  p99: number;
  errors: number;
  imports: number;
}

async function run(
  url: string,
  keys: { read: string; admin: string },
  paths: string[],
  connections: number,
  body: string | null,
): Promise<Case> {
  // imports start only in the first 60% of the window, so that requests they delay still
  // complete inside it (autocannon leaves requests unanswered at the end out of its latencies)
  const stopAt = performance.now() + DURATION * 600;
  let importing = body !== null;
  let imports = 0;
  let importError: unknown = null;
  const importer = (async () => {
    while (importing && body !== null && performance.now() < stopAt) {
      const r = await fetch(`${url}/api/import/`, {
        method: 'POST',
        headers: { 'x-api-key': keys.admin, 'content-type': 'application/json' },
        body,
      });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`import answered ${r.status}`);
      imports++;
    }
  })().catch((err: unknown) => {
    importError = err;
  });
  const result = await autocannon({
    url,
    connections,
    duration: DURATION,
    headers: { 'x-api-key': keys.read },
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  importing = false;
  await importer;
  if (importError) throw importError;
  return {
    throughput: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    imports,
  };
}

void (async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  try {
    const store = await DuckDbStore.open(dir);
    const { apiKey } = await seedDemo(store, { preset: 'small', seed: 1, anchor: '2025-01-15' });
    const adminKey = await addUser(store, 'bench-admin'); // the demo user may not import
    const paths = await loadMixPaths(store);
    await store.close();
    const body = importBody();
    console.log(`import body: ${(body.length / 1e6).toFixed(1)} MB; ${RUNS} runs of ${DURATION} s per case`);
    const rows: string[] = [
      '| import route | clients | load | req/s | p50 ms | p99 ms | errors | imports done |',
      '|---|---|---|---|---|---|---|---|',
    ];
    for (const mainThread of COMPARE ? [false, true] : [false]) {
      const server = await startLoadServer(dir, mainThread ? ['--main-thread-import'] : []);
      try {
        await run(server.url, { read: apiKey, admin: adminKey }, paths, 8, null); // warm-up
        for (const connections of [24, 64]) {
          for (const during of [false, true]) {
            const cases: Case[] = [];
            for (let k = 0; k < RUNS; k++)
              cases.push(await run(server.url, { read: apiKey, admin: adminKey }, paths, connections, during ? body : null));
            const m = (f: (c: Case) => number) => median(cases.map(f));
            const row = `| ${mainThread ? 'on the event loop (before)' : 'import thread'} | ${connections} | ${during ? '34 MB imports' : 'idle'} | ${m((c) => c.throughput).toFixed(0)} | ${m((c) => c.p50)} | ${m((c) => c.p99)} | ${m((c) => c.errors)} | ${m((c) => c.imports)} |`;
            rows.push(row);
            console.log(row);
          }
        }
      } finally {
        server.child.kill('SIGKILL');
      }
    }
    console.log(`\n${rows.join('\n')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();
