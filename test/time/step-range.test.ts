// Binary search in ascending time columns (src/time/step-range.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { firstAtOrAfter, stepRange } from '../../src/time';

const times = Float64Array.of(0, 10, 20, 30);

test('firstAtOrAfter: the first row at or after an instant, the length past the end', () => {
  assert.is(firstAtOrAfter(times, -5), 0);
  assert.is(firstAtOrAfter(times, 0), 0);
  assert.is(firstAtOrAfter(times, 5), 1);
  assert.is(firstAtOrAfter(times, 30), 3);
  assert.is(firstAtOrAfter(times, 31), 4);
  assert.is(firstAtOrAfter(new Float64Array(0), 1), 0);
});

test('stepRange: [begin, end) as rows, open ends, never reversed', () => {
  assert.equal(stepRange(times, 10, 30), [1, 3]);
  assert.equal(stepRange(times, 5, 25), [1, 3]);
  assert.equal(stepRange(times, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY), [0, 4]);
  assert.equal(stepRange(times, 20, 10), [2, 2]);
  assert.equal(stepRange(times, 31, 40), [4, 4]);
});

test.run();
