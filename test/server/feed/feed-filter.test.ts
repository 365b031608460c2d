import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_FILTERS, matchesAny, parseFeedFilters } from '../../../server/src/feed';
import type { CurveRecord, EventRecord } from '../../../server/src/store';
import { curveRecord } from '../../helpers/records';

const curve = (over: Partial<CurveRecord> = {}): CurveRecord =>
  curveRecord('DE Wind Power Production MWh/h 15min Actual', { categories: ['Wind', 'Power', 'Production'], frequency: 'PT15M', ...over });

const event = (over: Partial<EventRecord> = {}): EventRecord => ({
  id: '1704067200000-0',
  type: 'CURVE_UPDATE',
  curve: 'x',
  begin: null,
  end: null,
  issued: null,
  tag: null,
  created: 0,
  ...over,
});

function one(json: unknown) {
  const errors: string[] = [];
  const [f] = parseFeedFilters([json], errors);
  assert.equal(errors, []);
  return f;
}

test('attribute filters match any value of each field and all fields', () => {
  const f = one({ areas: ['DE', 'NL'], data_types: ['ACTUAL'], commodities: ['power'], categories: ['wind', 'solar'] });
  assert.ok(f!.matches(event(), curve()));
  assert.not.ok(f!.matches(event(), curve({ area: 'FR' })));
  assert.not.ok(f!.matches(event(), curve({ dataType: 'FORECAST' })));
  assert.not.ok(f!.matches(event(), curve({ commodity: 'Gas' })));
  assert.not.ok(f!.matches(event(), curve({ commodity: null })));
  assert.not.ok(f!.matches(event(), curve({ categories: ['Solar2'] })));
  assert.ok(f!.matches(event(), curve({ area: 'NL', categories: ['Solar', 'Photovoltaic'] })));
});

test('areas match an exchange curve by its exporting or importing area, by exact tag', () => {
  const f = one({ areas: ['de'] });
  assert.ok(f!.matches(event(), curve({ area: 'FR', areaSink: 'DE' })));
  assert.ok(f!.matches(event(), curve({ area: 'DE', areaSink: 'FR' })));
  assert.not.ok(f!.matches(event(), curve({ area: 'DE-TenneT' })));
});

test('exact categories compare the whole combination, ignoring case', () => {
  const f = one({ exact_categories: ['wind power production'] });
  assert.ok(f!.matches(event(), curve()));
  assert.not.ok(f!.matches(event(), curve({ categories: ['Wind', 'Power', 'Production', 'Offshore'] })));
});

test('curve names match exactly; event types narrow', () => {
  const f = one({ curve_names: ['DE Wind Power Production MWh/h 15min Actual'], event_types: ['CURVE_DELETE', 'CURVE_UPDATE'] });
  assert.ok(f!.matches(event(), curve()));
  assert.not.ok(f!.matches(event({ type: 'CURVE_TRUNCATE' }), curve()));
  assert.not.ok(f!.matches(event(), curve({ name: 'de wind power production mwh/h 15min actual' })));
});

test('tags and exclude tags act on instance events only, ignoring case', () => {
  const f = one({ tags: ['EC', 'gfs'], exclude_tags: ['GFS'] });
  const inst = (tag: string) => event({ issued: 0, tag });
  assert.ok(f!.matches(inst('ec'), curve()));
  assert.not.ok(f!.matches(inst('gfs'), curve()), 'excluded wins');
  assert.not.ok(f!.matches(inst('icon'), curve()));
  assert.ok(f!.matches(event(), curve()), 'an event without an instance is not filtered by tags');
  assert.not.ok(f!.matches(inst(''), curve()), 'an instance without a tag is not in the tag list');
});

test('begin/end keep overlapping ranges; wall-clock bounds are read in the curve zone', () => {
  // begin 2024-03-31 03:00 in CET = 01:00Z (CEST, +02:00, after the 02:00 -> 03:00 jump)
  const f = one({ begin: '2024-03-31 03:00:00' });
  const h = (n: number) => Date.UTC(2024, 2, 31, n);
  assert.not.ok(f!.matches(event({ begin: h(0), end: h(1) }), curve()), '[00Z, 01Z) ends where the filter begins');
  assert.ok(f!.matches(event({ begin: h(0), end: h(1) + 1 }), curve()));
  // in a UTC curve the same text is 03:00Z
  assert.not.ok(f!.matches(event({ begin: h(2), end: h(3) }), curve({ timezone: 'UTC' })));
  assert.ok(f!.matches(event({ begin: h(3), end: h(3) }), curve({ timezone: 'UTC' })), 'an empty range counts as its first instant');
  const g = one({ end: '2024-03-31T01:00:00Z' });
  assert.ok(g!.matches(event({ begin: h(0), end: h(5) }), curve()));
  assert.not.ok(g!.matches(event({ begin: h(1), end: h(5) }), curve()), 'end is exclusive');
  assert.ok(g!.matches(event(), curve()), 'events without a range pass');
});

test('accepted filters are echoed canonically', () => {
  assert.equal(one({ areas: ['de', 'DE', 'no2'], data_types: 'forecast', event_types: ['curve_update'] })!.json, {
    event_types: ['CURVE_UPDATE'],
    areas: ['DE', 'NO2'],
    data_types: ['FORECAST'],
  });
  assert.equal(one({ begin: '2023-09-01', end: '2023-09-02T06:00+02:00' })!.json, {
    begin: '2023-09-01 00:00:00',
    end: '2023-09-02 06:00:00+02:00',
  });
  assert.equal(one({ areas: null, curve_names: ['X'] })!.json, { curve_names: ['X'] }, 'null counts as unset');
});

test('bad filters are refused with one message per problem', () => {
  const errors: string[] = [];
  assert.equal(parseFeedFilters([{ areas: [] }, { data_types: ['ACTUAL', 'nope'] }, 5], errors), []);
  assert.equal(errors, [
    'filters[0].areas: expected a non-empty list of non-empty strings',
    'filters[1].data_types: unknown value "nope"',
    'filters[2]: expected a filter object',
  ]);
  const many: string[] = [];
  parseFeedFilters(
    Array.from({ length: MAX_FILTERS + 1 }, () => ({})),
    many,
  );
  assert.equal(many, ['filters: too many filters (11; at most 10)']);
});

test('matchesAny: one matching filter is enough', () => {
  const errors: string[] = [];
  const filters = parseFeedFilters([{ areas: ['FR'] }, { data_types: ['ACTUAL'] }], errors);
  assert.ok(matchesAny(filters, event(), curve()));
  assert.not.ok(matchesAny(filters, event(), curve({ dataType: 'FORECAST' })));
});

test.run();
