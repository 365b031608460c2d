import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Throttle } from '../../../src/client/http/throttle';
import { startFaultServer } from '../../helpers/fault-server';
import { transportFor } from './helpers';

test('fake clock: the first start never waits, later ones reserve consecutive slots', async () => {
  let now = 1000;
  const waits: number[] = [];
  // the fake sleep lets time pass only after every caller has asked for its wait
  const throttle = new Throttle(
    0.1,
    () => now,
    async (ms) => {
      waits.push(ms);
      const target = now + ms;
      await Promise.resolve();
      now = Math.max(now, target);
    },
  );
  await throttle.acquire(); // t=1000: free
  await throttle.acquire(); // slot 1100: waits 100
  now += 250; // t=1350: idle longer than the delay
  await throttle.acquire(); // free again
  assert.equal(waits, [100]);
  // three callers at once at t=1350 (the last start): slots 1450, 1550, 1650
  await Promise.all([0, 1, 2].map(() => throttle.acquire()));
  assert.equal(waits.slice(1), [100, 200, 300]);
  assert.is(now, 1650);
});

test('a timer firing early is waited out', async () => {
  let now = 0;
  const waits: number[] = [];
  const throttle = new Throttle(
    0.05,
    () => now,
    async (ms) => {
      waits.push(ms);
      now += ms - 0.5; // half a millisecond short each time
    },
  );
  await throttle.acquire();
  await throttle.acquire();
  assert.ok(now >= 50, `started at ${now}`);
  assert.equal(waits, [50, 1]);
});

test('10 concurrent requests start at least httpDelay apart', async () => {
  const server = await startFaultServer();
  try {
    const transport = transportFor(server, { httpDelay: 0.1 });
    const t0 = performance.now();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => transport.get(`/x/${i}/`)));
    const elapsed = performance.now() - t0;
    assert.is(results.length, 10);
    assert.is(server.requests.length, 10);
    const gaps = server.gaps();
    // Start k is at least k * 100 ms after t0 and arrives after it starts: an exact lower bound.
    // Single gaps between arrivals jitter (new connection vs kept-alive one), so only their
    // median is checked; the exact spacing of starts is checked with the fake clock above.
    server.requests.forEach((r, k) => {
      assert.ok(r.at - t0 >= k * 100, `request ${k} arrived ${(r.at - t0).toFixed(1)} ms after t0, expected >= ${k * 100}`);
    });
    // a loaded machine delays single arrivals (one was seen at 94.8 ms): the bound only tells a
    // spaced stream of starts (about 100 ms) from an unthrottled one (a few ms)
    const median = [...gaps].sort((x, y) => x - y)[Math.floor(gaps.length / 2)];
    assert.ok(median! >= 75 && median! < 250, `median gap ${median!.toFixed(1)} ms, expected about 100`);
    assert.ok(elapsed >= 900, `10 requests took ${elapsed.toFixed(0)} ms, expected >= 900`);
    transport.close();
  } finally {
    await server.close();
  }
});

test('the throttle is shared by sequential calls of one transport', async () => {
  const server = await startFaultServer();
  try {
    const transport = transportFor(server, { httpDelay: 0.12 });
    const t0 = performance.now();
    for (let i = 0; i < 3; i++) await transport.get('/x/');
    server.requests.forEach((r, k) => {
      assert.ok(r.at - t0 >= k * 120, `request ${k} arrived ${(r.at - t0).toFixed(1)} ms after t0, expected >= ${k * 120}`);
    });
    transport.close();
  } finally {
    await server.close();
  }
});

test.run();
