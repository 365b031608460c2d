import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { ContinuousContract, Timeseries, ValueType, type Value } from '../../../src/model';
import { CET, Frequency, Resolution } from '../../../src/time';
import { parseTimeseries, parseTimeseriesList, serializeTimeseries, serializeTimeseriesList } from '../../../src/wire';
import { FORECAST_CURVE, OHLC_CURVE } from './samples';

const fails = (fn: () => unknown, message: string) =>
  assert.throws(fn, (e: unknown) => e instanceof ParseException && e.message === message, message);

const BASE = {
  curve: null,
  resolution: { frequency: 'P1D', timezone: 'CET' },
  instance: null,
  contract: null,
  scenario_names: null,
  unit: 'MWh/h',
  denominator: null,
};

/** docs/protocol.md#timeseries-json: an ensemble forecast, mean + scenarios. */
const ENSEMBLE = {
  ...BASE,
  curve: FORECAST_CURVE,
  instance: { issued: '2020-06-01T00:00:00+00:00', tag: 'gfs-ens', scenarios: 21, created: '2020-06-01T07:40:00+02:00', modified: null },
  data: [
    { d: '2020-06-02T00:00:00+02:00', v: 4249.56, s: [4230.24, 4200.12, 3958.99] },
    { d: '2020-06-03T00:00:00+02:00', v: 5150.15, s: [5438.17, null, 4628.31] },
  ],
};

test('mean + scenarios: the example of docs/protocol.md#timeseries-json round-trips exactly', () => {
  const ts = parseTimeseries(ENSEMBLE);
  assert.is(ts.valueType(), ValueType.MEAN_AND_SCENARIOS);
  assert.equal(ts.scenarioNames, ['e00', 'e01', 'e02']); // invented, as the reference does
  assert.equal(Array.from(ts.times), [Date.UTC(2020, 5, 1, 22), Date.UTC(2020, 5, 2, 22)]);
  assert.equal(Array.from(ts.values), [4249.56, 5150.15]);
  assert.ok(Number.isNaN(ts.scenarios[1]?.[1] as number));
  assert.is(ts.name, FORECAST_CURVE.name);
  assert.is(ts.instance?.tag, 'gfs-ens');
  assert.is(ts.totalValuesPerItem(), 4);
  assert.equal(serializeTimeseries(ts), ENSEMBLE);
});

test('the same body parsed again (a cached answer) reads its items at most twice, yet each series owns its columns', () => {
  const body = structuredClone(ENSEMBLE);
  const a = parseTimeseries(body);
  const b = parseTimeseries(body);
  assert.ok(a.equals(b));
  assert.ok(a.times !== b.times && a.values !== b.values && a.scenarios[0] !== b.scenarios[0]);
  // changing one load's arrays changes no later load of the same body
  a.values[0] = -1;
  (a.scenarios[0] as Float64Array)[0] = -1;
  a.times[0] = 0;
  b.values[1] = -2;
  (b.scenarios[0] as Float64Array)[1] = -2;
  const c = parseTimeseries(body);
  assert.equal(Array.from(c.values), [4249.56, 5150.15]);
  assert.is(c.scenarios[0]?.[0], 4230.24);
  assert.is(c.times[0], Date.UTC(2020, 5, 1, 22));
  c.values[0] = -3;
  c.times[1] = 0;
  const d = parseTimeseries(body);
  assert.ok(d.equals(parseTimeseries(structuredClone(ENSEMBLE))));
  // the same items under another zone are read again, not taken from the first read
  const utc = parseTimeseries({ ...body, resolution: { frequency: 'P1D', timezone: 'UTC' } });
  assert.is(utc.resolution.timezone, 'UTC');
  assert.is(utc.times[0], Date.UTC(2020, 5, 1, 22));
});

test('plain values, with a null', () => {
  const json = {
    ...BASE,
    data: [
      { d: '2020-06-01T00:00:00+02:00', v: 1.5 },
      { d: '2020-06-02T00:00:00+02:00', v: null },
    ],
  };
  const ts = parseTimeseries(json);
  assert.is(ts.valueType(), ValueType.VALUE);
  assert.equal(ts.at(1), { date: ts.at(1)?.date, value: null });
  assert.equal(serializeTimeseries(ts), json);
});

test('scenarios only, with their names', () => {
  const json = {
    ...BASE,
    scenario_names: ['y1980', 'y1981'],
    data: [
      { d: '2020-06-01T00:00:00+02:00', s: [1.5, 2.5] },
      { d: '2020-06-02T00:00:00+02:00', s: [null, 3] },
    ],
  };
  const ts = parseTimeseries(json);
  assert.is(ts.valueType(), ValueType.SCENARIOS);
  assert.is(ts.valuesOrNull(), null);
  assert.equal(ts.scenarioNames, ['y1980', 'y1981']);
  assert.equal(serializeTimeseries(ts), json);
  // without names they are invented, and written back as null (the reference invents them again)
  const unnamed = parseTimeseries({ ...json, scenario_names: [] });
  assert.equal(unnamed.scenarioNames, ['e00', 'e01']);
  assert.is(serializeTimeseries(unnamed).scenario_names, null);
});

test('empty data: null, missing or []', () => {
  for (const data of [null, undefined, []]) {
    const ts = parseTimeseries({ ...BASE, data });
    assert.is(ts.length, 0);
    assert.is(ts.valueType(), ValueType.VALUE);
    assert.equal(serializeTimeseries(ts), { ...BASE, data: [] });
  }
  assert.equal(parseTimeseries({ ...BASE, scenario_names: ['a', 'b'], data: [] }).scenarioNames, ['a', 'b']);
});

test("date-times with any offset are instants shown in the series' zone", () => {
  // 2020-05-31T22:00Z = 2020-06-01 00:00 CEST; 2020-06-01T23:00+01:00 = 22:00Z = 2020-06-02 00:00 CEST
  const ts = parseTimeseries({
    ...BASE,
    data: [
      { d: '2020-05-31T22:00:00Z', v: 1 },
      { d: '2020-06-01T23:00:00+01:00', v: 2 },
      { d: '2020-06-03', v: 3 },
    ],
  });
  assert.equal(
    serializeTimeseries(ts).data.map((item) => item.d),
    ['2020-06-01T00:00:00+02:00', '2020-06-02T00:00:00+02:00', '2020-06-03T00:00:00+02:00'],
  );
  assert.is(ts.at(0)?.date.toISO(), '2020-06-01T00:00:00.000+02:00');
  assert.is(ts.at(0)?.date.zone.name, 'CET');
});

test('an hourly day across the CET autumn change writes each offset', () => {
  // 2020-10-25 has 25 hours in CET: 00:00+02:00 (= 2020-10-24T22:00Z) to 23:00+01:00
  const times = Float64Array.from({ length: 25 }, (_, i) => Date.UTC(2020, 9, 24, 22 + i));
  const ts = new Timeseries({ resolution: new Resolution(Frequency.PT1H, CET), times, values: Float64Array.from(times, (_, i) => i) });
  const d = serializeTimeseries(ts).data.map((item) => item.d);
  assert.equal(d.slice(1, 5), [
    '2020-10-25T01:00:00+02:00',
    '2020-10-25T02:00:00+02:00',
    '2020-10-25T02:00:00+01:00',
    '2020-10-25T03:00:00+01:00',
  ]);
  assert.is(d[24], '2020-10-25T23:00:00+01:00');
  assert.ok(parseTimeseries(serializeTimeseries(ts)).equals(ts));
});

test('the first item decides the form; later items follow it', () => {
  // a missing v later reads as null; extra keys are ignored
  const ts = parseTimeseries({
    ...BASE,
    data: [
      { d: '2020-06-01T00:00:00+02:00', v: 1 },
      { d: '2020-06-02T00:00:00+02:00', s: [1], x: 2 },
    ],
  });
  assert.is(ts.valueType(), ValueType.VALUE);
  assert.is((ts.at(1) as Value).value, null);
  fails(
    () =>
      parseTimeseries({
        ...BASE,
        data: [
          { d: '2020-06-01T00:00:00+02:00', v: 1, s: [1, 2] },
          { d: '2020-06-02T00:00:00+02:00', v: 2 },
        ],
      }),
    'data[1].s: expected an array of 2 numbers or nulls, got nothing',
  );
  fails(
    () =>
      parseTimeseries({
        ...BASE,
        data: [
          { d: '2020-06-01T00:00:00+02:00', s: [1, 2] },
          { d: '2020-06-02T00:00:00+02:00', s: [1] },
        ],
      }),
    'data[1].s: expected an array of 2 numbers or nulls, got [1]',
  );
  fails(
    () => parseTimeseries({ ...BASE, data: [{ d: '2020-06-01T00:00:00+02:00' }] }),
    'data[0]: expected a "v" or "s" key, got {"d":"2020-06-01T00:00:00+02:00"}',
  );
});

test('bad shapes raise ParseException saying where', () => {
  const data = Array.from({ length: 13 }, (_, i) => ({
    d: `2020-06-${String(i + 1).padStart(2, '0')}T00:00:00+02:00`,
    v: i === 12 ? 'x' : i,
  }));
  fails(() => parseTimeseries({ ...BASE, data }), 'data[12].v: expected a number or null, got "x"');
  fails(() => parseTimeseries({ ...BASE, resolution: undefined, data: [] }), 'resolution: expected an object, got nothing');
  fails(() => parseTimeseries({ ...BASE, data: {} }), 'data: expected an array, got {}');
  fails(
    () => parseTimeseries({ ...BASE, data: [{ d: '2020-06-31T00:00:00+02:00', v: 1 }] }),
    'data[0].d: expected an ISO 8601 date-time, got "2020-06-31T00:00:00+02:00"',
  );
  fails(
    () => parseTimeseries({ ...BASE, data: [{ d: 1591000000000, v: 1 }] }),
    'data[0].d: expected an ISO 8601 date-time, got 1591000000000',
  );
  fails(
    () => parseTimeseries({ ...BASE, data: [{ d: '2020-06-01T00:00:00+02:00', s: [1, 'a'] }] }),
    'data[0].s[1]: expected a number or null, got "a"',
  );
  fails(() => parseTimeseries({ ...BASE, data: [{ d: '2020-06-01T00:00:00+02:00', v: 1 }, 7] }), 'data[1]: expected an object, got 7');
  fails(
    () => parseTimeseries({ ...BASE, scenario_names: ['a'], data: [{ d: '2020-06-01T00:00:00+02:00', s: [1, 2] }] }),
    'scenario_names: expected 2 names, one per scenario, got ["a"]',
  );
  fails(
    () => parseTimeseries({ ...BASE, contract: { type: 'SPECIFIC', period: 'month' }, data: [] }),
    'contract.delivery: expected an ISO 8601 date, got nothing',
  );
  fails(() => parseTimeseries('[1]'), 'response: expected an object, got [1]');
});

test("a series with a contract (docs/protocol.md#contract-json) round-trips; unit defaults to the curve's", () => {
  const json = {
    ...BASE,
    curve: OHLC_CURVE,
    contract: { type: 'CONTINUOUS', period: 'month', front: 1, field: 'close' },
    unit: 'EUR',
    denominator: 'MWh',
    data: [{ d: '2020-01-01T00:00:00+01:00', v: 100.5 }],
  };
  const ts = parseTimeseries(json);
  assert.ok(ContinuousContract.isContinuousContract(ts.contract));
  assert.equal(serializeTimeseries(ts), json);
  const { unit: _u, denominator: _d, ...noUnit } = json;
  const defaulted = parseTimeseries(noUnit);
  assert.is(defaulted.unit, 'EUR');
  assert.is(defaulted.denominator, 'MWh');
});

test('lists: arrays of series sharing one frequency', () => {
  const body = [ENSEMBLE, { ...ENSEMBLE, instance: { ...ENSEMBLE.instance, tag: 'ec' } }];
  const list = parseTimeseriesList(JSON.stringify(body));
  assert.is(list.length, 2);
  assert.equal(serializeTimeseriesList(list), body);
  fails(() => parseTimeseriesList(ENSEMBLE), `response: expected an array, got ${JSON.stringify(ENSEMBLE).slice(0, 37)}...`);
  fails(
    () => parseTimeseriesList([ENSEMBLE, { ...ENSEMBLE, data: [{ d: 'x', v: 1 }] }]),
    '[1].data[0].d: expected an ISO 8601 date-time, got "x"',
  );
  assert.throws(
    () => parseTimeseriesList([ENSEMBLE, { ...BASE, resolution: { frequency: 'PT1H', timezone: 'CET' }, data: [] }]),
    (e: unknown) => e instanceof ParseException && /one frequency/.test(e.message),
  );
});

test('large series parse to the same columns as the items say', () => {
  // one year of quarter-hours in CET, 2023: 35 040 items written and read back
  const times = Float64Array.from({ length: 35_040 }, (_, i) => Date.UTC(2022, 11, 31, 23) + i * 900_000);
  const ts = new Timeseries({
    resolution: new Resolution(Frequency.PT15M, CET),
    times,
    values: Float64Array.from(times, (_, i) => (i % 11 === 0 ? NaN : i / 4)),
  });
  const text = JSON.stringify(serializeTimeseries(ts));
  const back = parseTimeseries(text);
  assert.ok(back.equals(ts));
  back.validate();
});

test.run();
