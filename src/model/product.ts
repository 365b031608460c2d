/**
 * A traded market product (docs/model.md#markets, docs/protocol.md#ohlc-json).
 *
 * @module
 */
import type { DateTime } from 'luxon';
import { ValueError } from '../exceptions';
import { calendarDate, type DateInput } from './calendar-date';
import { displayBundle, hasBrand, INSPECT, JUPYTER_DISPLAY, setBrand, type DisplayBundle } from './display';
import type { ContractPeriod } from './enums';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.Product');

/**
 * Fields of a {@link Product}; `front` is optional.
 *
 * @example
 * const init: ProductInit = { traded: '2020-01-02', period: ContractPeriod.DAY, delivery: '2020-01-03' };
 * new Product(init).front //=> null
 */
export interface ProductInit {
  /** Trading day. */
  traded: DateInput;
  /** Delivery period kind. */
  period: ContractPeriod;
  /** 1 = closest contract, 2 = next, ...; null when unknown. */
  front?: number | null;
  /** First day of delivery. */
  delivery: DateInput;
}

/**
 * A product traded on a day: the contract's period kind, its front number on that day and its
 * first delivery day. Dates are DateTimes at 00:00 UTC of the calendar date.
 *
 * @param init - The fields.
 * @throws ValueError when a date is invalid or `front` is not a non-negative integer.
 * @example
 * const p = new Product({ traded: '2020-01-02', period: ContractPeriod.MONTH, front: 1, delivery: '2020-02-01' });
 * p.delivery.toISODate() //=> '2020-02-01'
 */
export class Product {
  /** Trading day (00:00 UTC of that date). */
  readonly traded: DateTime;
  /** Delivery period kind. */
  readonly period: ContractPeriod;
  /** Front number, or null. */
  readonly front: number | null;
  /** First day of delivery (00:00 UTC of that date). */
  readonly delivery: DateTime;

  constructor(init: ProductInit) {
    const front = init.front ?? null;
    if (front !== null && (!Number.isInteger(front) || front < 0)) {
      throw new ValueError(`Product.front must be a non-negative integer, got ${front}`);
    }
    this.traded = calendarDate(init.traded, 'Product.traded');
    this.period = init.period;
    this.front = front;
    this.delivery = calendarDate(init.delivery, 'Product.delivery');
    Object.freeze(this);
  }

  /**
   * Tells whether a value is a Product (brand check).
   *
   * @param value - Anything.
   * @returns True for a Product.
   * @example
   * Product.isProduct(p) //=> true
   */
  static isProduct(value: unknown): value is Product {
    return hasBrand(value, BRAND);
  }

  /**
   * Returns a copy with some fields changed.
   *
   * @param changes - The fields to change.
   * @returns A new Product.
   * @example
   * p.with({ front: 2 }).front //=> 2
   */
  with(changes: Partial<ProductInit>): Product {
    return this.#clone(changes);
  }

  #clone(alts: Partial<ProductInit>): Product {
    return new Product({ traded: this.traded, period: this.period, front: this.front, delivery: this.delivery, ...alts });
  }

  /**
   * Compares all fields (dates by calendar date).
   *
   * @param other - Another product.
   * @returns True when equal.
   * @example
   * p.equals(p.with({})) //=> true
   */
  equals(other: Product): boolean {
    if (!Product.isProduct(other)) return false;
    return (
      this.traded.toISODate() === other.traded.toISODate() &&
      this.period === other.period &&
      this.front === other.front &&
      this.delivery.toISODate() === other.delivery.toISODate()
    );
  }

  /**
   * A plain snapshot (docs/model.md#snapshots), keyed like the wire JSON (note the key `traded_at`).
   * Not the wire format: `serializeProduct` (`src/wire/json`) writes that.
   *
   * @returns A plain object.
   * @example
   * p.toJSON() //=> { traded_at: '2020-01-02', period: 'month', front: 1, delivery: '2020-02-01' }
   */
  toJSON(): { traded_at: string; period: string; front: number | null; delivery: string } {
    return {
      traded_at: this.traded.toISODate() ?? '',
      period: this.period.tag,
      front: this.front,
      delivery: this.delivery.toISODate() ?? '',
    };
  }

  /**
   * A one-line description.
   *
   * @returns The text.
   * @example
   * p.toString() //=> '<Product: traded=2020-01-02, period=month, front=1, delivery=2020-02-01>'
   */
  toString(): string {
    return `<Product: traded=${this.traded.toISODate()}, period=${this.period.tag}, front=${this.front ?? 'None'}, delivery=${this.delivery.toISODate()}>`;
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
   * p[Symbol.for('Jupyter.display')]()['text/html'].includes('2020-02-01') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('Product', this.toString(), [
      ['traded', this.traded.toISODate()],
      ['period', this.period.tag],
      ['front', this.front],
      ['delivery', this.delivery.toISODate()],
    ]);
  }
}
setBrand(Product.prototype, BRAND);
