// One contract, two backends: the same demo data and the same imports on the embedded DuckDB
// store and on a throwaway PostgreSQL server, then the same requests to both services. Every
// answer (status, content type, paging headers, body) must be byte-identical; only ETag and Date
// may differ (ETags embed each store's own data-version epoch). The PostgreSQL service reads
// through a streaming standby (`--read-store`): its answers come from the standby once it has
// replayed what the node has seen, else from the primary (an import followed by a load is one such
// case), and must be the same either way.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PostgresStore, type Store } from '../../../../server/src/store';
import { startService, addUser, type StartedService } from '../../../helpers/start-service';
import { startPostgres, type PostgresServer } from '../../../helpers/postgres-server';
import { openProbe, RID } from '../../feed/ws-probe';
import { DuckDbStore } from '../../../../server/src/store';

const NOW = Date.UTC(2025, 0, 15, 12, 34, 56, 789);
const clock = () => NOW;
const DEMO = { preset: 'small' as const, seed: 7, anchor: '2025-01-15' };

let server: PostgresServer;
let duck: StartedService;
let pg: StartedService;

test.before(async () => {
  server = await startPostgres({ standby: true });
  const url = await server.createDatabase();
  const readUrl = server.standby?.urlOf(url);
  duck = await startService({ demo: DEMO, clock, rateLimit: false, openStore: (dir) => DuckDbStore.open(dir, { clock }) });
  pg = await startService({ demo: DEMO, clock, rateLimit: false, openStore: () => PostgresStore.open(url, { clock, readUrl }) });
});

test.after(async () => {
  await duck?.close();
  await pg?.close();
  await server?.stop();
});

const IGNORED = new Set(['etag', 'date', 'connection', 'keep-alive']);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function ask(svc: StartedService, path: string, init: RequestInit = {}, key = svc.apiKey): Promise<Answer> {
  const res = await fetch(`${svc.apiUrl}${path}`, {
    ...init,
    headers: { 'X-API-Key': key, 'Accept-Encoding': 'identity', ...(init.headers ?? {}) },
  });
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!IGNORED.has(name)) headers[name] = value;
  });
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()).toString('base64') };
}

async function same(path: string, init: RequestInit = {}): Promise<Answer> {
  const [a, b] = await Promise.all([ask(duck, path, init), ask(pg, path, init)]);
  assert.equal(b, a, `answers differ for ${path}`);
  return a;
}

async function allCurves(): Promise<{ name: string; curve_type: string }[]> {
  return (await duck.store.searchCurves({ pageSize: 100_000 })).items.map((c) => ({ name: c.name, curve_type: c.curveType }));
}

test('metadata: curve search (paged, filtered), one curve, categories, places, user', async () => {
  const paths = [
    '/metadata/curves/',
    '/metadata/curves/?page=2&page_size=7',
    '/metadata/curves/?q=wind%20de',
    '/metadata/curves/?area=DE&data_type=FORECAST',
    '/metadata/curves/?curve_type=INSTANCE&frequency=PT1H',
    '/metadata/curves/?only_subscribed=true',
    '/metadata/categories/',
    '/metadata/exact-categories/',
    '/metadata/places/',
    '/metadata/places/?page_size=5&page=3',
    '/metadata/places/?q=river',
    '/user/',
  ];
  for (const path of paths) await same(path);
  const [first] = await allCurves();
  assert.is((await same(`/metadata/curves/${encodeURIComponent(first!.name)}/`)).status, 200);
  assert.is((await same('/metadata/curves/No%20such%20curve/')).status, 404);
});

test('every curve of the demo: its load answer (timeseries, instances, periods, period instances, OHLC)', async () => {
  const curves = await allCurves();
  assert.ok(curves.length > 100);
  const statuses = new Map<number, number>();
  const range = 'begin=2025-01-01&end=2025-01-20';
  for (const curve of curves) {
    const name = encodeURIComponent(curve.name);
    const paths: Record<string, string[]> = {
      TIMESERIES: [`/timeseries/${name}/?${range}`, `/timeseries/${name}/?${range}&frequency=P1D&function=AVERAGE`],
      SCENARIO_TIMESERIES: [`/timeseries/${name}/?${range}`],
      INSTANCE: [`/instances/${name}/list/?limit=3`, `/instances/${name}/get/latest/?${range}`],
      PERIOD: [`/periods/${name}/?${range}`],
      INSTANCE_PERIOD: [`/period-instances/${name}/list/`, `/period-instances/${name}/get/latest/?${range}`],
      OHLC: [`/ohlc/${name}/?begin=2024-12-01&end=2025-01-16`, `/ohlc/${name}/latest/`],
    };
    for (const path of paths[curve.curve_type] ?? [`/timeseries/${name}/?${range}`]) {
      const a = await same(path);
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    }
  }
  // Mostly real data; a few curves may legitimately answer 4xx (the same on both backends).
  assert.ok((statuses.get(200) ?? 0) > curves.length, `statuses: ${JSON.stringify([...statuses])}`);
});

test('import through the API, then the same answers, and the same events replayed by the push feed', async () => {
  const before = async (store: Store) => (await store.eventsAfter(null, 1_000_000)).newest;
  const lastDuck = await before(duck.store);
  assert.is(await before(pg.store), lastDuck);
  const name = 'CT Test Power MWh/h H Actual';
  const curve = `name,curve_type,data_type,frequency,timezone,unit,area,area_sink,categories,commodity,instance_issued_timezone\n${name},TIMESERIES,ACTUAL,PT1H,CET,MWh/h,DE,,Test Power,Power,\n`;
  const rows = Array.from(
    { length: 48 },
    (_, k) => `${name},${new Date(Date.UTC(2025, 0, 1) + k * 3_600_000).toISOString()},${k % 5 === 0 ? '' : (k * 1.25).toFixed(2)}`,
  );
  const body = JSON.stringify({
    files: [
      { name: 'curves.csv', text: curve },
      { name: 'values.csv', text: `curve,date,value\n${rows.join('\n')}\n` },
    ],
  });
  const init = { method: 'POST', body, headers: { 'Content-Type': 'application/json' } };
  const admins = [await addUser(duck.store, 'admin'), await addUser(pg.store, 'admin')];
  const post = (svc: StartedService, k: number, payload: string) => ask(svc, '/import/', { ...init, body: payload }, admins[k]);
  const [a, b] = [await post(duck, 0, body), await post(pg, 1, body)];
  assert.equal(b, a);
  assert.is(a.status, 200);
  // A failing import (an unknown curve) leaves nothing on either.
  const bad = JSON.stringify({
    files: [{ name: 'v.csv', text: `curve,date,value\n${name},2025-01-03T00:00:00Z,1\nNope,2025-01-03T00:00:00Z,1\n` }],
  });
  const [c, d] = [await post(duck, 0, bad), await post(pg, 1, bad)];
  assert.equal(d, c);
  assert.is(c.status, 400);
  await same(`/timeseries/${encodeURIComponent(name)}/?begin=2024-12-31&end=2025-01-04`);
  await same(`/metadata/curves/?q=ct%20test`);
  const replay = async (svc: StartedService) => {
    const probe = await openProbe(`${svc.url.replace('http', 'ws')}/api/events/`, svc.apiKey);
    probe.send({ type: 'curves.subscribe', request_id: RID(), last_id: lastDuck, filters: [{}] });
    await probe.waitForEvents(1, 5_000);
    await new Promise((r) => setTimeout(r, 300));
    const events = probe.events();
    await probe.close();
    return events;
  };
  const [fromDuck, fromPg] = [await replay(duck), await replay(pg)];
  assert.ok(fromDuck.length >= 1);
  assert.equal(fromPg, fromDuck);
});

test('keys: a new user and key, then blocking the key and the user, answer the same', async () => {
  const keyDuck = await addUser(duck.store, 'contract', { grants: [{ package: 'power', area: 'DE' }] });
  const keyPg = await addUser(pg.store, 'contract', { grants: [{ package: 'power', area: 'DE' }] });
  const pair = async (path: string) => {
    const [a, b] = [await ask(duck, path, {}, keyDuck), await ask(pg, path, {}, keyPg)];
    assert.equal(b, a, path);
    return a.status;
  };
  assert.is(await pair('/user/'), 200);
  assert.is(await pair('/metadata/curves/?only_subscribed=true'), 200);
  const hashes = await Promise.all([duck.store, pg.store].map(async (s) => (await s.listKeys('contract'))[0]!.hash));
  assert.ok(await duck.store.setKeyBlocked(hashes[0]!, true));
  assert.ok(await pg.store.setKeyBlocked(hashes[1]!, true));
  const blocked = await pair('/user/');
  assert.ok(blocked === 401 || blocked === 403, String(blocked));
  assert.ok(await duck.store.setKeyBlocked(hashes[0]!, false));
  assert.ok(await pg.store.setKeyBlocked(hashes[1]!, false));
  assert.ok(await duck.store.setUserBlocked('contract', true));
  assert.ok(await pg.store.setUserBlocked('contract', true));
  assert.is(await pair('/user/'), blocked);
  assert.not.ok(await pg.store.setKeyBlocked('0'.repeat(64), true));
  assert.equal(await pg.store.stats(), { ...(await duck.store.stats()) });
});

test('the PostgreSQL answers were read through the standby (and on the primary while it lagged)', async () => {
  const reads = (await pg.store.health()).readStore?.reads;
  assert.ok(reads && reads.standby > 100, JSON.stringify(reads));
  assert.is(reads?.primaryFailed, 0);
});

test.run();
