/**
 * One curve over ten years and over three months, load to table (issue 19's targets), against the
 * reference Python client of the protocol (load + pandas DataFrame), same service, same run:
 * the service as it ships in its own process (`service serve`, bench/service-process.ts) over a store of ten years of CET
 * 15-minute values (bench/decade-store.ts), our client in this process (`load` + `toTable()`,
 * no cache, so every load is cold), the reference in its own (bench/reference-client.py).
 * Ours: the defaults (`transport: 'auto'`, Arrow from the second answer on; on this loopback
 * service `compression: 'auto'` asks for no compression), Arrow with gzip (`compression: true`,
 * what the defaults ask of a service on another machine) and JSON (`transport: 'json'`, as before
 * Arrow). The reference runs as it is (it asks for gzip) and with its session asking for
 * `identity` (bench/reference-runner.ts), for the comparison at equal encoding.
 * Every call starts after the client's request interval (60 ms sleep).
 *
 *   REFERENCE_CLIENT_PATH=/path/to/python/client node --import tsx bench/arrow-decade.ts [--runs 7]
 *
 * `REFERENCE_CLIENT_PATH` and `REFERENCE_PYTHON` as in bench/reference-runner.ts; without the
 * first the comparison is skipped and only our figures are printed.
 */
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ServiceClient } from '../src/client';
import type { ClientOptions } from '../src/client/options';
import { toTable } from '../src/frame';
import { DECADE_ROWS, decadeStore } from './decade-store';
import { startServiceProcess } from './service-process';
import { median } from './median-time';
import { referenceSkipped, runReference } from './reference-runner';

const { values: args } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(args.runs ?? 7);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const { dir, key, curves } = await decadeStore('bench-arrow-decade-', 1);
  const curve = curves[0]!;
  const service = await startServiceProcess(dir);
  const { apiUrl } = service;
  const cases = [
    { label: `ten years (${DECADE_ROWS.toLocaleString('en')} rows)`, begin: '2015-01-01', end: '2025-01-01', rows: DECADE_ROWS },
    { label: 'three months (8,636 rows)', begin: '2023-01-01', end: '2023-04-01', rows: 8_636 },
  ];
  const kinds: [string, Partial<ClientOptions>][] = [
    ['defaults (Arrow)', {}],
    ['Arrow, gzip', { transport: 'arrow', compression: true }],
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
    const pyCases = cases.map((c) => ({ label: c.label, kind: 'timeseries' as const, rows: c.rows, curve, begin: c.begin, end: c.end }));
    const reference = await runReference(apiUrl, key, RUNS, pyCases, { compression: true });
    const referencePlain = reference && (await runReference(apiUrl, key, RUNS, pyCases, { compression: false }));
    if (!reference) referenceSkipped();
    console.log(`load + table, cold (no cache), median of ${RUNS} calls, ms; ratio = reference (gzip, its default) / ours`);
    console.log(
      `${'case'.padEnd(28)}${'reference'.padStart(11)}${'ref no gzip'.padStart(13)}${kinds.map(([n]) => `${n.padStart(18)}${'ratio'.padStart(8)}`).join('')}${'defaults vs ref no gzip'.padStart(25)}`,
    );
    for (const c of cases) {
      const ref = reference ? median(reference[c.label]!) : Number.NaN;
      const refPlain = referencePlain ? median(referencePlain[c.label]!) : Number.NaN;
      const ms = kinds.map(([name]) => median(ours[`${c.label}|${name}`]!));
      const cells = ms.map((m) => `${m.toFixed(1).padStart(18)}${(reference ? `${(ref / m).toFixed(1)}x` : '-').padStart(8)}`);
      const plainRatio = referencePlain ? `${(refPlain / ms[0]!).toFixed(1)}x` : '-';
      console.log(
        `${c.label.padEnd(28)}${(reference ? ref.toFixed(0) : '-').padStart(11)}${(referencePlain ? refPlain.toFixed(0) : '-').padStart(13)}${cells.join('')}${plainRatio.padStart(25)}`,
      );
    }
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
