/**
 * One curve over ten years and over three months, load to table (issue 19's targets), against the
 * reference Python client of the protocol (load + pandas DataFrame), same service, same run:
 * the service in its own process (bench/load-server.ts) over a store of ten years of CET
 * 15-minute values (bench/decade-store.ts), our client in this process (`load` + `toTable()`,
 * no cache, so every load is cold), the reference in its own (bench/reference-client.py).
 * Ours: Arrow with compression (the defaults but the first JSON answer of `'auto'`), Arrow
 * without compression (the loopback setting) and JSON (`transport: 'json'`, as before Arrow).
 * Every call starts after the client's request interval (60 ms sleep).
 *
 *   REFERENCE_CLIENT_PATH=/path/to/python/client node --import tsx bench/arrow-decade.ts [--runs 7]
 *
 * `REFERENCE_CLIENT_PATH` and `REFERENCE_PYTHON` as for bench/client-e2e.ts; without the first
 * the comparison is skipped and only our figures are printed.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs, promisify } from 'node:util';
import { ServiceClient } from '../src/client';
import type { ClientOptions } from '../src/client/options';
import { toTable } from '../src/frame';
import { DECADE_ROWS, decadeStore } from './decade-store';
import { startLoadServer } from './load-server-process';
import { median } from './median-time';

const { values: args } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(args.runs ?? 7);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const { dir, key, curves } = await decadeStore('bench-arrow-decade-', 1);
  const curve = curves[0]!;
  const { url, child } = await startLoadServer(dir);
  const apiUrl = `${url}/api`;
  const cases = [
    { label: `ten years (${DECADE_ROWS.toLocaleString('en')} rows)`, begin: '2015-01-01', end: '2025-01-01', rows: DECADE_ROWS },
    { label: 'three months (8,636 rows)', begin: '2023-01-01', end: '2023-04-01', rows: 8_636 },
  ];
  const kinds: [string, Partial<ClientOptions>][] = [
    ['Arrow', { transport: 'arrow' }],
    ['Arrow, no gzip', { transport: 'arrow', compression: false }],
    ['JSON', { transport: 'json' }],
  ];
  try {
    const ours: Record<string, number[]> = {};
    for (const c of cases) {
      const clients = kinds.map(([, o]) => new ServiceClient({ apiUrl, apiKey: key, httpDelay: 0.05, retry: { tries: 1 }, ...o }));
      const times = kinds.map(() => [] as number[]);
      for (let i = 0; i < RUNS + 2; i++) {
        for (const [k, client] of clients.entries()) {
          await sleep(60);
          const started = performance.now();
          const table = toTable(await client.timeseries.load(curve, { begin: c.begin, end: c.end }));
          if (i >= 2) times[k]!.push(performance.now() - started);
          if (table.numRows() !== c.rows) throw new Error(`${c.label}: ${table.numRows()} rows`);
        }
      }
      for (const client of clients) client.close();
      kinds.forEach(([name], k) => {
        ours[`${c.label}|${name}`] = times[k]!;
      });
    }
    const refPath = process.env.REFERENCE_CLIENT_PATH;
    let reference: Record<string, number[]> | null = null;
    if (!refPath) console.log('REFERENCE_CLIENT_PATH is not set: the comparison with the reference Python client is skipped.');
    else {
      const python = process.env.REFERENCE_PYTHON ?? '/usr/bin/python3';
      const pyCases = cases.map((c) => ({ label: c.label, kind: 'timeseries', rows: c.rows, curve, begin: c.begin, end: c.end }));
      const { stdout } = await promisify(execFile)(
        python,
        [join(__dirname, 'reference-client.py'), apiUrl, key, String(RUNS), JSON.stringify(pyCases)],
        { env: { ...process.env, PYTHONPATH: refPath }, maxBuffer: 1 << 24 },
      );
      reference = JSON.parse(stdout) as Record<string, number[]>;
    }
    console.log(`load + table, cold (no cache), median of ${RUNS} calls, ms; ratio = reference / ours`);
    console.log(`${'case'.padEnd(28)}${'reference'.padStart(11)}${kinds.map(([n]) => `${n.padStart(16)}${'ratio'.padStart(8)}`).join('')}`);
    for (const c of cases) {
      const ref = reference ? median(reference[c.label]!) : Number.NaN;
      const cells = kinds.map(([name]) => {
        const ms = median(ours[`${c.label}|${name}`]!);
        return `${ms.toFixed(1).padStart(16)}${(reference ? `${(ref / ms).toFixed(1)}x` : '-').padStart(8)}`;
      });
      console.log(`${c.label.padEnd(28)}${(reference ? ref.toFixed(0) : '-').padStart(11)}${cells.join('')}`);
    }
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
