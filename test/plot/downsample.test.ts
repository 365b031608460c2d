import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../src/exceptions';
import { bucketBounds, bucketStarts, checkMaxPoints, DEFAULT_MAX_POINTS, minMaxIndexes, reduceBuckets } from '../../src/plot/downsample';

test('checkMaxPoints: default, Infinity, and rejects values below 4 or fractional', () => {
  assert.is(checkMaxPoints(undefined), DEFAULT_MAX_POINTS);
  assert.is(checkMaxPoints(Infinity), Infinity);
  assert.is(checkMaxPoints(4), 4);
  for (const bad of [3, 0, -5, 10.5, NaN]) {
    assert.throws(
      () => checkMaxPoints(bad),
      (e: unknown) => e instanceof ValidationError && e.parameter === 'maxPoints',
    );
  }
});

test('bucketBounds splits evenly and ends at n', () => {
  assert.equal(Array.from(bucketBounds(10, 3)), [0, 3, 6, 10]);
  assert.equal(Array.from(bucketBounds(4, 10)), [0, 1, 2, 3, 4]);
});

test('minMaxIndexes keeps everything when short enough', () => {
  assert.equal(Array.from(minMaxIndexes(Float64Array.of(3, 1, 2), 4)), [0, 1, 2]);
});

test('minMaxIndexes keeps first, last and each bucket min and max in order', () => {
  // inner points 1..6 in 2 buckets: [9, 2, 8] -> max 1, min 2; [3, 7, 4] -> min 4, max 5
  assert.equal(Array.from(minMaxIndexes(Float64Array.of(1, 9, 2, 8, 3, 7, 4, 6), 6)), [0, 1, 2, 4, 5, 7]);
});

test('minMaxIndexes keeps a spike of a million points and never exceeds the limit', () => {
  const n = 1_000_000;
  const values = new Float64Array(n).fill(1);
  values[654_321] = 100;
  values[123_456] = -50;
  const kept = minMaxIndexes(values, 1000);
  assert.ok(kept.length <= 1000, `${kept.length} points`);
  assert.ok(kept.includes(654_321));
  assert.ok(kept.includes(123_456));
  for (let i = 1; i < kept.length; i++) assert.ok((kept[i] as number) > (kept[i - 1] as number));
});

test('minMaxIndexes keeps one point of an all-missing bucket so the gap shows', () => {
  const values = Float64Array.of(1, NaN, NaN, NaN, NaN, 5, 6, 7, 8, 9);
  // 8 inner points (1..8) in 2 buckets: [NaN x4] -> index 1; [5, 6, 7, 8] -> 5 and 8
  assert.equal(Array.from(minMaxIndexes(values, 6)), [0, 1, 5, 8, 9]);
});

test('reduceBuckets: mean, min, max skip NaN; an empty bucket is NaN', () => {
  const values = Float64Array.of(1, 3, NaN, 5, NaN, NaN);
  const bounds = Uint32Array.of(0, 2, 4, 6);
  assert.equal(Array.from(reduceBuckets(values, bounds, 'mean')).slice(0, 2), [2, 5]);
  assert.ok(Number.isNaN(reduceBuckets(values, bounds, 'mean')[2] as number));
  assert.equal(Array.from(reduceBuckets(values, bounds, 'min')).slice(0, 2), [1, 5]);
  assert.equal(Array.from(reduceBuckets(values, bounds, 'max')).slice(0, 2), [3, 5]);
});

test('bucketStarts takes the first value of each bucket', () => {
  assert.equal(Array.from(bucketStarts(Float64Array.of(10, 20, 30, 40), Uint32Array.of(0, 2, 4))), [10, 30]);
});

test.run();
