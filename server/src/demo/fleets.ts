/**
 * The generating fleets of the demo areas split into units (the named plant units of
 * docs/demo-data.md#places plus virtual units for the rest of the fleet), with their outages; and the
 * outage-carrying units of interconnectors and of pumps and large consumers.
 */
import type { AreaProfile } from './area-profiles';
import type { Direction } from './borders';
import { generatorPlaces, type GeneratorPlace } from './catalogue-places';
import type { DemoWindow, Preset } from './demo-window';
import { DAY, localMidnight } from './demo-time';
import { FUELS, type FuelKey } from './fuels';
import { unitOutages, type OutageEvent, type OutageUnit } from './outages';

/** The units of one technology in one area, with their outages. */
export interface Fleet {
  area: string;
  fuel: FuelKey;
  capacity: number;
  units: OutageUnit[];
  events: OutageEvent[];
}

/**
 * The time span outages are generated for: 60 days before the history to the timeline end.
 *
 * @param window - The dataset window.
 * @returns Epoch ms start and end.
 * @example
 * outageSpan(demoWindow('small', '2025-03-15'))[1] //=> Date.UTC(2028, 2, 14, 23)
 */
function outageSpan(window: DemoWindow): [number, number] {
  return [localMidnight(window.historyStart, 'CET') - 60 * DAY, localMidnight(window.timelineEnd, 'CET')];
}

function fuelUnit(id: string, capacity: number, fuel: FuelKey, placeKey: string | null, plantKey: string | null): OutageUnit {
  const f = FUELS[fuel];
  return {
    id,
    capacity,
    placeKey,
    plantKey,
    forcedRate: f.forcedRate,
    plannedDays: f.plannedDays,
    plannedPerYear: fuel === 'nuclear' ? 0.95 : f.hydro ? 0.5 : 0.8,
    depth: [0.3, 1],
  };
}

/**
 * The fleets of every area of a preset, keyed `area|fuel`.
 *
 * @param seed - Dataset seed.
 * @param preset - The preset.
 * @param areas - Its areas.
 * @param window - Its window.
 * @returns Fleets with units and outages.
 * @example
 * buildFleets(1, 'small', areasOf('small'), demoWindow('small', '2025-03-15')).get('NL|nuclear')?.units.length //=> 1
 */
export function buildFleets(seed: number, preset: Preset, areas: readonly AreaProfile[], window: DemoWindow): Map<string, Fleet> {
  const [from, to] = outageSpan(window);
  const places = generatorPlaces(preset);
  const out = new Map<string, Fleet>();
  for (const area of areas) {
    for (const [fuel, capacity] of Object.entries(area.fleets) as [FuelKey, number][]) {
      if (!capacity) continue;
      const units: OutageUnit[] = [];
      const mine = places.filter((p: GeneratorPlace) => p.plant.area === area.tag && p.plant.fuel === fuel);
      for (const p of mine) {
        const plantKey = mine.find((q) => q.plant === p.plant && q.unit === null)?.key ?? null;
        if (p.unit !== null) units.push(fuelUnit(p.key, p.capacity, fuel, p.key, plantKey));
        else if (p.plant.units.length === 0) units.push(fuelUnit(p.key, p.capacity, fuel, p.key, null));
      }
      const named = units.reduce((s, u) => s + u.capacity, 0);
      const rest = capacity - named;
      if (rest > 1) {
        const count = Math.max(1, Math.round(rest / FUELS[fuel].unitSize));
        for (let i = 0; i < count; i++) units.push(fuelUnit(`${area.tag}/${fuel}/unit-${i + 1}`, rest / count, fuel, null, null));
      }
      const events = units.flatMap((u) => unitOutages(seed, u, from, to));
      out.set(`${area.tag}|${fuel}`, { area: area.tag, fuel, capacity, units, events });
    }
  }
  return out;
}

/**
 * Outages of an interconnector direction: maintenance and faults that cut part of its capacity.
 *
 * @param seed - Dataset seed.
 * @param direction - The one-way border.
 * @param window - The window.
 * @returns Outage events.
 * @example
 * borderOutages(1, directionsOf(bordersOf('small'))[0], demoWindow('small', '2025-03-15')).length > 0 //=> true
 */
export function borderOutages(seed: number, direction: Direction, window: DemoWindow): OutageEvent[] {
  const [from, to] = outageSpan(window);
  const unit: OutageUnit = {
    id: `ntc/${direction.source}>${direction.sink}`,
    capacity: direction.capacity,
    placeKey: null,
    plantKey: null,
    forcedRate: 1.5,
    plannedDays: [3, 14],
    plannedPerYear: 1,
    depth: [0.15, 0.6],
  };
  return unitOutages(seed, unit, from, to);
}

/**
 * Outages of the pumps and large consumers of an area (Consumption Capacity Available).
 *
 * @param seed - Dataset seed.
 * @param area - The area.
 * @param window - The window.
 * @returns Outage events of its consumer groups (about 250 MW each).
 * @example
 * consumerOutages(1, areasOf('small')[0], demoWindow('small', '2025-03-15')).length > 0 //=> true
 */
export function consumerOutages(seed: number, area: AreaProfile, window: DemoWindow): OutageEvent[] {
  const [from, to] = outageSpan(window);
  const count = Math.max(1, Math.round(area.consumptionCapacity / 250));
  const events: OutageEvent[] = [];
  for (let i = 0; i < count; i++) {
    events.push(
      ...unitOutages(
        seed,
        {
          id: `consumers/${area.tag}/${i + 1}`,
          capacity: area.consumptionCapacity / count,
          placeKey: null,
          plantKey: null,
          forcedRate: 2,
          plannedDays: [5, 20],
          plannedPerYear: 0.6,
          depth: [0.3, 1],
        },
        from,
        to,
      ),
    );
  }
  return events;
}
