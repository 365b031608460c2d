/**
 * CLIMATE scenarios and NORMAL curves: the area's weather model is run once per weather year
 * (`y1991` ... `y2020`, 30 years, docs/demo-data.md#climate; fewer than 40 years keeps the size
 * budget) on today's system, and the normal is the mean of
 * those runs, so "the normal is the mean of the climate scenarios" holds exactly where both
 * exist. Germany runs at 15 minutes; other areas hourly (the 15-minute normal then keeps each
 * hour's mean).
 */
import type { SeriesBlock } from '../store/types';
import type { CurveSpec } from './catalogue-builder';
import { clearSkySeries, loadFromWeather, solarOutput, windOutput } from './area-outputs';
import { DAY, HOUR, localMidnight, utcMidnight } from './demo-time';
import { Grid, groupMeans } from './grid';
import { expandHourly, roundValues, seriesBlock, stepMeans, type Columns } from './series-slice';
import { generateWeather } from './weather';
import type { World } from './world';

/** The weather years of the CLIMATE curves. */
const CLIMATE_YEARS: readonly string[] = Object.freeze(Array.from({ length: 30 }, (_, i) => `y${1991 + i}`));

const FAMILIES = ['consumption', 'wind', 'solar', 'residual', 'temperature'] as const;
type Family = (typeof FAMILIES)[number];

/**
 * The NORMAL and CLIMATE series of one area (and the normals of its cities, which follow the
 * area's temperature normal).
 *
 * Not split: one pass over the weather years, which every family reads at the same offsets; the
 * families share the accumulated sums.
 *
 * @param world - The world.
 * @param tag - The area.
 * @param cityOffsets - Temperature offset per city curve name of the area.
 * @returns Series blocks.
 * @example
 * areaClimate(world, 'DE', new Map())[0].scenarioNames.length //=> 30
 */
export function areaClimate(world: World, tag: string, cityOffsets: Map<string, number>): SeriesBlock[] {
  const { cat, seed } = world;
  const t = world.areas.get(tag);
  if (!t) return [];
  const area = t.area;
  const w = cat.window;
  // the weather years run on the part of the grid the normals and climates need
  // biome-ignore lint/complexity/useMathMinMax: these are ISO date strings, compared as text (Math.max would give NaN)
  const first = w.normalStart < w.climateStart ? w.normalStart : w.climateStart;
  const grid = new Grid(Math.max(world.grid.start, utcMidnight(first) - DAY), world.grid.end);
  const sph = tag === 'DE' ? 4 : 1;
  const offset = Math.round((grid.start - world.grid.start) / HOUR) * sph;
  const n = grid.nH * sph;
  const shape = (sph === 4 ? t.shape : groupMeans(t.shape, 4)).subarray(offset, offset + n);
  const clear = sph === 4 ? t.clear : clearSkySeries(area, world.grid, 1);
  const sums: Record<Family, Float64Array> = {
    consumption: new Float64Array(n),
    wind: new Float64Array(n),
    solar: new Float64Array(n),
    residual: new Float64Array(n),
    temperature: new Float64Array(n),
  };
  const zone = area.zone;
  const cBegin = localMidnight(w.climateStart, zone);
  const cEnd = localMidnight(w.climateEnd, zone);
  const climateSpecs: [Family, CurveSpec][] = [];
  for (const f of ['consumption', 'wind', 'solar', 'residual'] as const) {
    const spec = cat.spec(tag, `climate:${f}`);
    if (spec) climateSpecs.push([f, spec]);
  }
  const scenarios = new Map<Family, Float64Array[]>(climateSpecs.map(([f]) => [f, []]));
  let climateTimes: Float64Array | null = null;
  const buf = () => new Float64Array(n);
  const weather = { temp: buf(), wind: buf(), windOff: buf(), cloud: buf() };
  const wind = { on: buf(), off: buf() };
  const load = buf();
  const solar = buf();
  const residual = buf();
  const series: Record<Family, Float64Array> = { consumption: load, wind: wind.on, solar, residual, temperature: weather.temp };
  for (const year of CLIMATE_YEARS) {
    generateWeather(seed, area, year, grid, sph, weather);
    roundValues(loadFromWeather(seed, area, shape, weather.temp, year, sph, load), 2);
    windOutput(area, weather, t.installed, world.grid, sph, offset, wind);
    solarOutput(area, weather.cloud, clear, t.installed, world.grid, sph, offset, solar);
    roundValues(solar, 2);
    roundValues(weather.temp, 2);
    for (let i = 0; i < n; i++) {
      wind.on[i] = Math.round((wind.on[i]! + wind.off[i]!) * 100) / 100;
      residual[i] = Math.round((load[i]! - wind.on[i]! - solar[i]!) * 100) / 100;
    }
    for (const f of FAMILIES) {
      const src = series[f];
      const sum = sums[f];
      for (let i = 0; i < n; i++) sum[i]! += src[i]!;
    }
    for (const [f] of climateSpecs) {
      const cols = stepMeans(series[f], sph, grid, cBegin, cEnd, sph === 4 ? 'PT15M' : 'PT1H');
      climateTimes = cols.times;
      (scenarios.get(f) as Float64Array[]).push(cols.values);
    }
  }
  const out: SeriesBlock[] = [];
  for (const [f, spec] of climateSpecs) {
    out.push({
      curve: spec.record.name,
      issued: null,
      tag: null,
      times: climateTimes as Float64Array,
      values: null,
      scenarios: scenarios.get(f) as Float64Array[],
      scenarioNames: [...CLIMATE_YEARS],
    });
  }
  const nBegin = localMidnight(w.normalStart, zone);
  const nEnd = localMidnight(w.normalEnd, zone);
  const normal = (f: Family): Columns => {
    const mean = sums[f].map((v) => v / CLIMATE_YEARS.length);
    const q = sph === 4 ? mean : expandHourly(mean);
    const cols = stepMeans(q, 4, grid, nBegin, nEnd, 'PT15M');
    roundValues(cols.values, 2);
    return cols;
  };
  for (const f of FAMILIES) {
    const spec = cat.spec(tag, `normal:${f}`);
    if (spec) out.push(seriesBlock(spec.record.name, normal(f)));
  }
  if (cityOffsets.size > 0) {
    const base = normal('temperature');
    for (const [name, offset] of cityOffsets) {
      out.push(
        seriesBlock(name, {
          times: base.times,
          values: roundValues(
            base.values.map((v) => v + offset),
            2,
          ),
        }),
      );
    }
  }
  return out;
}
