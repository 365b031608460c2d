import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mergeForwardCurve } from '../../../src/engine/ohlc';
import { CET } from '../../../src/time';
import { D } from './days';

const periods = (r: { begins: Float64Array; ends: Float64Array; values: Float64Array }) =>
  Array.from(r.begins, (b, i) => [b, r.ends[i], r.values[i]]);

test('a month inside its quarter wins; the quarter fills both sides', () => {
  // Q2 2024 at 45 (2024-04-01 to 2024-07-01) and May 2024 at 50 (2024-05-01 to 2024-06-01)
  const merged = mergeForwardCurve(
    { period: ['quarter', 'month'], delivery: Float64Array.of(D.apr1, D.may1), values: Float64Array.of(45, 50) },
    CET,
  );
  assert.equal(periods(merged), [
    [D.apr1, D.may1, 45], // April from the quarter
    [D.may1, D.jun1, 50], // May from the month
    [D.jun1, D.jul1, 45], // June from the quarter
  ]);
});

test('a month at the start of its quarter; adjacent pieces of one contract join; nulls are left out', () => {
  // Apr at 52, May null (left out), Q2 at 45, Q3 at 40, season Summer-24 (Apr-Oct) at 44
  const merged = mergeForwardCurve(
    {
      period: ['season', 'month', 'quarter', 'month', 'quarter'],
      delivery: Float64Array.of(D.apr1, D.apr1, D.apr1, D.may1, D.jul1),
      values: Float64Array.of(44, 52, 45, NaN, 40),
    },
    CET,
  );
  assert.equal(periods(merged), [
    [D.apr1, D.may1, 52], // April: the month is finest
    [D.may1, D.jul1, 45], // May (no value) and June from Q2, joined into one period
    [D.jul1, D.oct1, 40], // Q3 beats the season
  ]);
});

test('days and a weekend before the months; gaps stay gaps', () => {
  // Fri 2024-02-02 day 30, weekend 02-03..02-05 at 28, March 2024 at 41
  const merged = mergeForwardCurve(
    { period: ['day', 'weekend', 'month'], delivery: Float64Array.of(D.feb2, D.feb3, D.mar1), values: Float64Array.of(30, 28, 41) },
    CET,
  );
  assert.equal(periods(merged), [
    [D.feb2, D.feb3, 30],
    [D.feb3, D.feb5, 28],
    [D.mar1, D.apr1, 41],
  ]);
  assert.equal(periods(mergeForwardCurve({ period: [], delivery: new Float64Array(0), values: new Float64Array(0) }, CET)), []);
});

test.run();
