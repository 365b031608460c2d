import { DateTime, FixedOffsetZone, IANAZone } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../../src/exceptions';
import { CET, GAS_DAY, UTC } from '../../../src/time';
import { formatDateTimeIso, formatInstant, formatInstants, offsetText } from '../../../src/wire';

test('offsets are written ±HH:MM, UTC as +00:00', () => {
  assert.is(offsetText(0), '+00:00');
  assert.is(offsetText(120), '+02:00');
  assert.is(offsetText(-240), '-04:00');
  assert.is(offsetText(330), '+05:30');
  assert.is(offsetText(-210), '-03:30');
});

test('offsets of seconds (local mean time) are written ±HH:MM:SS, as Python writes them, worked out by hand', () => {
  assert.is(offsetText(-(3 * 60 + 30 + 52 / 60)), '-03:30:52');
  assert.is(offsetText(-44.5), '-00:44:30');
  assert.is(offsetText(19 + 32 / 60), '+00:19:32');
  // St. John's kept -03:30:52 until 1935: 1930-04-01T17:04:25.856Z is 13:33:33.856 there
  const stJohns = IANAZone.create('America/St_Johns');
  assert.is(formatInstant(Date.UTC(1930, 3, 1, 17, 4, 25, 856), stJohns), '1930-04-01T13:33:33.856000-03:30:52');
  // Monrovia kept -00:44:30 until 1972: midnight UTC of 1971-06-01 is 23:15:30 the day before
  assert.is(formatInstant(Date.UTC(1971, 5, 1), IANAZone.create('Africa/Monrovia')), '1971-05-31T23:15:30-00:44:30');
  assert.equal(formatInstants(Float64Array.of(Date.UTC(1971, 5, 1), Date.UTC(1972, 5, 1)), IANAZone.create('Africa/Monrovia')), [
    '1971-05-31T23:15:30-00:44:30',
    '1972-06-01T00:00:00+00:00',
  ]);
});

test('instants in CET around the DST changes, worked out by hand', () => {
  // 2020-03-29: 01:59:59 CET (+01:00) is followed by 03:00 CEST (+02:00) at 01:00Z
  assert.is(formatInstant(Date.UTC(2020, 2, 29, 0, 45), CET), '2020-03-29T01:45:00+01:00');
  assert.is(formatInstant(Date.UTC(2020, 2, 29, 1), CET), '2020-03-29T03:00:00+02:00');
  // 2020-10-25: 02:00 happens twice, first at +02:00 (00:00Z), then at +01:00 (01:00Z)
  assert.is(formatInstant(Date.UTC(2020, 9, 25, 0), CET), '2020-10-25T02:00:00+02:00');
  assert.is(formatInstant(Date.UTC(2020, 9, 25, 1), CET), '2020-10-25T02:00:00+01:00');
  // Gas_Day: days start 06:00 CET/CEST, i.e. UTC-4 in summer and UTC-5 in winter
  assert.is(formatInstant(Date.UTC(2020, 5, 1, 4), GAS_DAY), '2020-06-01T00:00:00-04:00');
  assert.is(formatInstant(Date.UTC(2020, 0, 15, 5), GAS_DAY), '2020-01-15T00:00:00-05:00');
  assert.is(formatInstant(Date.UTC(2020, 5, 1), UTC), '2020-06-01T00:00:00+00:00');
  // milliseconds are written as microseconds, like Python's isoformat()
  assert.is(formatInstant(Date.UTC(2020, 0, 1, 0, 0, 7, 5), UTC), '2020-01-01T00:00:07.005000+00:00');
  // Asia/Kolkata is +05:30 all year: 2020-06-01T00:00Z = 05:30 local
  assert.is(formatInstant(Date.UTC(2020, 5, 1), IANAZone.create('Asia/Kolkata')), '2020-06-01T05:30:00+05:30');
  // America/St_Johns in January is NST, -03:30: 12:00Z = 08:30 local
  assert.is(formatInstant(Date.UTC(2020, 0, 15, 12), IANAZone.create('America/St_Johns')), '2020-01-15T08:30:00-03:30');
});

test('a column across the CET autumn change, worked out by hand', () => {
  // 2020-10-25 00:00 CEST = 2020-10-24T22:00Z; hourly for 5 hours (the 25-hour day)
  const times = Float64Array.from({ length: 5 }, (_, i) => Date.UTC(2020, 9, 24, 22 + i));
  assert.equal(formatInstants(times, CET), [
    '2020-10-25T00:00:00+02:00',
    '2020-10-25T01:00:00+02:00',
    '2020-10-25T02:00:00+02:00',
    '2020-10-25T02:00:00+01:00',
    '2020-10-25T03:00:00+01:00',
  ]);
});

test('a year of quarter-hours in CET matches luxon value by value', () => {
  // 2023-01-01 00:00 CET = 2022-12-31T23:00Z; 35 040 quarter-hours to 2024-01-01 00:00 CET
  const times = Float64Array.from({ length: 35_040 }, (_, i) => Date.UTC(2022, 11, 31, 23) + i * 900_000);
  const texts = formatInstants(times, CET);
  assert.is(texts[0], '2023-01-01T00:00:00+01:00');
  assert.is(texts[35_039], '2023-12-31T23:45:00+01:00');
  for (let i = 0; i < times.length; i++) {
    const expected = DateTime.fromMillis(times[i] as number, { zone: CET }).toISO({ suppressMilliseconds: true });
    if (texts[i] !== expected) assert.is(texts[i], expected, `index ${i}`);
  }
});

test('unsorted columns and other zones match formatInstant', () => {
  const times = Float64Array.of(
    Date.UTC(2021, 5, 1, 3, 7, 9, 250),
    Date.UTC(1999, 0, 1),
    Date.UTC(2020, 2, 29, 1),
    Date.UTC(2035, 11, 31, 23, 59, 59),
    Date.UTC(2020, 2, 29, 0, 59),
    Date.UTC(2021, 5, 1, 3),
  );
  for (const zone of [CET, GAS_DAY, UTC, IANAZone.create('America/New_York'), IANAZone.create('Australia/Lord_Howe')]) {
    assert.equal(
      formatInstants(times, zone),
      Array.from(times, (t) => formatInstant(t, zone)),
      zone.name,
    );
  }
  assert.equal(formatInstants(new Float64Array(0), CET), []);
});

test("formatDateTimeIso uses the DateTime's own zone", () => {
  assert.is(
    formatDateTimeIso(DateTime.fromMillis(Date.UTC(2020, 5, 1), { zone: FixedOffsetZone.instance(120) })),
    '2020-06-01T02:00:00+02:00',
  );
  assert.is(formatDateTimeIso(DateTime.fromMillis(Date.UTC(2020, 5, 1), { zone: UTC })), '2020-06-01T00:00:00+00:00');
  assert.throws(
    () => formatDateTimeIso(DateTime.invalid('test')),
    (e: unknown) => e instanceof ValueError,
  );
});

test('values that cannot be written raise ValueError', () => {
  assert.throws(
    () => formatInstant(Number.NaN, CET),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => formatInstants(Float64Array.of(0, Number.NaN), CET),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => formatInstant(Date.UTC(10_000, 0, 1), UTC),
    (e: unknown) => e instanceof ValueError && /10000/.test(e.message),
  );
});

test.run();
