/**
 * The physical transforms of the demo weather (wind latent -> capacity factor, cloud latent ->
 * solar output, temperature -> load) and their per-area calibration, so that long-run means hit
 * the profile's targets (wind and solar capacity factors, mean load) whatever the window.
 */
import type { AreaProfile } from './area-profiles';
import { DAY, HOUR } from './demo-time';

const TWO_PI = 2 * Math.PI;
const YEAR_DAYS = 365.2425;
/** Epoch day number of 2000-01-01. */
const Y2000 = 10957;

// Gauss-Hermite nodes and weights for a standard normal (10 points, weights sum to 1).
const GH_X = [
  -4.859462828, -3.581823483, -2.484325842, -1.465989094, -0.484935708, 0.484935708, 1.465989094, 2.484325842, 3.581823483, 4.859462828,
];
const GH_W = [
  4.31065263e-6, 7.58070934e-4, 1.91115805e-2, 1.35483703e-1, 3.44642335e-1, 3.44642335e-1, 1.35483703e-1, 1.91115805e-2, 7.58070934e-4,
  4.31065263e-6,
];

/** Wind: maximum fleet capacity factor, logistic gain and seasonal swing of the latent mean. */
const WIND_CMAX = 0.8;
const WIND_GAIN = 1.5;
const WIND_SEASON = 0.5;
/** Solar: clear-sky output at the zenith, exponent on the sine of the sun's elevation. */
const SOLAR_PEAK = 0.8;
const SOLAR_EXP = 0.9;
const CLOUD_GAIN = 1.5;
const CLOUD_SEASON = 0.5;
const CLOUD_DIM = 0.72;
/** Load rises with heating below this temperature (°C). */
export const HEAT_BELOW = 15;
/** Load rises with cooling above this temperature (°C). */
export const COOL_ABOVE = 21;

/**
 * Fractional day of the year (0 = 1 January 00:00 UTC), smooth across years.
 *
 * @param ms - Epoch ms.
 * @returns Days since the start of the (mean) year, in [0, 365.2425).
 * @example
 * Math.round(dayOfYearFrac(Date.UTC(2024, 6, 1))) //=> 182
 */
export function dayOfYearFrac(ms: number): number {
  const d = ms / DAY - Y2000;
  return d - Math.floor(d / YEAR_DAYS) * YEAR_DAYS;
}

/** Seasonal cosine: 1 in mid-January (winter), -1 in mid-July. @example
 * winterness(15) //=> 1
 */
export function winterness(doy: number): number {
  return Math.cos((TWO_PI * (doy - 15)) / YEAR_DAYS);
}

/**
 * Wind capacity factor of a latent wind index.
 *
 * @param z - Latent index (standard normal on average).
 * @param m0 - Calibrated offset of the area (see {@link calibrateWind}).
 * @param w - {@link winterness} of the day.
 * @returns Share of installed capacity, in [0, 0.8].
 * @example
 * windFactor(0, 0, 0) //=> 0.4
 */
export function windFactor(z: number, m0: number, w: number): number {
  return WIND_CMAX / (1 + Math.exp(-WIND_GAIN * (z + m0 + WIND_SEASON * w)));
}

/**
 * Cloudiness of a latent cloud index, in (0, 1).
 *
 * @param c - Latent index.
 * @param m0 - Calibrated offset of the area.
 * @param w - {@link winterness} of the day.
 * @returns Cloud cover share.
 * @example
 * cloudiness(0, 0, 0) //=> 0.5
 */
function cloudiness(c: number, m0: number, w: number): number {
  return 1 / (1 + Math.exp(-CLOUD_GAIN * (c + m0 + CLOUD_SEASON * w)));
}

/**
 * Clear-sky solar output share at an instant and place: zero when the sun is below the horizon,
 * rising with the sine of its elevation (declination from the date, hour angle from UTC time
 * and longitude).
 *
 * @param ms - Epoch ms.
 * @param lat - Latitude, degrees.
 * @param lon - Longitude, degrees.
 * @returns Share of installed capacity under a clear sky.
 * @example
 * clearSky(Date.UTC(2024, 5, 21, 0), 51, 10) //=> 0
 */
export function clearSky(ms: number, lat: number, lon: number): number {
  const doy = dayOfYearFrac(ms);
  const decl = ((-23.44 * Math.PI) / 180) * Math.cos((TWO_PI * (doy + 10)) / YEAR_DAYS);
  const solarHour = ((ms % DAY) / HOUR + lon / 15 + 24) % 24;
  const hourAngle = ((solarHour - 12) * 15 * Math.PI) / 180;
  const phi = (lat * Math.PI) / 180;
  const s = Math.sin(phi) * Math.sin(decl) + Math.cos(phi) * Math.cos(decl) * Math.cos(hourAngle);
  return s <= 0 ? 0 : SOLAR_PEAK * s ** SOLAR_EXP;
}

/**
 * Solar output share from the clear-sky share and the cloud index.
 *
 * @param clear - {@link clearSky} share.
 * @param c - Latent cloud index.
 * @param m0 - Calibrated cloud offset of the area.
 * @param w - {@link winterness}.
 * @returns Share of installed capacity.
 * @example
 * solarFactor(0, 0, 0, 0) //=> 0
 */
export function solarFactor(clear: number, c: number, m0: number, w: number): number {
  return clear * (1 - CLOUD_DIM / (1 + Math.exp(-CLOUD_GAIN * (c + m0 + CLOUD_SEASON * w))));
}

/** Expected value of max(0, a - X) for X ~ N(mu, sd). */
function rampBelow(a: number, mu: number, sd: number): number {
  const z = (a - mu) / sd;
  const pdf = Math.exp(-0.5 * z * z) / Math.sqrt(TWO_PI);
  const cdf = 0.5 * (1 + erf(z / Math.SQRT2));
  return (a - mu) * cdf + sd * pdf;
}

function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}

/** Climatological mean temperature of an area on a day of year (no diurnal cycle). @example
 * Math.round(normalTemperature(AREA_PROFILES[0], 20)) //=> 1
 */
export function normalTemperature(area: AreaProfile, doy: number): number {
  return area.temperature.mean - area.temperature.amplitude * Math.cos((TWO_PI * (doy - 20)) / YEAR_DAYS);
}

/** Standard deviation of the temperature anomaly on a day of year. @example
 * anomalySd(AREA_PROFILES[0], 15) //=> 4
 */
export function anomalySd(area: AreaProfile, doy: number): number {
  return area.temperature.sd * (1 + 0.25 * winterness(doy));
}

/** Calibrated parameters of one area. */
export interface AreaParams {
  windOn: number;
  windOff: number;
  cloud: number;
  /** Expected temperature factor of load over a year (divides the load formula). */
  loadNorm: number;
}

function bisect(f: (x: number) => number, target: number, lo: number, hi: number): number {
  // f increasing in x
  for (let i = 0; i < 50; i++) {
    const mid = 0.5 * (lo + hi);
    if (f(mid) < target) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/** Mean wind capacity factor over a year for an offset. */
function meanWind(m0: number): number {
  let s = 0;
  for (let d = 0; d < 365; d += 2) {
    const w = winterness(d);
    for (let k = 0; k < GH_X.length; k++) s += GH_W[k]! * windFactor(GH_X[k]!, m0, w);
  }
  return s / Math.ceil(365 / 2);
}

/**
 * The latent offset that gives a wind fleet its mean capacity factor.
 *
 * @param cf - Target mean capacity factor (0.2 onshore DE).
 * @returns The offset for {@link windFactor}.
 * @example
 * Math.abs(calibrateWind(0.4)) < 0.05 //=> true
 */
function calibrateWind(cf: number): number {
  if (cf <= 0) return 0;
  return bisect(meanWind, Math.min(cf, WIND_CMAX * 0.95), -6, 6);
}

const paramCache = new Map<string, AreaParams>();

/**
 * The calibrated parameters of an area (computed once per area).
 *
 * @param area - The area profile.
 * @returns Offsets and the load normaliser.
 * @example
 * areaParams(AREA_PROFILES[0]).loadNorm > 1 //=> true
 */
export function areaParams(area: AreaProfile): AreaParams {
  const hit = paramCache.get(area.tag);
  if (hit) return hit;
  // clear-sky energy per day of a reference year (hourly, mid-hour)
  const ref = Date.UTC(2001, 0, 1);
  const clearDay = new Float64Array(365);
  for (let d = 0; d < 365; d++) {
    for (let h = 0; h < 24; h++) clearDay[d]! += clearSky(ref + d * DAY + (h + 0.5) * HOUR, area.lat, area.lon);
  }
  const meanSolar = (m0: number): number => {
    let s = 0;
    for (let d = 0; d < 365; d++) {
      const w = winterness(d);
      let e = 0;
      for (let k = 0; k < GH_X.length; k++) e += GH_W[k]! * (1 - CLOUD_DIM * cloudiness(GH_X[k]!, m0, w));
      s += clearDay[d]! * e;
    }
    return s / (365 * 24);
  };
  // meanSolar decreases with m0: bisect on the negated offset
  const cloud = area.cfSolar > 0 ? -bisect((x) => meanSolar(-x), area.cfSolar, -4, 4) : 0.3;
  let load = 0;
  for (let d = 0; d < 365; d++) {
    const mu = normalTemperature(area, d);
    const sd = anomalySd(area, d);
    load += 1 + area.consumption.heat * rampBelow(HEAT_BELOW, mu, sd) + area.consumption.cool * rampBelow(-COOL_ABOVE, -mu, sd);
  }
  const params: AreaParams = {
    windOn: calibrateWind(area.cfOn),
    windOff: calibrateWind(area.cfOff),
    cloud,
    loadNorm: load / 365,
  };
  paramCache.set(area.tag, params);
  return params;
}
