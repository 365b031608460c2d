/**
 * Merit-order dispatch of one area, hour by hour: must-run generation (minimum load, CHP,
 * run-of-river inflow) runs first; the residual demand is met by the cheapest available blocks,
 * whose costs follow the fuel and carbon paths (coal and gas SRMC with a spread of plant
 * efficiencies, water values for hydro). The marginal block sets the price; demand below the
 * must-run gives negative prices, demand near the top of the stack gives scarcity prices.
 */
import type { AreaProfile } from './area-profiles';
import { FUELS, type FuelKey } from './fuels';
import { coalSrmc, gasSrmc } from './market-paths';

/** Daily fuel and carbon prices an area's costs depend on. */
export interface DayPrices {
  ttf: number;
  eua: number;
  coal: number;
  usd: number;
  brent: number;
  /** Nordic price level (about 42). */
  nordic: number;
  /** Fractional day of year. */
  doy: number;
}

/** One block of the merit order: part of a fleet's flexible capacity, or a fixed block. */
export interface Block {
  fuel: FuelKey | null;
  /** Share of the fleet's flexible capacity (fleet blocks) or MW (fixed blocks). */
  size: number;
  cost: number;
}

/** The hourly inputs of an area. */
export interface AreaState {
  area: AreaProfile;
  load: Float64Array;
  wind: Float64Array;
  solar: Float64Array;
  /** Available MW per fleet per hour (true outages). */
  avail: Partial<Record<FuelKey, Float64Array>>;
  /** Run-of-river inflow share per hour. */
  inflow: Float64Array;
  /** Merit order per UTC day, sorted by cost. */
  blocks: Block[][];
}

const SPREAD4 = [0.92, 0.98, 1.04, 1.12];

/**
 * The merit-order blocks of an area on one day, sorted by cost.
 *
 * @param area - The area.
 * @param p - That day's prices.
 * @returns Blocks (fleet blocks split each fleet's flexible capacity in four).
 * @example
 * dayBlocks(AREA_PROFILES[0], { ttf: 36, eua: 70, coal: 108, usd: 1.08, brent: 75, nordic: 42, doy: 100 })[0].cost //=> 0
 */
export function dayBlocks(area: AreaProfile, p: DayPrices): Block[] {
  const blocks: Block[] = [];
  const gas = (eff: number) => gasSrmc(p.ttf, p.eua, eff);
  const water =
    area.waterValue !== null
      ? area.waterValue * (p.nordic / 42) * (1 + 0.15 * Math.cos((2 * Math.PI * (p.doy - 120)) / 365.25))
      : gas(0.53);
  for (const fuel of Object.keys(area.fleets) as FuelKey[]) {
    let costs: number[];
    switch (fuel) {
      case 'nuclear':
        costs = [18, 30, 42, 55];
        break;
      case 'lignite':
        costs = SPREAD4.map((k) => (4 + 1.02 * p.eua) * k);
        break;
      case 'hardcoal':
        costs = [0.46, 0.43, 0.4, 0.37].map((e) => coalSrmc(p.coal, p.usd, p.eua, e));
        break;
      case 'gas':
        costs = [0.6, 0.56, 0.51, 0.45].map(gas);
        break;
      case 'biomass':
        costs = [40, 55, 70, 90];
        break;
      case 'oil':
        costs =
          area.tag === 'EE'
            ? SPREAD4.map((k) => (18 + 1.05 * p.eua) * k)
            : [0.4, 0.38, 0.36, 0.34].map((e) => ((p.brent / p.usd) * 0.59 + 0.27 * p.eua) / e);
        break;
      case 'waste':
        costs = [0, 5, 10, 15];
        break;
      case 'other':
        costs = [60, 75, 90, 110];
        break;
      case 'reservoir':
        costs = [0.88, 0.96, 1.04, 1.12].map((k) => water * k);
        break;
      default:
        costs = [];
    }
    for (const cost of costs) blocks.push({ fuel, size: 0.25, cost });
  }
  const mean = area.consumption.mean;
  blocks.push({ fuel: null, size: 0.03 * mean, cost: 0 }, { fuel: null, size: 0.03 * mean, cost: 25 });
  blocks.push({ fuel: null, size: area.peaker * 0.6, cost: gas(0.36) }, { fuel: null, size: area.peaker * 0.4, cost: gas(0.36) * 1.5 });
  return blocks.sort((a, b) => a.cost - b.cost);
}

/**
 * The price when must-run and renewable output exceed demand: storage, pumping, exports and
 * curtailment absorb the surplus at prices a little above zero, then slightly negative; only a
 * surplus beyond all sinks pushes prices deep below zero (floor -500).
 *
 * @param surplus - MW of must-run and renewables above demand.
 * @param sinks - MW the sinks absorb (pumps, storage, flexible demand).
 * @param mean - Mean load of the area, MW.
 * @returns EUR/MWh.
 * @example
 * surplusPrice(0, 1000, 50000) //=> 5
 */
function surplusPrice(surplus: number, sinks: number, mean: number): number {
  const k = Math.max(1, sinks);
  if (surplus < 0.4 * k) return 5 * (1 - surplus / (0.4 * k));
  if (surplus <= k) return -12 * ((surplus - 0.4 * k) / (0.6 * k)) ** 1.5;
  return Math.max(-500, -12 - 60 * ((surplus - k) / (0.4 * mean)) ** 1.5);
}

/** Prices and (optionally) production per fleet of an area. */
export interface DispatchResult {
  price: Float64Array;
  prod: Partial<Record<FuelKey, Float64Array>>;
  /** MW the area could export per hour before its dearest plants run. */
  exportRoom: Float64Array;
  /** MW the area could import per hour without pushing its own must-run below demand. */
  importRoom: Float64Array;
}

/**
 * Dispatches an area for every hour.
 *
 * Not split: the hourly merit-order loop is the hot path of the demo's world; it keeps its per-fuel
 * buffers in locals for speed.
 *
 * @param s - The area's inputs.
 * @param netImport - MW imported per hour (reduces the demand on the area's own plants), or null.
 * @param withProduction - Also compute production per fleet.
 * @returns Prices (EUR/MWh, before market noise) and production (MW).
 * @example
 * dispatch(world.areas.get('DE').state, null, false).price[0] //~> 84.2
 */
export function dispatch(s: AreaState, netImport: Float64Array | null, withProduction: boolean): DispatchResult {
  const n = s.load.length;
  const area = s.area;
  const fuels = Object.keys(area.fleets).filter((f) => f !== 'pumped') as FuelKey[];
  const price = new Float64Array(n);
  const exportRoom = new Float64Array(n);
  const importRoom = new Float64Array(n);
  const prod: Partial<Record<FuelKey, Float64Array>> = {};
  if (withProduction) for (const f of fuels) prod[f] = new Float64Array(n);
  const mean = area.consumption.mean;
  const mr = new Float64Array(fuels.length);
  const flex = new Float64Array(fuels.length);
  const avail = fuels.map((f) => s.avail[f]!);
  const mustShare = fuels.map((f) => FUELS[f].mustRun);
  const isRor = fuels.map((f) => f === 'ror');
  const out = fuels.map((f) => (withProduction ? prod[f]! : null));
  const fuelIndex = new Map(fuels.map((f, i) => [f, i]));
  const pumped = s.avail.pumped ?? null;
  const reservoir = s.avail.reservoir ?? null;
  const sinkBase = 0.35 * mean;
  let blocks: Block[] = [];
  let blockFuel = new Int32Array(0);
  let currentDay = -1;
  for (let h = 0; h < n; h++) {
    const day = Math.min(Math.floor(h / 24), s.blocks.length - 1);
    if (day !== currentDay) {
      currentDay = day;
      blocks = s.blocks[day] ?? [];
      blockFuel = Int32Array.from(blocks, (b) => (b.fuel === null ? -1 : (fuelIndex.get(b.fuel) ?? -1)));
    }
    let mustRun = area.mustRun;
    for (let i = 0; i < fuels.length; i++) {
      const a = avail[i]![h]!;
      const share = isRor[i] ? s.inflow[h]! : mustShare[i]!;
      mr[i] = a * share;
      mustRun += mr[i]!;
      flex[i] = a - mr[i]!;
    }
    const demand = s.load[h]! - s.wind[h]! - s.solar[h]! - (netImport ? netImport[h]! : 0);
    const r = demand - mustRun;
    const sinks = sinkBase + (pumped ? pumped[h]! : 0) + (reservoir ? 0.25 * reservoir[h]! : 0);
    let cheapCap = 0;
    for (let k = 0; k < blocks.length; k++) {
      if (blocks[k]!.cost >= 150) break;
      const fi = blockFuel[k]!;
      cheapCap += fi < 0 ? blocks[k]!.size : blocks[k]!.size * flex[fi]!;
    }
    exportRoom[h] = Math.max(0, 0.9 * cheapCap - r);
    importRoom[h] = Math.max(0, r) + 0.5 * sinks;
    if (r <= 0) {
      price[h] = surplusPrice(-r, sinks, mean);
      if (withProduction) {
        const scale = Math.min(1, Math.max(0.7, demand / Math.max(1, mustRun)));
        for (let i = 0; i < fuels.length; i++) out[i]![h] = mr[i]! * scale;
      }
      continue;
    }
    let cum = 0;
    let p = NaN;
    for (let k = 0; k < blocks.length; k++) {
      const b = blocks[k]!;
      const fi = blockFuel[k]!;
      const cap = fi < 0 ? b.size : b.size * flex[fi]!;
      if (cap <= 0) continue;
      if (withProduction && fi >= 0) out[fi]![h]! += Math.min(cap, r - cum);
      if (cum + cap >= r) {
        const x = (r - cum) / cap;
        const next = k + 1 < blocks.length ? blocks[k + 1]!.cost : b.cost;
        p = b.cost + (next - b.cost) * x * x * x;
        break;
      }
      cum += cap;
    }
    if (Number.isNaN(p)) {
      const top = blocks[blocks.length - 1]!.cost;
      p = Math.min(4000, top + 500 * ((r - cum) / (0.05 * mean)) ** 2);
    }
    price[h] = p;
    if (withProduction) for (let i = 0; i < fuels.length; i++) out[i]![h]! += mr[i]!;
  }
  return { price, prod, exportRoom, importRoom };
}

/**
 * Pumped-storage generation: the available turbines run in the dearest hours of each day.
 *
 * @param price - Hourly prices.
 * @param avail - Available MW per hour.
 * @returns MW per hour.
 * @example
 * Array.from(pumpedGeneration(new Float64Array(24).fill(50), new Float64Array(24).fill(100))).every((x) => x === 0) //=> true
 */
export function pumpedGeneration(price: Float64Array, avail: Float64Array): Float64Array {
  const out = new Float64Array(price.length);
  for (let d = 0; d * 24 < price.length; d++) {
    const a = d * 24;
    const b = Math.min(price.length, a + 24);
    let sum = 0;
    let sq = 0;
    for (let h = a; h < b; h++) {
      sum += price[h]!;
      sq += price[h]! * price[h]!;
    }
    const mu = sum / (b - a);
    const sd = Math.sqrt(Math.max(0, sq / (b - a) - mu * mu));
    for (let h = a; h < b; h++) {
      const x = (price[h]! - mu - 0.3 * sd) / (1.2 * sd + 5);
      out[h] = avail[h]! * Math.min(1, Math.max(0, x));
    }
  }
  return out;
}
