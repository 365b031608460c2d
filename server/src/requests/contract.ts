/**
 * The service's decoding of the `contract` queries: the request parameters read back into typed
 * queries with the parameter descriptors the client's encoders share (`#wire`,
 * src/wire/requests/contract.ts); only the service decodes, so the decoders live in the server package.
 *
 * @module
 */
import { ValidationError } from 'service/exceptions';
import type { ContractPeriod } from 'service/model';
import { DELIVERY_DATE, type OHLC_FRONT, PERIOD, type QueryValues } from '#wire';

/** A contract choice as the service reads it: exactly one of `front` and `delivery`. */
export interface ContractQuery {
  /** The contract period. */
  period: ContractPeriod;
  /** Front number, for a continuous contract. */
  front?: number;
  /** Delivery date `YYYY-MM-DD`, for a specific contract. */
  delivery?: string;
}

/**
 * Reads `period` and exactly one of `front` / `delivery` on the service (the two contract
 * kinds share one path).
 *
 * @param query - The request's query values.
 * @param front - The `front` descriptor (OHLC: ≥ 0, SRMC: ≥ 1).
 * @returns The contract choice.
 * @throws {ValidationError} When `period` is missing or invalid, or not exactly one of `front` and `delivery` is given.
 * @example
 * decodeContract(QueryValues.from('period=month&front=1'), OHLC_FRONT).front
 * //=> 1
 */
export function decodeContract(query: QueryValues, front: typeof OHLC_FRONT): ContractQuery {
  const period = PERIOD.decode(query);
  const number = front.decode(query);
  const delivery = DELIVERY_DATE.decode(query);
  if ((number === undefined) === (delivery === undefined)) {
    throw new ValidationError("Exactly one of the following fields must be set: 'front', 'delivery'", 'front');
  }
  return number !== undefined ? { period, front: number } : { period, delivery };
}
