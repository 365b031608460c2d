/**
 * Peak memory of the service during a large import: the growth of the service process's resident
 * set (peak RSS during the import minus RSS just before it, all threads) for a ~100 MB
 * `POST /api/import/` body (48 curves of 15-minute values for a year, one CSV file per curve plus
 * the curve definitions; 1,681,920 values) sent as a dry run (parse, read and check; the store
 * write adds the same in either version). Each run starts a fresh service process
 * (`bench/load-server.ts`) on a store holding one admin user. The peak is the kernel's high-water
 * mark (`VmHWM`, reset through `/proc/PID/clear_refs` just before the import).
 *
 * With `--before DIR` the same runs go, interleaved, against another copy of the project (say,
 * `git archive` of the commit before the streaming parse, with `node_modules` linked) for the
 * comparison.
 *
 * Run: `node --import tsx bench/import-memory.ts [--runs 3] [--curves 48] [--before DIR] [--write]`
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbStore } from '../server/src/store';
import { importCurveNames } from '../test/helpers/big-import';
import { addUser } from '../test/helpers/start-service';
import { startLoadServer } from './load-server-process';
import { median } from './median-time';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const RUNS = Number(arg('--runs', '3'));
const CURVES = Number(arg('--curves', '48'));
const BEFORE = arg('--before', '');
const WRITE = process.argv.includes('--write');

/** The body: the curve definitions, then one file per curve. */
function body(): Buffer {
  const names = importCurveNames({ curves: CURVES, prefix: 'MEM' });
  const defs = [
    'name,curve_type,data_type,frequency,timezone,unit,area,categories',
    ...names.map((n) => `${n},TIMESERIES,ACTUAL,PT15M,UTC,MWh/h,DE,Load Bench`),
  ].join('\n');
  const start = Date.UTC(2023, 0, 1);
  const files = [{ name: 'curves.csv', text: defs }];
  for (const n of names) {
    const rows = ['curve,date,value'];
    for (let i = 0; i < 35_040; i++)
      rows.push(`${n},${new Date(start + i * 900_000).toISOString().slice(0, 19)}Z,${((i * 7919) % 10_000) / 10}`);
    files.push({ name: `${n.split(' ').slice(0, 3).join('-')}.csv`, text: rows.join('\n') });
  }
  return Buffer.from(JSON.stringify({ files, dry_run: !WRITE }));
}

function status(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no ${field} for ${pid}`);
  return Number(m[1]) * 1024;
}

async function run(root: string, dir: string, key: string, payload: Buffer): Promise<{ growth: number; ms: number }> {
  const { child, url } = await startLoadServer(dir, [], root);
  try {
    const pid = child.pid as number;
    // warm up: one small import starts the import thread, then let the service settle
    await fetch(`${url}/api/import/`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: '{"files": [{"name": "w.csv", "text": "curve,date,value\\n"}], "dry_run": true}',
    });
    await new Promise((r) => setTimeout(r, 1500));
    const base = status(pid, 'VmRSS');
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
    const t0 = performance.now();
    const r = await fetch(`${url}/api/import/`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: payload,
    });
    const text = await r.text();
    const ms = performance.now() - t0;
    if (r.status !== 200) throw new Error(`import answered ${r.status}: ${text.slice(0, 300)}`);
    return { growth: status(pid, 'VmHWM') - base, ms };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited; // the store's lock is free for the next run
  }
}

const mb = (n: number) => (n / 1024 / 1024).toFixed(0);

void (async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-memory-'));
  try {
    const store = await DuckDbStore.open(dir);
    const key = await addUser(store, 'bench-admin');
    await store.close();
    const payload = body();
    console.log(
      `import body: ${(payload.length / 1e6).toFixed(1)} MB (${CURVES + 1} files, largest ${(payload.length / CURVES / 1e6).toFixed(1)} MB), ${WRITE ? 'written' : 'dry run'}; ${RUNS} runs`,
    );
    const roots: [string, string][] = [['this tree', join(__dirname, '..')], ...(BEFORE ? [['before', BEFORE] as [string, string]] : [])];
    const results = new Map<string, { growth: number; ms: number }[]>(roots.map(([label]) => [label, []]));
    for (let k = 0; k < RUNS; k++) {
      for (const [label, root] of k % 2 === 0 ? roots : [...roots].reverse()) {
        const r = await run(root, dir, key, payload);
        results.get(label)?.push(r);
        console.log(`  run ${k + 1} ${label}: +${mb(r.growth)} MiB peak RSS, ${r.ms.toFixed(0)} ms`);
      }
    }
    console.log('| service | peak RSS growth (median) | runs | import time (median) |');
    console.log('|---|---|---|---|');
    for (const [label, rs] of results)
      console.log(
        `| ${label} | +${mb(median(rs.map((r) => r.growth)))} MiB | ${rs.map((r) => `+${mb(r.growth)}`).join(', ')} | ${median(rs.map((r) => r.ms)).toFixed(0)} ms |`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();
