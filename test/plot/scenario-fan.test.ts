import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError, ValueError } from '../../src/exceptions';
import { scenarioFanChart } from '../../src/plot';
import { quantileSorted } from '../../src/plot/scenario-fan';
import { assertRenders, ensemble, hourly, JAN1_CET, rows, specOf } from './samples';

test('quantileSorted interpolates linearly between neighbours', () => {
  assert.is(quantileSorted([1, 2, 3, 4], 0.5), 2.5);
  // 5 values: h = 4 * 0.1 = 0.4 -> 1 + 0.4 * (2 - 1)
  assert.ok(Math.abs(quantileSorted([1, 2, 3, 4, 5], 0.1) - 1.4) < 1e-12);
  assert.is(quantileSorted([7], 0.9), 7);
  assert.ok(Number.isNaN(quantileSorted([], 0.5)));
});

test('renders: valid spec, SVG and PNG', async () => {
  await assertRenders(scenarioFanChart(ensemble(JAN1_CET, 24, 5)));
});

test('bands, median and mean across the scenarios at each step', () => {
  // step 0: scenarios 0, 1, 2, 3, 4 -> 10 %: 0.4, 90 %: 3.6, 25 %: 1, 75 %: 3, median 2, mean 2
  const chart = scenarioFanChart(ensemble(JAN1_CET, 3, 5));
  const first = rows(chart)[0]!;
  assert.is(first.t, Date.UTC(2024, 0, 1));
  assert.ok(Math.abs((first.l0 as number) - 0.4) < 1e-12);
  assert.ok(Math.abs((first.h0 as number) - 3.6) < 1e-12);
  assert.equal([first.l1, first.h1, first.med, first.mean], [1, 3, 2, 2]);
  const spec = specOf(chart);
  assert.equal(
    spec.layer.map((l: any) => l.mark.type),
    ['area', 'area', 'line', 'line'],
  );
  assert.equal(spec.layer[0].encoding.color.scale.domain, ['10–90 %', '25–75 %', 'median', 'mean']);
  assert.is(spec.layer[0].encoding.y.title, 'MWh/h');
  assert.is(spec.encoding.x.title, 'Time (CET)');
  assert.is(spec.title, 'DE Wind EC ens');
});

test("the series' own mean is drawn when it has one", () => {
  const ts = ensemble(JAN1_CET, 2, 3, true);
  const withOwn = ts.with({ values: [100, 200] });
  assert.equal(
    rows(scenarioFanChart(withOwn)).map((r) => r.mean),
    [100, 200],
  );
});

test('members given as separate series are aligned and fanned', () => {
  const members = [0, 1, 2, 3, 4].map((k) => hourly(JAN1_CET, 2, (i) => i + k, { name: `m${k}` }));
  const first = rows(scenarioFanChart(members))[0]!;
  assert.equal([first.l1, first.med, first.h1], [1, 2, 3]);
});

test('options: one band, no median, no mean', () => {
  const spec = specOf(scenarioFanChart(ensemble(JAN1_CET, 3, 5), { bands: [[0.05, 0.95]], median: false, mean: false }));
  assert.is(spec.layer.length, 1);
  assert.equal(spec.layer[0].encoding.color.scale.domain, ['5–95 %']);
});

test('long series keep the band extremes per bucket', () => {
  const ts = ensemble(JAN1_CET, 8, 2);
  // scenarios i and i + 1; with 4 buckets of two hours the outer band low is the bucket minimum
  const chart = scenarioFanChart(ts, { maxPoints: 4, bands: [[0, 1]] });
  assert.equal(
    rows(chart).map((r) => r.l0),
    [0, 2, 4, 6],
  );
  assert.equal(
    rows(chart).map((r) => r.h0),
    [2, 4, 6, 8],
  );
});

test('errors: no scenarios, one member, bad bands', () => {
  assert.throws(
    () => scenarioFanChart(hourly(JAN1_CET, 3, (i) => i)),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => scenarioFanChart([hourly(JAN1_CET, 3, (i) => i)]),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => scenarioFanChart(ensemble(JAN1_CET, 3, 5), { bands: [[0.9, 0.1]] }),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'bands',
  );
});

test.run();
