import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { calendarDate } from '../../src/model/calendar-date';
import * as s from './samples';

test('strings: the leading date counts', () => {
  assert.is(calendarDate('2020-12-01', 'd').toISO(), '2020-12-01T00:00:00.000Z');
  assert.is(calendarDate('2020-12-01T23:30:00-05:00', 'd').toISODate(), '2020-12-01');
  assert.is(calendarDate('2020-12-01 10:00', 'd').toISODate(), '2020-12-01');
});

test('DateTime: its own calendar date; Date: its UTC date', () => {
  // 2020-12-01T00:30+01:00 is 2020-11-30T23:30Z; its own date is the 1st.
  assert.is(calendarDate(DateTime.fromISO('2020-12-01T00:30:00+01:00', { setZone: true }), 'd').toISODate(), '2020-12-01');
  assert.is(calendarDate(new Date(Date.UTC(2020, 11, 1, 23)), 'd').toISODate(), '2020-12-01');
});

test('invalid dates raise ValueError naming the field', () => {
  const VE = (e: unknown) => e instanceof ValueError && e.message.startsWith('traded');
  assert.throws(() => calendarDate('2020-13-01', 'traded'), VE);
  assert.throws(() => calendarDate('01.12.2020', 'traded'), VE);
  assert.throws(() => calendarDate(new Date(NaN), 'traded'), VE);
  assert.throws(() => calendarDate(DateTime.invalid('x'), 'traded'), VE);
  assert.throws(() => calendarDate(7 as unknown as string, 'traded'), s.isA(ValueError));
});

test.run();
