/**
 * A list of OHLC records with their curve (docs/model.md#markets, docs/protocol.md#ohlc-json).
 *
 * @module
 */
import { ValueError } from '../exceptions';
import type { Contract } from './contract';
import type { Curve } from './curve';
import {
  equalsNullable,
  escapeHtml,
  hasBrand,
  INSPECT,
  JUPYTER_DISPLAY,
  setBrand,
  type DisplayBundle,
  tabularBundle,
  tabularText,
} from './display';
import { OHLCField } from './enums';
import { OHLC } from './ohlc';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.OHLCList');

/** Rows shown in the notebook display before it is cut off. */
const DISPLAY_ROWS = 50;

/**
 * Metadata of an {@link OHLCList}; all optional.
 *
 * @example
 * const init: OHLCListInit = { unit: 'EUR', denominator: 'MWh' };
 * new OHLCList([], init).unit //=> 'EUR'
 */
export interface OHLCListInit {
  /** The OHLC curve. */
  curve?: Curve | null;
  /** The contract the records were selected by. */
  contract?: Contract | null;
  /** Price unit, e.g. `'EUR'`; default the curve's unit. */
  unit?: string | null;
  /** Denominator of the price unit, e.g. `'MWh'`; default the curve's denominator. */
  denominator?: string | null;
}

/**
 * An immutable array of {@link OHLC} records with `curve`, `contract`, `unit` and
 * `denominator`. `map`, `filter`, `slice` and the array method `with(index, value)` give plain
 * arrays; `concat` gives a new OHLCList with the same metadata, `withMetadata` one with other
 * metadata.
 *
 * @param items - The records.
 * @param init - The metadata.
 * @throws ValueError when an item is not an OHLC.
 * @example
 * const list = new OHLCList([o], { curve, unit: 'EUR', denominator: 'MWh' });
 * list[0].settlement //=> 34
 */
export class OHLCList extends Array<OHLC> {
  /** The curve, or null. */
  readonly curve: Curve | null;
  /** The contract, or null. */
  readonly contract: Contract | null;
  /** Price unit, or null. */
  readonly unit: string | null;
  /** Denominator, or null. */
  readonly denominator: string | null;

  /** Derived arrays (`map`, `filter`, `slice`) are plain arrays. */
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  constructor(items: Iterable<OHLC> = [], init: OHLCListInit = {}) {
    super();
    let i = 0;
    for (const item of items) {
      if (!OHLC.isOHLC(item)) throw new ValueError(`OHLCList: item ${i} is not an OHLC`);
      super.push(item);
      i++;
    }
    this.curve = init.curve ?? null;
    this.contract = init.contract ?? null;
    this.unit = init.unit === undefined ? (this.curve?.unit ?? null) : init.unit;
    this.denominator = init.denominator === undefined ? (this.curve?.denominator ?? null) : init.denominator;
    Object.freeze(this);
  }

  /**
   * Tells whether a value is an OHLCList (brand check).
   *
   * @param value - Anything.
   * @returns True for an OHLCList.
   * @example
   * OHLCList.isOHLCList(list) //=> true
   */
  static isOHLCList(value: unknown): value is OHLCList {
    return hasBrand(value, BRAND);
  }

  /**
   * A new list with more records appended and the same metadata.
   *
   * @param items - Records or arrays of records.
   * @returns A new OHLCList.
   * @throws ValueError when an item is not an OHLC.
   * @example
   * list.concat(o2).length //=> 2
   */
  override concat(...items: (OHLC | ConcatArray<OHLC>)[]): OHLCList {
    return this.#clone([...this, ...items.flatMap((x) => (OHLC.isOHLC(x) ? [x] : Array.from(x as ArrayLike<OHLC>)))], {});
  }

  /**
   * Returns a list of the same records with other metadata.
   *
   * @param changes - The metadata to change.
   * @returns A new OHLCList.
   * @example
   * list.withMetadata({ unit: 'USD' }).unit //=> 'USD'
   */
  withMetadata(changes: OHLCListInit): OHLCList {
    return this.#clone([...this], changes);
  }

  #clone(items: readonly OHLC[], alts: OHLCListInit): OHLCList {
    const init = { curve: this.curve, contract: this.contract, unit: this.unit, denominator: this.denominator, ...alts };
    return new OHLCList(items, init);
  }

  /**
   * Compares metadata and records.
   *
   * @param other - Another list.
   * @returns True when equal.
   * @example
   * list.equals(list.withMetadata({})) //=> true
   */
  equals(other: OHLCList): boolean {
    if (!OHLCList.isOHLCList(other)) return false;
    return (
      equalsNullable(this.curve, other.curve) &&
      equalsNullable<Contract>(this.contract, other.contract) &&
      this.unit === other.unit &&
      this.denominator === other.denominator &&
      this.length === other.length &&
      this.every((o, i) => o.equals(other[i]!))
    );
  }

  /**
   * A plain snapshot (docs/model.md#snapshots), keyed like the wire JSON (docs/protocol.md#ohlc-json):
   * `curve`, `unit`, `denominator` and `data`.
   * Not the wire format: `serializeOHLCList` (`src/wire/json`) writes that.
   *
   * @returns A plain object.
   * @example
   * list.toJSON().data.length //=> 1
   */
  toJSON(): Record<string, unknown> {
    return {
      curve: this.curve ? this.curve.toJSON() : null,
      unit: this.unit,
      denominator: this.denominator,
      data: Array.from(this, (o) => o.toJSON()),
    };
  }

  /**
   * A summary: curve name, unit and count.
   *
   * @returns The text.
   * @example
   * list.toString() //=> '<OHLCList: curve="NP Futures Power Base EUR/MWh Nasdaq OHLC", unit=EUR/MWh, count=1>'
   */
  override toString(): string {
    const parts: string[] = [];
    if (this.curve) parts.push(`curve="${this.curve.name}"`);
    if (this.contract) parts.push(`contract=${this.contract.toString()}`);
    if (this.unit !== null) parts.push(`unit=${this.denominator ? `${this.unit}/${this.denominator}` : this.unit}`);
    parts.push(`count=${this.length}`);
    return `<OHLCList: ${parts.join(', ')}>`;
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else a head/tail text table (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options, () => tabularText(this));
  }

  /**
   * The notebook display bundle: a table of the records (the first 50).
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * list[Symbol.for('Jupyter.display')]()['text/html'].includes('open_interest') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return tabularBundle(this, () => {
      const fields = OHLCField.all();
      const head = ['traded', 'period', 'front', 'delivery', ...fields.map((f) => f.key)];
      const rows = this.slice(0, DISPLAY_ROWS).map((o) => {
        const p = o.product;
        const cells = [p.traded.toISODate(), p.period.tag, p.front, p.delivery.toISODate(), ...fields.map((f) => o.getField(f))];
        return `<tr>${cells.map((c) => `<td>${escapeHtml(c === null ? '' : String(c))}</td>`).join('')}</tr>`;
      });
      const more = this.length > DISPLAY_ROWS ? `<p>${this.length - DISPLAY_ROWS} more rows</p>` : '';
      const title = this.curve ? `OHLCList: ${this.curve.name} (${this.length})` : `OHLCList (${this.length})`;
      return {
        'text/plain': this.toString(),
        'text/html':
          `<div class="service-model"><strong>${escapeHtml(title)}</strong><table>` +
          `<tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr>${rows.join('')}</table>${more}</div>`,
      };
    });
  }
}
setBrand(OHLCList.prototype, BRAND);
