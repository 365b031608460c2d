// One loop over every model class (style habit 6): brand check, equals, immutability, toJSON,
// toString, the inspect hook and the notebook display bundle.
import { inspect } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  AbsoluteItem,
  AbsoluteResult,
  ContinuousContract,
  Curve,
  Instance,
  OHLC,
  OHLCList,
  Page,
  Periodseries,
  PeriodseriesList,
  Place,
  Product,
  Series,
  SpecificContract,
  SRMC,
  SRMCOptions,
  Subscription,
  Timeseries,
  TimeseriesList,
} from '../../src/model';
import * as s from './samples';

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
];

type Conventional = {
  equals(other: unknown): boolean;
  toJSON(): unknown;
  toString(): string;
  [key: symbol]: unknown;
};

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

  test(`${c.name}: toJSON, toString, inspect and notebook display`, () => {
    const value = c.make() as Conventional;
    const json = JSON.parse(JSON.stringify(value));
    assert.equal(json, JSON.parse(JSON.stringify(value.toJSON())));
    const text = value.toString();
    assert.ok(text.startsWith(`<${c.name}:`), text);
    assert.is(inspect(value), text);
    const bundle = (value[Symbol.for('Jupyter.display')] as () => Record<string, unknown>).call(value);
    assert.is(bundle['text/plain'], text);
    assert.type(bundle['text/html'], 'string');
    assert.ok((bundle['text/html'] as string).startsWith('<div class="service-model">'));
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
