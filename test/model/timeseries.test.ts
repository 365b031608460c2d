import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { Timeseries, ValueType, type MeanScenariosValue, type Value } from '../../src/model';
import { CET, Frequency, GAS_DAY, Resolution } from '../../src/time';
import * as s from './samples';
import { withoutFrameDisplay } from '../helpers/plain-display';

withoutFrameDisplay(test);

const VE = s.isA(ValueError);
const hourlyCet = new Resolution(Frequency.PT1H, CET);

test('columns and item views; dates in the series zone', () => {
  const ts = s.hourly();
  assert.is(ts.length, 3);
  assert.ok(ts.times instanceof Float64Array);
  assert.ok(Number.isNaN(ts.values[1]));
  // 2023-12-31T23:00Z is 2024-01-01 00:00 in CET (+01:00 in winter).
  assert.is(ts.at(0)?.date.toISO(), '2024-01-01T00:00:00.000+01:00');
  assert.equal((ts.at(1) as Value).value, null);
  assert.is((ts.at(-1) as Value).value, 3);
  assert.is(ts.at(3), undefined);
  assert.is(ts.at(-4), undefined);
  assert.is(ts.data.length, 3);
  assert.ok(Object.isFrozen(ts.data) && Object.isFrozen(ts.data[0]));
  assert.is(ts.data, ts.data, 'cached');
  assert.equal(
    [...ts].map((i) => (i as Value).value),
    [1, null, 3],
  );
});

test('begin (inclusive) and end (exclusive, one step after the last)', () => {
  const ts = s.hourly();
  assert.is(ts.begin().toISO(), '2024-01-01T00:00:00.000+01:00');
  assert.is(ts.end().toISO(), '2024-01-01T03:00:00.000+01:00');
  // Daily CET on 2024-03-31 (00:00+01:00 = 03-30T23:00Z): the day has 23 hours, end 04-01T00:00+02:00.
  const day = new Timeseries({ resolution: new Resolution(Frequency.P1D, CET), times: [Date.UTC(2024, 2, 30, 23)], values: [1] });
  assert.is(day.end().toISO(), '2024-04-01T00:00:00.000+02:00');
  assert.is(day.end().toMillis() - day.begin().toMillis(), 23 * 3_600_000);
  // Frequency NONE has no step: end is the last date-time.
  const tick = new Timeseries({ resolution: new Resolution(Frequency.NONE, CET), times: [0, 1000], values: [1, 2] });
  assert.is(tick.end().toMillis(), 1000);
});

test('gas-day series show dates at gas-day midnight', () => {
  // Gas day 2024-07-01 starts 06:00 CEST = 04:00Z = 00:00-04:00 in Europe/Gas_Day (summer).
  const ts = new Timeseries({ resolution: new Resolution(Frequency.P1D, GAS_DAY), times: [Date.UTC(2024, 6, 1, 4)], values: [1] });
  assert.is(ts.at(0)?.date.toISO(), '2024-07-01T00:00:00.000-04:00');
  assert.is(ts.end().toISO(), '2024-07-02T00:00:00.000-04:00');
  ts.validate();
});

test('empty series', () => {
  const ts = new Timeseries({ resolution: hourlyCet });
  assert.is(ts.length, 0);
  assert.not.ok(ts.hasData());
  assert.is(ts.valueType(), ValueType.VALUE);
  assert.throws(() => ts.begin(), VE);
  assert.throws(() => ts.end(), VE);
  assert.ok(ts.toString().endsWith('EMPTY>'));
  assert.equal(ts.toJSON().data, []);
});

test('value types, scenarios and values per item', () => {
  const plain = s.hourly();
  assert.is(plain.valueType(), ValueType.VALUE);
  assert.not.ok(plain.hasScenarios());
  assert.is(plain.totalValuesPerItem(), 1);
  const ens = s.ensemble();
  assert.is(ens.valueType(), ValueType.MEAN_AND_SCENARIOS);
  assert.ok(ens.hasScenarios());
  assert.is(ens.totalValuesPerItem(), 3);
  assert.equal(ens.scenarioNames, ['e00', 'e01']);
  const item = ens.at(1) as MeanScenariosValue;
  assert.equal([item.value, item.scenarios], [5150.15, [5438.17, null]]);
  const climate = new Timeseries({
    resolution: hourlyCet,
    times: [0],
    scenarios: [[1.5], [2.5], [3.5]],
    scenarioNames: ['y1980', 'y1981', 'y1982'],
  });
  assert.is(climate.valueType(), ValueType.SCENARIOS);
  assert.is(climate.totalValuesPerItem(), 3);
  assert.equal(climate.at(0), { date: DateTime.fromMillis(0, { zone: CET }), scenarios: [1.5, 2.5, 3.5] });
  assert.not.ok('value' in (climate.at(0) as object));
});

test('values: always a Float64Array on a value series; a scenarios-only series fails clearly and has scenario()', () => {
  const plain = s.hourly();
  assert.ok(plain.values instanceof Float64Array);
  assert.ok(plain.hasValues());
  assert.is(plain.valuesOrNull(), plain.values);
  const ens = s.ensemble();
  assert.equal([...ens.values], [4249.56, 5150.15]);
  assert.equal(
    [...ens.scenario('e01')].map((v) => (Number.isNaN(v) ? null : v)),
    [...ens.scenario(1)].map((v) => (Number.isNaN(v) ? null : v)),
  );
  const climate = new Timeseries({
    resolution: hourlyCet,
    name: 'climate',
    times: [0],
    scenarios: [[1.5], [2.5]],
    scenarioNames: ['y1980', 'y1981'],
  });
  assert.not.ok(climate.hasValues());
  assert.is(climate.valuesOrNull(), null);
  assert.throws(
    () => climate.values,
    (e: unknown) => e instanceof ValueError && /"climate" has only scenarios \(y1980, y1981\)/.test((e as Error).message),
  );
  assert.equal([...climate.scenario('y1981')], [2.5]);
  assert.throws(
    () => climate.scenario('e00'),
    (e: unknown) => e instanceof ValueError && /no scenario "e00" \(scenarios: y1980, y1981\)/.test((e as Error).message),
  );
  assert.throws(
    () => plain.scenario(0),
    (e: unknown) => e instanceof ValueError && /scenarios: none/.test((e as Error).message),
  );
});

test('scenario names: generated e00... (e100 beyond 99), or given', () => {
  const many = new Timeseries({ resolution: hourlyCet, times: [0], scenarios: Array.from({ length: 101 }, () => [1]) });
  assert.is(many.scenarioNames[0], 'e00');
  assert.is(many.scenarioNames[9], 'e09');
  assert.is(many.scenarioNames[100], 'e100');
  const empty = new Timeseries({ resolution: hourlyCet, scenarioNames: ['y1980', 'y1981'] });
  assert.is(empty.valueType(), ValueType.SCENARIOS);
  assert.is(empty.scenarios.length, 2);
});

test('inconsistent columns raise ValueError', () => {
  assert.throws(() => new Timeseries({ resolution: hourlyCet, times: [0, 1], values: [1] }), VE);
  assert.throws(() => new Timeseries({ resolution: hourlyCet, times: [0], scenarios: [[1, 2]] }), VE);
  assert.throws(() => new Timeseries({ resolution: hourlyCet, times: [0] }), VE);
  assert.throws(() => new Timeseries({ resolution: hourlyCet, times: [0], scenarios: [[1]], scenarioNames: ['a', 'b'] }), VE);
  assert.throws(() => new Timeseries({ resolution: undefined as unknown as Resolution }), VE);
});

test('fromItems reads wall-clock strings in the series zone (DST aware)', () => {
  const ts = Timeseries.fromItems(
    [
      { date: '2024-03-31T01:00', value: 1 },
      { date: '2024-03-31T03:00', value: 2 }, // 02:00 does not exist; 03:00 is +02:00 = 01:00Z
      { date: DateTime.fromISO('2024-03-31T02:00:00Z'), value: null },
      { date: new Date(Date.UTC(2024, 2, 31, 3)) },
    ],
    { resolution: hourlyCet },
  );
  assert.equal(
    Array.from(ts.times),
    [0, 1, 2, 3].map((h) => Date.UTC(2024, 2, 31, h)),
  );
  assert.equal(
    ts.data.map((i) => (i as Value).value),
    [1, 2, null, null],
  );
  ts.validate(); // consecutive hours across the DST change
});

test('fromItems: the first item decides the form', () => {
  assert.throws(() => Timeseries.fromItems([{ date: '2024-01-01' }], { resolution: hourlyCet }), VE);
  assert.throws(
    () =>
      Timeseries.fromItems(
        [
          { date: '2024-01-01', scenarios: [1] },
          { date: '2024-01-01T01:00', value: 1 },
        ],
        { resolution: hourlyCet },
      ),
    VE,
  );
  assert.throws(() => Timeseries.fromItems([{ date: 'yesterday', value: 1 }], { resolution: hourlyCet }), VE);
  const sc = Timeseries.fromItems([{ date: '2024-01-01', scenarios: [1, 2] }], { resolution: hourlyCet, scenarioNames: ['a', 'b'] });
  assert.is(sc.valueType(), ValueType.SCENARIOS);
  assert.equal(sc.scenarioNames, ['a', 'b']);
});

test('validate: sorted, no duplicates, on the grid; gaps allowed', () => {
  const make = (hours: number[]) => new Timeseries({ resolution: hourlyCet, times: hours.map((h) => h * 3_600_000), values: hours });
  make([0, 1, 5]).validate();
  assert.throws(
    () => make([0, 0]).validate(),
    (e: unknown) => e instanceof ValueError && /duplicate/.test(e.message),
  );
  assert.throws(
    () => make([1, 0]).validate(),
    (e: unknown) => e instanceof ValueError && /sorted/.test(e.message),
  );
  assert.throws(
    () => make([0, 1.5]).validate(),
    (e: unknown) => e instanceof ValueError && /index 1/.test(e.message),
  );
  // Daily CET: 2024-01-01T00:00Z is 01:00 CET, not local midnight.
  const day = new Timeseries({ resolution: new Resolution(Frequency.P1D, CET), times: [Date.UTC(2024, 0, 1)], values: [1] });
  assert.throws(() => day.validate(), VE);
});

test('name: custom name, else curve name; unit defaults to the curve unit', () => {
  const ts = s.hourly();
  assert.is(ts.name, 'CZ>DE Exchange Day-Ahead Schedule MWh/h H Actual');
  assert.is(ts.customName, null);
  assert.is(ts.unit, 'MWh/h');
  const named = ts.withName('flow');
  assert.is(named.name, 'flow');
  assert.is(ts.name, 'CZ>DE Exchange Day-Ahead Schedule MWh/h H Actual', 'original unchanged');
  assert.is(named.withName(null).name, ts.name);
  assert.is(new Timeseries({ resolution: hourlyCet }).name, null);
  assert.is(ts.with({ unit: null }).unit, null);
});

test('columnHeader: instance, else contract, else empty', () => {
  assert.is(s.ensemble().columnHeader(), '2020-06-01 00:00 ec');
  assert.is(s.hourly().with({ contract: s.continuous() }).columnHeader(), 'month front-1 close');
  assert.is(s.hourly().columnHeader(), '');
});

test('immutability: with() copies, equals compares columns (NaN = NaN)', () => {
  const ts = s.hourly();
  const other = ts.with({ values: [1, null, 4] });
  assert.is(ts.values[2], 3);
  assert.not.ok(ts.equals(other));
  assert.ok(ts.equals(s.hourly()));
  assert.not.ok(ts.equals(ts.withName('x')));
  assert.not.ok(s.ensemble().equals(s.ensemble().with({ scenarioNames: ['a', 'b'] })));
  assert.ok(Object.isFrozen(ts.scenarios));
});

test('toJSON: wire data items', () => {
  assert.equal(s.hourly().toJSON().data, [
    { d: '2024-01-01T00:00:00+01:00', v: 1 },
    { d: '2024-01-01T01:00:00+01:00', v: null },
    { d: '2024-01-01T02:00:00+01:00', v: 3 },
  ]);
  const json = s.ensemble().toJSON();
  assert.equal(json.data, [
    { d: '2020-06-02T00:00:00+02:00', v: 4249.56, s: [4230.24, 4200.12] },
    { d: '2020-06-03T00:00:00+02:00', v: 5150.15, s: [5438.17, null] },
  ]);
  assert.equal(json.scenario_names, ['e00', 'e01']);
  assert.equal(json.resolution, { frequency: 'P1D', timezone: 'CET' });
  assert.is((json.instance as { tag: string }).tag, 'ec');
});

test('toString and display summarise name, resolution, begin, end, count', () => {
  assert.is(
    s.hourly().toString(),
    '<Timeseries: resolution=<PT1H, CET>, name="CZ>DE Exchange Day-Ahead Schedule MWh/h H Actual", begin="2024-01-01T00:00:00+01:00", end="2024-01-01T03:00:00+01:00", count=3>',
  );
  const html = s.display(s.ensemble())['text/html'];
  for (const part of [
    'DE Wind Power Production',
    'P1D CET',
    '2020-06-02T00:00:00+02:00',
    '2020-06-04T00:00:00+02:00',
    'MEAN_AND_SCENARIOS',
    '>2<',
  ]) {
    assert.ok(html!.includes(part), part);
  }
});

test.run();
