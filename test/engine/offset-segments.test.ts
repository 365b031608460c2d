import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IANAZone } from 'luxon';
import { offsetSegments } from '../../src/engine';
import { CET, GAS_DAY, UTC } from '../../src/time';

const H = 3_600_000;

test('CET over 2024: +01:00, +02:00 from 03-31T01:00Z, +01:00 from 10-27T01:00Z', () => {
  const s = offsetSegments(CET, Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1));
  assert.ok(s.starts[0]! <= Date.UTC(2024, 0, 1));
  assert.equal(Array.from(s.starts.slice(1)), [Date.UTC(2024, 2, 31, 1), Date.UTC(2024, 9, 27, 1)]);
  assert.equal(Array.from(s.offsets), [H, 2 * H, H]);
});

test('Europe/Gas_Day switches at the same instants with -05:00 / -04:00', () => {
  const s = offsetSegments(GAS_DAY, Date.UTC(2024, 0, 1), Date.UTC(2024, 11, 31));
  assert.equal(Array.from(s.starts.slice(1)), [Date.UTC(2024, 2, 31, 1), Date.UTC(2024, 9, 27, 1)]);
  assert.equal(Array.from(s.offsets), [-5 * H, -4 * H, -5 * H]);
});

test('a range inside one segment gives one segment; UTC always one', () => {
  const s = offsetSegments(CET, Date.UTC(2024, 5, 1), Date.UTC(2024, 5, 2));
  assert.equal(Array.from(s.offsets), [2 * H]);
  assert.ok(s.starts[0]! <= Date.UTC(2024, 5, 1));
  const u = offsetSegments(UTC, Date.UTC(2000, 0, 1), Date.UTC(2030, 0, 1));
  assert.equal(Array.from(u.offsets), [0]);
});

test('half-hour changes: Australia/Lord_Howe 2024 (+11:00 / +10:30)', () => {
  // DST ends Sun 2024-04-07 02:00 +11:00 = 04-06T15:00Z; starts Sun 2024-10-06 02:00 +10:30 = 10-05T15:30Z
  const s = offsetSegments(IANAZone.create('Australia/Lord_Howe'), Date.UTC(2024, 0, 1), Date.UTC(2024, 11, 31));
  assert.equal(Array.from(s.starts.slice(1)), [Date.UTC(2024, 3, 6, 15), Date.UTC(2024, 9, 5, 15, 30)]);
  assert.equal(Array.from(s.offsets), [11 * H, 10.5 * H, 11 * H]);
});

test('segments over several years are merged across cache blocks', () => {
  const s = offsetSegments(CET, Date.UTC(2020, 0, 1), Date.UTC(2024, 0, 1));
  // 2020-2023: two changes a year, offsets alternating, starting in winter
  assert.is(s.starts.length, 9);
  for (let i = 0; i < s.offsets.length; i++) assert.is(s.offsets[i], i % 2 === 0 ? H : 2 * H);
  // 2023-10-29 01:00Z is the last change (last Sunday of October 2023 is the 29th)
  assert.is(s.starts[8], Date.UTC(2023, 9, 29, 1));
});

test.run();
