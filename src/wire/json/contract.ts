/**
 * Contract JSON of OHLC-derived series and SRMC results (docs/protocol.md#timeseries-json, docs/protocol.md#contract-json):
 * `{"type": "CONTINUOUS", "period": "month", "front": 1, "field": "close"}` or
 * `{"type": "SPECIFIC", "period": "month", "delivery": "2020-12-01", "field": "close"}`.
 *
 * @module
 */
import { ContinuousContract, ContractPeriod, OHLCField, SpecificContract, type Contract } from '../../model';
import { readDate } from './parse-instant';
import { asObject, at, fail, modelAt, optCount, readTag } from './read';

/** The wire form of a continuous contract. */
export interface ContinuousContractJson {
  /** Always `'CONTINUOUS'`. */
  type: 'CONTINUOUS';
  /** ContractPeriod tag. */
  period: string;
  /** 1 = closest contract, or null. */
  front: number | null;
  /** OHLCField tag (left out when none). */
  field?: string;
}

/** The wire form of a specific contract. */
export interface SpecificContractJson {
  /** Always `'SPECIFIC'`. */
  type: 'SPECIFIC';
  /** ContractPeriod tag. */
  period: string;
  /** First day of delivery, `YYYY-MM-DD`. */
  delivery: string;
  /** OHLCField tag (left out when none). */
  field?: string;
}

/** The wire form of a contract. */
export type ContractJson = ContinuousContractJson | SpecificContractJson;

/**
 * Parses a contract. `type` must be exactly `CONTINUOUS` or `SPECIFIC` (upper case, as the
 * reference compares it); `period` is required, `delivery` is required for `SPECIFIC` (a
 * date-time keeps its date part), `front` and `field` are optional.
 *
 * @param json - The contract object.
 * @param path - Where it sits in the body, for messages.
 * @returns The contract.
 * @throws ParseException for a bad `type`, a missing `period`/`delivery` or an unknown tag.
 * @example
 * parseContract({ type: 'CONTINUOUS', period: 'month', front: 1, field: 'close' }).columnHeader() //=> 'month front-1 close'
 */
export function parseContract(json: unknown, path = 'contract'): Contract {
  const obj = asObject(json, path);
  const type = obj.type;
  if (type !== 'CONTINUOUS' && type !== 'SPECIFIC') fail(at(path, 'type'), 'expected "CONTINUOUS" or "SPECIFIC"', type);
  const period = readTag(ContractPeriod, obj, 'period', path, true);
  const field = readTag(OHLCField, obj, 'field', path, false);
  if (type === 'CONTINUOUS') {
    const front = optCount(obj, 'front', path);
    return modelAt(path, () => new ContinuousContract({ period, front, field }));
  }
  const delivery = readDate(obj.delivery, at(path, 'delivery'));
  return modelAt(path, () => new SpecificContract({ period, delivery, field }));
}

/**
 * Writes a contract; `field` is left out when the contract has none.
 *
 * @param contract - The contract.
 * @returns The wire object.
 * @example
 * serializeContract(new SpecificContract({ period: ContractPeriod.MONTH, delivery: '2020-06-01', field: OHLCField.CLOSE }))
 * //=> { type: 'SPECIFIC', period: 'month', delivery: '2020-06-01', field: 'close' }
 */
export function serializeContract(contract: Contract): ContractJson {
  const field = contract.field ? { field: contract.field.tag } : {};
  if (ContinuousContract.isContinuousContract(contract)) {
    return { type: 'CONTINUOUS', period: contract.period.tag, front: contract.front, ...field };
  }
  return { type: 'SPECIFIC', period: contract.period.tag, delivery: contract.delivery.toISODate() ?? '', ...field };
}
