// Sample model objects shared by the model tests (not a test file itself). The values echo the
// wire examples of docs/protocol.md#json-shapes.
import { DateTime } from 'luxon';
import {
  AbsoluteItem,
  AbsoluteResult,
  Area,
  CollectionPermission,
  ContinuousContract,
  ContractPeriod,
  Curve,
  CurveType,
  DataType,
  FuelType,
  Instance,
  InstanceList,
  OHLC,
  OHLCField,
  OHLCList,
  Page,
  Periodseries,
  PeriodseriesList,
  Place,
  PlaceType,
  Product,
  SpecificContract,
  SRMC,
  SRMCOptions,
  Subscription,
  SubscriptionAccess,
  SubscriptionType,
  Timeseries,
  TimeseriesList,
} from '../../src/model';
import { CET, Frequency, Resolution, UTC } from '../../src/time';

export const subscription = (): Subscription =>
  new Subscription({
    access: SubscriptionAccess.byTag('PAYING'),
    type: SubscriptionType.byTag('PACKAGE_AREA'),
    label: 'Power – Germany',
    package: 'power',
    area: 'DE',
  });

export const collectionSubscription = (): Subscription =>
  new Subscription({
    access: SubscriptionAccess.byTag('TRIAL'),
    type: SubscriptionType.byTag('COLLECTION'),
    label: 'My collection',
    collection: 'c-123',
    collectionPerms: CollectionPermission.RW,
  });

export const curve = (): Curve =>
  new Curve({
    name: 'DE Wind Power Production MWh/h 15min Forecast',
    curveType: CurveType.INSTANCE,
    frequency: Frequency.PT15M,
    timezone: 'CET',
    area: Area.byTag('DE'),
    categories: ['Wind', 'Power', 'Production'],
    unit: 'MWh/h',
    dataType: DataType.FORECAST,
    commodity: 'Power',
    subscription: subscription(),
  });

export const exchangeCurve = (): Curve =>
  new Curve({
    name: 'CZ>DE Exchange Day-Ahead Schedule MWh/h H Actual',
    curveType: CurveType.TIMESERIES,
    frequency: Frequency.PT1H,
    area: Area.byTag('CZ'),
    areaSink: Area.byTag('DE'),
    categories: ['Exchange', 'Day-Ahead', 'Schedule'],
    unit: 'MWh/h',
    dataType: DataType.ACTUAL,
  });

export const ohlcCurve = (): Curve =>
  new Curve({
    name: 'Futures Coal API-2 USD/t ICE OHLC',
    curveType: CurveType.OHLC,
    frequency: Frequency.P1D,
    unit: 'USD',
    denominator: 't',
    dataType: DataType.OHLC,
  });

export const place = (): Place =>
  new Place({
    kind: PlaceType.byTag('producer'),
    key: 'pp-example-1',
    name: 'Example Plant',
    fuels: ['Nuclear'],
    location: [53.85, 9.35],
    areas: [Area.byTag('DE')],
    children: [new Place({ kind: PlaceType.byTag('producer'), key: 'pp-example-1-u1', name: 'Unit 1', unit: 'U1' })],
    curves: [exchangeCurve()],
  });

/** 2020-06-01T00:00:00Z, tag ec. */
export const instance = (): Instance => new Instance({ issued: DateTime.fromISO('2020-06-01T00:00:00Z', { zone: UTC }), tag: 'ec' });

const hourlyCet = (): Resolution => new Resolution(Frequency.PT1H, CET);

/** Three CET hours from 2024-01-01 00:00+01:00 (= 2023-12-31T23:00Z), values 1, null, 3. */
export const hourly = (): Timeseries =>
  new Timeseries({
    resolution: hourlyCet(),
    curve: exchangeCurve(),
    times: [Date.UTC(2023, 11, 31, 23), Date.UTC(2024, 0, 1, 0), Date.UTC(2024, 0, 1, 1)],
    values: [1, null, 3],
  });

export const daily = (): Timeseries =>
  new Timeseries({ resolution: new Resolution(Frequency.P1D, CET), times: [Date.UTC(2023, 11, 31, 23)], values: [7] });

/** Two CET days of an ensemble with a mean and two members (docs/protocol.md#timeseries-json). */
export const ensemble = (): Timeseries =>
  Timeseries.fromItems(
    [
      { date: '2020-06-02T00:00:00+02:00', value: 4249.56, scenarios: [4230.24, 4200.12] },
      { date: '2020-06-03T00:00:00+02:00', value: 5150.15, scenarios: [5438.17, null] },
    ],
    { resolution: new Resolution(Frequency.P1D, CET), curve: curve(), instance: instance().with({ scenarios: 2 }) },
  );

/** REMIT-style capacity periods (docs/protocol.md#periodseries-json). */
export const periods = (): Periodseries =>
  Periodseries.fromItems(
    [
      { begin: '2020-01-01T00:00:00+01:00', end: '2020-01-06T00:00:00+01:00', value: 8113, installed: 8600 },
      { begin: '2020-01-06T00:00:00+01:00', end: '2020-02-01T00:00:00+01:00', value: 8600, installed: 8600 },
    ],
    { resolution: new Resolution(Frequency.NONE, CET), instance: instance(), unit: 'MW' },
  );

export const product = (): Product => new Product({ traded: '2020-01-02', period: ContractPeriod.MONTH, front: 1, delivery: '2020-02-01' });

export const ohlc = (): OHLC =>
  new OHLC({ product: product(), open: 35.4, high: 35.4, low: 34, close: 34, settlement: 34, volume: 394, openInterest: 10678 });

export const ohlcList = (): OHLCList => new OHLCList([ohlc()], { curve: ohlcCurve(), unit: 'EUR', denominator: 'MWh' });

export const continuous = (): ContinuousContract =>
  new ContinuousContract({ period: ContractPeriod.MONTH, front: 1, field: OHLCField.CLOSE });

export const specific = (): SpecificContract =>
  new SpecificContract({ period: ContractPeriod.YEAR, delivery: '2024-01-01', field: OHLCField.SETTLEMENT });

export const srmcOptions = (): SRMCOptions =>
  new SRMCOptions({ fuelType: FuelType.COAL, api2TonneToMwh: 6.978, efficiency: 0.42, carbonEmissions: 0.34056 });

export const srmc = (): SRMC =>
  new SRMC({ curve: ohlcCurve(), unit: 'EUR', denominator: 'MWh', contract: continuous(), options: srmcOptions(), ohlc: ohlcList() });

export const absoluteItem = (): AbsoluteItem =>
  new AbsoluteItem({
    instance: new Instance({ issued: DateTime.fromISO('2023-10-01T00:00:00Z', { zone: UTC }), tag: 'ec' }),
    value: 20479.78,
  });

export const absolute = (): AbsoluteResult =>
  new AbsoluteResult({
    resolution: new Resolution(Frequency.PT1H, UTC),
    delivery: DateTime.fromISO('2023-10-05T12:00:00Z'),
    unit: 'MWh/h',
    items: [absoluteItem()],
  });

export const instanceList = (): InstanceList => new InstanceList([instance(), instance().with({ tag: 'gfs', scenarios: 51 })], curve());

export const page = (): Page<string> => new Page(['a', 'b'], { page: 1, pageSize: 2, totalItems: 3, lastPage: 2 });

export const timeseriesList = (): TimeseriesList => new TimeseriesList([hourly(), hourly().withName('copy')]);

export const periodseriesList = (): PeriodseriesList => new PeriodseriesList([periods()]);

/** The notebook display bundle of any model object. */
export const display = (value: object): Record<string, string> =>
  (value as Record<symbol, () => Record<string, string>>)[Symbol.for('Jupyter.display')]!.call(value);

/** uvu's `throws` matcher for our error classes. */
export const isA = (cls: abstract new (...args: never[]) => unknown) => (e: unknown) => e instanceof cls;
