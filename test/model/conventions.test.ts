// One loop over every model class (docs/model.md#curve, first paragraph): brand check, equals, immutability, toJSON,
// toString, the inspect hook and the notebook display bundle.
import { inspect } from 'node:util';
import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  AbsoluteItem,
  AbsoluteResult,
  Aggregation,
  Area,
  CollectionPermission,
  ContinuousContract,
  ContractPeriod,
  Curve,
  CurveType,
  DataType,
  Filter,
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
  Series,
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
import * as s from './samples';
import { withoutFrameDisplay } from '../helpers/plain-display';

withoutFrameDisplay(test);

interface Case {
  name: string;
  make: () => object;
  is: (value: unknown) => boolean;
}

const cases: Case[] = [
  { name: 'Subscription', make: s.subscription, is: Subscription.isSubscription },
  { name: 'Curve', make: s.curve, is: Curve.isCurve },
  { name: 'Place', make: s.place, is: Place.isPlace },
  { name: 'Instance', make: s.instance, is: Instance.isInstance },
  { name: 'ContinuousContract', make: s.continuous, is: ContinuousContract.isContinuousContract },
  { name: 'SpecificContract', make: s.specific, is: SpecificContract.isSpecificContract },
  { name: 'Product', make: s.product, is: Product.isProduct },
  { name: 'OHLC', make: s.ohlc, is: OHLC.isOHLC },
  { name: 'OHLCList', make: s.ohlcList, is: OHLCList.isOHLCList },
  { name: 'Timeseries', make: s.ensemble, is: Timeseries.isTimeseries },
  { name: 'TimeseriesList', make: s.timeseriesList, is: TimeseriesList.isTimeseriesList },
  { name: 'Periodseries', make: s.periods, is: Periodseries.isPeriodseries },
  { name: 'PeriodseriesList', make: s.periodseriesList, is: PeriodseriesList.isPeriodseriesList },
  { name: 'SRMCOptions', make: s.srmcOptions, is: SRMCOptions.isSRMCOptions },
  { name: 'SRMC', make: s.srmc, is: SRMC.isSRMC },
  { name: 'AbsoluteItem', make: s.absoluteItem, is: AbsoluteItem.isAbsoluteItem },
  { name: 'AbsoluteResult', make: s.absolute, is: AbsoluteResult.isAbsoluteResult },
  { name: 'Page', make: s.page, is: Page.isPage },
  { name: 'InstanceList', make: s.instanceList, is: InstanceList.isInstanceList },
];

type Conventional = {
  equals(other: unknown): boolean;
  toJSON(): unknown;
  toString(): string;
  [key: symbol]: unknown;
};

/** Helpers the classes keep to themselves; a kernel's completion lists what an object reaches at run time. */
const PRIVATE_HELPERS = [
  'clone',
  'itemAt',
  'operand',
  'arithmetic',
  'payload',
  'payloadName',
  'toInit',
  'cache',
  'load',
  'seriesInit',
  'seriesEquals',
  'seriesJSON',
  'describe',
  'displaySummary',
];

for (const c of cases) {
  test(`${c.name}: isX is a brand check, not a shape check`, () => {
    const value = c.make();
    assert.ok(c.is(value));
    assert.not.ok(c.is({}));
    assert.not.ok(c.is(null));
    assert.not.ok(c.is('x'));
    assert.not.ok(c.is({ ...value }));
    for (const other of cases) if (other.name !== c.name) assert.not.ok(other.is(value), `${other.name}.is(${c.name})`);
  });

  test(`${c.name}: equals a freshly built twin, not another class`, () => {
    const a = c.make() as Conventional;
    const b = c.make() as Conventional;
    assert.ok(a.equals(b));
    assert.not.ok(a.equals({}));
    assert.not.ok(a.equals(null));
  });

  test(`${c.name}: frozen (fields cannot be reassigned or added)`, () => {
    const value = c.make() as Record<string, unknown>;
    assert.ok(Object.isFrozen(value));
    assert.is(Reflect.set(value, 'extra', 1), false);
    assert.is(value.extra, undefined);
  });

  test(`${c.name}: completion sees no private helper (they are #private members)`, () => {
    const names: string[] = [];
    for (let p: object | null = c.make(); p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
      names.push(...Object.getOwnPropertyNames(p));
    }
    for (const hidden of PRIVATE_HELPERS) assert.not.ok(names.includes(hidden), `${c.name} shows ${hidden}`);
    assert.equal(
      names.filter((n) => n.startsWith('_')),
      [],
    );
  });

  test(`${c.name}: toJSON, toString, inspect and notebook display`, () => {
    const value = c.make() as Conventional;
    const text = value.toString();
    assert.ok(text.startsWith(`<${c.name}:`), text);
    assert.is(inspect(value), text);
    const bundle = (value[Symbol.for('Jupyter.display')] as () => Record<string, unknown>).call(value);
    assert.is(bundle['text/plain'], text);
    assert.type(bundle['text/html'], 'string');
    assert.ok((bundle['text/html'] as string).startsWith('<div class="service-model">'));
  });
}

// One field changed at a time: each change must make `equals` false and change the JSON snapshot
// (so a field that `equals` or `toJSON` forgets is caught), and together the changes of a class
// must touch every key its `toJSON()` writes.
type Comparable = { equals(other: unknown): boolean; toJSON(): unknown };
type Changeable = Comparable & { with(changes: object): Comparable };
const when = (iso: string): DateTime => DateTime.fromISO(iso, { zone: UTC });

const changes: Record<string, { make: () => Comparable; variants: Record<string, () => Comparable> }> = {};
/** JSON keys that are the same for every value of a class (the contract kinds' `type`). */
const CONSTANT_KEYS: Readonly<Record<string, readonly string[]>> = { ContinuousContract: ['type'], SpecificContract: ['type'] };
const byWith = (name: string, make: () => object, fields: Record<string, object>): void => {
  const variants: Record<string, () => Comparable> = {};
  for (const [label, change] of Object.entries(fields)) variants[label] = () => (make() as Changeable).with(change);
  changes[name] = { make: make as () => Comparable, variants };
};
byWith('Subscription', s.subscription, {
  access: { access: SubscriptionAccess.byTag('TRIAL') },
  type: { type: SubscriptionType.byTag('PACKAGE') },
  label: { label: 'Power – France' },
  package: { package: 'gas' },
  area: { area: 'FR' },
  collection: { collection: 'c-1' },
  collectionPerms: { collectionPerms: CollectionPermission.R },
});
byWith('Curve', s.curve, {
  name: { name: 'DE Wind Power Production MWh/h 15min Actual' },
  curveType: { curveType: CurveType.TIMESERIES },
  frequency: { frequency: Frequency.PT1H },
  timezone: { timezone: 'UTC' },
  instanceIssuedTimezone: { instanceIssuedTimezone: 'CET' },
  area: { area: Area.byTag('FR') },
  areaSink: { areaSink: Area.byTag('FR') },
  place: { place: s.place() },
  categories: { categories: ['Wind', 'Power'] },
  unit: { unit: 'GWh/h' },
  denominator: { denominator: 'h' },
  dataType: { dataType: DataType.ACTUAL },
  source: { source: 'Model' },
  commodity: { commodity: 'Gas' },
  subscription: { subscription: s.collectionSubscription() },
});
byWith('Place', s.place, {
  kind: { kind: PlaceType.byTag('consumer') },
  key: { key: 'pp-example-2' },
  name: { name: 'Renamed' },
  unit: { unit: 'U2' },
  fuels: { fuels: ['Coal'] },
  location: { location: [53.85, 9.36] },
  areas: { areas: [Area.byTag('FR')] },
  children: { children: [] },
  curves: { curves: [s.ohlcCurve()] },
});
byWith('Instance', s.instance, {
  issued: { issued: when('2020-06-01T06:00:00Z') },
  tag: { tag: 'gfs' },
  scenarios: { scenarios: 51 },
  created: { created: when('2020-06-01T07:00:00Z') },
  modified: { modified: when('2020-06-01T08:00:00Z') },
});
byWith('ContinuousContract', s.continuous, {
  period: { period: ContractPeriod.QUARTER },
  front: { front: 2 },
  field: { field: OHLCField.SETTLEMENT },
});
byWith('SpecificContract', s.specific, {
  period: { period: ContractPeriod.QUARTER, delivery: '2024-01-01' },
  delivery: { delivery: '2025-01-01' },
  field: { field: OHLCField.CLOSE },
});
byWith('Product', s.product, {
  traded: { traded: '2020-01-03' },
  period: { period: ContractPeriod.QUARTER, delivery: '2020-04-01' },
  front: { front: 2 },
  delivery: { delivery: '2020-03-01' },
});
byWith('OHLC', s.ohlc, {
  product: { product: s.product().with({ front: 2 }) },
  open: { open: 35.5 },
  high: { high: 36 },
  low: { low: 33.9 },
  close: { close: 34.5 },
  settlement: { settlement: 34.1 },
  volume: { volume: 395 },
  openInterest: { openInterest: 10679 },
});
byWith('Timeseries', s.ensemble, {
  curve: { curve: s.exchangeCurve() },
  resolution: { resolution: new Resolution(Frequency.P1D, UTC) },
  instance: { instance: s.instance().with({ tag: 'gfs', scenarios: 2 }) },
  contract: { contract: s.continuous() },
  unit: { unit: 'GW' },
  denominator: { denominator: 'h' },
  scenarioNames: { scenarioNames: ['first', 'second'] },
  values: { values: [4249.56, 5150.16] },
});
byWith('Periodseries', s.periods, {
  curve: { curve: s.exchangeCurve() },
  resolution: { resolution: new Resolution(Frequency.NONE, UTC) },
  instance: { instance: s.instance().with({ tag: 'gfs' }) },
  unit: { unit: 'GW' },
  denominator: { denominator: 'h' },
  values: { values: [8114, 8600] },
});
byWith('SRMCOptions', s.srmcOptions, {
  fuelType: { fuelType: FuelType.GAS },
  api2TonneToMwh: { api2TonneToMwh: 6.98 },
  gasThermToMwh: { gasThermToMwh: 0.0293 },
  efficiency: { efficiency: 0.43 },
  carbonEmissions: { carbonEmissions: 0.35 },
  carbonTaxArea: { carbonTaxArea: Area.byTag('GB') },
});
byWith('SRMC', s.srmc, {
  curve: { curve: s.exchangeCurve() },
  unit: { unit: 'USD' },
  denominator: { denominator: 't' },
  contract: { contract: s.continuous().with({ front: 2 }) },
  options: { options: s.srmcOptions().with({ efficiency: 0.5 }) },
  ohlc: { ohlc: new OHLCList([s.ohlc().with({ close: 30 })], { curve: s.ohlcCurve(), unit: 'EUR', denominator: 'MWh' }) },
});
byWith('AbsoluteItem', s.absoluteItem, {
  instance: { instance: s.instance() },
  value: { value: 20479.79 },
});
byWith('AbsoluteResult', s.absolute, {
  curve: { curve: s.exchangeCurve() },
  resolution: { resolution: new Resolution(Frequency.PT1H, CET) },
  delivery: { delivery: when('2023-10-05T13:00:00Z') },
  filters: { filters: Filter.PEAK },
  aggregation: { aggregation: Aggregation.SUM },
  unit: { unit: 'GWh/h' },
  items: { items: [s.absoluteItem().with({ value: 1 })] },
});
changes.OHLCList = {
  make: s.ohlcList,
  variants: {
    item: () => new OHLCList([s.ohlc().with({ close: 30 })], { curve: s.ohlcCurve(), unit: 'EUR', denominator: 'MWh' }),
    curve: () => new OHLCList([s.ohlc()], { curve: s.exchangeCurve(), unit: 'EUR', denominator: 'MWh' }),
    unit: () => new OHLCList([s.ohlc()], { curve: s.ohlcCurve(), unit: 'USD', denominator: 'MWh' }),
    denominator: () => new OHLCList([s.ohlc()], { curve: s.ohlcCurve(), unit: 'EUR', denominator: 't' }),
  },
};
changes.TimeseriesList = {
  make: s.timeseriesList,
  variants: { item: () => new TimeseriesList([s.hourly(), s.hourly().with({ unit: 'GW' })]) },
};
changes.PeriodseriesList = {
  make: s.periodseriesList,
  variants: { item: () => new PeriodseriesList([s.periods().with({ unit: 'GW' })]) },
};
changes.InstanceList = {
  make: s.instanceList,
  variants: { item: () => new InstanceList([s.instance(), s.instance().with({ tag: 'gfs', scenarios: 50 })], s.curve()) },
};
changes.Page = {
  make: s.page,
  variants: { item: () => new Page(['a', 'c'], { page: 1, pageSize: 2, totalItems: 3, lastPage: 2 }) },
};

/**
 * Whether a snapshot holds plain JSON values only (docs/model.md#snapshots): texts, finite
 * numbers, booleans, null, arrays and plain objects, no undefined member.
 */
function plainPath(value: unknown, path = '$'): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = plainPath(value[i], `${path}[${i}]`);
      if (bad !== null) return bad;
    }
    return null;
  }
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return path;
  for (const [k, v] of Object.entries(value)) {
    const bad = plainPath(v, `${path}.${k}`);
    if (bad !== null) return bad;
  }
  return null;
}

test('plainPath finds what is not plain JSON', () => {
  assert.is(plainPath({ a: [1, 'x', null, { b: true }] }), null);
  assert.is(plainPath({ a: [1, Number.NaN] }), '$.a[1]');
  assert.is(plainPath({ a: { b: undefined } }), '$.a.b');
  assert.is(plainPath({ d: when('2024-01-01T00:00:00Z') }), '$.d');
  assert.is(plainPath([new Float64Array(1)]), '$[0]');
});

/** Top-level keys (or array positions) whose JSON text differs between two snapshots. */
function changedKeys(a: unknown, b: unknown): string[] {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].filter((k) => JSON.stringify(left[k]) !== JSON.stringify(right[k]));
}

test('every model class has a table of one-field changes', () => {
  assert.equal(Object.keys(changes).sort(), cases.map((c) => c.name).sort());
});

for (const [name, { make, variants }] of Object.entries(changes)) {
  test(`${name}: toJSON is a plain snapshot; changing one field at a time breaks equals and changes it`, () => {
    const base = make();
    const snapshot = base.toJSON();
    assert.is(plainPath(snapshot), null, `${name}.toJSON is not plain JSON`);
    assert.ok(base.equals(make()), 'a freshly built twin is equal');
    assert.equal(JSON.parse(JSON.stringify(base)), JSON.parse(JSON.stringify(make())), 'a freshly built twin has the same JSON');
    const touched = new Set<string>();
    for (const [label, variant] of Object.entries(variants)) {
      const other = variant();
      assert.not.ok(base.equals(other), `${name}.equals ignores ${label}`);
      assert.not.ok(other.equals(base), `${name}.equals ignores ${label} (other way round)`);
      assert.is(plainPath(other.toJSON()), null, `${name}.toJSON with ${label} changed is not plain JSON`);
      const keys = changedKeys(snapshot, other.toJSON());
      assert.ok(keys.length > 0, `${name}.toJSON does not write ${label}`);
      for (const k of keys) touched.add(k);
    }
    if (!Array.isArray(snapshot)) {
      const constant = CONSTANT_KEYS[name] ?? [];
      const untouched = Object.keys(snapshot as object).filter((k) => !touched.has(k) && !constant.includes(k));
      assert.equal(untouched, [], `${name}: JSON keys no change reaches`);
    }
  });
}

test('Series.isSeries covers both series kinds only', () => {
  assert.ok(Series.isSeries(s.hourly()));
  assert.ok(Series.isSeries(s.periods()));
  assert.not.ok(Series.isSeries(s.ohlcList()));
});

test('brands work across copies: a foreign object with the registered symbol passes', () => {
  // Another copy of the package brands with the same Symbol.for key.
  const foreign = { [Symbol.for('service.model.Curve')]: true };
  assert.ok(Curve.isCurve(foreign));
});

test.run();
