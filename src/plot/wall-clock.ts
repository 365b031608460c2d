/**
 * Wall-clock time for charts. Vega-Lite formats dates in the zone of the process or browser
 * that renders them, so charts carry time as "wall-clock milliseconds": the instant plus the
 * zone's offset at that instant, read back as UTC (`scale: {type: 'utc'}`, UTC formats). A CET
 * midnight then shows as 00:00 whatever the machine's zone.
 *
 * @module
 */
import type { Zone } from 'luxon';
import { offsetSegments } from '../engine';

/**
 * Shifts instants to wall-clock milliseconds in a zone (`ms + offset(ms)`).
 *
 * @param times - Instants, epoch milliseconds (NaN stays NaN); any order, ascending is fastest.
 * @param zone - The zone whose clock to show.
 * @returns The wall-clock milliseconds, one per instant.
 * @example
 * // 2024-01-01T00:00+01:00 (CET winter) is 2023-12-31T23:00Z; its wall clock reads 2024-01-01 00:00
 * wallClockMillis(Float64Array.of(Date.UTC(2023, 11, 31, 23)), CET)[0] === Date.UTC(2024, 0, 1) //=> true
 */
export function wallClockMillis(times: ArrayLike<number>, zone: Zone): Float64Array {
  const n = times.length;
  const out = new Float64Array(n);
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const t = times[i]!;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  if (lo > hi) {
    out.fill(NaN);
    return out;
  }
  const { starts, offsets } = offsetSegments(zone, lo, hi);
  const last = starts.length - 1;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const t = times[i]!;
    if (Number.isNaN(t)) {
      out[i] = NaN;
      continue;
    }
    if (t < starts[k]!) k = 0;
    while (k < last && t >= starts[k + 1]!) k++;
    out[i] = t + offsets[k]!;
  }
  return out;
}

/** Milliseconds in a civil day. */
export const DAY_MS = 86_400_000;

/** Milliseconds in an hour. */
export const HOUR_MS = 3_600_000;

/**
 * Formats wall-clock milliseconds as `YYYY-MM-DD HH:mm` (no zone: it is already wall-clock time).
 *
 * @param wallMs - Wall-clock milliseconds.
 * @returns The text.
 * @example
 * formatWallClock(Date.UTC(2024, 2, 31, 3, 15)) //=> '2024-03-31 03:15'
 */
export function formatWallClock(wallMs: number): string {
  return new Date(wallMs).toISOString().slice(0, 16).replace('T', ' ');
}
