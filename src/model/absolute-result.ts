/**
 * Values for one delivery period from many instances (docs/model.md#absolute-result, docs/protocol.md#absolute-json).
 *
 * @module
 */
import type { DateTime, Zone } from 'luxon';
import { ValueError } from '../exceptions';
import type { Frequency, Resolution } from '../time';
import { AbsoluteItem } from './absolute-item';
import type { Curve } from './curve';
import {
  equalsNullable,
  escapeHtml,
  formatTime,
  hasBrand,
  INSPECT,
  JUPYTER_DISPLAY,
  listEquals,
  setBrand,
  type DisplayBundle,
  tabularBundle,
  tabularText,
} from './display';
import type { Aggregation, Filter } from './enums';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.AbsoluteResult');

/**
 * Fields of an {@link AbsoluteResult}; `resolution` and `delivery` are required.
 *
 * @example
 * const init: AbsoluteResultInit = { resolution: new Resolution(Frequency.PT1H, UTC), delivery };
 * init.resolution.timezone //=> 'UTC'
 */
export interface AbsoluteResultInit {
  /** The instance curve. */
  curve?: Curve | null;
  /** Frequency and zone of the delivery period. */
  resolution: Resolution;
  /** Start of the delivery period. */
  delivery: DateTime;
  /** Hour filter applied (when the delivery frequency is coarser than the curve's). */
  filters?: Filter | null;
  /** Aggregation applied (same condition). */
  aggregation?: Aggregation | null;
  /** Unit of the values; default the curve's unit. */
  unit?: string | null;
  /** One item per instance, in the order received. */
  items?: readonly AbsoluteItem[];
}

/**
 * The value of one delivery period (e.g. one hour or one day) as forecast by many instances.
 *
 * @param init - The fields.
 * @throws ValueError when `delivery` is invalid or an item is not an AbsoluteItem.
 * @example
 * const r = new AbsoluteResult({ resolution: new Resolution(Frequency.PT1H, UTC), delivery, items: [item] });
 * r.end().toISO() //=> '2023-10-05T13:00:00.000Z'
 */
export class AbsoluteResult {
  /** The curve, or null. */
  readonly curve: Curve | null;
  /** Frequency and zone of the delivery period. */
  readonly resolution: Resolution;
  /** Start of the delivery period, in the resolution's zone. */
  readonly delivery: DateTime;
  /** Hour filter, or null. */
  readonly filters: Filter | null;
  /** Aggregation, or null. */
  readonly aggregation: Aggregation | null;
  /** Unit, or null. */
  readonly unit: string | null;
  /** The items. */
  readonly items: readonly AbsoluteItem[];

  constructor(init: AbsoluteResultInit) {
    if (!init.delivery?.isValid) throw new ValueError('AbsoluteResult.delivery must be a valid DateTime');
    const items = [...(init.items ?? [])];
    items.forEach((item, i) => {
      if (!AbsoluteItem.isAbsoluteItem(item)) throw new ValueError(`AbsoluteResult: item ${i} is not an AbsoluteItem`);
    });
    this.curve = init.curve ?? null;
    this.resolution = init.resolution;
    this.delivery = init.delivery.setZone(init.resolution.zone);
    this.filters = init.filters ?? null;
    this.aggregation = init.aggregation ?? null;
    this.unit = init.unit === undefined ? (this.curve?.unit ?? null) : init.unit;
    this.items = Object.freeze(items);
    Object.freeze(this);
  }

  /**
   * Tells whether a value is an AbsoluteResult (brand check).
   *
   * @param value - Anything.
   * @returns True for an AbsoluteResult.
   * @example
   * AbsoluteResult.isAbsoluteResult(r) //=> true
   */
  static isAbsoluteResult(value: unknown): value is AbsoluteResult {
    return hasBrand(value, BRAND);
  }

  /**
   * Start of the delivery period (inclusive).
   *
   * @returns The delivery date-time.
   * @example
   * r.begin().toISO() //=> '2023-10-05T12:00:00.000Z'
   */
  begin(): DateTime {
    return this.delivery;
  }

  /**
   * End of the delivery period (exclusive): one step after `delivery` (for frequency NONE,
   * `delivery` itself).
   *
   * @returns The end.
   * @example
   * r.end().toISO() //=> '2023-10-05T13:00:00.000Z'
   */
  end(): DateTime {
    return this.resolution.isIterable() ? this.resolution.next(this.delivery) : this.delivery;
  }

  /**
   * Frequency of the delivery period.
   *
   * @returns The frequency.
   * @example
   * r.frequency().tag //=> 'PT1H'
   */
  frequency(): Frequency {
    return this.resolution.frequency;
  }

  /**
   * Zone of the delivery period.
   *
   * @returns The luxon Zone.
   * @example
   * r.zone().name //=> 'UTC'
   */
  zone(): Zone {
    return this.resolution.zone;
  }

  /**
   * Tells whether there are no items.
   *
   * @returns True when empty.
   * @example
   * r.isEmpty() //=> false
   */
  isEmpty(): boolean {
    return this.items.length === 0;
  }

  /**
   * Number of items.
   *
   * @returns The count.
   * @example
   * r.size() //=> 1
   */
  size(): number {
    return this.items.length;
  }

  /**
   * Returns a copy with some fields changed.
   *
   * @param changes - The fields to change.
   * @returns A new AbsoluteResult.
   * @example
   * r.with({ unit: 'GWh/h' }).unit //=> 'GWh/h'
   */
  with(changes: Partial<AbsoluteResultInit>): AbsoluteResult {
    return this.#clone(changes);
  }

  #clone(alts: Partial<AbsoluteResultInit>): AbsoluteResult {
    return new AbsoluteResult({
      curve: this.curve,
      resolution: this.resolution,
      delivery: this.delivery,
      filters: this.filters,
      aggregation: this.aggregation,
      unit: this.unit,
      items: this.items,
      ...alts,
    });
  }

  /**
   * Compares all fields and items.
   *
   * @param other - Another result.
   * @returns True when equal.
   * @example
   * r.equals(r.with({})) //=> true
   */
  equals(other: AbsoluteResult): boolean {
    if (!AbsoluteResult.isAbsoluteResult(other)) return false;
    return (
      equalsNullable(this.curve, other.curve) &&
      this.resolution.equals(other.resolution) &&
      this.delivery.toMillis() === other.delivery.toMillis() &&
      this.filters === other.filters &&
      this.aggregation === other.aggregation &&
      this.unit === other.unit &&
      listEquals(this.items, other.items)
    );
  }

  /**
   * A plain snapshot (docs/model.md#snapshots), keyed like the wire JSON (docs/protocol.md#absolute-json;
   * note the key `filter`).
   * Not the wire format: `serializeAbsoluteResult` (`src/wire/json`) writes that.
   *
   * @returns A plain object.
   * @example
   * r.toJSON().delivery //=> '2023-10-05T12:00:00Z'
   */
  toJSON(): Record<string, unknown> {
    return {
      curve: this.curve ? this.curve.toJSON() : null,
      resolution: { frequency: this.resolution.frequency.tag, timezone: this.resolution.timezone },
      delivery: formatTime(this.delivery),
      filter: this.filters ? this.filters.tag : null,
      aggregation: this.aggregation ? this.aggregation.tag : null,
      unit: this.unit,
      items: this.items.map((item) => item.toJSON()),
    };
  }

  /**
   * A one-line summary.
   *
   * @returns The text.
   * @example
   * r.toString() //=> '<AbsoluteResult: resolution=<PT1H, UTC>, delivery="2023-10-05T12:00:00Z", count=1>'
   */
  toString(): string {
    const parts = [`resolution=<${this.resolution.frequency.tag}, ${this.resolution.timezone}>`];
    if (this.curve) parts.push(`curve="${this.curve.name}"`);
    parts.push(`delivery="${formatTime(this.delivery)}"`);
    if (this.filters) parts.push(`filter=${this.filters.tag}`);
    if (this.aggregation) parts.push(`aggregation=${this.aggregation.tag}`);
    parts.push(`count=${this.items.length}`);
    return `<AbsoluteResult: ${parts.join(', ')}>`;
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else a head/tail text table (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options, () => tabularText(this));
  }

  /**
   * The notebook display bundle: metadata and one row per instance.
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * r[Symbol.for('Jupyter.display')]()['text/html'].includes('20479.78') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return tabularBundle(this, () => {
      const title = `AbsoluteResult: ${this.curve?.name ?? ''} delivery ${formatTime(this.delivery)} (${this.resolution.frequency.tag} ${this.resolution.timezone})`;
      const rows = this.items
        .map((item) => `<tr><td>${escapeHtml(item.instance.columnHeader())}</td><td>${item.value ?? ''}</td></tr>`)
        .join('');
      return {
        'text/plain': this.toString(),
        'text/html': `<div class="service-model"><strong>${escapeHtml(title)}</strong><table><tr><th>instance</th><th>value</th></tr>${rows}</table></div>`,
      };
    });
  }
}
setBrand(AbsoluteResult.prototype, BRAND);
