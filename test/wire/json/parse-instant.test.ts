import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CET, GAS_DAY, UTC } from '../../../src/time';
import { isCalendarDate, lastOffsetMinutes, parseInstant, scanInstant } from '../../../src/wire';

test('offset forms read as instants, worked out by hand', () => {
  // CEST began 2020-03-29 at 02:00 CET: 03:00+02:00 = 01:00Z
  assert.is(scanInstant('2020-03-29T03:00:00+02:00'), Date.UTC(2020, 2, 29, 1));
  // Gas_Day in summer is UTC-4: 2020-06-01 00:00-04:00 = 04:00Z
  assert.is(scanInstant('2020-06-01T00:00:00-04:00'), Date.UTC(2020, 5, 1, 4));
  assert.is(scanInstant('2020-06-01T00:00:00Z'), Date.UTC(2020, 5, 1));
  assert.is(scanInstant('2020-06-01t00:00:00z'), Date.UTC(2020, 5, 1));
  // space separator (the reference's own to_dict format), no seconds, ±HHMM, ±HH
  assert.is(scanInstant('2020-06-01 12:30:00+00:00'), Date.UTC(2020, 5, 1, 12, 30));
  assert.is(scanInstant('2020-06-01T12:30+02:00'), Date.UTC(2020, 5, 1, 10, 30));
  // +05:30 (India): 12:00+0530 = 06:30Z; -03 = 15:00Z
  assert.is(scanInstant('2020-06-01T12:00:00+0530'), Date.UTC(2020, 5, 1, 6, 30));
  assert.is(scanInstant('2020-06-01T12:00:00-03'), Date.UTC(2020, 5, 1, 15));
  // fractions: any number of digits, truncated to milliseconds
  assert.is(scanInstant('2020-06-01T00:00:00.5Z'), Date.UTC(2020, 5, 1, 0, 0, 0, 500));
  assert.is(scanInstant('2020-06-01T00:00:00.123456+00:00'), Date.UTC(2020, 5, 1, 0, 0, 0, 123));
  assert.is(scanInstant('2020-06-01T00:00:00.9999Z'), Date.UTC(2020, 5, 1, 0, 0, 0, 999));
  // leap day, and the day after a cached date
  assert.is(scanInstant('2020-02-29T23:00:00-01:00'), Date.UTC(2020, 2, 1));
  assert.is(scanInstant('2020-03-01T00:00:00+00:00'), Date.UTC(2020, 2, 1));
});

test('offsets of seconds (local mean time, as Python writes them) are read, worked out by hand', () => {
  assert.is(scanInstant('1971-05-31T23:15:30-00:44:30'), Date.UTC(1971, 5, 1));
  assert.is(scanInstant('1930-04-01T13:33:33.856000-03:30:52'), Date.UTC(1930, 3, 1, 17, 4, 25, 856));
  assert.is(scanInstant('1930-04-01T13:33:33+00:19:32'), Date.UTC(1930, 3, 1, 13, 14, 1));
  // only in the extended form, two digits, below 60
  assert.ok(Number.isNaN(scanInstant('1930-04-01T13:33:33-033052')));
  assert.ok(Number.isNaN(scanInstant('1930-04-01T13:33:33-03:30:5')));
  assert.ok(Number.isNaN(scanInstant('1930-04-01T13:33:33-03:30:60')));
  assert.ok(Number.isNaN(scanInstant('1930-04-01T13:33:33-03:30:00')), 'zero seconds are written without');
  assert.ok(Number.isNaN(scanInstant('1930-04-01T13:33:33-03:30:52:')));
});

test('the offset of the last text read is kept', () => {
  scanInstant('2020-06-01T00:00:00-04:00');
  assert.is(lastOffsetMinutes(), -240);
  parseInstant('2020-06-01T00:00:00+05:30', CET);
  assert.is(lastOffsetMinutes(), 330);
  parseInstant('2020-06-01', CET);
  assert.ok(Number.isNaN(lastOffsetMinutes()));
});

test('texts that are not strict ISO 8601 give NaN', () => {
  const bad = [
    '',
    '2020-02-30T00:00:00Z',
    '2021-02-29T00:00:00Z',
    '2020-13-01T00:00:00Z',
    '2020-06-01T24:00:00Z',
    '2020-06-01T23:60:00Z',
    '2020-06-01T00:00:60Z',
    '2020-06-01T00:00:00+24:00',
    '2020-06-01T00:00:00+02:60',
    '2020-06-01T00:00:00+02:0',
    '2020-06-01T00:00:00+2',
    '2020-06-01T00:00:00.Z',
    '2020-06-01X00:00:00Z',
    '2020-06-01T00:00:00Z ',
    '2020-6-01T00:00:00Z',
    '20200601T000000Z',
    'yesterday',
    '2020-06-01T00:00:00ZZ',
    '2020-W01-1T00:00:00Z',
    '2020-06-01T00:00:00+02:00:00',
    '2020-02-30',
    '2020-06-01T25:00',
    '2020-06-01T00:00:00.',
    '2020-06-01T00',
  ];
  for (const text of bad) {
    assert.ok(Number.isNaN(scanInstant(text)), `scan ${text}`);
    assert.ok(Number.isNaN(parseInstant(text, CET)), `parse ${text}`);
  }
  // NaN for the scanner, but a valid wall-clock time for parseInstant
  assert.ok(Number.isNaN(scanInstant('2020-06-01T00:00:00')));
});

test('texts without an offset are wall-clock times in the zone', () => {
  // 2020-06-01 00:00 CEST (+02:00) = 2020-05-31T22:00Z
  assert.is(parseInstant('2020-06-01', CET), Date.UTC(2020, 4, 31, 22));
  assert.is(parseInstant('2020-06-01T06:15', CET), Date.UTC(2020, 5, 1, 4, 15));
  assert.is(parseInstant('2020-06-01 06:15:30.250', CET), Date.UTC(2020, 5, 1, 4, 15, 30, 250));
  // 2020-01-15 00:00 CET (+01:00) = 2020-01-14T23:00Z
  assert.is(parseInstant('2020-01-15T00:00:00', CET), Date.UTC(2020, 0, 14, 23));
  // ambiguous 2020-10-25 02:30 in CET: standard time (+01:00) = 01:30Z
  assert.is(parseInstant('2020-10-25T02:30:00', CET), Date.UTC(2020, 9, 25, 1, 30));
  // 2020-03-29 02:30 does not exist in CET: moves forward to 03:30+02:00 = 01:30Z
  assert.is(parseInstant('2020-03-29 02:30', CET), Date.UTC(2020, 2, 29, 1, 30));
  // Gas_Day: the day starts 06:00 CET/CEST; winter UTC-5 (05:00Z), summer UTC-4 (04:00Z)
  assert.is(parseInstant('2020-01-15', GAS_DAY), Date.UTC(2020, 0, 15, 5));
  assert.is(parseInstant('2020-06-01', GAS_DAY), Date.UTC(2020, 5, 1, 4));
  assert.is(parseInstant('2020-06-01', UTC), Date.UTC(2020, 5, 1));
  // an offset wins over the zone
  assert.is(parseInstant('2020-06-01T00:00:00Z', CET), Date.UTC(2020, 5, 1));
});

test('isCalendarDate knows month lengths and leap years', () => {
  assert.ok(isCalendarDate(2020, 2, 29));
  assert.not.ok(isCalendarDate(2021, 2, 29));
  assert.not.ok(isCalendarDate(1900, 2, 29));
  assert.ok(isCalendarDate(2000, 2, 29));
  assert.not.ok(isCalendarDate(2020, 4, 31));
  assert.not.ok(isCalendarDate(2020, 0, 1));
});

// A small deterministic generator, so the comparison is the same on every run.
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

test('the scanner agrees with luxon on 5000 generated texts', () => {
  const next = random(42);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const two = (n: number) => String(n).padStart(2, '0');
  let valid = 0;
  for (let i = 0; i < 5000; i++) {
    const date = `${int(1900, 2100)}-${two(int(1, 12))}-${two(int(1, 31))}`;
    const seconds = next() < 0.8 ? `:${two(int(0, 60))}${next() < 0.3 ? `.${String(int(0, 999_999)).padStart(int(1, 6), '0')}` : ''}` : '';
    const time = `${two(int(0, 23))}:${two(int(0, 59))}${seconds}`;
    const oh = two(int(0, 23));
    const om = two(int(0, 59));
    const sign = next() < 0.5 ? '+' : '-';
    const offset = [`Z`, `${sign}${oh}:${om}`, `${sign}${oh}${om}`, `${sign}${oh}`][int(0, 3)] as string;
    const sep = next() < 0.7 ? 'T' : ' ';
    const text = `${date}${sep}${time}${offset}`;
    const lux = DateTime.fromISO(text.replace(' ', 'T'), { setZone: true });
    const mine = scanInstant(text);
    if (lux.isValid) {
      valid++;
      assert.is(mine, lux.toMillis(), text);
      assert.is(lastOffsetMinutes(), lux.offset, text);
    } else {
      assert.ok(Number.isNaN(mine), text);
    }
  }
  assert.ok(valid > 4000, `only ${valid} valid texts were compared`);
});

test('naive texts agree with luxon wall-clock times away from DST changes', () => {
  const next = random(7);
  for (let i = 0; i < 500; i++) {
    // days 2..20 of each month never hold a CET DST change (last Sundays of March/October)
    const text = `20${10 + Math.floor(next() * 20)}-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 10)}T${String(Math.floor(next() * 24)).padStart(2, '0')}:15:00`;
    assert.is(parseInstant(text, CET), DateTime.fromISO(text, { zone: CET }).toMillis(), text);
  }
});

test.run();
