/**
 * Client end to end (issue 15): load + table, cold and warm, against the reference Python client
 * of the protocol (load + pandas DataFrame), same machine, same run, same service on 127.0.0.1 (`service serve` in its own process, bench/e2e-store.ts).
 *
 *   REFERENCE_CLIENT_PATH=/path/to/python/client node --import tsx bench/client-e2e.ts [--runs 15]
 *
 * `REFERENCE_CLIENT_PATH` and `REFERENCE_PYTHON` as in bench/reference-runner.ts; without the first
 * the comparison is skipped with a message and only our figures are printed.
 *
 * Cases: one year (2023, 35,040 values) and three months (2023-01..03, 8,636 values) of CET
 * 15-minute values, and one 51-member ensemble instance (1,440 steps x 52 values). Ours, each
 * through both transports (`transport: 'json'`, and the default `'auto'`, which asks for Arrow
 * once the first answer offers it, so every timed call is Arrow):
 *   - cold, the defaults: a client without cache (one client, its connection kept alive, as the
 *     reference's session), `load` + `toTable()`; on this loopback service the default
 *     `compression: 'auto'` asks for no compression;
 *   - cold, `compression: true` (gzip, what the defaults ask of a service on another machine);
 *   - warm (default transport): a client with `cache: true` that has the answer already; each
 *     load is a 304 revalidation, then the cached body is parsed and tabled.
 * The reference runs twice: as it is (it asks for gzip) and with its session asking for
 * `identity`; the ratios compare ours with it at its defaults and at equal encoding.
 * Every call starts after the client's request interval (60 ms sleep), as a user's would.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ServiceClient } from '../src/client';
import { toTable } from '../src/frame';
import { ACTUAL, FORECAST, serveEndToEnd } from './e2e-store';
import { median } from './median-time';
import { referenceSkipped, runReference } from './reference-runner';

const { values: args } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(args.runs ?? 15);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Case {
  label: string;
  kind: 'timeseries' | 'instance';
  rows: number;
  load(client: ServiceClient): Promise<unknown>;
  py: Record<string, unknown>;
}

async function timeCalls(work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    await sleep(60);
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.slice(2);
}

async function main(): Promise<void> {
  const svc = await serveEndToEnd('bench-e2e-');
  const { apiUrl, key, issued } = svc;
  const cases: Case[] = [
    {
      label: 'one year, 15 min (35,040 values)',
      kind: 'timeseries',
      rows: 35_040,
      load: (c) => c.timeseries.load(ACTUAL, { begin: '2023-01-01', end: '2024-01-01' }).then(toTable),
      py: { curve: ACTUAL, begin: '2023-01-01', end: '2024-01-01' },
    },
    {
      label: 'three months, 15 min (8,636 values)',
      kind: 'timeseries',
      rows: 8_636,
      load: (c) => c.timeseries.load(ACTUAL, { begin: '2023-01-01', end: '2023-04-01' }).then(toTable),
      py: { curve: ACTUAL, begin: '2023-01-01', end: '2023-04-01' },
    },
    {
      label: 'one ensemble instance (1,440 x 52)',
      kind: 'instance',
      rows: 1_440,
      load: (c) => c.instances.get(FORECAST, { issued, tag: 'ec-ens', ensembles: true }).then(toTable),
      py: { curve: FORECAST, issued, tag: 'ec-ens' },
    },
  ];
  const base = { apiUrl, apiKey: key, httpDelay: 0.05, retry: { tries: 1 } };
  type Ours = { json: number; jsonGzip: number; arrow: number; arrowGzip: number; warm: number };
  const ours: Record<string, Ours> = {};
  const cold = async (c: Case, options: { transport: 'json' | 'auto'; compression?: boolean }): Promise<number> => {
    const client = new ServiceClient({ ...base, ...options });
    try {
      return median(await timeCalls(() => c.load(client)));
    } finally {
      client.close();
    }
  };
  try {
    for (const c of cases) {
      const json = await cold(c, { transport: 'json' });
      const jsonGzip = await cold(c, { transport: 'json', compression: true });
      const arrow = await cold(c, { transport: 'auto' });
      const arrowGzip = await cold(c, { transport: 'auto', compression: true });
      const warmClient = new ServiceClient({ ...base, cache: true });
      await c.load(warmClient);
      const warm = median(await timeCalls(() => c.load(warmClient)));
      if ((warmClient.cache?.stats().revalidations ?? 0) < RUNS) throw new Error(`${c.label}: warm loads were not revalidations`);
      warmClient.close();
      ours[c.label] = { json, jsonGzip, arrow, arrowGzip, warm };
    }
    const pyCases = cases.map((c) => ({ label: c.label, kind: c.kind, rows: c.rows, ...c.py }));
    const reference = await runReference(apiUrl, key, RUNS, pyCases, { compression: true });
    const referencePlain = reference && (await runReference(apiUrl, key, RUNS, pyCases, { compression: false }));
    if (!reference) referenceSkipped();
    console.log(`client end to end (load + table), median of ${RUNS} calls, ms; ratio = reference / ours`);
    console.log('ours by default asks this loopback service for no compression; the reference always asks for gzip');
    const head = ['JSON', 'JSON gzip', 'Arrow', 'Arrow gzip', 'warm (304)', 'ref (gzip)', 'ref no gzip'];
    const ratios = ['x Arrow', 'x Arrow=enc', 'x gzip', 'x JSON', 'x warm'];
    console.log(`${'case'.padEnd(38)}${[...head, ...ratios].map((h) => h.padStart(13)).join('')}`);
    for (const c of cases) {
      const o = ours[c.label] as Ours;
      const ref = reference ? median(reference[c.label] as number[]) : Number.NaN;
      const refPlain = referencePlain ? median(referencePlain[c.label] as number[]) : Number.NaN;
      const r = (num: number, x: number) => (reference ? `${(num / x).toFixed(1)}x` : '-');
      const cells = [o.json, o.jsonGzip, o.arrow, o.arrowGzip, o.warm].map((x) => x.toFixed(2));
      cells.push(reference ? ref.toFixed(2) : '-', referencePlain ? refPlain.toFixed(2) : '-');
      // defaults against defaults; at equal encoding (both plain; both gzip); JSON and warm against the reference's default
      cells.push(r(ref, o.arrow), r(refPlain, o.arrow), r(ref, o.arrowGzip), r(ref, o.json), r(ref, o.warm));
      console.log(`${c.label.padEnd(38)}${cells.map((x) => x.padStart(13)).join('')}`);
    }
  } finally {
    await svc.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
