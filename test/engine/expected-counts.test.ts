import { test } from 'uvu';
import { IANAZone } from 'luxon';
import * as assert from 'uvu/assert';
import { expectedCounts, fixedStepMillis, hourFilterMask, offsetSegments, stepBounds } from '../../src/engine';
import { ValueError } from '../../src/exceptions';
import { Filter } from '../../src/model';
import { CET, Frequency, GAS_DAY } from '../../src/time';

function counts(bounds: Float64Array, frequency: Frequency, mask: Uint8Array | null, zone = CET, anchorMs = bounds[0]!): number[] {
  return Array.from(
    expectedCounts(bounds, { frequency, anchorMs, zone }, mask, offsetSegments(zone, bounds[0]!, bounds[bounds.length - 1]!)),
  );
}

test('fixedStepMillis', () => {
  assert.is(fixedStepMillis(Frequency.PT1H), 3_600_000);
  assert.is(fixedStepMillis(Frequency.PT5M), 300_000);
  assert.is(fixedStepMillis(Frequency.P1D), undefined);
  assert.is(fixedStepMillis(Frequency.NONE), undefined);
});

test('CET days 2024-03-30, 03-31 (23 h), 04-01 expect 96, 92, 96 quarter-hours', () => {
  // 2024-03-30 00:00+01:00 = 03-29T23:00Z; 2024-04-01 00:00+02:00 = 03-31T22:00Z
  const bounds = stepBounds(Date.UTC(2024, 2, 29, 23), Date.UTC(2024, 3, 1, 12), Frequency.P1D, CET);
  assert.equal(counts(bounds, Frequency.PT15M, null), [96, 92, 96]);
  assert.equal(counts(bounds, Frequency.PT1H, null), [24, 23, 24]);
  // PEAK 08-20 every day: 12 hours each; OFFPEAK: 12, 11, 12 hours
  assert.equal(counts(bounds, Frequency.PT15M, hourFilterMask(Filter.PEAK, Frequency.P1D)), [48, 48, 48]);
  assert.equal(counts(bounds, Frequency.PT1H, hourFilterMask(Filter.OFFPEAK, Frequency.P1D)), [12, 11, 12]);
});

test('CET day 2024-10-27 (25 h) expects 100 quarter-hours, OFFPEAK 13 hours', () => {
  const bounds = stepBounds(Date.UTC(2024, 9, 26, 22), Date.UTC(2024, 9, 26, 22), Frequency.P1D, CET);
  assert.equal(counts(bounds, Frequency.PT15M, null), [100]);
  assert.equal(counts(bounds, Frequency.PT1H, hourFilterMask(Filter.OFFPEAK, Frequency.P1D)), [13]);
});

test('an anchor off the output grid shifts the input grid (hourly at half past)', () => {
  const bounds = Float64Array.of(Date.UTC(2024, 0, 1, 23), Date.UTC(2024, 0, 2, 23));
  assert.equal(counts(bounds, Frequency.PT1H, null, CET, Date.UTC(2020, 0, 1, 0, 30)), [24]);
  // a 30-minute anchor with a 15-minute grid still gives 96 per day
  assert.equal(counts(bounds, Frequency.PT15M, null, CET, Date.UTC(2020, 0, 1, 0, 30)), [96]);
});

test('a half-hour output zone (Asia/Kolkata, +05:30): PEAK 08:00-20:00 IST', () => {
  // IST day 2024-01-02: 01-01T18:30Z to 01-02T18:30Z
  const ist = IANAZone.create('Asia/Kolkata');
  const bounds = Float64Array.of(Date.UTC(2024, 0, 1, 18, 30), Date.UTC(2024, 0, 2, 18, 30));
  const mask = hourFilterMask(Filter.PEAK, Frequency.P1D);
  // quarter-hours on the UTC grid are also on the IST grid: 12 h x 4
  assert.equal(counts(bounds, Frequency.PT15M, mask, ist), [48]);
  // hours on the UTC grid fall at half past in IST: 08:30 ... 19:30 pass, 12 of 24
  assert.equal(counts(bounds, Frequency.PT1H, mask, ist, Date.UTC(2024, 0, 1)), [12]);
  assert.equal(counts(bounds, Frequency.PT1H, null, ist, Date.UTC(2024, 0, 1)), [24]);
});

test('calendar input: days per month in CET, workdays with the futures PEAK mask', () => {
  // 2024-01-01 00:00+01:00 = 2023-12-31T23:00Z; months Jan (31 days), Feb (29), Mar (31)
  const bounds = stepBounds(Date.UTC(2023, 11, 31, 23), Date.UTC(2024, 2, 15), Frequency.P1M, CET);
  assert.equal(counts(bounds, Frequency.P1D, null), [31, 29, 31]);
  // daily values start at 00:00, never in peak hours
  assert.equal(counts(bounds, Frequency.P1D, hourFilterMask(Filter.PEAK, Frequency.P1M)), [0, 0, 0]);
  // WORKDAYS: Jan 23, Feb 21 (Thu 1st; 29 days = 4 weeks + Thu 29th), Mar 21 (Fri 1st; 31 days: +Fri 29, Sat, Sun)
  assert.equal(counts(bounds, Frequency.P1D, hourFilterMask(Filter.WORKDAYS, Frequency.P1M)), [23, 21, 21]);
});

test('calendar input in another zone: CET days counted in gas days', () => {
  // gas day 2024-01-01 runs 01-01T05:00Z to 01-02T05:00Z and holds the CET midnight 01-01T23:00Z
  const bounds = Float64Array.of(Date.UTC(2024, 0, 1, 5), Date.UTC(2024, 0, 2, 5), Date.UTC(2024, 0, 3, 5));
  const segments = offsetSegments(GAS_DAY, bounds[0]!, bounds[2]!);
  const grid = { frequency: Frequency.P1D, anchorMs: Date.UTC(2023, 11, 31, 23), zone: CET };
  assert.equal(Array.from(expectedCounts(bounds, grid, null, segments)), [1, 1]);
});

test('NONE has no grid', () => {
  const bounds = Float64Array.of(0, 86_400_000);
  assert.throws(
    () => counts(bounds, Frequency.NONE, null),
    (e: unknown) => e instanceof ValueError,
  );
});

test.run();
