import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LiveDemo } from '../../../server/src/demo/live';
import { DE_CONS, DE_WIND, hourlyCsv, startFeedService, type FeedService } from '../feed/feed-fixture';
import { RID, openProbe } from '../feed/ws-probe';

// "Now" for the live demo: 2024-03-31 06:00Z (08:00 CEST). Data: DE wind 00:00Z-03:00Z; an `ec`
// forecast issued 2024-03-30 12:00Z for the 24 hours from 2024-03-31 00:00Z.
const NOW = Date.UTC(2024, 2, 31, 6);
const H = 3_600_000;
const clock = () => NOW;
let svc: FeedService;

test.before(async () => {
  svc = await startFeedService({ app: { events: { heartbeatMs: 0 } } });
  await svc.importCsv(
    hourlyCsv(DE_WIND, NOW - 6 * H, 4, (k) => 100 + k),
    hourlyCsv(DE_CONS, NOW - 6 * H, 24, (k) => 5000 + 10 * k, { issued: '2024-03-30T12:00:00Z', tag: 'ec' }),
  );
});

test.after(async () => {
  await svc.close();
});

test('a round issues a new forecast instance and revises and extends an actual curve', async () => {
  const live = new LiveDemo(svc.store, { clock, seed: 7 });
  const summary = await live.tick();
  assert.ok(summary);
  const events = summary?.events ?? [];
  assert.equal(
    events.map((e) => e.curve),
    [DE_CONS, DE_WIND],
  );
  // new instance: issued at "now" (06:00Z), from the next hour (07:00Z) over the same 23-hour span
  const [forecast, wind] = events;
  assert.is(forecast!.issued, NOW);
  assert.is(forecast!.tag, 'ec');
  assert.is(forecast!.begin, NOW + H);
  assert.is(forecast!.end, NOW + 25 * H);
  const [latest] = await svc.store.listInstances(DE_CONS, { limit: 1 });
  assert.is(latest!.issued, NOW);
  assert.is(latest!.created, NOW);
  const values = (await svc.store.readSeries(DE_CONS, {}, { issued: NOW, tag: 'ec' })).values as Float64Array;
  assert.is(values.length, 24);
  // the previous instance held 5000 + 10k at hour k from 00:00Z; hour 7 (07:00Z) was 5070: noise of a few per cent
  assert.ok(Math.abs(values[0]! - 5070) < 5070 * 0.2, `re-forecast near the previous value, got ${values[0]}`);
  // actuals: the last 4 values revised (00:00Z-03:00Z) and 04:00Z-06:00Z appended up to "now"
  assert.is(wind!.begin, NOW - 6 * H);
  assert.is(wind!.end, NOW + H);
  const actual = await svc.store.readSeries(DE_WIND, {}, null);
  assert.equal(
    Array.from(actual.times),
    Array.from({ length: 7 }, (_, k) => NOW - 6 * H + k * H),
  );
});

test('rounds take the curves in turn and keep issuing newer instances', async () => {
  let now = NOW + 10 * 60_000;
  const live = new LiveDemo(svc.store, { clock: () => now, seed: 1, actuals: 1 });
  const a = await live.tick();
  now += 60_000;
  const b = await live.tick();
  assert.is(a!.events[0]!.issued, NOW + 10 * 60_000);
  assert.is(b!.events[0]!.issued, NOW + 11 * 60_000);
  const curves = [a, b].map((s) => s?.events.map((e) => e.curve).join(' + '));
  assert.equal(curves, [`${DE_CONS} + ${DE_WIND}`, DE_CONS], 'round 2 revises the next actual curve (FR wind has no data)');
});

test('with live mode the app pushes the rounds to subscribers', async () => {
  const other = await startFeedService({ app: { events: { heartbeatMs: 0 }, live: { intervalMs: 50, clock, seed: 3 } } });
  const p = await openProbe(other.wsUrl, other.keys.all);
  const id = RID();
  p.send({ type: 'curves.subscribe', request_id: id, filters: [{ curve_names: [DE_WIND] }] });
  await p.waitFor((f) => f.request_id === id);
  await other.importCsv(hourlyCsv(DE_WIND, NOW - 3 * H, 2, () => 1));
  const events = await p.waitForEvents(3, 5000);
  assert.ok(events.every((f) => f.event.curve.name === DE_WIND));
  const ids = events.map((f) => f.event.id);
  assert.equal([...ids].sort(), ids, 'ids increase');
  await p.close();
  await other.close();
});

test.run();
