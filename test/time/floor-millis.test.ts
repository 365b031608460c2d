import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { CET, Frequency, GAS_DAY, UTC, floorMillis, shiftMillis, stepStarts } from '../../src/time';

const HOUR = 3_600_000;
const isValueError = (e: unknown) => e instanceof ValueError;

test('floorMillis: hand-computed floors across DST', () => {
  // P1M of 2020-03-30T10:00+02:00 (08:00Z) -> 2020-03-01T00:00+01:00 = 2020-02-29T23:00Z
  assert.is(floorMillis(Date.UTC(2020, 2, 30, 8), Frequency.P1M, CET), Date.UTC(2020, 1, 29, 23));
  // SEASON of 2021-01-15 12:00 CET (11:00Z) -> 2020-10-01T00:00+02:00 = 2020-09-30T22:00Z
  assert.is(floorMillis(Date.UTC(2021, 0, 15, 11), Frequency.SEASON, CET), Date.UTC(2020, 8, 30, 22));
  // P1W of Sunday 2024-03-31 12:00+02:00 (10:00Z) -> Monday 2024-03-25T00:00+01:00 = 24th 23:00Z
  assert.is(floorMillis(Date.UTC(2024, 2, 31, 10), Frequency.P1W, CET), Date.UTC(2024, 2, 24, 23));
  // P3M of 2024-11-03 (+01:00) -> 2024-10-01T00:00+02:00 = 2024-09-30T22:00Z
  assert.is(floorMillis(Date.UTC(2024, 10, 3, 9), Frequency.P3M, CET), Date.UTC(2024, 8, 30, 22));
  // P1Y of 2024-07-01T12:00+02:00 -> 2024-01-01T00:00+01:00 = 2023-12-31T23:00Z
  assert.is(floorMillis(Date.UTC(2024, 6, 1, 10), Frequency.P1Y, CET), Date.UTC(2023, 11, 31, 23));
  // PT15M in the repeated hour: 01:52Z (02:52+01:00) -> 01:45Z; 00:52Z (02:52+02:00) -> 00:45Z
  assert.is(floorMillis(Date.UTC(2024, 9, 27, 1, 52), Frequency.PT15M, CET), Date.UTC(2024, 9, 27, 1, 45));
  assert.is(floorMillis(Date.UTC(2024, 9, 27, 0, 52), Frequency.PT15M, CET), Date.UTC(2024, 9, 27, 0, 45));
  // NONE leaves the instant alone
  assert.is(floorMillis(123_456_789, Frequency.NONE, CET), 123_456_789);
});

test('floorMillis: Gas_Day and UTC', () => {
  // 2024-03-31T03:00Z = 2024-03-30T22:00-05:00: gas day 2024-03-30 began 05:00Z on the 30th
  assert.is(floorMillis(Date.UTC(2024, 2, 31, 3), Frequency.P1D, GAS_DAY), Date.UTC(2024, 2, 30, 5));
  // 2024-03-31T04:00Z is the first instant of gas day 2024-03-31 (06:00+02:00)
  assert.is(floorMillis(Date.UTC(2024, 2, 31, 4), Frequency.P1D, GAS_DAY), Date.UTC(2024, 2, 31, 4));
  // gas month of 2024-04-01T03:00Z (still gas day 2024-03-31) is March: 2024-03-01T00:00-05:00 = 05:00Z
  assert.is(floorMillis(Date.UTC(2024, 3, 1, 3), Frequency.P1M, GAS_DAY), Date.UTC(2024, 2, 1, 5));
  // gas year 2025 starts 2025-01-01T00:00-05:00 = 05:00Z; at 04:59Z we are still in 2024
  assert.is(floorMillis(Date.UTC(2025, 0, 1, 4, 59), Frequency.P1Y, GAS_DAY), Date.UTC(2024, 0, 1, 5));
  assert.is(floorMillis(Date.UTC(2025, 0, 1, 5), Frequency.P1Y, 'Europe/Gas_Day'), Date.UTC(2025, 0, 1, 5));
  assert.is(floorMillis(Date.UTC(2024, 2, 31, 23, 59), Frequency.P1D, UTC), Date.UTC(2024, 2, 31));
  assert.is(floorMillis(Date.UTC(2024, 2, 31, 23, 59), Frequency.P1D, 'utc'), Date.UTC(2024, 2, 31));
});

test('floorMillis before 1970 and far ahead', () => {
  // 1969-12-31T23:30Z = 1970-01-01T00:30+01:00 in CET: day began 1969-12-31T23:00Z
  assert.is(floorMillis(Date.UTC(1969, 11, 31, 23, 30), Frequency.P1D, CET), Date.UTC(1969, 11, 31, 23));
  // Monday before Thursday 1970-01-01 is 1969-12-29 (UTC)
  assert.is(floorMillis(0, Frequency.P1W, UTC), Date.UTC(1969, 11, 29));
  // 2100-07-15 is CEST: July 2100 began 2100-07-01T00:00+02:00 = 2100-06-30T22:00Z
  assert.is(floorMillis(Date.UTC(2100, 6, 15), Frequency.P1M, CET), Date.UTC(2100, 5, 30, 22));
});

test('shiftMillis: 23/25-hour days, absolute hours, clamped months', () => {
  const spring = Date.UTC(2024, 2, 30, 23); // 2024-03-31T00:00+01:00
  assert.is((shiftMillis(spring, Frequency.P1D, 1, CET) - spring) / HOUR, 23);
  const autumn = Date.UTC(2024, 9, 26, 22); // 2024-10-27T00:00+02:00
  assert.is((shiftMillis(autumn, Frequency.P1D, 1, CET) - autumn) / HOUR, 25);
  assert.is(shiftMillis(Date.UTC(2024, 2, 31, 22), Frequency.P1D, -1, CET), spring);
  // PT1H is absolute: 2024-03-31T01:00+01:00 (00:00Z) + 1 h = 03:00+02:00 (01:00Z)
  assert.is(shiftMillis(Date.UTC(2024, 2, 31), Frequency.PT1H, 1, CET), Date.UTC(2024, 2, 31, 1));
  // 2024-01-31T00:00+01:00 + 1 month = 2024-02-29T00:00+01:00 (clamped)
  assert.is(shiftMillis(Date.UTC(2024, 0, 30, 23), Frequency.P1M, 1, CET), Date.UTC(2024, 1, 28, 23));
  // SEASON: 2020-10-01 +02:00 -> 2021-04-01 +02:00
  assert.is(shiftMillis(Date.UTC(2020, 8, 30, 22), Frequency.SEASON, 1, CET), Date.UTC(2021, 2, 31, 22));
  // a non-midnight time keeps its wall-clock time: 2024-03-30T12:00+01:00 + 1 day = 12:00+02:00
  assert.is(shiftMillis(Date.UTC(2024, 2, 30, 11), Frequency.P1D, 1, CET), Date.UTC(2024, 2, 31, 10));
  // gas day 2024-03-30 (05:00Z) + 1 = gas day 2024-03-31 (04:00Z next day): 23 hours
  assert.is(shiftMillis(Date.UTC(2024, 2, 30, 5), Frequency.P1D, 1, GAS_DAY), Date.UTC(2024, 2, 31, 4));
  assert.is(shiftMillis(Date.UTC(2024, 2, 30, 5), Frequency.P1D, 0, GAS_DAY), Date.UTC(2024, 2, 30, 5));
});

test('stepStarts: counts on DST days in CET and Gas_Day', () => {
  const cetDay = (y: number, m: number, d: number) => DateTime.fromObject({ year: y, month: m, day: d }, { zone: CET }).toMillis();
  const gasDay = (y: number, m: number, d: number) => DateTime.fromObject({ year: y, month: m, day: d }, { zone: GAS_DAY }).toMillis();
  assert.is(stepStarts(cetDay(2024, 3, 31), cetDay(2024, 4, 1), Frequency.PT15M, CET).length, 92);
  assert.is(stepStarts(cetDay(2024, 3, 31), cetDay(2024, 4, 1), Frequency.PT1H, CET).length, 23);
  assert.is(stepStarts(cetDay(2024, 10, 27), cetDay(2024, 10, 28), Frequency.PT15M, CET).length, 100);
  assert.is(stepStarts(cetDay(2024, 10, 27), cetDay(2024, 10, 28), Frequency.PT1H, CET).length, 25);
  assert.is(stepStarts(gasDay(2024, 3, 30), gasDay(2024, 3, 31), Frequency.PT15M, GAS_DAY).length, 92);
  assert.is(stepStarts(gasDay(2024, 3, 31), gasDay(2024, 4, 1), Frequency.PT15M, GAS_DAY).length, 96);
  assert.is(stepStarts(gasDay(2024, 10, 26), gasDay(2024, 10, 27), Frequency.PT1H, GAS_DAY).length, 25);
  assert.is(stepStarts(gasDay(2024, 3, 31), gasDay(2024, 4, 1), Frequency.PT1H, GAS_DAY)[0], Date.UTC(2024, 2, 31, 4));
});

test('stepStarts: begin is rounded up, end is exclusive', () => {
  // 2024-03-31T00:00:01+01:00 .. 2024-04-03T00:00+02:00: days starting 04-01 and 04-02
  const days = stepStarts(Date.UTC(2024, 2, 30, 23, 0, 1), Date.UTC(2024, 3, 2, 22), Frequency.P1D, CET);
  assert.equal(Array.from(days), [Date.UTC(2024, 2, 31, 22), Date.UTC(2024, 3, 1, 22)]);
  const months = stepStarts(Date.UTC(2024, 0, 15), Date.UTC(2024, 4, 1), Frequency.P1M, CET);
  // Feb 1 and Mar 1 at +01:00, Apr 1 at +02:00; May 1 00:00+02:00 = Apr 30 22:00Z < May 1 00:00Z
  assert.equal(Array.from(months), [
    Date.UTC(2024, 0, 31, 23),
    Date.UTC(2024, 1, 29, 23),
    Date.UTC(2024, 2, 31, 22),
    Date.UTC(2024, 3, 30, 22),
  ]);
  assert.is(stepStarts(Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 1), Frequency.PT15M, CET).length, 0);
  assert.is(stepStarts(Date.UTC(2024, 0, 2), Date.UTC(2024, 0, 1), Frequency.P1D, CET).length, 0);
  // [00:07, 01:00) in UTC: quarter-hours at 00:15, 00:30, 00:45
  const q = stepStarts(Date.UTC(2024, 0, 1, 0, 7), Date.UTC(2024, 0, 1, 1), Frequency.PT15M, UTC);
  assert.equal(Array.from(q), [Date.UTC(2024, 0, 1, 0, 15), Date.UTC(2024, 0, 1, 0, 30), Date.UTC(2024, 0, 1, 0, 45)]);
  assert.ok(q instanceof Float64Array);
});

test('errors: NONE steps, non-integer steps, bad instants and zones', () => {
  assert.throws(() => shiftMillis(0, Frequency.NONE, 1, CET), isValueError);
  assert.throws(() => stepStarts(0, 1, Frequency.NONE, CET), isValueError);
  assert.throws(() => shiftMillis(0, Frequency.P1D, 1.5, CET), isValueError);
  assert.throws(() => floorMillis(Number.NaN, Frequency.P1D, CET), isValueError);
  assert.throws(() => floorMillis(Number.POSITIVE_INFINITY, Frequency.P1D, CET), isValueError);
  assert.throws(() => stepStarts(0, Number.NaN, Frequency.P1D, CET), isValueError);
  assert.throws(() => floorMillis(0, Frequency.P1D, 'Nowhere/Zone'), isValueError);
});

test.run();
