/**
 * A curve: the identifier of a series of data and its metadata (docs/model.md#curve, docs/protocol.md#curve-json).
 *
 * @module
 */
import type { Zone } from 'luxon';
import { CET, type Frequency, Resolution, UTC, zoneByName, zoneName, type ZoneInput } from '../time';
import type { Area } from './areas';
import {
  displayBundle,
  equalsNullable,
  hasBrand,
  INSPECT,
  JUPYTER_DISPLAY,
  listEquals,
  setBrand,
  SUMMARY_ROWS,
  type DisplayBundle,
  type SummaryRow,
} from './display';
import type { CurveType, DataType } from './enums';
import type { Place } from './place';
import type { Subscription } from './subscription';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.Curve');

/**
 * Fields of a {@link Curve}. `name`, `curveType`, `frequency` and `dataType` are required.
 *
 * @example
 * const init: CurveInit = { name: 'DE Price EUR/MWh H Actual', curveType: CurveType.TIMESERIES, frequency: Frequency.PT1H, dataType: DataType.ACTUAL };
 * new Curve(init).timezone //=> 'CET'
 */
export interface CurveInit {
  /** The identifier, used in every data operation. */
  name: string;
  /** Which operation family loads the curve. */
  curveType: CurveType;
  /** Frequency of the data. */
  frequency: Frequency;
  /** Zone of the data's date-times (a luxon Zone or a wire name); default CET. */
  timezone?: ZoneInput;
  /** Zone of instance `issued` values; default UTC for curve types with instances, else ignored. */
  instanceIssuedTimezone?: ZoneInput | null;
  /** Area of the curve (the exporting area for exchange curves); the empty "no area" entry counts as none. */
  area?: Area | null;
  /** Importing area of an exchange curve. */
  areaSink?: Area | null;
  /** The place the curve belongs to. */
  place?: Place | null;
  /** Categories, e.g. `['Wind', 'Power', 'Production']`. */
  categories?: readonly string[];
  /** Unit, e.g. `'MWh/h'` or `'EUR'`. */
  unit?: string | null;
  /** Denominator of a price unit (`'MWh'` for EUR/MWh). */
  denominator?: string | null;
  /** Data type (the last word of the name). */
  dataType: DataType;
  /** Source of the data. */
  source?: string | null;
  /** Commodity, e.g. `'Power'`. */
  commodity?: string | null;
  /** Subscription the curve belongs to. */
  subscription?: Subscription | null;
}

function areaOrNull(area: Area | null | undefined): Area | null {
  return area && area.tag !== '' ? area : null;
}

function zoneOf(input: ZoneInput): Zone {
  return typeof input === 'string' ? zoneByName(input) : input;
}

/**
 * A curve identifies a series of data. `name` is the identifier; `resolution` is derived from
 * `frequency` and `timezone`.
 *
 * @param init - The fields.
 * @throws ValueError when a zone name is unknown.
 * @example
 * const c = new Curve({ name: 'DE Wind Power Production MWh/h 15min Forecast', curveType: CurveType.INSTANCE,
 *   frequency: Frequency.PT15M, dataType: DataType.FORECAST, area: Area.byTag('DE') });
 * c.resolution.toDict() //=> { frequency: 'PT15M', timezone: 'CET' }
 */
export class Curve {
  /** The identifier. */
  readonly name: string;
  /** Curve type. */
  readonly curveType: CurveType;
  /** Frequency of the data. */
  readonly frequency: Frequency;
  /** Zone of the data (luxon Zone). */
  readonly zone: Zone;
  /** Wire name of `zone`, e.g. `'CET'`. */
  readonly timezone: string;
  /** Frequency and zone together (derived). */
  readonly resolution: Resolution;
  /** Zone of instance issue times (curve types with instances only), else null. */
  readonly instanceIssuedZone: Zone | null;
  /** Wire name of `instanceIssuedZone`, or null. */
  readonly instanceIssuedTimezone: string | null;
  /** Area, or null. */
  readonly area: Area | null;
  /** Exporting area of an exchange curve (equal to `area` when `areaSink` is set), or null. */
  readonly areaSource: Area | null;
  /** Importing area of an exchange curve, or null. */
  readonly areaSink: Area | null;
  /** Place, or null. */
  readonly place: Place | null;
  /** Categories. */
  readonly categories: readonly string[];
  /** Unit, or null. */
  readonly unit: string | null;
  /** Denominator, or null. */
  readonly denominator: string | null;
  /** Data type. */
  readonly dataType: DataType;
  /** Source, or null. */
  readonly source: string | null;
  /** Commodity, or null. */
  readonly commodity: string | null;
  /** Subscription, or null. */
  readonly subscription: Subscription | null;

  constructor(init: CurveInit) {
    this.name = init.name;
    this.curveType = init.curveType;
    this.frequency = init.frequency;
    this.zone = zoneOf(init.timezone ?? CET);
    this.timezone = zoneName(this.zone);
    this.resolution = new Resolution(this.frequency, this.zone);
    this.instanceIssuedZone = init.curveType.hasInstances ? zoneOf(init.instanceIssuedTimezone ?? UTC) : null;
    this.instanceIssuedTimezone = this.instanceIssuedZone ? zoneName(this.instanceIssuedZone) : null;
    this.area = areaOrNull(init.area);
    this.areaSink = areaOrNull(init.areaSink);
    this.areaSource = this.areaSink ? this.area : null;
    this.place = init.place ?? null;
    this.categories = Object.freeze([...(init.categories ?? [])]);
    this.unit = init.unit ?? null;
    this.denominator = init.denominator ?? null;
    this.dataType = init.dataType;
    this.source = init.source ?? null;
    this.commodity = init.commodity ?? null;
    this.subscription = init.subscription ?? null;
    Object.freeze(this);
  }

  /**
   * Tells whether a value is a Curve (brand check, works across package copies).
   *
   * @param value - Anything.
   * @returns True for a Curve.
   * @example
   * Curve.isCurve('DE Wind Power Production MWh/h 15min Forecast') //=> false
   */
  static isCurve(value: unknown): value is Curve {
    return hasBrand(value, BRAND);
  }

  /**
   * Returns a copy with some fields changed.
   *
   * @param changes - The fields to change.
   * @returns A new Curve.
   * @example
   * c.with({ unit: 'GWh/h' }).unit //=> 'GWh/h'
   */
  with(changes: Partial<CurveInit>): Curve {
    return this.#clone(changes);
  }

  #clone(alts: Partial<CurveInit>): Curve {
    return new Curve({
      name: this.name,
      curveType: this.curveType,
      frequency: this.frequency,
      timezone: this.zone,
      instanceIssuedTimezone: this.instanceIssuedZone,
      area: this.area,
      areaSink: this.areaSink,
      place: this.place,
      categories: this.categories,
      unit: this.unit,
      denominator: this.denominator,
      dataType: this.dataType,
      source: this.source,
      commodity: this.commodity,
      subscription: this.subscription,
      ...alts,
    });
  }

  /**
   * Compares all fields (zones by wire name, place and subscription by value).
   *
   * @param other - Another curve.
   * @returns True when equal.
   * @example
   * c.equals(c.with({})) //=> true
   */
  equals(other: Curve): boolean {
    if (!Curve.isCurve(other)) return false;
    if (this === other) return true;
    return (
      this.name === other.name &&
      this.curveType === other.curveType &&
      this.frequency === other.frequency &&
      this.timezone === other.timezone &&
      this.instanceIssuedTimezone === other.instanceIssuedTimezone &&
      this.area === other.area &&
      this.areaSink === other.areaSink &&
      listEquals(this.categories, other.categories) &&
      this.unit === other.unit &&
      this.denominator === other.denominator &&
      this.dataType === other.dataType &&
      this.source === other.source &&
      this.commodity === other.commodity &&
      equalsNullable(this.place, other.place) &&
      equalsNullable(this.subscription, other.subscription)
    );
  }

  /**
   * A plain snapshot (docs/model.md#snapshots), keyed like the wire JSON (docs/protocol.md#curve-json); no
   * area is written as `""`.
   * Not the wire format: `serializeCurve` (`src/wire/json`) writes that.
   *
   * @returns A plain object.
   * @example
   * c.toJSON().resolution //=> { frequency: 'PT15M', timezone: 'CET' }
   */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      curve_type: this.curveType.tag,
      area: this.area ? this.area.tag : '',
      area_sink: this.areaSink ? this.areaSink.tag : null,
      place: this.place ? this.place.toJSON() : null,
      categories: [...this.categories],
      resolution: { frequency: this.frequency.tag, timezone: this.timezone },
      unit: this.unit,
      denominator: this.denominator,
      data_type: this.dataType.tag,
      source: this.source,
      commodity: this.commodity,
      instance_issued_timezone: this.instanceIssuedTimezone,
      subscription: this.subscription ? this.subscription.toJSON() : null,
    };
  }

  /**
   * A one-line description.
   *
   * @returns The text.
   * @example
   * c.toString() //=> '<Curve: "DE Wind Power Production MWh/h 15min Forecast", curve_type=INSTANCE>'
   */
  toString(): string {
    return `<Curve: "${this.name}", curve_type=${this.curveType.tag}>`;
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else `toString()` (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options);
  }

  /**
   * The notebook display bundle: name, type, resolution, unit, area.
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * c[Symbol.for('Jupyter.display')]()['text/html'].includes('PT15M') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('Curve', this.toString(), this[SUMMARY_ROWS]());
  }

  /** The rows of the display, and the curve's row in a list's table (a page of a curve search). */
  [SUMMARY_ROWS](): readonly SummaryRow[] {
    const unit = this.denominator ? `${this.unit ?? ''}/${this.denominator}` : this.unit;
    return [
      ['name', this.name],
      ['curve type', this.curveType.tag],
      ['data type', this.dataType.tag],
      ['resolution', `${this.frequency.tag} ${this.timezone}`],
      ['unit', unit],
      ['area', this.areaSink ? `${this.area?.tag ?? ''}>${this.areaSink.tag}` : this.area?.tag],
      ['place', this.place?.name],
      ['categories', this.categories.join(', ') || null],
    ];
  }
}
setBrand(Curve.prototype, BRAND);
