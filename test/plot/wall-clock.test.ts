import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatWallClock, wallClockMillis } from '../../src/plot/wall-clock';
import { CET, GAS_DAY, UTC, zoneByName } from '../../src/time';

test('CET winter and summer: the wall clock is the instant plus +01:00 / +02:00', () => {
  // 2023-12-31T23:00Z = 2024-01-01 00:00 CET (+01:00); 2024-06-30T22:00Z = 2024-07-01 00:00 CEST (+02:00)
  const out = wallClockMillis(Float64Array.of(Date.UTC(2023, 11, 31, 23), Date.UTC(2024, 5, 30, 22)), CET);
  assert.equal(Array.from(out), [Date.UTC(2024, 0, 1), Date.UTC(2024, 6, 1)]);
});

test('spring forward in CET: 00:30Z is 01:30 CET, 01:00Z is 03:00 CEST (no 02:xx)', () => {
  // 2024-03-31: clocks go from 02:00 CET to 03:00 CEST at 01:00Z
  const out = wallClockMillis(
    Float64Array.of(Date.UTC(2024, 2, 31, 0, 30), Date.UTC(2024, 2, 31, 0, 59, 59, 999), Date.UTC(2024, 2, 31, 1)),
    CET,
  );
  assert.equal(Array.from(out), [Date.UTC(2024, 2, 31, 1, 30), Date.UTC(2024, 2, 31, 1, 59, 59, 999), Date.UTC(2024, 2, 31, 3)]);
});

test('fall back in CET: 00:30Z and 01:30Z both read 02:30', () => {
  // 2024-10-27: 00:30Z = 02:30 CEST (+02:00), 01:30Z = 02:30 CET (+01:00)
  const out = wallClockMillis(Float64Array.of(Date.UTC(2024, 9, 27, 0, 30), Date.UTC(2024, 9, 27, 1, 30)), CET);
  assert.equal(Array.from(out), [Date.UTC(2024, 9, 27, 2, 30), Date.UTC(2024, 9, 27, 2, 30)]);
});

test('Europe/Gas_Day: the gas day starts at 06:00 CEST, which reads 00:00', () => {
  // 2024-07-01T04:00Z = 06:00 CEST = 00:00 gas-day time (-04:00)
  assert.equal(Array.from(wallClockMillis(Float64Array.of(Date.UTC(2024, 6, 1, 4)), GAS_DAY)), [Date.UTC(2024, 6, 1)]);
});

test('UTC and a far zone; unsorted input and NaN', () => {
  assert.equal(Array.from(wallClockMillis([5, 1], UTC)), [5, 1]);
  // 2024-01-01T00:00Z in Asia/Tokyo (+09:00) = 09:00; 2024-07-01T00:00Z also +09:00 (no DST)
  const tokyo = zoneByName('Asia/Tokyo');
  const out = wallClockMillis([Date.UTC(2024, 6, 1), NaN, Date.UTC(2024, 0, 1)], tokyo);
  assert.is(out[0], Date.UTC(2024, 6, 1, 9));
  assert.ok(Number.isNaN(out[1] as number));
  assert.is(out[2], Date.UTC(2024, 0, 1, 9));
});

test('unsorted CET instants across a DST change each get their own offset', () => {
  // 2024-07-01T00:00Z = 02:00 CEST; 2024-01-01T00:00Z = 01:00 CET
  const out = wallClockMillis([Date.UTC(2024, 6, 1), Date.UTC(2024, 0, 1)], CET);
  assert.equal(Array.from(out), [Date.UTC(2024, 6, 1, 2), Date.UTC(2024, 0, 1, 1)]);
});

test('empty input and all-NaN input', () => {
  assert.is(wallClockMillis([], CET).length, 0);
  assert.ok(Number.isNaN(wallClockMillis([NaN], CET)[0] as number));
});

test('formatWallClock prints the wall-clock fields', () => {
  assert.is(formatWallClock(Date.UTC(2024, 2, 31, 3, 15)), '2024-03-31 03:15');
});

test.run();
