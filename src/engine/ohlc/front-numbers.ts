/**
 * Front numbering of listed contracts per trading day (docs/semantics.md#ohlc).
 *
 * @module
 */

/**
 * The front number of every OHLC row on its trading day. Within one trading day and period,
 * contracts are ordered by delivery start and only those whose delivery starts after the trading
 * day are counted: front 1 is the nearest (M+1 for months, the next day for day contracts).
 * A contract already in delivery on that day gets front 0 (the latest one that started) and
 * older ones none (`-1`). Periods compare case-insensitively; rows may come in any order.
 *
 * @param traded - Trading day of each row, epoch ms of local midnight.
 * @param period - Contract period tag of each row.
 * @param delivery - Delivery start of each row, epoch ms of local midnight (same zone).
 * @returns One front per row (`-1` = none).
 * @example
 * // traded 2024-02-01: the February month is in delivery (0), March is front 1, April front 2
 * frontNumbers(Float64Array.of(feb1, feb1, feb1), ['month', 'month', 'month'], Float64Array.of(feb1, mar1, apr1))
 * //=> Int32Array [0, 1, 2]
 */
export function frontNumbers(traded: Float64Array, period: readonly string[], delivery: Float64Array): Int32Array {
  const n = traded.length;
  const tag = tagRanks(period);
  // The stores return rows in this order already: then one check replaces the sort.
  const order = orderBy(traded, tag, delivery);
  const out = new Int32Array(n).fill(-1);
  let g = 0;
  while (g < n) {
    const first = order === null ? g : order[g]!;
    const day = traded[first]!;
    const rank = tag[first]!;
    let front = 0;
    let started = -1;
    let h = g;
    for (; h < n; h++) {
      const i = order === null ? h : order[h]!;
      if (traded[i] !== day || tag[i] !== rank) break;
      if (delivery[i]! > day) out[i] = ++front;
      else started = i;
    }
    if (started >= 0) out[started] = 0;
    g = h;
  }
  return out;
}

/**
 * The order OHLC rows are read in (docs/semantics.md#ohlc): by trading day, then period tag
 * (case-insensitively, in text order), then delivery start; the order of the stores' reads.
 *
 * @param traded - Trading day of each row.
 * @param period - Contract period tag of each row.
 * @param delivery - Delivery start of each row.
 * @returns Null when the rows are in that order already (one pass), else the row indices in that order.
 * @example
 * tradeOrder(Float64Array.of(d1, d1), ['week', 'MONTH'], Float64Array.of(w2, m2)) //=> Int32Array [1, 0]
 * tradeOrder(Float64Array.of(d1, d2), ['week', 'week'], Float64Array.of(w2, w3)) //=> null
 */
export function tradeOrder(traded: Float64Array, period: readonly string[], delivery: Float64Array): Int32Array | null {
  return orderBy(traded, tagRanks(period), delivery);
}

/** {@link tradeOrder} with the tags as their ranks (from `tagRanks`). */
function orderBy(traded: Float64Array, tag: Int32Array, delivery: Float64Array): Int32Array | null {
  const n = traded.length;
  const compare = (a: number, b: number) => traded[a]! - traded[b]! || tag[a]! - tag[b]! || delivery[a]! - delivery[b]!;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = compare(i - 1, i) <= 0;
  return sorted ? null : Int32Array.from(Array.from({ length: n }, (_, i) => i).sort(compare));
}

/**
 * Which contract a continuous or specific series follows: a period plus a front number, or a
 * period plus a delivery start.
 *
 * @example
 * const choice: ContractChoice = { period: 'month', front: 1 };
 * selectContract(['month', 'month'], Float64Array.of(mar1, apr1), Int32Array.of(1, 2), choice) //=> Int32Array [0]
 */
export interface ContractChoice {
  /** The period tag (case-insensitive). */
  readonly period: string;
  /** Front number (continuous contract, re-rolled each trading day). */
  readonly front?: number;
  /** Delivery start, epoch ms (specific contract). */
  readonly delivery?: number;
}

/**
 * The rows of one contract: the given front on each trading day (continuous) or the given
 * delivery (specific), in row order.
 *
 * @param period - Contract period tag of each row.
 * @param delivery - Delivery start of each row.
 * @param fronts - Front number of each row (see {@link frontNumbers}).
 * @param choice - The contract.
 * @returns Indices of the matching rows, ascending.
 * @example
 * selectContract(['month', 'month'], Float64Array.of(mar1, apr1), Int32Array.of(1, 2), { period: 'month', front: 2 })
 * //=> Int32Array [1]
 */
export function selectContract(period: readonly string[], delivery: Float64Array, fronts: Int32Array, choice: ContractChoice): Int32Array {
  const tag = choice.period.toLowerCase();
  const out: number[] = [];
  for (let i = 0; i < period.length; i++) {
    if (period[i]!.toLowerCase() !== tag) continue;
    if (choice.front !== undefined ? fronts[i] === choice.front : delivery[i] === choice.delivery) out.push(i);
  }
  return Int32Array.from(out);
}

/**
 * The entries of a column at some row indices (the rows {@link selectContract} picked).
 *
 * @param column - The column.
 * @param indices - Row indices.
 * @returns A new column with `column[indices[k]]` at `k`.
 * @example
 * pickRows(Float64Array.of(1, 2, 3), Int32Array.of(2, 0)) //=> Float64Array [3, 1]
 */
export function pickRows(column: Float64Array, indices: Int32Array): Float64Array {
  const out = new Float64Array(indices.length);
  for (let k = 0; k < indices.length; k++) out[k] = column[indices[k]!]!;
  return out;
}

/**
 * The rank of each row's period tag among the distinct lower-cased tags in text order (so that
 * comparing ranks compares the tags case-insensitively), each distinct tag lower-cased once.
 */
function tagRanks(period: readonly string[]): Int32Array {
  const byTag = new Map<string, number>();
  const lowers: string[] = [];
  const out = new Int32Array(period.length);
  let last: string | undefined;
  let code = -1;
  for (let i = 0; i < period.length; i++) {
    const p = period[i]!;
    if (p !== last) {
      let known = byTag.get(p);
      if (known === undefined) {
        const low = p.toLowerCase();
        known = lowers.indexOf(low);
        if (known < 0) known = lowers.push(low) - 1;
        byTag.set(p, known);
      }
      last = p;
      code = known;
    }
    out[i] = code;
  }
  const order = lowers.map((_, k) => k).sort((a, b) => (lowers[a]! < lowers[b]! ? -1 : lowers[a]! > lowers[b]! ? 1 : 0));
  const rank = new Int32Array(lowers.length);
  order.forEach((k, r) => {
    rank[k] = r;
  });
  for (let i = 0; i < out.length; i++) out[i] = rank[out[i]!]!;
  return out;
}
