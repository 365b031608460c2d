// Whether series fit a curve: frequency and zone by name, steps on the curve's grid (the spring
// change in CET worked out by hand), the shape the curve type stores, and no overlaps.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../src/exceptions';
import { Curve, CurveType, DataType, Periodseries, Timeseries } from '../../../src/model';
import { Frequency, Resolution } from '../../../src/time';
import { checkNoOverlap, checkSeriesFits, seriesListOf } from '../../../src/wire';

const H = 3_600_000;
const curve = (frequency: Frequency, curveType = CurveType.TIMESERIES) =>
  new Curve({ name: 'X', curveType, dataType: DataType.ACTUAL, frequency, timezone: 'CET', unit: 'MW' });
const parameterOf = (call: () => void): string | null => {
  try {
    call();
    return null;
  } catch (err) {
    assert.instance(err, ValidationError);
    return (err as ValidationError).parameter ?? null;
  }
};

test('daily steps of the 23-hour day fit a P1D CET curve; a UTC midnight does not', () => {
  // 2024-03-31 and 04-01 at local midnight: 2024-03-30T23:00Z (+01:00) and 2024-03-31T22:00Z (+02:00)
  const daily = new Resolution(Frequency.P1D, 'CET');
  const good = new Timeseries({ resolution: daily, times: [Date.UTC(2024, 2, 30, 23), Date.UTC(2024, 2, 31, 22)], values: [1, 2] });
  assert.is(
    parameterOf(() => checkSeriesFits(good, curve(Frequency.P1D), 0)),
    null,
  );
  const utcMidnight = new Timeseries({ resolution: daily, times: [Date.UTC(2024, 3, 1)], values: [1] });
  assert.is(
    parameterOf(() => checkSeriesFits(utcMidnight, curve(Frequency.P1D), 0)),
    'series',
  );
});

test('frequency, zone name, scenarios and values must fit the curve', () => {
  const hourly = new Timeseries({ resolution: new Resolution(Frequency.PT1H, 'CET'), times: [0], values: [1] });
  assert.is(
    parameterOf(() => checkSeriesFits(hourly, curve(Frequency.PT15M), 0)),
    'series',
  );
  const berlin = new Timeseries({ resolution: new Resolution(Frequency.PT1H, 'Europe/Berlin'), times: [0], values: [1] });
  assert.is(
    parameterOf(() => checkSeriesFits(berlin, curve(Frequency.PT1H), 0)),
    'series',
  );
  const members = new Timeseries({ resolution: new Resolution(Frequency.PT1H, 'CET'), times: [0], scenarios: [[1]] });
  assert.is(
    parameterOf(() => checkSeriesFits(members, curve(Frequency.PT1H), 0)),
    'series',
  );
  assert.is(
    parameterOf(() => checkSeriesFits(members, curve(Frequency.PT1H, CurveType.SCENARIO_TIMESERIES), 0)),
    null,
  );
  assert.is(
    parameterOf(() => checkSeriesFits(hourly, curve(Frequency.PT1H, CurveType.SCENARIO_TIMESERIES), 0)),
    'series',
  );
  const periods = new Periodseries({
    resolution: new Resolution(Frequency.NONE, 'CET'),
    begins: [0, H],
    ends: [2 * H, 3 * H],
    values: [1, 2],
  });
  assert.is(
    parameterOf(() => checkSeriesFits(periods, curve(Frequency.NONE, CurveType.PERIOD), 0)),
    'series',
  );
});

test('lists, and overlaps of one curve (instance) only', () => {
  const ts = new Timeseries({ resolution: new Resolution(Frequency.PT1H, 'CET'), times: [0], values: [1] });
  const is = (x: unknown): x is Timeseries => Timeseries.isTimeseries(x);
  assert.equal(seriesListOf(ts, is, 'Timeseries'), [ts]);
  assert.equal(seriesListOf(new Set([ts, ts.withName('b')]), is, 'Timeseries').length, 2);
  assert.is(
    parameterOf(() => seriesListOf([ts, 3], is, 'Timeseries')),
    'series',
  );
  assert.is(
    parameterOf(() =>
      checkNoOverlap([
        { key: 'a', first: 0, last: 10 },
        { key: 'b', first: 0, last: 10 },
        { key: 'a', first: 11, last: 12 },
      ]),
    ),
    null,
  );
  assert.is(
    parameterOf(() =>
      checkNoOverlap([
        { key: 'a', first: 0, last: 10 },
        { key: 'a', first: 10, last: 12 },
      ]),
    ),
    'series',
  );
});

test.run();
