/**
 * OHLC loads (issue 15): `GET /ohlc/{curve}/?begin&end` of four years of daily trading of a power
 * futures curve (20 contracts a trading day: 4 weeks, 6 months, 6 quarters, 4 years ahead), from
 * a fresh embedded store served on 127.0.0.1.
 *
 *   node --import tsx bench/ohlc.ts [--runs 30]
 *
 * Prints the medians of the floor (`store.readOhlc` of the range, in-process), the service over
 * HTTP (keep-alive, bytes only) with its ratio to the floor (target <= 2x; also timed call by call
 * in turn with the floor), and the serialisation
 * alone: the column writer `ohlcListBytes` against `JSON.stringify` of the same body prepared as
 * objects (target <= 2x). Last, the service as shipped against the same read (the built code in its
 * own process, the read timed there; bench/served-built.ts, needs `npm run build`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../server/src/http/app';
import { generateApiKey, hashApiKey } from '../server/src/auth';
import { ohlcRoutes } from '../server/src/routes/ohlc';
import { DuckDbStore } from '../server/src/store';
import { zoneByName } from '../src/time';
import { ohlcListBytes, parseOHLCList, serializeOHLCList, type OhlcColumns } from '../src/wire';
import { benchCurve } from './bench-curve';
import { getBody } from './http-get';
import { interleavedRatio, latency, medianMs } from './median-time';
import { OHLC_BENCH_CURVE, ohlcBenchRows } from './ohlc-rows';
import { builtRatio } from './served-built';

const { values: args } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(args.runs ?? 30);
const NAME = OHLC_BENCH_CURVE;
const CET = zoneByName('CET');

const latencyOf = (label: string, work: () => Promise<unknown>, floor?: number) => latency(label, work, RUNS, floor, 44);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-ohlc-'));
  const store = await DuckDbStore.open(dir);
  const key = generateApiKey();
  const block = ohlcBenchRows();
  await store.importBatch({
    users: [{ id: 'bench', name: 'Bench', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] }],
    keys: [{ hash: hashApiKey(key), userId: 'bench', label: 'bench', created: 0, blocked: false }],
    curves: [benchCurve(NAME, { curveType: 'OHLC', frequency: 'P1D', unit: 'EUR', denominator: 'MWh', dataType: 'OHLC' })],
    ohlc: [block],
  });
  const app = createApp({ store, rateLimit: false, routes: [ohlcRoutes] });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = `http://127.0.0.1:${port}/api/ohlc/${encodeURIComponent(NAME)}/?begin=2021-01-01&end=2025-01-01`;
  try {
    const body = await getBody(agent, url, key);
    console.log(
      `${block.traded.length.toLocaleString('en')} OHLC rows (4 years x 20 contracts); ${body.length.toLocaleString('en')} bytes of JSON`,
    );
    const floor = await latencyOf('floor: store.readOhlc (in-process)', () =>
      store.readOhlc(NAME, { begin: Date.UTC(2020, 11, 31, 23), end: Date.UTC(2024, 11, 31, 23) }),
    );
    await latencyOf('service GET /ohlc/ (HTTP)', () => getBody(agent, url, key), floor);
    await interleavedRatio(
      'service vs store.readOhlc',
      () => store.readOhlc(NAME, { begin: Date.UTC(2020, 11, 31, 23), end: Date.UTC(2024, 11, 31, 23) }),
      () => getBody(agent, url, key),
      RUNS,
      44,
    );
    // serialisation alone, on the rows of that answer
    const list = parseOHLCList(JSON.parse(body.toString('utf8')));
    const items = [...list];
    const col = (f: (o: (typeof items)[number]) => number | null) => Float64Array.from(items, (o) => f(o) ?? Number.NaN);
    const columns: OhlcColumns = {
      traded: col((o) => o.product.traded.toMillis()),
      period: items.map((o) => o.product.period.tag.toUpperCase()),
      front: Int32Array.from(items, (o) => o.product.front ?? -1),
      delivery: col((o) => o.product.delivery.toMillis()),
      open: col((o) => o.open),
      high: col((o) => o.high),
      low: col((o) => o.low),
      close: col((o) => o.close),
      settlement: col((o) => o.settlement),
      volume: col((o) => o.volume),
      openInterest: col((o) => o.openInterest),
    };
    const head = { curve: list.curve, unit: list.unit, denominator: list.denominator };
    const prepared = serializeOHLCList(list);
    if (Buffer.compare(Buffer.from(ohlcListBytes(head, columns, CET)), body) !== 0) throw new Error('the writer and the service disagree');
    const stringify = medianMs(() => Buffer.from(JSON.stringify(prepared)), 9);
    const writer = medianMs(() => ohlcListBytes(head, columns, CET), 9);
    console.log(
      `serialisation: JSON.stringify(prepared) ${stringify.toFixed(2)} ms | ohlcListBytes ${writer.toFixed(2)} ms = ${(writer / stringify).toFixed(2)}x`,
    );
  } finally {
    agent.destroy();
    await app.close();
    await store.close();
  }
  try {
    await builtRatio(
      'service vs store.readOhlc',
      dir,
      key,
      url.slice(url.indexOf('/api') + 4),
      { method: 'readOhlc', args: [NAME, { begin: Date.UTC(2020, 11, 31, 23), end: Date.UTC(2024, 11, 31, 23) }] },
      RUNS,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
