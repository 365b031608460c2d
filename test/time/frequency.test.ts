import { DateTime } from 'luxon';
import { inspect } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { CET, Frequency, GAS_DAY, UTC } from '../../src/time';

const HOUR = 3_600_000;
const isValueError = (e: unknown) => e instanceof ValueError;
/** A DateTime in CET from an ISO text with offset. */
const cet = (text: string) => DateTime.fromISO(text, { zone: CET });
const utcIso = (dt: DateTime) => dt.toUTC().toISO();

test('tags, ordinals, short names, iterability (docs/model.md#frequency)', () => {
  const rows = Frequency.all().map((f) => [f.tag, f.ordinal, f.shortName, f.isIterable]);
  assert.equal(rows, [
    ['P1Y', 1, 'Y', true],
    ['SEASON', 2, 'S', true],
    ['P3M', 3, 'Q', true],
    ['P1M', 4, 'M', true],
    ['P1W', 5, 'W', true],
    ['P1D', 6, 'D', true],
    ['PT1H', 7, 'H', true],
    ['PT30M', 8, '30min', true],
    ['PT15M', 9, '15min', true],
    ['PT10M', 10, '10min', true],
    ['PT5M', 11, '5min', true],
    ['NONE', 12, null, false],
  ]);
  assert.ok(Object.isFrozen(Frequency.all()));
});

test('byTag is case-insensitive, PT60M is an alias, unknown tags throw ValueError', () => {
  assert.is(Frequency.byTag('PT15M'), Frequency.PT15M);
  assert.is(Frequency.byTag('pt15m'), Frequency.PT15M);
  assert.is(Frequency.byTag('Season'), Frequency.SEASON);
  assert.is(Frequency.byTag('PT60M'), Frequency.PT1H);
  assert.is(Frequency.byTag('pt60m'), Frequency.PT1H);
  assert.is(Frequency.byTag('none'), Frequency.NONE);
  assert.is(Frequency.byTag('PT60M').tag, 'PT1H');
  assert.throws(() => Frequency.byTag('P2D'), isValueError);
  assert.throws(() => Frequency.byTag(''), isValueError);
  assert.throws(() => Frequency.byTag(undefined as unknown as string), isValueError);
  assert.ok(Frequency.isValidTag('p1y'));
  assert.ok(Frequency.isValidTag('PT60M'));
  assert.not.ok(Frequency.isValidTag('PT1M'));
  assert.not.ok(Frequency.isValidTag(7));
});

test('ordering: smaller ordinal is a longer period', () => {
  const { P1Y, P1D, PT1H, PT15M, SEASON, NONE } = Frequency;
  assert.ok(P1Y.lt(P1D));
  assert.ok(PT1H.gt(P1D));
  assert.ok(P1D.le(P1D) && P1D.ge(P1D));
  assert.not.ok(P1D.lt(P1D));
  assert.ok(PT15M.ge(P1D), 'daily or finer');
  assert.ok(SEASON.lt(P1D), 'weekly or coarser');
  assert.ok(P1Y.compare(P1D) < 0);
  assert.ok(PT1H.compare(P1D) > 0);
  assert.is(P1D.compare(Frequency.byTag('p1d')), 0);
  assert.ok(NONE.gt(PT15M));
  const sorted = [PT15M, P1Y, NONE, P1D, SEASON].sort((a, b) => a.compare(b)).map(String);
  assert.equal(sorted, ['P1Y', 'SEASON', 'P1D', 'PT15M', 'NONE']);
});

test('immutable values: frozen, brand check, toJSON, toString, inspect, equals', () => {
  const f = Frequency.PT15M;
  assert.ok(Object.isFrozen(f));
  assert.is(Reflect.set(f, 'tag', 'X'), false, 'a frozen field cannot be written');
  assert.is(Reflect.set(f, 'extra', 1), false, 'no new fields');
  assert.is(f.tag, 'PT15M');
  assert.ok(Frequency.isFrequency(f));
  assert.not.ok(Frequency.isFrequency({ tag: 'PT15M' }));
  assert.not.ok(Frequency.isFrequency(null));
  assert.not.ok(Frequency.isFrequency('PT15M'));
  // brand is a registered symbol, so a copy from another load of the package passes
  const foreign = { [Symbol.for('service.time.Frequency')]: true, tag: 'PT15M' };
  assert.ok(Frequency.isFrequency(foreign));
  assert.is(JSON.stringify({ f }), '{"f":"PT15M"}');
  assert.is(String(f), 'PT15M');
  assert.is(`${Frequency.P1D}`, 'P1D');
  assert.is(inspect(f), 'Frequency.PT15M');
  assert.ok(f.equals(Frequency.byTag('pt15m')));
  assert.not.ok(f.equals(Frequency.PT5M));
  assert.not.ok(f.equals('PT15M'));
});

test('getDelta gives luxon durations; NONE throws', () => {
  assert.equal(Frequency.P1Y.getDelta(2).toObject(), { years: 2 });
  assert.equal(Frequency.SEASON.getDelta(1).toObject(), { months: 6 });
  assert.equal(Frequency.P3M.getDelta(-1).toObject(), { months: -3 });
  assert.equal(Frequency.P1M.getDelta(3).toObject(), { months: 3 });
  assert.equal(Frequency.P1W.getDelta(1).toObject(), { weeks: 1 });
  assert.equal(Frequency.P1D.getDelta(5).toObject(), { days: 5 });
  assert.equal(Frequency.PT1H.getDelta(1).toObject(), { hours: 1 });
  assert.equal(Frequency.PT15M.getDelta(4).toObject(), { minutes: 60 });
  assert.throws(() => Frequency.NONE.getDelta(1), isValueError);
});

test('truncate across DST lands on true local midnight (docs/model.md#truncation, without the DST bug of the reference client)', () => {
  // P1M of 2020-03-30T10:00+02:00 -> 2020-03-01T00:00+01:00 (= 2020-02-29T23:00Z)
  const m = Frequency.P1M.truncate(cet('2020-03-30T10:00:00+02:00'));
  assert.is(m.toISO(), '2020-03-01T00:00:00.000+01:00');
  assert.is(utcIso(m), '2020-02-29T23:00:00.000Z');
  // SEASON of 2021-01-15 12:00 CET -> winter began 2020-10-01T00:00+02:00 (= 2020-09-30T22:00Z)
  const s = Frequency.SEASON.truncate(cet('2021-01-15T12:00:00+01:00'));
  assert.is(s.toISO(), '2020-10-01T00:00:00.000+02:00');
  assert.is(utcIso(s), '2020-09-30T22:00:00.000Z');
});

test('truncate: P1W lands on Monday midnight', () => {
  // 2024-03-31 is a Sunday (after the spring change); its week began Monday 2024-03-25 +01:00
  const w1 = Frequency.P1W.truncate(cet('2024-03-31T12:00:00+02:00'));
  assert.is(w1.toISO(), '2024-03-25T00:00:00.000+01:00');
  assert.is(w1.weekday, 1);
  // Sunday 2024-10-27 12:00+01:00 (after the autumn change) -> Monday 2024-10-21T00:00+02:00
  assert.is(Frequency.P1W.truncate(cet('2024-10-27T12:00:00+01:00')).toISO(), '2024-10-21T00:00:00.000+02:00');
  // a Monday midnight stays; Wednesday 2024-01-03 -> Monday 2024-01-01 (a year boundary is no week boundary)
  assert.is(Frequency.P1W.truncate(cet('2024-04-01T00:00:00+02:00')).toISO(), '2024-04-01T00:00:00.000+02:00');
  assert.is(Frequency.P1W.truncate(cet('2023-01-01T10:00:00+01:00')).toISO(), '2022-12-26T00:00:00.000+01:00');
});

test('truncate: P3M, P1Y, SEASON boundaries', () => {
  assert.is(Frequency.P3M.truncate(cet('2024-05-15T10:00:00+02:00')).toISO(), '2024-04-01T00:00:00.000+02:00');
  assert.is(Frequency.P3M.truncate(cet('2024-02-10T10:00:00+01:00')).toISO(), '2024-01-01T00:00:00.000+01:00');
  // 2024-11-03 is +01:00, its quarter began 2024-10-01 at +02:00 (= 2024-09-30T22:00Z)
  const q4 = Frequency.P3M.truncate(cet('2024-11-03T10:00:00+01:00'));
  assert.is(q4.toISO(), '2024-10-01T00:00:00.000+02:00');
  assert.is(utcIso(q4), '2024-09-30T22:00:00.000Z');
  // P1Y of 2024-07-01T12:00+02:00 -> 2024-01-01T00:00+01:00 (= 2023-12-31T23:00Z)
  const y = Frequency.P1Y.truncate(cet('2024-07-01T12:00:00+02:00'));
  assert.is(y.toISO(), '2024-01-01T00:00:00.000+01:00');
  assert.is(utcIso(y), '2023-12-31T23:00:00.000Z');
  // seasons: summer Apr-Sep, winter Oct-Mar
  assert.is(Frequency.SEASON.truncate(cet('2024-09-30T23:00:00+02:00')).toISO(), '2024-04-01T00:00:00.000+02:00');
  assert.is(Frequency.SEASON.truncate(cet('2024-04-01T00:00:00+02:00')).toISO(), '2024-04-01T00:00:00.000+02:00');
  assert.is(Frequency.SEASON.truncate(cet('2024-03-31T23:59:00+02:00')).toISO(), '2023-10-01T00:00:00.000+02:00');
  assert.is(Frequency.SEASON.truncate(cet('2024-12-31T12:00:00+01:00')).toISO(), '2024-10-01T00:00:00.000+02:00');
});

test('truncate: minute steps on the wall clock, keeping the side of the repeated hour', () => {
  // 2024-10-27 02:52 exists twice in CET: 00:52Z (+02:00) and 01:52Z (+01:00)
  const first = DateTime.fromMillis(Date.UTC(2024, 9, 27, 0, 52, 10, 5), { zone: CET });
  const second = DateTime.fromMillis(Date.UTC(2024, 9, 27, 1, 52, 10, 5), { zone: CET });
  assert.is(Frequency.PT15M.truncate(first).toISO(), '2024-10-27T02:45:00.000+02:00');
  assert.is(Frequency.PT15M.truncate(second).toISO(), '2024-10-27T02:45:00.000+01:00');
  assert.is(Frequency.PT1H.truncate(second).toISO(), '2024-10-27T02:00:00.000+01:00');
  assert.is(Frequency.PT30M.truncate(first).toISO(), '2024-10-27T02:30:00.000+02:00');
  assert.is(Frequency.PT10M.truncate(first).toISO(), '2024-10-27T02:50:00.000+02:00');
  assert.is(Frequency.PT5M.truncate(second).toISO(), '2024-10-27T02:50:00.000+01:00');
  // after the spring gap: 03:20+02:00 -> 03:00+02:00 (= 01:00Z)
  assert.is(utcIso(Frequency.PT1H.truncate(cet('2024-03-31T03:20:00+02:00'))), '2024-03-31T01:00:00.000Z');
  // NONE leaves everything alone
  assert.is(Frequency.NONE.truncate(first).toMillis(), first.toMillis());
});

test('truncate keeps the zone of its input (Gas_Day and UTC)', () => {
  // 2024-03-31T05:00+02:00 = 03:00Z belongs to gas day 2024-03-30 (began 05:00Z on the 30th)
  const g = Frequency.P1D.truncate(DateTime.fromMillis(Date.UTC(2024, 2, 31, 3), { zone: GAS_DAY }));
  assert.is(g.toISO(), '2024-03-30T00:00:00.000-05:00');
  assert.is(g.toMillis(), Date.UTC(2024, 2, 30, 5));
  const u = Frequency.P1M.truncate(DateTime.fromMillis(Date.UTC(2024, 2, 31, 23), { zone: UTC }));
  assert.is(u.toISO(), '2024-03-01T00:00:00.000Z');
  // strings are read in CET
  assert.is(Frequency.P1D.truncate('2024-03-31T12:00:00Z').toISO(), '2024-03-31T00:00:00.000+01:00');
});

test('shift P1D across DST keeps local midnight (23- and 25-hour steps)', () => {
  const spring = cet('2024-03-31T00:00:00+01:00');
  const next = Frequency.P1D.shift(spring, 1);
  assert.is(next.toISO(), '2024-04-01T00:00:00.000+02:00');
  assert.is((next.toMillis() - spring.toMillis()) / HOUR, 23);
  assert.is(Frequency.P1D.shift(next, -1).toISO(), '2024-03-31T00:00:00.000+01:00');
  const autumn = cet('2024-10-27T00:00:00+02:00');
  const after = Frequency.P1D.shift(autumn, 1);
  assert.is(after.toISO(), '2024-10-28T00:00:00.000+01:00');
  assert.is((after.toMillis() - autumn.toMillis()) / HOUR, 25);
  // docs/model.md#shifting: 2020-03-29T00:00+01:00 + 1 day = 2020-03-30T00:00+02:00
  assert.is(Frequency.P1D.shift(cet('2020-03-29T00:00:00+01:00'), 1).toISO(), '2020-03-30T00:00:00.000+02:00');
  // P1W over the change: Monday 2024-03-25 +01:00 -> Monday 2024-04-01 +02:00, 167 hours
  const w = Frequency.P1W.shift(cet('2024-03-25T00:00:00+01:00'), 1);
  assert.is(w.toISO(), '2024-04-01T00:00:00.000+02:00');
  assert.is((w.toMillis() - Date.UTC(2024, 2, 24, 23)) / HOUR, 167);
});

test('shift PT1H across DST is absolute time', () => {
  // docs/model.md#shifting: 2020-03-29T01:00+01:00 + 1 h = 2020-03-29T03:00+02:00
  assert.is(Frequency.PT1H.shift(cet('2020-03-29T01:00:00+01:00'), 1).toISO(), '2020-03-29T03:00:00.000+02:00');
  // 2024-10-27T02:00+02:00 (00:00Z) + 1 h = 02:00+01:00 (01:00Z): the wall clock repeats
  const back = Frequency.PT1H.shift(cet('2024-10-27T02:00:00+02:00'), 1);
  assert.is(back.toISO(), '2024-10-27T02:00:00.000+01:00');
  assert.is(Frequency.PT15M.shift(back, -4).toISO(), '2024-10-27T02:00:00.000+02:00');
  assert.is(Frequency.PT30M.shift(cet('2024-03-31T01:30:00+01:00'), 1).toISO(), '2024-03-31T03:00:00.000+02:00');
});

test('shift: calendar months clamp, seasons alternate, edge wall-clock times', () => {
  assert.is(Frequency.P1M.shift(cet('2024-01-31T00:00:00+01:00'), 1).toISO(), '2024-02-29T00:00:00.000+01:00');
  assert.is(Frequency.P1M.shift(cet('2024-03-15T12:00:00+01:00'), 1).toISO(), '2024-04-15T12:00:00.000+02:00');
  assert.is(Frequency.P1Y.shift(cet('2024-02-29T00:00:00+01:00'), 1).toISO(), '2025-02-28T00:00:00.000+01:00');
  // SEASON steps: 2020-10-01 -> 2021-04-01 -> 2021-10-01
  const s1 = Frequency.SEASON.shift(cet('2020-10-01T00:00:00+02:00'), 1);
  assert.is(s1.toISO(), '2021-04-01T00:00:00.000+02:00');
  assert.is(Frequency.SEASON.shift(s1, 1).toISO(), '2021-10-01T00:00:00.000+02:00');
  assert.is(Frequency.P3M.shift(cet('2024-01-01T00:00:00+01:00'), -1).toISO(), '2023-10-01T00:00:00.000+02:00');
  // 2024-10-26T02:30+02:00 + 1 day = 2024-10-27 02:30, ambiguous -> standard time +01:00 (01:30Z)
  assert.is(utcIso(Frequency.P1D.shift(cet('2024-10-26T02:30:00+02:00'), 1)), '2024-10-27T01:30:00.000Z');
  // 2024-03-30T02:30+01:00 + 1 day = 2024-03-31 02:30, in the gap -> 03:30+02:00 (01:30Z)
  assert.is(Frequency.P1D.shift(cet('2024-03-30T02:30:00+01:00'), 1).toISO(), '2024-03-31T03:30:00.000+02:00');
  assert.throws(() => Frequency.NONE.shift(cet('2024-01-01T00:00:00+01:00'), 1), isValueError);
  assert.throws(() => Frequency.P1D.shift(cet('2024-01-01T00:00:00+01:00'), 0.5), isValueError);
});

test('matches and between', () => {
  assert.ok(Frequency.P1D.matches(cet('2024-03-31T00:00:00+01:00')));
  assert.not.ok(Frequency.P1D.matches(cet('2024-03-31T01:00:00+01:00')));
  assert.ok(Frequency.P1W.matches('2024-04-01')); // a Monday
  assert.not.ok(Frequency.P1W.matches('2024-03-31'));
  assert.ok(Frequency.NONE.matches(cet('2024-03-31T01:23:45+01:00')));
  // the CET days 2024-03-31 / 2024-10-27 have 92 / 100 quarter-hours and 23 / 25 hours
  assert.is(Frequency.PT15M.between('2024-03-31', '2024-04-01'), 92);
  assert.is(Frequency.PT1H.between('2024-03-31', '2024-04-01'), 23);
  assert.is(Frequency.PT15M.between('2024-10-27', '2024-10-28'), 100);
  assert.is(Frequency.PT1H.between('2024-10-28', '2024-10-27'), -25);
  assert.is(Frequency.P1D.between('2024-03-01', '2024-04-01'), 31);
  assert.is(Frequency.P1W.between('2024-04-01', '2024-03-25'), -1);
  assert.is(Frequency.P1M.between('2023-11-01', '2024-03-01'), 4);
  assert.is(Frequency.SEASON.between('2020-10-01', '2022-04-01'), 3);
  assert.is(Frequency.P1Y.between('2020-01-01', '2020-01-01'), 0);
  assert.throws(() => Frequency.P1D.between('2024-03-01T01:00', '2024-04-01'), isValueError);
  assert.throws(() => Frequency.NONE.between('2024-03-01', '2024-04-01'), isValueError);
});

test.run();
