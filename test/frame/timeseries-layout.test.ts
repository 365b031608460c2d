import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError, ValueError } from '../../src/exceptions';
import { Timeseries } from '../../src/model';
import { headerLevels, toTable } from '../../src/frame';
import { layoutTimeseries, layoutTimeseriesList, unionTimes } from '../../src/frame/timeseries-layout';
import {
  ACTUAL_NAME,
  actual,
  CET,
  climate,
  CLIMATE_NAME,
  ensemble,
  forecast,
  Frequency,
  isA,
  Resolution,
  TimeseriesList,
  UTC,
  WIND_NAME,
} from './samples';

const names = (t: { columnNames(): string[] }) => t.columnNames();
const levels = (t: object) => [...headerLevels(t).values()].map((l) => [...l]);

// --- a plain series (VALUE, no instance) ---

test('plain series: multi-level header (name, "", "")', () => {
  const t = toTable(actual());
  assert.equal(names(t), ['date', ACTUAL_NAME]);
  assert.equal(levels(t), [[ACTUAL_NAME, '', '']]);
});

test('plain series: single-level header is the name ("{name} {hdr}".strip())', () => {
  assert.equal(names(toTable(actual(), { singleLevelHeader: true })), ['date', ACTUAL_NAME]);
  assert.equal(levels(toTable(actual(), { singleLevelHeader: true })), [[ACTUAL_NAME]]);
});

test('plain series: a given name replaces the series name in both modes', () => {
  assert.equal(names(toTable(actual(), { name: 'load', singleLevelHeader: true })), ['date', 'load']);
  const t = toTable(actual(), { name: 'load' });
  assert.equal(names(t), ['date', 'load']);
  assert.equal(levels(t), [['load', '', '']]);
});

test('plain series: date column holds instants as JS Dates, values with NaN for missing', () => {
  const t = toTable(actual());
  // 2024-03-31 00:00+01:00 = 2024-03-30T23:00Z; 01:00+01:00 = 00:00Z; 03:00+02:00 = 01:00Z
  const dates = (t.array('date') as Date[]).map((d) => d.getTime());
  assert.equal(dates, [Date.UTC(2024, 2, 30, 23), Date.UTC(2024, 2, 31, 0), Date.UTC(2024, 2, 31, 1)]);
  const values = Array.from(t.array(ACTUAL_NAME) as ArrayLike<number>);
  assert.equal(values[0], 1);
  assert.ok(Number.isNaN(values[1]));
  assert.equal(values[2], 3);
});

test('a series without any name is labelled None (the reference prints Python None)', () => {
  const ts = new Timeseries({ resolution: new Resolution(Frequency.PT1H, UTC), times: [0], values: [1] });
  assert.equal(names(toTable(ts, { singleLevelHeader: true })), ['date', 'None']);
  const t = toTable(ts);
  assert.equal(names(t), ['date', 'None']);
  assert.equal(levels(t), [[null, '', '']]);
});

// --- an instance series (VALUE with instance) ---

test('instance series: the instance header is level 1 and part of single-level labels', () => {
  const t = toTable(forecast());
  assert.equal(names(t), ['date', `${WIND_NAME} | 2020-10-26 00:00 ec`]);
  assert.equal(levels(t), [[WIND_NAME, '2020-10-26 00:00 ec', '']]);
  assert.equal(names(toTable(forecast(), { singleLevelHeader: true })), ['date', `${WIND_NAME} 2020-10-26 00:00 ec`]);
});

test('instance series with a given name: single-level omits the instance, multi-level keeps it', () => {
  assert.equal(names(toTable(forecast(), { name: 'wind', singleLevelHeader: true })), ['date', 'wind']);
  const t = toTable(forecast(), { name: 'wind' });
  assert.equal(names(t), ['date', 'wind | 2020-10-26 00:00 ec']);
  assert.equal(levels(t), [['wind', '2020-10-26 00:00 ec', '']]);
});

test('empty instance tag: header keeps its trailing space, single-level label is stripped', () => {
  assert.equal(levels(toTable(forecast(''))), [[WIND_NAME, '2020-10-26 00:00 ', '']]);
  assert.equal(names(toTable(forecast(''), { singleLevelHeader: true })), ['date', `${WIND_NAME} 2020-10-26 00:00`]);
});

// --- a scenario series (SCENARIOS, no instance) ---

test('scenario series: one column per scenario, level 2 the scenario name', () => {
  const t = toTable(climate());
  assert.equal(names(t), ['date', `${CLIMATE_NAME} |  | y1980`, `${CLIMATE_NAME} |  | y1981`]);
  assert.equal(levels(t), [
    [CLIMATE_NAME, '', 'y1980'],
    [CLIMATE_NAME, '', 'y1981'],
  ]);
});

test('scenario series single-level: double space where the empty header was (observed quirk)', () => {
  assert.equal(names(toTable(climate(), { singleLevelHeader: true })), ['date', `${CLIMATE_NAME}  y1980`, `${CLIMATE_NAME}  y1981`]);
  assert.equal(names(toTable(climate(), { name: 'temp', singleLevelHeader: true })), ['date', 'temp y1980', 'temp y1981']);
});

// --- a mean-plus-ensemble series (MEAN_AND_SCENARIOS) ---

test('mean plus ensemble: mean first (scenario level ""), then each member', () => {
  const t = toTable(ensemble());
  const hdr = '2020-10-26 00:00 ec-ens';
  assert.equal(names(t), ['date', `${WIND_NAME} | ${hdr}`, `${WIND_NAME} | ${hdr} | e00`, `${WIND_NAME} | ${hdr} | e01`]);
  assert.equal(levels(t), [
    [WIND_NAME, hdr, ''],
    [WIND_NAME, hdr, 'e00'],
    [WIND_NAME, hdr, 'e01'],
  ]);
  assert.equal(Array.from(t.array(`${WIND_NAME} | ${hdr} | e00`) as ArrayLike<number>), [4230.24, 5438.17]);
});

test('mean plus ensemble single-level, with and without a given name (docs/model.md#tables)', () => {
  assert.equal(names(toTable(ensemble(), { singleLevelHeader: true })), [
    'date',
    `${WIND_NAME} 2020-10-26 00:00 ec-ens`,
    `${WIND_NAME} 2020-10-26 00:00 ec-ens e00`,
    `${WIND_NAME} 2020-10-26 00:00 ec-ens e01`,
  ]);
  assert.equal(names(toTable(ensemble(), { name: 'wind', singleLevelHeader: true })), ['date', 'wind', 'wind e00', 'wind e01']);
  // empty tag: "x 2020-10-26 00:00  e00" (double space inside)
  assert.equal(names(toTable(ensemble(''), { name: null, singleLevelHeader: true }))[2], `${WIND_NAME} 2020-10-26 00:00  e00`);
});

test('layout info: zone of the series, index date, level names per mode', () => {
  const multi = layoutTimeseries(ensemble()).info;
  assert.is(multi.zone, 'CET');
  assert.equal(multi.index, ['date']);
  assert.equal(multi.instants, ['date']);
  assert.equal(multi.levelNames, ['curve', 'instance', 'scenario']);
  assert.equal(layoutTimeseries(ensemble(), { singleLevelHeader: true }).info.levelNames, ['name']);
});

test('the table owns copies of the columns: changing a table column leaves the series alone', () => {
  const ts = actual();
  const column = layoutTimeseries(ts).columns[1]?.data as Float64Array;
  column[0] = 99;
  assert.is(ts.values?.[0], 1);
});

// --- lists ---

test('list: members side by side, outer-joined on date and sorted, NaN where absent', () => {
  const t = toTable(new TimeseriesList([actual(), forecast()]));
  assert.equal(names(t), ['date', ACTUAL_NAME, `${WIND_NAME} | 2020-10-26 00:00 ec`]);
  const dates = (t.array('date') as Date[]).map((d) => d.getTime());
  // forecast 2020-10-26 00:00Z, 01:00Z come before the actual's 2024-03-30T23:00Z, 31T00:00Z, 31T01:00Z
  assert.equal(dates, [
    Date.UTC(2020, 9, 26, 0),
    Date.UTC(2020, 9, 26, 1),
    Date.UTC(2024, 2, 30, 23),
    Date.UTC(2024, 2, 31, 0),
    Date.UTC(2024, 2, 31, 1),
  ]);
  const a = Array.from(t.array(ACTUAL_NAME) as ArrayLike<number>);
  const f = Array.from(t.array(`${WIND_NAME} | 2020-10-26 00:00 ec`) as ArrayLike<number>);
  assert.equal(
    a.map((v) => (Number.isNaN(v) ? null : v)),
    [null, null, 1, null, 3],
  );
  assert.equal(
    f.map((v) => (Number.isNaN(v) ? null : v)),
    [10, 20, null, null, null],
  );
});

test('list: single-level header uses every member default label; clashing names are numbered', () => {
  const t = toTable(new TimeseriesList([actual(), actual(), ensemble()]), { singleLevelHeader: true });
  assert.equal(names(t), [
    'date',
    ACTUAL_NAME,
    `${ACTUAL_NAME} (2)`,
    `${WIND_NAME} 2020-10-26 00:00 ec-ens`,
    `${WIND_NAME} 2020-10-26 00:00 ec-ens e00`,
    `${WIND_NAME} 2020-10-26 00:00 ec-ens e01`,
  ]);
  assert.equal(headerLevels(t).get(`${ACTUAL_NAME} (2)`), [ACTUAL_NAME]);
});

test('list: zone is the shared zone; different zones are a ValidationError naming both; an empty list is an error', () => {
  assert.is(layoutTimeseriesList([actual(), forecast()]).info.zone, 'CET');
  const utc = new Timeseries({ resolution: new Resolution(Frequency.PT1H, UTC), name: 'u', times: [0], values: [1] });
  assert.throws(
    () => layoutTimeseriesList([actual(), utc]),
    (e: unknown) => e instanceof ValidationError && /\(CET\) and 'u' \(UTC\) are in different zones/.test(e.message),
  );
  assert.throws(() => toTable(new TimeseriesList([])), isA(ValueError));
});

test('unionTimes: sorted union without duplicates', () => {
  assert.equal(Array.from(unionTimes([Float64Array.of(0, 2, 4), Float64Array.of(1, 2, 5)])), [0, 1, 2, 4, 5]);
  assert.equal(Array.from(unionTimes([Float64Array.of(3, 7), Float64Array.of(3, 7)])), [3, 7]);
  assert.equal(CET.name, 'CET');
});

test.run();
