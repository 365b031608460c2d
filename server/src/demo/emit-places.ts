/**
 * The data of places: plant and unit production (each unit's true availability times its
 * fleet's load factor, so plants sum their units and never exceed availability), river and
 * weather-station temperatures, consumer loads and gas-site flows.
 */
import type { SeriesBlock } from '../store/types';
import type { AreaProfile } from './area-profiles';
import { generatorPlaces, sitesOf } from './catalogue-places';
import { GAS_DAY, dayStarts, localMidnight } from './demo-time';
import { groupMeans, type Grid } from './grid';
import { availabilityHourly } from './outages';
import { placeKey, type SiteSpec } from './places-data';
import { ar1, createRng } from './prng';
import { dailyValues, roundValues, seriesBlock, stepMeans } from './series-slice';
import type { World } from './world';

/**
 * The temperature offset of a site from its area's mean: colder to the north, a little warmer
 * in towns.
 *
 * @param site - The site.
 * @param area - Its area.
 * @returns °C to add to the area temperature.
 * @example
 * siteTemperatureOffset({ kind: 'city', lat: 52.52 } as SiteSpec, { lat: 51.2 } as AreaProfile) //=> -0.13
 */
export function siteTemperatureOffset(site: Pick<SiteSpec, 'kind' | 'lat'>, area: Pick<AreaProfile, 'lat'>): number {
  const urban = site.kind === 'city' ? 0.6 : site.kind === 'weatherstation' ? 0.3 : 0;
  return Math.round((-0.55 * (site.lat - area.lat) + urban) * 100) / 100;
}

/**
 * Hourly river temperature: the air temperature smoothed over about ten days, never below 0.5 °C.
 *
 * @param airHourly - Hourly air temperature over the grid.
 * @returns Hourly water temperature.
 * @example
 * riverTemperature(new Float64Array(3).fill(10))[2] > 9 //=> true
 */
export function riverTemperature(airHourly: Float64Array): Float64Array {
  const out = new Float64Array(airHourly.length);
  let r = 0;
  for (let h = 0; h < Math.min(720, airHourly.length); h++) r += airHourly[h]!;
  r /= Math.max(1, Math.min(720, airHourly.length));
  for (let h = 0; h < airHourly.length; h++) {
    r += (airHourly[h]! - r) / 240;
    out[h] = Math.max(0.5, 0.85 * r + 2.5);
  }
  return out;
}

/** Plant and unit production of one area, by curve name (the plant's is the sum of its units). */
function plantProduction(world: World, tag: string, out: SeriesBlock[]): void {
  const { cat, grid } = world;
  const t = world.areas.get(tag);
  if (!t) return;
  const begin = localMidnight(cat.window.historyStart, t.area.zone);
  const end = localMidnight(cat.window.actualEnd, t.area.zone);
  const prod = world.coupled.prod.get(tag) ?? {};
  const sums = new Map<string, Float64Array>();
  for (const g of generatorPlaces(cat.preset).filter((p) => p.plant.area === tag)) {
    const fleet = world.fleets.get(`${tag}|${g.plant.fuel}`);
    const spec = cat.spec(g.key, 'plant:prod');
    const fleetProd = prod[g.plant.fuel];
    if (!fleet || !spec || !fleetProd) continue;
    const unit = fleet.units.find((u) => u.placeKey === g.key);
    if (!unit) continue;
    const fleetAvail = t.state.avail[g.plant.fuel]!;
    const avail = availabilityHourly(
      unit.capacity,
      fleet.events.filter((e) => e.unitId === unit.id),
      grid.start,
      grid.nH,
    );
    const mine = avail.map((a, h) => a * Math.min(1, fleetProd[h]! / Math.max(1, fleetAvail[h]!)));
    const cols = stepMeans(mine, 1, grid, begin, end, 'PT1H');
    roundValues(cols.values, 1);
    out.push(seriesBlock(spec.record.name, cols));
    if (unit.plantKey) {
      const sum = sums.get(unit.plantKey) ?? new Float64Array(cols.values.length);
      for (let i = 0; i < sum.length; i++) sum[i]! += cols.values[i]!;
      sums.set(unit.plantKey, sum);
    }
  }
  for (const [key, values] of sums) {
    const spec = cat.spec(key, 'plant:prod');
    if (spec)
      out.push(
        seriesBlock(spec.record.name, {
          times: stepMeans(new Float64Array(grid.nH), 1, grid, begin, end, 'PT1H').times,
          values: roundValues(values, 1),
        }),
      );
  }
}

function gasDaily(world: World, site: SiteSpec, grid: Grid): Float64Array {
  const n = grid.nDays + 2;
  const noise = ar1(createRng(world.seed, `gas/${site.name}`), n, 0.9, 0.12);
  const out = new Float64Array(grid.nH);
  for (let h = 0; h < grid.nH; h++) {
    const d = Math.floor(h / 24);
    const doy = grid.dayDoy[d]!;
    const winter = grid.dayWinter[d]!;
    if (site.kind === 'gas-storage') {
      const fill = 0.625 + 0.32 * Math.cos((2 * Math.PI * (doy - 305)) / 365.25) + 0.04 * noise[d]!;
      out[h] = 44000 * Math.min(0.99, Math.max(0.05, fill));
    } else if (site.kind === 'gas-lng-terminal') {
      out[h] = (300 * (1 + 0.2 * winter) * (1 + 1.5 * noise[d]!)) / 24;
    } else {
      out[h] = (200 * (1 + 0.5 * winter) * (1 + noise[d]!)) / 24;
    }
    if (out[h]! < 0) out[h] = 0;
  }
  return out;
}

/**
 * The data of every place of one area.
 *
 * @param world - The world.
 * @param tag - The area.
 * @returns Series blocks.
 * @example
 * areaPlaces(world, 'DE')[0].curve //=> 'DE @Neurath-D Lignite Power Production MWh/h H Actual'
 */
export function areaPlaces(world: World, tag: string): SeriesBlock[] {
  const { cat, grid, seed } = world;
  const out: SeriesBlock[] = [];
  plantProduction(world, tag, out);
  const t = world.areas.get(tag);
  if (!t) return out;
  const zone = t.area.zone;
  const begin = localMidnight(cat.window.historyStart, zone);
  const end = localMidnight(cat.window.actualEnd, zone);
  const air = groupMeans(t.weather.temp, 4);
  for (const site of sitesOf(cat.preset).filter((s) => s.area === tag)) {
    const key = placeKey(site.kind, site.name);
    const offset = siteTemperatureOffset(site, t.area);
    const hourly = (role: string, values: Float64Array, decimals: number) => {
      const spec = cat.spec(key, role);
      if (!spec) return;
      const cols = stepMeans(values, 1, grid, begin, end, 'PT1H');
      out.push(seriesBlock(spec.record.name, { times: cols.times, values: roundValues(cols.values, decimals) }));
    };
    if (site.kind === 'river') hourly('river:temp', riverTemperature(air), 2);
    if (site.kind === 'weatherstation') {
      const noise = ar1(createRng(seed, `station/${key}`), grid.nH, 0.95, 0.9);
      hourly(
        'ws:temp',
        air.map((v, h) => v + offset + noise[h]!),
        1,
      );
    }
    if (site.kind === 'consumer') {
      const noise = ar1(createRng(seed, `consumer/${key}`), grid.nH, 0.9, 0.03);
      const cal = grid.local(zone);
      const load = site.load ?? 500;
      hourly(
        'consumer:load',
        Float64Array.from({ length: grid.nH }, (_, h) => {
          const weekend = cal.weekdays[cal.dayIndex[h]!]! >= 6 ? 0.85 : 1;
          return load * (site.name === 'Karmoy Smelter' ? 1 : weekend) * (0.97 + noise[h]!);
        }),
        1,
      );
    }
    if (site.kind.startsWith('gas-')) {
      const role = site.kind === 'gas-storage' ? 'gas:storage' : site.kind === 'gas-lng-terminal' ? 'gas:lng' : 'gas:flow';
      const spec = cat.spec(key, role);
      if (!spec) continue;
      const starts = dayStarts(cat.window.historyStart, cat.window.actualEnd, GAS_DAY);
      const all = Float64Array.from([...starts, localMidnight(cat.window.actualEnd, GAS_DAY)]);
      const series = gasDaily(world, site, grid);
      const cols = dailyValues(series, grid, all, site.kind !== 'gas-storage');
      out.push(seriesBlock(spec.record.name, { times: cols.times, values: roundValues(cols.values, 1) }));
    }
  }
  return out;
}
