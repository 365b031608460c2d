/**
 * Which instances of a forecast curve an operation uses (docs/semantics.md#instances): pure rules over
 * instance records held as columns, giving indices (or stitched columns) back. Instants are epoch
 * ms; times of day are milliseconds after local midnight on the wall clock of the curve's issue
 * zone; tags compare ignoring case; `begin` bounds are inclusive, `issuedBefore` exclusive.
 *
 * @module
 */
import type { Zone } from 'luxon';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * Instance records as columns, one entry per instance (order free).
 *
 * @example
 * const cols: InstanceColumns = { issued: Float64Array.of(0), tags: ['ec'], created: Float64Array.of(NaN), modified: Float64Array.of(NaN) };
 * cols.tags.length //=> 1
 */
export interface InstanceColumns {
  /** Issue instants, epoch ms. */
  readonly issued: Float64Array;
  /** Tags (`''` for none), any case. */
  readonly tags: readonly string[];
  /** Creation instants, NaN when unknown. */
  readonly created: Float64Array;
  /** Last modification instants, NaN when never modified. */
  readonly modified: Float64Array;
}

/**
 * The selection of `list`, `latest`, `load`, `rolling` and `absolute`; every given rule narrows.
 *
 * @example
 * const filter: InstanceFilter = { tags: ['EC'], issuedTimeOfDay: [0], zone: UTC };
 * filter.tags //=> ['EC']
 */
export interface InstanceFilter {
  /** Keep only these tags (empty or absent: all). */
  readonly tags?: readonly string[];
  /** Drop these tags. */
  readonly excludeTags?: readonly string[];
  /** Issued at or after this instant. */
  readonly issuedAtEarliest?: number;
  /** Issued at or before this instant. */
  readonly issuedAtLatest?: number;
  /** Issued before this instant (exclusive; the issue window of `absolute`). */
  readonly issuedBefore?: number;
  /** Issue times of day to keep (ms after local midnight; empty or absent: any). */
  readonly issuedTimeOfDay?: readonly number[];
  /** The issue zone whose wall clock `issuedTimeOfDay` reads (default: UTC). */
  readonly zone?: Zone;
}

/**
 * How `relative` picks one instance per day (docs/semantics.md#instances); times of day in ms.
 *
 * @example
 * const rule: RelativeRule = { tag: 'ec', daysAhead: 1, issued: 'latest', beforeTimeOfDay: 12 * 3_600_000 };
 * rule.daysAhead //=> 1
 */
export interface RelativeRule {
  /** The tag (`''` the blank tag); absent: any tag. */
  readonly tag?: string;
  /** Days between the issue day and the value day (0 = intraday). */
  readonly daysAhead: number;
  /** Take the earliest or the latest candidate of the issue day (default latest). */
  readonly issued?: 'earliest' | 'latest';
  /** Issued exactly at this time of day. */
  readonly timeOfDay?: number;
  /** Issued at or after this time of day. */
  readonly afterTimeOfDay?: number;
  /** Issued before this time of day. */
  readonly beforeTimeOfDay?: number;
  /** Modified (else created, else issued) no later than this time of day on the issue day. */
  readonly modifiedAtLatest?: number;
}

/**
 * Turns instance records (`issued`, `tag`, `created`, `modified`; null for unknown) into columns.
 *
 * @param records - The records, in any order.
 * @returns The columns, in the same order.
 * @example
 * instanceColumns([{ issued: 0, tag: 'ec', created: null, modified: null }]).created
 * //=> Float64Array [NaN]
 */
export function instanceColumns(
  records: readonly { issued: number; tag: string; created: number | null; modified: number | null }[],
): InstanceColumns {
  const n = records.length;
  const cols = { issued: new Float64Array(n), tags: new Array<string>(n), created: new Float64Array(n), modified: new Float64Array(n) };
  records.forEach((r, i) => {
    cols.issued[i] = r.issued;
    cols.tags[i] = r.tag;
    cols.created[i] = r.created ?? Number.NaN;
    cols.modified[i] = r.modified ?? Number.NaN;
  });
  return cols;
}

/**
 * Wall-clock milliseconds after local midnight of an instant in a zone (an issue time of day).
 *
 * @param ms - Epoch ms.
 * @param zone - The zone.
 * @returns 0 to 86 399 999.
 * @example
 * // 2024-03-31T01:30Z is 03:30 CEST
 * timeOfDayIn(Date.UTC(2024, 2, 31, 1, 30), CET) //=> 12600000
 */
export function timeOfDayIn(ms: number, zone: Zone): number {
  return mod(wall(ms, zone), DAY_MS);
}

/** Wall-clock ms of an instant in a zone (`ms` + the zone's offset then). */
function wall(ms: number, zone: Zone | undefined): number {
  return zone ? ms + zone.offset(ms) * 60_000 : ms;
}

const lowerSet = (tags: readonly string[] | undefined): Set<string> | null =>
  tags && tags.length > 0 ? new Set(tags.map((t) => t.toLowerCase())) : null;

/** Newest issued first, then tag (ignoring case); `sign` -1 turns it into oldest first. */
function comparator(cols: InstanceColumns, sign: 1 | -1): (a: number, b: number) => number {
  return (a, b) => {
    const d = cols.issued[b]! - cols.issued[a]!;
    if (d !== 0) return sign * d;
    const ta = cols.tags[a]!.toLowerCase();
    const tb = cols.tags[b]!.toLowerCase();
    return ta < tb ? -1 : ta > tb ? 1 : 0;
  };
}

/**
 * Indices of the instances that pass a filter, ordered newest `issued` first (or oldest first),
 * ties by tag; at most `limit` of them.
 *
 * @param cols - The instances.
 * @param filter - Tags, exclude-tags, issue bounds and issue times of day.
 * @param options - `order`: `'newest'` (default, `list`/`load`/`latest`) or `'oldest'`
 *   (`absolute`); `limit`: the maximum count.
 * @returns The indices into `cols`.
 * @example
 * // issued 2024-01-01 00:00Z (ec), 12:00Z (EC), 2024-01-02 00:00Z (gfs)
 * selectInstances(cols, { tags: ['ec'], issuedTimeOfDay: [12 * 3_600_000], zone: UTC })
 * //=> Int32Array [1]
 */
export function selectInstances(
  cols: InstanceColumns,
  filter: InstanceFilter = {},
  options: { order?: 'newest' | 'oldest'; limit?: number } = {},
): Int32Array {
  const keep = lowerSet(filter.tags);
  const drop = lowerSet(filter.excludeTags);
  const times = filter.issuedTimeOfDay && filter.issuedTimeOfDay.length > 0 ? new Set(filter.issuedTimeOfDay) : null;
  const out: number[] = [];
  for (let i = 0; i < cols.issued.length; i++) {
    const issued = cols.issued[i]!;
    const tag = cols.tags[i]!.toLowerCase();
    if (keep && !keep.has(tag)) continue;
    if (drop?.has(tag)) continue;
    if (filter.issuedAtEarliest !== undefined && issued < filter.issuedAtEarliest) continue;
    if (filter.issuedAtLatest !== undefined && issued > filter.issuedAtLatest) continue;
    if (filter.issuedBefore !== undefined && issued >= filter.issuedBefore) continue;
    if (times && !times.has(mod(wall(issued, filter.zone), DAY_MS))) continue;
    out.push(i);
  }
  out.sort(comparator(cols, options.order === 'oldest' ? -1 : 1));
  if (options.limit !== undefined && out.length > options.limit) out.length = Math.max(0, options.limit);
  return Int32Array.from(out);
}

/**
 * The newest instance that passes a filter (`latest`).
 *
 * @param cols - The instances.
 * @param filter - As {@link selectInstances}.
 * @returns Its index, or -1 when none passes.
 * @example
 * latestInstance(cols, { tags: ['gfs', 'ec'] })
 * //=> 2
 */
export function latestInstance(cols: InstanceColumns, filter: InstanceFilter = {}): number {
  const picked = selectInstances(cols, filter, { limit: 1 });
  return picked.length ? picked[0]! : -1;
}

function mod(a: number, b: number): number {
  const r = a % b;
  return r < 0 ? r + b : r;
}

/**
 * `relative`: for each day, the instance issued `daysAhead` calendar days earlier (issue days on
 * the wall clock of `issueZone`, value days on that of `dayZone`) that has the rule's tag and
 * passes its time-of-day limits; of those the earliest or latest issued (equal issue times: the
 * first tag in alphabetical order, ignoring case).
 *
 * @param cols - The instances.
 * @param dayStarts - Local midnights of the value days in `dayZone`, epoch ms.
 * @param dayZone - The curve's zone.
 * @param issueZone - The curve's instance issue zone.
 * @param rule - Tag, days ahead, earliest/latest and time-of-day limits.
 * @returns One index per day, -1 where no instance qualifies.
 * @example
 * // value day 2024-03-31 CET (2024-03-30T23:00Z); day-ahead = issued on 2024-03-30 UTC
 * relativeInstances(cols, Float64Array.of(Date.UTC(2024, 2, 30, 23)), CET, UTC, { tag: 'ec', daysAhead: 1 })
 * //=> Int32Array [0]
 */
export function relativeInstances(
  cols: InstanceColumns,
  dayStarts: Float64Array,
  dayZone: Zone,
  issueZone: Zone,
  rule: RelativeRule,
): Int32Array {
  const tag = rule.tag === undefined ? null : rule.tag.toLowerCase();
  const latest = rule.issued !== 'earliest';
  const order = comparator(cols, 1);
  const best = new Map<number, number>();
  for (let i = 0; i < cols.issued.length; i++) {
    if (tag !== null && cols.tags[i]!.toLowerCase() !== tag) continue;
    const local = wall(cols.issued[i]!, issueZone);
    const day = Math.floor(local / DAY_MS);
    const tod = local - day * DAY_MS;
    if (rule.timeOfDay !== undefined && tod !== rule.timeOfDay) continue;
    if (rule.afterTimeOfDay !== undefined && tod < rule.afterTimeOfDay) continue;
    if (rule.beforeTimeOfDay !== undefined && tod >= rule.beforeTimeOfDay) continue;
    if (rule.modifiedAtLatest !== undefined) {
      const changed = firstFinite(cols.modified[i]!, cols.created[i]!, cols.issued[i]!);
      if (wall(changed, issueZone) > day * DAY_MS + rule.modifiedAtLatest) continue;
    }
    const current = best.get(day);
    const gap = current === undefined ? 0 : cols.issued[i]! - cols.issued[current]!;
    if (current === undefined || (latest ? gap > 0 : gap < 0) || (gap === 0 && order(i, current) < 0)) best.set(day, i);
  }
  const out = new Int32Array(dayStarts.length);
  for (let k = 0; k < dayStarts.length; k++) {
    const day = Math.floor(wall(dayStarts[k]!, dayZone) / DAY_MS) - rule.daysAhead;
    out[k] = best.get(day) ?? -1;
  }
  return out;
}

/**
 * `relative` of period instances (snapshots such as REMIT messages): for each day, the newest
 * instance issued before the cut-off `daysAhead` days earlier: before `beforeTimeOfDay` on that
 * issue day, or before its end without one (issue days on the wall clock of `issueZone`).
 *
 * @param cols - The instances.
 * @param dayStarts - Local midnights of the value days in `dayZone`, ascending, epoch ms.
 * @param dayZone - The curve's zone.
 * @param issueZone - The curve's instance issue zone.
 * @param rule - `daysAhead` (0 or more) and the optional `beforeTimeOfDay` (ms after midnight).
 * @returns One index per day, -1 where nothing was issued before the cut-off.
 * @example
 * // day 2024-03-31 CET, one day ahead: the last message issued before 2024-03-30 12:00 UTC
 * knownInstances(cols, Float64Array.of(Date.UTC(2024, 2, 30, 23)), CET, UTC, { daysAhead: 1, beforeTimeOfDay: 12 * 3_600_000 })
 * //=> Int32Array [3]
 */
export function knownInstances(
  cols: InstanceColumns,
  dayStarts: Float64Array,
  dayZone: Zone,
  issueZone: Zone,
  rule: { daysAhead: number; beforeTimeOfDay?: number },
): Int32Array {
  const newest = Array.from(selectInstances(cols));
  const walls = newest.map((i) => wall(cols.issued[i]!, issueZone));
  const out = new Int32Array(dayStarts.length).fill(-1);
  for (let k = 0; k < dayStarts.length; k++) {
    const issueDay = Math.floor(wall(dayStarts[k]!, dayZone) / DAY_MS) - rule.daysAhead;
    const cutoff = issueDay * DAY_MS + (rule.beforeTimeOfDay ?? DAY_MS);
    const at = walls.findIndex((w) => w < cutoff);
    if (at >= 0) out[k] = newest[at]!;
  }
  return out;
}

function firstFinite(...values: number[]): number {
  for (const v of values) if (v === v) return v;
  return Number.NaN;
}

/**
 * When an instance became available: `created`, else `issued`.
 *
 * @param cols - The instances.
 * @param index - The instance's index.
 * @returns Epoch ms.
 * @example
 * availableAt({ issued: Float64Array.of(0), tags: [''], created: Float64Array.of(NaN), modified: Float64Array.of(NaN) }, 0)
 * //=> 0
 */
export function availableAt(cols: InstanceColumns, index: number): number {
  const created = cols.created[index]!;
  return created === created ? created : cols.issued[index]!;
}

/**
 * `rolling`: fills a grid of step starts with values of many instances. Add instances newest
 * first (as {@link selectInstances} orders them): each fills the steps still empty at which it
 * has a value and that lie at least `hoursAhead` hours after it became available.
 *
 * @param times - The step starts to fill, ascending.
 * @param hoursAhead - Hours between availability and value (0-24).
 * @example
 * const fill = new RollingFill(Float64Array.of(0, 3_600_000), 0);
 * fill.add(7, 3_600_000, Float64Array.of(0, 3_600_000), Float64Array.of(1, 2)) //=> 1
 * [fill.values[1], fill.source[1], fill.remaining] //=> [2, 7, 1]
 */
export class RollingFill {
  /** The step starts. */
  readonly times: Float64Array;
  /** The filled values, NaN where still empty. */
  readonly values: Float64Array;
  /** The instance index behind each value, -1 where still empty. */
  readonly source: Int32Array;
  /** Steps still empty. */
  remaining: number;
  private readonly lead: number;

  constructor(times: Float64Array, hoursAhead: number) {
    this.times = times;
    this.values = new Float64Array(times.length).fill(Number.NaN);
    this.source = new Int32Array(times.length).fill(-1);
    this.remaining = times.length;
    this.lead = hoursAhead * HOUR_MS;
  }

  /**
   * The first instant an instance available at `available` may fill.
   *
   * @param available - When the instance became available, epoch ms.
   * @returns `available` plus the lead.
   * @example
   * new RollingFill(Float64Array.of(), 6).earliest(0) //=> 21600000
   */
  earliest(available: number): number {
    return available + this.lead;
  }

  /**
   * Adds one instance's values.
   *
   * @param index - The instance's index (recorded in `source`).
   * @param available - When it became available, epoch ms.
   * @param times - Its step starts, ascending.
   * @param values - Its values, NaN for none.
   * @returns How many steps it filled.
   * @example
   * fill.add(3, 0, Float64Array.of(0), Float64Array.of(5)) //=> 1
   */
  add(index: number, available: number, times: Float64Array, values: Float64Array): number {
    const from = this.earliest(available);
    let filled = 0;
    let j = 0;
    for (let k = 0; k < this.times.length; k++) {
      const t = this.times[k]!;
      if (t < from || this.source[k] !== -1) continue;
      while (j < times.length && times[j]! < t) j++;
      if (j === times.length) break;
      const v = values[j]!;
      if (times[j] === t && v === v) {
        this.values[k] = v;
        this.source[k] = index;
        filled++;
      }
    }
    this.remaining -= filled;
    return filled;
  }
}
