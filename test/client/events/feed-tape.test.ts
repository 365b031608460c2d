// The push feed under the client cache's `record` and `offline` modes (what `npm run report --
// --record DIR` / `--replay DIR` use): a recorded conversation is replayed with no service, with
// the same events, the same accepted filters and a resume after an id; a request that was not
// recorded, or a cache with no recording, fails clearly.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CurveEvent, TimeoutEvent, type EventsConnection } from '../../../src/client/events';
import { ServiceClient } from '../../../src/client/service-client';
import type { CacheMode } from '../../../src/client/http/cache-options';
import { WebSocketsError } from '../../../src/exceptions';
import { DE_WIND, FR_WIND, hourlyCsv, startFeedService, type FeedService } from '../../server/feed/feed-fixture';

const JAN1 = Date.UTC(2024, 0, 1);
const H = 3_600_000;
let svc: FeedService;
let dir: string;
let apiUrl: string;

function client(mode: CacheMode, cacheDir = dir): ServiceClient {
  return new ServiceClient({ apiKey: svc.keys.all, apiUrl, cache: { dir: cacheDir, mode } });
}

/** What a notebook keeps of an event. */
const seen = (e: CurveEvent) => `${e.id} ${e.eventType.tag} ${e.curve.name} ${e.begin?.toISO()} ${e.end?.toISO()}`;

async function take(feed: EventsConnection, n: number): Promise<CurveEvent[]> {
  const out: CurveEvent[] = [];
  while (out.length < n) {
    const e = await feed.next({ timeout: 5 });
    if (e === null || e instanceof TimeoutEvent) throw new Error(`got ${out.length} of ${n} events, then ${String(e)}`);
    if (e instanceof CurveEvent) out.push(e);
  }
  return out;
}

let recorded: { accepted: unknown; live: string[]; resumed: string[]; filters: unknown };

test.before(async () => {
  svc = await startFeedService({ app: { events: { heartbeatMs: 0 } } });
  apiUrl = `${svc.url}/api`;
  dir = mkdtempSync(join(tmpdir(), 'feed-tape-'));
  // The recording: a subscription with three events, then a second connection resuming after the first.
  const c = client('record');
  const feed = await c.events.connect();
  const accepted = await feed.subscribe({ curveNames: [DE_WIND, FR_WIND] });
  await svc.importCsv(
    hourlyCsv(DE_WIND, JAN1, 1, (k) => k),
    hourlyCsv(FR_WIND, JAN1 + H, 1, (k) => k),
    hourlyCsv(DE_WIND, JAN1 + 2 * H, 1, (k) => k),
  );
  const live = await take(feed, 3);
  const filters = await feed.filters();
  await feed.close();
  const again = await c.events.connect();
  await again.subscribe({ curveNames: [DE_WIND, FR_WIND] }, { lastId: live[0]?.id ?? null });
  const resumed = await take(again, 2);
  await again.close();
  recorded = { accepted, live: live.map(seen), resumed: resumed.map(seen), filters };
  await svc.close();
});

test.after(() => {
  rmSync(dir, { recursive: true, force: true });
});

test('a recorded feed replays with no service: the same accepted filters, events and resume', async () => {
  const c = client('offline');
  const feed = await c.events.connect({ timeout: 2 });
  assert.ok(feed.connected);
  assert.equal(await feed.subscribe({ curveNames: [DE_WIND, FR_WIND] }), recorded.accepted);
  assert.equal((await take(feed, 3)).map(seen), recorded.live);
  assert.equal(await feed.filters(), recorded.filters);
  // after the tape's end the feed is quiet, as a live one with no new data
  assert.instance(await feed.next({ timeout: 0.2 }), TimeoutEvent);
  await feed.close();
  assert.not.ok(feed.connected);
  const again = await c.events.connect();
  await again.subscribe({ curveNames: [DE_WIND, FR_WIND] }, { lastId: recorded.live[0]?.split(' ')[0] ?? null });
  assert.equal((await take(again, 2)).map(seen), recorded.resumed);
  await again.close();
});

test('a request that was not recorded is refused with the reason, naming the recording', async () => {
  const feed = await client('offline').events.connect({ timeout: 2 });
  try {
    await feed.subscribe({ curveNames: DE_WIND });
    assert.unreachable('subscribed to something never recorded');
  } catch (err) {
    assert.instance(err, WebSocketsError);
    assert.match(String((err as WebSocketsError).description), /offline replay: no recording of this request/);
  }
  await feed.close();
});

test('offline with nothing recorded for the service fails to connect with status OFFLINE; nothing is written', async () => {
  const empty = mkdtempSync(join(tmpdir(), 'feed-tape-empty-'));
  try {
    await client('offline', empty).events.connect({ timeout: 2 });
    assert.unreachable('connected offline with no recording');
  } catch (err) {
    assert.instance(err, WebSocketsError);
    assert.is((err as WebSocketsError).status, 'OFFLINE');
    assert.match(String((err as WebSocketsError).description), /no push feed of ws:\/\/127\.0\.0\.1:\d+\/api\/events\/ was recorded/);
  } finally {
    assert.equal(readdirSync(empty), []);
    rmSync(empty, { recursive: true, force: true });
  }
});

test('a recording is kept per API key: another key has none', async () => {
  const other = new ServiceClient({ apiKey: 'another-key', apiUrl, cache: { dir, mode: 'offline' } });
  try {
    await other.events.connect({ timeout: 2 });
    assert.unreachable('replayed another key’s recording');
  } catch (err) {
    assert.is((err as WebSocketsError).status, 'OFFLINE');
  }
});

test.run();
