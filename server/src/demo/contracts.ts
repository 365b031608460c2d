/**
 * Futures contracts listed on a trading day (docs/semantics.md#ohlc): for each period type the
 * contracts whose delivery starts after the trading day, front 1 being the nearest.
 */
import { addDays, addMonths, weekday } from './demo-time';
import type { ContractPeriod } from './market-defs';

/** A listed contract: period type, front and delivery start and end (dates, end exclusive). */
export interface Contract {
  period: ContractPeriod;
  front: number;
  delivery: string;
  end: string;
}

function firstAfter(period: ContractPeriod, d: string): string {
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(5, 7));
  switch (period) {
    case 'day':
      return addDays(d, 1);
    case 'weekend':
      return addDays(d, (6 - weekday(d) + 7) % 7 || 7);
    case 'week':
      return addDays(d, (8 - weekday(d)) % 7 || 7);
    case 'month':
      return addMonths(`${d.slice(0, 7)}-01`, 1);
    case 'quarter':
      return addMonths(`${y}-${String(m - ((m - 1) % 3)).padStart(2, '0')}-01`, 3);
    case 'season':
      return d < `${y}-04-01` ? `${y}-04-01` : d < `${y}-10-01` ? `${y}-10-01` : `${y + 1}-04-01`;
    case 'year':
      return `${y + 1}-01-01`;
    case 'mdec':
      return d < `${y}-12-01` ? `${y}-12-01` : `${y + 1}-12-01`;
  }
}

/**
 * The delivery start of a front.
 *
 * @param period - Period type.
 * @param traded - Trading day, `YYYY-MM-DD`.
 * @param front - 1 = nearest.
 * @returns Delivery start and end (exclusive).
 * @example
 * frontDelivery('mdec', '2024-12-01', 1) //=> { delivery: '2025-12-01', end: '2026-01-01' }
 */
export function frontDelivery(period: ContractPeriod, traded: string, front: number): { delivery: string; end: string } {
  const first = firstAfter(period, traded);
  const k = front - 1;
  switch (period) {
    case 'day':
      return { delivery: addDays(first, k), end: addDays(first, k + 1) };
    case 'weekend':
      return { delivery: addDays(first, 7 * k), end: addDays(first, 7 * k + 2) };
    case 'week':
      return { delivery: addDays(first, 7 * k), end: addDays(first, 7 * k + 7) };
    case 'month':
      return { delivery: addMonths(first, k), end: addMonths(first, k + 1) };
    case 'quarter':
      return { delivery: addMonths(first, 3 * k), end: addMonths(first, 3 * k + 3) };
    case 'season':
      return { delivery: addMonths(first, 6 * k), end: addMonths(first, 6 * k + 6) };
    case 'year':
      return { delivery: addMonths(first, 12 * k), end: addMonths(first, 12 * k + 12) };
    case 'mdec':
      return { delivery: addMonths(first, 12 * k), end: addMonths(first, 12 * k + 1) };
  }
}

/**
 * Every contract of a curve listed on a trading day, in the order of the curve's contract list.
 *
 * @param contracts - `[period, fronts]` pairs.
 * @param traded - Trading day.
 * @returns Contracts.
 * @example
 * listedContracts([['month', 2]], '2024-01-15').map((c) => c.delivery) //=> ['2024-02-01', '2024-03-01']
 */
export function listedContracts(contracts: readonly [ContractPeriod, number][], traded: string): Contract[] {
  let perList = listCache.get(contracts);
  if (!perList) {
    perList = new Map();
    listCache.set(contracts, perList);
  }
  const hit = perList.get(traded);
  if (hit) return hit;
  const out: Contract[] = [];
  for (const [period, fronts] of contracts) {
    for (let front = 1; front <= fronts; front++) out.push({ period, front, ...frontDelivery(period, traded, front) });
  }
  if (perList.size > 5000) perList.clear();
  perList.set(traded, out);
  return out;
}

const listCache = new WeakMap<readonly [ContractPeriod, number][], Map<string, Contract[]>>();
