import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { OHLCField } from '../../src/model';
import { getDate } from '../../src/time';
import * as s from './samples';

test('kind predicates and header', () => {
  const c = s.specific();
  assert.ok(c.isSpecific());
  assert.not.ok(c.isContinuous());
  assert.is(c.columnHeader(), 'year 2024-01-01 settlement');
  assert.is(c.with({ field: null }).columnHeader(), 'year 2024-01-01');
});

test('delivery is a calendar date from any date input', () => {
  assert.is(
    s
      .specific()
      .with({ delivery: getDate(2020, 12, 1) })
      .delivery.toISODate(),
    '2020-12-01',
  );
  // 2020-12-01T00:00+01:00 is 2020-11-30T23:00Z, but its own calendar date is the 1st.
  const cet = DateTime.fromISO('2020-12-01T00:00:00+01:00', { setZone: true });
  assert.is(s.specific().with({ delivery: cet }).delivery.toISODate(), '2020-12-01');
  assert.is(
    s
      .specific()
      .with({ delivery: new Date(Date.UTC(2020, 11, 1)) })
      .delivery.toISODate(),
    '2020-12-01',
  );
  assert.throws(() => s.specific().with({ delivery: 'Dec' }), s.isA(ValueError));
});

test('equals, toJSON, toString', () => {
  const c = s.specific();
  assert.ok(c.equals(s.specific()));
  assert.not.ok(c.equals(c.with({ field: OHLCField.CLOSE })));
  assert.not.ok(c.equals(s.continuous()));
  assert.equal(c.toJSON(), { type: 'SPECIFIC', period: 'year', delivery: '2024-01-01', field: 'settlement' });
  assert.is(c.toString(), '<SpecificContract: period=year, delivery=2024-01-01, field=settlement>');
});

test.run();
