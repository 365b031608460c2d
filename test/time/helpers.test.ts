import { DateTime, Settings } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { CET, GAS_DAY, TRT, UTC, getDate, getDatetime, localTz, now, systemClock, toDateTime, toTimezone, today } from '../../src/time';

const isValueError = (e: unknown) => e instanceof ValueError;
const utc = (dt: DateTime) => dt.toUTC().toISO();

test('toDateTime: ISO with offset is that instant, shown in the zone', () => {
  const a = toDateTime('2024-03-31T03:00:00+02:00');
  assert.is(utc(a), '2024-03-31T01:00:00.000Z');
  assert.is(a.zone, CET);
  assert.is(a.toISO(), '2024-03-31T03:00:00.000+02:00');
  assert.is(toDateTime('2024-03-31T03:00:00+02:00', 'UTC').toISO(), '2024-03-31T01:00:00.000Z');
  // the wire's space separator
  assert.is(utc(toDateTime('2020-06-01 00:00:00+02:00')), '2020-05-31T22:00:00.000Z');
  // Z and compact offsets
  assert.is(toDateTime('2024-03-31T12:00:00Z', GAS_DAY).toISO(), '2024-03-31T08:00:00.000-04:00');
  assert.is(utc(toDateTime('2024-01-01T00:00:00+0530')), '2023-12-31T18:30:00.000Z');
  assert.is(utc(toDateTime('2024-01-01T00:00-05', TRT)), '2024-01-01T05:00:00.000Z');
});

test('toDateTime: ISO without offset is wall-clock time in the zone', () => {
  // 2024-06-01 00:00 CEST (+02:00) = 2024-05-31T22:00Z; in Istanbul (+03:00) = 21:00Z
  assert.is(utc(toDateTime('2024-06-01T00:00:00')), '2024-05-31T22:00:00.000Z');
  assert.is(utc(toDateTime('2024-06-01T00:00:00', 'Europe/Istanbul')), '2024-05-31T21:00:00.000Z');
  assert.is(utc(toDateTime('2024-06-01 06:30', GAS_DAY)), '2024-06-01T10:30:00.000Z');
  assert.is(utc(toDateTime('2024-06-01T12:00:00.123456')), '2024-06-01T10:00:00.123Z');
  // ambiguous 2024-10-27 02:30 CET -> standard time +01:00 (01:30Z)
  assert.is(utc(toDateTime('2024-10-27T02:30:00')), '2024-10-27T01:30:00.000Z');
  // 2024-03-31 02:30 does not exist in CET -> 03:30+02:00 (01:30Z)
  assert.is(toDateTime('2024-03-31T02:30:00').toISO(), '2024-03-31T03:30:00.000+02:00');
});

test('toDateTime: YYYY-MM-DD is local midnight in the zone', () => {
  assert.is(toDateTime('2024-03-31').toISO(), '2024-03-31T00:00:00.000+01:00');
  assert.is(utc(toDateTime('2024-03-31')), '2024-03-30T23:00:00.000Z');
  assert.is(utc(toDateTime('2024-07-01')), '2024-06-30T22:00:00.000Z');
  assert.is(toDateTime('2024-03-31', 'UTC').toISO(), '2024-03-31T00:00:00.000Z');
  // gas day 2024-03-31 starts 06:00+02:00 = 04:00Z
  assert.is(utc(toDateTime('2024-03-31', GAS_DAY)), '2024-03-31T04:00:00.000Z');
  assert.is(toDateTime(' 2024-02-29 ').toISODate(), '2024-02-29');
});

test('toDateTime: Date is the instant; DateTime keeps or changes its zone', () => {
  const d = toDateTime(new Date(Date.UTC(2024, 0, 1)));
  assert.is(d.toISO(), '2024-01-01T01:00:00.000+01:00');
  assert.is(toDateTime(new Date(Date.UTC(2024, 0, 1)), UTC).toISO(), '2024-01-01T00:00:00.000Z');
  const x = DateTime.fromMillis(Date.UTC(2024, 6, 1, 10), { zone: TRT });
  assert.is(toDateTime(x), x);
  assert.is(toDateTime(x, CET).toISO(), '2024-07-01T12:00:00.000+02:00');
  assert.is(toDateTime(x, 'Europe/Gas_Day').toISO(), '2024-07-01T06:00:00.000-04:00');
});

test('toDateTime: invalid inputs throw ValueError', () => {
  const bad: unknown[] = [
    'nonsense',
    '2024-02-30',
    '2023-02-29',
    '2024-13-01T00:00',
    '2024-01-01T25:00',
    '',
    new Date(Number.NaN),
    DateTime.invalid('broken'),
    42,
    null,
    undefined,
  ];
  for (const input of bad) assert.throws(() => toDateTime(input as never), isValueError, String(input));
  assert.throws(() => toDateTime('2024-01-01', 'Nowhere/Zone'), isValueError);
});

test('now and today read the given clock', () => {
  const clock = () => Date.UTC(2024, 2, 31, 12); // 2024-03-31T14:00+02:00 in CET
  assert.is(now(CET, clock).toISO(), '2024-03-31T14:00:00.000+02:00');
  assert.is(now('UTC', () => 0).toISO(), '1970-01-01T00:00:00.000Z');
  assert.is(today(CET, clock).toISO(), '2024-03-31T00:00:00.000+01:00');
  // 2024-03-31T03:00Z is still gas day 2024-03-30 (started 05:00Z on the 30th)
  assert.is(today(GAS_DAY, () => Date.UTC(2024, 2, 31, 3)).toISO(), '2024-03-30T00:00:00.000-05:00');
  // defaults: CET and the system clock (pinned through luxon's Settings.now)
  const saved = Settings.now;
  try {
    Settings.now = () => Date.UTC(2024, 9, 27, 0, 30); // 02:30+02:00 CET, first pass
    assert.is(systemClock(), Date.UTC(2024, 9, 27, 0, 30));
    assert.is(now().toISO(), '2024-10-27T02:30:00.000+02:00');
    assert.is(today().toISO(), '2024-10-27T00:00:00.000+02:00');
  } finally {
    Settings.now = saved;
  }
});

test('getDatetime builds wall-clock times; DST edges and bad fields', () => {
  assert.is(getDatetime(2024).toISO(), '2024-01-01T00:00:00.000+01:00');
  assert.is(getDatetime(2024, 7, 1, 12, 30, 15, 250).toISO(), '2024-07-01T12:30:15.250+02:00');
  assert.is(getDatetime(2024, 7, 1, 0, 0, 0, 0, 'UTC').toISO(), '2024-07-01T00:00:00.000Z');
  assert.is(getDatetime(2024, 7, 1, 0, 0, 0, 0, GAS_DAY).toISO(), '2024-07-01T00:00:00.000-04:00');
  // ambiguous -> standard time; gap -> moved forward
  assert.is(getDatetime(2024, 10, 27, 2, 30).toISO(), '2024-10-27T02:30:00.000+01:00');
  assert.is(getDatetime(2024, 3, 31, 2, 30).toISO(), '2024-03-31T03:30:00.000+02:00');
  assert.throws(() => getDatetime(2024, 2, 30), isValueError);
  assert.throws(() => getDatetime(2024, 13), isValueError);
  assert.throws(() => getDatetime(2024, 1, 1, 24), isValueError);
  assert.throws(() => getDatetime(2024.5), isValueError);
});

test('getDate gives plain YYYY-MM-DD dates', () => {
  assert.is(getDate(2024, 3, 31), '2024-03-31');
  assert.is(getDate(2024), '2024-01-01');
  assert.is(getDate(987, 12, 5), '0987-12-05');
  assert.is(getDate(2024, 2, 29), '2024-02-29');
  assert.throws(() => getDate(2023, 2, 29), isValueError);
  assert.throws(() => getDate(2024, 0, 1), isValueError);
  // a plain date means local midnight where it is used
  assert.is(utc(toDateTime(getDate(2024, 3, 31), GAS_DAY)), '2024-03-31T04:00:00.000Z');
});

test('toTimezone converts instants and reads wall-clock text in the target zone', () => {
  assert.is(toTimezone('2024-07-01T00:00:00Z', 'Europe/Istanbul').toISO(), '2024-07-01T03:00:00.000+03:00');
  assert.is(toTimezone(DateTime.fromMillis(0, { zone: UTC })).toISO(), '1970-01-01T01:00:00.000+01:00');
  assert.is(utc(toTimezone('2024-07-01T00:00:00', TRT)), '2024-06-30T21:00:00.000Z');
});

test('localTz is the machine zone (TZ is pinned by the test command)', () => {
  const expected = Intl.DateTimeFormat().resolvedOptions().timeZone;
  assert.is(localTz().name, expected);
  if (process.env.TZ === 'America/New_York') {
    // 2024-07-01 is EDT, -04:00
    assert.is(localTz().offset(Date.UTC(2024, 6, 1)), -240);
  }
  assert.ok(localTz().isValid);
});

test.run();
