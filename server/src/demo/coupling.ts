/**
 * A simplified day-ahead market coupling: each area's own merit-order price sets how power
 * flows over its borders (from cheap to dear, up to the available capacity); the flows change
 * what each area's plants must produce, which sets the final prices; prices then converge across
 * uncongested borders. Per hour at most one direction of a border carries a schedule.
 */
import type { BorderSpec } from './borders';
import { dispatch, pumpedGeneration, type AreaState } from './dispatch';
import type { FuelKey } from './fuels';
import { ar1, createRng } from './prng';

/** The coupled market result, hourly. */
export interface CoupledMarket {
  /** Final spot price per area, EUR/MWh, rounded to cents, within [-500, 4000]. */
  price: Map<string, Float64Array>;
  /** Scheduled flow per direction key `A>B`, MW (never negative). */
  flow: Map<string, Float64Array>;
  /** Imports minus exports per area, MW. */
  netImport: Map<string, Float64Array>;
  /** Production per area and fleet, MW. */
  prod: Map<string, Partial<Record<FuelKey, Float64Array>>>;
}

/**
 * Couples the areas.
 *
 * Not split: the market-coupling model's steps (isolated prices, raw flows, bounds, netting,
 * re-dispatch) pass large per-hour arrays from one to the next; the steps are marked by comments.
 *
 * @param seed - Dataset seed (price noise).
 * @param states - Hourly inputs per area.
 * @param borders - Undirected borders between them.
 * @param ntc - Available capacity per direction key, MW per hour.
 * @returns Prices, flows, net imports and production.
 * @example
 * coupleMarkets(1, states, bordersOf('small'), ntc).price.get('DE')?.length //~> 2664
 */
export function coupleMarkets(
  seed: number,
  states: Map<string, AreaState>,
  borders: readonly BorderSpec[],
  ntc: Map<string, Float64Array>,
): CoupledMarket {
  const first = new Map<string, ReturnType<typeof dispatch>>();
  for (const [tag, s] of states) first.set(tag, dispatch(s, null, false));
  const n = [...states.values()][0]!.load.length;
  // raw flows from the isolated prices, from cheap to dear, up to the available capacity
  const raw = borders.map((b) => {
    const pa = (first.get(b.a) as ReturnType<typeof dispatch>).price;
    const pb = (first.get(b.b) as ReturnType<typeof dispatch>).price;
    const capAB = ntc.get(`${b.a}>${b.b}`) as Float64Array;
    const capBA = ntc.get(`${b.b}>${b.a}`) as Float64Array;
    const f = new Float64Array(n);
    for (let h = 0; h < n; h++) {
      const d = pb[h]! - pa[h]!;
      f[h] = d >= 0 ? capAB[h]! * Math.tanh(d / 15) : -capBA[h]! * Math.tanh(-d / 15);
    }
    return f;
  });
  // bound each area's net exports by its spare capacity and net imports by its residual demand
  const scaleOut = new Map<string, Float64Array>();
  const scaleIn = new Map<string, Float64Array>();
  for (const tag of states.keys()) {
    const exp = new Float64Array(n);
    const imp = new Float64Array(n);
    borders.forEach((b, i) => {
      if (b.a !== tag && b.b !== tag) return;
      const sign = b.a === tag ? 1 : -1;
      for (let h = 0; h < n; h++) {
        const f = sign * raw[i]![h]!;
        if (f > 0) exp[h]! += f;
        else imp[h]! -= f;
      }
    });
    const r = first.get(tag) as ReturnType<typeof dispatch>;
    const so = new Float64Array(n);
    const si = new Float64Array(n);
    for (let h = 0; h < n; h++) {
      const net = exp[h]! - imp[h]!;
      so[h] = net > r.exportRoom[h]! ? Math.max(0, (r.exportRoom[h]! + imp[h]!) / exp[h]!) : 1;
      si[h] = -net > r.importRoom[h]! ? Math.max(0, (r.importRoom[h]! + exp[h]!) / imp[h]!) : 1;
    }
    scaleOut.set(tag, so);
    scaleIn.set(tag, si);
  }
  const flow = new Map<string, Float64Array>();
  const netImport = new Map<string, Float64Array>();
  for (const tag of states.keys()) netImport.set(tag, new Float64Array(n));
  borders.forEach((b, i) => {
    const ab = new Float64Array(n);
    const ba = new Float64Array(n);
    const niA = netImport.get(b.a) as Float64Array;
    const niB = netImport.get(b.b) as Float64Array;
    const oa = scaleOut.get(b.a) as Float64Array;
    const ia = scaleIn.get(b.a) as Float64Array;
    const ob = scaleOut.get(b.b) as Float64Array;
    const ib = scaleIn.get(b.b) as Float64Array;
    for (let h = 0; h < n; h++) {
      const f = raw[i]![h]!;
      const k = f >= 0 ? Math.min(oa[h]!, ib[h]!) : Math.min(ob[h]!, ia[h]!);
      const v = Math.round(Math.abs(f) * Math.min(1, k) * 10) / 10;
      if (f >= 0) ab[h] = v;
      else ba[h] = v;
      const signed = f >= 0 ? v : -v;
      niA[h]! -= signed;
      niB[h]! += signed;
    }
    flow.set(`${b.a}>${b.b}`, ab);
    flow.set(`${b.b}>${b.a}`, ba);
  });
  const second = new Map<string, Float64Array>();
  const prod = new Map<string, Partial<Record<FuelKey, Float64Array>>>();
  for (const [tag, s] of states) {
    const r = dispatch(s, netImport.get(tag) as Float64Array, true);
    second.set(tag, r.price);
    prod.set(tag, r.prod);
  }
  // convergence over uncongested borders (one Jacobi step from the second-pass prices)
  const price = new Map<string, Float64Array>();
  for (const [tag, s] of states) {
    const own = second.get(tag) as Float64Array;
    const out = Float64Array.from(own);
    const mine = borders.filter((b) => b.a === tag || b.b === tag);
    const totalCap = mine.reduce((sum, b) => sum + b.capacity, 0);
    for (const b of mine) {
      const other = b.a === tag ? b.b : b.a;
      const po = second.get(other) as Float64Array;
      const fOut = flow.get(`${tag}>${other}`) as Float64Array;
      const fIn = flow.get(`${other}>${tag}`) as Float64Array;
      const cOut = ntc.get(`${tag}>${other}`) as Float64Array;
      const cIn = ntc.get(`${other}>${tag}`) as Float64Array;
      const weight = (0.8 * b.capacity) / (s.area.consumption.mean + totalCap);
      for (let h = 0; h < n; h++) {
        const used = fOut[h]! > 0 ? fOut[h]! / Math.max(1, cOut[h]!) : fIn[h]! / Math.max(1, cIn[h]!);
        out[h]! += weight * (po[h]! - own[h]!) * (1 - Math.min(1, used));
      }
    }
    const noise = ar1(createRng(seed, `price-noise/${tag}`), n, 0.9, 0.035);
    for (let h = 0; h < n; h++) {
      const p = out[h]! >= 0 ? out[h]! * (1 + noise[h]!) : out[h]! + 3 * noise[h]!;
      out[h] = Math.round(Math.min(4000, Math.max(-500, p)) * 100) / 100;
    }
    price.set(tag, out);
    const pumped = s.avail.pumped;
    if (pumped) (prod.get(tag) as Partial<Record<FuelKey, Float64Array>>).pumped = pumpedGeneration(out, pumped);
  }
  return { price, flow, netImport, prod };
}
