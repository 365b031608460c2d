/**
 * The instances of a curve as `instances.list` and `periodInstances.list` return them
 * (docs/model.md#instance).
 *
 * @module
 */
import { ValueError } from '../exceptions';
import type { Curve } from './curve';
import {
  equalsNullable,
  hasBrand,
  INSPECT,
  itemsTable,
  JUPYTER_DISPLAY,
  listEquals,
  recordsBundle,
  recordsText,
  setBrand,
  type DisplayBundle,
  type RecordTable,
} from './display';
import { Instance } from './instance';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.InstanceList');

/**
 * An immutable array of {@link Instance}s with the curve they were listed for. It is an `Array`
 * in every other way (`length`, indexing, `for...of`); `map`, `filter` and `slice` give plain
 * arrays. A cell ending with one shows a table of the instances (issued, tag, scenarios, ...).
 *
 * @param items - The instances.
 * @param curve - The curve, or null.
 * @throws ValueError when an item is not an Instance.
 * @example
 * const list = new InstanceList([i], curve);
 * list[0].tag //=> 'ec'
 */
export class InstanceList extends Array<Instance> {
  /** The curve the instances were listed for, or null. */
  readonly curve: Curve | null;

  /** Derived arrays (`map`, `filter`, `slice`) are plain arrays. */
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  constructor(items: Iterable<Instance> = [], curve: Curve | null = null) {
    super();
    let i = 0;
    for (const item of items) {
      if (!Instance.isInstance(item)) throw new ValueError(`InstanceList: item ${i} is not an Instance`);
      super.push(item);
      i++;
    }
    this.curve = curve;
    Object.freeze(this);
  }

  /**
   * Tells whether a value is an InstanceList (brand check).
   *
   * @param value - Anything.
   * @returns True for an InstanceList.
   * @example
   * InstanceList.isInstanceList([]) //=> false
   */
  static isInstanceList(value: unknown): value is InstanceList {
    return hasBrand(value, BRAND);
  }

  /**
   * Compares the curve and the instances.
   *
   * @param other - Another list.
   * @returns True when equal.
   * @example
   * list.equals(new InstanceList([...list], list.curve)) //=> true
   */
  equals(other: InstanceList): boolean {
    return InstanceList.isInstanceList(other) && equalsNullable(this.curve, other.curve) && listEquals<Instance>(this, other);
  }

  /**
   * The instances as plain snapshots (docs/model.md#snapshots).
   *
   * @returns One object per instance.
   * @example
   * new InstanceList([]).toJSON() //=> []
   */
  toJSON(): ReturnType<Instance['toJSON']>[] {
    return Array.from(this, (i) => i.toJSON());
  }

  /**
   * A one-line summary.
   *
   * @returns The text.
   * @example
   * new InstanceList([]).toString() //=> '<InstanceList: count=0>'
   */
  override toString(): string {
    const curve = this.curve ? `curve="${this.curve.name}", ` : '';
    return `<InstanceList: ${curve}count=${this.length}>`;
  }

  /** The caption and a row per instance. */
  #table(): RecordTable {
    const parts = ['InstanceList', this.curve ? `"${this.curve.name}"` : null, `${this.length} instance${this.length === 1 ? '' : 's'}`];
    return itemsTable(parts.filter((p) => p !== null).join(' · '), this);
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else the text table (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options, () => recordsText(this.#table(), this.toString()));
  }

  /**
   * The notebook display bundle: the caption over a table of the instances (head and tail).
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * list[Symbol.for('Jupyter.display')]()['text/html'].includes('issued') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return recordsBundle(this.#table(), this.toString());
  }
}
setBrand(InstanceList.prototype, BRAND);
