/**
 * Market data: futures (OHLC rows per contract and trading day, no weekends) priced from the
 * fuel paths and the spot market, and the ECB reference rates (FOREX, TARGET working days).
 */
import type { OhlcBlock, SeriesBlock } from '../store/types';
import { ohlcKey } from './catalogue';
import { listedContracts, type Contract } from './contracts';
import { addDays, dateRange, daysBetween, localMidnight, weekday } from './demo-time';
import { isTargetDay } from './holidays';
import { coalSrmc, fxPath, gasSrmc } from './market-paths';
import type { OhlcDef } from './market-defs';
import { createRng, hashString } from './prng';
import type { World } from './world';

const POWER_MONTH = [1.22, 1.15, 1.0, 0.88, 0.78, 0.8, 0.86, 0.88, 0.97, 1.05, 1.17, 1.2];
const PEAK_MONTH = [1.18, 1.16, 1.08, 1.0, 0.93, 0.92, 0.93, 0.94, 1.0, 1.08, 1.16, 1.2];
const NORDIC_MONTH = [1.35, 1.3, 1.15, 0.95, 0.75, 0.65, 0.65, 0.72, 0.9, 1.05, 1.2, 1.3];
const GAS_ADD = [2, 2, 1.5, -0.5, -1, -1, -1, -1, -0.5, 1, 1.5, 2];
const BALTIC = ['EE', 'LV', 'LT'];

const shapeCache = new Map<string, number>();

/** Mean of a daily shape over the days of [start, end), cached per shape and period. */
function overDays(shape: string, start: string, end: string, f: (month: number, date: string) => number): number {
  const key = `${shape}|${start}|${end}`;
  const hit = shapeCache.get(key);
  if (hit !== undefined) return hit;
  const days = dateRange(start, end);
  const value = days.reduce((s, d) => s + f(Number(d.slice(5, 7)) - 1, d), 0) / days.length;
  if (shapeCache.size > 50_000) shapeCache.clear();
  shapeCache.set(key, value);
  return value;
}

const spotCache = new WeakMap<World, Map<string, Map<string, number>>>();

/** Daily spot averages (CET days up to the end of day-ahead data) of an area, or of several. */
function spotDays(world: World, areas: readonly string[]): Map<string, number> {
  let perWorld = spotCache.get(world);
  if (!perWorld) {
    perWorld = new Map();
    spotCache.set(world, perWorld);
  }
  const key = areas.join(',');
  const hit = perWorld.get(key);
  if (hit) return hit;
  const out = new Map<string, number>();
  const { grid } = world;
  const w = world.cat.window;
  const prices = areas.map((a) => world.coupled.price.get(a)).filter((p): p is Float64Array => !!p);
  for (const date of dateRange(w.historyStart, w.spotEnd)) {
    const a = Math.round((localMidnight(date, 'CET') - grid.start) / 3_600_000);
    const b = Math.round((localMidnight(addDays(date, 1), 'CET') - grid.start) / 3_600_000);
    let sum = 0;
    for (const p of prices) for (let h = a; h < b; h++) sum += p[h]!;
    if (prices.length) out.set(date, sum / (prices.length * (b - a)));
  }
  perWorld.set(key, out);
  return out;
}

/** A standard normal number fixed by a key (cheaper than a stream for one draw). */
function keyedNormal(seed: number, key: string): number {
  const u = (hashString(`${seed}|${key}`) + 0.5) / 4294967296;
  const v = (hashString(`${key}|${seed}`) + 0.5) / 4294967296;
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

const contractNoise = new Map<string, number>();

/** The fair value of a contract on a trading day (before contract noise). */
function fairValue(world: World, def: OhlcDef, c: Contract, traded: string): number {
  const m = world.market;
  const i = m.index(traded);
  const months = Math.max(0, daysBetween(traded, c.delivery) / 30.4);
  const model = def.model;
  const gasAt = (hub: 'TTF' | 'THE' | 'NBP') => {
    const base = m.ttf[i]! + 0.08 * Math.min(12, months) + overDays('gas', c.delivery, c.end, (mo) => GAS_ADD[mo]!);
    if (hub === 'TTF') return base;
    if (hub === 'THE') return base + m.theSpread[i]!;
    return base * fxPath(m, 'GBP')[i]! * 2.93 * m.nbpBasis[i]!;
  };
  switch (model.kind) {
    case 'gas':
      return gasAt(model.hub);
    case 'coal':
      return m.coal[i]! * (1 - 0.008 * Math.min(24, months));
    case 'eua':
      return m.eua[i]! * (1 + 0.03 * (months / 12));
    case 'brent':
      return m.brent[i]! * (1 - 0.006 * months);
    case 'nordic': {
      if (c.period === 'day') {
        const zones = world.cat.areas.filter((a) => a.spot === 'NordPool' && !BALTIC.includes(a.tag)).map((a) => a.tag);
        const spot = spotDays(world, zones).get(c.delivery);
        if (spot !== undefined) return spot;
      }
      return 0.95 * m.nordic[i]! * overDays('nordic', c.delivery, c.end, (mo) => NORDIC_MONTH[mo]!);
    }
    case 'power': {
      if (c.period === 'day' && !model.peak && model.currency === 'EUR') {
        const spot = spotDays(world, [model.area]).get(c.delivery);
        if (spot !== undefined) return spot;
      }
      const fuel = 0.55 * gasSrmc(gasAt('TTF'), m.eua[i]!, 0.55) + 0.45 * coalSrmc(m.coal[i]!, fxPath(m, 'USD')[i]!, m.eua[i]!, 0.42);
      const shape = overDays(model.peak ? 'peak' : 'base', c.delivery, c.end, (mo, d) => {
        const base = POWER_MONTH[mo]! * (weekday(d) >= 6 ? 0.82 : 1.07);
        return model.peak ? base * PEAK_MONTH[mo]! : base;
      });
      const fx = model.currency === 'GBP' ? fxPath(m, 'GBP')[i]! : 1;
      return 0.82 * m.powerPremium[i]! * fuel * shape * model.factor * fx;
    }
  }
}

/** Whether a contract carries open/high/low/close and volume (fronts 1-3 of the liquid periods). */
function liquid(c: Contract): boolean {
  return c.front <= 3 && (c.period === 'month' || c.period === 'quarter' || c.period === 'year' || c.period === 'mdec');
}

/**
 * The OHLC rows of one futures curve over the trading days of the history (weekdays up to the
 * anchor).
 *
 * Not split: one loop over trading days that carries each contract's previous close from day to day
 * into the same column arrays.
 *
 * @param world - The world.
 * @param def - The futures curve.
 * @returns The block.
 * @example
 * ohlcRows(world, OHLC_DEFS[0]).period[0] //=> 'day'
 */
export function ohlcRows(world: World, def: OhlcDef): OhlcBlock {
  const spec = world.cat.spec(ohlcKey(def), 'ohlc');
  const curve = spec ? spec.record.name : ohlcKey(def);
  const w = world.cat.window;
  const days = dateRange(w.historyStart, w.actualEnd).filter((d) => weekday(d) <= 5);
  const cols = {
    traded: [] as number[],
    period: [] as string[],
    delivery: [] as number[],
    open: [] as number[],
    high: [] as number[],
    low: [] as number[],
    close: [] as number[],
    settlement: [] as number[],
    volume: [] as number[],
    openInterest: [] as number[],
  };
  const seed = world.seed;
  let previous = new Map<string, number>();
  for (const traded of days) {
    const today = new Map<string, number>();
    for (const c of listedContracts(def.contracts, traded)) {
      const id = `${curve}/${c.period}/${c.delivery}`;
      const sd = c.period === 'day' || c.period === 'weekend' ? 0.01 : 0.006;
      let eta = contractNoise.get(`${seed}|${id}`);
      if (eta === undefined) {
        eta = keyedNormal(seed, id);
        if (contractNoise.size > 100_000) contractNoise.clear();
        contractNoise.set(`${seed}|${id}`, eta);
      }
      const r = createRng(seed, `${id}/${traded}`);
      const noise = sd * eta + 0.002 * r.normal();
      const s = Math.round(fairValue(world, def, c, traded) * (1 + noise) * 100) / 100;
      today.set(`${c.period}/${c.delivery}`, s);
      cols.traded.push(localMidnight(traded, 'CET'));
      cols.period.push(c.period);
      cols.delivery.push(localMidnight(c.delivery, 'CET'));
      cols.settlement.push(s);
      if (c.period === 'day') {
        cols.open.push(NaN);
        cols.high.push(NaN);
        cols.low.push(NaN);
        cols.close.push(NaN);
        cols.volume.push(NaN);
        cols.openInterest.push(NaN);
        continue;
      }
      const oi = Math.round(((30000 * (c.period === 'month' ? 1 : c.period === 'year' ? 0.8 : 0.5)) / c.front) * (1 + 0.15 * r.normal()));
      cols.openInterest.push(Math.max(500, oi));
      if (!liquid(c)) {
        cols.open.push(NaN);
        cols.high.push(NaN);
        cols.low.push(NaN);
        cols.close.push(NaN);
        cols.volume.push(NaN);
        continue;
      }
      const prev = previous.get(`${c.period}/${c.delivery}`) ?? s;
      const open = Math.round(prev * (1 + 0.004 * r.normal()) * 100) / 100;
      const close = Math.round(s * (1 + 0.0015 * r.normal()) * 100) / 100;
      cols.open.push(open);
      cols.close.push(close);
      cols.high.push(Math.round(Math.max(open, close, s) * (1 + Math.abs(0.005 * r.normal())) * 100) / 100);
      cols.low.push(Math.round(Math.min(open, close, s) * (1 - Math.abs(0.005 * r.normal())) * 100) / 100);
      const base = c.period === 'month' ? 1500 : c.period === 'quarter' ? 600 : 400;
      cols.volume.push(Math.round(Math.min(5000, Math.max(50, (base / c.front) * Math.exp(0.5 * r.normal())))));
    }
    previous = today;
  }
  const f = (a: number[]) => Float64Array.from(a);
  return {
    curve,
    traded: f(cols.traded),
    period: cols.period,
    delivery: f(cols.delivery),
    open: f(cols.open),
    high: f(cols.high),
    low: f(cols.low),
    close: f(cols.close),
    settlement: f(cols.settlement),
    volume: f(cols.volume),
    openInterest: f(cols.openInterest),
  };
}

/**
 * The FOREX curves: one rate per TARGET working day over the history (units per EUR).
 *
 * @param world - The world.
 * @returns Series blocks.
 * @example
 * forexSeries(world)[0].curve //=> 'Currency Rate EUR-USD USD/EUR ECB D Forex'
 */
export function forexSeries(world: World): SeriesBlock[] {
  const w = world.cat.window;
  const days = dateRange(w.historyStart, w.actualEnd).filter(isTargetDay);
  const times = Float64Array.from(days, (d) => localMidnight(d, 'CET'));
  return world.cat.fx.map((fx) => {
    const spec = world.cat.spec(`fx:${fx.currency}`, 'forex');
    const path = fxPath(world.market, fx.currency);
    const decimals = fx.centre > 100 ? 2 : 4;
    const f = 10 ** decimals;
    const values = Float64Array.from(days, (d) => Math.round(path[world.market.index(d)]! * f) / f);
    return { curve: spec ? spec.record.name : fx.currency, issued: null, tag: null, times, values, scenarios: [], scenarioNames: [] };
  });
}
