import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resample } from '../../src/engine';
import { ValidationError, ValueError } from '../../src/exceptions';
import { Aggregation, Filter } from '../../src/model';
import { CET, Frequency, GAS_DAY, UTC } from '../../src/time';

const H = 3_600_000;
const Q = 900_000;

/** Instants from `startMs` (inclusive) to `endMs` (exclusive) every `stepMs`. */
function grid(startMs: number, endMs: number, stepMs: number): Float64Array {
  return Float64Array.from({ length: Math.round((endMs - startMs) / stepMs) }, (_, i) => startMs + i * stepMs);
}

function ones(n: number): Float64Array {
  return new Float64Array(n).fill(1);
}

function eq(actual: Float64Array | undefined, expected: number[], message?: string): void {
  assert.ok(actual !== undefined, 'column missing');
  assert.equal(Array.from(actual as Float64Array), expected, message);
}

function close(actual: number, expected: number): void {
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} != ${expected}`);
}

test('daily SUM of a 15-minute CET series counts 96, 92 (2024-03-31) and 96 quarter-hours', () => {
  // 2024-03-30 00:00 CET (+01:00) = 2024-03-29T23:00Z ... 2024-04-02 00:00 CEST (+02:00) = 2024-04-01T22:00Z
  const times = grid(Date.UTC(2024, 2, 29, 23), Date.UTC(2024, 3, 1, 22), Q);
  assert.is(times.length, 284);
  const out = resample({ times, values: ones(284) }, { from: Frequency.PT15M, to: Frequency.P1D, zone: CET, aggregation: Aggregation.SUM });
  // day starts: 03-30 00:00+01:00, 03-31 00:00+01:00, 04-01 00:00+02:00
  eq(out.times, [Date.UTC(2024, 2, 29, 23), Date.UTC(2024, 2, 30, 23), Date.UTC(2024, 2, 31, 22)]);
  eq(out.values, [96, 92, 96]);
});

test('daily AVERAGE over 2024-03-31 CET uses exactly the 92 values of that day', () => {
  const times = grid(Date.UTC(2024, 2, 29, 23), Date.UTC(2024, 3, 1, 22), Q);
  const values = Float64Array.from(times, (_, i) => i);
  const out = resample({ times, values }, { from: Frequency.PT15M, to: Frequency.P1D, zone: CET });
  // day 1: indices 0..95 -> 47.5; 2024-03-31: indices 96..187 -> 141.5; 04-01: 188..283 -> 235.5
  eq(out.values, [47.5, 141.5, 235.5]);
});

test('daily over 2024-10-27 CET (25 hours) uses and expects 100 quarter-hours', () => {
  // 2024-10-26 00:00 CEST (+02:00) = 2024-10-25T22:00Z ... 2024-10-28 00:00 CET (+01:00) = 2024-10-27T23:00Z
  const times = grid(Date.UTC(2024, 9, 25, 22), Date.UTC(2024, 9, 27, 23), Q);
  const options = { from: Frequency.PT15M, to: Frequency.P1D, zone: CET, aggregation: Aggregation.SUM };
  const out = resample({ times, values: ones(times.length) }, options);
  eq(out.times, [Date.UTC(2024, 9, 25, 22), Date.UTC(2024, 9, 26, 22)]);
  eq(out.values, [96, 100]);
  // a naive 24-hour day (ending at 2024-10-27T22:00Z) misses 4 of the 100 expected values
  const short = times.slice(0, times.length - 4);
  eq(resample({ times: short, values: ones(short.length) }, { ...options, threshold: { count: 3 } }).values, [96, NaN]);
  eq(resample({ times: short, values: ones(short.length) }, { ...options, threshold: { count: 4 } }).values, [96, 96]);
});

test('Europe/Gas_Day groups 06:00-06:00 CET; the gas day of 2024-03-30 has 92 quarter-hours', () => {
  // CET 15-minute ones from 2024-03-30 00:00+01:00 (03-29T23:00Z) to 2024-04-02 00:00+02:00 (04-01T22:00Z)
  const times = grid(Date.UTC(2024, 2, 29, 23), Date.UTC(2024, 3, 1, 22), Q);
  const options = { from: Frequency.PT15M, to: Frequency.P1D, zone: GAS_DAY, aggregation: Aggregation.SUM };
  const loose = resample({ times, values: ones(284) }, { ...options, threshold: { count: 1000 } });
  // gas days start at 06:00 CET: 03-29 05:00Z, 03-30 05:00Z (06:00+01:00), 03-31 04:00Z (06:00+02:00), 04-01 04:00Z
  eq(loose.times, [Date.UTC(2024, 2, 29, 5), Date.UTC(2024, 2, 30, 5), Date.UTC(2024, 2, 31, 4), Date.UTC(2024, 3, 1, 4)]);
  // 23:00Z-05:00Z = 6 h = 24; 05:00Z-04:00Z = 23 h = 92; 24 h = 96; 04:00Z-22:00Z = 18 h = 72
  eq(loose.values, [24, 92, 96, 72]);
  eq(resample({ times, values: ones(284) }, options).values, [NaN, 92, 96, NaN]);
});

test('equal frequency with another zone re-buckets CET days into gas days', () => {
  // CET midnights 2024-01-01..03 (+01:00) = 23:00Z of the day before = 18:00 gas-day time (-05:00) of the day before
  const times = Float64Array.of(Date.UTC(2023, 11, 31, 23), Date.UTC(2024, 0, 1, 23), Date.UTC(2024, 0, 2, 23));
  const values = Float64Array.of(10, 20, 30);
  const expectTimes = [Date.UTC(2023, 11, 31, 5), Date.UTC(2024, 0, 1, 5), Date.UTC(2024, 0, 2, 5)];
  const withCet = resample({ times, values }, { from: Frequency.P1D, to: Frequency.P1D, zone: GAS_DAY, fromZone: CET });
  eq(withCet.times, expectTimes);
  eq(withCet.values, [10, 20, 30]);
  eq(resample({ times, values }, { from: Frequency.P1D, to: Frequency.P1D, zone: GAS_DAY }).values, [10, 20, 30]);
});

/** Hourly values equal to the CET wall-clock hour, from `startMs` for `hours` hours in winter (+01:00). */
function winterHours(startMs: number, hours: number): { times: Float64Array; values: Float64Array } {
  const times = grid(startMs, startMs + hours * H, H);
  return { times, values: Float64Array.from(times, (t) => Math.floor((t + H) / H) % 24) };
}

test('PEAK of a daily target is 08:00-20:00 every day, weekends included; OFFPEAK the rest', () => {
  // Sat 2024-01-06 00:00 CET = 01-05T23:00Z, three days (Sat, Sun, Mon)
  const series = winterHours(Date.UTC(2024, 0, 5, 23), 72);
  const peak = resample(series, { from: Frequency.PT1H, to: Frequency.P1D, zone: CET, filter: Filter.PEAK });
  eq(peak.values, [13.5, 13.5, 13.5]); // mean of hours 8..19
  const sum = resample(series, { from: Frequency.PT1H, to: Frequency.P1D, zone: CET, filter: Filter.PEAK, aggregation: Aggregation.SUM });
  eq(sum.values, [162, 162, 162]); // 8 + ... + 19
  const off = resample(series, { from: Frequency.PT1H, to: Frequency.P1D, zone: CET, filter: Filter.OFFPEAK });
  eq(off.values, [9.5, 9.5, 9.5]); // (0+...+7 + 20+...+23) / 12 = (28 + 86) / 12
});

test('PEAK and OFFPEAK on the 23-hour CET day 2024-03-31', () => {
  // 2024-03-31 00:00 CET = 03-30T23:00Z; 23 hours; local hours 0, 1, then 3..23 (02:00 is skipped)
  const times = grid(Date.UTC(2024, 2, 30, 23), Date.UTC(2024, 2, 31, 22), H);
  const values = Float64Array.from(times, (_, i) => (i < 2 ? i : i + 1));
  const peak = resample({ times, values }, { from: Frequency.PT1H, to: Frequency.P1D, zone: CET, filter: Filter.PEAK });
  eq(peak.values, [13.5]);
  const off = resample({ times, values }, { from: Frequency.PT1H, to: Frequency.P1D, zone: CET, filter: Filter.OFFPEAK });
  // 0 + 1 + 3 + 4 + 5 + 6 + 7 + 20 + 21 + 22 + 23 = 112 over 11 hours (expected 11, so not null)
  close((off.values as Float64Array)[0]!, 112 / 11);
});

test('OFFPEAK on the 25-hour CET day 2024-10-27 takes both 02:00 hours', () => {
  // 2024-10-27 00:00 CEST = 10-26T22:00Z; 25 hours; local hours 0, 1, 2 (+02:00), 2 (+01:00), 3..23
  const times = grid(Date.UTC(2024, 9, 26, 22), Date.UTC(2024, 9, 27, 23), H);
  const values = Float64Array.from(times, (_, i) => (i <= 2 ? i : i - 1));
  const off = resample({ times, values }, { from: Frequency.PT1H, to: Frequency.P1D, zone: CET, filter: Filter.OFFPEAK });
  // 0 + 1 + 2 + 2 + 3 + 4 + 5 + 6 + 7 + 20 + 21 + 22 + 23 = 116 over 13 hours
  close((off.values as Float64Array)[0]!, 116 / 13);
});

test('PEAK of a monthly or weekly target is 08:00-20:00 Monday-Friday (futures)', () => {
  // January 2024 in CET: 01-01 00:00+01:00 = 2023-12-31T23:00Z, 744 hours; Jan 1 is a Monday.
  // Workdays: 1-5, 8-12, 15-19, 22-26, 29-31 = 23; weekend days: 6, 7, 13, 14, 20, 21, 27, 28 = 8.
  const times = grid(Date.UTC(2023, 11, 31, 23), Date.UTC(2024, 0, 31, 23), H);
  const input = { times, values: ones(744) };
  const sum = (to: Frequency, filter: Filter) =>
    resample(input, { from: Frequency.PT1H, to, zone: CET, filter, aggregation: Aggregation.SUM }).values as Float64Array;
  eq(sum(Frequency.P1M, Filter.BASE), [744]);
  eq(sum(Frequency.P1M, Filter.PEAK), [276]); // 23 x 12
  eq(sum(Frequency.P1M, Filter.OFFPEAK), [468]); // 744 - 276
  eq(sum(Frequency.P1M, Filter.WORKDAYS), [552]); // 23 x 24
  eq(sum(Frequency.P1M, Filter.WEEKEND), [192]); // 8 x 24
  // weeks from Mon 2024-01-01; the last, Mon 01-29, has 36 of its 60 peak hours and so is null
  eq(sum(Frequency.P1W, Filter.PEAK), [60, 60, 60, 60, NaN]);
  // daily PEAK: 12 every day, Saturday 01-06 too
  const daily = sum(Frequency.P1D, Filter.PEAK);
  assert.is(daily.length, 31);
  assert.ok(daily.every((v) => v === 12));
});

test('hour filters read the wall clock of the output zone (Gas_Day PEAK = 14:00-02:00 CET)', () => {
  // gas day 2024-01-02: 06:00 CET (05:00Z) to 06:00 CET on 01-03; values are CET hours 6..23, 0..5
  const series = winterHours(Date.UTC(2024, 0, 2, 5), 24);
  const out = resample(series, { from: Frequency.PT1H, to: Frequency.P1D, zone: GAS_DAY, filter: Filter.PEAK });
  eq(out.times, [Date.UTC(2024, 0, 2, 5)]);
  eq(out.values, [15.5]); // gas 08-20 = CET 14..23, 0, 1: (185 + 1) / 12
});

test('steps without selected values are null inside the data range and absent outside', () => {
  // Sat 2024-01-06 00:00 CET (01-05T23:00Z) to Wed 01-10 00:00 CET: weekend, Monday, Tuesday
  const times = grid(Date.UTC(2024, 0, 5, 23), Date.UTC(2024, 0, 9, 23), H);
  const out = resample(
    { times, values: ones(96) },
    {
      from: Frequency.PT1H,
      to: Frequency.P1W,
      zone: CET,
      filter: Filter.PEAK,
      aggregation: Aggregation.SUM,
      threshold: { count: 1000 },
    },
  );
  // weeks from Mon 01-01 (2023-12-31T23:00Z) and Mon 01-08 (01-07T23:00Z); no peak hours in the first
  eq(out.times, [Date.UTC(2023, 11, 31, 23), Date.UTC(2024, 0, 7, 23)]);
  eq(out.values, [NaN, 24]);
});

/** 96 quarter-hourly ones of Tue 2024-01-02 CET (01-01T23:00Z), with `missing` of them dropped or nulled. */
function dayWithMissing(missing: number): { times: Float64Array; values: Float64Array } {
  const times = grid(Date.UTC(2024, 0, 1, 23), Date.UTC(2024, 0, 2, 23), Q);
  const values = ones(96);
  for (let i = 0; i < missing; i += 2) values[10 + i] = NaN; // every other one is a null
  const keep = Array.from(times.keys()).filter((i) => !(i >= 10 && i < 10 + missing && (i - 10) % 2 === 1)); // the rest absent
  return { times: Float64Array.from(keep, (i) => times[i]!), values: Float64Array.from(keep, (i) => values[i]!) };
}

test('threshold counts null and absent values: 3 missing is null at 2, a value at 3', () => {
  const series = dayWithMissing(3); // 2 nulls + 1 absent
  assert.is(series.times.length, 95);
  const base = { from: Frequency.PT15M, to: Frequency.P1D, zone: CET, aggregation: Aggregation.SUM };
  eq(resample(series, base).values, [NaN]);
  eq(resample(series, { ...base, threshold: { count: 2 } }).values, [NaN]);
  eq(resample(series, { ...base, threshold: { count: 3 } }).values, [93]);
});

test('threshold percent: missing / expected > N% is null', () => {
  const base = { from: Frequency.PT15M, to: Frequency.P1D, zone: CET, aggregation: Aggregation.SUM };
  // 5 of 96 = 5.21 % > 5 %; 4 of 96 = 4.17 %
  eq(resample(dayWithMissing(5), { ...base, threshold: { percent: 5 } }).values, [NaN]);
  eq(resample(dayWithMissing(4), { ...base, threshold: { percent: 5 } }).values, [92]);
  // 3 of 96 = 3.125 %: over 3 %, not over 3.125 %
  eq(resample(dayWithMissing(3), { ...base, threshold: { percent: 3 } }).values, [NaN]);
  eq(resample(dayWithMissing(3), { ...base, threshold: { percent: 3.125 } }).values, [93]);
});

test('SUM, MIN, MAX and AVERAGE (MEAN) over the non-null values of a day', () => {
  // Tue 2024-01-02 CET; values 10 - hour, hour 5 null (threshold 1)
  const times = grid(Date.UTC(2024, 0, 1, 23), Date.UTC(2024, 0, 2, 23), H);
  const values = Float64Array.from(times, (_, h) => (h === 5 ? NaN : 10 - h));
  const run = (aggregation: Aggregation) =>
    (
      resample({ times, values }, { from: Frequency.PT1H, to: Frequency.P1D, zone: CET, aggregation, threshold: { count: 1 } })
        .values as Float64Array
    )[0];
  // sum over h = 0..23 of (10 - h) is 240 - 276 = -36; without h = 5 (value 5): -41
  assert.is(run(Aggregation.SUM), -41);
  assert.is(run(Aggregation.MIN), -13);
  assert.is(run(Aggregation.MAX), 10);
  close(run(Aggregation.byTag('MEAN'))!, -41 / 23);
});

test('a scenario series keeps all scenarios, each aggregated independently, and the mean', () => {
  const times = grid(Date.UTC(2024, 0, 1, 23), Date.UTC(2024, 0, 2, 23), H);
  const mean = Float64Array.from(times, (_, h) => h);
  const s0 = Float64Array.from(times, (_, h) => 2 * h);
  const s1 = ones(24);
  s1[3] = NaN;
  const out = resample({ times, values: mean, scenarios: [s0, s1, ones(24)] }, { from: Frequency.PT1H, to: Frequency.P1D, zone: CET });
  eq(out.values, [11.5]);
  assert.is(out.scenarios?.length, 3);
  eq(out.scenarios?.[0], [23]);
  eq(out.scenarios?.[1], [NaN]); // one null, threshold 0
  eq(out.scenarios?.[2], [1]);
  const only = resample({ times, scenarios: [s0] }, { from: Frequency.PT1H, to: Frequency.P1D, zone: CET });
  assert.is(only.values, undefined);
  eq(only.scenarios?.[0], [23]);
});

test('daily input to monthly expects the days of the month', () => {
  // February 2024 in CET: 02-01 00:00+01:00 = 01-31T23:00Z, 29 days
  const times = Float64Array.from({ length: 29 }, (_, d) => Date.UTC(2024, 0, 31, 23) + d * 24 * H);
  const options = { from: Frequency.P1D, to: Frequency.P1M, zone: CET, aggregation: Aggregation.SUM };
  eq(resample({ times, values: ones(29) }, options).values, [29]);
  const short = times.slice(1);
  eq(resample({ times: short, values: ones(28) }, options).values, [NaN]);
  eq(resample({ times: short, values: ones(28) }, { ...options, threshold: { count: 1 } }).values, [28]);
});

test('daily input: WORKDAYS and WEEKEND select by weekday; PEAK selects no midnight', () => {
  // January 2024 in CET, daily ones from 01-01 00:00+01:00 (2023-12-31T23:00Z): 23 workdays, 8 weekend days
  const times = Float64Array.from({ length: 31 }, (_, d) => Date.UTC(2023, 11, 31, 23) + d * 24 * H);
  const sum = (filter: Filter) =>
    resample({ times, values: ones(31) }, { from: Frequency.P1D, to: Frequency.P1M, zone: CET, filter, aggregation: Aggregation.SUM })
      .values;
  eq(sum(Filter.WORKDAYS), [23]);
  eq(sum(Filter.WEEKEND), [8]);
  eq(sum(Filter.OFFPEAK), [31]); // hour 0 is off-peak every day
  eq(sum(Filter.PEAK), [NaN]);
});

test('input grids off the output grid: hourly at half past (Asia/Kolkata) into CET days', () => {
  // 2024-01-01T23:30Z (05:00 IST) hourly for 24 h: all inside CET day 01-02 (23:00Z to 23:00Z)
  const times = grid(Date.UTC(2024, 0, 1, 23, 30), Date.UTC(2024, 0, 2, 23, 30), H);
  const out = resample({ times, values: ones(24) }, { from: Frequency.PT1H, to: Frequency.P1D, zone: CET, aggregation: Aggregation.SUM });
  eq(out.times, [Date.UTC(2024, 0, 1, 23)]);
  eq(out.values, [24]);
});

test('UTC output zone uses UTC days', () => {
  const times = grid(Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 3), H);
  const out = resample({ times, values: ones(48) }, { from: Frequency.PT1H, to: Frequency.P1D, zone: UTC, aggregation: Aggregation.SUM });
  eq(out.times, [Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 2)]);
  eq(out.values, [24, 24]);
});

test('tick data (NONE) expects one value per tick', () => {
  // three ticks on Tue 2024-01-02 CET, one null
  const times = Float64Array.of(Date.UTC(2024, 0, 2, 8, 1, 7), Date.UTC(2024, 0, 2, 9, 13), Date.UTC(2024, 0, 2, 15));
  const values = Float64Array.of(4, NaN, 8);
  const options = { from: Frequency.NONE, to: Frequency.P1D, zone: CET };
  eq(resample({ times, values }, options).values, [NaN]);
  eq(resample({ times, values }, { ...options, threshold: { count: 1 } }).values, [6]);
});

test('an empty series gives empty columns of the same shape', () => {
  const out = resample(
    { times: new Float64Array(0), values: new Float64Array(0), scenarios: [new Float64Array(0)] },
    {
      from: Frequency.PT1H,
      to: Frequency.P1D,
      zone: CET,
    },
  );
  assert.is(out.times.length, 0);
  assert.is(out.values?.length, 0);
  assert.is(out.scenarios?.length, 1);
});

test('a target finer than the input, or NONE, is a ValidationError on frequency', () => {
  const input = { times: Float64Array.of(Date.UTC(2024, 0, 1)), values: ones(1) };
  for (const to of [Frequency.PT15M, Frequency.NONE]) {
    try {
      resample(input, { from: Frequency.PT1H, to, zone: CET });
      assert.unreachable('should throw');
    } catch (err) {
      assert.instance(err, ValidationError);
      assert.is((err as ValidationError).parameter, 'frequency');
    }
  }
});

test('bad thresholds, unsorted times and ragged columns are rejected', () => {
  const times = Float64Array.of(Date.UTC(2024, 0, 1, 1), Date.UTC(2024, 0, 1));
  const opts = { from: Frequency.PT1H, to: Frequency.P1D, zone: CET };
  assert.throws(
    () => resample({ times, values: ones(2) }, opts),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => resample({ times: times.slice(1), values: ones(2) }, opts),
    (e: unknown) => e instanceof ValueError,
  );
  const bad = (threshold: { count: number } | { percent: number }) => () =>
    resample({ times: times.slice(1), values: ones(1) }, { ...opts, threshold });
  for (const threshold of [{ count: -1 }, { count: 1.5 }, { percent: 101 }, { percent: NaN }]) {
    assert.throws(bad(threshold), (e: unknown) => e instanceof ValidationError && e.parameter === 'threshold');
  }
});

test.run();
