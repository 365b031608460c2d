import { ValueError } from '../exceptions';
import { monthAnchor } from './date-time-steps';
import type { Frequency } from './frequency';
import { tableFor, type OffsetTable } from './offset-table';
import { DAY_MS, MINUTE_MS, civilFromDays, daysFromCivil, daysInMonth, localToInstant, localToInstantNear, mod } from './wall-clock';
import { toZone, type ZoneInput } from './zones';

/** Largest magnitude of a valid JS Date, in epoch milliseconds. */
const MAX_MS = 8.64e15;

let lastInput: ZoneInput | undefined;
let lastTable: OffsetTable | undefined;

function table(zone: ZoneInput): OffsetTable {
  if (zone === lastInput && lastTable !== undefined) return lastTable;
  const found = tableFor(toZone(zone));
  lastInput = zone;
  lastTable = found;
  return found;
}

function checkMillis(ms: number, name: string): void {
  if (!(ms >= -MAX_MS && ms <= MAX_MS)) throw new ValueError(`${name} must be finite epoch milliseconds, got ${ms}`);
}

// The last calendar step found: floors of instants in [memoLo, memoHi) are memoLo.
let memoTable: OffsetTable | undefined;
let memoFreq: Frequency | undefined;
let memoLo = Number.NaN;
let memoHi = Number.NaN;

function floorCalendar(ms: number, freq: Frequency, t: OffsetTable): number {
  if (t === memoTable && freq === memoFreq && ms >= memoLo && ms < memoHi) return memoLo;
  const lo = floorWith(ms, freq, t);
  memoHi = shiftWith(lo, freq, 1, t);
  memoLo = lo;
  memoTable = t;
  memoFreq = freq;
  return lo;
}

// Taken once: under a CommonJS transform (the TypeScript loader) an imported function is a getter
// of the module object, read again at every use; these two run once per value of a grid check.
const modulo = mod;
const nearInstant = localToInstantNear;

function floorWith(ms: number, freq: Frequency, t: OffsetTable): number {
  const offsetOf = t.offsetFn;
  const o = t.offset(ms);
  const local = ms + o * MINUTE_MS;
  switch (freq.unit) {
    case 'none':
      return ms;
    case 'minute': {
      const floored = local - modulo(local, freq.size * MINUTE_MS);
      return nearInstant(floored, o, offsetOf);
    }
    case 'day': {
      let days = Math.floor(local / DAY_MS);
      if (freq.size === 7) days -= mod(days + 3, 7); // day 0 (1970-01-01) was a Thursday
      return t.midnight(days);
    }
    case 'month': {
      const [year, month] = civilFromDays(Math.floor(local / DAY_MS));
      const total = year * 12 + month - 1;
      const floored = total - mod(total - monthAnchor(freq.size), freq.size);
      return t.midnight(daysFromCivil(Math.floor(floored / 12), mod(floored, 12) + 1, 1));
    }
  }
}

function shiftWith(ms: number, freq: Frequency, n: number, t: OffsetTable): number {
  switch (freq.unit) {
    case 'none':
      throw new ValueError('Frequency NONE cannot be stepped');
    case 'minute':
      return ms + n * freq.size * MINUTE_MS;
    case 'day': {
      const target = ms + t.offset(ms) * MINUTE_MS + n * freq.size * DAY_MS;
      return mod(target, DAY_MS) === 0 ? t.midnight(target / DAY_MS) : localToInstant(target, t.offsetFn);
    }
    case 'month': {
      const local = ms + t.offset(ms) * MINUTE_MS;
      const days = Math.floor(local / DAY_MS);
      const [year, month, day] = civilFromDays(days);
      const total = year * 12 + month - 1 + n * freq.size;
      const y = Math.floor(total / 12);
      const m = mod(total, 12) + 1;
      const target = daysFromCivil(y, m, Math.min(day, daysInMonth(y, m)));
      return localToInstant(target * DAY_MS + (local - days * DAY_MS), t.offsetFn);
    }
  }
}

/**
 * Floors an instant to the start of its step in a zone: the column twin of
 * `Frequency#truncate`, without building a DateTime (zone offsets come from a cache).
 *
 * @param ms - Epoch milliseconds.
 * @param freq - The frequency (`NONE` returns `ms` unchanged).
 * @param zone - The zone whose wall clock defines the grid.
 * @returns Epoch milliseconds of the step start.
 * @throws ValueError for a non-finite instant or an unknown zone.
 * @example
 * // 2020-03-30T10:00+02:00 -> 2020-03-01T00:00+01:00 = 2020-02-29T23:00Z
 * floorMillis(Date.UTC(2020, 2, 30, 8), Frequency.P1M, CET) === Date.UTC(2020, 1, 29, 23) //=> true
 */
export function floorMillis(ms: number, freq: Frequency, zone: ZoneInput): number {
  checkMillis(ms, 'ms');
  const t = table(zone);
  return freq.unit === 'day' || freq.unit === 'month' ? floorCalendar(ms, freq, t) : floorWith(ms, freq, t);
}

/**
 * {@link floorMillis} without its memo of the last calendar step: what `bench/layers.ts` compares
 * the memo against.
 *
 * @param ms - Epoch milliseconds.
 * @param freq - The frequency.
 * @param zone - The zone whose wall clock defines the grid.
 * @returns As {@link floorMillis}.
 * @example
 * floorMillisUnkept(Date.UTC(2024, 0, 1, 12), Frequency.P1D, CET) === Date.UTC(2023, 11, 31, 23) //=> true
 */
export function floorMillisUnkept(ms: number, freq: Frequency, zone: ZoneInput): number {
  checkMillis(ms, 'ms');
  return floorWith(ms, freq, table(zone));
}

/**
 * Shifts an instant by `n` steps in a zone: the column twin of `Frequency#shift` (calendar steps
 * on the local wall clock for `P1D` and coarser, absolute time for `PT1H` and finer).
 *
 * @param ms - Epoch milliseconds.
 * @param freq - The frequency.
 * @param n - Number of steps (an integer, negative to go back).
 * @param zone - The zone whose wall clock defines calendar steps.
 * @returns Epoch milliseconds.
 * @throws ValueError for `NONE`, a non-integer `n`, a non-finite instant or an unknown zone.
 * @example
 * // 2024-03-31T00:00+01:00 + 1 day = 2024-04-01T00:00+02:00, 23 hours later
 * shiftMillis(Date.UTC(2024, 2, 30, 23), Frequency.P1D, 1, CET) - Date.UTC(2024, 2, 30, 23) //=> 82800000
 */
export function shiftMillis(ms: number, freq: Frequency, n: number, zone: ZoneInput): number {
  checkMillis(ms, 'ms');
  if (!Number.isInteger(n)) throw new ValueError(`Number of steps must be an integer, got ${n}`);
  return shiftWith(ms, freq, n, table(zone));
}

/**
 * The starts of all steps in `[beginMs, endMs)`: the first is `beginMs` rounded up to the grid.
 *
 * @param beginMs - Inclusive start, epoch milliseconds.
 * @param endMs - Exclusive end, epoch milliseconds.
 * @param freq - The frequency.
 * @param zone - The zone whose wall clock defines the grid.
 * @returns Step starts in ascending order (empty when `endMs <= beginMs`).
 * @throws ValueError for `NONE`, non-finite bounds or an unknown zone.
 * @example
 * // the CET day 2024-03-31 (23:00Z on the 30th to 22:00Z on the 31st) has 23 hours
 * stepStarts(Date.UTC(2024, 2, 30, 23), Date.UTC(2024, 2, 31, 22), Frequency.PT1H, CET).length //=> 23
 */
export function stepStarts(beginMs: number, endMs: number, freq: Frequency, zone: ZoneInput): Float64Array {
  checkMillis(beginMs, 'beginMs');
  checkMillis(endMs, 'endMs');
  if (freq.unit === 'none') throw new ValueError('Frequency NONE cannot be stepped');
  const t = table(zone);
  let first = floorWith(beginMs, freq, t);
  if (first < beginMs) first = shiftWith(first, freq, 1, t);
  if (!(endMs > first)) return new Float64Array(0);
  if (freq.unit === 'minute') {
    const step = freq.size * MINUTE_MS;
    const out = new Float64Array(Math.ceil((endMs - first) / step));
    for (let i = 0; i < out.length; i++) out[i] = first + i * step;
    return out;
  }
  const starts: number[] = [];
  for (let k = 0, s = first; s < endMs; s = shiftWith(first, freq, ++k, t)) starts.push(s);
  return Float64Array.from(starts);
}
