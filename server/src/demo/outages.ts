/**
 * Outages behind the REMIT data: per generating unit (or interconnector, or consumer group) a
 * deterministic list of planned outages, forced outages and derates, each announced by a message
 * (tag = message id, 22 URL-safe base64 characters) and sometimes updated later with the same
 * tag. The availability a message reveals is a snapshot of what was known at its issue time;
 * the truth (final ends) drives the power system.
 */
import { DAY, HOUR, MINUTE } from './demo-time';
import { base64Url, createRng } from './prng';

/** Something that can be unavailable: a power plant unit, a virtual unit, a cable, a pump group. */
export interface OutageUnit {
  id: string;
  capacity: number;
  /** Place key of the unit (or plant) when it is a named place. */
  placeKey: string | null;
  /** Place key of its plant when the unit is a child place. */
  plantKey: string | null;
  /** Forced outages per year, planned outage length range (days) and planned outages per year. */
  forcedRate: number;
  plannedDays: [number, number];
  plannedPerYear: number;
  /** Share of capacity a planned or forced outage removes: [min, max] (1 = the whole unit). */
  depth: [number, number];
}

/** One outage: availability drops by `reduction` over [start, end). */
export interface OutageEvent {
  unitId: string;
  start: number;
  end: number;
  reduction: number;
  /** When the first message was issued (to the second). */
  announced: number;
  /** The end the first message gave. */
  estimatedEnd: number;
  /** When the update message with the true end was issued, if the first one was wrong. */
  update: number | null;
  tag: string;
}

/** A REMIT message: a new or updated outage. */
export interface OutageMessage {
  issued: number;
  tag: string;
  unitId: string;
}

/**
 * The outages of one unit in [from, to): non-overlapping, sorted by start, whole hours.
 *
 * @param seed - Dataset seed.
 * @param unit - The unit.
 * @param from - Epoch ms.
 * @param to - Epoch ms.
 * @returns The events.
 * @example
 * unitOutages(1, { id: 'u', capacity: 100, placeKey: null, plantKey: null, forcedRate: 2, plannedDays: [5, 10],
 *   plannedPerYear: 1, depth: [1, 1] }, 0, 365 * 86400000).every((e) => e.end > e.start) //=> true
 */
export function unitOutages(seed: number, unit: OutageUnit, from: number, to: number): OutageEvent[] {
  const rng = createRng(seed, `remit/${unit.id}`);
  const hour = (ms: number) => Math.floor(ms / HOUR) * HOUR;
  const second = (ms: number) => Math.floor(ms / 1000) * 1000;
  const depth = () => (rng.next() < 0.7 ? unit.depth[1] : rng.range(unit.depth[0], unit.depth[1]));
  const raw: Omit<OutageEvent, 'tag'>[] = [];
  const years = (to - from) / (365.25 * DAY);
  // planned outages: mostly spring to autumn
  const firstYear = new Date(from).getUTCFullYear();
  const lastYear = new Date(to).getUTCFullYear();
  for (let y = firstYear; y <= lastYear; y++) {
    if (rng.next() >= unit.plannedPerYear) continue;
    const summer = rng.next() < 0.7;
    const start = hour(summer ? Date.UTC(y, 3, 1) + rng.range(0, 200) * DAY : Date.UTC(y, 0, 1) + rng.range(0, 365) * DAY);
    const end = start + Math.round(rng.range(unit.plannedDays[0], unit.plannedDays[1]) * 24) * HOUR;
    const announced = second(start - rng.range(30, 180) * DAY);
    let estimatedEnd = end;
    let update: number | null = null;
    if (rng.next() < 0.3) {
      estimatedEnd = Math.max(start + HOUR, hour(end - (end - start) * rng.range(0.1, 0.3)));
      update = second(rng.range(Math.max(announced, estimatedEnd - 10 * DAY) + HOUR, estimatedEnd));
    }
    raw.push({ unitId: unit.id, start, end, reduction: unit.capacity * unit.depth[1], announced, estimatedEnd, update });
  }
  // forced outages and derates: Poisson arrivals
  const arrivals = (rate: number, make: (t: number) => void) => {
    if (rate <= 0) return;
    let t = from;
    for (let guard = 0; guard < 10 * (rate * years + 5); guard++) {
      t += (-Math.log(1 - rng.next()) / rate) * 365.25 * DAY;
      if (t >= to) break;
      make(hour(t));
    }
  };
  arrivals(unit.forcedRate, (start) => {
    const hours = Math.min(480, Math.max(6, Math.round(-Math.log(1 - rng.next()) * 72)));
    const end = start + hours * HOUR;
    const announced = second(start + rng.range(5, 90) * MINUTE);
    let estimatedEnd = end;
    let update: number | null = null;
    if (rng.next() < 0.5 && hours > 12) {
      estimatedEnd = Math.max(start + 2 * HOUR, hour(start + (end - start) * rng.range(0.4, 0.85)));
      update = second(rng.range(announced + HOUR, estimatedEnd));
      if (update <= announced) update = announced + 60_000;
    }
    raw.push({ unitId: unit.id, start, end, reduction: unit.capacity * depth(), announced, estimatedEnd, update });
  });
  arrivals(3, (start) => {
    const end = start + Math.round(Math.exp(rng.range(Math.log(6), Math.log(360)))) * HOUR;
    raw.push({
      unitId: unit.id,
      start,
      end,
      reduction: unit.capacity * rng.range(0.15, 0.5),
      announced: second(start + rng.range(10, 120) * MINUTE),
      estimatedEnd: end,
      update: null,
    });
  });
  raw.sort((a, b) => a.start - b.start);
  const out: OutageEvent[] = [];
  let lastEnd = -Infinity;
  for (const e of raw) {
    if (e.start < lastEnd || e.start < from) continue;
    out.push({ ...e, tag: base64Url(rng.bytes(16)) });
    lastEnd = e.end;
  }
  return out;
}

/**
 * Every message of some events (announcements and updates), sorted by issue time.
 *
 * @param events - Outage events.
 * @returns Messages; an update keeps the tag of its announcement.
 * @example
 * outageMessages([]) //=> []
 */
export function outageMessages(events: readonly OutageEvent[]): OutageMessage[] {
  const out: OutageMessage[] = [];
  for (const e of events) {
    out.push({ issued: e.announced, tag: e.tag, unitId: e.unitId });
    if (e.update !== null) out.push({ issued: e.update, tag: e.tag, unitId: e.unitId });
  }
  return out.sort((a, b) => a.issued - b.issued || a.tag.localeCompare(b.tag));
}

/** Periods in columns. */
export interface PeriodColumns {
  begins: Float64Array;
  ends: Float64Array;
  values: Float64Array;
}

/**
 * The availability timeline known at a time: capacity minus the outages announced by then
 * (with the ends known by then), as merged periods over [from, to).
 *
 * @param capacity - Installed capacity of all units together.
 * @param events - Their outages (non-overlapping per unit).
 * @param knownAt - Epoch ms of the snapshot; `Infinity` for the truth.
 * @param from - Timeline start.
 * @param to - Timeline end.
 * @returns Periods with available MW.
 * @example
 * Array.from(availabilityPeriods(100, [], Infinity, 0, 3600000).values) //=> [100]
 */
export function availabilityPeriods(
  capacity: number,
  events: readonly OutageEvent[],
  knownAt: number,
  from: number,
  to: number,
): PeriodColumns {
  const delta = new Map<number, number>();
  const add = (t: number, d: number) => delta.set(t, (delta.get(t) ?? 0) + d);
  for (const e of events) {
    if (e.announced > knownAt) continue;
    const end = e.update !== null && e.update <= knownAt ? e.end : e.estimatedEnd;
    const s = Math.max(from, e.start);
    const t = Math.min(to, end);
    if (t <= s) continue;
    add(s, -e.reduction);
    add(t, e.reduction);
  }
  const times = [from, ...[...delta.keys()].filter((t) => t > from && t < to), to].sort((a, b) => a - b);
  const begins: number[] = [];
  const ends: number[] = [];
  const values: number[] = [];
  let level = capacity + (delta.get(from) ?? 0);
  for (let i = 0; i < times.length - 1; i++) {
    if (i > 0) level += delta.get(times[i]!) ?? 0;
    const value = Math.max(0, Math.round(level * 10) / 10);
    if (values.length > 0 && values[values.length - 1] === value) {
      ends[ends.length - 1] = times[i + 1]!;
    } else {
      begins.push(times[i]!);
      ends.push(times[i + 1]!);
      values.push(value);
    }
  }
  return { begins: Float64Array.from(begins), ends: Float64Array.from(ends), values: Float64Array.from(values) };
}

/**
 * The true available capacity per hour of a grid (final outage ends).
 *
 * @param capacity - Installed capacity of all units together.
 * @param events - Their outages.
 * @param start - Epoch ms of the grid's first hour.
 * @param hours - Number of hours.
 * @returns MW per hour.
 * @example
 * availabilityHourly(100, [], 0, 2)[1] //=> 100
 */
export function availabilityHourly(capacity: number, events: readonly OutageEvent[], start: number, hours: number): Float64Array {
  const out = new Float64Array(hours).fill(capacity);
  for (const e of events) {
    const a = Math.max(0, Math.floor((e.start - start) / HOUR));
    const b = Math.min(hours, Math.ceil((e.end - start) / HOUR));
    for (let h = a; h < b; h++) out[h]! -= e.reduction;
  }
  for (let h = 0; h < hours; h++) if (out[h]! < 0) out[h] = 0;
  return out;
}
