import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MASK_SIZE, hourFilterMask, isBaseMask, maskIndex, maskRunEnd } from '../../src/engine';
import { Filter } from '../../src/model';
import { Frequency } from '../../src/time';

const count = (m: Uint8Array) => m.reduce((a, b) => a + b, 0);

test('mask sizes per filter and target', () => {
  assert.is(MASK_SIZE, 168);
  assert.is(count(hourFilterMask(Filter.BASE, Frequency.P1D)), 168);
  assert.is(count(hourFilterMask(Filter.PEAK, Frequency.P1D)), 84); // 7 x 12
  assert.is(count(hourFilterMask(Filter.PEAK, Frequency.PT1H)), 84);
  assert.is(count(hourFilterMask(Filter.OFFPEAK, Frequency.P1D)), 84);
  assert.is(count(hourFilterMask(Filter.PEAK, Frequency.P1W)), 60); // 5 x 12
  assert.is(count(hourFilterMask(Filter.PEAK, Frequency.P1Y)), 60);
  assert.is(count(hourFilterMask(Filter.OFFPEAK, Frequency.P1M)), 108);
  assert.is(count(hourFilterMask(Filter.WORKDAYS, Frequency.P1M)), 120);
  assert.is(count(hourFilterMask(Filter.WEEKEND, Frequency.P1D)), 48);
});

test('peak hours are 08:00-19:59; futures peak skips Saturday and Sunday', () => {
  const daily = hourFilterMask(Filter.PEAK, Frequency.P1D);
  const monthly = hourFilterMask(Filter.PEAK, Frequency.P1M);
  assert.equal([daily[7], daily[8], daily[19], daily[20]], [0, 1, 1, 0]);
  assert.equal([daily[5 * 24 + 12], monthly[5 * 24 + 12], monthly[4 * 24 + 12], monthly[6 * 24 + 12]], [1, 0, 1, 0]);
  const weekend = hourFilterMask(Filter.WEEKEND, Frequency.P1D);
  assert.equal([weekend[4 * 24 + 23], weekend[5 * 24], weekend[6 * 24 + 23]], [0, 1, 1]);
});

test('isBaseMask', () => {
  assert.ok(isBaseMask(hourFilterMask(Filter.BASE, Frequency.P1M)));
  assert.not.ok(isBaseMask(hourFilterMask(Filter.WORKDAYS, Frequency.P1M)));
});

test('maskIndex reads weekday (Monday 0) and hour of local milliseconds', () => {
  assert.is(maskIndex(Date.UTC(2024, 2, 4, 9, 30)), 9); // Monday 2024-03-04 09:30
  assert.is(maskIndex(Date.UTC(2024, 2, 10, 23, 59, 59, 999)), 6 * 24 + 23); // Sunday 2024-03-10
  assert.is(maskIndex(Date.UTC(1970, 0, 1)), 3 * 24); // Thursday
  assert.is(maskIndex(Date.UTC(1969, 11, 31, 5)), 2 * 24 + 5); // Wednesday, before the epoch
});

test('maskRunEnd: the end of the run of hours with the same answer', () => {
  const daily = hourFilterMask(Filter.PEAK, Frequency.P1D);
  // Monday 2024-03-04 09:30 peak until 20:00; 21:15 off-peak until Tuesday 08:00
  assert.is(maskRunEnd(daily, Date.UTC(2024, 2, 4, 9, 30)), Date.UTC(2024, 2, 4, 20));
  assert.is(maskRunEnd(daily, Date.UTC(2024, 2, 4, 21, 15)), Date.UTC(2024, 2, 5, 8));
  // futures OFFPEAK from Friday 2024-03-08 20:00 runs over the weekend until Monday 08:00
  const monthly = hourFilterMask(Filter.OFFPEAK, Frequency.P1M);
  assert.is(maskRunEnd(monthly, Date.UTC(2024, 2, 8, 20)), Date.UTC(2024, 2, 11, 8));
  // WEEKEND from Sunday 2024-03-10 23:00 (wrapping to Monday) is off until Saturday 00:00
  const weekend = hourFilterMask(Filter.WEEKEND, Frequency.P1D);
  assert.is(maskRunEnd(weekend, Date.UTC(2024, 2, 10, 23)), Date.UTC(2024, 2, 11));
  assert.is(maskRunEnd(weekend, Date.UTC(2024, 2, 11, 5)), Date.UTC(2024, 2, 16));
  // an all-pass mask stops one week after the start of the hour (09:00 + 168 h)
  assert.is(maskRunEnd(hourFilterMask(Filter.BASE, Frequency.P1D), Date.UTC(2024, 2, 4, 9, 30)), Date.UTC(2024, 2, 11, 9));
});

test.run();
