/**
 * The contract of an OHLC-derived series: continuous (front) or specific (delivery date).
 *
 * @module
 */
import { ContinuousContract } from './continuous-contract';
import { SpecificContract } from './specific-contract';

/**
 * Either kind of contract; tell them apart with `isContinuous()` / `isSpecific()`.
 *
 * @example
 * const c: Contract = new ContinuousContract({ period: ContractPeriod.MONTH, front: 1 });
 * c.isContinuous() //=> true
 */
export type Contract = ContinuousContract | SpecificContract;

/**
 * Tells whether a value is a contract of either kind (brand check).
 *
 * @param value - Anything.
 * @returns True for a ContinuousContract or SpecificContract.
 * @example
 * isContract(new ContinuousContract({ period: ContractPeriod.MONTH, front: 1 })) //=> true
 * isContract({ type: 'CONTINUOUS' }) //=> false
 */
export function isContract(value: unknown): value is Contract {
  return ContinuousContract.isContinuousContract(value) || SpecificContract.isSpecificContract(value);
}
