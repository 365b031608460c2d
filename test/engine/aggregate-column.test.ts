import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NO_MISSING, aggregateColumn, checkThreshold } from '../../src/engine';
import { ValidationError } from '../../src/exceptions';
import { Aggregation } from '../../src/model';

// two steps; values 3 and 5 in step 0, 4 (and a filtered 100, and a null) in step 1
const values = Float64Array.of(3, 5, 100, 4, NaN);
const slots = Int32Array.of(0, 0, -1, 1, 1);
const expected = Float64Array.of(2, 2);
const run = (aggregation: Aggregation, threshold = { count: 1 }) =>
  Array.from(aggregateColumn(values, slots, expected, aggregation, threshold));

test('AVERAGE, SUM, MIN, MAX skip filtered and null values', () => {
  assert.equal(run(Aggregation.AVERAGE), [4, 4]);
  assert.equal(run(Aggregation.SUM), [8, 4]);
  assert.equal(run(Aggregation.MIN), [3, 4]);
  assert.equal(run(Aggregation.MAX), [5, 4]);
});

test('threshold: missing = expected - present', () => {
  assert.equal(run(Aggregation.SUM, NO_MISSING as { count: number }), [8, NaN]);
  assert.equal(Array.from(aggregateColumn(values, slots, expected, Aggregation.SUM, { percent: 50 })), [8, 4]);
  assert.equal(Array.from(aggregateColumn(values, slots, expected, Aggregation.SUM, { percent: 49.9 })), [8, NaN]);
});

test('a step with no values is null whatever the threshold; negative values work for MIN/MAX', () => {
  const v = Float64Array.of(-2, -7);
  const s = Int32Array.of(1, 1);
  const e = Float64Array.of(0, 2);
  assert.equal(Array.from(aggregateColumn(v, s, e, Aggregation.MAX, { count: 10 })), [NaN, -2]);
  assert.equal(Array.from(aggregateColumn(v, s, e, Aggregation.MIN, { count: 10 })), [NaN, -7]);
});

test('checkThreshold', () => {
  assert.equal(checkThreshold({ count: 0 }), { count: 0 });
  assert.equal(checkThreshold({ percent: 100 }), { percent: 100 });
  for (const bad of [{ count: -1 }, { count: 0.5 }, { percent: -0.1 }, { percent: 100.1 }]) {
    assert.throws(
      () => checkThreshold(bad),
      (e: unknown) => e instanceof ValidationError && e.parameter === 'threshold',
    );
  }
});

test.run();
