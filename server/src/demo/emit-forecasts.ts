/**
 * Weather-model forecast instances of an area: every run of a model (issued at its UTC run hours,
 * `created` hours later, some `modified`) forecasts temperature, load, wind, solar and residual
 * load from the true weather plus errors that grow with lead time; price forecasts follow the
 * forecast residual load; ensembles add members around the ensemble mean. Cities and rivers of
 * the area reuse the same run's temperature.
 */
import type { ImportBatch, InstanceRecord, SeriesBlock } from '../store/types';
import { solarOutput, weatherFactor, windOutput } from './area-outputs';
import { FORECAST_MODELS } from './catalogue-builder';
import { sitesOf } from './catalogue-places';
import { HOUR } from './demo-time';
import { groupMeans, Q } from './grid';
import { leadError, modelBias, modelRuns, type Run } from './forecast-errors';
import { placeKey } from './places-data';
import { riverTemperature, siteTemperatureOffset } from './emit-places';
import { roundValues } from './series-slice';
import type { World } from './world';

type Family = 'consumption' | 'wind' | 'solar' | 'residual' | 'temperature';
const ROLE_FAMILY: Record<string, Family> = {
  'fc:consumption': 'consumption',
  'fc:wind': 'wind',
  'fc:solar': 'solar',
  'fc:residual': 'residual',
  'fc:temperature': 'temperature',
  'fc:wind-mt': 'wind',
  'fc:temperature-mt': 'temperature',
};

/** Forecasts of some families, 15-minute steps from the issue instant. */
type Forecast = Partial<Record<Family, Float64Array>>;

/** The errors of one run shared by its members (an ensemble's mean error). */
interface RunErrors {
  temp: Float64Array;
  wind: Float64Array;
  windOff: Float64Array;
  cloud: Float64Array;
  load: Float64Array;
  bias: number;
}

function runErrors(world: World, tag: string, run: Run): RunErrors {
  const { seed } = world;
  const n = run.hours * 4;
  const key = `${tag}/${run.tag}/${run.issued}`;
  return {
    temp: leadError(seed, `${key}/temp`, n, 0.5, 0.3, 4.5),
    wind: leadError(seed, `${key}/wind`, n, 0.12, 0.09, 1.2),
    windOff: leadError(seed, `${key}/wind-off`, n, 0.08, 0.05, 0.8),
    cloud: leadError(seed, `${key}/cloud`, n, 0.3, 0.1, 1.5),
    load: leadError(seed, `${key}/load`, n, 0.008, 0.002, 0.03),
    bias: modelBias(seed, run.tag, `${tag}/temp`, 0.25),
  };
}

function forecastOf(world: World, tag: string, run: Run, e: RunErrors, member: number, need: ReadonlySet<Family>): Forecast {
  const t = world.areas.get(tag)!;
  const { grid, seed } = world;
  const g0 = Math.round((run.issued - grid.start) / Q);
  const n = run.hours * 4;
  const key = `${tag}/${run.tag}/${run.issued}/m${member}`;
  const sT = member >= 0 ? leadError(seed, `${key}/temp`, n, 0.3, 0.3, 4) : null;
  const sZ = member >= 0 ? leadError(seed, `${key}/wind`, n, 0.08, 0.1, 1.2) : null;
  const residual = need.has('residual');
  const out: Forecast = {};
  const temp = new Float64Array(n);
  for (let j = 0; j < n; j++) temp[j] = t.weather.temp[g0 + j]! + e.temp[j]! + e.bias + (sT ? sT[j]! : 0);
  if (need.has('consumption') || residual) {
    const wf = weatherFactor;
    const load = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      const g = g0 + j;
      load[j] = t.load[g]! * (wf(t.area, temp[j]!) / wf(t.area, t.weather.temp[g]!)) * (1 + e.load[j]!);
    }
    out.consumption = roundValues(load, 2);
  }
  if (need.has('wind') || residual) {
    const wz = new Float64Array(n);
    const wo = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      const z = e.wind[j]! + (sZ ? sZ[j]! : 0);
      wz[j] = t.weather.wind[g0 + j]! + z;
      wo[j] = t.weather.windOff[g0 + j]! + 0.6 * z + e.windOff[j]!;
    }
    const w = windOutput(t.area, { wind: wz, windOff: wo }, t.installed, grid, 4, g0);
    for (let j = 0; j < n; j++) w.on[j]! += w.off[j]!;
    out.wind = roundValues(w.on, 2);
  }
  if (need.has('solar') || residual) {
    const cloud = new Float64Array(n);
    for (let j = 0; j < n; j++) cloud[j] = t.weather.cloud[g0 + j]! + e.cloud[j]!;
    out.solar = roundValues(solarOutput(t.area, cloud, t.clear, t.installed, grid, 4, g0), 2);
  }
  if (residual) {
    const r = new Float64Array(n);
    const { consumption: c, wind: w, solar: s } = out as Record<Family, Float64Array>;
    for (let j = 0; j < n; j++) r[j] = c[j]! - w[j]! - s[j]!;
    out.residual = roundValues(r, 2);
  }
  out.temperature = roundValues(temp, 2);
  return out;
}

function mean(cols: Float64Array[]): Float64Array {
  const out = new Float64Array(cols[0]!.length);
  for (const c of cols) for (let i = 0; i < out.length; i++) out[i]! += c[i]!;
  for (let i = 0; i < out.length; i++) out[i] = Math.round((out[i]! / cols.length) * 100) / 100;
  return out;
}

function hourlyPrice(world: World, tag: string, run: Run, trueRes: Float64Array, residual: Float64Array, hours: number): Float64Array {
  const t = world.areas.get(tag)!;
  const price = world.coupled.price.get(tag) as Float64Array;
  const h0 = Math.round((run.issued - world.grid.start) / HOUR);
  const fRes = groupMeans(residual.subarray(0, hours * 4), 4);
  const slope = (1.3 * 75) / t.area.consumption.mean;
  const e = leadError(world.seed, `${tag}/${run.tag}/${run.issued}/price`, hours * 4, 0.02, 0.006, 0.12);
  const out = new Float64Array(hours);
  for (let h = 0; h < hours; h++) {
    const p = price[h0 + h]! + slope * (fRes[h]! - trueRes[h0 + h]!);
    out[h] = Math.round(Math.min(4000, Math.max(-500, p + Math.abs(p) * e[h * 4]!)) * 100) / 100;
  }
  return out;
}

/**
 * The forecast instances of one area and one model tag, in batches of at most about two million
 * values.
 *
 * Not split: one pass over a model's runs, where every curve role reads the same run's errors and
 * members and writes into the same size-bounded batch; the roles' own models are in `forecastOf`,
 * `hourlyPrice` and `leadError`.
 *
 * @param world - The world.
 * @param tag - The area.
 * @param modelTag - `ec`, `gfs`, `ec-ens`, ...
 * @returns Batches of instances and their series.
 * @example
 * areaForecasts(world, 'DE', 'ec')[0].instances?.[0].tag //=> 'ec'
 */
export function areaForecasts(world: World, tag: string, modelTag: string): ImportBatch[] {
  const { cat, seed, grid } = world;
  const model = FORECAST_MODELS[modelTag];
  const t = world.areas.get(tag);
  if (!model || !t) return [];
  const specs = cat.specs.filter((s) => s.subject === tag && s.record.curveType === 'INSTANCE' && s.tags.includes(modelTag));
  const sites = sitesOf(cat.preset)
    .filter((s) => s.area === tag && (s.kind === 'city' || s.kind === 'river'))
    .map((s) => ({ site: s, spec: cat.spec(placeKey(s.kind, s.name), s.kind === 'city' ? 'city:fc' : 'river:fc') }))
    .filter((x) => x.spec?.tags.includes(modelTag));
  if (specs.length === 0 && sites.length === 0) return [];
  const w = cat.window;
  const runs = modelRuns(seed, model, model.members > 0 ? w.ensembleStart : w.issueStart, w.actualEnd, tag, w.issuedUntil);
  const riverTruth = sites.some((x) => x.site.kind === 'river') ? riverTemperature(groupMeans(t.weather.temp, 4)) : null;
  const need = new Set<Family>(['temperature']);
  for (const spec of specs) {
    if (ROLE_FAMILY[spec.role]) need.add(ROLE_FAMILY[spec.role]!);
    if (spec.role === 'fc:spot' || spec.role === 'fc:spot-ens') need.add('residual');
  }
  let trueRes: Float64Array | null = null;
  if (need.has('residual')) {
    const r = new Float64Array(grid.nQ);
    for (let j = 0; j < grid.nQ; j++) r[j] = t.load[j]! - t.windOn[j]! - t.windOff[j]! - t.solar[j]!;
    trueRes = groupMeans(r, 4);
  }
  const batches: ImportBatch[] = [];
  let batch: { instances: InstanceRecord[]; series: SeriesBlock[] } = { instances: [], series: [] };
  let size = 0;
  const names = Array.from({ length: model.members }, (_, m) => `e${String(m).padStart(2, '0')}`);
  const push = (curve: string, run: Run, times: Float64Array, values: Float64Array, scenarios: Float64Array[] = []) => {
    batch.instances.push({
      curve,
      issued: run.issued,
      tag: run.tag,
      created: run.created,
      modified: run.modified,
      scenarioNames: scenarios.length ? names : [],
    });
    batch.series.push({ curve, issued: run.issued, tag: run.tag, times, values, scenarios, scenarioNames: scenarios.length ? names : [] });
    size += values.length * (1 + scenarios.length);
  };
  for (const run of runs) {
    const n = run.hours * 4;
    const times = new Float64Array(n);
    for (let j = 0; j < n; j++) times[j] = run.issued + j * Q;
    const hourTimes = new Float64Array(run.hours);
    for (let h = 0; h < run.hours; h++) hourTimes[h] = run.issued + h * HOUR;
    const errors = runErrors(world, tag, run);
    const members = model.members > 0 ? Array.from({ length: model.members }, (_, m) => forecastOf(world, tag, run, errors, m, need)) : [];
    const main = model.members > 0 ? null : forecastOf(world, tag, run, errors, -1, need);
    for (const spec of specs) {
      const role = spec.role;
      if (role === 'fc:spot' || role === 'fc:spot-ens') {
        if (main) push(spec.record.name, run, hourTimes, hourlyPrice(world, tag, run, trueRes!, main.residual!, run.hours));
        else {
          const hours = Math.min(run.hours, 360);
          const ps = members.map((f) => hourlyPrice(world, tag, run, trueRes!, f.residual!, hours));
          push(spec.record.name, run, hourTimes.subarray(0, hours), mean(ps), ps);
        }
      } else if (role === 'fc:nuclear') {
        const nuclear = world.coupled.prod.get(tag)?.nuclear;
        if (!nuclear || !main) continue;
        const h0 = Math.round((run.issued - grid.start) / HOUR);
        const e = leadError(seed, `${tag}/${run.tag}/${run.issued}/nuclear`, n, 0.01, 0.004, 0.06);
        push(
          spec.record.name,
          run,
          times,
          roundValues(
            Float64Array.from({ length: n }, (_, j) => nuclear[h0 + (j >> 2)]! * (1 + e[j]!)),
            1,
          ),
        );
      } else if (ROLE_FAMILY[role]) {
        const family = ROLE_FAMILY[role];
        if (main) push(spec.record.name, run, times, main[family]!);
        else
          push(
            spec.record.name,
            run,
            times,
            mean(members.map((f) => f[family]!)),
            members.map((f) => f[family]!),
          );
      }
    }
    for (const { site, spec } of sites) {
      if (!main || !spec) continue;
      const offset = siteTemperatureOffset(site, t.area);
      if (site.kind === 'city') {
        push(
          spec.record.name,
          run,
          times,
          roundValues(
            main.temperature!.map((v) => v + offset),
            2,
          ),
        );
      } else if (riverTruth) {
        const h0 = Math.round((run.issued - grid.start) / HOUR);
        const air = groupMeans(main.temperature!, 4);
        let r = (riverTruth[h0]! - 2.5) / 0.85;
        const values = air.map((a) => {
          r += (a - r) / 240;
          return Math.round(Math.max(0.5, 0.85 * r + 2.5) * 100) / 100;
        });
        push(spec.record.name, run, hourTimes, values);
      }
    }
    if (size > 2_000_000) {
      batches.push(batch);
      batch = { instances: [], series: [] };
      size = 0;
    }
  }
  if (batch.instances.length) batches.push(batch);
  return batches;
}
