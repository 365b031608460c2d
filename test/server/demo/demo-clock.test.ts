import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { collect, type Collected } from './collect';
import type { InstanceRecord } from '../../../server/src/store/types';

// Saturday 2025-03-15, 14:10 UTC: the wall clock of a demo started without an anchor.
const NOW = Date.UTC(2025, 2, 15, 14, 10);
let live: Collected;
let fixed: Collected;

test.before(async () => {
  live = await collect({ preset: 'small', seed: 1, clock: () => NOW });
  fixed = await collect({ preset: 'small', seed: 1, anchor: '2025-03-15' });
});

const all = (c: Collected): InstanceRecord[] => [...c.instances.values()].flat();
const latestByModel = (c: Collected): Map<string, number> => {
  const out = new Map<string, number>();
  for (const i of all(c)) if (i.tag !== null && /^[a-z-]+$/.test(i.tag)) out.set(i.tag, Math.max(out.get(i.tag) ?? -Infinity, i.issued));
  return out;
};

test('no instance is issued, created or modified after the wall clock', () => {
  const instances = all(live);
  assert.ok(instances.length > 1000, `instances ${instances.length}`);
  for (const i of instances) {
    assert.ok(i.issued <= NOW, `${i.curve} ${i.tag} issued ${new Date(i.issued).toISOString()}`);
    assert.ok(i.created !== null && i.created <= NOW, `${i.curve} ${i.tag} created ${String(i.created)}`);
    assert.ok(i.modified === null || i.modified <= NOW, `${i.curve} ${i.tag} modified`);
  }
  for (const blocks of live.instanceSeries.values()) for (const s of blocks) assert.ok((s.issued as number) <= NOW);
  for (const blocks of live.periods.values()) for (const p of blocks) assert.ok(p.issued === null || p.issued <= NOW);
});

test('latest run of each model: the last one published by 14:10 UTC (hand-computed)', () => {
  const h = (d: number, hour: number) => Date.UTC(2025, 2, d, hour);
  // Runs (UTC hours) and publication delay: ec 00/12 +6 h, gfs 00/06/12/18 +4.5 h, icon +4 h,
  // ecsr 06/18 +6 h, ec-ens 00/12 +8 h, gfs-ens +6 h (each +-20 min), ec-ext Mon/Thu 00 +20 h.
  // By 14:10 the 12 UTC runs are not out yet (ec 18:00, gfs 16:30, icon 16:00).
  const expected: Record<string, number> = {
    ec: h(15, 0),
    gfs: h(15, 6),
    icon: h(15, 6),
    ecsr: h(15, 6),
    'ec-ens': h(15, 0),
    'gfs-ens': h(15, 6),
    'ec-ext': h(13, 0),
  };
  const got = latestByModel(live);
  for (const [tag, ms] of got) {
    assert.is(new Date(ms).toISOString(), new Date(expected[tag]!).toISOString(), tag);
  }
  assert.ok(got.has('ec') && got.has('gfs'), [...got.keys()].join());
  // A fixed anchor keeps its whole day of runs: 12 UTC for ec, 18 UTC for gfs.
  const whole = latestByModel(fixed);
  assert.is(whole.get('ec'), h(15, 12));
  assert.is(whole.get('gfs'), h(15, 18));
});

test('the runs that exist by then are the same as with the anchor given explicitly', () => {
  const key = (i: InstanceRecord) => `${i.curve}|${i.tag}|${i.issued}`;
  const fixedByKey = new Map(all(fixed).map((i) => [key(i), i]));
  const liveAll = all(live);
  for (const i of liveAll) {
    const f = fixedByKey.get(key(i));
    assert.ok(f, key(i));
    assert.is(i.created, f!.created);
  }
  assert.ok(liveAll.length < fixedByKey.size, 'the later runs of the day are left out');
  assert.equal(live.curves, fixed.curves);
});

test.run();
