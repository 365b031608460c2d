/**
 * The "true" state of the demo power system over the whole window: weather, load, wind and
 * solar per 15 minutes, fleet availability, coupled prices, flows and production per hour. Every
 * actual curve is a view of it, and forecasts aim at it.
 */
import type { AreaProfile } from './area-profiles';
import { clearSkySeries, installedSeries, loadFromWeather, loadShape, solarOutput, windOutput, type Installed } from './area-outputs';
import { borderOutages, buildFleets, type Fleet } from './fleets';
import type { DemoCatalogue } from './catalogue';
import { coupleMarkets, type CoupledMarket } from './coupling';
import { DAY, utcDate } from './demo-time';
import { dayBlocks, type AreaState, type Block } from './dispatch';
import type { FuelKey } from './fuels';
import { Grid, groupMeans, splineToGrid } from './grid';
import { fxPath, marketPaths, type MarketPaths } from './market-paths';
import { availabilityHourly, type OutageEvent } from './outages';
import { ar1, createRng } from './prng';
import { generateWeather, precipitation, type Weather } from './weather';

/** The truth of one area. */
interface AreaTruth {
  area: AreaProfile;
  /** 15-minute weather over the grid. */
  weather: Weather;
  /** 15-minute calendar load shape and clear-sky solar share. */
  shape: Float64Array;
  clear: Float64Array;
  installed: Installed;
  /** 15-minute MW. */
  load: Float64Array;
  windOn: Float64Array;
  windOff: Float64Array;
  solar: Float64Array;
  /** Hourly inputs of the dispatch. */
  state: AreaState;
  /** Hourly precipitation energy, MWh (hydro zones). */
  precip: Float64Array | null;
}

/** The whole world of one dataset. */
export interface World {
  seed: number;
  cat: DemoCatalogue;
  grid: Grid;
  market: MarketPaths;
  fleets: Map<string, Fleet>;
  areas: Map<string, AreaTruth>;
  /** Available capacity per direction key, MW per hour, and the outages behind it. */
  ntc: Map<string, Float64Array>;
  ntcEvents: Map<string, OutageEvent[]>;
  coupled: CoupledMarket;
}

function inflowSeries(seed: number, area: AreaProfile, grid: Grid): Float64Array {
  const peak = area.lat > 55 ? 160 : 120;
  const noise = splineToGrid(ar1(createRng(seed, `inflow/${area.tag}`), grid.nDays + 2, 0.85, 0.1), 24, grid.nH);
  const out = new Float64Array(grid.nH);
  for (let h = 0; h < grid.nH; h++) {
    const doy = grid.dayDoy[Math.floor(h / 24)]!;
    const v = 0.5 + 0.25 * Math.cos((2 * Math.PI * (doy - peak)) / 365.25) + noise[h]!;
    out[h] = Math.min(0.95, Math.max(0.1, v));
  }
  return out;
}

/**
 * Builds the truth of one area (everything but the coupled market).
 *
 * @param seed - Dataset seed.
 * @param area - The area.
 * @param cat - The catalogue.
 * @param grid - The grid.
 * @param market - Fuel paths.
 * @param fleets - Fleets with outages.
 * @returns The area's truth.
 * @example
 * buildAreaTruth(1, AREA_PROFILES[0], cat, grid, market, fleets).load.length //=> grid.nQ
 */
function buildAreaTruth(
  seed: number,
  area: AreaProfile,
  cat: DemoCatalogue,
  grid: Grid,
  market: MarketPaths,
  fleets: Map<string, Fleet>,
): AreaTruth {
  const weather = generateWeather(seed, area, 'actual', grid, 4);
  const shape = loadShape(area, grid);
  const load = loadFromWeather(seed, area, shape, weather.temp, 'actual', 4);
  const installed = installedSeries(area, grid, cat.window.anchor);
  const wind = windOutput(area, weather, installed, grid, 4);
  const clear = clearSkySeries(area, grid, 4);
  const solar = solarOutput(area, weather.cloud, clear, installed, grid, 4);
  const windH = groupMeans(wind.on, 4);
  const offH = groupMeans(wind.off, 4);
  for (let h = 0; h < windH.length; h++) windH[h]! += offH[h]!;
  const avail: Partial<Record<FuelKey, Float64Array>> = {};
  for (const fuel of Object.keys(area.fleets) as FuelKey[]) {
    const fleet = fleets.get(`${area.tag}|${fuel}`) as Fleet;
    avail[fuel] = availabilityHourly(fleet.capacity, fleet.events, grid.start, grid.nH);
  }
  const blocks: Block[][] = [];
  for (let d = 0; d < grid.nDays; d++) {
    const i = market.index(utcDate(grid.start + d * DAY));
    blocks.push(
      dayBlocks(area, {
        ttf: market.ttf[i]!,
        eua: market.eua[i]!,
        coal: market.coal[i]!,
        usd: fxPath(market, 'USD')[i]!,
        brent: market.brent[i]!,
        nordic: market.nordic[i]!,
        doy: grid.dayDoy[d]!,
      }),
    );
  }
  const state: AreaState = {
    area,
    load: groupMeans(load, 4),
    wind: windH,
    solar: groupMeans(solar, 4),
    avail,
    inflow: inflowSeries(seed, area, grid),
    blocks,
  };
  return {
    area,
    weather,
    shape,
    clear,
    installed,
    load,
    windOn: wind.on,
    windOff: wind.off,
    solar,
    state,
    precip: area.precipitation !== null ? precipitation(seed, area, 'actual', grid) : null,
  };
}

/**
 * Builds the world of a dataset.
 *
 * @param seed - Dataset seed.
 * @param cat - The catalogue.
 * @param onArea - Called after each area's truth is built.
 * @returns The world.
 * @example
 * buildWorld(1, buildCatalogue('small', '2025-03-15')).areas.size //=> 5
 */
export function buildWorld(seed: number, cat: DemoCatalogue, onArea?: (tag: string) => void): World {
  const w = cat.window;
  const grid = new Grid(w.worldStart, w.worldEnd);
  const market = marketPaths(seed, w);
  const fleets = buildFleets(seed, cat.preset, cat.areas, w);
  const areas = new Map<string, AreaTruth>();
  for (const area of cat.areas) {
    areas.set(area.tag, buildAreaTruth(seed, area, cat, grid, market, fleets));
    onArea?.(area.tag);
  }
  const ntc = new Map<string, Float64Array>();
  const ntcEvents = new Map<string, OutageEvent[]>();
  for (const d of cat.directions) {
    const key = `${d.source}>${d.sink}`;
    const events = borderOutages(seed, d, w);
    ntcEvents.set(key, events);
    ntc.set(key, availabilityHourly(d.capacity, events, grid.start, grid.nH));
  }
  const states = new Map([...areas].map(([tag, t]) => [tag, t.state]));
  const coupled = coupleMarkets(seed, states, cat.borders, ntc);
  return { seed, cat, grid, market, fleets, areas, ntc, ntcEvents, coupled };
}
