/**
 * Load, wind and solar of an area from its weather, one value per grid step (MW): load with
 * daily, weekly and annual cycles, holidays and a temperature response; wind capped by the
 * installed capacity; solar from the sun's elevation and the clouds.
 */
import type { AreaProfile } from './area-profiles';
import { COOL_ABOVE, HEAT_BELOW, areaParams, clearSky, solarFactor, windFactor } from './area-params';
import { DAY, HOUR, utcDate } from './demo-time';
import { holidaysOf } from './holidays';
import { type Grid, splineToGrid } from './grid';
import { ar1, createRng } from './prng';
import type { Weather } from './weather';

// Weekday load by local hour (hour-centred), mean about 1.
const WEEKDAY = [
  0.87, 0.85, 0.84, 0.84, 0.86, 0.91, 0.99, 1.06, 1.09, 1.1, 1.1, 1.1, 1.09, 1.07, 1.06, 1.05, 1.06, 1.08, 1.1, 1.09, 1.05, 1.0, 0.95, 0.9,
];

/** Yearly growth of installed capacity, share per year. */
export const GROWTH = { windOn: 0.04, windOff: 0.08, solar: 0.12 } as const;

/**
 * The holiday share (% of load lost) of an area on a date: 0 on working days.
 *
 * @param area - The area.
 * @param date - `YYYY-MM-DD`.
 * @returns Percent.
 * @example
 * holidayShare(AREA_PROFILES[0], '2024-12-25') //=> 16.8
 */
export function holidayShare(area: AreaProfile, date: string): number {
  const w = holidaysOf(area.country, Number(date.slice(0, 4))).get(date);
  return w === undefined ? 0 : Math.round(area.holidayShare * w * 10) / 10;
}

/**
 * The calendar part of an area's load, per grid step: daily profile, weekends, the annual
 * lighting cycle and holidays (as `1 - share`), without weather.
 *
 * @param area - The area.
 * @param grid - The grid.
 * @returns Factors around 1.
 * @example
 * loadShape(AREA_PROFILES[0], new Grid(0, 86400000)).length //=> 96
 */
export function loadShape(area: AreaProfile, grid: Grid): Float64Array {
  const cal = grid.local(area.zone);
  const dayFactor = new Float64Array(cal.dates.length);
  for (let d = 0; d < cal.dates.length; d++) dayFactor[d] = 1 - holidayShare(area, cal.dates[d]!) / 100;
  const out = new Float64Array(grid.nQ);
  const { dayWinter } = grid;
  for (let j = 0; j < grid.nQ; j++) {
    const h = j >> 2;
    const day = cal.dayIndex[h]!;
    const wd = cal.weekdays[day];
    const x = cal.hourOfDay[h]! + (j & 3) / 4 + 0.125 - 0.5;
    const i0 = Math.floor(x);
    const f = x - i0;
    const p = WEEKDAY[(i0 + 24) % 24]! * (1 - f) + WEEKDAY[(i0 + 25) % 24]! * f;
    const shaped = wd === 6 ? 0.92 * (1 + 0.7 * (p - 1)) : wd === 7 ? 0.86 * (1 + 0.6 * (p - 1)) : p;
    const season = 1 + 0.04 * dayWinter[Math.floor(j / 96)]!;
    out[j] = shaped * season * dayFactor[day]!;
  }
  return out;
}

/**
 * Load from the calendar shape and the temperature.
 *
 * @param seed - Dataset seed.
 * @param area - The area.
 * @param shape - {@link loadShape} (hourly means of it for `sph` = 1).
 * @param temp - Temperature per step.
 * @param stream - Noise stream (`actual` or a weather year).
 * @param sph - Steps per hour (4 or 1); the noise knots are hourly either way.
 * @param out - Optional buffer to write into.
 * @returns MW per step.
 * @example
 * loadFromWeather(1, AREA_PROFILES[0], new Float64Array(4).fill(1), new Float64Array(4).fill(15), 'actual', 4).length //=> 4
 */
export function loadFromWeather(
  seed: number,
  area: AreaProfile,
  shape: Float64Array,
  temp: Float64Array,
  stream: string,
  sph: number,
  out?: Float64Array,
): Float64Array {
  const p = areaParams(area);
  const n = shape.length;
  const noise = splineToGrid(ar1(createRng(seed, `load/${stream}/${area.tag}`), Math.ceil(n / sph) + 2, 0.9, 0.012), sph, n, out);
  const c = area.consumption;
  const scale = c.mean / p.loadNorm;
  const { heat, cool } = c;
  for (let j = 0; j < n; j++) {
    const t = temp[j]!;
    const weather = 1 + heat * (t < HEAT_BELOW ? HEAT_BELOW - t : 0) + cool * (t > COOL_ABOVE ? t - COOL_ABOVE : 0);
    noise[j] = scale * shape[j]! * weather * (1 + noise[j]!);
  }
  return noise;
}

/**
 * The temperature response of load: 1 plus heating below 15 °C and cooling above 21 °C.
 *
 * @param area - The area.
 * @param t - Temperature, °C.
 * @returns The factor.
 * @example
 * weatherFactor(AREA_PROFILES[0], 18) //=> 1
 */
export function weatherFactor(area: AreaProfile, t: number): number {
  const c = area.consumption;
  return 1 + c.heat * (t < HEAT_BELOW ? HEAT_BELOW - t : 0) + c.cool * (t > COOL_ABOVE ? t - COOL_ABOVE : 0);
}

/** Installed wind and solar capacity per UTC day of the grid (the CET month at noon). */
export interface Installed {
  windOn: Float64Array;
  windOff: Float64Array;
  solar: Float64Array;
}

/**
 * The capacity multiplier of a month: 1 in the anchor month, growing by `rate` a year.
 *
 * @param month - `YYYY-MM` (or any date starting so).
 * @param anchor - The anchor date.
 * @param rate - Yearly growth.
 * @returns The multiplier.
 * @example
 * growthFactor('2026-03', '2025-03-15', 0.12) //=> 1.12
 */
export function growthFactor(month: string, anchor: string, rate: number): number {
  const months = (Number(month.slice(0, 4)) - Number(anchor.slice(0, 4))) * 12 + Number(month.slice(5, 7)) - Number(anchor.slice(5, 7));
  return 1 + (rate * months) / 12;
}

/**
 * Installed wind and solar capacity per UTC day of the grid.
 *
 * @param area - The area.
 * @param grid - The grid.
 * @param anchor - The anchor date (profile capacities hold in its month).
 * @returns MW per day.
 * @example
 * installedSeries(AREA_PROFILES[0], new Grid(0, 86400000), '1970-01-01').solar[0] //=> 100000
 */
export function installedSeries(area: AreaProfile, grid: Grid, anchor: string): Installed {
  const out: Installed = {
    windOn: new Float64Array(grid.nDays),
    windOff: new Float64Array(grid.nDays),
    solar: new Float64Array(grid.nDays),
  };
  for (let d = 0; d < grid.nDays; d++) {
    const month = utcDate(grid.start + d * DAY + 13 * HOUR);
    out.windOn[d] = area.windOn * growthFactor(month, anchor, GROWTH.windOn);
    out.windOff[d] = area.windOff * growthFactor(month, anchor, GROWTH.windOff);
    out.solar[d] = area.solar * growthFactor(month, anchor, GROWTH.solar);
  }
  return out;
}

/**
 * Onshore and offshore wind output.
 *
 * @param area - The area.
 * @param weather - Wind indices per step.
 * @param installed - Installed capacity per day.
 * @param grid - The grid.
 * @param sph - Steps per hour of the inputs.
 * @param offset - Grid step (at `sph`) of the first input element, for forecast windows.
 * @param out - Optional buffers to write into.
 * @returns MW per step, each at most 80 % of installed.
 * @example
 * windOutput(AREA_PROFILES[3], { wind: new Float64Array(1), windOff: new Float64Array(1) },
 *   { windOn: new Float64Array([1000]), windOff: new Float64Array(1), solar: new Float64Array(1) },
 *   new Grid(0, 86400000), 4).off[0] //=> 0
 */
export function windOutput(
  area: AreaProfile,
  weather: Pick<Weather, 'wind' | 'windOff'>,
  installed: Installed,
  grid: Grid,
  sph: number,
  offset = 0,
  out?: { on: Float64Array; off: Float64Array },
): { on: Float64Array; off: Float64Array } {
  const p = areaParams(area);
  const n = weather.wind.length;
  const spd = 24 * sph;
  const on = out?.on ?? new Float64Array(n);
  const off = out?.off ?? new Float64Array(n);
  const wf = windFactor;
  const { windOn, windOff } = installed;
  const { wind, windOff: zOff } = weather;
  for (let j = 0; j < n; j++) {
    const d = Math.floor((offset + j) / spd);
    const w = grid.dayWinter[d]!;
    on[j] = windOn[d]! * wf(wind[j]!, p.windOn, w);
    off[j] = windOff[d]! > 0 ? windOff[d]! * wf(zOff[j]!, p.windOff, w) : 0;
  }
  return { on, off };
}

/**
 * Clear-sky solar share per step over the grid (mid-step sun position).
 *
 * @param area - The area.
 * @param grid - The grid.
 * @param sph - Steps per hour.
 * @returns Shares of installed capacity.
 * @example
 * clearSkySeries(AREA_PROFILES[0], new Grid(0, 86400000), 4)[0] //=> 0
 */
export function clearSkySeries(area: AreaProfile, grid: Grid, sph: number): Float64Array {
  const spd = 24 * sph;
  const out = new Float64Array(grid.nDays * spd);
  for (let d = 0; d < grid.nDays; d++) {
    for (let k = 0; k < spd; k++) out[d * spd + k] = clearSky(grid.start + d * DAY + ((k + 0.5) * HOUR) / sph, area.lat, area.lon);
  }
  return out;
}

/**
 * Solar output.
 *
 * @param area - The area.
 * @param cloud - Latent cloud index per step.
 * @param clear - {@link clearSkySeries} at the same resolution (whole grid).
 * @param installed - Installed capacity per day.
 * @param grid - The grid.
 * @param sph - Steps per hour.
 * @param offset - Grid step of the first element of `cloud`.
 * @param out - Optional buffer to write into.
 * @returns MW per step (zero at night).
 * @example
 * solarOutput(AREA_PROFILES[0], new Float64Array(1), new Float64Array(1), { windOn: new Float64Array(1),
 *   windOff: new Float64Array(1), solar: new Float64Array([5]) }, new Grid(0, 86400000), 4)[0] //=> 0
 */
export function solarOutput(
  area: AreaProfile,
  cloud: Float64Array,
  clear: Float64Array,
  installed: Installed,
  grid: Grid,
  sph: number,
  offset = 0,
  out: Float64Array = new Float64Array(cloud.length),
): Float64Array {
  const p = areaParams(area);
  const n = cloud.length;
  const spd = 24 * sph;
  const sf = solarFactor;
  const solar = installed.solar;
  for (let j = 0; j < n; j++) {
    const c = clear[offset + j]!;
    if (c === 0) {
      out[j] = 0;
      continue;
    }
    const d = Math.floor((offset + j) / spd);
    out[j] = solar[d]! * sf(c, cloud[j]!, p.cloud, grid.dayWinter[d]!);
  }
  return out;
}
