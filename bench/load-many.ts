/**
 * Research-loop benchmark (issue 13): `timeseries.loadMany` of 24 curves x one month of
 * 15-minute data against the throttle's lower bound, and `toTable` of the aligned 24-column
 * result against `JSON.parse` of the same response bytes.
 *
 *   node --import tsx bench/load-many.ts [--runs 5]
 *
 * A fresh `small` demo service on 127.0.0.1 (rate limit off). The 24 curves are the first 24
 * 15-minute TIMESERIES curves of the catalogue (series of different areas and places). Printed:
 * - loadMany wall time (median of `--runs`) with the default `httpDelay` (0.0667 s) vs the
 *   bound N x httpDelay (the throttle alone; target within 1.3x);
 * - toTable of the 24 aligned series (`columnNames: 'short'` and the default headers) vs
 *   `JSON.parse` of the 24 response bodies (target under 3x).
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { ServiceClient } from '../src/client';
import { toTable } from '../src/frame';
import { startService } from '../test/helpers/start-service';
import { medianMs } from './median-time';

const { values: args } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(args.runs ?? 5);
const RANGE = { begin: '2025-03-01', end: '2025-04-01' };

async function main(): Promise<void> {
  const svc = await startService({ demo: { preset: 'small', anchor: '2025-04-15' }, rateLimit: false });
  const client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, retry: { tries: 1 } });
  try {
    const curves = (await client.metadata.curves({ curveType: 'TIMESERIES', frequency: 'PT15M', pageSize: 100 }).all())
      .slice(0, 24)
      .map((c) => c.name);
    if (curves.length < 24) throw new Error(`only ${curves.length} 15-minute curves`);
    const delay = client.options.httpDelay;
    const bound = curves.length * delay * 1000;
    const walls: number[] = [];
    let list = await client.timeseries.loadMany(curves, { ...RANGE, progress: false });
    for (let r = 0; r < RUNS; r++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const t0 = performance.now();
      list = await client.timeseries.loadMany(curves, { ...RANGE, progress: false });
      walls.push(performance.now() - t0);
    }
    const wall = [...walls].sort((a, b) => a - b)[Math.floor(walls.length / 2)] as number;
    const points = list.reduce((s, ts) => s + ts.length, 0);
    console.log(`loadMany: ${curves.length} curves, ${points} values, httpDelay ${delay} s`);
    console.log(
      `  wall median ${wall.toFixed(0)} ms (runs: ${walls.map((w) => w.toFixed(0)).join(', ')}); bound N x httpDelay ${bound.toFixed(0)} ms; ratio ${(wall / bound).toFixed(2)}x`,
    );

    // the same bytes: each curve's response body, fetched once through the transport
    const bodies: string[] = [];
    for (const name of curves) {
      const res = await fetch(`${svc.apiUrl}/timeseries/${encodeURIComponent(name)}/?begin=${RANGE.begin}&end=${RANGE.end}`, {
        headers: { 'X-API-Key': svc.apiKey },
      });
      bodies.push(await res.text());
    }
    const bytes = bodies.reduce((s, b) => s + b.length, 0);
    const parse = medianMs(() => bodies.map((b) => JSON.parse(b)));
    const short = medianMs(() => toTable(list, { columnNames: 'short' }));
    const full = medianMs(() => toTable(list));
    const rows = toTable(list, { columnNames: 'short' }).numRows();
    console.log(
      `toTable: ${rows} rows x ${list.length} columns; JSON.parse of the ${(bytes / 1e6).toFixed(1)} MB of bodies ${parse.toFixed(1)} ms`,
    );
    console.log(
      `  toTable short names ${short.toFixed(1)} ms (${(short / parse).toFixed(2)}x JSON.parse); default headers ${full.toFixed(1)} ms (${(full / parse).toFixed(2)}x)`,
    );
  } finally {
    client.close();
    await svc.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
