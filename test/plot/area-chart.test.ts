import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { stackedAreaChart } from '../../src/plot';
import { assertRenders, H, hourly, JAN1_CET, rows, specOf, svgTexts } from './samples';

const mix = () => [
  hourly(JAN1_CET, 24, () => 8, { name: 'nuclear' }),
  hourly(JAN1_CET, 24, (i) => 10 + i, { name: 'wind' }),
  hourly(JAN1_CET, 24, (i) => (i > 8 && i < 16 ? 5 : 0), { name: 'solar' }),
];

test('renders: valid spec, SVG and PNG', async () => {
  await assertRenders(stackedAreaChart(mix()));
});

test('stacks from the first series up, one colour per series, unit on the axis', () => {
  const spec = specOf(stackedAreaChart(mix()));
  assert.is(spec.encoding.y.stack, 'zero');
  assert.is(spec.encoding.y.title, 'MWh/h');
  assert.equal(spec.encoding.order, { field: 'k', type: 'quantitative' });
  assert.equal(spec.encoding.color.scale.domain, ['nuclear', 'wind', 'solar']);
  assert.is(spec.encoding.x.title, 'Time (CET)');
});

test('series on different steps are aligned on the union of steps; gaps count as zero', () => {
  // a: 00:00 and 01:00 CET; b: 01:00 and 02:00 CET (2024-01-01)
  const a = hourly(JAN1_CET, 2, () => 1, { name: 'a' });
  const b = hourly(JAN1_CET + H, 2, () => 2, { name: 'b' });
  const chart = stackedAreaChart([a, b]);
  assert.equal(
    rows(chart).map((r) => [r.t, r.s, r.v]),
    [
      [Date.UTC(2024, 0, 1, 0), 'a', 1],
      [Date.UTC(2024, 0, 1, 1), 'a', 1],
      [Date.UTC(2024, 0, 1, 2), 'a', 0],
      [Date.UTC(2024, 0, 1, 0), 'b', 0],
      [Date.UTC(2024, 0, 1, 1), 'b', 2],
      [Date.UTC(2024, 0, 1, 2), 'b', 2],
    ],
  );
});

test('long grids are averaged over equal runs', () => {
  const chart = stackedAreaChart([hourly(JAN1_CET, 8, (i) => i, { name: 'a' })], { maxPoints: 4 });
  // runs of two hours: (0+1)/2, (2+3)/2, ... starting at 00:00, 02:00, 04:00, 06:00 CET
  assert.equal(
    rows(chart).map((r) => r.v),
    [0.5, 2.5, 4.5, 6.5],
  );
  assert.equal(
    rows(chart).map((r) => r.t),
    [0, 2, 4, 6].map((h) => Date.UTC(2024, 0, 1, h)),
  );
});

test('normalize stacks to shares', async () => {
  const chart = stackedAreaChart(mix(), { normalize: true });
  assert.is(specOf(chart).encoding.y.stack, 'normalize');
  assert.is(specOf(chart).encoding.y.title, 'Share');
  assert.ok(svgTexts(await chart.toSVG()).includes('100%'));
});

test('errors: nothing to plot', () => {
  assert.throws(
    () => stackedAreaChart([]),
    (e: unknown) => e instanceof ValueError,
  );
});

test.run();
