/**
 * The ACTUAL time series of the demo dataset, as views of the world: load, wind, solar and
 * residual load at the area's frequency, temperature, spot prices, production per fleet, net
 * imports; exchange schedules and capacities per border; aggregates and TSO areas.
 */
import type { SeriesBlock } from '../store/types';
import { AGGREGATES, DE_TSO_SHARES } from './area-profiles';
import { FUELS, type FuelKey } from './fuels';
import { addDays, localMidnight } from './demo-time';
import { groupMeans } from './grid';
import { ar1, createRng } from './prng';
import { STEP_MS, roundValues, seriesBlock, stepMeans, type Columns } from './series-slice';
import type { World } from './world';

/** The first 15-minute day-ahead delivery day (docs/demo-data.md#curve-families). */
const FIRST_15MIN_DAY_AHEAD = '2025-10-01';

const minus = (a: Columns, ...bs: Columns[]): Columns => {
  const values = Float64Array.from(a.values);
  for (const b of bs) for (let i = 0; i < values.length; i++) values[i]! -= b.values[i]!;
  return { times: a.times, values: roundValues(values, 2) };
};

/**
 * The actual series of one area.
 *
 * @param world - The world.
 * @param tag - The area tag.
 * @returns Series blocks of every actual curve of the area in the catalogue.
 * @example
 * areaActuals(world, 'DE')[0].curve //=> 'DE Consumption MWh/h 15min Actual'
 */
export function areaActuals(world: World, tag: string): SeriesBlock[] {
  const { cat, grid, coupled } = world;
  const t = world.areas.get(tag);
  if (!t) return [];
  const area = t.area;
  const zone = area.zone;
  const begin = localMidnight(cat.window.historyStart, zone);
  const end = localMidnight(cat.window.actualEnd, zone);
  const out: SeriesBlock[] = [];
  const emit = (role: string, cols: Columns) => {
    const spec = cat.spec(tag, role);
    if (spec) out.push(seriesBlock(spec.record.name, cols));
  };
  const at = (src: Float64Array, sph: number, freq: string, decimals = 2, to = end): Columns => {
    const c = stepMeans(src, sph, grid, begin, to, freq);
    roundValues(c.values, decimals);
    return c;
  };
  const f = area.freq;
  const resFreq = cat.spec(tag, 'residual')?.record.frequency ?? f.consumption;
  // published values are rounded; totals and the residual are computed from what is published
  const windAt = (freq: string): Columns => {
    const on = at(t.windOn, 4, freq);
    const off = at(t.windOff, 4, freq);
    return {
      times: on.times,
      values: roundValues(
        on.values.map((v, i) => v + off.values[i]!),
        2,
      ),
    };
  };
  emit('consumption', at(t.load, 4, f.consumption));
  emit('wind', windAt(f.wind));
  emit('wind-on', at(t.windOn, 4, f.wind));
  emit('wind-off', at(t.windOff, 4, f.wind));
  emit('solar', at(t.solar, 4, f.solar));
  emit('residual', minus(at(t.load, 4, resFreq), windAt(resFreq), at(t.solar, 4, resFreq)));
  emit('temperature', at(t.weather.temp, 4, 'PT1H'));
  const spotEnd = localMidnight(cat.window.spotEnd, zone);
  const price = coupled.price.get(tag) as Float64Array;
  emit('spot', at(price, 1, 'PT1H', 2, spotEnd));
  const spot15 = cat.spec(tag, 'spot15');
  if (spot15) out.push(seriesBlock(spot15.record.name, quarterHourPrices(world, tag, spotEnd)));
  const prod = coupled.prod.get(tag) as Partial<Record<FuelKey, Float64Array>>;
  let hydro: Float64Array | null = null;
  for (const fuel of Object.keys(prod) as FuelKey[]) {
    const series = prod[fuel]!;
    emit(`prod:${fuel}`, at(series, 1, 'PT1H', 1));
    if (FUELS[fuel].hydro) {
      hydro ??= new Float64Array(series.length);
      for (let h = 0; h < series.length; h++) hydro[h]! += series[h]!;
    }
  }
  if (hydro) emit('prod:hydro', at(hydro, 1, 'PT1H', 1));
  emit('net-import', at(coupled.netImport.get(tag) as Float64Array, 1, 'PT1H', 1));
  return out;
}

/**
 * 15-minute day-ahead prices from the first 15-minute delivery day: the hourly price plus a
 * within-hour shape that follows the residual load, so each hour keeps its mean.
 */
function quarterHourPrices(world: World, tag: string, end: number): Columns {
  const { grid, cat } = world;
  const t = world.areas.get(tag)!;
  const begin = Math.max(localMidnight(cat.window.historyStart, t.area.zone), localMidnight(FIRST_15MIN_DAY_AHEAD, t.area.zone));
  if (begin >= end) return { times: new Float64Array(0), values: new Float64Array(0) };
  const price = world.coupled.price.get(tag) as Float64Array;
  const residual = t.load.map((v, i) => v - t.windOn[i]! - t.windOff[i]! - t.solar[i]!);
  const hourly = groupMeans(residual, 4);
  const slope = 100 / t.area.consumption.mean;
  const n = Math.round((end - begin) / STEP_MS.PT15M);
  const i0 = Math.round((begin - grid.start) / STEP_MS.PT15M);
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const j = i0 + i;
    const h = j >> 2;
    times[i] = begin + i * STEP_MS.PT15M;
    values[i] = Math.round((price[h]! + slope * (residual[j]! - hourly[h]!)) * 100) / 100;
  }
  return { times, values };
}

/** Net transfer capacities start with the history, but at most three months back (full preset). */
function ntcBegin(world: World, zone: string): number {
  const w = world.cat.window;
  const threeMonths = addDays(w.anchor, -92);
  // biome-ignore lint/complexity/useMathMinMax: these are ISO date strings, compared as text (Math.max would give NaN)
  return localMidnight(w.historyStart > threeMonths ? w.historyStart : threeMonths, zone);
}

/**
 * The exchange series of every border direction: day-ahead schedules (H), day-ahead capacity
 * (H, full preset) and net transfer capacity (15min REMIT, from at most three months back to the
 * end of the forecast range).
 *
 * @param world - The world.
 * @returns Series blocks.
 * @example
 * borderActuals(world)[0].curve //=> 'DE>FR Exchange Day-Ahead Schedule MWh/h H Actual'
 */
export function borderActuals(world: World): SeriesBlock[] {
  const { cat, grid } = world;
  const out: SeriesBlock[] = [];
  for (const d of cat.directions) {
    const key = `${d.source}>${d.sink}`;
    const zone = cat.spec(key, 'schedule')?.record.timezone ?? 'CET';
    const begin = localMidnight(cat.window.historyStart, zone);
    const end = localMidnight(cat.window.actualEnd, zone);
    const flow = world.coupled.flow.get(key) as Float64Array;
    const ntc = world.ntc.get(key) as Float64Array;
    const schedule = cat.spec(key, 'schedule');
    if (schedule) out.push(seriesBlock(schedule.record.name, stepMeans(flow, 1, grid, begin, end, 'PT1H')));
    const dacap = cat.spec(key, 'dacap');
    if (dacap) out.push(seriesBlock(dacap.record.name, stepMeans(ntc, 1, grid, begin, end, 'PT1H')));
    const remit = cat.spec(key, 'ntc');
    if (remit)
      out.push(
        seriesBlock(
          remit.record.name,
          stepMeans(ntc, 1, grid, ntcBegin(world, zone), localMidnight(cat.window.forecastEnd, zone), 'PT15M'),
        ),
      );
  }
  return out;
}

/**
 * The aggregate-area actuals (exact sums of their zones' published values) and the German TSO
 * areas (shares of German wind and solar that add up to it), full preset only.
 *
 * @param world - The world.
 * @param zoneSeries - The published series of every zone, by curve name.
 * @returns Series blocks.
 * @example
 * aggregateActuals(world, zoneSeries)[0].curve //=> 'NO Consumption MWh/h H Actual'
 */
export function aggregateActuals(world: World, zoneSeries: Map<string, SeriesBlock>): SeriesBlock[] {
  const { cat } = world;
  const out: SeriesBlock[] = [];
  for (const [agg, zones] of Object.entries(AGGREGATES)) {
    for (const role of ['consumption', 'wind', 'solar']) {
      const spec = cat.spec(agg, role);
      const parts = zones.map((z) => zoneSeries.get(cat.spec(z, role)?.record.name ?? '')).filter((b): b is SeriesBlock => !!b);
      if (!spec || parts.length === 0) continue;
      const values = new Float64Array(parts[0]!.times.length);
      for (const p of parts) for (let i = 0; i < values.length; i++) values[i]! += (p.values as Float64Array)[i]!;
      out.push(seriesBlock(spec.record.name, { times: parts[0]!.times, values: roundValues(values, 2) }));
    }
  }
  const tsos = Object.entries(DE_TSO_SHARES);
  for (const role of ['wind', 'solar'] as const) {
    const de = zoneSeries.get(cat.spec('DE', role)?.record.name ?? '');
    if (!de || !cat.spec(tsos[0]![0], role)) continue;
    const total = de.values as Float64Array;
    const n = total.length;
    const weights = tsos.map(([tso, share]) => {
      const noise = ar1(createRng(world.seed, `tso/${tso}/${role}`), Math.ceil(n / 4) + 1, 0.97, 0.15);
      return Float64Array.from({ length: n }, (_, i) => share[role] * Math.exp(noise[i >> 2]!));
    });
    let rest = Float64Array.from(total);
    tsos.forEach(([tso], k) => {
      const values = new Float64Array(n);
      if (k < tsos.length - 1) {
        for (let i = 0; i < n; i++) {
          const sum = weights.reduce((s, w) => s + w[i]!, 0);
          values[i] = Math.round(((total[i]! * weights[k]![i]!) / sum) * 100) / 100;
          rest[i]! -= values[i]!;
        }
      } else {
        for (let i = 0; i < n; i++) values[i] = Math.max(0, Math.round(rest[i]! * 100) / 100);
        rest = values;
      }
      out.push(seriesBlock((cat.spec(tso, role) as { record: { name: string } }).record.name, { times: de.times, values }));
    });
  }
  return out;
}
