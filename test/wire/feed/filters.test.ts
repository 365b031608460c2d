import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inspect } from 'node:util';
import { Area, DataType, EventType } from '../../../src/model';
import {
  encodeEventFilter,
  eventFilterOf,
  parseEventFilters,
  readFeedFilter,
  readFeedFilters,
  readFilterTime,
  type EventFilter,
  type FeedFilterJson,
} from '../../../src/wire/feed';
import { withoutFrameDisplay } from '../../helpers/plain-display';

withoutFrameDisplay(test);

// Canonical wire filters: one of each kind, every key set once.
const CANONICAL: FeedFilterJson[] = [
  { event_types: ['CURVE_DELETE'], begin: '2023-09-01 06:30:00-04:00', end: '2023-09-02 00:00:00-04:00', curve_names: ['X', 'Y'] },
  {
    event_types: ['CURVE_UPDATE', 'CURVE_TRUNCATE'],
    begin: '2024-03-31 02:00:00',
    end: '2024-04-01 00:00:00',
    tags: ['gfs', 'ec00'],
    exclude_tags: ['ec'],
    areas: ['NL', 'BE'],
    data_types: ['NORMAL'],
    commodities: ['Gas'],
    categories: ['Consumption', 'Temperature'],
    exact_categories: ['Consumption Temperature'],
  },
  {},
];

test('the wire reader gives a canonical filter back unchanged (read is the identity on its own output)', () => {
  for (const json of CANONICAL) {
    const errors: string[] = [];
    assert.equal(readFeedFilter(json, 'filters[0]', errors), json);
    assert.equal(errors, []);
  }
  const errors: string[] = [];
  const once = readFeedFilters(
    { areas: ['de', 'DE'], data_types: 'actual', begin: '2023-09-01T06:30', event_types: ['curve_update'] },
    errors,
  );
  assert.equal(once, [{ event_types: ['CURVE_UPDATE'], begin: '2023-09-01 06:30:00', areas: ['DE'], data_types: ['ACTUAL'] }]);
  assert.equal(readFeedFilters(once, errors), once);
  assert.equal(errors, []);
});

test('user filters: encode then parse gives the filter back, parse then encode gives the wire filter back', () => {
  for (const json of CANONICAL) {
    const filter = eventFilterOf(json);
    assert.equal(encodeEventFilter(filter), json);
    assert.equal(parseEventFilters([encodeEventFilter(filter)]), [filter]);
  }
  const filter: EventFilter = {
    eventTypes: [EventType.CURVE_UPDATE],
    areas: [Area.DE],
    dataTypes: [DataType.ACTUAL],
    begin: '2023-09-01 00:00:00',
  };
  assert.equal(parseEventFilters(encodeEventFilter(filter)), [filter]);
});

test('the wire reader names the field of every problem', () => {
  const bad: [unknown, string][] = [
    [{ event_types: ['TIMEOUT'] }, 'filters[0].event_types: unknown value "TIMEOUT"'],
    [{ areas: ['XX', 'YY'] }, 'filters[0].areas: unknown values "XX", "YY"'],
    [{ data_types: [] }, 'filters[0].data_types: expected a non-empty list of non-empty strings'],
    [{ tags: [''] }, 'filters[0].tags: expected a non-empty list of non-empty strings'],
    [{ begin: 20230901 }, 'filters[0].begin: expected a date-time string'],
    [{ end: '2023-02-30' }, 'filters[0].end: not a date-time: "2023-02-30"'],
    [{ curve_names: ['X'], exact_categories: ['Wind'] }, 'filters[0]: curve_names cannot be combined with exact_categories'],
    ['DE', 'filters[0]: expected a filter object'],
  ];
  for (const [value, message] of bad) {
    const errors: string[] = [];
    assert.is(readFeedFilter(value, 'filters[0]', errors), null);
    assert.equal(errors, [message]);
  }
  const errors: string[] = [];
  assert.equal(
    readFeedFilters(
      Array.from({ length: 11 }, () => ({})),
      errors,
    ),
    [],
  );
  assert.equal(errors, ['filters: too many filters (11; at most 10)']);
});

test('echoes: keys this protocol does not know are skipped, bad values refused with the field named', () => {
  assert.equal(parseEventFilters([{ areas: ['DE'], priority: 1 }]), [{ areas: [Area.DE] }]);
  assert.throws(() => parseEventFilters([{ data_types: ['X'] }]), /filters\[0\]\.data_types: unknown value "X"/);
});

test('bounds: wall-clock times stay wall-clock, offsets make an instant (hand-computed)', () => {
  assert.equal(readFilterTime('2023-09-01'), { text: '2023-09-01 00:00:00', instant: null });
  // 06:30 at -04:00 is 10:30 UTC: 2023-09-01T10:30Z = 1693564200000
  assert.equal(readFilterTime('2023-09-01T06:30-04:00'), { text: '2023-09-01 06:30:00-04:00', instant: 1693564200000 });
  assert.is(readFilterTime('yesterday'), null);
});

/** An object's notebook bundle. */
const bundleOf = (value: object): { 'text/plain': string; 'text/html': string } =>
  (value as Record<symbol, () => { 'text/plain': string; 'text/html': string }>)[Symbol.for('Jupyter.display')]!();

test('filters read back: a row per filter, enums by tag; the list and each filter deep-equal the plain ones', () => {
  const filters = parseEventFilters([
    { curve_names: ['DE Wind Power Production MWh/h 15min Actual'], event_types: ['CURVE_UPDATE'] },
    { areas: ['DE', 'FR'], data_types: ['FORECAST'], begin: '2023-09-01 00:00:00' },
  ]);
  assert.ok(filters !== null);
  assert.equal(filters, [
    { curveNames: ['DE Wind Power Production MWh/h 15min Actual'], eventTypes: [EventType.CURVE_UPDATE] },
    { areas: [Area.DE, Area.FR], dataTypes: [DataType.FORECAST], begin: '2023-09-01 00:00:00' },
  ]);
  assert.is(String(filters), '<EventFilter[]: 2 filters>');
  assert.is(String(filters[1]), '<EventFilter: areas=DE, FR, dataTypes=FORECAST, begin=2023-09-01 00:00:00>');
  const text = inspect(filters);
  assert.ok(text.startsWith('EventFilter[] · 2 filters\ncurveNames  eventTypes  areas  dataTypes  begin\n'), text);
  assert.ok(text.includes('DE Wind Power Production MWh/h 15min Actual  CURVE_UPDATE'), text);
  const html = bundleOf(filters)['text/html'];
  assert.ok(html.startsWith('<div class="service-model"><strong>EventFilter[] · 2 filters</strong><table>'), html);
  assert.ok(html.includes('<tr><td></td><td></td><td>DE, FR</td><td>FORECAST</td><td>2023-09-01 00:00:00</td></tr>'), html);
  assert.is(
    inspect({ f: filters[1] }, { breakLength: Infinity }),
    '{ f: <EventFilter: areas=DE, FR, dataTypes=FORECAST, begin=2023-09-01 00:00:00> }',
  );
});

test.run();
