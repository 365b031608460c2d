/**
 * A rolling front contract (docs/model.md#contracts, docs/protocol.md#contract-json).
 *
 * @module
 */
import { ValueError } from '../exceptions';
import { displayBundle, hasBrand, INSPECT, JUPYTER_DISPLAY, setBrand, type DisplayBundle } from './display';
import type { ContractPeriod, OHLCField } from './enums';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.ContinuousContract');

/**
 * Fields of a {@link ContinuousContract}; `period` is required.
 *
 * @example
 * const init: ContinuousContractInit = { period: ContractPeriod.MONTH, front: 1 };
 * new ContinuousContract(init).front //=> 1
 */
export interface ContinuousContractInit {
  /** Delivery period kind (`month`, `quarter`, ...). */
  period: ContractPeriod;
  /** 1 = the closest contract, 2 = the next, ...; null when unknown. */
  front?: number | null;
  /** The OHLC field the series was built from, or null. */
  field?: OHLCField | null;
}

/**
 * The rolling N-th front contract relative to the trading day: front 1 is the closest, front 2
 * the next.
 *
 * @param init - The fields.
 * @throws ValueError when `front` is not a non-negative integer.
 * @example
 * const c = new ContinuousContract({ period: ContractPeriod.MONTH, front: 1, field: OHLCField.CLOSE });
 * c.columnHeader() //=> 'month front-1 close'
 */
export class ContinuousContract {
  /** Delivery period kind. */
  readonly period: ContractPeriod;
  /** Front number, or null. */
  readonly front: number | null;
  /** OHLC field, or null. */
  readonly field: OHLCField | null;

  constructor(init: ContinuousContractInit) {
    const front = init.front ?? null;
    if (front !== null && (!Number.isInteger(front) || front < 0)) {
      throw new ValueError(`ContinuousContract.front must be a non-negative integer, got ${front}`);
    }
    this.period = init.period;
    this.front = front;
    this.field = init.field ?? null;
    Object.freeze(this);
  }

  /**
   * Tells whether a value is a ContinuousContract (brand check).
   *
   * @param value - Anything.
   * @returns True for a ContinuousContract.
   * @example
   * ContinuousContract.isContinuousContract(c) //=> true
   */
  static isContinuousContract(value: unknown): value is ContinuousContract {
    return hasBrand(value, BRAND);
  }

  /**
   * Always true: this is a continuous contract.
   *
   * @returns True.
   * @example
   * c.isContinuous() //=> true
   */
  isContinuous(): boolean {
    return true;
  }

  /**
   * Always false: this is not a specific contract.
   *
   * @returns False.
   * @example
   * c.isSpecific() //=> false
   */
  isSpecific(): boolean {
    return false;
  }

  /**
   * Returns a copy with some fields changed.
   *
   * @param changes - The fields to change.
   * @returns A new ContinuousContract.
   * @example
   * c.with({ front: 2 }).front //=> 2
   */
  with(changes: Partial<ContinuousContractInit>): ContinuousContract {
    return this.#clone(changes);
  }

  #clone(alts: Partial<ContinuousContractInit>): ContinuousContract {
    return new ContinuousContract({ period: this.period, front: this.front, field: this.field, ...alts });
  }

  /**
   * The label used in table headers: `{period} front-{front} {field}` (lower-case tags).
   *
   * @returns The label.
   * @example
   * c.columnHeader() //=> 'month front-1 close'
   */
  columnHeader(): string {
    return `${this.period.tag} front-${this.front ?? ''} ${this.field ? this.field.tag : ''}`.trim();
  }

  /**
   * Compares all fields.
   *
   * @param other - Another contract.
   * @returns True when `other` is a continuous contract with equal fields.
   * @example
   * c.equals(c.with({})) //=> true
   */
  equals(other: unknown): boolean {
    if (!ContinuousContract.isContinuousContract(other)) return false;
    return this.period === other.period && this.front === other.front && this.field === other.field;
  }

  /**
   * A plain snapshot (docs/model.md#snapshots), keyed like the wire JSON (docs/protocol.md#contract-json).
   * Not the wire format: `serializeContract` (`src/wire/json`) writes that.
   *
   * @returns A plain object.
   * @example
   * c.toJSON() //=> { type: 'CONTINUOUS', period: 'month', front: 1, field: 'close' }
   */
  toJSON(): { type: 'CONTINUOUS'; period: string; front: number | null; field: string | null } {
    return { type: 'CONTINUOUS', period: this.period.tag, front: this.front, field: this.field ? this.field.tag : null };
  }

  /**
   * A one-line description.
   *
   * @returns The text.
   * @example
   * c.toString() //=> '<ContinuousContract: period=month, front=1, field=close>'
   */
  toString(): string {
    return `<ContinuousContract: period=${this.period.tag}, front=${this.front ?? 'None'}, field=${this.field?.tag ?? 'None'}>`;
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else `toString()` (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options);
  }

  /**
   * The notebook display bundle.
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * c[Symbol.for('Jupyter.display')]()['text/plain'] //=> '<ContinuousContract: period=month, front=1, field=close>'
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('ContinuousContract', this.toString(), [
      ['period', this.period.tag],
      ['front', this.front],
      ['field', this.field?.tag],
    ]);
  }
}
setBrand(ContinuousContract.prototype, BRAND);
