import type { Zone } from 'luxon';
import { ValueError } from '../exceptions';
import { type Frequency, floorMillis, stepStarts } from '../time';
import { maskIndex, maskRunEnd } from './hour-filter';
import type { OffsetSegments } from './offset-segments';

/**
 * The length of one step of a fixed-length (hourly or finer) frequency.
 *
 * @param frequency - A frequency.
 * @returns Milliseconds per step, or `undefined` for calendar frequencies (daily and coarser)
 *   and `NONE`.
 * @example
 * fixedStepMillis(Frequency.PT15M) //=> 900000
 * fixedStepMillis(Frequency.P1D) //=> undefined
 */
export function fixedStepMillis(frequency: Frequency): number | undefined {
  return frequency.unit === 'minute' ? frequency.size * 60_000 : undefined;
}

/**
 * Where the input grid lies: the input frequency and either a phase or a zone.
 *
 * @example
 * // quarter-hours on the UTC quarter-hour grid; `zone` matters only for calendar frequencies
 * const grid: InputGrid = { frequency: Frequency.PT15M, anchorMs: 0, zone: CET };
 * expectedCounts(Float64Array.of(0, 3_600_000), grid, null, offsetSegments(CET, 0, 3_600_000)) //=> Float64Array [4]
 */
export interface InputGrid {
  /** Input frequency (not `NONE`). */
  readonly frequency: Frequency;
  /** For fixed-length frequencies: any instant on the grid, e.g. the first input time. */
  readonly anchorMs: number;
  /** For calendar frequencies: the zone whose calendar the input steps follow. */
  readonly zone: Zone;
}

/** A small cursor over offset segments for ascending instants. */
class OffsetCursor {
  private j = 0;
  private end: number;
  private offset: number;

  constructor(private readonly segments: OffsetSegments) {
    this.end = segments.starts.length > 1 ? segments.starts[1]! : Infinity;
    this.offset = segments.offsets[0]!;
  }

  at(ms: number): number {
    const { starts, offsets } = this.segments;
    while (ms >= this.end) {
      this.j++;
      this.offset = offsets[this.j]!;
      this.end = this.j + 1 < starts.length ? starts[this.j + 1]! : Infinity;
    }
    return this.offset;
  }

  /** End of the segment of the last instant passed to `at`. */
  segmentEnd(): number {
    return this.end;
  }
}

/** Grid points `first, first + stepMs, ...` in `[first, end)` whose local hour passes `mask`. */
function maskedGridCount(first: number, end: number, stepMs: number, mask: Uint8Array, cursor: OffsetCursor): number {
  let count = 0;
  let g = first;
  while (g < end) {
    // Take all grid points up to the end of g's run of equally filtered local hours (or of its
    // offset segment) at once.
    const local = g + cursor.at(g);
    const chunkEnd = Math.min(g + maskRunEnd(mask, local) - local, end, cursor.segmentEnd());
    const points = Math.ceil((chunkEnd - g) / stepMs);
    count += mask[maskIndex(local)]! * points;
    g += points * stepMs;
  }
  return count;
}

function fixedCounts(bounds: Float64Array, stepMs: number, anchorMs: number, mask: Uint8Array | null, cursor: OffsetCursor): Float64Array {
  const m = bounds.length - 1;
  const counts = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    const begin = bounds[k]!;
    const end = bounds[k + 1]!;
    const first = begin + ((((anchorMs - begin) % stepMs) + stepMs) % stepMs);
    if (first >= end) continue;
    counts[k] = mask === null ? Math.ceil((end - first) / stepMs) : maskedGridCount(first, end, stepMs, mask, cursor);
  }
  return counts;
}

function calendarCounts(bounds: Float64Array, grid: InputGrid, mask: Uint8Array | null, cursor: OffsetCursor): Float64Array {
  const m = bounds.length - 1;
  const counts = new Float64Array(m);
  const begin = floorMillis(bounds[0]!, grid.frequency, grid.zone);
  const starts = stepStarts(begin, bounds[m]!, grid.frequency, grid.zone);
  let k = 0;
  for (let i = 0; i < starts.length; i++) {
    const g = starts[i]!;
    if (g < bounds[0]!) continue;
    while (g >= bounds[k + 1]!) k++;
    counts[k]! += mask === null ? 1 : mask[maskIndex(g + cursor.at(g))]!;
  }
  return counts;
}

/**
 * Counts, per output step, the input-frequency steps that start in it and pass the hour filter:
 * the "expected" values of the threshold rule (docs/semantics.md#thresholds). DST-aware: a
 * 25-hour CET day expects 100 quarter-hours and a 23-hour day 92. Fixed-length input grids are
 * laid through `anchorMs`; calendar input steps (daily and coarser) follow `zone`'s calendar.
 *
 * @param bounds - Output step boundaries: step `k` is `[bounds[k], bounds[k + 1])`.
 * @param grid - The input frequency with its grid anchor and zone.
 * @param mask - Hour-filter mask in the output zone, or `null` for all hours.
 * @param segments - Offset segments of the output zone covering the bounds.
 * @returns One count per output step.
 * @throws ValueError when the input frequency is `NONE` (it has no grid).
 * @example
 * // CET day 2024-10-27 (UTC+2 until 01:00 UTC, then UTC+1): 25 hours
 * const b = Float64Array.of(Date.UTC(2024, 9, 26, 22), Date.UTC(2024, 9, 27, 23));
 * const grid = { frequency: Frequency.PT15M, anchorMs: b[0], zone: CET };
 * expectedCounts(b, grid, null, offsetSegments(CET, b[0], b[1])) //=> Float64Array [100]
 */
export function expectedCounts(bounds: Float64Array, grid: InputGrid, mask: Uint8Array | null, segments: OffsetSegments): Float64Array {
  const cursor = new OffsetCursor(segments);
  const stepMs = fixedStepMillis(grid.frequency);
  if (stepMs !== undefined) return fixedCounts(bounds, stepMs, grid.anchorMs, mask, cursor);
  if (!grid.frequency.isIterable) throw new ValueError(`Frequency ${grid.frequency.tag} has no step grid`);
  return calendarCounts(bounds, grid, mask, cursor);
}
