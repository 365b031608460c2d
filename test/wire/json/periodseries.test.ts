import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { Periodseries, type CapacityPeriod } from '../../../src/model';
import { parsePeriodseries, parsePeriodseriesList, serializePeriodseries, serializePeriodseriesList } from '../../../src/wire';
import { FORECAST_CURVE } from './samples';

const fails = (fn: () => unknown, message: string) =>
  assert.throws(fn, (e: unknown) => e instanceof ParseException && e.message === message, message);

const REMIT_CURVE = {
  ...FORECAST_CURVE,
  name: 'DE @Brokdorf Nuclear Capacity Available MW REMIT',
  curve_type: 'INSTANCE_PERIOD',
  resolution: { frequency: 'NONE', timezone: 'CET' },
  unit: 'MW',
  data_type: 'REMIT',
};

/** docs/protocol.md#periodseries-json, with capacity. */
const CAPACITY = {
  curve: REMIT_CURVE,
  resolution: { frequency: 'NONE', timezone: 'CET' },
  instance: { issued: '2020-03-30T10:54:51+00:00', tag: 'GGXXxM8VKmeHWrbHHx3rAg', scenarios: 0, created: null, modified: null },
  unit: 'MW',
  denominator: null,
  data: [
    { begin: '2020-01-01T00:00:00+01:00', end: '2020-01-06T00:00:00+01:00', v: 8113, capacity: 8600 },
    { begin: '2020-01-06T00:00:00+01:00', end: '2020-04-01T00:00:00+02:00', v: null, capacity: null },
  ],
};

test('capacity periods of docs/protocol.md#periodseries-json round-trip exactly', () => {
  const ps = parsePeriodseries(CAPACITY);
  assert.ok(ps.hasCapacity());
  // 2020-01-01T00:00+01:00 = 2019-12-31T23:00Z; 2020-04-01T00:00+02:00 = 2020-03-31T22:00Z
  assert.equal(Array.from(ps.begins), [Date.UTC(2019, 11, 31, 23), Date.UTC(2020, 0, 5, 23)]);
  assert.equal(Array.from(ps.ends), [Date.UTC(2020, 0, 5, 23), Date.UTC(2020, 2, 31, 22)]);
  assert.is((ps.at(0) as CapacityPeriod).installed, 8600);
  assert.is(ps.instance?.tag, 'GGXXxM8VKmeHWrbHHx3rAg');
  assert.equal(serializePeriodseries(ps), CAPACITY);
});

test("plain periods in another zone; begin/end shown in the series' zone", () => {
  const json = {
    curve: null,
    resolution: { frequency: 'NONE', timezone: 'UTC' },
    instance: null,
    unit: 'EUR',
    denominator: 'MWh',
    data: [{ begin: '2020-12-02T01:00:00+01:00', end: '2021-01-01T00:00:00Z', v: 35 }],
  };
  const ps = parsePeriodseries(json);
  assert.not.ok(ps.hasCapacity());
  // 2020-12-02T01:00+01:00 = 2020-12-02T00:00Z
  assert.equal(serializePeriodseries(ps).data, [{ begin: '2020-12-02T00:00:00+00:00', end: '2021-01-01T00:00:00+00:00', v: 35 }]);
  assert.is(parsePeriodseries({ ...json, data: null }).length, 0);
});

test('whether capacity is read is decided by the first item', () => {
  const ps = parsePeriodseries({
    ...CAPACITY,
    data: [CAPACITY.data[0], { begin: '2020-01-06T00:00:00+01:00', end: '2020-02-01T00:00:00+01:00', v: 1 }],
  });
  assert.ok(Number.isNaN(ps.capacities?.[1] as number));
  const noCap = parsePeriodseries({
    ...CAPACITY,
    data: [{ begin: '2020-01-01T00:00:00+01:00', end: '2020-01-06T00:00:00+01:00', v: 1 }, CAPACITY.data[0]],
  });
  assert.is(noCap.capacities, null);
});

test('bad shapes raise ParseException saying where', () => {
  fails(() => parsePeriodseries({ ...CAPACITY, resolution: null }), 'resolution: expected an object, got null');
  fails(
    () => parsePeriodseries({ ...CAPACITY, data: [{ ...CAPACITY.data[0], end: '2020-01-06' + 'X' }] }),
    'data[0].end: expected an ISO 8601 date-time, got "2020-01-06X"',
  );
  fails(
    () => parsePeriodseries({ ...CAPACITY, data: [CAPACITY.data[0], { ...CAPACITY.data[0], capacity: 'full' }] }),
    'data[1].capacity: expected a number or null, got "full"',
  );
  fails(
    () => parsePeriodseries({ ...CAPACITY, data: [{ end: '2020-01-06T00:00:00+01:00', v: 1 }] }),
    'data[0].begin: expected an ISO 8601 date-time, got nothing',
  );
  fails(() => parsePeriodseries({ ...CAPACITY, data: 'none' }), 'data: expected an array, got "none"');
  fails(() => parsePeriodseriesList({}), 'response: expected an array, got {}');
  fails(
    () => parsePeriodseriesList([CAPACITY, { ...CAPACITY, instance: { tag: 'x' } }]),
    '[1].instance.issued: expected an ISO 8601 date-time, got nothing',
  );
});

test('lists round-trip', () => {
  const list = parsePeriodseriesList(JSON.stringify([CAPACITY, CAPACITY]));
  assert.ok(Periodseries.isPeriodseries(list[1]));
  assert.equal(serializePeriodseriesList(list), [CAPACITY, CAPACITY]);
});

test.run();
