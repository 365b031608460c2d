import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DE_WIND, hourlyCsv, startFeedService, type FeedService } from './feed-fixture';
import { RID, openProbe } from './ws-probe';

// The store's clock is set by hand; the log keeps events for one day.
const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 10, 12); // 2024-01-10 12:00Z
let now = T0;
let svc: FeedService;
let first: string;
let second: string;

test.before(async () => {
  svc = await startFeedService({ clock: () => now, eventRetentionMs: DAY, app: { events: { heartbeatMs: 0 } } });
  first = (await svc.importCsv(hourlyCsv(DE_WIND, T0, 2, () => 1))).events[0]!.id; // created at T0
  now = T0 + 2 * DAY; // the next import drops everything older than one day
  second = (await svc.importCsv(hourlyCsv(DE_WIND, T0, 2, () => 2))).events[0]!.id;
});

test.after(async () => {
  await svc.close();
});

test('event ids come from the store clock', () => {
  assert.is(first, `${T0}-0`);
  assert.is(second, `${T0 + 2 * DAY}-0`);
});

test('a last_id older than the log is told so, then the events still logged are replayed', async () => {
  const p = await openProbe(svc.wsUrl, svc.keys.all);
  const id = RID();
  p.send({ type: 'curves.subscribe', request_id: id, last_id: `${T0 - 60_000}-0`, filters: [{ curve_names: [DE_WIND] }] });
  assert.is((await p.waitFor((f) => f.request_id === id)).status, 'OK');
  const message = await p.waitFor((f) => f.type === 'message');
  assert.match(message.message, /Events were lost/);
  assert.match(message.message, new RegExp(`${T0 - 60_000}-0`));
  assert.equal(
    (await p.waitForEvents(1)).map((f) => f.event.id),
    [second],
  );
  const order = p.frames.map((f) => f.type);
  assert.equal(order, ['curves.subscribe', 'message', 'curves.event'], 'the response first, then the warning, then the replay');
  await p.close();
});

test('a last_id at the newest dropped event loses nothing', async () => {
  const p = await openProbe(svc.wsUrl, svc.keys.all);
  const id = RID();
  p.send({ type: 'curves.subscribe', request_id: id, last_id: first, filters: [{ curve_names: [DE_WIND] }] });
  await p.waitFor((f) => f.request_id === id);
  assert.equal(
    (await p.waitForEvents(1)).map((f) => f.event.id),
    [second],
  );
  assert.not.ok(p.frames.some((f) => f.type === 'message'));
  await p.close();
});

test('a last_id newer than every event replays nothing and waits for live events', async () => {
  const p = await openProbe(svc.wsUrl, svc.keys.all);
  const id = RID();
  p.send({ type: 'curves.subscribe', request_id: id, last_id: second, filters: [{ curve_names: [DE_WIND] }] });
  await p.waitFor((f) => f.request_id === id);
  await new Promise((r) => setTimeout(r, 100));
  assert.is(p.events().length, 0);
  now += 1000;
  const third = (await svc.importCsv(hourlyCsv(DE_WIND, T0, 1, () => 3))).events[0]!.id;
  assert.equal(
    (await p.waitForEvents(1)).map((f) => f.event.id),
    [third],
  );
  await p.close();
});

test.run();
