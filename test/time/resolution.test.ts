import { DateTime } from 'luxon';
import { inspect } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { CET, Frequency, GAS_DAY, Resolution, TRT, UTC } from '../../src/time';

const isValueError = (e: unknown) => e instanceof ValueError;
const HOUR = 3_600_000;

test('construction, fields and wire form', () => {
  const r = new Resolution(Frequency.PT15M);
  assert.is(r.frequency, Frequency.PT15M);
  assert.is(r.zone, CET);
  assert.is(r.timezone, 'CET');
  assert.equal(r.toDict(), { frequency: 'PT15M', timezone: 'CET' });
  assert.is(JSON.stringify(r), '{"frequency":"PT15M","timezone":"CET"}');
  const g = new Resolution('p1d', 'Europe/Gas_Day');
  assert.is(g.frequency, Frequency.P1D);
  assert.is(g.zone, GAS_DAY);
  assert.equal(g.toDict(), { frequency: 'P1D', timezone: 'Europe/Gas_Day' });
  assert.is(new Resolution(Frequency.PT1H, 'europe/istanbul').timezone, 'Europe/Istanbul');
  assert.is(new Resolution(Frequency.PT1H, TRT).zone, TRT);
  assert.is(new Resolution('PT60M', 'utc').toString(), '<Resolution: frequency=PT1H, timezone=UTC>');
  assert.is(inspect(g), '<Resolution: frequency=P1D, timezone=Europe/Gas_Day>');
  assert.throws(() => new Resolution('P2D'), isValueError);
  assert.throws(() => new Resolution(Frequency.P1D, 'Nowhere/Else'), isValueError);
});

test('immutable value with brand check and equality', () => {
  const r = new Resolution(Frequency.P1D, 'CET');
  assert.ok(Object.isFrozen(r));
  assert.is(Reflect.set(r, 'timezone', 'UTC'), false);
  assert.ok(Resolution.isResolution(r));
  assert.not.ok(Resolution.isResolution({ frequency: 'P1D', timezone: 'CET' }));
  assert.not.ok(Resolution.isResolution(undefined));
  assert.ok(r.equals(new Resolution('P1D', 'cet')));
  assert.not.ok(r.equals(new Resolution('P1D', 'UTC')));
  assert.not.ok(r.equals(new Resolution('PT1H', 'CET')));
  assert.not.ok(r.equals(r.toDict()));
});

test('fromDict parses the wire form and rejects bad input', () => {
  const r = Resolution.fromDict({ frequency: 'PT15M', timezone: 'CET' });
  assert.ok(r.equals(new Resolution(Frequency.PT15M, CET)));
  assert.ok(Resolution.fromDict({ frequency: 'NONE', timezone: 'CET' }).frequency === Frequency.NONE);
  assert.is(Resolution.fromDict({ frequency: 'P1D', timezone: 'Europe/Gas_Day' }).zone, GAS_DAY);
  assert.is(Resolution.fromDict({ frequency: 'PT1H', timezone: 'Europe/Moscow' }).timezone, 'Europe/Moscow');
  for (const bad of [null, 'PT1H', { frequency: 'PT1H' }, { timezone: 'CET' }, { frequency: 'X', timezone: 'CET' }]) {
    assert.throws(() => Resolution.fromDict(bad as never), isValueError);
  }
  for (const f of Frequency.all()) {
    const dict = { frequency: f.tag, timezone: 'Europe/Gas_Day' };
    assert.equal(Resolution.fromDict(dict).toDict(), dict);
  }
});

test('datetime snaps down to the grid in the zone', () => {
  // 2024-04-03 (Wednesday) 15:00 -> week of Monday 2024-04-01, 00:00+02:00
  assert.is(new Resolution(Frequency.P1W).datetime(2024, 4, 3, 15).toISO(), '2024-04-01T00:00:00.000+02:00');
  assert.is(new Resolution(Frequency.PT15M).datetime(2024, 3, 31, 3, 44, 59, 999).toISO(), '2024-03-31T03:30:00.000+02:00');
  assert.is(new Resolution(Frequency.P1M, UTC).datetime(2024, 2, 29, 23).toISO(), '2024-02-01T00:00:00.000Z');
  assert.is(new Resolution(Frequency.SEASON).datetime(2021, 1, 15, 12).toISO(), '2020-10-01T00:00:00.000+02:00');
  assert.is(new Resolution(Frequency.P1Y).datetime(2024).toISO(), '2024-01-01T00:00:00.000+01:00');
  // gas day 2024-03-31, 05:00 gas time = 11:00 CEST
  assert.is(new Resolution(Frequency.PT1H, GAS_DAY).datetime(2024, 3, 31, 5, 30).toISO(), '2024-03-31T05:00:00.000-04:00');
  assert.throws(() => new Resolution(Frequency.P1D).datetime(2024, 2, 30), isValueError);
});

test('enumerate: CET DST days have 92/23 and 100/25 steps', () => {
  const q = new Resolution(Frequency.PT15M, CET);
  const h = new Resolution(Frequency.PT1H, CET);
  // 2024-03-31: 00:00+01:00 (23:00Z) to 2024-04-01T00:00+02:00 (22:00Z) = 23 hours
  assert.is(q.enumerate('2024-03-31', '2024-04-01').length, 92);
  assert.is(h.enumerate('2024-03-31', '2024-04-01').length, 23);
  // 2024-10-27: 00:00+02:00 (22:00Z on the 26th) to 2024-10-28T00:00+01:00 (23:00Z) = 25 hours
  assert.is(q.enumerate('2024-10-27', '2024-10-28').length, 100);
  assert.is(h.enumerate('2024-10-27', '2024-10-28').length, 25);
  assert.is(q.enumerate('2024-03-30', '2024-03-31').length, 96);
  const hours = h.enumerate('2024-03-31', '2024-04-01').map((d) => d.toFormat('HH:mm ZZ'));
  assert.equal(hours.slice(0, 4), ['00:00 +01:00', '01:00 +01:00', '03:00 +02:00', '04:00 +02:00']);
  const autumn = h.enumerate('2024-10-27', '2024-10-28').map((d) => d.toFormat('HH:mm ZZ'));
  assert.equal(autumn.slice(1, 5), ['01:00 +02:00', '02:00 +02:00', '02:00 +01:00', '03:00 +01:00']);
});

test('enumerate: Gas_Day days start at 06:00 CET; the short/long gas days are the 30th / 26th', () => {
  const q = new Resolution(Frequency.PT15M, GAS_DAY);
  // gas day 2024-03-31: 2024-03-31T06:00+02:00 (04:00Z) to 2024-04-01T06:00+02:00 = 24 hours
  const day31 = q.enumerate('2024-03-31', '2024-04-01');
  assert.is(day31.length, 96);
  assert.is(day31[0]!.setZone(CET).toISO(), '2024-03-31T06:00:00.000+02:00');
  assert.is(day31[0]!.toMillis(), Date.UTC(2024, 2, 31, 4));
  // gas day 2024-03-30: 05:00Z to 04:00Z next day = 23 hours
  assert.is(q.enumerate('2024-03-30', '2024-03-31').length, 92);
  // gas day 2024-10-27 starts 06:00+01:00 (05:00Z) and has 24 hours; 2024-10-26 has 25
  const day27 = q.enumerate('2024-10-27', '2024-10-28');
  assert.is(day27.length, 96);
  assert.is(day27[0]!.setZone(CET).toISO(), '2024-10-27T06:00:00.000+01:00');
  assert.is(q.enumerate('2024-10-26', '2024-10-27').length, 100);
  const days = new Resolution(Frequency.P1D, GAS_DAY).enumerate('2024-03-29', '2024-04-02');
  assert.equal(
    days.map((d) => d.setZone(CET).toFormat("yyyy-MM-dd'T'HH:mm ZZ")),
    ['2024-03-29T06:00 +01:00', '2024-03-30T06:00 +01:00', '2024-03-31T06:00 +02:00', '2024-04-01T06:00 +02:00'],
  );
});

test('enumerate: coarse frequencies, rounding up of begin, empty and NONE', () => {
  const m = new Resolution(Frequency.P1M).enumerate('2024-01-15', '2024-05-01');
  assert.equal(
    m.map((d) => d.toISODate()),
    ['2024-02-01', '2024-03-01', '2024-04-01'],
  );
  assert.equal(
    m.map((d) => d.offset),
    [60, 60, 120],
  );
  const s = new Resolution(Frequency.SEASON).enumerate('2020-10-01', '2022-01-01');
  assert.equal(
    s.map((d) => d.toISODate()),
    ['2020-10-01', '2021-04-01', '2021-10-01'],
  );
  assert.equal(new Resolution(Frequency.P1D).enumerate('2024-01-02', '2024-01-01'), []);
  assert.throws(() => new Resolution(Frequency.NONE).enumerate('2024-01-01', '2024-01-02'), isValueError);
  const d = new Resolution(Frequency.P1D, 'Europe/Istanbul').enumerate('2024-01-01', '2024-01-03');
  assert.ok(d.every((x) => x.zone.equals(TRT)));
});

test('floor, ceil, shift, next, previous convert into the zone first', () => {
  const d = new Resolution(Frequency.P1D, CET);
  // 2024-03-30T23:30Z is 2024-03-31T00:30+01:00 in CET
  assert.is(d.floor('2024-03-30T23:30:00Z').toISO(), '2024-03-31T00:00:00.000+01:00');
  assert.is(d.floor(DateTime.fromMillis(Date.UTC(2024, 2, 30, 23, 30), { zone: UTC })).toISO(), '2024-03-31T00:00:00.000+01:00');
  assert.is(d.ceil('2024-03-31T00:00:01').toISO(), '2024-04-01T00:00:00.000+02:00');
  assert.is(d.ceil('2024-03-31').toISO(), '2024-03-31T00:00:00.000+01:00');
  const next = d.next('2024-03-31');
  assert.is(next.toISO(), '2024-04-01T00:00:00.000+02:00');
  assert.is((next.toMillis() - d.floor('2024-03-31').toMillis()) / HOUR, 23);
  assert.is(d.previous('2024-04-01').toISO(), '2024-03-31T00:00:00.000+01:00');
  assert.is(d.shift('2024-10-27', 2).toISO(), '2024-10-29T00:00:00.000+01:00');
  const h = new Resolution(Frequency.PT1H, CET);
  assert.is(h.next('2024-03-31T01:00:00').toISO(), '2024-03-31T03:00:00.000+02:00');
  assert.is(h.previous('2024-10-27T02:00:00+01:00').toISO(), '2024-10-27T02:00:00.000+02:00');
  assert.is(new Resolution(Frequency.NONE).ceil('2024-01-01T01:02:03').toISO(), '2024-01-01T01:02:03.000+01:00');
  assert.throws(() => new Resolution(Frequency.NONE).next('2024-01-01'), isValueError);
});

test('now uses the clock and snaps down', () => {
  // 2024-03-31T12:34:56Z = 14:34:56+02:00 in CET
  const clock = () => Date.UTC(2024, 2, 31, 12, 34, 56);
  assert.is(new Resolution(Frequency.PT15M).now(clock).toISO(), '2024-03-31T14:30:00.000+02:00');
  assert.is(new Resolution(Frequency.P1D).now(clock).toISO(), '2024-03-31T00:00:00.000+01:00');
  assert.is(new Resolution(Frequency.P1D, 'UTC').now(() => Date.UTC(2024, 0, 2, 5)).toISO(), '2024-01-02T00:00:00.000Z');
  assert.is(new Resolution(Frequency.P1D, GAS_DAY).now(clock).toISO(), '2024-03-31T00:00:00.000-04:00');
});

test('matches: same zone and aligned; isIterable', () => {
  const d = new Resolution(Frequency.P1D, CET);
  assert.ok(d.matches(DateTime.fromISO('2024-03-31T00:00:00+01:00', { zone: CET })));
  assert.ok(d.matches('2024-03-31'));
  assert.not.ok(d.matches('2024-03-31T01:00:00'));
  // the same instant in UTC is not a CET grid value of this resolution
  assert.not.ok(d.matches(DateTime.fromISO('2024-03-31T00:00:00+01:00', { zone: UTC })));
  assert.not.ok(d.matches(DateTime.fromISO('2024-01-01T00:00:00Z', { zone: UTC })));
  assert.ok(new Resolution(Frequency.P1D, UTC).matches(DateTime.fromISO('2024-01-01T00:00:00Z', { setZone: true })));
  assert.ok(d.isIterable());
  assert.not.ok(new Resolution(Frequency.NONE).isIterable());
});

test.run();
