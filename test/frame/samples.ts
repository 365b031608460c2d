// Sample data objects for the frame tests (not a test file itself). Instants are written as
// Date.UTC(...) with the wall-clock time and offset they stand for in a comment.
import { DateTime } from 'luxon';
import {
  AbsoluteItem,
  AbsoluteResult,
  ContinuousContract,
  ContractPeriod,
  Curve,
  CurveType,
  DataType,
  FuelType,
  Instance,
  OHLC,
  OHLCField,
  OHLCList,
  Periodseries,
  PeriodseriesList,
  Product,
  SRMC,
  SRMCOptions,
  Timeseries,
  TimeseriesList,
} from '../../src/model';
import { CET, Frequency, GAS_DAY, Resolution, UTC } from '../../src/time';

export const ACTUAL_NAME = 'DE Consumption MWh/h H Actual';
export const WIND_NAME = 'DE Wind Power Production MWh/h 15min Forecast';
export const CLIMATE_NAME = 'DE Consumption Temperature °C 15min Climate';

export const actualCurve = (): Curve =>
  new Curve({ name: ACTUAL_NAME, curveType: CurveType.TIMESERIES, frequency: Frequency.PT1H, dataType: DataType.ACTUAL, unit: 'MWh/h' });

export const windCurve = (): Curve =>
  new Curve({ name: WIND_NAME, curveType: CurveType.INSTANCE, frequency: Frequency.PT15M, dataType: DataType.FORECAST, unit: 'MWh/h' });

/** Issued 2020-10-26 00:00 UTC with a tag (`'2020-10-26 00:00 ec-ens'` in headers). */
const issued = (tag: string, scenarios = 0): Instance =>
  new Instance({ issued: DateTime.fromISO('2020-10-26T00:00:00Z', { zone: UTC }), tag, scenarios });

/**
 * Three CET hours over the spring DST change: 2024-03-31 00:00+01:00 (= 2024-03-30T23:00Z),
 * 01:00+01:00 (= 00:00Z), 03:00+02:00 (= 01:00Z; 02:00 does not exist); values 1, missing, 3.
 */
export const actual = (): Timeseries =>
  new Timeseries({
    resolution: new Resolution(Frequency.PT1H, CET),
    curve: actualCurve(),
    times: [Date.UTC(2024, 2, 30, 23), Date.UTC(2024, 2, 31, 0), Date.UTC(2024, 2, 31, 1)],
    values: [1, null, 3],
  });

/** A single-value forecast of instance 2020-10-26 00:00 `ec`: two CET hours from 2020-10-26 01:00+01:00 (= 00:00Z). */
export const forecast = (tag = 'ec'): Timeseries =>
  new Timeseries({
    resolution: new Resolution(Frequency.PT1H, CET),
    curve: windCurve(),
    instance: issued(tag),
    times: [Date.UTC(2020, 9, 26, 0), Date.UTC(2020, 9, 26, 1)],
    values: [10, 20],
  });

/** Mean and two members of instance 2020-10-26 00:00 `ec-ens`, two CET hours from 01:00+01:00 (= 00:00Z). */
export const ensemble = (tag = 'ec-ens'): Timeseries =>
  new Timeseries({
    resolution: new Resolution(Frequency.PT1H, CET),
    curve: windCurve(),
    instance: issued(tag, 2),
    times: [Date.UTC(2020, 9, 26, 0), Date.UTC(2020, 9, 26, 1)],
    values: [4249.56, 5150.15],
    scenarios: [
      [4230.24, 5438.17],
      [4200.12, null],
    ],
  });

/** Scenarios only (no mean, no instance): climate years 1980 and 1981, one CET day 2024-01-01 (= 2023-12-31T23:00Z). */
export const climate = (): Timeseries =>
  new Timeseries({
    resolution: new Resolution(Frequency.P1D, CET),
    curve: new Curve({
      name: CLIMATE_NAME,
      curveType: CurveType.SCENARIO_TIMESERIES,
      frequency: Frequency.PT15M,
      dataType: DataType.CLIMATE,
    }),
    times: [Date.UTC(2023, 11, 31, 23)],
    scenarios: [[1.5], [2.5]],
    scenarioNames: ['y1980', 'y1981'],
  });

/**
 * Capacity periods in CET: 2020-01-01 00:00+01:00 to 2020-01-02 12:00+01:00 worth 100
 * (installed 200), then to 2020-01-03 00:00+01:00 worth 50 (installed 200).
 */
export const periods = (): Periodseries =>
  Periodseries.fromItems(
    [
      { begin: '2020-01-01T00:00:00+01:00', end: '2020-01-02T12:00:00+01:00', value: 100, installed: 200 },
      { begin: '2020-01-02T12:00:00+01:00', end: '2020-01-03T00:00:00+01:00', value: 50, installed: 200 },
    ],
    { resolution: new Resolution(Frequency.NONE, CET), name: 'nuclear' },
  );

const product = (front: number | null, delivery: string): Product =>
  new Product({ traded: '2020-01-02', period: ContractPeriod.MONTH, front, delivery });

export const ohlcList = (): OHLCList =>
  new OHLCList(
    [
      new OHLC({
        product: product(1, '2020-02-01'),
        open: 35.4,
        high: 35.5,
        low: 34,
        close: 34.1,
        settlement: 34,
        volume: 394,
        openInterest: 10678,
      }),
      new OHLC({ product: product(null, '2020-03-01'), settlement: 33 }),
    ],
    { unit: 'EUR', denominator: 'MWh' },
  );

/** Delivery 2023-10-05 12:00 UTC, two instances of 2023-10-01 00:00 UTC (`ec`) and 2023-10-02 00:00 UTC (`gfs`). */
export const absolute = (curve: Curve | null = windCurve()): AbsoluteResult =>
  new AbsoluteResult({
    curve,
    resolution: new Resolution(Frequency.PT1H, UTC),
    delivery: DateTime.fromISO('2023-10-05T12:00:00Z', { zone: UTC }),
    items: [
      new AbsoluteItem({
        instance: new Instance({ issued: DateTime.fromISO('2023-10-01T00:00:00Z', { zone: UTC }), tag: 'ec' }),
        value: 20479.78,
      }),
      new AbsoluteItem({
        instance: new Instance({ issued: DateTime.fromISO('2023-10-02T00:00:00Z', { zone: UTC }), tag: 'gfs' }),
        value: null,
      }),
    ],
  });

export const srmcOptions = (): SRMCOptions =>
  new SRMCOptions({ fuelType: FuelType.COAL, api2TonneToMwh: 6.978, efficiency: 0.42, carbonEmissions: 0.34056 });

export const frontContract = (): ContinuousContract =>
  new ContinuousContract({ period: ContractPeriod.MONTH, front: 1, field: OHLCField.SETTLEMENT });

/** One gas day in Europe/Gas_Day: 2024-01-01 00:00-05:00 (= 06:00 CET = 05:00Z). */
export const gasDay = (): Timeseries =>
  new Timeseries({ resolution: new Resolution(Frequency.P1D, GAS_DAY), name: 'gas', times: [Date.UTC(2024, 0, 1, 5)], values: [42] });

export { CET, Frequency, PeriodseriesList, Resolution, SRMC, TimeseriesList, UTC };

/** uvu's `throws` matcher for our error classes. */
export const isA = (cls: abstract new (...args: never[]) => unknown) => (e: unknown) => e instanceof cls;
