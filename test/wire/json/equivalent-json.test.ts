import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonDifferences } from './equivalent-json';

// The comparison the fixture test relies on must itself catch real differences.

test('equal bodies have no differences', () => {
  assert.equal(jsonDifferences({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] }), []);
});

test('absent equals null, but a value does not', () => {
  assert.equal(jsonDifferences({ a: 1 }, { a: 1, b: null }), []);
  assert.equal(jsonDifferences({ a: 1 }, { a: 2 }), ['.a: 1 vs 2']);
  assert.equal(jsonDifferences({ a: 1 }, { a: 1, b: 0 }), ['.b: undefined vs 0']);
});

test('date-times compare as instants, not as text', () => {
  // 2020-06-01T00:00:00+02:00 = 2020-05-31T22:00:00Z
  assert.equal(jsonDifferences({ d: '2020-06-01T00:00:00+02:00' }, { d: '2020-05-31T22:00:00+00:00' }), []);
  assert.equal(jsonDifferences({ d: '2020-06-01T00:00:00+02:00' }, { d: '2020-06-01T00:00:00+01:00' }).length, 1);
});

test('date keys compare by date part; other strings exactly', () => {
  assert.equal(jsonDifferences({ traded_at: '2020-01-03T00:00:00+01:00' }, { traded_at: '2020-01-03' }), []);
  assert.equal(jsonDifferences({ traded_at: '2020-01-03' }, { traded_at: '2020-01-04' }).length, 1);
  assert.equal(jsonDifferences({ tag: 'ec' }, { tag: 'EC' }).length, 1);
});

test('list lengths, null lists and instance scenarios', () => {
  assert.equal(jsonDifferences([1, 2], [1]), [': 2 items vs 1']);
  assert.equal(jsonDifferences({ fuels: null }, { fuels: [] }), []);
  assert.equal(jsonDifferences({ fuels: null }, { fuels: ['Coal'] }).length, 1);
  assert.equal(jsonDifferences({ issued: 'x', scenarios: null }, { issued: 'x', scenarios: 0 }), []);
  assert.equal(jsonDifferences({ scenarios: null }, { scenarios: 0 }).length, 1);
});

test('MEAN equals AVERAGE; issued zone null equals UTC only for instance curves', () => {
  assert.equal(jsonDifferences({ aggregation: 'MEAN' }, { aggregation: 'AVERAGE' }), []);
  assert.equal(jsonDifferences({ aggregation: 'MEAN' }, { aggregation: 'SUM' }).length, 1);
  assert.equal(
    jsonDifferences(
      { curve_type: 'INSTANCE', instance_issued_timezone: null },
      { curve_type: 'INSTANCE', instance_issued_timezone: 'UTC' },
    ),
    [],
  );
  assert.equal(
    jsonDifferences(
      { curve_type: 'TIMESERIES', instance_issued_timezone: null },
      { curve_type: 'TIMESERIES', instance_issued_timezone: 'UTC' },
    ).length,
    1,
  );
});

test.run();
