import { inspect } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { Frequency } from '../../src/time';
import {
  Aggregation,
  Allocation,
  CollectionPermission,
  ContractPeriod,
  CurveType,
  DataType,
  type EnumBase,
  EventType,
  Fill,
  Filter,
  FuelType,
  OHLCField,
  PlaceType,
  SubscriptionAccess,
  SubscriptionType,
  ValueType,
} from '../../src/model/enums';

interface EnumLike {
  readonly name: string;
  byTag(tag: string): EnumBase;
  isValidTag(tag: unknown): boolean;
  all(): readonly EnumBase[];
  isMember(value: unknown): boolean;
}

// Every enumeration with its exact wire tags in definition order, written out by hand from
// docs/model.md#enums, docs/protocol.md#srmc-json and docs/protocol.md#feed-filters.
const EXPECTED: ReadonlyArray<[EnumLike, string[]]> = [
  [CurveType, ['TIMESERIES', 'SCENARIO_TIMESERIES', 'INSTANCE', 'PERIOD', 'INSTANCE_PERIOD', 'OHLC']],
  [
    DataType,
    ['ACTUAL', 'CLIMATE', 'SCENARIO', 'SYNTHETIC', 'BACKCAST', 'NORMAL', 'VALUE', 'FORECAST', 'FOREX', 'OHLC', 'REMIT', 'CAPACITY'],
  ],
  [
    PlaceType,
    ['city', 'consumer', 'producer', 'river', 'weatherstation', 'gas-storage', 'gas-lng-terminal', 'gas-interconnector', 'other'],
  ],
  [Aggregation, ['AVERAGE', 'SUM', 'MIN', 'MAX']],
  [Filter, ['BASE', 'PEAK', 'OFFPEAK', 'WORKDAYS', 'WEEKEND']],
  [ContractPeriod, ['year', 'mdec', 'season', 'quarter', 'month', 'week', 'weekend', 'day']],
  [OHLCField, ['open', 'high', 'low', 'close', 'settlement', 'volume', 'open_interest']],
  [Allocation, ['E', 'I', 'F', 'N']],
  [ValueType, ['VALUE', 'SCENARIOS', 'MEAN_AND_SCENARIOS']],
  [Fill, ['no-fill', 'fill-holes', 'forward-fill']],
  [FuelType, ['COAL', 'GAS']],
  [SubscriptionAccess, ['FREEMIUM', 'BLOCKED', 'TRIAL', 'PAYING', 'REALTO', 'INTERNAL', 'FREE', 'NONE']],
  [SubscriptionType, ['COLLECTION', 'FREE', 'FREEMIUM', 'PACKAGE', 'PACKAGE_AREA', 'PRIVATE']],
  [CollectionPermission, ['r', 'rw']],
  [EventType, ['CURVE_UPDATE', 'CURVE_DELETE', 'CURVE_TRUNCATE', 'DISCONNECTED', 'TIMEOUT']],
];

function flipCase(s: string): string {
  return Array.from(s, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
}

test('all() lists exactly the wire tags, in definition order', () => {
  for (const [cls, tags] of EXPECTED) {
    assert.equal(
      cls.all().map((m) => m.tag),
      tags,
      cls.name,
    );
  }
});

test('every tag round-trips through byTag in any letter case', () => {
  for (const [cls, tags] of EXPECTED) {
    for (const tag of tags) {
      const member = cls.byTag(tag);
      assert.is(member.tag, tag, `${cls.name} ${tag}`);
      assert.is(cls.byTag(tag.toUpperCase()), member);
      assert.is(cls.byTag(tag.toLowerCase()), member);
      assert.is(cls.byTag(flipCase(tag)), member);
      assert.ok(cls.isValidTag(tag));
      assert.ok(cls.isValidTag(flipCase(tag)));
      assert.is(String(member), tag);
      assert.is(member.toJSON(), tag);
      assert.is(JSON.stringify({ x: member }), `{"x":${JSON.stringify(tag)}}`);
      assert.ok(cls.isMember(member));
      assert.ok(member.equals(cls.byTag(tag)));
    }
  }
});

test('the member name is the static constant name', () => {
  assert.is(Fill.NO_FILL.name, 'NO_FILL');
  assert.is(PlaceType.GAS_LNG_TERMINAL.name, 'gas-lng-terminal'.toUpperCase().replace(/-/g, '_'));
  assert.is(CollectionPermission.RW.name, 'RW');
  assert.is(Allocation.FLOW_BASED.name, 'FLOW_BASED');
  for (const [cls] of EXPECTED) {
    for (const member of cls.all()) {
      assert.is((cls as unknown as Record<string, unknown>)[member.name], member, `${cls.name}.${member.name}`);
    }
  }
});

test('invalid tags are rejected with ValueError', () => {
  for (const [cls] of EXPECTED) {
    for (const bad of ['nope', '', ' month', 'PT1H']) {
      assert.is(cls.isValidTag(bad), false, `${cls.name} '${bad}'`);
      assert.throws(
        () => cls.byTag(bad),
        (e: unknown) => e instanceof ValueError,
        `${cls.name} '${bad}'`,
      );
    }
    for (const notString of [undefined, null, 3, {}]) {
      assert.is(cls.isValidTag(notString), false);
      assert.throws(
        () => cls.byTag(notString as unknown as string),
        (e: unknown) => e instanceof ValueError,
      );
    }
  }
  assert.throws(() => Filter.byTag('WEEKENDS'), /Invalid Filter tag: "WEEKENDS"/);
  assert.throws(() => CurveType.byTag('PERIODS'), /valid tags: TIMESERIES, SCENARIO_TIMESERIES/);
});

test('members are frozen and belong to one enumeration only', () => {
  for (const [cls] of EXPECTED) {
    for (const member of cls.all()) {
      assert.ok(Object.isFrozen(member), `${cls.name}.${member.name}`);
      assert.is(Reflect.set(member, 'tag', 'x'), false);
      assert.is(cls.byTag(member.tag), member);
    }
    assert.ok(Object.isFrozen(cls.all()));
  }
  assert.is(CurveType.isMember(DataType.OHLC), false);
  assert.is(DataType.isMember(DataType.OHLC), true);
  assert.is(DataType.isMember('OHLC'), false);
  assert.is(DataType.isMember(null), false);
  assert.is(CurveType.OHLC.equals(DataType.OHLC), false);
});

test('Aggregation: MEAN is accepted and gives AVERAGE', () => {
  assert.is(Aggregation.byTag('MEAN'), Aggregation.AVERAGE);
  assert.is(Aggregation.byTag('mean'), Aggregation.AVERAGE);
  assert.ok(Aggregation.isValidTag('Mean'));
  assert.is(Aggregation.byTag('MEAN').tag, 'AVERAGE');
  assert.is(Aggregation.all().length, 4);
});

test('ContractPeriod: frequency of each period', () => {
  assert.is(ContractPeriod.MONTH.frequency, Frequency.P1M);
  assert.is(ContractPeriod.byTag('MONTH').frequency, Frequency.P1M);
  const expected: Record<string, string> = {
    year: 'P1Y',
    mdec: 'P1Y',
    season: 'SEASON',
    quarter: 'P3M',
    month: 'P1M',
    week: 'P1W',
    weekend: 'P1D',
    day: 'P1D',
  };
  for (const period of ContractPeriod.all()) {
    assert.is(period.frequency.tag, expected[period.tag], period.tag);
    assert.is(period.frequency, Frequency.byTag(expected[period.tag]!));
  }
});

test('OHLCField: key is the JSON field name', () => {
  assert.is(OHLCField.OPEN_INTEREST.key, 'open_interest');
  assert.is(OHLCField.byTag('OPEN_INTEREST').key, 'open_interest');
  assert.is(OHLCField.SETTLEMENT.key, 'settlement');
});

test('CurveType: hasInstances and section', () => {
  const rows = CurveType.all().map((c) => [c.tag, c.hasInstances, c.section]);
  assert.equal(rows, [
    ['TIMESERIES', false, 'timeseries'],
    ['SCENARIO_TIMESERIES', false, 'timeseries'],
    ['INSTANCE', true, 'instances'],
    ['PERIOD', false, 'periods'],
    ['INSTANCE_PERIOD', true, 'periodInstances'],
    ['OHLC', false, 'ohlc'],
  ]);
});

test('labels of DataType, Allocation and EventType', () => {
  assert.is(DataType.REMIT.label, 'REMIT');
  assert.is(DataType.FOREX.label, 'Forex');
  assert.equal(
    Allocation.all().map((a) => a.label),
    ['Explicit', 'Implicit', 'Flow-based', 'No commercial capacity'],
  );
  assert.is(EventType.CURVE_TRUNCATE.label, 'Curve Truncate');
});

test('EventType: curve, connection and timeout families', () => {
  const families = EventType.all().map((e) => [e.tag, e.isCurveType(), e.isConnectionType(), e.isTimeoutType()]);
  assert.equal(families, [
    ['CURVE_UPDATE', true, false, false],
    ['CURVE_DELETE', true, false, false],
    ['CURVE_TRUNCATE', true, false, false],
    ['DISCONNECTED', false, true, false],
    ['TIMEOUT', false, false, true],
  ]);
});

test('inspect and notebook display show the constant', () => {
  assert.is(inspect(CurveType.TIMESERIES), 'CurveType.TIMESERIES');
  assert.is(inspect(Fill.FORWARD_FILL), 'Fill.FORWARD_FILL');
  const display = (Fill.NO_FILL as unknown as Record<symbol, () => Record<string, string>>)[Symbol.for('Jupyter.display')]!();
  assert.is(display['text/plain'], 'Fill.NO_FILL');
  assert.ok(display['text/html']!.includes('<td>no-fill</td>'));
});

test.run();
