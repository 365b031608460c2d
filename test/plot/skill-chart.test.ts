import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evaluateSkill } from '../../src/engine';
import { ValidationError, ValueError } from '../../src/exceptions';
import { Instance, Timeseries } from '../../src/model';
import { skillChart } from '../../src/plot';
import { Frequency, Resolution } from '../../src/time';
import { assertRenders, rows, specOf, svgTexts } from './samples';

const H = 3_600_000;
const T0 = Date.UTC(2024, 0, 2);
const resolution = new Resolution(Frequency.PT1H, 'UTC');

function forecast(tag: string, issued: number, errors: number[], members: number[][] = []): Timeseries {
  return new Timeseries({
    resolution,
    unit: 'MW',
    name: 'X Forecast',
    instance: new Instance({ issued: DateTime.fromMillis(issued, { zone: 'UTC' }), tag }),
    times: errors.map((_, i) => issued + i * H),
    values: errors.map((e) => 10 + e),
    scenarios: members,
  });
}

const actual = new Timeseries({
  resolution,
  unit: 'MW',
  name: 'X Actual',
  times: Array.from({ length: 72 }, (_, i) => T0 - 24 * H + i * H),
  values: new Array(72).fill(10),
});
const result = evaluateSkill(
  [
    forecast('a', T0, [1, 2, 3, 4]),
    forecast('b', T0, [2, 2, 2, 2]),
    forecast(
      'ens',
      T0,
      [0, 0, 0, 0],
      [
        [9, 8, 12, 14],
        [11, 13, 9, 5],
      ],
    ),
  ],
  actual,
  { leadTimes: { step: 'PT1H', max: 'PT4H' }, metrics: ['mae', 'bias', 'crps', 'rankHistogram'] },
);

test('a metric against lead time, one line per tag', async () => {
  const chart = skillChart(result, { metric: 'mae' });
  assert.is(chart.kind, 'skill');
  assert.is(chart.series, 3);
  assert.equal(
    rows(chart)
      .filter((r) => r.s === 'a')
      .map((r) => [r.x, r.v]),
    [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
    ],
  );
  assert.is(specOf(chart).encoding.x.title, 'Lead time (hours)');
  assert.is(specOf(chart).encoding.y.title, 'MAE (MW)');
  await assertRenders(chart);
});

test('rank histograms of the tags with members', async () => {
  const chart = skillChart(result, { metric: 'rankHistogram' });
  assert.is(chart.kind, 'rank-histogram');
  // two members, actual 10: 9/11 -> rank 1, 8/13 -> 1, 12/9 -> 1, 14/5 -> 1
  assert.equal(
    rows(chart).map((r) => r.count),
    [0, 4, 0],
  );
  const svg = await chart.toSVG();
  assert.ok(svgTexts(svg).includes('Rank of the actual among the members'));
});

test('errors: unknown metric, a metric the result lacks, no histogram', () => {
  assert.throws(
    () => skillChart(result, { metric: 'brier' as 'mae' }),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'metric',
  );
  assert.throws(
    () => skillChart(result, { metric: 'rmse' }),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'metric',
  );
  const plain = evaluateSkill([forecast('a', T0, [1, 2])], actual, { metrics: ['mae', 'rankHistogram'] });
  assert.throws(
    () => skillChart(plain, { metric: 'rankHistogram' }),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => skillChart({} as never),
    (e: unknown) => e instanceof ValidationError,
  );
});

test.run();
