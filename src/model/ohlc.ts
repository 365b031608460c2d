/**
 * One OHLC record of a product on a trading day (docs/model.md#markets, docs/protocol.md#ohlc-json).
 *
 * @module
 */
import { ValueError } from '../exceptions';
import { displayBundle, hasBrand, INSPECT, JUPYTER_DISPLAY, setBrand, type DisplayBundle } from './display';
import { OHLCField } from './enums';
import type { Product } from './product';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.OHLC');

/**
 * Fields of an {@link OHLC}; every price and volume is optional (null = unset).
 *
 * @example
 * const init: OHLCInit = { product, settlement: 34 };
 * new OHLC(init).open //=> null
 */
export interface OHLCInit {
  /** The product traded. */
  product: Product;
  /** Opening trade. */
  open?: number | null;
  /** Highest trade. */
  high?: number | null;
  /** Lowest trade. */
  low?: number | null;
  /** Closing trade. */
  close?: number | null;
  /** Settlement price. */
  settlement?: number | null;
  /** Accumulated traded volume of the day. */
  volume?: number | null;
  /** Contracts entered into and not yet liquidated or delivered. */
  openInterest?: number | null;
}

/** The camelCase property of each OHLC field, by wire tag. */
const PROPERTY: Readonly<Record<string, keyof OHLCInit>> = Object.freeze({
  open: 'open',
  high: 'high',
  low: 'low',
  close: 'close',
  settlement: 'settlement',
  volume: 'volume',
  open_interest: 'openInterest',
});

function fieldOf(field: OHLCField | string): OHLCField {
  if (OHLCField.isMember(field)) return field;
  if (typeof field === 'string') {
    const snake = field.replace(/([a-z])([A-Z])/g, '$1_$2');
    if (OHLCField.isValidTag(snake)) return OHLCField.byTag(snake);
  }
  throw new ValueError(`Invalid OHLC field: ${JSON.stringify(String(field))} (valid: ${OHLCField.all().join(', ')})`);
}

/**
 * The open, high, low, close, settlement, volume and open interest of a product on its trading
 * day. Unset values are null.
 *
 * @param init - The fields.
 * @example
 * const o = new OHLC({ product, open: 35.4, settlement: 34, openInterest: 10678 });
 * o.getField('settlement') //=> 34
 */
export class OHLC {
  /** The product traded. */
  readonly product: Product;
  /** Opening trade, or null. */
  readonly open: number | null;
  /** Highest trade, or null. */
  readonly high: number | null;
  /** Lowest trade, or null. */
  readonly low: number | null;
  /** Closing trade, or null. */
  readonly close: number | null;
  /** Settlement price, or null. */
  readonly settlement: number | null;
  /** Traded volume, or null. */
  readonly volume: number | null;
  /** Open interest, or null. */
  readonly openInterest: number | null;

  constructor(init: OHLCInit) {
    this.product = init.product;
    this.open = init.open ?? null;
    this.high = init.high ?? null;
    this.low = init.low ?? null;
    this.close = init.close ?? null;
    this.settlement = init.settlement ?? null;
    this.volume = init.volume ?? null;
    this.openInterest = init.openInterest ?? null;
    Object.freeze(this);
  }

  /**
   * Tells whether a value is an OHLC record (brand check).
   *
   * @param value - Anything.
   * @returns True for an OHLC.
   * @example
   * OHLC.isOHLC(o) //=> true
   */
  static isOHLC(value: unknown): value is OHLC {
    return hasBrand(value, BRAND);
  }

  /**
   * The value of one field, chosen by an OHLCField or its name (`'open_interest'`,
   * `'OPEN_INTEREST'` and `'openInterest'` all work).
   *
   * @param field - The field.
   * @returns The value, or null when unset.
   * @throws ValueError for an unknown field.
   * @example
   * o.getField(OHLCField.OPEN) //=> 35.4
   * o.getField('openInterest') //=> 10678
   * o.getField('median') // throws ValueError
   */
  getField(field: OHLCField | string): number | null {
    const key = PROPERTY[fieldOf(field).tag] as Exclude<keyof OHLCInit, 'product'>;
    return this[key];
  }

  /**
   * Returns a copy with some fields changed.
   *
   * @param changes - The fields to change.
   * @returns A new OHLC.
   * @example
   * o.with({ close: 34.5 }).close //=> 34.5
   */
  with(changes: Partial<OHLCInit>): OHLC {
    return this.#clone(changes);
  }

  #clone(alts: Partial<OHLCInit>): OHLC {
    return new OHLC({
      product: this.product,
      open: this.open,
      high: this.high,
      low: this.low,
      close: this.close,
      settlement: this.settlement,
      volume: this.volume,
      openInterest: this.openInterest,
      ...alts,
    });
  }

  /**
   * Compares the product and every field.
   *
   * @param other - Another OHLC.
   * @returns True when equal.
   * @example
   * o.equals(o.with({})) //=> true
   */
  equals(other: OHLC): boolean {
    if (!OHLC.isOHLC(other)) return false;
    return this.product.equals(other.product) && OHLCField.all().every((f) => this.getField(f) === other.getField(f));
  }

  /**
   * A plain snapshot (docs/model.md#snapshots), keyed like the wire JSON: `product` plus the seven fields by
   * their JSON names.
   * Not the wire format: `serializeOHLC` (`src/wire/json`) writes that.
   *
   * @returns A plain object.
   * @example
   * o.toJSON().open_interest //=> 10678
   */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { product: this.product.toJSON() };
    for (const field of OHLCField.all()) json[field.key] = this.getField(field);
    return json;
  }

  /**
   * A one-line description.
   *
   * @returns The text.
   * @example
   * o.toString() //=> '<OHLC: traded=2020-01-02, period=month, front=1, delivery=2020-02-01, open=35.4, settlement=34, open_interest=10678>'
   */
  toString(): string {
    const p = this.product;
    const parts = [
      `traded=${p.traded.toISODate()}`,
      `period=${p.period.tag}`,
      `front=${p.front ?? 'None'}`,
      `delivery=${p.delivery.toISODate()}`,
    ];
    for (const field of OHLCField.all()) {
      const v = this.getField(field);
      if (v !== null) parts.push(`${field.key}=${v}`);
    }
    return `<OHLC: ${parts.join(', ')}>`;
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
   * o[Symbol.for('Jupyter.display')]()['text/html'].includes('settlement') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('OHLC', this.toString(), [
      ['traded', this.product.traded.toISODate()],
      ['period', this.product.period.tag],
      ['front', this.product.front],
      ['delivery', this.product.delivery.toISODate()],
      ...OHLCField.all().map((f) => [f.key, this.getField(f)] as const),
    ]);
  }
}
setBrand(OHLC.prototype, BRAND);
