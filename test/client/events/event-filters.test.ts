import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DateTime } from 'luxon';
import { ValidationError } from '../../../src/exceptions';
import { Area, DataType, EventType } from '../../../src/model';
import { encodeEventFilter, encodeEventFilters, formatFilterTime, parseEventFilters } from '../../../src/client/events';

test('attribute filters: tags checked and canonical, lists de-duplicated, keys in the reference order', () => {
  assert.equal(
    encodeEventFilter({
      exactCategories: 'Wind Power Production',
      categories: ['Wind', 'Wind'],
      commodities: 'Power',
      dataTypes: [DataType.ACTUAL, 'forecast'],
      areas: ['de', Area.FR, 'DE'],
      excludeTags: 'gfs',
      tags: ['ec'],
      end: '2023-09-02',
      begin: '2023-09-01',
      eventTypes: 'curve_update',
    }),
    {
      event_types: ['CURVE_UPDATE'],
      begin: '2023-09-01 00:00:00',
      end: '2023-09-02 00:00:00',
      tags: ['ec'],
      exclude_tags: ['gfs'],
      areas: ['DE', 'FR'],
      data_types: ['ACTUAL', 'FORECAST'],
      commodities: ['Power'],
      categories: ['Wind'],
      exact_categories: ['Wind Power Production'],
    },
  );
});

test('name filters take names or curves; one filter or a list', () => {
  assert.equal(encodeEventFilters({ curveNames: 'X' }), [{ curve_names: ['X'] }]);
  assert.equal(encodeEventFilters([{ curveNames: ['X', 'Y', 'X'], eventTypes: [EventType.CURVE_DELETE] }, {}]), [
    { event_types: ['CURVE_DELETE'], curve_names: ['X', 'Y'] },
    {},
  ]);
});

test('begin/end: plain dates are naive midnight, texts keep their offset, DateTimes their zone, Dates UTC', () => {
  assert.is(formatFilterTime('2023-09-01', 'begin'), '2023-09-01 00:00:00');
  assert.is(formatFilterTime('2023-09-01T06:30', 'begin'), '2023-09-01 06:30:00');
  assert.is(formatFilterTime('2023-09-01T06:30:00-04:00', 'begin'), '2023-09-01 06:30:00-04:00');
  // 2024-03-31 03:00 in Europe/Berlin is CEST (+02:00)
  assert.is(formatFilterTime(DateTime.fromISO('2024-03-31T03:00', { zone: 'Europe/Berlin' }), 'begin'), '2024-03-31 03:00:00+02:00');
  assert.is(formatFilterTime(new Date(Date.UTC(2024, 0, 1, 12)), 'end'), '2024-01-01 12:00:00+00:00');
});

test('bad filters are ValidationErrors with parameter filters', () => {
  const bad: [unknown, RegExp][] = [
    [{ areas: 'XX' }, /areas: unknown area "XX"/],
    [{ dataTypes: ['ACTUALS'] }, /dataTypes: unknown data type/],
    [{ eventTypes: 'TIMEOUT' }, /never travels on the wire/],
    [{ curveNames: 'X', areas: 'DE' }, /cannot be combined with areas/],
    [{ area: 'DE' }, /unknown filter key "area"/],
    [{ tags: [] }, /tags is empty/],
    [{ begin: '2023-02-30' }, /begin is not a date-time/],
    ['DE', /expected a filter object/],
  ];
  for (const [filter, message] of bad) {
    try {
      encodeEventFilter(filter as never);
      assert.unreachable(JSON.stringify(filter));
    } catch (err) {
      assert.instance(err, ValidationError);
      assert.is((err as ValidationError).parameter, 'filters');
      assert.match((err as Error).message, message);
    }
  }
  assert.throws(() => encodeEventFilters([]), /at least one filter/);
});

test('echoed filters: curve_names makes a name filter; null keys are unset', () => {
  assert.equal(parseEventFilters(null), null);
  assert.equal(parseEventFilters([{ curve_names: ['X'], event_types: ['CURVE_UPDATE'], areas: null }]), [
    { eventTypes: [EventType.CURVE_UPDATE], curveNames: ['X'] },
  ]);
  assert.equal(parseEventFilters([{ areas: ['DE'], data_types: ['ACTUAL'], begin: '2023-09-01 00:00:00', tags: null }]), [
    { begin: '2023-09-01 00:00:00', areas: [Area.DE], dataTypes: [DataType.ACTUAL] },
  ]);
  assert.throws(() => parseEventFilters([{ areas: ['XX'] }]), /invalid filter/);
});

test.run();
