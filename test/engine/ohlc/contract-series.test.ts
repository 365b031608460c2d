import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contractDailySeries, fillModeOf } from '../../../src/engine/ohlc';
import { Fill } from '../../../src/model';
import { ValueError } from '../../../src/exceptions';
import { D } from './days';

// A contract traded Thu 02-01 (10), Fri 02-02 (11), Mon 02-05 (12) and for the last time
// Tue 02-06 (13); days Thu 2024-02-01 .. Fri 2024-02-09 (the weekend 02-03/04, then 3 days after
// the last trade).
const days = Float64Array.of(D.feb1, D.feb2, D.feb3, D.feb4, D.feb5, D.feb6, D.feb7, D.feb8, D.feb9);
const times = Float64Array.of(D.feb1, D.feb2, D.feb5, D.feb6);
const values = Float64Array.of(10, 11, 12, 13);

test('no-fill: days without a trade are null', () => {
  assert.equal(Array.from(contractDailySeries(days, times, values, 'no-fill')), [10, 11, NaN, NaN, 12, 13, NaN, NaN, NaN]);
});

test('fill-holes: the weekend carries Friday, days after the last trade stay null', () => {
  assert.equal(Array.from(contractDailySeries(days, times, values, 'fill-holes')), [10, 11, 11, 11, 12, 13, NaN, NaN, NaN]);
});

test('forward-fill: also carries the last trade to the end', () => {
  assert.equal(Array.from(contractDailySeries(days, times, values, 'forward-fill')), [10, 11, 11, 11, 12, 13, 13, 13, 13]);
});

test('trades outside the days decide the first and last days; a null trade is no trade', () => {
  // days Sat 02-03 .. Mon 02-05: Friday's 11 (before the range) fills the weekend
  const weekend = Float64Array.of(D.feb3, D.feb4, D.feb5);
  assert.equal(Array.from(contractDailySeries(weekend, times, values, 'fill-holes')), [11, 11, 12]);
  assert.equal(Array.from(contractDailySeries(weekend, times, values, 'no-fill')), [NaN, NaN, 12]);
  // Monday's value null: the weekend and Monday lie after the last trade (Friday)
  const nullMonday = Float64Array.of(10, 11, NaN, NaN);
  assert.equal(Array.from(contractDailySeries(weekend, times, nullMonday, 'fill-holes')), [NaN, NaN, NaN]);
  assert.equal(Array.from(contractDailySeries(weekend, times, nullMonday, 'forward-fill')), [11, 11, 11]);
});

test('fillModeOf reads a Fill member and defaults to no-fill', () => {
  assert.is(fillModeOf(Fill.FORWARD_FILL), 'forward-fill');
  assert.is(fillModeOf({ tag: 'fill-holes' }), 'fill-holes');
  assert.is(fillModeOf(undefined), 'no-fill');
  assert.throws(
    () => fillModeOf({ tag: 'backfill' }),
    (e: unknown) => e instanceof ValueError,
  );
});

test('bad input throws ValueError', () => {
  assert.throws(
    () => contractDailySeries(days, times, values, 'fill-all' as 'no-fill'),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => contractDailySeries(days, times, Float64Array.of(1), 'no-fill'),
    (e: unknown) => e instanceof ValueError,
  );
});

test.run();
