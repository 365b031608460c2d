/**
 * Arrow beside JSON (issue 19): the same client loads the same answers from the same service in
 * the same run, once with `transport: 'json'` and once with `transport: 'arrow'`, calls
 * interleaved so both see the same machine load; load + `toTable()`.
 *
 *   node --expose-gc --import tsx bench/arrow.ts [--runs 15]
 *
 * Cases: one year (2023, 35,040 values) and three months (2023-01..03, 8,636 values) of CET
 * 15-minute values, and one 51-member ensemble instance (1,440 steps x 52 values), in a fresh
 * embedded store served on 127.0.0.1. Each with compression off (the loopback setting) and on
 * (gzip, as by default). Also prints the answer sizes (identity encoding). Every call starts
 * after the client's request interval (60 ms sleep), as a user's would, and after a full garbage
 * collection (with `--expose-gc`), so that one call does not pay for the garbage of the other kind.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ServiceClient } from '../src/client';
import { toTable } from '../src/frame';
import { ARROW_ACCEPT } from '../src/wire/arrow';
import { ACTUAL, FORECAST, serveEndToEnd } from './e2e-store';

const { values: args } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(args.runs ?? 15);
const collect = (globalThis as { gc?: () => void }).gc;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
async function size(url: string, key: string, accept: string): Promise<number> {
  const res = await fetch(url, { headers: { 'x-api-key': key, accept, 'accept-encoding': 'identity' } });
  return (await res.arrayBuffer()).byteLength;
}

async function main(): Promise<void> {
  const svc = await serveEndToEnd('bench-arrow-');
  const { apiUrl, key, issued } = svc;
  const cases: { label: string; path: string; load: (c: ServiceClient) => Promise<unknown> }[] = [
    {
      label: 'one year, 15 min (35,040 values)',
      path: `/timeseries/${encodeURIComponent(ACTUAL)}/?begin=2023-01-01&end=2024-01-01`,
      load: (c) => c.timeseries.load(ACTUAL, { begin: '2023-01-01', end: '2024-01-01' }).then(toTable),
    },
    {
      label: 'three months, 15 min (8,636 values)',
      path: `/timeseries/${encodeURIComponent(ACTUAL)}/?begin=2023-01-01&end=2023-04-01`,
      load: (c) => c.timeseries.load(ACTUAL, { begin: '2023-01-01', end: '2023-04-01' }).then(toTable),
    },
    {
      label: 'one ensemble instance (1,440 x 52)',
      path: `/ensembles/${encodeURIComponent(FORECAST)}/get/${encodeURIComponent(issued)}/ec-ens/`,
      load: (c) => c.instances.get(FORECAST, { issued, tag: 'ec-ens', ensembles: true }).then(toTable),
    },
  ];
  const base = { apiUrl, apiKey: key, httpDelay: 0.05, retry: { tries: 1 } };
  try {
    console.log(`load + toTable(), median of ${RUNS} calls each, JSON and Arrow calls interleaved, ms`);
    console.log(
      `${'case'.padEnd(38)}${'compression'.padStart(12)}${'JSON'.padStart(9)}${'Arrow'.padStart(9)}${'JSON/Arrow'.padStart(12)}${'JSON bytes'.padStart(12)}${'Arrow bytes'.padStart(13)}`,
    );
    for (const c of cases) {
      const jsonBytes = await size(apiUrl + c.path, key, '*/*');
      const arrowBytes = await size(apiUrl + c.path, key, ARROW_ACCEPT);
      for (const compression of [false, true]) {
        const json = new ServiceClient({ ...base, compression, transport: 'json' });
        const arrow = new ServiceClient({ ...base, compression, transport: 'arrow' });
        const times = { json: [] as number[], arrow: [] as number[] };
        for (let i = 0; i < RUNS + 2; i++) {
          for (const [name, client] of [
            ['json', json],
            ['arrow', arrow],
          ] as const) {
            await pause(60);
            collect?.();
            const started = performance.now();
            await c.load(client);
            if (i >= 2) times[name].push(performance.now() - started);
          }
        }
        json.close();
        arrow.close();
        const [j, a] = [mid(times.json), mid(times.arrow)];
        console.log(
          `${c.label.padEnd(38)}${(compression ? 'gzip' : 'off').padStart(12)}${j.toFixed(2).padStart(9)}${a.toFixed(2).padStart(9)}${`${(j / a).toFixed(1)}x`.padStart(12)}${String(jsonBytes).padStart(12)}${String(arrowBytes).padStart(13)}`,
        );
      }
    }
  } finally {
    await svc.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
