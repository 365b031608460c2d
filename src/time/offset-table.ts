import type { Zone } from 'luxon';
import { DAY_MS, localToInstant } from './wall-clock';

/** Length of one cached span of time. */
const CHUNK_MS = 16 * DAY_MS;
/** Sampling step inside a span; two offset changes closer than this would be missed. */
const SAMPLE_MS = 6 * 3_600_000;

/** Offsets of one span: the offset at its start and the changes inside it. */
interface Chunk {
  readonly start: number;
  readonly end: number;
  readonly first: number;
  readonly at: readonly number[];
  readonly offsets: readonly number[];
}

/**
 * A cache of a zone's UTC offsets, so that column code can convert millions of instants
 * without asking `Intl` (through luxon) for each one. Time is cut into 16-day spans; the first
 * lookup in a span samples the zone every 6 hours and bisects each change to the millisecond,
 * after which a lookup is a map hit plus a comparison or two. Results equal `zone.offset(ms)`.
 *
 * @param zone - The luxon zone to cache.
 * @example
 * new OffsetTable(CET).offset(Date.UTC(2024, 2, 31, 1)) //=> 120
 */
export class OffsetTable {
  /** The cached zone. */
  readonly zone: Zone;
  /**
   * {@link OffsetTable.offset} as a bound function, to pass where an `OffsetFn` is expected
   * without allocating a closure per call.
   *
   * @example
   * tableFor(CET).offsetFn(Date.UTC(2024, 0, 1)) //=> 60
   */
  readonly offsetFn: (ms: number) => number;
  private readonly fixed: number | undefined;
  private readonly chunks = new Map<number, Chunk>();
  private last: Chunk | undefined;
  private memoDays = Number.NaN;
  private memoInstant = Number.NaN;

  constructor(zone: Zone) {
    this.zone = zone;
    this.fixed = zone.isUniversal ? zone.offset(0) : undefined;
    this.offsetFn = (ms) => this.offset(ms);
  }

  /**
   * The zone's offset in minutes at an instant.
   *
   * @param ms - Epoch milliseconds.
   * @returns The offset in minutes (as `zone.offset(ms)`).
   * @example
   * tableFor(CET).offset(Date.UTC(2024, 2, 31, 0, 59, 59, 999)) //=> 60
   */
  offset(ms: number): number {
    if (this.fixed !== undefined) return this.fixed;
    let chunk = this.last;
    if (chunk === undefined || ms < chunk.start || ms >= chunk.end) {
      const index = Math.floor(ms / CHUNK_MS);
      chunk = this.chunks.get(index);
      if (chunk === undefined) {
        chunk = this.build(index);
        this.chunks.set(index, chunk);
      }
      this.last = chunk;
    }
    let result = chunk.first;
    const at = chunk.at;
    for (let i = 0; i < at.length && ms >= at[i]!; i++) result = chunk.offsets[i]!;
    return result;
  }

  /**
   * The instant of local midnight starting a local day (standard time if ambiguous, the first
   * valid time if midnight falls in a gap); the last answer is remembered, because column code
   * asks for the same midnight many times in a row.
   *
   * @param days - Local day number (days since 1970-01-01 on the wall clock).
   * @returns Epoch milliseconds.
   * @example
   * // 2024-03-31 (day 19813) starts at 00:00+01:00 in CET
   * tableFor(CET).midnight(19813) === Date.UTC(2024, 2, 30, 23) //=> true
   */
  midnight(days: number): number {
    if (days !== this.memoDays) {
      this.memoInstant = localToInstant(days * DAY_MS, this.offsetFn);
      this.memoDays = days;
    }
    return this.memoInstant;
  }

  private build(index: number): Chunk {
    const zone = this.zone;
    const start = index * CHUNK_MS;
    const end = start + CHUNK_MS;
    const first = zone.offset(start);
    const at: number[] = [];
    const offsets: number[] = [];
    let prevT = start;
    let prevO = first;
    for (let t = start + SAMPLE_MS; prevT < end - 1; t += SAMPLE_MS) {
      const sample = Math.min(t, end - 1);
      const o = zone.offset(sample);
      if (Number.isNaN(o) || Number.isNaN(prevO)) break; // outside the Date range
      // Find every change between prevT (offset prevO) and sample (offset o).
      let lo = prevT;
      let loO = prevO;
      while (loO !== o) {
        let hi = sample;
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2);
          if (zone.offset(mid) === loO) lo = mid;
          else hi = mid;
        }
        const next = zone.offset(hi);
        at.push(hi);
        offsets.push(next);
        lo = hi;
        loO = next;
      }
      prevT = sample;
      prevO = o;
    }
    return { start, end, first, at, offsets };
  }
}

const tables = new Map<string, OffsetTable>();
let lastZone: Zone | undefined;
let lastTable: OffsetTable | undefined;

/**
 * The shared offset table of a zone (one per zone type and name).
 *
 * @param zone - A valid luxon zone.
 * @returns The zone's offset table.
 * @example
 * tableFor(CET) === tableFor(IANAZone.create('CET')) //=> true
 */
export function tableFor(zone: Zone): OffsetTable {
  if (zone === lastZone && lastTable !== undefined) return lastTable;
  const key = `${zone.type}:${zone.name}`;
  let table = tables.get(key);
  if (table === undefined) {
    table = new OffsetTable(zone);
    tables.set(key, table);
  }
  lastZone = zone;
  lastTable = table;
  return table;
}
