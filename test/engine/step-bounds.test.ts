import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { stepBounds } from '../../src/engine';
import { CET, Frequency, GAS_DAY } from '../../src/time';

test('CET days across 2024-03-31 (23 h)', () => {
  // 03-30 12:00Z lies in the CET day starting 03-29T23:00Z; 03-31 12:00Z in the one starting 03-30T23:00Z
  const b = stepBounds(Date.UTC(2024, 2, 30, 12), Date.UTC(2024, 2, 31, 12), Frequency.P1D, CET);
  assert.equal(Array.from(b), [Date.UTC(2024, 2, 29, 23), Date.UTC(2024, 2, 30, 23), Date.UTC(2024, 2, 31, 22)]);
});

test('gas days run 06:00-06:00 CET', () => {
  // 2024-10-27T03:00Z is 22:00 -05:00 on gas day 10-26 (which began 06:00+02:00 = 04:00Z)
  const b = stepBounds(Date.UTC(2024, 9, 27, 3), Date.UTC(2024, 9, 27, 3), Frequency.P1D, GAS_DAY);
  // gas day 10-26: 04:00Z to 10-27 06:00+01:00 = 05:00Z (25 hours)
  assert.equal(Array.from(b), [Date.UTC(2024, 9, 26, 4), Date.UTC(2024, 9, 27, 5)]);
});

test('CET months and hours', () => {
  // 2024-03-01 00:00+01:00 = 02-29T23:00Z; 2024-04-01 00:00+02:00 = 03-31T22:00Z
  const m = stepBounds(Date.UTC(2024, 2, 15), Date.UTC(2024, 2, 15), Frequency.P1M, CET);
  assert.equal(Array.from(m), [Date.UTC(2024, 1, 29, 23), Date.UTC(2024, 2, 31, 22)]);
  const h = stepBounds(Date.UTC(2024, 2, 15, 3, 20), Date.UTC(2024, 2, 15, 4, 59), Frequency.PT1H, CET);
  assert.equal(Array.from(h), [Date.UTC(2024, 2, 15, 3), Date.UTC(2024, 2, 15, 4), Date.UTC(2024, 2, 15, 5)]);
});

test.run();
