/**
 * The base of time series and period-based series (docs/model.md#series).
 *
 * @module
 */
import type { DateTime } from 'luxon';
import type { Resolution } from '../time';
import { ValueError } from '../exceptions';
import type { Contract } from './contract';
import type { Curve } from './curve';
import {
  displayBundle,
  equalsNullable,
  formatTime,
  hasBrand,
  setBrand,
  SUMMARY_ROWS,
  type DisplayBundle,
  type SummaryRow,
} from './display';
import type { Instance } from './instance';

const BRAND = Symbol.for('service.model.Series');

// What a series shares with its subclasses (Timeseries, Periodseries), keyed by symbols: a kernel's
// completion lists an object's named members, and these are no part of the public API.
/** The shared fields, for subclasses' `clone`. */
export const SERIES_INIT = Symbol.for('service.model.series.init');
/** Compares the shared fields, for subclasses' `equals`. */
export const SERIES_EQUALS = Symbol.for('service.model.series.equals');
/** The shared wire JSON fields, for subclasses' `toJSON`. */
export const SERIES_JSON = Symbol.for('service.model.series.json');
/** The one-line summary of subclasses' `toString`. */
export const SERIES_DESCRIBE = Symbol.for('service.model.series.describe');
/** The notebook bundle of subclasses. */
export const SERIES_DISPLAY = Symbol.for('service.model.series.display');

/**
 * Fields shared by every series; only `resolution` is required.
 *
 * @example
 * const init: SeriesInit = { resolution: new Resolution(Frequency.PT1H, CET), name: 'price' };
 * new Timeseries(init).name //=> 'price'
 */
export interface SeriesInit {
  /** Frequency and zone of the data. */
  resolution: Resolution;
  /** The curve, if known. */
  curve?: Curve | null;
  /** The instance, for single-instance results. */
  instance?: Instance | null;
  /** The contract, for OHLC-derived series. */
  contract?: Contract | null;
  /** A custom name; by default the series is named after its curve. */
  name?: string | null;
  /** Unit of the values; default the curve's unit. */
  unit?: string | null;
  /** Denominator of the unit; default the curve's denominator. */
  denominator?: string | null;
}

/**
 * Base class of {@link Timeseries} and {@link Periodseries}: the metadata every series has.
 * Not constructed directly.
 *
 * @param init - The shared fields.
 * @throws ValueError when `resolution` is missing.
 * @example
 * Series.isSeries(timeseries) //=> true
 */
export abstract class Series {
  /** The curve, or null. */
  readonly curve: Curve | null;
  /** Frequency and zone of the data. */
  readonly resolution: Resolution;
  /** The instance, or null. */
  readonly instance: Instance | null;
  /** The contract (OHLC-derived series), or null. */
  readonly contract: Contract | null;
  /** Unit of the values, or null. */
  readonly unit: string | null;
  /** Denominator of the unit, or null. */
  readonly denominator: string | null;
  readonly #name: string | null;

  protected constructor(init: SeriesInit) {
    if (!init?.resolution) throw new ValueError('A series needs a resolution');
    this.resolution = init.resolution;
    this.curve = init.curve ?? null;
    this.instance = init.instance ?? null;
    this.contract = init.contract ?? null;
    this.#name = init.name ?? null;
    this.unit = init.unit === undefined ? (this.curve?.unit ?? null) : init.unit;
    this.denominator = init.denominator === undefined ? (this.curve?.denominator ?? null) : init.denominator;
  }

  /**
   * Tells whether a value is a series of any kind (brand check).
   *
   * @param value - Anything.
   * @returns True for a Timeseries or Periodseries.
   * @example
   * Series.isSeries({}) //=> false
   */
  static isSeries(value: unknown): value is Series {
    return hasBrand(value, BRAND);
  }

  /**
   * The series name: the custom name if one was set, else the curve name, else null.
   *
   * @returns The name.
   * @example
   * timeseries.withName('wind').name //=> 'wind'
   */
  get name(): string | null {
    return this.#name ?? this.curve?.name ?? null;
  }

  /**
   * The custom name only (null when the series is named after its curve).
   *
   * @returns The custom name, or null.
   * @example
   * timeseries.customName //=> null
   */
  get customName(): string | null {
    return this.#name;
  }

  /** Number of data items. */
  abstract get length(): number;

  /**
   * First date-time of the data (inclusive).
   *
   * @returns The begin.
   * @throws ValueError when the series has no data.
   */
  abstract begin(): DateTime;

  /**
   * End of the data (exclusive).
   *
   * @returns The end.
   * @throws ValueError when the series has no data.
   */
  abstract end(): DateTime;

  /**
   * Tells whether the series has at least one data item.
   *
   * @returns True when `length > 0`.
   * @example
   * timeseries.hasData() //=> true
   */
  hasData(): boolean {
    return this.length > 0;
  }

  /**
   * The label of the series' instance or contract in table headers: the instance header if
   * there is an instance, else the contract header, else `''`.
   *
   * @returns The label.
   * @example
   * timeseries.columnHeader() //=> '2020-06-01 00:00 ec'
   */
  columnHeader(): string {
    if (this.instance) return this.instance.columnHeader();
    if (this.contract) return this.contract.columnHeader();
    return '';
  }

  /** The shared fields, for subclasses' `clone`. */
  protected [SERIES_INIT](): SeriesInit {
    return {
      resolution: this.resolution,
      curve: this.curve,
      instance: this.instance,
      contract: this.contract,
      name: this.#name,
      unit: this.unit,
      denominator: this.denominator,
    };
  }

  /** Compares the shared fields, for subclasses' `equals`. */
  protected [SERIES_EQUALS](other: Series): boolean {
    return (
      this.resolution.equals(other.resolution) &&
      equalsNullable(this.curve, other.curve) &&
      equalsNullable(this.instance, other.instance) &&
      equalsNullable<Contract>(this.contract, other.contract) &&
      this.#name === other.customName &&
      this.unit === other.unit &&
      this.denominator === other.denominator
    );
  }

  /** The shared wire JSON fields, for subclasses' `toJSON`. */
  protected [SERIES_JSON](): Record<string, unknown> {
    return {
      curve: this.curve ? this.curve.toJSON() : null,
      resolution: { frequency: this.resolution.frequency.tag, timezone: this.resolution.timezone },
      instance: this.instance ? this.instance.toJSON() : null,
      unit: this.unit,
      denominator: this.denominator,
    };
  }

  /** The one-line summary of subclasses' `toString`: metadata, `extra`, then begin, end, count. */
  protected [SERIES_DESCRIBE](kind: string, extra: readonly string[]): string {
    const parts = [`resolution=<${this.resolution.frequency.tag}, ${this.resolution.timezone}>`];
    if (this.name !== null) parts.push(`name="${this.name}"`);
    if (this.instance) parts.push(`instance=${this.instance.toString()}`);
    if (this.contract) parts.push(`contract=${this.contract.toString()}`);
    parts.push(...extra);
    if (this.hasData()) {
      parts.push(`begin="${formatTime(this.begin())}"`, `end="${formatTime(this.end())}"`, `count=${this.length}`);
    } else {
      parts.push('EMPTY');
    }
    return `<${kind}: ${parts.join(', ')}>`;
  }

  /** The series' summary: metadata, then begin, end, count (its row in a list's table). */
  [SUMMARY_ROWS](): readonly SummaryRow[] {
    const has = this.hasData();
    return [
      ['name', this.name],
      ['resolution', `${this.resolution.frequency.tag} ${this.resolution.timezone}`],
      ['instance', this.instance ? this.instance.columnHeader().trim() : null],
      ['contract', this.contract ? this.contract.columnHeader() : null],
      ['unit', this.denominator ? `${this.unit ?? ''}/${this.denominator}` : this.unit],
      ['begin', has ? formatTime(this.begin()) : null],
      ['end', has ? formatTime(this.end()) : null],
      ['count', this.length],
    ];
  }

  /** The notebook bundle of subclasses: metadata, `extra` rows, then begin, end, count. */
  protected [SERIES_DISPLAY](kind: string, extra: readonly SummaryRow[]): DisplayBundle {
    const rows = this[SUMMARY_ROWS]();
    return displayBundle(kind, this.toString(), [...rows.slice(0, -3), ...extra, ...rows.slice(-3)]);
  }
}
setBrand(Series.prototype, BRAND);
