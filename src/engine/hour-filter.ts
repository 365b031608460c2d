import type { Filter } from '../model';
import { Frequency } from '../time';

/**
 * Number of entries of an hour-filter mask: 7 weekdays times 24 local hours.
 *
 * @example
 * hourFilterMask(Filter.BASE, Frequency.P1D).length === MASK_SIZE //=> true
 */
export const MASK_SIZE = 7 * 24;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * Builds the hour-filter mask for a target frequency (docs/semantics.md#hour-filters): entry
 * `weekday * 24 + hour` (weekday 0 = Monday ... 6 = Sunday, local wall-clock hour 0-23) is 1 when
 * input values starting in that hour pass the filter. `BASE` passes all, `WORKDAYS` Monday-Friday,
 * `WEEKEND` Saturday-Sunday. `PEAK` is 08:00-20:00 every day for daily and finer targets, and the
 * futures definition 08:00-20:00 Monday-Friday for weekly and coarser targets; `OFFPEAK` is the
 * complement of `PEAK` for the same target. No public holidays are taken into account.
 *
 * @param filter - The hour filter.
 * @param target - The target (output) frequency, which picks the peak definition.
 * @returns A 168-entry mask of 0/1.
 * @example
 * const m = hourFilterMask(Filter.PEAK, Frequency.P1M);
 * [m[0 * 24 + 8], m[0 * 24 + 20], m[5 * 24 + 12]] //=> [1, 0, 0]
 */
export function hourFilterMask(filter: Filter, target: Frequency): Uint8Array {
  const futures = target.lt(Frequency.P1D);
  const mask = new Uint8Array(MASK_SIZE);
  for (let weekday = 0; weekday < 7; weekday++) {
    const workday = weekday < 5;
    for (let hour = 0; hour < 24; hour++) {
      const peakHours = hour >= 8 && hour < 20;
      const peak = futures ? peakHours && workday : peakHours;
      let pass: boolean;
      switch (filter.tag) {
        case 'BASE':
          pass = true;
          break;
        case 'PEAK':
          pass = peak;
          break;
        case 'OFFPEAK':
          pass = !peak;
          break;
        case 'WORKDAYS':
          pass = workday;
          break;
        case 'WEEKEND':
          pass = !workday;
          break;
        default:
          throw new TypeError(`Unknown hour filter ${String(filter)}`);
      }
      mask[weekday * 24 + hour] = pass ? 1 : 0;
    }
  }
  return mask;
}

/**
 * Tells whether a mask passes every hour, so callers can skip the per-value lookup.
 *
 * @param mask - A mask from {@link hourFilterMask}.
 * @returns `true` when all 168 entries are 1.
 * @example
 * isBaseMask(hourFilterMask(Filter.BASE, Frequency.P1D)) //=> true
 */
export function isBaseMask(mask: Uint8Array): boolean {
  for (let i = 0; i < mask.length; i++) if (mask[i] === 0) return false;
  return true;
}

/**
 * The mask index (`weekday * 24 + hour`, Monday = 0) of a local wall-clock time given as
 * "local epoch ms" (a UTC instant plus the zone's offset at that instant).
 *
 * @param localMs - Local wall-clock time as milliseconds since 1970-01-01T00:00 local.
 * @returns The index into a mask from {@link hourFilterMask}.
 * @example
 * // 2024-03-04 is a Monday; 09:30 local
 * maskIndex(Date.UTC(2024, 2, 4, 9, 30)) //=> 9
 */
export function maskIndex(localMs: number): number {
  const day = Math.floor(localMs / DAY_MS);
  const hour = Math.floor((localMs - day * DAY_MS) / HOUR_MS);
  // 1970-01-01 (day 0) was a Thursday, weekday 3 when Monday is 0.
  let weekday = (day + 3) % 7;
  if (weekday < 0) weekday += 7;
  return weekday * 24 + hour;
}

/**
 * The local end of the run of hours that share the mask's answer for `localMs`: from the hour
 * holding `localMs`, the following hours (wrapping from Sunday 23:00 to Monday 00:00) are added
 * while the mask gives the same answer, for at most one week. Column code uses it to give a whole
 * run of values one answer.
 *
 * @param mask - A mask from {@link hourFilterMask}.
 * @param localMs - Local wall-clock time as milliseconds since 1970-01-01T00:00 local.
 * @returns Local milliseconds where the run ends (exclusive).
 * @example
 * // Monday 2024-03-04 09:30 under daily PEAK: the peak run lasts until 20:00
 * maskRunEnd(hourFilterMask(Filter.PEAK, Frequency.P1D), Date.UTC(2024, 2, 4, 9, 30)) === Date.UTC(2024, 2, 4, 20) //=> true
 */
export function maskRunEnd(mask: Uint8Array, localMs: number): number {
  const first = maskIndex(localMs);
  const answer = mask[first];
  let end = (Math.floor(localMs / HOUR_MS) + 1) * HOUR_MS;
  for (let step = 1, index = first + 1; step < MASK_SIZE; step++, index++) {
    if (index === MASK_SIZE) index = 0;
    if (mask[index] !== answer) break;
    end += HOUR_MS;
  }
  return end;
}
