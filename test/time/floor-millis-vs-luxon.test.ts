// The column helpers (cached offsets, no DateTime per value) must give exactly what luxon's own
// DateTime arithmetic gives, on every 15-minute step of a year with both DST changes, in CET and
// in Europe/Gas_Day. The luxon side here is plain luxon (startOf, set, plus), not our code.
import { DateTime, type Zone } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CET, Frequency, GAS_DAY, floorMillis, shiftMillis, stepStarts } from '../../src/time';

const QUARTER = 15 * 60_000;

/** Floor with luxon's own operations only. */
function luxonFloor(dt: DateTime, f: Frequency): DateTime {
  switch (f.tag) {
    case 'P1Y':
      return dt.startOf('year');
    case 'SEASON': {
      if (dt.month >= 4 && dt.month <= 9) return dt.set({ month: 4 }).startOf('month');
      if (dt.month >= 10) return dt.set({ month: 10 }).startOf('month');
      return dt.minus({ years: 1 }).set({ month: 10 }).startOf('month');
    }
    case 'P3M':
      return dt.startOf('quarter');
    case 'P1M':
      return dt.startOf('month');
    case 'P1W':
      return dt.startOf('week');
    case 'P1D':
      return dt.startOf('day');
    case 'PT1H':
      return dt.startOf('hour');
    case 'NONE':
      return dt;
    default:
      return dt.set({ minute: Math.floor(dt.minute / f.size) * f.size }).startOf('minute');
  }
}

/** Step starts from `first` until `end`, stepping with luxon's `plus` only. */
function luxonSteps(first: DateTime, end: number, f: Frequency): number[] {
  const out: number[] = [];
  for (let d = first; d.toMillis() < end; d = d.plus(f.getDelta(1))) out.push(d.toMillis());
  return out;
}

function checkYear(zone: Zone, begin: DateTime): void {
  const start = begin.toMillis();
  const end = begin.plus({ years: 1 }).toMillis();
  const count = (end - start) / QUARTER;
  // 2024 is a leap year; its 23-hour and 25-hour days cancel out
  assert.is(count, 366 * 96);
  // Luxon's grid for each frequency over the year (calendar steps with plus(), starting from a
  // luxon floor before the year; minute steps are absolute, so their grid is arithmetic).
  const grids = new Map<Frequency, number[]>();
  for (const f of Frequency.all()) {
    if (f.unit === 'day' || f.unit === 'month') grids.set(f, luxonSteps(luxonFloor(begin, f), end, f));
  }
  // (a) every value, every frequency, against the luxon grid
  const cursor = new Map<Frequency, number>();
  for (let i = 0; i < count; i++) {
    const ms = start + i * QUARTER;
    for (const f of Frequency.all()) {
      let expected: number;
      const grid = grids.get(f);
      if (grid) {
        let k = cursor.get(f) ?? 0;
        while (k + 1 < grid.length && grid[k + 1]! <= ms) k++;
        cursor.set(f, k);
        expected = grid[k]!;
      } else if (f.unit === 'minute') {
        expected = start + Math.floor((ms - start) / (f.size * 60_000)) * f.size * 60_000;
      } else {
        expected = ms;
      }
      const got = floorMillis(ms, f, zone);
      if (got !== expected) assert.unreachable(`${f.tag} floor of ${ms}: ${got} != ${expected}`);
    }
  }
  // (b) luxon's own floor per value, on every 97th value (97 quarters: each time of day in turn) and
  // on every value of the DST days
  const dstDays = [luxonFloor(DateTime.fromMillis(Date.UTC(2024, 2, 31, 12), { zone }), Frequency.P1D)];
  dstDays.push(dstDays[0]!.minus({ days: 1 }));
  dstDays.push(luxonFloor(DateTime.fromMillis(Date.UTC(2024, 9, 27, 12), { zone }), Frequency.P1D));
  dstDays.push(dstDays[2]!.minus({ days: 1 }));
  const sample = new Set<number>();
  for (let i = 0; i < count; i += 97) sample.add(start + i * QUARTER);
  for (const day of dstDays) for (let ms = day.toMillis(); ms < day.plus({ days: 1 }).toMillis(); ms += QUARTER) sample.add(ms);
  for (const ms of sample) {
    const dt = DateTime.fromMillis(ms + 7 * 60_000 + 13_500, { zone }); // off the grid: +7 min 13.5 s
    for (const f of Frequency.all()) {
      const want = luxonFloor(dt, f).toMillis();
      if (floorMillis(dt.toMillis(), f, zone) !== want) assert.unreachable(`${f.tag} floor of ${dt.toISO()}`);
      if (f.truncate(dt).toMillis() !== want) assert.unreachable(`${f.tag} truncate of ${dt.toISO()}`);
      if (f.isIterable && f.unit === 'minute') {
        const grid = DateTime.fromMillis(want, { zone });
        if (shiftMillis(want, f, -3, zone) !== grid.plus(f.getDelta(-3)).toMillis()) assert.unreachable(`${f.tag} shift`);
      }
    }
  }
  // (c) calendar shifts of every grid value, and (d) stepStarts over the year
  for (const [f, grid] of grids) {
    for (const g of grid) {
      const dt = DateTime.fromMillis(g, { zone });
      for (const n of [1, -1, 2]) {
        if (shiftMillis(g, f, n, zone) !== dt.plus(f.getDelta(n)).toMillis()) assert.unreachable(`${f.tag} shift ${n} of ${dt.toISO()}`);
      }
    }
    assert.equal(
      Array.from(stepStarts(start, end, f, zone)),
      grid.filter((g) => g >= start),
      `${f.tag} steps`,
    );
  }
  for (const f of Frequency.all().filter((x) => x.unit === 'minute')) {
    const starts = stepStarts(start, end, f, zone);
    assert.is(starts.length, (end - start) / (f.size * 60_000));
    assert.is(starts[0], start);
    assert.is(starts[starts.length - 1], end - f.size * 60_000);
  }
}

test('CET: 2024 in 15-minute steps (92- and 100-quarter days included)', () => {
  checkYear(CET, DateTime.fromISO('2024-01-01T00:00:00', { zone: CET }));
});

test('Europe/Gas_Day: gas year 2024 in 15-minute steps', () => {
  checkYear(GAS_DAY, DateTime.fromISO('2024-01-01T00:00:00', { zone: GAS_DAY }));
});

test.run();
