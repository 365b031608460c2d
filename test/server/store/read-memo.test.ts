import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbStore } from '../../../server/src/store';
import type { InstanceRecord, SeriesBlock } from '../../../server/src/store';
import { ReadMemo } from '../../../server/src/store/read-memo';
import { curveRecord } from '../../helpers/records';

// The store keeps instance rows and series ids per curve while its data version holds: an import
// naming the curve (new members, a renamed tag case, a revision) must show in the next read.

const H = 3_600_000;
const T0 = Date.UTC(2024, 0, 1);
const NAME = 'DE Wind Power Production MWh/h H Forecast';
const OTHER = 'DE Solar Power Production MWh/h H Forecast';
const dirs: string[] = [];

test.after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function instance(curve: string, names: string[], tag = 'ec'): { record: InstanceRecord; block: SeriesBlock } {
  const times = Float64Array.from({ length: 3 }, (_, i) => T0 + i * H);
  return {
    record: { curve, issued: T0, tag, created: T0, modified: null, scenarioNames: names },
    block: {
      curve,
      issued: T0,
      tag,
      times,
      values: Float64Array.of(1, 2, 3),
      scenarios: names.map((_, k) => Float64Array.of(10 * k, 10 * k + 1, 10 * k + 2)),
      scenarioNames: names,
    },
  };
}

test('ReadMemo keeps a lookup per curve and data version, and loads again after a change', async () => {
  const versions = new Map([
    ['a', '1'],
    ['b', '1'],
  ]);
  const memo = new ReadMemo((curve) => versions.get(curve) ?? '0', 2, 2);
  let loads = 0;
  const load = (value: unknown) => async () => {
    loads++;
    return value;
  };
  assert.is(await memo.get('a', 'k', load('x')), 'x');
  assert.is(await memo.get('a', 'k', load('y')), 'x');
  assert.is(await memo.get('a', 'none', load(null)), null);
  assert.is(await memo.get('a', 'none', load('z')), null, 'null is an answer too');
  assert.is(loads, 2);
  versions.set('a', '2');
  assert.is(await memo.get('a', 'k', load('y')), 'y');
  assert.is(await memo.get('b', 'k', load('b1')), 'b1');
  assert.is(await memo.get('b', 'k', load('b2')), 'b1', 'other curves are not touched');
  // bounded: a third key of one curve drops that curve's keys
  await memo.get('b', 'k2', load(1));
  await memo.get('b', 'k3', load(2));
  assert.is(await memo.get('b', 'k', load('b3')), 'b3');
});

test('ReadMemo keeps only what its keep test allows, and returns the rest all the same', async () => {
  const memo = new ReadMemo(() => '1');
  let loads = 0;
  const list = (n: number) => async () => {
    loads++;
    return Array.from({ length: n }, (_, i) => i);
  };
  const short = (xs: number[]) => xs.length <= 2;
  assert.equal(await memo.get('a', 'long', list(3), short), [0, 1, 2]);
  assert.equal(await memo.get('a', 'long', list(3), short), [0, 1, 2]);
  assert.is(loads, 2, 'a value the test refuses is loaded each time');
  assert.equal(await memo.get('a', 'short', list(2), short), [0, 1]);
  assert.equal(await memo.get('a', 'short', list(2), short), [0, 1]);
  assert.is(loads, 3);
});

test('ReadMemo does not keep a value loaded while the version changed', async () => {
  let version = '1';
  const memo = new ReadMemo(() => version);
  const stale = await memo.get('a', 'k', async () => {
    version = '2'; // an import committed during the load
    return 'old';
  });
  assert.is(stale, 'old');
  assert.is(await memo.get('a', 'k', async () => 'new'), 'new');
});

test('an import changing an instance (members, names, values) shows in the next reads', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'read-memo-'));
  dirs.push(dir);
  const store = await DuckDbStore.open(dir);
  const curves = [
    curveRecord(NAME, { curveType: 'INSTANCE', dataType: 'FORECAST', instanceIssuedTimezone: 'UTC' }),
    curveRecord(OTHER, { curveType: 'INSTANCE', dataType: 'FORECAST', instanceIssuedTimezone: 'UTC' }),
  ];
  const first = instance(NAME, ['e0', 'e1']);
  const other = instance(OTHER, ['s0']);
  await store.importBatch({ curves, instances: [first.record, other.record], series: [first.block, other.block] });
  const key = { issued: T0, tag: 'EC' };
  assert.equal((await store.getInstance(NAME, key))?.scenarioNames, ['e0', 'e1']);
  const before = await store.readSeries(NAME, {}, key);
  assert.equal(before.scenarioNames, ['e0', 'e1']);
  assert.equal([...before.scenarios[1]!], [10, 11, 12]);
  // a caller changing its copy does not change what the store answers next
  const copy = await store.getInstance(NAME, key);
  copy?.scenarioNames.push('changed');
  assert.equal((await store.getInstance(NAME, key))?.scenarioNames, ['e0', 'e1']);

  const second = instance(NAME, ['e0', 'e1', 'e2'], 'EC');
  second.block.values = Float64Array.of(7, 8, 9);
  await store.importBatch({ instances: [second.record], series: [second.block] });
  const found = await store.getInstance(NAME, key);
  assert.is(found?.tag, 'EC');
  assert.equal(found?.scenarioNames, ['e0', 'e1', 'e2']);
  const after = await store.readSeries(NAME, {}, key);
  assert.equal(after.scenarioNames, ['e0', 'e1', 'e2']);
  assert.is(after.scenarios.length, 3);
  assert.equal([...(after.values ?? [])], [7, 8, 9]);
  assert.equal([...after.scenarios[2]!], [20, 21, 22]);
  assert.equal((await store.readSeries(NAME, {}, key, { scenarios: false })).scenarios, []);
  assert.equal((await store.readSeries(OTHER, {}, key)).scenarioNames, ['s0']);
  assert.is(await store.getInstance(NAME, { issued: T0 + H, tag: 'ec' }), null);
  await store.close();
});

test('instance lists: the same query again, an import that adds or changes instances, and copies for each caller', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'read-memo-'));
  dirs.push(dir);
  const store = await DuckDbStore.open(dir);
  const curve = curveRecord(NAME, { curveType: 'INSTANCE', dataType: 'FORECAST', instanceIssuedTimezone: 'UTC' });
  const at = (issued: number, tag: string, names: string[] = []) => {
    const one = instance(NAME, names, tag);
    return { ...one, record: { ...one.record, issued }, block: { ...one.block, issued } };
  };
  const a = at(T0, 'ec', ['e0']);
  const b = at(T0 + H, 'gfs');
  await store.importBatch({ curves: [curve], instances: [a.record, b.record], series: [a.block, b.block] });
  const summary = (list: InstanceRecord[]) => list.map((r) => `${r.tag}@${(r.issued - T0) / H}:${r.scenarioNames.join('+')}`);
  const ec = { tags: ['EC'] };
  assert.equal(summary(await store.listInstances(NAME, ec)), ['ec@0:e0']);
  assert.equal(summary(await store.listInstances(NAME)), ['gfs@1:', 'ec@0:e0']);
  // a caller changing its copy does not change what the store answers next
  const copy = await store.listInstances(NAME, ec);
  copy[0]!.scenarioNames.push('changed');
  copy[0]!.tag = 'changed';
  copy.pop();
  assert.equal(summary(await store.listInstances(NAME, ec)), ['ec@0:e0']);
  // other queries are their own
  assert.equal(summary(await store.listInstances(NAME, { excludeTags: ['ec'] })), ['gfs@1:']);
  assert.equal(summary(await store.listInstances(NAME, { limit: 1 })), ['gfs@1:']);
  assert.equal(summary(await store.listInstances(NAME, { issuedAtLatest: T0 })), ['ec@0:e0']);
  // an import adding an instance of the tag and changing the members of the other: the next lists have both
  const c = at(T0 + 2 * H, 'ec', ['e0', 'e1']);
  const again = at(T0, 'ec', ['e0', 'e1', 'e2']);
  await store.importBatch({ instances: [c.record, again.record], series: [c.block, again.block] });
  assert.equal(summary(await store.listInstances(NAME, ec)), ['ec@2:e0+e1', 'ec@0:e0+e1+e2']);
  assert.equal(summary(await store.listInstances(NAME, { limit: 1 })), ['ec@2:e0+e1']);
  assert.equal(summary(await store.listInstances(NAME, { issuedAtLatest: T0 })), ['ec@0:e0+e1+e2']);
  await store.close();
});

test.run();
