import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { ValidationError, WebSocketsError } from '../../../src/exceptions';
import { Area, DataType, EventType } from '../../../src/model';
import { ConnectionEvent, CurveEvent, TimeoutEvent, type EventsConnection, type FeedEvent } from '../../../src/client/events';
import { ServiceClient } from '../../../src/client/service-client';
import { startWsFaultProxy, type WsFaultProxy } from '../../helpers/ws-fault-proxy';
import { DE_CONS, DE_WIND, FR_WIND, hourlyCsv, startFeedService, type FeedService } from '../../server/feed/feed-fixture';

const JAN1 = Date.UTC(2024, 0, 1);
const H = 3_600_000;
let svc: FeedService;
let proxy: WsFaultProxy;
let dir: string;
let hour = 0;

/** Imports `n` events of a curve (one block per hour, in one batch); returns their ids. */
async function importEvents(curve: string, n: number): Promise<string[]> {
  const texts = Array.from({ length: n }, () => hourlyCsv(curve, JAN1 + hour++ * H, 1, (k) => k));
  return (await svc.importCsv(...texts)).events.map((e) => e.id);
}

function client(key = svc.keys.all, base = svc.url): ServiceClient {
  return new ServiceClient({ apiKey: key, apiUrl: `${base}/api` });
}

/** Takes curve events until `n` have arrived; connection events go to `other`. */
async function take(feed: EventsConnection, n: number, other: FeedEvent[] = [], timeout = 5): Promise<CurveEvent[]> {
  const out: CurveEvent[] = [];
  while (out.length < n) {
    const e = await feed.next({ timeout });
    if (e === null || e instanceof TimeoutEvent) throw new Error(`got ${out.length} of ${n} events, then ${String(e)}`);
    if (e instanceof CurveEvent) out.push(e);
    else other.push(e);
  }
  return out;
}

test.before(async () => {
  svc = await startFeedService({ app: { events: { heartbeatMs: 0 } } });
  proxy = await startWsFaultProxy(svc.port);
  dir = mkdtempSync(join(tmpdir(), 'events-client-'));
});

test.after(async () => {
  await proxy.close();
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

test('connect, subscribe, import: the matching events arrive through the iterator, the others do not', async () => {
  const c = client();
  const feed = await c.events.connect();
  assert.is(c.events.target().url, `ws://127.0.0.1:${svc.port}/api/events/`);
  assert.is(c.events.target().headers['X-API-KEY'], svc.keys.all);
  // printed, the target hides the key
  assert.ok(inspect(c.events.target()).includes('X-API-KEY: …, User-Agent: '), inspect(c.events.target()));
  assert.not.ok(inspect(c.events.target()).includes(svc.keys.all));
  assert.equal(await feed.filters(), null);
  const accepted = await feed.subscribe([{ curveNames: DE_WIND }, { areas: Area.FR, dataTypes: 'FORECAST' }]);
  assert.equal(accepted, [{ curveNames: [DE_WIND] }, { areas: [Area.FR], dataTypes: [DataType.FORECAST] }]);
  assert.equal(await c.events.filters(), accepted);
  // it shows its state and URL, never the key or its internals
  const url = `ws://127.0.0.1:${svc.port}/api/events/`;
  assert.is(String(feed), `<EventsConnection: open, url=${url}, lastId=None, filters=2, queued=0>`);
  assert.is(inspect(feed), String(feed));
  const html = (feed as unknown as Record<symbol, () => { 'text/html': string }>)[Symbol.for('Jupyter.display')]!()['text/html'];
  assert.ok(html.includes('<th style="text-align:left">filters</th><td>2</td>'), html);
  assert.not.ok(`${inspect(feed)}${html}`.includes(svc.keys.all), 'the key never shows');
  // its state is private (#fields): no own property for Object.keys, for...in or a kernel's completion
  assert.equal(Object.getOwnPropertyNames(feed), []);
  const fr = await importEvents(FR_WIND, 1);
  const de = await importEvents(DE_WIND, 2);
  const received: CurveEvent[] = [];
  for await (const e of feed) {
    if (e instanceof CurveEvent) received.push(e);
    if (received.length === 2) break;
  }
  assert.equal(
    received.map((e) => e.id),
    de,
  );
  assert.not.ok(received.some((e) => fr.includes(e.id)));
  const [first] = received;
  assert.is(first!.eventType, EventType.CURVE_UPDATE);
  assert.is(first!.curve.name, DE_WIND);
  // the first hour imported was 2024-01-01 01:00Z = 02:00+01:00 (hour 0 went to FR wind)
  assert.is(first!.begin?.toISO(), '2024-01-01T02:00:00.000+01:00');
  assert.is(first!.end?.toISO(), '2024-01-01T03:00:00.000+01:00');
  assert.is(feed.lastId, de[1]);
  assert.ok((await feed.next({ timeout: 0.1 })) instanceof TimeoutEvent);
  await c.events.close();
  assert.is(await feed.next(), null, 'after close the iterator ends');
  assert.not.ok(feed.connected);
});

test('callbacks receive the events instead of the iterator; instances are parsed', async () => {
  const seen: CurveEvent[] = [];
  const c = client();
  const feed = await c.events.connect({ onEvent: (e) => seen.push(e) });
  await feed.subscribe({ curveNames: [DE_CONS], tags: 'ec' });
  await svc.importCsv(hourlyCsv(DE_CONS, JAN1, 2, () => 1, { issued: '2023-12-31T12:00:00Z', tag: 'ec' }));
  for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  assert.is(seen.length, 1);
  assert.is(seen[0]!.instance?.tag, 'ec');
  // the curve's issue zone is UTC
  assert.is(seen[0]!.instance?.issued.toISO(), '2023-12-31T12:00:00.000Z');
  assert.ok((await feed.next({ timeout: 0.05 })) instanceof TimeoutEvent, 'nothing in the queue');
  await feed.close();
});

test('WebSocketsError: bad key on connect, subscribe before connect, connect twice, rejection by the server', async () => {
  const bad = client('svc_not-a-key');
  const err = await bad.events.connect().then(
    () => null,
    (e) => e,
  );
  assert.instance(err, WebSocketsError);
  assert.equal([err.statusCode, err.status, err.description], [401, 'UNAUTHORIZED', 'Invalid API key']);
  assert.is(err.message, 'Failed to connect 401 UNAUTHORIZED Invalid API key');
  const idle = client();
  await idle.events.subscribe({ areas: 'DE' }).then(
    () => assert.unreachable(),
    (e) => {
      assert.instance(e, WebSocketsError);
      assert.match(e.message, /Please connect before subscribing/);
    },
  );
  const c = client();
  const feed = await c.events.connect();
  await c.events.connect().then(
    () => assert.unreachable(),
    (e) => assert.match(e.message, /Already connected/),
  );
  const tooMany = Array.from({ length: 11 }, () => ({ areas: 'DE' }));
  const rejected = await feed.subscribe(tooMany).then(
    () => null,
    (e) => e,
  );
  assert.instance(rejected, WebSocketsError);
  assert.equal([rejected.status, rejected.description], ['ERROR', ['filters: too many filters (11; at most 10)']]);
  assert.match(rejected.message, /^Subscribe rejected by server/);
  await feed.subscribe({ areas: 'DE' }, { lastId: 'nope' }).then(
    () => assert.unreachable(),
    (e) => {
      assert.instance(e, ValidationError);
      assert.is(e.parameter, 'last_id');
    },
  );
  await feed.close();
  const refused = await client(svc.keys.all, 'http://127.0.0.1:1')
    .events.connect({ timeout: 2 })
    .then(
      () => null,
      (e) => e,
    );
  assert.instance(refused, WebSocketsError);
  assert.is(refused.status, 'ECONNREFUSED');
});

test('a drop mid-stream: the client reconnects and receives every missed event exactly once, in order', async () => {
  const c = client(svc.keys.all, proxy.url);
  const feed = await c.events.connect({ reconnectDelay: 0.05, reconnectAttempts: 100, timeout: 2 });
  await feed.subscribe({ curveNames: DE_WIND });
  const early = await importEvents(DE_WIND, 5);
  const other: FeedEvent[] = [];
  const got = await take(feed, 3, other);
  proxy.blackhole(true); // what the server sends from now on is lost in transit
  const lost = await importEvents(DE_WIND, 20);
  await new Promise((r) => setTimeout(r, 100));
  proxy.refuse(true); // the first reconnect attempts fail
  proxy.blackhole(false);
  proxy.dropAll();
  const during = await importEvents(DE_WIND, 10);
  await new Promise((r) => setTimeout(r, 200));
  proxy.refuse(false);
  got.push(...(await take(feed, 2 + 20 + 10, other)));
  const after = await importEvents(DE_WIND, 3);
  got.push(...(await take(feed, 3, other)));
  assert.equal(
    got.map((e) => e.id),
    [...early, ...lost, ...during, ...after],
  );
  assert.ok((await feed.next({ timeout: 0.2 })) instanceof TimeoutEvent, 'no duplicates follow');
  const drops = other.filter((e) => e instanceof ConnectionEvent) as ConnectionEvent[];
  assert.is(drops.length, 1);
  assert.is(drops[0]!.eventType, EventType.DISCONNECTED);
  assert.is(drops[0]!.status, statusOf(drops[0]!.statusCode));
  assert.ok(proxy.accepted >= 3, 'refused attempts, then the reconnect');
  await feed.close();
});

function statusOf(code: number | null): string {
  return code === 1006 ? 'CLOSE_ABNORMAL' : String(code);
}

test('keep-alive: a silent connection is noticed through missing pongs and replaced', async () => {
  const c = client(svc.keys.all, proxy.url);
  const drops: ConnectionEvent[] = [];
  const feed = await c.events.connect({
    pingInterval: 0.2,
    pongTimeout: 0.5,
    reconnectDelay: 0.05,
    reconnectAttempts: 100,
    timeout: 1,
    onConnectionEvent: (e) => drops.push(e),
  });
  await feed.subscribe({ curveNames: FR_WIND });
  const seen = await importEvents(FR_WIND, 1);
  assert.equal(
    (await take(feed, 1)).map((e) => e.id),
    seen,
  );
  const accepted = proxy.accepted;
  const before = drops.length;
  proxy.blackhole(true);
  for (let i = 0; i < 250 && drops.length === before; i++) await new Promise((r) => setTimeout(r, 20));
  assert.ok(drops.length > before, 'the dead connection was cut');
  assert.equal([drops.at(-1)?.statusCode, drops.at(-1)?.status], [1006, 'CLOSE_ABNORMAL']);
  const ids = await importEvents(FR_WIND, 1); // sent while the connection is dead: resumed after the reconnect
  proxy.blackhole(false);
  const [e] = await take(feed, 1);
  assert.is(e!.id, ids[0]);
  assert.ok(proxy.accepted > accepted);
  await feed.close();
});

test('when every reconnect attempt fails, the iterator reports the drop and then throws', async () => {
  const c = client(svc.keys.all, proxy.url);
  const feed = await c.events.connect({ reconnectAttempts: 2, reconnectDelay: 0.02, timeout: 0.5 });
  await feed.subscribe({ curveNames: DE_WIND }, { lastId: null });
  proxy.refuse(true);
  proxy.dropAll();
  const first = await feed.next({ timeout: 5 });
  assert.instance(first, ConnectionEvent);
  const err = await feed.next({ timeout: 5 }).then(
    () => null,
    (e) => e,
  );
  proxy.refuse(false);
  assert.instance(err, WebSocketsError);
  assert.match(err.message, /^Reconnecting failed/);
  assert.is(await feed.next(), null);
  assert.not.ok(feed.active);
  await feed.close();
});

test('the last-id file resumes a new connection after the last event handed out', async () => {
  const file = join(dir, 'state', 'last-id.json');
  const c = client();
  const feed = await c.events.connect({ lastIdFile: file });
  assert.equal(JSON.parse(readFileSync(file, 'utf8')), { last_id: '' });
  await feed.subscribe({ curveNames: DE_WIND });
  const ids = await importEvents(DE_WIND, 4);
  await take(feed, 2);
  await feed.close();
  assert.equal(JSON.parse(readFileSync(file, 'utf8')), { last_id: ids[1] }, 'written on close: the last event taken');
  const again = await c.events.connect({ lastIdFile: file });
  await again.subscribe({ curveNames: DE_WIND });
  assert.equal(
    (await take(again, 2)).map((e) => e.id),
    ids.slice(2),
  );
  await again.subscribe({ curveNames: DE_WIND }, { lastId: ids[0] });
  assert.equal(
    (await take(again, 3)).map((e) => e.id),
    ids.slice(1),
    'an explicit id replays after it',
  );
  await again.close();
  assert.is(svc.app.eventFeed?.size, 0, 'the server has no connection left');
});

test.run();
