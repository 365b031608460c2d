/**
 * A contract delivering on a specific date (docs/model.md#contracts, docs/protocol.md#contract-json).
 *
 * @module
 */
import type { DateTime } from 'luxon';
import { calendarDate, type DateInput } from './calendar-date';
import { displayBundle, hasBrand, INSPECT, JUPYTER_DISPLAY, setBrand, type DisplayBundle } from './display';
import type { ContractPeriod, OHLCField } from './enums';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.SpecificContract');

/**
 * Fields of a {@link SpecificContract}; `period` and `delivery` are required.
 *
 * @example
 * const init: SpecificContractInit = { period: ContractPeriod.MONTH, delivery: '2020-12-01' };
 * new SpecificContract(init).field //=> null
 */
export interface SpecificContractInit {
  /** Delivery period kind (`month`, `year`, ...). */
  period: ContractPeriod;
  /** First day of delivery (a date: only its calendar date counts). */
  delivery: DateInput;
  /** The OHLC field the series was built from, or null. */
  field?: OHLCField | null;
}

/**
 * A contract delivering on a specific date, e.g. the month contract for December 2020.
 *
 * @param init - The fields.
 * @throws ValueError when `delivery` is not a valid date.
 * @example
 * const c = new SpecificContract({ period: ContractPeriod.YEAR, delivery: getDate(2024, 1, 1), field: OHLCField.SETTLEMENT });
 * c.columnHeader() //=> 'year 2024-01-01 settlement'
 */
export class SpecificContract {
  /** Delivery period kind. */
  readonly period: ContractPeriod;
  /** First day of delivery (00:00 UTC of that date). */
  readonly delivery: DateTime;
  /** OHLC field, or null. */
  readonly field: OHLCField | null;

  constructor(init: SpecificContractInit) {
    this.period = init.period;
    this.delivery = calendarDate(init.delivery, 'SpecificContract.delivery');
    this.field = init.field ?? null;
    Object.freeze(this);
  }

  /**
   * Tells whether a value is a SpecificContract (brand check).
   *
   * @param value - Anything.
   * @returns True for a SpecificContract.
   * @example
   * SpecificContract.isSpecificContract(c) //=> true
   */
  static isSpecificContract(value: unknown): value is SpecificContract {
    return hasBrand(value, BRAND);
  }

  /**
   * Always false: this is not a continuous contract.
   *
   * @returns False.
   * @example
   * c.isContinuous() //=> false
   */
  isContinuous(): boolean {
    return false;
  }

  /**
   * Always true: this is a specific contract.
   *
   * @returns True.
   * @example
   * c.isSpecific() //=> true
   */
  isSpecific(): boolean {
    return true;
  }

  /**
   * Returns a copy with some fields changed.
   *
   * @param changes - The fields to change.
   * @returns A new SpecificContract.
   * @example
   * c.with({ field: OHLCField.CLOSE }).field.tag //=> 'close'
   */
  with(changes: Partial<SpecificContractInit>): SpecificContract {
    return this.#clone(changes);
  }

  #clone(alts: Partial<SpecificContractInit>): SpecificContract {
    return new SpecificContract({ period: this.period, delivery: this.delivery, field: this.field, ...alts });
  }

  /**
   * The label used in table headers: `{period} {delivery yyyy-MM-dd} {field}`.
   *
   * @returns The label.
   * @example
   * c.columnHeader() //=> 'year 2024-01-01 settlement'
   */
  columnHeader(): string {
    return `${this.period.tag} ${this.delivery.toISODate()} ${this.field ? this.field.tag : ''}`.trim();
  }

  /**
   * Compares all fields (`delivery` by calendar date).
   *
   * @param other - Another contract.
   * @returns True when `other` is a specific contract with equal fields.
   * @example
   * c.equals(c.with({})) //=> true
   */
  equals(other: unknown): boolean {
    if (!SpecificContract.isSpecificContract(other)) return false;
    return this.period === other.period && this.delivery.toISODate() === other.delivery.toISODate() && this.field === other.field;
  }

  /**
   * A plain snapshot (docs/model.md#snapshots), keyed like the wire JSON (docs/protocol.md#contract-json).
   * Not the wire format: `serializeContract` (`src/wire/json`) writes that.
   *
   * @returns A plain object.
   * @example
   * c.toJSON() //=> { type: 'SPECIFIC', period: 'year', delivery: '2024-01-01', field: 'settlement' }
   */
  toJSON(): { type: 'SPECIFIC'; period: string; delivery: string; field: string | null } {
    return {
      type: 'SPECIFIC',
      period: this.period.tag,
      delivery: this.delivery.toISODate() ?? '',
      field: this.field ? this.field.tag : null,
    };
  }

  /**
   * A one-line description.
   *
   * @returns The text.
   * @example
   * c.toString() //=> '<SpecificContract: period=year, delivery=2024-01-01, field=settlement>'
   */
  toString(): string {
    return `<SpecificContract: period=${this.period.tag}, delivery=${this.delivery.toISODate()}, field=${this.field?.tag ?? 'None'}>`;
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
   * c[Symbol.for('Jupyter.display')]()['text/html'].includes('2024-01-01') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('SpecificContract', this.toString(), [
      ['period', this.period.tag],
      ['delivery', this.delivery.toISODate()],
      ['field', this.field?.tag],
    ]);
  }
}
setBrand(SpecificContract.prototype, BRAND);
