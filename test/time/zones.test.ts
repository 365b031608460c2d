import { DateTime, FixedOffsetZone, IANAZone } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { CET, DEFAULT_ZONE, EET, GAS_DAY, REQUEST_ZONE_NAMES, TRT, UTC, WET, toZone, zoneByName, zoneName } from '../../src/time';

const iso = (ms: number) => DateTime.fromMillis(ms, { zone: 'utc' }).toISO();

test('constants have the offsets of their zones (hand-checked)', () => {
  const jan = Date.UTC(2024, 0, 15, 12);
  const jul = Date.UTC(2024, 6, 15, 12);
  assert.is(UTC.offset(jan), 0);
  assert.is(UTC.offset(jul), 0);
  assert.is(CET.offset(jan), 60); // CET winter +01:00
  assert.is(CET.offset(jul), 120); // CEST +02:00
  assert.is(WET.offset(jan), 0); // WET winter +00:00
  assert.is(WET.offset(jul), 60); // WEST +01:00
  assert.is(EET.offset(jan), 120); // EET +02:00
  assert.is(EET.offset(jul), 180); // EEST +03:00
  assert.is(TRT.offset(jan), 180); // Istanbul +03:00 all year
  assert.is(TRT.offset(jul), 180);
  assert.is(GAS_DAY.offset(jan), -300); // CET shifted -6 h: -05:00
  assert.is(GAS_DAY.offset(jul), -240); // CEST shifted -6 h: -04:00
  assert.is(DEFAULT_ZONE, CET);
});

test('zoneByName: the six wire names in any case give the constants', () => {
  assert.is(zoneByName('UTC'), UTC);
  assert.is(zoneByName('utc'), UTC);
  assert.is(zoneByName('CET'), CET);
  assert.is(zoneByName('Cet'), CET);
  assert.is(zoneByName('WET'), WET);
  assert.is(zoneByName('eet'), EET);
  assert.is(zoneByName('EUROPE/ISTANBUL'), TRT);
  assert.is(zoneByName('Europe/Gas_Day'), GAS_DAY);
  assert.is(zoneByName(' CET '), CET);
});

test('zoneByName: any IANA name; unknown names throw ValueError', () => {
  const oslo = zoneByName('Europe/Oslo');
  assert.is(oslo.name, 'Europe/Oslo');
  assert.is(oslo.offset(Date.UTC(2024, 6, 1)), 120);
  assert.is(zoneByName('Europe/Moscow').offset(Date.UTC(2024, 0, 1)), 180); // MSK +03:00
  assert.is(zoneByName('Europe/Oslo'), oslo, 'cached');
  assert.throws(
    () => zoneByName('Mars/Olympus_Mons'),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => zoneByName(''),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => zoneByName(undefined as unknown as string),
    (e: unknown) => e instanceof ValueError,
  );
});

test('zoneName / zoneByName round trip for the six request zones', () => {
  assert.equal([...REQUEST_ZONE_NAMES], ['UTC', 'CET', 'WET', 'EET', 'Europe/Istanbul', 'Europe/Gas_Day']);
  for (const name of REQUEST_ZONE_NAMES) {
    assert.is(zoneName(zoneByName(name)), name);
    assert.is(zoneName(zoneByName(name.toLowerCase())), name);
    assert.is(zoneName(name.toUpperCase()), name);
  }
  assert.is(zoneName(UTC), 'UTC');
  assert.is(zoneName(TRT), 'Europe/Istanbul');
  assert.is(zoneName(GAS_DAY), 'Europe/Gas_Day');
});

test('zoneName of other zones', () => {
  assert.is(zoneName('Europe/Oslo'), 'Europe/Oslo');
  assert.is(zoneName(IANAZone.create('cet')), 'CET');
  assert.is(zoneName(FixedOffsetZone.instance(0)), 'UTC');
  assert.is(zoneName(FixedOffsetZone.instance(120)), 'UTC+2');
  // luxon's own DateTime zones name back the same way
  assert.is(zoneName(DateTime.fromISO('2024-01-01T00:00:00Z', { setZone: true }).zone), 'UTC');
  assert.throws(
    () => zoneName('Nowhere/Special'),
    (e: unknown) => e instanceof ValueError,
  );
});

test('toZone: coercion, default and invalid zones', () => {
  assert.is(toZone(undefined), CET);
  assert.is(toZone(undefined, UTC), UTC);
  assert.is(toZone('Europe/Gas_Day'), GAS_DAY);
  assert.is(toZone(TRT), TRT);
  assert.throws(
    () => toZone(IANAZone.create('No/Such_Zone')),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => toZone(42 as unknown as string),
    (e: unknown) => e instanceof ValueError,
  );
});

test('zones work with luxon DateTime (instant 2024-07-01T10:00Z)', () => {
  const ms = Date.UTC(2024, 6, 1, 10);
  assert.is(DateTime.fromMillis(ms, { zone: CET }).toISO(), '2024-07-01T12:00:00.000+02:00');
  assert.is(DateTime.fromMillis(ms, { zone: WET }).toISO(), '2024-07-01T11:00:00.000+01:00');
  assert.is(DateTime.fromMillis(ms, { zone: EET }).toISO(), '2024-07-01T13:00:00.000+03:00');
  assert.is(DateTime.fromMillis(ms, { zone: TRT }).toISO(), '2024-07-01T13:00:00.000+03:00');
  assert.is(DateTime.fromMillis(ms, { zone: UTC }).toISO(), '2024-07-01T10:00:00.000Z');
  assert.is(DateTime.fromMillis(ms, { zone: GAS_DAY }).toISO(), '2024-07-01T06:00:00.000-04:00');
  assert.is(iso(ms), '2024-07-01T10:00:00.000Z');
});

test.run();
