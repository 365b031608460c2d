import type { Zone } from 'luxon';
import { type Frequency, floorMillis, shiftMillis, stepStarts } from '../time';

/**
 * The boundaries of the output steps that hold instants `firstMs` ... `lastMs`: the steps of
 * `frequency` on `zone`'s wall clock (DST-aware calendar steps for daily and coarser) from the
 * step containing `firstMs` through the step containing `lastMs`. Step `k` is
 * `[bounds[k], bounds[k + 1])`, so the array has one entry more than there are steps.
 *
 * @param firstMs - The first instant to cover, epoch ms.
 * @param lastMs - The last instant to cover, epoch ms (at or after `firstMs`).
 * @param frequency - The step frequency (not `NONE`).
 * @param zone - The zone whose wall clock the steps follow.
 * @returns Step boundaries, ascending.
 * @example
 * // CET days 2024-03-30 (UTC+1) and 2024-03-31 (UTC+1 -> UTC+2, 23 hours)
 * stepBounds(Date.UTC(2024, 2, 30, 12), Date.UTC(2024, 2, 31, 12), Frequency.P1D, CET)
 * //=> Float64Array [Date.UTC(2024, 2, 29, 23), Date.UTC(2024, 2, 30, 23), Date.UTC(2024, 2, 31, 22)]
 */
export function stepBounds(firstMs: number, lastMs: number, frequency: Frequency, zone: Zone): Float64Array {
  const begin = floorMillis(firstMs, frequency, zone);
  const end = shiftMillis(floorMillis(lastMs, frequency, zone), frequency, 1, zone);
  const starts = stepStarts(begin, end, frequency, zone);
  const bounds = new Float64Array(starts.length + 1);
  bounds.set(starts);
  bounds[starts.length] = end;
  return bounds;
}
