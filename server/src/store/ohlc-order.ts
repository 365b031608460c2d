/**
 * OHLC rows in the order every read returns them: by trading day, then period tag
 * (case-insensitively), then delivery start (`tradeOrder` of the engine, docs/semantics.md#ohlc).
 * The embedded store writes each import's rows in that order, so that a read finds them in it
 * with one check instead of a sort in the query (docs/performance.md#ohlc-order).
 *
 * @module
 */
import { pickRows, tradeOrder } from 'service/engine';
import type { OhlcBlock } from './types';

/** The number columns of a block, moved together with its `period`. */
const NUMBER_COLUMNS = ['traded', 'delivery', 'open', 'high', 'low', 'close', 'settlement', 'volume', 'openInterest'] as const;

/**
 * A block with its rows in read order.
 *
 * @param block - The rows, in any order.
 * @returns The block itself when its rows are in read order (`moved` false), else a copy in that order.
 * @example
 * inTradeOrder(block).block.traded //=> Float64Array [day1, day1, day2]
 */
export function inTradeOrder(block: OhlcBlock): { block: OhlcBlock; moved: boolean } {
  const order = tradeOrder(block.traded, block.period, block.delivery);
  if (order === null) return { block, moved: false };
  const out: OhlcBlock = { ...block, period: Array.from(order, (i) => block.period[i]!) };
  for (const key of NUMBER_COLUMNS) out[key] = pickRows(block[key], order);
  return { block: out, moved: true };
}
