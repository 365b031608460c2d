// Periods to steps (docs/semantics.md#periods-to-steps): expectations worked out by hand, with the dates and offsets
// in the comments.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { periodseriesListToTimeseries, periodseriesToTimeseries, periodsToSteps } from '../../src/engine/periods-to-steps';
import { ValueError } from '../../src/exceptions';
import { ContinuousContract, ContractPeriod, Periodseries, PeriodseriesList, Timeseries, TimeseriesList } from '../../src/model';
import { CET, Frequency, GAS_DAY, Resolution, UTC } from '../../src/time';
import * as s from '../model/samples';

const H = 3_600_000;
const f64 = (xs: number[]) => new Float64Array(xs);
const plain = (xs: Float64Array) => Array.from(xs, (x) => (Number.isNaN(x) ? null : x));
const isValueError = (e: unknown) => e instanceof ValueError;
const none = (zone = CET) => new Resolution(Frequency.NONE, zone);

test('a period boundary at 10:30 inside an hour gives the time-weighted mean', () => {
  // UTC 2024-01-10: [00:00, 10:30) = 10, [10:30, 12:00) = 40.
  // Steps 00:00 ... 11:00 (12 steps). Step 10:00-11:00: 30 min x 10 + 30 min x 40 -> 25.
  const day = Date.UTC(2024, 0, 10);
  const steps = periodsToSteps(f64([day, day + 10.5 * H]), f64([day + 10.5 * H, day + 12 * H]), f64([10, 40]), Frequency.PT1H, UTC);
  assert.is(steps.times.length, 12);
  assert.is(steps.times[0], day);
  assert.is(steps.times[11], day + 11 * H);
  assert.equal(plain(steps.values), [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 25, 40]);
});

test('an uneven split (10:15) is weighted by seconds', () => {
  // Step 10:00-11:00: 900 s x 10 + 2700 s x 40 = 9000 + 108000 = 117000; / 3600 s = 32.5.
  const day = Date.UTC(2024, 0, 10);
  const steps = periodsToSteps(f64([day, day + 10.25 * H]), f64([day + 10.25 * H, day + 12 * H]), f64([10, 40]), Frequency.PT1H, UTC);
  assert.is(steps.values[10], 32.5);
  // Three periods in one step: 10:00-10:15 = 4, 10:15-10:30 = 8, 10:30-11:00 = 2 -> (4 + 8 + 2 x 2) / 4 = 4.
  const b = [day + 10 * H, day + 10.25 * H, day + 10.5 * H];
  const e = [day + 10.25 * H, day + 10.5 * H, day + 11 * H];
  assert.equal(plain(periodsToSteps(f64(b), f64(e), f64([4, 8, 2]), Frequency.PT1H, UTC).values), [4]);
});

test('the CET spring-forward day 2024-03-31 has 23 hourly steps', () => {
  // One period 2024-03-31T00:00+01:00 (= 03-30T23:00Z) to 2024-04-01T00:00+02:00 (= 03-31T22:00Z).
  const begin = Date.UTC(2024, 2, 30, 23);
  const end = Date.UTC(2024, 2, 31, 22);
  const ps = new Periodseries({ resolution: none(), begins: [begin], ends: [end], values: [5] });
  const ts = ps.toTimeseries(Frequency.PT1H);
  assert.is(ts.length, 23);
  assert.ok(ts.data.every((item) => 'value' in item && item.value === 5));
  // Local 00:00+01:00, 01:00+01:00, then 03:00+02:00 (= 01:00Z): 02:00 does not exist.
  assert.is(ts.at(1)?.date.toISO(), '2024-03-31T01:00:00.000+01:00');
  assert.is(ts.at(2)?.date.toISO(), '2024-03-31T03:00:00.000+02:00');
  assert.is(ts.times[2], Date.UTC(2024, 2, 31, 1));
  assert.is(ts.end().toISO(), '2024-04-01T00:00:00.000+02:00');
});

test('a daily step on the 23-hour day weights by real seconds', () => {
  // 2024-03-31 CET: [00:00+01:00, 12:00+02:00) = 10 lasts 11 h (02:00-03:00 is skipped);
  // [12:00+02:00, 2024-04-01 00:00+02:00) = 20 lasts 12 h. Day value = (11 x 10 + 12 x 20) / 23 = 350 / 23.
  const b0 = Date.UTC(2024, 2, 30, 23);
  const mid = Date.UTC(2024, 2, 31, 10);
  const e1 = Date.UTC(2024, 2, 31, 22);
  const steps = periodsToSteps(f64([b0, mid]), f64([mid, e1]), f64([10, 20]), Frequency.P1D, CET);
  assert.is(steps.times.length, 1);
  assert.is(steps.times[0], b0);
  assert.ok(Math.abs((steps.values[0] as number) - 350 / 23) < 1e-12);
});

test('steps only partly covered at the start or end of the data are null', () => {
  // UTC: one period 10:30-13:30 = 7. Steps from floor(10:30) = 10:00 to 13:30:
  // 10:00 (covered from 10:30 only) null, 11:00 7, 12:00 7, 13:00 (covered to 13:30 only) null.
  const day = Date.UTC(2024, 0, 10);
  const steps = periodsToSteps(f64([day + 10.5 * H]), f64([day + 13.5 * H]), f64([7]), Frequency.PT1H, UTC);
  assert.equal(
    Array.from(steps.times),
    [10, 11, 12, 13].map((h) => day + h * H),
  );
  assert.equal(plain(steps.values), [null, 7, 7, null]);
});

test('a gap or a missing value inside a step gives null', () => {
  // UTC: [10:00, 10:15) = 1 and [10:45, 12:00) = 2 -> step 10:00 has a gap -> null; 11:00 = 2.
  const day = Date.UTC(2024, 0, 10);
  const gap = periodsToSteps(f64([day + 10 * H, day + 10.75 * H]), f64([day + 10.25 * H, day + 12 * H]), f64([1, 2]), Frequency.PT1H, UTC);
  assert.equal(plain(gap.values), [null, 2]);
  // [10:00, 10:30) = null and [10:30, 11:00) = 3 -> the weighted step is null.
  const missing = periodsToSteps(
    f64([day + 10 * H, day + 10.5 * H]),
    f64([day + 10.5 * H, day + 11 * H]),
    f64([NaN, 3]),
    Frequency.PT1H,
    UTC,
  );
  assert.equal(plain(missing.values), [null]);
  // A missing value covering a whole step stays null too.
  assert.equal(plain(periodsToSteps(f64([day]), f64([day + H]), f64([NaN]), Frequency.PT1H, UTC).values), [null]);
});

test('gas days: steps start 06:00 CET; the edge days are only partly covered', () => {
  // Period 2024-01-01T00:00+01:00 to 2024-01-03T00:00+01:00 = 10 (CET midnights).
  // In Europe/Gas_Day (UTC-5 in winter) that is 2023-12-31T18:00-05:00 to 2024-01-02T18:00-05:00.
  // Gas days: 12-31 (partly), 01-01 (whole: 01-01 06:00 CET to 01-02 06:00 CET), 01-02 (partly).
  const begin = Date.UTC(2023, 11, 31, 23);
  const end = Date.UTC(2024, 0, 2, 23);
  const ps = new Periodseries({ resolution: none(), begins: [begin], ends: [end], values: [10] });
  const ts = periodseriesToTimeseries(ps.with({ resolution: none(GAS_DAY) }), Frequency.P1D);
  assert.equal(
    ts.data.map((i) => i.date.toISO()),
    ['2023-12-31T00:00:00.000-05:00', '2024-01-01T00:00:00.000-05:00', '2024-01-02T00:00:00.000-05:00'],
  );
  assert.equal(plain(ts.values as Float64Array), [null, 10, null]);
});

test("field 'installed' uses the capacity column", () => {
  // Sample: 2020-01-01..01-06 value 8113 installed 8600; 01-06..02-01 value 8600 installed 8600 (CET).
  const ps = s.periods();
  const value = ps.toTimeseries(Frequency.P1D);
  const installed = ps.toTimeseries(Frequency.P1D, 'installed');
  assert.is(value.length, 31); // 2020-01-01 to 2020-02-01
  assert.is(value.at(4)?.date.toISODate(), '2020-01-05');
  assert.equal([value.values?.[4], value.values?.[5]], [8113, 8600]);
  assert.equal([installed.values?.[4], installed.values?.[5]], [8600, 8600]);
  // Monthly: January 2020 = 5 days x 8113 + 26 days x 8600 over 31 days.
  const month = ps.toTimeseries('P1M');
  assert.is(month.length, 1);
  assert.ok(Math.abs((month.values?.[0] as number) - (5 * 8113 + 26 * 8600) / 31) < 1e-9);
});

test('the result keeps curve, instance, unit, denominator and custom name, not the contract', () => {
  const ps = s.periods().with({
    curve: s.curve(),
    name: 'nuclear',
    denominator: 'h',
    contract: new ContinuousContract({ period: ContractPeriod.MONTH, front: 1 }),
  });
  const ts = ps.toTimeseries(Frequency.P1D);
  assert.ok(Timeseries.isTimeseries(ts));
  assert.ok(ts.curve?.equals(s.curve()));
  assert.ok(ts.instance?.equals(s.instance()));
  assert.is(ts.unit, 'MW');
  assert.is(ts.denominator, 'h');
  assert.is(ts.name, 'nuclear');
  assert.is(ts.contract, null);
  assert.ok(ts.resolution.equals(new Resolution(Frequency.P1D, CET)));
});

test('an empty series gives an empty time series with the metadata', () => {
  const ps = new Periodseries({ resolution: none(), curve: s.curve() });
  const ts = ps.toTimeseries(Frequency.PT15M);
  assert.is(ts.length, 0);
  assert.is(ts.name, s.curve().name);
  assert.is(ts.resolution.frequency, Frequency.PT15M);
});

test('invalid frequency or field raises ValueError', () => {
  const ps = s.periods();
  assert.throws(() => ps.toTimeseries(Frequency.NONE), isValueError);
  assert.throws(() => ps.toTimeseries('PT7M'), isValueError);
  assert.throws(() => ps.toTimeseries(undefined as unknown as Frequency), isValueError);
  assert.throws(() => ps.toTimeseries(Frequency.P1D, 'capacity' as 'value'), isValueError);
  const noCapacity = ps.with({ capacities: null });
  assert.throws(() => noCapacity.toTimeseries(Frequency.P1D, 'installed'), isValueError);
  assert.throws(() => periodsToSteps(f64([0]), f64([]), f64([1]), Frequency.PT1H, UTC), isValueError);
});

test('PeriodseriesList.toTimeseries gives a TimeseriesList of that frequency', () => {
  const list = new PeriodseriesList([s.periods(), s.periods().withName('second')]);
  const out = list.toTimeseries(Frequency.P1W);
  assert.ok(TimeseriesList.isTimeseriesList(out));
  assert.is(out.frequency, Frequency.P1W);
  assert.equal(
    out.map((ts) => ts.name),
    [null, 'second'],
  );
  // Weeks start Monday: 2019-12-30 (partly covered: data starts Wed 2020-01-01) -> null.
  assert.is(out[0]?.at(0)?.date.toISODate(), '2019-12-30');
  assert.ok(Number.isNaN(out[0]?.values?.[0]));
  assert.is(periodseriesListToTimeseries([], 'P1D').length, 0);
});

test.run();
