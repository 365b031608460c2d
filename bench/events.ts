/**
 * Push-feed benchmark (issue 9): the service and 100 subscribed clients (our `EventsConnection`,
 * callbacks) in one process on 127.0.0.1, all subscribed to the curve being written.
 *
 * 1. Throughput: 40 imports of 50 one-hour blocks each (2 000 events) go through the import path
 *    as fast as they commit; measured until every subscriber has every event: events per second
 *    per subscriber, and deliveries per second over all subscribers. Then the fan-out alone: one
 *    import of 2 000 events, timed from its commit to the last of the 200 000 deliveries.
 * 2. Latency: 200 single-event imports, one every 10 ms; for each delivery, the time from the
 *    store's commit (its `onEvents` notification) to the subscriber's callback, and from the
 *    start of the import call (parsing, checks and the DuckDB write included). Median and p99 over
 *    all 20 000 deliveries.
 *
 * Run: `node --import tsx bench/events.ts`
 *
 * Recorded (Node 20.20 through tsx, 2 shared vCPUs, server and the 100
 * clients in one process, so the clients' parsing competes with the server; times vary with load):
 *   import-bound: 2 000 events in 9.4 s = 214 events/s per subscriber, 21 400 deliveries/s; the
 *                 store's write (about 230 ms per import of 50 one-value blocks here)
 *                 is the limit; the last delivery came 149 ms after the last import returned
 *   fan-out alone: 200 000 deliveries in 2.5 s = 80 000 deliveries/s (805 events/s per subscriber);
 *                 with raw clients that do not parse, the server alone sends about 167 000/s
 *   latency, commit -> delivery: median 3.0 ms, p99 14.3 ms
 *   latency, import call -> delivery: median 15.2 ms, p99 46.3 ms
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { EventsConnection, eventsUrl, type CurveEvent } from '../src/client/events';
import { createApp } from '../server/src/http/app';
import { generateApiKey, hashApiKey } from '../server/src/auth';
import { importSources } from '../server/src/import';
import { DuckDbStore } from '../server/src/store';
import { quantile } from './median-time';

const SUBSCRIBERS = 100;
const CURVE = 'DE Wind Power Production MWh/h H Actual';
const CURVES_CSV = `name,curve_type,data_type,frequency,timezone,unit,area\n${CURVE},TIMESERIES,ACTUAL,PT1H,CET,MWh/h,DE\n`;
const H = 3_600_000;
const T0 = Date.UTC(2020, 0, 1);

function csv(firstHour: number, blocks: number): { name: string; text: string }[] {
  return Array.from({ length: blocks }, (_, k) => ({
    name: `b${k}.csv`,
    text: `curve,date,value\n${CURVE},${new Date(T0 + (firstHour + k) * H).toISOString()},${k}\n`,
  }));
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-events-'));
  const store = await DuckDbStore.open(dir);
  const key = generateApiKey();
  await store.importBatch({
    users: [{ id: 'bench', name: 'bench', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] }],
    keys: [{ hash: hashApiKey(key), userId: 'bench', label: '', created: 0, blocked: false }],
  });
  await importSources(store, [{ name: 'curves.csv', text: CURVES_CSV }]);
  const app = createApp({ store, rateLimit: false, events: { heartbeatMs: 0 } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const target = { url: eventsUrl(`http://127.0.0.1:${port}/api`), headers: { 'X-API-KEY': key }, sslVerify: true };

  const committed = new Map<string, number>();
  const started = new Map<string, number>();
  store.onEvents((events) => {
    const now = performance.now();
    for (const e of events) committed.set(e.id, now);
  });
  let received = 0;
  let onDelivery: ((e: CurveEvent, at: number) => void) | null = null;
  const feeds: EventsConnection[] = [];
  for (let s = 0; s < SUBSCRIBERS; s++) {
    const feed = await EventsConnection.open(target, {
      pingInterval: 3600,
      onEvent: (e) => {
        received++;
        onDelivery?.(e, performance.now());
      },
    });
    await feed.subscribe({ curveNames: CURVE }, { lastId: null });
    feeds.push(feed);
  }

  // 1. throughput
  const IMPORTS = 40;
  const PER_IMPORT = 50;
  const total = IMPORTS * PER_IMPORT;
  received = 0;
  const t0 = performance.now();
  for (let i = 0; i < IMPORTS; i++) await importSources(store, csv(i * PER_IMPORT, PER_IMPORT));
  const written = performance.now();
  while (received < total * SUBSCRIBERS) await new Promise((r) => setTimeout(r, 1));
  const done = performance.now();
  const seconds = (done - t0) / 1000;
  console.log(
    `throughput: ${total} events to ${SUBSCRIBERS} subscribers in ${seconds.toFixed(2)} s (the imports took ${((written - t0) / 1000).toFixed(2)} s)`,
  );
  console.log(
    `  ${(total / seconds).toFixed(0)} events/s per subscriber, ${((total * SUBSCRIBERS) / seconds).toFixed(0)} deliveries/s in all`,
  );
  console.log(`  last delivery ${(done - written).toFixed(1)} ms after the last import returned`);

  // 1b. fan-out alone: one import of 2 000 blocks, so the write is one transaction
  received = 0;
  const f0 = performance.now();
  await importSources(store, csv(50_000, total));
  const f1 = performance.now();
  while (received < total * SUBSCRIBERS) await new Promise((r) => setTimeout(r, 1));
  const f2 = performance.now();
  console.log(
    `fan-out: one import of ${total} events (write ${((f1 - f0) / 1000).toFixed(2)} s), then all ${total * SUBSCRIBERS} deliveries in ${((f2 - f1) / 1000).toFixed(2)} s`,
  );
  console.log(
    `  ${((total * SUBSCRIBERS) / ((f2 - f1) / 1000)).toFixed(0)} deliveries/s in all, ${(total / ((f2 - f1) / 1000)).toFixed(0)} events/s per subscriber`,
  );

  // 2. latency
  const ROUNDS = 200;
  const fromCommit: number[] = [];
  const fromCall: number[] = [];
  onDelivery = (e, at) => {
    fromCommit.push(at - (committed.get(e.id) ?? at));
    fromCall.push(at - (started.get(e.id) ?? at));
  };
  received = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const begin = performance.now();
    const result = await importSources(store, csv(100_000 + i, 1));
    for (const e of result.events) started.set(e.id, begin);
    await new Promise((r) => setTimeout(r, 10));
  }
  while (received < ROUNDS * SUBSCRIBERS) await new Promise((r) => setTimeout(r, 1));
  fromCommit.sort((a, b) => a - b);
  fromCall.sort((a, b) => a - b);
  console.log(`latency over ${fromCommit.length} deliveries (${SUBSCRIBERS} subscribers):`);
  console.log(`  commit -> delivery: median ${quantile(fromCommit, 0.5).toFixed(2)} ms, p99 ${quantile(fromCommit, 0.99).toFixed(2)} ms`);
  console.log(`  import call -> delivery: median ${quantile(fromCall, 0.5).toFixed(2)} ms, p99 ${quantile(fromCall, 0.99).toFixed(2)} ms`);

  for (const f of feeds) await f.close();
  await app.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

void main();
