import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { periodAt, periodColumnsFromItems } from '../../src/model/periodseries-items';
import { CET } from '../../src/time';

test('periodColumnsFromItems and periodAt', () => {
  // 2020-01-01 CET midnight = 2019-12-31T23:00Z; 2020-01-02 = 2020-01-01T23:00Z.
  const c = periodColumnsFromItems([{ begin: '2020-01-01', end: '2020-01-02', installed: 5 }], CET);
  assert.equal(
    [c.begins[0], c.ends[0], Number.isNaN(c.values[0]), c.capacities?.[0]],
    [Date.UTC(2019, 11, 31, 23), Date.UTC(2020, 0, 1, 23), true, 5],
  );
  const p = periodAt(c, CET, 0);
  assert.equal([p.begin.toISO(), p.value, 'installed' in p], ['2020-01-01T00:00:00.000+01:00', null, true]);
  assert.is(periodColumnsFromItems([], CET).capacities, null);
});

test.run();
