// The embedded store's batched read of whole instances (readInstanceSeries, used by the instances
// list answer): the same blocks as readSeries of each instance, in the order asked, for plain
// instances (a missing value, tags of two cases), an
// instance with members (with and without them), tags in any case; an unknown instance is a
// NotFoundError. Values are written here by hand.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NotFoundError } from '../../../../src/exceptions';
import { DuckDbStore, type SeriesBlock } from '../../../../server/src/store';
import { curveRecord } from '../../../helpers/records';

const H = 3_600_000;
const T0 = Date.UTC(2024, 0, 1);
const FC = 'DE Wind Power Production MWh/h H Forecast';
const FORECAST = curveRecord(FC, { curveType: 'INSTANCE', dataType: 'FORECAST', instanceIssuedTimezone: 'UTC' });

let dir: string;
let store: DuckDbStore;

const plain = (b: SeriesBlock) => ({
  issued: b.issued,
  tag: b.tag,
  times: [...b.times],
  values: b.values === null ? null : [...b.values],
  scenarios: b.scenarios.map((s) => [...s]),
  scenarioNames: b.scenarioNames,
});

const block = (issued: number, tag: string, times: number[], values: number[] | null, scenarios: number[][] = []): SeriesBlock => ({
  curve: FC,
  issued,
  tag,
  times: Float64Array.from(times),
  values: values === null ? null : Float64Array.from(values),
  scenarios: scenarios.map((s) => Float64Array.from(s)),
  scenarioNames: scenarios.map((_, m) => `e0${m}`),
});

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'instance-series-test-'));
  store = await DuckDbStore.open(dir);
  const series = [
    block(T0, 'ec', [T0, T0 + H, T0 + 2 * H], [10, 11, 12]),
    block(T0, 'GFS', [T0, T0 + H], [20, Number.NaN]),
    block(T0 + 6 * H, 'ec', [T0 + 6 * H, T0 + 7 * H, T0 + 8 * H], [30, 31, 32]),
    block(
      T0 + 12 * H,
      'ec-ens',
      [T0 + 12 * H, T0 + 13 * H],
      [5, 6],
      [
        [4, 5],
        [6, 7],
      ],
    ),
  ];
  await store.importBatch({
    curves: [FORECAST],
    instances: series.map((s) => ({
      curve: FC,
      issued: s.issued!,
      tag: s.tag!,
      created: s.issued!,
      modified: null,
      scenarioNames: s.scenarioNames,
    })),
    series,
  });
});

test.after(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the blocks of several instances equal readSeries of each, in the order asked', async () => {
  const keys = [
    { issued: T0 + 6 * H, tag: 'ec' },
    { issued: T0, tag: 'gfs' },
    { issued: T0, tag: 'EC' },
    { issued: T0 + 12 * H, tag: 'ec-ens' },
  ];
  for (const scenarios of [false, true]) {
    const got = await store.readInstanceSeries(FC, keys, { scenarios });
    const each = await Promise.all(keys.map((k) => store.readSeries(FC, {}, k, { scenarios })));
    assert.equal(got.map(plain), each.map(plain), `scenarios: ${scenarios}`);
  }
  const [later, gfs, ec, ens] = (await store.readInstanceSeries(FC, keys, { scenarios: true })).map(plain);
  assert.equal(ec!.times, [T0, T0 + H, T0 + 2 * H]);
  assert.equal(ec!.values, [10, 11, 12]);
  assert.is(ec!.tag, 'ec');
  assert.equal(gfs!.values, [20, Number.NaN]);
  assert.is(gfs!.tag, 'GFS');
  assert.equal(later!.values, [30, 31, 32]);
  assert.equal(ens!.scenarios, [
    [4, 5],
    [6, 7],
  ]);
  const [ensPlain] = await store.readInstanceSeries(FC, [{ issued: T0 + 12 * H, tag: 'ec-ens' }], { scenarios: false });
  assert.equal(plain(ensPlain!).scenarios, []);
  assert.equal(plain(ensPlain!).values, [5, 6]);
});

test('an unknown instance is a NotFoundError; no instances, no blocks', async () => {
  try {
    await store.readInstanceSeries(FC, [
      { issued: T0, tag: 'ec' },
      { issued: T0 + H, tag: 'ec' },
    ]);
    assert.unreachable('should throw');
  } catch (err) {
    assert.instance(err, NotFoundError);
    assert.match(String(err), /2024-01-01T01:00:00.000Z/);
  }
  assert.equal(await store.readInstanceSeries(FC, []), []);
});

test.run();
