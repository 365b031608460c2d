import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { alignSeries } from '../../src/plot/align';
import { seriesOf } from '../../src/plot/series-source';
import { H, hourly, JAN1_CET } from './samples';

test('series on the same steps are taken as they are', () => {
  const a = seriesOf(hourly(JAN1_CET, 3, (i) => i))[0]!;
  const b = seriesOf(hourly(JAN1_CET, 3, (i) => 2 * i))[0]!;
  const { times, columns } = alignSeries([a, b]);
  assert.is(times.length, 3);
  assert.ok(columns[0] === a.values);
});

test('series on different steps get the union of steps, NaN where missing', () => {
  const a = seriesOf(hourly(JAN1_CET, 2, () => 1))[0]!;
  const b = seriesOf(hourly(JAN1_CET + 3 * H, 1, () => 2))[0]!;
  const c = seriesOf(hourly(JAN1_CET + H, 1, () => 3))[0]!;
  const { times, columns } = alignSeries([a, b, c]);
  assert.equal(
    Array.from(times),
    [0, 1, 3].map((h) => JAN1_CET + h * H),
  );
  assert.equal(Array.from(columns[0]!), [1, 1, NaN]);
  assert.equal(Array.from(columns[1]!), [NaN, NaN, 2]);
  assert.equal(Array.from(columns[2]!), [NaN, 3, NaN]);
});

test('no series: empty grid', () => {
  assert.equal(alignSeries([]), { times: new Float64Array(0), columns: [] });
});

test.run();
