// Aligned tables of several series (outer join, sorted, nulls), frequency/zone mismatches,
// `resample`, short expression-safe column names with the full levels kept, and wall-clock
// date columns (`dates: 'local'`). The test runner sets TZ=America/New_York, so the machine's
// zone differs from every series' zone here.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { op } from 'arquero';
import { ValidationError } from '../../src/exceptions';
import { Curve, CurveType, DataType, Timeseries, TimeseriesList } from '../../src/model';
import { frameInfo, headerLevels, toArrowIPC, toTable } from '../../src/frame';
import { curvePart, shortBases, slug } from '../../src/frame/short-names';
import { GAS_DAY } from '../../src/time';
import { ACTUAL_NAME, actual, CET, ensemble, forecast, Frequency, Resolution, UTC, WIND_NAME } from './samples';
import { tableFromIPC } from '@uwdata/flechette';

const H = 3_600_000;
const T0 = Date.UTC(2024, 2, 30, 23); // 2024-03-31 00:00 CET
const priceCurve = new Curve({
  name: 'DE Price Spot EUR/MWh EPEX H Actual',
  curveType: CurveType.TIMESERIES,
  frequency: Frequency.PT1H,
  dataType: DataType.ACTUAL,
  unit: 'EUR',
  denominator: 'MWh',
});
const hourly = (curve: Curve | null, name: string | null, first: number, values: (number | null)[]): Timeseries =>
  new Timeseries({
    resolution: new Resolution(Frequency.PT1H, CET),
    curve,
    name,
    times: values.map((_, i) => T0 + (first + i) * H),
    values,
  });
const col = (t: { array(name: string): ArrayLike<unknown> }, name: string): unknown[] =>
  Array.from(t.array(name), (v) => (typeof v === 'number' && Number.isNaN(v) ? null : v));

test('runner zone: the tests below assume a machine zone other than the series zones', () => {
  assert.is(process.env.TZ, 'America/New_York');
});

test('aligned table: union of steps across the DST change, sorted, nulls where a series has none', () => {
  const price = hourly(priceCurve, null, 1, [50, 60, 70]); // 01:00, 03:00, 04:00 local
  const load = actual(); // 00:00, 01:00, 03:00 local: 1, null, 3
  const t = toTable([load, price], { columnNames: 'short' });
  assert.equal(t.columnNames(), ['date', 'de_consumption_actual', 'de_price_spot_epex_actual']);
  assert.equal(
    col(t, 'date').map((d) => (d as Date).getTime()),
    [T0, T0 + H, T0 + 2 * H, T0 + 3 * H],
  );
  assert.equal(col(t, 'de_consumption_actual'), [1, null, 3, null]);
  assert.equal(col(t, 'de_price_spot_epex_actual'), [null, 50, 60, 70]);
  // expression-safe: usable as d.name in Arquero expressions
  const spread = t.derive({ s: (d: Record<string, number>) => d.de_price_spot_epex_actual! - d.de_consumption_actual! });
  assert.equal(col(spread, 's'), [null, null, 57, null]);
  // full levels kept as metadata
  assert.equal(headerLevels(t).get('de_consumption_actual'), [ACTUAL_NAME, '', '']);
  assert.equal(frameInfo(t)?.levelNames, ['curve', 'instance', 'scenario']);
});

test('aligned table: different frequencies or zones name both series unless resample is asked', () => {
  const load = actual();
  const daily = new Timeseries({ resolution: new Resolution(Frequency.P1D, CET), name: 'daily', times: [T0], values: [5] });
  const utc = new Timeseries({ resolution: new Resolution(Frequency.PT1H, UTC), name: 'u', times: [T0], values: [1] });
  assert.throws(
    () => toTable([load, daily]),
    (e: unknown) =>
      e instanceof ValidationError &&
      e.parameter === 'resample' &&
      e.message.includes(`'${ACTUAL_NAME}' (PT1H) and 'daily' (P1D) have different frequencies`),
  );
  assert.throws(
    () => toTable([load, utc]),
    (e: unknown) => e instanceof ValidationError && /\(CET\) and 'u' \(UTC\) are in different zones/.test(e.message),
  );
  // resample: the hourly series becomes one daily mean (1 and 3 over 23 expected hours -> threshold 21 allows it)
  const t = toTable([load, daily], { resample: { frequency: 'P1D', threshold: 21 }, columnNames: 'short' });
  assert.equal(t.columnNames(), ['date', 'de_consumption_actual', 'daily']);
  assert.equal([col(t, 'de_consumption_actual'), col(t, 'daily')], [[2], [5]]);
  const z = toTable([load, utc], { resample: { frequency: 'PT1H', timeZone: 'UTC' } });
  assert.is(frameInfo(z)?.zone, 'UTC');
});

test('short names: curve words without unit and frequency; instances; scenarios; unique', () => {
  assert.is(slug('DE>FR Exchange 2x'), 'de_to_fr_exchange_2x');
  assert.is(slug('15min'), 'c_15min');
  assert.is(curvePart(forecast()), 'de_wind_power_production_forecast');
  assert.equal(shortBases([forecast('ec'), forecast('gfs')]), ['ec_2020_10_26_00_00', 'gfs_2020_10_26_00_00']);
  assert.equal(shortBases([forecast('ec')]), ['de_wind_power_production_forecast_ec_2020_10_26_00_00']);
  const t = toTable(new TimeseriesList([ensemble(), forecast('ec')]), { columnNames: 'short' });
  assert.equal(t.columnNames(), [
    'date',
    'ec_ens_2020_10_26_00_00',
    'ec_ens_2020_10_26_00_00_e00',
    'ec_ens_2020_10_26_00_00_e01',
    'ec_2020_10_26_00_00',
  ]);
  assert.equal(headerLevels(t).get('ec_ens_2020_10_26_00_00_e01'), [WIND_NAME, '2020-10-26 00:00 ec-ens', 'e01']);
  const twice = toTable([actual(), actual()], { columnNames: 'short' });
  assert.equal(twice.columnNames(), ['date', 'de_consumption_actual', 'de_consumption_actual_2']);
  assert.equal(toTable(actual(), { columnNames: 'short' }).columnNames(), ['date', 'de_consumption_actual']);
  assert.equal(toTable(actual(), { columnNames: 'short', name: 'Load (DE)' }).columnNames(), ['date', 'load_de']);
  assert.throws(
    () => toTable([actual()], { columnNames: 'tiny' as 'short' }),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'columnNames',
  );
});

test("dates: 'local' gives wall-clock dates: op.hours/dayofweek/month answer in the series' zone", () => {
  const load = actual(); // 2024-03-31 (Sunday) 00:00, 01:00, 03:00 CET/CEST
  const local = toTable(load, { dates: 'local' }).derive({
    h: (d: { date: Date }) => op.hours(d.date),
    w: (d: { date: Date }) => op.dayofweek(d.date),
    m: (d: { date: Date }) => op.month(d.date),
  });
  assert.equal(col(local, 'h'), [0, 1, 3]);
  assert.equal(col(local, 'w'), [0, 0, 0]);
  assert.equal(col(local, 'm'), [2, 2, 2]);
  // the default instant column answers in the machine's zone (New York, EDT = UTC-4): 19, 20, 21 on Saturday
  const instant = toTable(load).derive({ h: (d: { date: Date }) => op.hours(d.date), w: (d: { date: Date }) => op.dayofweek(d.date) });
  assert.equal(
    [col(instant, 'h'), col(instant, 'w')],
    [
      [19, 20, 21],
      [6, 6, 6],
    ],
  );
  // Gas_Day: days start 06:00 CET, which is 00:00 on the gas-day wall clock
  const gas = new Timeseries({
    resolution: new Resolution(Frequency.P1D, GAS_DAY),
    name: 'g',
    times: [Date.UTC(2024, 6, 1, 4), Date.UTC(2024, 6, 2, 4)],
    values: [1, 2],
  });
  const g = toTable(gas, { dates: 'local' }).derive({
    h: (d: { date: Date }) => op.hours(d.date),
    day: (d: { date: Date }) => op.date(d.date),
  });
  assert.equal(
    [col(g, 'h'), col(g, 'day')],
    [
      [0, 0],
      [1, 2],
    ],
  );
  assert.equal(frameInfo(toTable(load, { dates: 'local' }))?.local, ['date']);
  // lists too, and Arrow writes a zone-less timestamp of the wall clock
  const list = toTable([load, load.withName('x')], { dates: 'local' }).derive({ h: (d: { date: Date }) => op.hours(d.date) });
  assert.equal(col(list, 'h'), [0, 1, 3]);
  const arrow = tableFromIPC(toArrowIPC(load, { dates: 'local' }));
  const first = arrow.getChild('date')?.at(0) as number | Date;
  assert.is(+first, Date.UTC(2024, 2, 31, 0));
  assert.throws(
    () => toTable(load, { dates: 'wall' as 'local' }),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'dates',
  );
});

test.run();
