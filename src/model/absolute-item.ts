/**
 * One item of an absolute result: an instance and its value (docs/model.md#absolute-result).
 *
 * @module
 */
import { displayBundle, hasBrand, INSPECT, JUPYTER_DISPLAY, setBrand, type DisplayBundle } from './display';
import type { Instance } from './instance';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.AbsoluteItem');

/**
 * Fields of an {@link AbsoluteItem}.
 *
 * @example
 * const init: AbsoluteItemInit = { instance, value: 20479.78 };
 * init.value //=> 20479.78
 */
export interface AbsoluteItemInit {
  /** The instance the value comes from. */
  instance: Instance;
  /** The value for the delivery period, or null. */
  value?: number | null;
}

/**
 * The value one instance gives for the delivery period of an absolute result.
 *
 * @param init - The fields.
 * @example
 * const item = new AbsoluteItem({ instance, value: 20479.78 });
 * item.value //=> 20479.78
 */
export class AbsoluteItem {
  /** The instance. */
  readonly instance: Instance;
  /** The value, or null. */
  readonly value: number | null;

  constructor(init: AbsoluteItemInit) {
    this.instance = init.instance;
    this.value = init.value === undefined || init.value === null || Number.isNaN(init.value) ? null : init.value;
    Object.freeze(this);
  }

  /**
   * Tells whether a value is an AbsoluteItem (brand check).
   *
   * @param value - Anything.
   * @returns True for an AbsoluteItem.
   * @example
   * AbsoluteItem.isAbsoluteItem(item) //=> true
   */
  static isAbsoluteItem(value: unknown): value is AbsoluteItem {
    return hasBrand(value, BRAND);
  }

  /**
   * Returns a copy with some fields changed.
   *
   * @param changes - The fields to change.
   * @returns A new AbsoluteItem.
   * @example
   * item.with({ value: 1 }).value //=> 1
   */
  with(changes: Partial<AbsoluteItemInit>): AbsoluteItem {
    return this.#clone(changes);
  }

  #clone(alts: Partial<AbsoluteItemInit>): AbsoluteItem {
    return new AbsoluteItem({ instance: this.instance, value: this.value, ...alts });
  }

  /**
   * Compares instance and value.
   *
   * @param other - Another item.
   * @returns True when equal.
   * @example
   * item.equals(item.with({})) //=> true
   */
  equals(other: AbsoluteItem): boolean {
    if (!AbsoluteItem.isAbsoluteItem(other)) return false;
    return this.instance.equals(other.instance) && this.value === other.value;
  }

  /**
   * A plain snapshot (docs/model.md#snapshots), keyed like the wire JSON: `{instance, v}`.
   * Not the wire format: `serializeAbsoluteResult` (`src/wire/json`) writes it
   * within the result.
   *
   * @returns A plain object.
   * @example
   * item.toJSON().v //=> 20479.78
   */
  toJSON(): { instance: ReturnType<Instance['toJSON']>; v: number | null } {
    return { instance: this.instance.toJSON(), v: this.value };
  }

  /**
   * A one-line description.
   *
   * @returns The text.
   * @example
   * item.toString() //=> '<AbsoluteItem: instance="2023-10-01 00:00 ec", value=20479.78>'
   */
  toString(): string {
    return `<AbsoluteItem: instance="${this.instance.columnHeader()}", value=${this.value ?? 'None'}>`;
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
   * item[Symbol.for('Jupyter.display')]()['text/html'].includes('20479.78') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('AbsoluteItem', this.toString(), [
      ['instance', this.instance.columnHeader()],
      ['value', this.value],
    ]);
  }
}
setBrand(AbsoluteItem.prototype, BRAND);
