import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { durationCurveChart } from '../../src/plot';
import { durationPoints } from '../../src/plot/duration-curve-chart';
import { assertRenders, hourly, JAN1_CET, rows, specOf, svgTexts } from './samples';

test('durationPoints: falling values, share of time reached, missing values left out', () => {
  // three values: 3 is reached 1/3 of the time, 2 two thirds, 1 always
  assert.equal(durationPoints(Float64Array.of(1, 3, NaN, 2), 10), [
    { p: 100 / 3, v: 3 },
    { p: 200 / 3, v: 2 },
    { p: 100, v: 1 },
  ]);
  assert.equal(durationPoints(Float64Array.of(NaN), 10), []);
});

test('durationPoints: evenly spaced ranks with first and last kept', () => {
  const values = Float64Array.from({ length: 101 }, (_, i) => i);
  const points = durationPoints(values, 5);
  // ranks 0, 25, 50, 75, 100 of 101 values (100 down to 0)
  assert.equal(
    points.map((p) => p.v),
    [100, 75, 50, 25, 0],
  );
  assert.is(points[4]!.p, 100);
});

test('renders: valid spec, SVG and PNG', async () => {
  await assertRenders(
    durationCurveChart([hourly(JAN1_CET, 24, (i) => i, { name: 'a' }), hourly(JAN1_CET, 24, (i) => 24 - i, { name: 'b' })]),
  );
});

test('axes: share of time and the unit; one colour per series', async () => {
  const chart = durationCurveChart([hourly(JAN1_CET, 4, (i) => i, { name: '2023' }), hourly(JAN1_CET, 4, (i) => 2 * i, { name: '2024' })]);
  const spec = specOf(chart);
  assert.is(spec.encoding.x.title, 'Share of time (%)');
  assert.is(spec.encoding.y.title, 'MWh/h');
  assert.equal(spec.encoding.color.scale.domain, ['2023', '2024']);
  assert.equal(rows(chart)[0], { p: 25, v: 3, s: '2023' });
  assert.ok(svgTexts(await chart.toSVG()).includes('Share of time (%)'));
});

test('one series: titled with its name, no colour', () => {
  const spec = specOf(durationCurveChart(hourly(JAN1_CET, 4, (i) => i, { name: 'DE Spot' })));
  assert.is(spec.title, 'DE Spot');
  assert.is(spec.encoding.color, undefined);
});

test('errors: nothing to plot', () => {
  assert.throws(
    () => durationCurveChart([]),
    (e: unknown) => e instanceof ValueError,
  );
});

test.run();
