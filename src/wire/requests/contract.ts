// The contract choice shared by OHLC and SRMC requests: a period plus a front or a delivery.

import type { ContractPeriod, ContractPeriodTag } from '../../model';
import type { QueryBuilder } from '../encode';
import { CONTRACT_PERIOD, DATE, integer, optionalParam, requiredParam, type DateTimeInput } from '../params';

/** A continuous front contract: period and front number. */
export interface FrontContractOptions {
  /** Contract period, e.g. `ContractPeriod.MONTH` or `'month'`, required. */
  period: ContractPeriod | ContractPeriodTag;
  /** Front number: 1 = the nearest contract, 2 = the next, ... (OHLC also takes 0), required. */
  front: number;
}

/** A specific contract: period and delivery date. */
export interface DeliveryContractOptions {
  /** Contract period, e.g. `'month'`, required. */
  period: ContractPeriod | ContractPeriodTag;
  /** First day of delivery, e.g. `'2020-06-01'`, required. */
  delivery: DateTimeInput;
}

/** `period` as a required parameter. */
export const PERIOD = requiredParam('period', CONTRACT_PERIOD);
/** `period` as an optional filter (`ohlc.load`). */
export const PERIOD_FILTER = optionalParam('period', CONTRACT_PERIOD);
/** `front` of OHLC requests: 0 or more. */
export const OHLC_FRONT = optionalParam('front', integer({ min: 0 }));
/** `front` of SRMC requests: 1 or more. */
export const SRMC_FRONT = optionalParam('front', integer({ min: 1 }));
/** `delivery` of OHLC and SRMC requests: a date. */
export const DELIVERY_DATE = optionalParam('delivery', DATE);
const FRONT_REQUIRED = { ohlc: requiredParam('front', integer({ min: 0 })), srmc: requiredParam('front', integer({ min: 1 })) };
const DELIVERY_REQUIRED = requiredParam('delivery', DATE);

/**
 * Appends `period` and `front` (both required; `front` ≥ 0 for OHLC, ≥ 1 for SRMC).
 *
 * @param query - The query being built.
 * @param options - `period` and `front`.
 * @param section - `'ohlc'` or `'srmc'` (decides the lower bound of `front`).
 * @returns The same query.
 * @throws {ValidationError} When either is missing or invalid.
 * @example
 * encodeFrontContract(new QueryBuilder(), { period: 'month', front: 1 }, 'srmc').toString()
 * //=> 'period=month&front=1'
 */
export function encodeFrontContract(query: QueryBuilder, options: Partial<FrontContractOptions>, section: 'ohlc' | 'srmc'): QueryBuilder {
  return query.put(PERIOD, options.period).put(FRONT_REQUIRED[section], options.front);
}

/**
 * Appends `period` and `delivery` (both required).
 *
 * @param query - The query being built.
 * @param options - `period` and `delivery`.
 * @returns The same query.
 * @throws {ValidationError} When either is missing or invalid.
 * @example
 * encodeDeliveryContract(new QueryBuilder(), { period: 'month', delivery: '2021-03-01' }).toString()
 * //=> 'period=month&delivery=2021-03-01'
 */
export function encodeDeliveryContract(query: QueryBuilder, options: Partial<DeliveryContractOptions>): QueryBuilder {
  return query.put(PERIOD, options.period).put(DELIVERY_REQUIRED, options.delivery);
}
