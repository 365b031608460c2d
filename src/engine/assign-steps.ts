import { ValueError } from '../exceptions';
import { maskIndex, maskRunEnd } from './hour-filter';
import type { OffsetSegments } from './offset-segments';

/**
 * Assigns each input value to the output step containing its start instant, and drops values
 * the hour filter rejects (by their wall-clock hour and weekday in the output zone). One pass,
 * no zone lookups: the local time is the instant plus the offset of its segment, and all values
 * in one run of equally filtered local hours get one answer.
 *
 * @param times - Input start instants, epoch ms, strictly ascending, all within
 *   `[bounds[0], bounds[bounds.length - 1])`.
 * @param bounds - Output step boundaries: step `k` is `[bounds[k], bounds[k + 1])`.
 * @param mask - Hour-filter mask (see `hourFilterMask`), or `null` to keep every value.
 * @param segments - Offset segments of the output zone covering the input.
 * @returns Per input value its step index, or -1 when the filter rejects it.
 * @throws ValueError when `times` is not strictly ascending or leaves the bounds.
 * @example
 * // two CET days, 2024-01-01/02 (UTC+1), hourly values at 07:00 and 08:00 local on the 2nd
 * const b = Float64Array.of(Date.UTC(2023, 11, 31, 23), Date.UTC(2024, 0, 1, 23), Date.UTC(2024, 0, 2, 23));
 * const t = Float64Array.of(Date.UTC(2024, 0, 2, 6), Date.UTC(2024, 0, 2, 7));
 * assignSteps(t, b, hourFilterMask(Filter.PEAK, Frequency.P1D), offsetSegments(CET, b[0], b[2]))
 * //=> Int32Array [-1, 1]
 */
export function assignSteps(times: Float64Array, bounds: Float64Array, mask: Uint8Array | null, segments: OffsetSegments): Int32Array {
  const n = times.length;
  const slots = new Int32Array(n);
  const steps = bounds.length - 1;
  const segStarts = segments.starts;
  const segOffsets = segments.offsets;
  let j = 0;
  let segEnd = segStarts.length > 1 ? segStarts[1]! : Infinity;
  if (n > 0 && !(times[0]! >= bounds[0]!)) throw new ValueError('Times must lie within the output steps (index 0)');
  let previous = -Infinity;
  let i = 0;
  for (let k = 0; k < steps && i < n; k++) {
    const stepEnd = bounds[k + 1]!;
    while (i < n && times[i]! < stepEnd) {
      // A chunk of values with one answer: the rest of the step, or of the run of local hours
      // with the same filter answer.
      const t = times[i]!;
      if (!(t > previous)) throw new ValueError(`Times must be ascending and within the output steps (index ${i})`);
      let chunkEnd = stepEnd;
      let slot = k;
      if (mask !== null) {
        while (t >= segEnd) {
          j++;
          segEnd = j + 1 < segStarts.length ? segStarts[j + 1]! : Infinity;
        }
        const local = t + segOffsets[j]!;
        chunkEnd = Math.min(chunkEnd, segEnd, t + maskRunEnd(mask, local) - local);
        slot = mask[maskIndex(local)] === 1 ? k : -1;
      }
      slots[i++] = slot;
      previous = t;
      for (; i < n; i++) {
        const u = times[i]!;
        if (u >= chunkEnd) break;
        if (!(u > previous)) throw new ValueError(`Times must be ascending (index ${i})`);
        slots[i] = slot;
        previous = u;
      }
    }
  }
  if (i < n) throw new ValueError(`Time at index ${i} lies outside the output steps`);
  return slots;
}
