import * as fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CET, EET, GAS_DAY, TRT, UTC, WET, plainWallClockMillis } from '../../src/time';
import { parseDateTimeText, resolveDateTime, resolveMillis, type WireDateTime } from '../../src/wire/formats';

// resolveMillis reads wall-clock times away from offset changes from the zone's cached offsets;
// it must give exactly the instant of resolveDateTime (luxon) for every request date-time.

const ZONES = [UTC, CET, WET, EET, TRT, GAS_DAY];

function wire(text: string): WireDateTime {
  const value = parseDateTimeText(text);
  if (value === undefined) throw new Error(`not a date-time: ${text}`);
  return value;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

test('hand-computed instants, and the edge days read as luxon reads them', () => {
  // 2024-01-15 00:00 CET = 2024-01-14T23:00Z; 2024-07-01 00:00 CET (summer) = 2024-06-30T22:00Z
  assert.is(resolveMillis(wire('2024-01-15'), CET), Date.UTC(2024, 0, 14, 23));
  assert.is(resolveMillis(wire('2024-07-01'), CET), Date.UTC(2024, 5, 30, 22));
  // Gas_Day midnight in summer is UTC-04:00: 04:00 UTC
  assert.is(resolveMillis(wire('2020-06-01'), GAS_DAY), Date.UTC(2020, 5, 1, 4));
  // an offset given wins over the zone
  assert.is(resolveMillis(wire('2020-01-15 06:00+0530'), CET), Date.UTC(2020, 0, 15, 0, 30));
  assert.is(resolveMillis(wire('0050-01-15T06:00Z'), CET), resolveDateTime(wire('0050-01-15T06:00Z'), CET).toMillis());
  // the spring gap and the autumn overlap of 2024 in CET (the change days: the cached path steps aside)
  const at = (month: number, day: number, hour: number, minute: number) => ({
    year: 2024,
    month,
    day,
    hour,
    minute,
    second: 0,
    millisecond: 0,
  });
  assert.is(plainWallClockMillis(at(3, 31, 2, 30), CET), null);
  assert.is(plainWallClockMillis(at(10, 27, 2, 30), CET), null);
  assert.is(plainWallClockMillis(at(1, 15, 0, 0), CET), Date.UTC(2024, 0, 14, 23));
  for (const text of ['2024-03-31 02:30', '2024-10-27 02:30', '2024-03-31', '2024-10-27', '2024-03-30 23:00'])
    assert.is(resolveMillis(wire(text), CET), resolveDateTime(wire(text), CET).toMillis(), text);
});

test('property: equal to resolveDateTime for any request date-time in any request zone', () => {
  const fields = fc.record({
    year: fc.oneof(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1990, max: 2040 })),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    millisecond: fc.integer({ min: 0, max: 999 }),
    offset: fc.option(fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }), { nil: null }),
    zone: fc.constantFrom(...ZONES),
  });
  fc.assert(
    fc.property(fields, (f) => {
      const offset =
        f.offset === null ? '' : `${f.offset < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(f.offset) / 60))}:${pad(Math.abs(f.offset) % 60)}`;
      const text = `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}.${pad(f.millisecond, 3)}${offset}`;
      const value = wire(text);
      assert.is(resolveMillis(value, f.zone), resolveDateTime(value, f.zone).toMillis(), `${text} in ${f.zone.name}`);
    }),
    { numRuns: 3000 },
  );
});

test('property: every quarter-hour around the offset changes of 2020-2026 in CET, WET, EET and Gas_Day', () => {
  for (const zone of [CET, WET, EET, GAS_DAY]) {
    for (let year = 2020; year <= 2026; year++) {
      for (const [month, day] of [
        [3, 24],
        [10, 24],
      ] as const) {
        // a week from the 24th holds the last Sunday of March and of October
        for (let k = 0; k < 8 * 96; k++) {
          const d = day + Math.floor(k / 96);
          const text = `${year}-${pad(month)}-${pad(Math.min(d, 31))} ${pad(Math.floor((k % 96) / 4))}:${pad((k % 4) * 15)}`;
          if (d > 31) continue;
          const value = wire(text);
          assert.is(resolveMillis(value, zone), resolveDateTime(value, zone).toMillis(), `${text} in ${zone.name}`);
        }
      }
    }
  }
});

test.run();
