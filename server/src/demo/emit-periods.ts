/**
 * The period data of the demo dataset: installed capacities (PERIOD / CAPACITY), pumps and large
 * consumers (PERIOD / REMIT with `capacity`), and the REMIT message instances of fleets, plants
 * and units (INSTANCE_PERIOD), each a snapshot of the availability known when it was issued.
 */
import type { InstanceRecord, PeriodBlock } from '../store/types';
import { GROWTH, growthFactor } from './area-outputs';
import { generatorPlaces } from './catalogue-places';
import { consumerOutages } from './fleets';
import { localMidnight, monthDates, utcMidnight } from './demo-time';
import { availabilityPeriods, outageMessages, type OutageEvent, type OutageMessage } from './outages';
import { base64Url, createRng } from './prng';
import type { World } from './world';

/** Seconds from a REMIT message's issue to its `created` time: 20 s to 5 min. */
function createdAfter(seed: number, curve: string, m: OutageMessage): number {
  return Math.round(createRng(seed, `created/${curve}/${m.tag}/${m.issued}`).range(20, 300)) * 1000;
}

/**
 * The PERIOD curves of one area: installed wind and solar (monthly steps) and the available
 * capacity of pumps and large consumers.
 *
 * @param world - The world.
 * @param tag - The area.
 * @returns Period blocks.
 * @example
 * areaPeriods(world, 'DE')[0].curve //=> 'DE Wind Power Installed MW Capacity'
 */
export function areaPeriods(world: World, tag: string): PeriodBlock[] {
  const { cat } = world;
  const area = world.areas.get(tag)?.area;
  if (!area) return [];
  const w = cat.window;
  const firstMonths = monthDates(w.historyStart, w.timelineEnd);
  const starts = [w.historyStart, ...firstMonths.filter((m) => m > w.historyStart)];
  const begins = Float64Array.from(starts, (d) => localMidnight(d, 'CET'));
  const ends = Float64Array.from(starts, (_, i) => (i + 1 < starts.length ? begins[i + 1]! : localMidnight(w.timelineEnd, 'CET')));
  const out: PeriodBlock[] = [];
  const installed = (role: string, mw: number, rate: number) => {
    const spec = cat.spec(tag, role);
    if (!spec) return;
    const values = Float64Array.from(starts, (d) => Math.round(mw * growthFactor(d, w.anchor, rate)));
    out.push({ curve: spec.record.name, issued: null, tag: null, begins, ends, values, capacities: null });
  };
  installed(
    'installed:wind',
    area.windOn + area.windOff,
    (GROWTH.windOn * area.windOn + GROWTH.windOff * area.windOff) / Math.max(1, area.windOn + area.windOff),
  );
  installed('installed:wind-on', area.windOn, GROWTH.windOn);
  installed('installed:wind-off', area.windOff, GROWTH.windOff);
  installed('installed:solar', area.solar, GROWTH.solar);
  const cons = cat.spec(tag, 'cons-capacity');
  if (cons) {
    const from = localMidnight(w.historyStart, 'CET');
    const to = localMidnight(w.timelineEnd, 'CET');
    const p = availabilityPeriods(area.consumptionCapacity, consumerOutages(world.seed, area, w), Infinity, from, to);
    out.push({
      curve: cons.record.name,
      issued: null,
      tag: null,
      ...p,
      capacities: new Float64Array(p.values.length).fill(area.consumptionCapacity),
    });
  }
  return out;
}

/** REMIT instances and their periods. */
export interface RemitData {
  instances: InstanceRecord[];
  periods: PeriodBlock[];
}

/**
 * The messages that become instances: those issued in the REMIT issue window, plus the last one
 * before it, so every curve has a latest instance. A curve without any message by then gets a
 * status message (no outage) early in the window.
 */
function pick(seed: number, curve: string, messages: readonly OutageMessage[], from: number, to: number): OutageMessage[] {
  const before = messages.filter((m) => m.issued < from);
  const inside = messages.filter((m) => m.issued >= from && m.issued < to);
  if (before.length > 0) return [before[before.length - 1]!, ...inside];
  if (inside.length > 0) return inside;
  const rng = createRng(seed, `remit-status/${curve}`);
  return [{ issued: from + Math.floor(rng.range(0, 86_400)) * 1000, tag: base64Url(rng.bytes(16)), unitId: '' }];
}

function instancesOf(world: World, curve: string, capacity: number, events: readonly OutageEvent[], out: RemitData): void {
  const w = world.cat.window;
  const from = utcMidnight(w.remitIssueStart);
  const to = utcMidnight(w.actualEnd);
  const tlFrom = localMidnight(w.historyStart, 'CET');
  const tlTo = localMidnight(w.timelineEnd, 'CET');
  const known = outageMessages(events).filter((m) => m.issued + createdAfter(world.seed, curve, m) <= w.issuedUntil);
  for (const m of pick(world.seed, curve, known, from, to)) {
    const created = m.issued + createdAfter(world.seed, curve, m);
    if (created > w.issuedUntil) continue;
    out.instances.push({ curve, issued: m.issued, tag: m.tag, created, modified: null, scenarioNames: [] });
    const p = availabilityPeriods(capacity, events, m.issued, tlFrom, tlTo);
    out.periods.push({ curve, issued: m.issued, tag: m.tag, ...p, capacities: new Float64Array(p.values.length).fill(capacity) });
  }
}

/**
 * The REMIT message instances of an area's fleets and of their plants and units.
 *
 * @param world - The world.
 * @param tag - The area.
 * @returns Instances and period blocks.
 * @example
 * areaRemit(world, 'NL').instances[0].tag.length //=> 22
 */
export function areaRemit(world: World, tag: string): RemitData {
  const { cat } = world;
  const out: RemitData = { instances: [], periods: [] };
  const places = generatorPlaces(cat.preset).filter((g) => g.plant.area === tag);
  for (const fleet of world.fleets.values()) {
    if (fleet.area !== tag) continue;
    const spec = cat.spec(tag, `remit:${fleet.fuel}`);
    if (spec) instancesOf(world, spec.record.name, fleet.capacity, fleet.events, out);
    for (const g of places.filter((p) => p.plant.fuel === fleet.fuel)) {
      const placeSpec = cat.spec(g.key, 'plant:remit');
      if (!placeSpec) continue;
      const units = fleet.units.filter((u) => u.placeKey === g.key || u.plantKey === g.key);
      const ids = new Set(units.map((u) => u.id));
      const capacity = units.reduce((s, u) => s + u.capacity, 0);
      instancesOf(
        world,
        placeSpec.record.name,
        capacity,
        fleet.events.filter((e) => ids.has(e.unitId)),
        out,
      );
    }
  }
  return out;
}
