import { DateTime, IANAZone } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CET, Frequency, GAS_DAY, UTC, floorMillis, shiftMillis } from '../../src/time';
import { OffsetTable, tableFor } from '../../src/time/offset-table';

// Zones with unusual histories: 30-minute DST (Lord_Howe), a skipped day (Apia, 2011-12-30),
// Ramadan breaks and negative DST (Casablanca), midnight changes (Sao_Paulo, Havana), odd
// offsets (Kathmandu, St_Johns), a 2-hour DST step (Troll), 2011/2014 changes (Moscow).
const ZONES = [
  'CET',
  'America/New_York',
  'Australia/Lord_Howe',
  'Pacific/Apia',
  'Africa/Casablanca',
  'America/Sao_Paulo',
  'America/Havana',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Antarctica/Troll',
  'Europe/Moscow',
  'Europe/Dublin',
];

function lcg(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

test('offsets equal zone.offset on random instants 1950-2040 and around every change', () => {
  const from = Date.UTC(1950, 0, 1);
  const to = Date.UTC(2040, 0, 1);
  for (const name of ZONES) {
    const zone = IANAZone.create(name);
    const table = new OffsetTable(zone);
    const random = lcg(name.length * 7919);
    for (let i = 0; i < 120; i++) {
      const ms = Math.floor(from + random() * (to - from));
      assert.is(table.offset(ms), zone.offset(ms), `${name} at ${ms}`);
    }
    if (!['Pacific/Apia', 'Europe/Moscow', 'Australia/Lord_Howe', 'Africa/Casablanca'].includes(name)) continue;
    // hourly scan of 2011 (Apia skips a day, Moscow moves to +04:00) checks every change
    for (let ms = Date.UTC(2011, 0, 1); ms < Date.UTC(2012, 0, 1); ms += 3_600_000) {
      assert.is(table.offset(ms), zone.offset(ms), `${name} at ${ms}`);
      assert.is(table.offset(ms - 1), zone.offset(ms - 1), `${name} at ${ms - 1}`);
    }
  }
});

test('a change is found to the millisecond (CET 2024-03-31 01:00Z)', () => {
  const t = new OffsetTable(CET);
  assert.is(t.offset(Date.UTC(2024, 2, 31, 1) - 1), 60);
  assert.is(t.offset(Date.UTC(2024, 2, 31, 1)), 120);
  assert.is(t.offset(Date.UTC(2024, 9, 27, 1) - 1), 120);
  assert.is(t.offset(Date.UTC(2024, 9, 27, 1)), 60);
  assert.is(new OffsetTable(GAS_DAY).offset(Date.UTC(2024, 2, 31, 1)), -240);
  assert.is(new OffsetTable(UTC).offset(Date.UTC(2024, 2, 31, 1)), 0);
});

test('tableFor shares one table per zone; midnight() resolves local days', () => {
  assert.is(tableFor(CET), tableFor(IANAZone.create('CET')));
  assert.is.not(tableFor(CET), tableFor(GAS_DAY));
  // day 19813 = 2024-03-31: 00:00+01:00 = 2024-03-30T23:00Z
  assert.is(tableFor(CET).midnight(19813), Date.UTC(2024, 2, 30, 23));
  assert.is(tableFor(CET).offsetFn(Date.UTC(2024, 0, 1)), 60);
});

test('midnight in a gap or in the repeated hour (luxon agrees where it is defined)', () => {
  // Sao Paulo 2018-11-04: clocks jumped 00:00 -> 01:00 (-03:00 -> -02:00); the day starts 01:00-02:00 = 03:00Z
  const sp = IANAZone.create('America/Sao_Paulo');
  const noon = DateTime.fromISO('2018-11-04T12:00', { zone: sp });
  assert.is(floorMillis(noon.toMillis(), Frequency.P1D, sp), Date.UTC(2018, 10, 4, 3));
  assert.is(Frequency.P1D.truncate(noon).toMillis(), noon.startOf('day').toMillis());
  // Havana 2023-11-05: 01:00 CDT -> 00:00 CST, so midnight is ambiguous; standard time (-05:00, 05:00Z) wins
  const hv = IANAZone.create('America/Havana');
  assert.is(floorMillis(Date.UTC(2023, 10, 5, 17), Frequency.P1D, hv), Date.UTC(2023, 10, 5, 5));
  assert.is(Frequency.P1D.truncate(DateTime.fromMillis(Date.UTC(2023, 10, 5, 17), { zone: hv })).toMillis(), Date.UTC(2023, 10, 5, 5));
  // Apia skipped 2011-12-30: 2011-12-29T00:00-10:00 + 1 day = 2011-12-31T00:00+14:00 (= 12-30 10:00Z)
  const apia = IANAZone.create('Pacific/Apia');
  const d29 = DateTime.fromISO('2011-12-29T00:00', { zone: apia });
  assert.is(shiftMillis(d29.toMillis(), Frequency.P1D, 1, apia), Date.UTC(2011, 11, 30, 10));
  assert.is(shiftMillis(d29.toMillis(), Frequency.P1D, 1, apia), d29.plus({ days: 1 }).toMillis());
});

test('column floors equal luxon floors in unusual zones (random instants 2000-2030)', () => {
  const from = Date.UTC(2000, 0, 1);
  const to = Date.UTC(2030, 0, 1);
  const random = lcg(42);
  for (const name of ZONES) {
    const zone = IANAZone.create(name);
    for (let i = 0; i < 60; i++) {
      const ms = Math.floor(from + random() * (to - from));
      const dt = DateTime.fromMillis(ms, { zone });
      for (const f of Frequency.all()) {
        assert.is(floorMillis(ms, f, zone), f.truncate(dt).toMillis(), `${name} ${f.tag} ${dt.toISO()}`);
        if (f.isIterable) {
          const g = f.truncate(dt);
          assert.is(shiftMillis(g.toMillis(), f, 1, zone), f.shift(g, 1).toMillis(), `${name} ${f.tag} shift ${g.toISO()}`);
        }
      }
    }
  }
});

test.run();
