/**
 * Synthetic weather per area on the generator's grid: temperature, wind and cloud indices (and
 * precipitation energy for hydro zones). Each is a smooth spline through random knots (daily
 * for temperature anomalies, 3-hourly for wind and cloud), with a Europe-wide component shared
 * by all areas of the same weather stream so neighbours move together. A stream is either
 * `actual` (the history and the truth the forecasts aim at) or a weather year (`y1980` ...).
 */
import type { AreaProfile } from './area-profiles';
import { anomalySd, areaParams, dayOfYearFrac, normalTemperature } from './area-params';
import { type Grid, splineToGrid } from './grid';
import { ar1, createRng } from './prng';

/** Weather of one area and stream, one value per step (15 minutes or 1 hour). */
export interface Weather {
  /** Air temperature, °C (population-weighted area mean). */
  temp: Float64Array;
  /** Latent wind index of onshore (and whole-area) wind. */
  wind: Float64Array;
  /** Latent wind index offshore. */
  windOff: Float64Array;
  /** Latent cloud index. */
  cloud: Float64Array;
}

/**
 * Mixes a shared and a local random series at knot level: `a * shared + sqrt(1 - a^2) * local`.
 */
function mix(shared: Float64Array, local: Float64Array, a: number): Float64Array {
  const b = Math.sqrt(1 - a * a);
  const out = new Float64Array(local.length);
  for (let i = 0; i < out.length; i++) out[i] = a * shared[i]! + b * local[i]!;
  return out;
}

/**
 * The weather of an area for one stream over the whole grid. The random knots do not depend on
 * the resolution, so an hourly run gives the 15-minute run's values at whole hours.
 *
 * @param seed - Dataset seed.
 * @param area - The area.
 * @param stream - `actual` or a weather year such as `y1995`.
 * @param grid - The grid.
 * @param sph - Steps per hour: 4 (15 minutes) or 1.
 * @param out - Optional buffers to write into (each of length `grid.nH * sph`).
 * @returns Temperature, wind and cloud series of length `grid.nH * sph`.
 * @example
 * generateWeather(1, AREA_PROFILES[0], 'actual', new Grid(0, 86400000), 4).temp.length //=> 96
 */
export function generateWeather(seed: number, area: AreaProfile, stream: string, grid: Grid, sph: number, out?: Weather): Weather {
  const p = areaParams(area);
  const n = grid.nH * sph;
  const spd = 24 * sph;
  const rng = (what: string) => createRng(seed, `weather/${stream}/${area.tag}/${what}`);
  const shared = (what: string) => createRng(seed, `weather/${stream}/europe/${what}`);
  const phi3h = Math.exp(-3 / 30);
  const nk3 = Math.ceil(grid.nH / 3) + 2;
  const nk1 = grid.nDays + 2;
  const windKnots = mix(ar1(shared('wind'), nk3, phi3h), ar1(rng('wind'), nk3, phi3h), 0.6);
  const offKnots = mix(windKnots, ar1(rng('wind-off'), nk3, phi3h), 0.85);
  const cloudKnots = ar1(rng('cloud'), nk3, Math.exp(-3 / 15));
  const anomalyKnots = mix(ar1(shared('temp'), nk1, 0.75), ar1(rng('temp'), nk1, 0.75), 0.5);
  const wind = splineToGrid(windKnots, 3 * sph, n, out?.wind);
  const windOff = splineToGrid(offKnots, 3 * sph, n, out?.windOff);
  const cloud = splineToGrid(cloudKnots, 3 * sph, n, out?.cloud);
  const temp = out?.temp ?? new Float64Array(n);
  const anomaly = splineToGrid(anomalyKnots, spd, n, temp);
  const t = area.temperature;
  const diurnal = new Float64Array(spd);
  for (let k = 0; k < spd; k++) {
    const solarHour = (k + 0.5) / sph + area.lon / 15;
    diurnal[k] = t.diurnal * Math.cos((2 * Math.PI * (solarHour - 15)) / 24);
  }
  for (let d = 0; d < grid.nDays; d++) {
    const doy = grid.dayDoy[d]!;
    const w = grid.dayWinter[d]!;
    const normal = normalTemperature(area, doy);
    const sd = anomalySd(area, doy);
    const amp = 1 - 0.3 * w;
    const cm = p.cloud + 0.5 * w;
    const end = Math.min(n, (d + 1) * spd);
    for (let j = d * spd; j < end; j++) {
      const sunny = 1 - 0.6 / (1 + Math.exp(-1.5 * (cloud[j]! + cm)));
      temp[j] = normal + amp * sunny * diurnal[j - d * spd]! + sd * anomaly[j]!;
    }
  }
  return { temp, wind, windOff, cloud };
}

/**
 * Precipitation energy of a hydro zone (MWh per hour), one value per grid step: rain events
 * around a seasonal mean (wettest in October), skewed, capped at 50,000.
 *
 * @param seed - Dataset seed.
 * @param area - A zone with `precipitation` set.
 * @param stream - `actual` or a weather year.
 * @param grid - The grid.
 * @returns MWh per hour, one value per grid hour.
 * @example
 * precipitation(1, AREA_PROFILES[3], 'actual', new Grid(0, 86400000)).length //=> 24
 */
export function precipitation(seed: number, area: AreaProfile, stream: string, grid: Grid): Float64Array {
  const z = splineToGrid(
    ar1(createRng(seed, `weather/${stream}/${area.tag}/rain`), Math.ceil(grid.nH / 3) + 2, Math.exp(-3 / 12)),
    3,
    grid.nH,
  );
  const out = new Float64Array(grid.nH);
  for (let h = 0; h < grid.nH; h++) {
    const doy = dayOfYearFrac(grid.start + h * 3_600_000);
    out[h] = Math.min(50000, precipitationNormal(area, doy) * Math.exp(0.8 * z[h]! - 0.32));
  }
  return out;
}

/**
 * The expected precipitation energy of a zone on a day of year (its NORMAL), MWh per hour.
 *
 * @param area - A zone with `precipitation` set.
 * @param doy - Fractional day of year.
 * @returns MWh per hour.
 * @example
 * precipitationNormal(AREA_PROFILES[3], 290) //=> 5400
 */
export function precipitationNormal(area: AreaProfile, doy: number): number {
  return (area.precipitation ?? 0) * (1 + 0.35 * Math.cos((2 * Math.PI * (doy - 290)) / 365.2425));
}
