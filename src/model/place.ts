/**
 * A place: power plant, unit, river, weather station, city ... (docs/model.md#place, docs/protocol.md#place-json).
 *
 * @module
 */
import type { Area } from './areas';
import type { Curve } from './curve';
import {
  displayBundle,
  hasBrand,
  INSPECT,
  JUPYTER_DISPLAY,
  listEquals,
  setBrand,
  SUMMARY_ROWS,
  type DisplayBundle,
  type SummaryRow,
} from './display';
import type { PlaceType } from './enums';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.Place');

/**
 * Fields of a {@link Place}; `kind`, `key` and `name` are required.
 *
 * @example
 * const init: PlaceInit = { kind: PlaceType.byTag('river'), key: 'r1', name: 'Rhine' };
 * new Place(init).location //=> null
 */
export interface PlaceInit {
  /** Place type (`producer`, `river`, ...). */
  kind: PlaceType;
  /** Identifier. */
  key: string;
  /** Name. */
  name: string;
  /** Power-plant unit name. */
  unit?: string | null;
  /** Fuel types (power-plant units). */
  fuels?: readonly string[] | null;
  /** Areas of the place (several when on a border). */
  areas?: readonly Area[] | null;
  /** `[latitude, longitude]`, or null. */
  location?: readonly [number, number] | null;
  /** Child places, typically sub-units of a power plant. */
  children?: readonly Place[] | null;
  /** Curves with data for the place. */
  curves?: readonly Curve[] | null;
}

/**
 * A place with its location, areas, sub-places and curves.
 *
 * @param init - The fields.
 * @example
 * const p = new Place({ kind: PlaceType.byTag('producer'), key: 'pp-1', name: 'Example Plant', location: [53.85, 9.35] });
 * p.latitude //=> 53.85
 */
export class Place {
  /** Place type. */
  readonly kind: PlaceType;
  /** Identifier. */
  readonly key: string;
  /** Name. */
  readonly name: string;
  /** Unit name, or null. */
  readonly unit: string | null;
  /** Fuel types. */
  readonly fuels: readonly string[];
  /** Areas. */
  readonly areas: readonly Area[];
  /** `[latitude, longitude]`, or null. */
  readonly location: readonly [number, number] | null;
  /** Child places. */
  readonly children: readonly Place[];
  /** Curves of the place. */
  readonly curves: readonly Curve[];

  constructor(init: PlaceInit) {
    this.kind = init.kind;
    this.key = init.key;
    this.name = init.name;
    this.unit = init.unit ?? null;
    this.fuels = Object.freeze([...(init.fuels ?? [])]);
    this.areas = Object.freeze([...(init.areas ?? [])]);
    this.location = init.location ? Object.freeze([init.location[0], init.location[1]] as const) : null;
    this.children = Object.freeze([...(init.children ?? [])]);
    this.curves = Object.freeze([...(init.curves ?? [])]);
    Object.freeze(this);
  }

  /**
   * Tells whether a value is a Place (brand check, works across package copies).
   *
   * @param value - Anything.
   * @returns True for a Place.
   * @example
   * Place.isPlace(p) //=> true
   */
  static isPlace(value: unknown): value is Place {
    return hasBrand(value, BRAND);
  }

  /**
   * Latitude, or null without a location.
   *
   * @returns Degrees north.
   * @example
   * p.latitude //=> 53.85
   */
  get latitude(): number | null {
    return this.location ? this.location[0] : null;
  }

  /**
   * Longitude, or null without a location.
   *
   * @returns Degrees east.
   * @example
   * p.longitude //=> 9.35
   */
  get longitude(): number | null {
    return this.location ? this.location[1] : null;
  }

  /**
   * Returns a copy with some fields changed.
   *
   * @param changes - The fields to change.
   * @returns A new Place.
   * @example
   * p.with({ name: 'Renamed' }).name //=> 'Renamed'
   */
  with(changes: Partial<PlaceInit>): Place {
    return this.#clone(changes);
  }

  #clone(alts: Partial<PlaceInit>): Place {
    return new Place({
      kind: this.kind,
      key: this.key,
      name: this.name,
      unit: this.unit,
      fuels: this.fuels,
      areas: this.areas,
      location: this.location,
      children: this.children,
      curves: this.curves,
      ...alts,
    });
  }

  /**
   * Compares all fields, children and curves included.
   *
   * @param other - Another place.
   * @returns True when equal.
   * @example
   * p.equals(p.with({})) //=> true
   */
  equals(other: Place): boolean {
    if (!Place.isPlace(other)) return false;
    if (this === other) return true;
    return (
      this.kind === other.kind &&
      this.key === other.key &&
      this.name === other.name &&
      this.unit === other.unit &&
      listEquals(this.fuels, other.fuels) &&
      listEquals(this.areas, other.areas) &&
      this.latitude === other.latitude &&
      this.longitude === other.longitude &&
      listEquals(this.children, other.children) &&
      listEquals(this.curves, other.curves)
    );
  }

  /**
   * A plain snapshot (docs/model.md#snapshots), keyed like the wire JSON (docs/protocol.md#place-json).
   * Not the wire format: `serializePlace` (`src/wire/json`) writes that.
   *
   * @returns A plain object.
   * @example
   * p.toJSON().location //=> [53.85, 9.35]
   */
  toJSON(): Record<string, unknown> {
    return {
      type: this.kind.tag,
      key: this.key,
      name: this.name,
      unit: this.unit,
      fuels: [...this.fuels],
      location: this.location ? [this.location[0], this.location[1]] : null,
      areas: this.areas.map((a) => a.tag),
      children: this.children.map((c) => c.toJSON()),
      curves: this.curves.map((c) => c.toJSON()),
    };
  }

  /**
   * A one-line description.
   *
   * @returns The text.
   * @example
   * p.toString() //=> '<Place: key="pp-1", name="Example Plant", kind=producer>'
   */
  toString(): string {
    return `<Place: key="${this.key}", name="${this.name}", kind=${this.kind.tag}>`;
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
   * p[Symbol.for('Jupyter.display')]()['text/html'].includes('Example Plant') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('Place', this.toString(), this[SUMMARY_ROWS]());
  }

  /** The rows of the display, and the place's row in a list's table (a page of a place search). */
  [SUMMARY_ROWS](): readonly SummaryRow[] {
    return [
      ['name', this.name],
      ['key', this.key],
      ['kind', this.kind.tag],
      ['unit', this.unit],
      ['fuels', this.fuels.join(', ') || null],
      ['areas', this.areas.map((a) => a.tag).join(', ') || null],
      ['location', this.location ? `${this.location[0]}, ${this.location[1]}` : null],
      ['children', this.children.length || null],
      ['curves', this.curves.length || null],
    ];
  }
}
setBrand(Place.prototype, BRAND);
