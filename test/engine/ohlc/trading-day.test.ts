import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { closestTradingDay, valuesAtOrBefore } from '../../../src/engine/ohlc';
import { D } from './days';

const days = Float64Array.of(D.feb1, D.feb2, D.feb5); // Thu, Fri, Mon

test('a weekend date falls back to Friday', () => {
  assert.is(closestTradingDay(days, D.feb4), 1); // Sun 2024-02-04 -> Fri 2024-02-02
  assert.is(closestTradingDay(days, D.feb3 + 15 * 3_600_000), 1); // Sat 15:00 -> Friday
});

test('a trading day is its own closest day; before the first day there is none', () => {
  assert.is(closestTradingDay(days, D.feb5), 2);
  assert.is(closestTradingDay(days, D.feb2), 1);
  assert.is(closestTradingDay(days, D.jan31), -1);
  assert.is(closestTradingDay(new Float64Array(0), D.feb1), -1);
});

test('valuesAtOrBefore skips nulls and respects the maximum age', () => {
  // Thu 10, Fri null, Mon 12: Fri and the weekend take Thursday's 10
  const values = Float64Array.of(10, NaN, 12);
  const at = Float64Array.of(D.jan31, D.feb2, D.feb4, D.feb5, D.feb6);
  assert.equal(Array.from(valuesAtOrBefore(days, values, at)), [NaN, 10, 10, 12, 12]);
  // at most 2 days back: Sun 02-04 is 3 days after Thursday -> null
  assert.equal(Array.from(valuesAtOrBefore(days, values, Float64Array.of(D.feb3, D.feb4), 2 * 86_400_000)), [10, NaN]);
});

test.run();
