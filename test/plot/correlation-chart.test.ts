import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError, ValueError } from '../../src/exceptions';
import { Timeseries } from '../../src/model';
import { correlation, correlationChart, scatterChart } from '../../src/plot';
import { CET, Frequency, Resolution, UTC } from '../../src/time';

const H = 3_600_000;
const hourly = (name: string, values: (number | null)[], first = 0, unit = 'MWh/h'): Timeseries =>
  new Timeseries({ resolution: new Resolution(Frequency.PT1H, CET), name, unit, times: values.map((_, i) => (first + i) * H), values });

test('correlation: Pearson over the pairs where both have a value', () => {
  assert.is(correlation(Float64Array.of(1, 2, 3), Float64Array.of(2, 4, 6)), 1);
  assert.is(correlation(Float64Array.of(1, 2, 3), Float64Array.of(3, 2, 1)), -1);
  // pairs (1,1), (2,3), (3,2): means 2 and 2; cov = (-1)(-1) + 0*1 + 1*0 = 1; variances 2 and 2 -> 0.5
  assert.is(correlation(Float64Array.of(1, 2, NaN, 3), Float64Array.of(1, 3, 9, 2)), 0.5);
  assert.ok(Number.isNaN(correlation(Float64Array.of(1, 1), Float64Array.of(2, 3))));
});

test('correlationChart: the matrix over common steps, in input order, rendered to SVG', async () => {
  const a = hourly('a', [1, 2, 3, 4]);
  const b = hourly('b', [2, 4, 6, 8]);
  const c = hourly('c', [9, 3, 2], 1); // steps 1..3: with a -> (2,9),(3,3),(4,2)
  const chart = correlationChart([a, b, c]);
  const rows = (chart.spec as { data: { values: { a: string; b: string; r: number }[] } }).data.values;
  assert.is(rows.length, 9);
  assert.equal(
    rows.filter((r) => r.a === r.b).map((r) => r.r),
    [1, 1, 1],
  );
  assert.is(rows.find((r) => r.a === 'a' && r.b === 'b')?.r, 1);
  // over the common steps 1..3: a = 2,3,4 (mean 3), c = 9,3,2 (mean 14/3); cov = -7, var 2 and 86/3
  // r = -7 / sqrt(2 * 86/3) = -0.9245 -> -0.92
  assert.is(rows.find((r) => r.a === 'a' && r.b === 'c')?.r, -0.92);
  assert.ok((await chart.toSVG()).startsWith('<svg'));
  assert.throws(
    () => correlationChart([a]),
    (e: unknown) => e instanceof ValueError,
  );
  const utc = new Timeseries({ resolution: new Resolution(Frequency.PT1H, UTC), name: 'u', times: [0], values: [1] });
  assert.throws(
    () => correlationChart([a, utc]),
    (e: unknown) => e instanceof ValidationError && /'a' \(CET\) and 'u' \(UTC\)/.test(e.message),
  );
});

test('scatterChart: one point per common step with values on both sides, titled by name and unit', async () => {
  const load = hourly('residual', [10, 20, null, 40]);
  const price = new Timeseries({
    resolution: new Resolution(Frequency.PT1H, CET),
    name: 'price',
    unit: 'EUR',
    denominator: 'MWh',
    times: [H, 2 * H, 3 * H],
    values: [50, 60, 70],
  });
  const chart = scatterChart(load, price);
  const spec = chart.spec as { data: { values: unknown[] }; layer: { encoding: { x: { title: string }; y: { title: string } } }[] };
  assert.equal(spec.data.values, [
    { x: 20, y: 50 },
    { x: 40, y: 70 },
  ]);
  assert.equal([spec.layer[0]?.encoding.x.title, spec.layer[0]?.encoding.y.title], ['residual (MWh/h)', 'price (EUR/MWh)']);
  assert.is(spec.layer.length, 2);
  assert.is((scatterChart(load, price, { trend: false }).spec as { layer: unknown[] }).layer.length, 1);
  assert.ok((await chart.toSVG()).startsWith('<svg'));
});

test.run();
