import type { Zone } from 'luxon';

/**
 * A zone's UTC offset as a step function over time: segment `i` covers
 * `[starts[i], starts[i + 1])` (the last one runs on to `+Infinity`) and has the constant offset
 * `offsets[i]` in milliseconds, so a UTC instant `ms` reads `ms + offsets[i]` on the local wall clock.
 *
 * @example
 * const s: OffsetSegments = offsetSegments(UTC, 0, 86_400_000);
 * Array.from(s.offsets) //=> [0]
 */
export interface OffsetSegments {
  /** Segment starts, epoch ms, ascending; the first is at or before the requested begin. */
  readonly starts: Float64Array;
  /** Offset of each segment in ms (`+3_600_000` for CET in winter). */
  readonly offsets: Float64Array;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Probe step: zones do not change offset twice within one day. */
const PROBE_MS = DAY_MS;
/** Cache block: 364 days of one zone's transitions. */
const BLOCK_MS = 364 * DAY_MS;
const MAX_BLOCKS_PER_ZONE = 4096;

interface Block {
  readonly starts: number[];
  readonly offsets: number[];
}

const cache = new WeakMap<Zone, Map<number, Block>>();

function offsetMs(zone: Zone, ms: number): number {
  // whole milliseconds: a local mean time offset such as -03:30:52 is a fraction of a minute
  return Math.round(zone.offset(ms) * MINUTE_MS);
}

/** Finds the first instant in `(lo, hi]` whose offset differs from `offset(lo)`. */
function bisect(zone: Zone, lo: number, hi: number, before: number): number {
  let a = lo;
  let b = hi;
  while (b - a > 1) {
    const mid = Math.floor((a + b) / 2);
    if (offsetMs(zone, mid) === before) a = mid;
    else b = mid;
  }
  return b;
}

function computeBlock(zone: Zone, index: number): Block {
  const begin = index * BLOCK_MS;
  const end = begin + BLOCK_MS;
  const starts = [begin];
  const offsets = [offsetMs(zone, begin)];
  let at = begin;
  let current = offsets[0]!;
  while (at < end) {
    const next = Math.min(at + PROBE_MS, end);
    const probe = offsetMs(zone, next);
    if (probe !== current) {
      const change = bisect(zone, at, next, current);
      const after = offsetMs(zone, change);
      starts.push(change);
      offsets.push(after);
      current = after;
      at = change;
    } else {
      at = next;
    }
  }
  return { starts, offsets };
}

function block(zone: Zone, index: number): Block {
  let blocks = cache.get(zone);
  if (blocks === undefined) {
    blocks = new Map();
    cache.set(zone, blocks);
  }
  let found = blocks.get(index);
  if (found === undefined) {
    if (blocks.size >= MAX_BLOCKS_PER_ZONE) blocks.clear();
    found = computeBlock(zone, index);
    blocks.set(index, found);
  }
  return found;
}

/**
 * The offset segments of a zone over `[beginMs, endMs]`, so column code can turn instants into
 * local wall-clock time with one addition instead of one zone lookup per value. Transitions are
 * found by probing the zone daily and bisecting to the millisecond, and are cached per zone and
 * 364-day block, so repeated calls over the same years cost no zone lookups.
 *
 * @param zone - A luxon zone (IANA, fixed offset, or a custom one such as `Europe/Gas_Day`).
 * @param beginMs - First instant to cover, epoch ms.
 * @param endMs - Last instant to cover, epoch ms (at or after `beginMs`).
 * @returns The segments; the first starts at or before `beginMs`, the last at or before `endMs`.
 * @example
 * // CET over 2024-03-31 (CET -> CEST at 01:00 UTC)
 * const s = offsetSegments(IANAZone.create('Europe/Berlin'), Date.UTC(2024, 2, 30), Date.UTC(2024, 3, 1));
 * [s.starts[1] === Date.UTC(2024, 2, 31, 1), s.offsets[0], s.offsets[1]] //=> [true, 3600000, 7200000]
 */
export function offsetSegments(zone: Zone, beginMs: number, endMs: number): OffsetSegments {
  if (zone.isUniversal) {
    return { starts: Float64Array.of(beginMs), offsets: Float64Array.of(offsetMs(zone, beginMs)) };
  }
  const starts: number[] = [];
  const offsets: number[] = [];
  const lastBlock = Math.floor(Math.max(beginMs, endMs) / BLOCK_MS);
  for (let index = Math.floor(beginMs / BLOCK_MS); index <= lastBlock; index++) {
    const b = block(zone, index);
    for (let i = 0; i < b.starts.length; i++) {
      if (offsets.length > 0 && offsets[offsets.length - 1] === b.offsets[i]) continue;
      starts.push(b.starts[i]!);
      offsets.push(b.offsets[i]!);
    }
  }
  // Keep the segments from the one containing beginMs through the one containing endMs.
  let first = 0;
  while (first + 1 < starts.length && starts[first + 1]! <= beginMs) first++;
  let last = first;
  while (last + 1 < starts.length && starts[last + 1]! <= endMs) last++;
  return {
    starts: Float64Array.from(starts.slice(first, last + 1)),
    offsets: Float64Array.from(offsets.slice(first, last + 1)),
  };
}
