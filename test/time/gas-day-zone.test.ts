import { DateTime, IANAZone } from 'luxon';
import { inspect } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CET, GAS_DAY, GasDayZone, zoneByName } from '../../src/time';

const HOUR = 3_600_000;

test('identity of the zone', () => {
  assert.is(GAS_DAY, GasDayZone.instance);
  assert.is(GAS_DAY.name, 'Europe/Gas_Day');
  assert.is(GAS_DAY.type, 'gas-day');
  assert.is(GAS_DAY.isUniversal, false);
  assert.is(GAS_DAY.isValid, true);
  assert.ok(GAS_DAY.equals(zoneByName('Europe/Gas_Day')));
  assert.not.ok(GAS_DAY.equals(CET));
  assert.not.ok(CET.equals(GAS_DAY));
  assert.is(String(GAS_DAY), 'Europe/Gas_Day');
  assert.is(JSON.stringify({ z: GAS_DAY }), '{"z":"Europe/Gas_Day"}');
  assert.ok(Object.isFrozen(GAS_DAY));
  assert.ok(inspect(GAS_DAY).length > 0);
});

test('offsets around the 2020 spring change (docs/model.md#time-zones)', () => {
  // CET switches 2020-03-29 01:00Z. UTC 00:30 -> 2020-03-28T19:30-05:00; UTC 01:30 -> 21:30-04:00.
  assert.is(DateTime.fromMillis(Date.UTC(2020, 2, 29, 0, 30), { zone: GAS_DAY }).toISO(), '2020-03-28T19:30:00.000-05:00');
  assert.is(DateTime.fromMillis(Date.UTC(2020, 2, 29, 1, 30), { zone: GAS_DAY }).toISO(), '2020-03-28T21:30:00.000-04:00');
  // the last millisecond before the change is still -05:00
  assert.is(GAS_DAY.offset(Date.UTC(2020, 2, 29, 1) - 1), -300);
  assert.is(GAS_DAY.offset(Date.UTC(2020, 2, 29, 1)), -240);
});

test('no 2037 cut-off: summer time continues (2040, 2099)', () => {
  // 2040-07-01 is CEST (+02:00) -> gas -04:00; 2040-01-15 CET -> -05:00
  assert.is(GAS_DAY.offset(Date.UTC(2040, 6, 1)), -240);
  assert.is(GAS_DAY.offset(Date.UTC(2040, 0, 15)), -300);
  assert.is(GAS_DAY.offset(Date.UTC(2099, 6, 1)), -240);
  // last Sunday of March 2040 is the 25th: change at 01:00Z
  assert.is(GAS_DAY.offset(Date.UTC(2040, 2, 25, 1) - 1), -300);
  assert.is(GAS_DAY.offset(Date.UTC(2040, 2, 25, 1)), -240);
});

test('gas day 2024-03-31 starts at 06:00 CEST; the 23-hour gas day is 2024-03-30', () => {
  // CET switches 2024-03-31 01:00Z = 2024-03-30T20:00-05:00 gas time (jumps to 21:00-04:00).
  // Gas day 2024-03-30: 2024-03-30T00:00-05:00 (05:00Z = 06:00+01:00) to 2024-03-31T00:00-04:00
  // (04:00Z = 06:00+02:00): 23 hours. Gas day 2024-03-31: 04:00Z to 2024-04-01 04:00Z: 24 hours.
  const d30 = DateTime.fromObject({ year: 2024, month: 3, day: 30 }, { zone: GAS_DAY });
  const d31 = d30.plus({ days: 1 });
  assert.is(d30.toISO(), '2024-03-30T00:00:00.000-05:00');
  assert.is(d30.toMillis(), Date.UTC(2024, 2, 30, 5));
  assert.is(d30.setZone(CET).toISO(), '2024-03-30T06:00:00.000+01:00');
  assert.is(d31.toISO(), '2024-03-31T00:00:00.000-04:00');
  assert.is(d31.setZone(CET).toISO(), '2024-03-31T06:00:00.000+02:00');
  assert.is((d31.toMillis() - d30.toMillis()) / HOUR, 23);
  assert.is((d31.plus({ days: 1 }).toMillis() - d31.toMillis()) / HOUR, 24);
});

test('gas day 2024-10-27 starts at 06:00 CET; the 25-hour gas day is 2024-10-26', () => {
  // CET switches back 2024-10-27 01:00Z = 2024-10-26T21:00-04:00 gas time (back to 20:00-05:00).
  // Gas day 2024-10-26: 04:00Z (06:00+02:00) to 2024-10-27 05:00Z (06:00+01:00): 25 hours.
  const d26 = DateTime.fromMillis(Date.UTC(2024, 9, 26, 12), { zone: GAS_DAY }).startOf('day');
  const d27 = d26.plus({ days: 1 });
  assert.is(d26.toISO(), '2024-10-26T00:00:00.000-04:00');
  assert.is(d26.setZone(CET).toISO(), '2024-10-26T06:00:00.000+02:00');
  assert.is(d27.toISO(), '2024-10-27T00:00:00.000-05:00');
  assert.is(d27.setZone(CET).toISO(), '2024-10-27T06:00:00.000+01:00');
  assert.is((d27.toMillis() - d26.toMillis()) / HOUR, 25);
});

test('luxon setZone / startOf("day") / plus({days: 1}) agree with 06:00 CET over 2024', () => {
  // Every gas day of 2024 starts at 06:00 on the CET wall clock of the same date.
  let day = DateTime.fromISO('2024-01-01T06:00:00', { zone: CET }).setZone(GAS_DAY);
  for (let i = 0; i < 366; i++) {
    assert.is(day.hour, 0);
    const cet = day.setZone(CET);
    assert.is(cet.hour, 6);
    assert.is(cet.toISODate(), day.toISODate());
    assert.is(day.plus({ hours: 7 }).startOf('day').toMillis(), day.toMillis());
    day = day.plus({ days: 1 });
  }
  assert.is(day.toISODate(), '2025-01-01');
});

test('offset text formats', () => {
  const winter = Date.UTC(2024, 0, 1);
  const summer = Date.UTC(2024, 6, 1);
  assert.is(GAS_DAY.formatOffset(winter, 'short'), '-05:00');
  assert.is(GAS_DAY.formatOffset(summer, 'techie'), '-0400');
  assert.is(GAS_DAY.formatOffset(summer, 'narrow'), '-4');
  assert.is(GAS_DAY.offsetName(summer, { format: 'short' }), 'UTC-4');
  assert.is(GAS_DAY.offsetName(summer, { format: 'long' }), 'Gas Day Time');
  const dt = DateTime.fromMillis(winter, { zone: GAS_DAY });
  assert.is(dt.toFormat('yyyy-MM-dd HH:mm ZZ'), '2023-12-31 19:00 -05:00');
  assert.is(dt.zoneName, 'Europe/Gas_Day');
});

test('offset follows IANA CET minus 6 hours on many instants 1980-2100', () => {
  const cet = IANAZone.create('CET');
  let x = 12345;
  for (let i = 0; i < 2000; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const ms = Date.UTC(1980, 0, 1) + (x / 2147483648) * (Date.UTC(2100, 0, 1) - Date.UTC(1980, 0, 1));
    assert.is(GAS_DAY.offset(ms), cet.offset(ms) - 360);
  }
});

test.run();
