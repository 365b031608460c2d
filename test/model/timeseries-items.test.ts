import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DateTime } from 'luxon';
import { ValueError } from '../../src/exceptions';
import { columnsFromItems, itemAt, itemToJSON, normaliseColumns } from '../../src/model/timeseries-items';
import { CET, UTC } from '../../src/time';

test('itemAt builds the three item forms', () => {
  const times = new Float64Array([0]);
  assert.equal(Object.keys(itemAt(times, new Float64Array([1]), [], UTC, 0)), ['date', 'value']);
  assert.equal(Object.keys(itemAt(times, null, [new Float64Array([2])], UTC, 0)), ['date', 'scenarios']);
  const both = itemAt(times, new Float64Array([NaN]), [new Float64Array([2])], CET, 0);
  assert.equal(Object.keys(both), ['date', 'value', 'scenarios']);
  // Epoch 0 = 1970-01-01T01:00+01:00 in CET.
  assert.is(both.date.toISO(), '1970-01-01T01:00:00.000+01:00');
});

test('columnsFromItems: empty, values, missing values', () => {
  const empty = columnsFromItems([], CET);
  assert.equal([empty.times.length, empty.values?.length, empty.scenarios.length], [0, 0, 0]);
  // 2024-01-01T00:00 CET = 2023-12-31T23:00Z.
  const c = columnsFromItems([{ date: '2024-01-01', value: 1 }, { date: '2024-01-01T01:00' }], CET);
  assert.equal(Array.from(c.times), [Date.UTC(2023, 11, 31, 23), Date.UTC(2024, 0, 1, 0)]);
  assert.ok(Number.isNaN(c.values?.[1]));
});

test('normaliseColumns and itemToJSON', () => {
  assert.equal(normaliseColumns({ times: [0], scenarios: [[1], [2]] }).scenarioNames, ['e00', 'e01']);
  assert.is(normaliseColumns({}).values?.length, 0);
  assert.throws(
    () => normaliseColumns({ times: [0] }),
    (e: unknown) => e instanceof ValueError,
  );
  const date = DateTime.fromISO('2024-01-01T00:00:00+01:00', { setZone: true });
  assert.equal(itemToJSON({ date, value: null, scenarios: [1] }), { d: '2024-01-01T00:00:00+01:00', v: null, s: [1] });
  assert.equal(itemToJSON({ date, scenarios: [] }), { d: '2024-01-01T00:00:00+01:00', s: [] });
});

test.run();
