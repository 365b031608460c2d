/**
 * A period-based series, stored as columns (docs/model.md#periodseries, docs/protocol.md#periodseries-json).
 *
 * `toTimeseries(frequency, field)` is attached by the engine layer
 * (`src/engine/periods-to-steps.ts`), so that the model imports nothing above `src/time`.
 *
 * @module
 */
import { DateTime } from 'luxon';
import { ValueError } from '../exceptions';
import { checkPeriods, columnEquals, toFloat64, type ColumnInput } from './columns';
import {
  formatTime,
  hasBrand,
  INSPECT,
  JUPYTER_DISPLAY,
  recordsBundle,
  recordsText,
  setBrand,
  type DisplayBundle,
  type RecordCell,
  type RecordTable,
} from './display';
import { periodAt, periodColumnsFromItems, type CapacityPeriod, type Period, type PeriodItemInput } from './periodseries-items';
import { SERIES_DESCRIBE, SERIES_EQUALS, SERIES_INIT, SERIES_JSON, Series, type SeriesInit } from './series';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.Periodseries');

/**
 * Fields of a {@link Periodseries}: the series fields plus the columns.
 *
 * @example
 * const init: PeriodseriesInit = { resolution, begins: [0], ends: [3600000], values: [5] };
 * new Periodseries(init).length //=> 1
 */
export interface PeriodseriesInit extends SeriesInit {
  /** Period starts (inclusive), epoch milliseconds. */
  begins?: ColumnInput;
  /** Period ends (exclusive), epoch milliseconds. */
  ends?: ColumnInput;
  /** Values (NaN or null = missing). */
  values?: ColumnInput;
  /** Installed capacities, or null/absent when the periods carry none. */
  capacities?: ColumnInput | null;
}

/**
 * A period-based series: periods `[begin, end)` with a value, and optionally the installed
 * capacity (capacity periods). The data is held in the columns `begins`, `ends`, `values` and
 * `capacities`; the item views (`data`, `at(i)`, iteration) give DateTimes in the series' zone.
 *
 * @param init - Series fields and columns.
 * @throws ValueError when the columns differ in length.
 * @example
 * const ps = Periodseries.fromItems([{ begin: '2020-01-01', end: '2020-01-06', value: 8113 }],
 *   { resolution: new Resolution(Frequency.NONE, CET) });
 * ps.end().toISODate() //=> '2020-01-06'
 */
export class Periodseries extends Series {
  /** Period starts, epoch milliseconds. */
  readonly begins: Float64Array;
  /** Period ends, epoch milliseconds. */
  readonly ends: Float64Array;
  /** Values (NaN = missing). */
  readonly values: Float64Array;
  /** Installed capacities (NaN = missing), or null without capacity periods. */
  readonly capacities: Float64Array | null;
  #items: readonly (Period | CapacityPeriod)[] | null = null;

  constructor(init: PeriodseriesInit) {
    super(init);
    const begins = toFloat64(init.begins ?? []);
    const ends = toFloat64(init.ends ?? []);
    const values = toFloat64(init.values ?? []);
    const capacities = init.capacities === null || init.capacities === undefined ? null : toFloat64(init.capacities);
    const n = begins.length;
    if (ends.length !== n || values.length !== n || (capacities !== null && capacities.length !== n)) {
      throw new ValueError('Periodseries: begins, ends, values and capacities must have the same length');
    }
    this.begins = begins;
    this.ends = ends;
    this.values = values;
    this.capacities = capacities;
    Object.freeze(this);
  }

  /**
   * Builds a period-based series from period items.
   *
   * @param items - Periods `{begin, end, value}` or `{begin, end, value, installed}`.
   * @param init - The series fields.
   * @returns The series.
   * @throws ValueError when a date-time is invalid.
   * @example
   * Periodseries.fromItems([{ begin: '2020-01-01', end: '2020-01-06', value: 1, installed: 2 }], { resolution }).hasCapacity() //=> true
   */
  static fromItems(items: readonly PeriodItemInput[], init: SeriesInit): Periodseries {
    return new Periodseries({ ...init, ...periodColumnsFromItems(items, init.resolution.zone) });
  }

  /**
   * Tells whether a value is a Periodseries (brand check, works across package copies).
   *
   * @param value - Anything.
   * @returns True for a Periodseries.
   * @example
   * Periodseries.isPeriodseries(ps) //=> true
   */
  static isPeriodseries(value: unknown): value is Periodseries {
    return hasBrand(value, BRAND);
  }

  /**
   * Number of periods.
   *
   * @returns The count.
   * @example
   * ps.length //=> 1
   */
  get length(): number {
    return this.begins.length;
  }

  /**
   * Tells whether the periods are capacity periods (they carry `installed`).
   *
   * @returns True when there is a capacities column.
   * @example
   * ps.hasCapacity() //=> false
   */
  hasCapacity(): boolean {
    return this.capacities !== null;
  }

  /**
   * The periods as views (`Period` or `CapacityPeriod`), built on first use.
   *
   * @returns A frozen array of periods.
   * @example
   * ps.data[0].value //=> 8113
   */
  get data(): readonly (Period | CapacityPeriod)[] {
    if (this.#items === null) {
      const items: (Period | CapacityPeriod)[] = new Array(this.length);
      for (let i = 0; i < this.length; i++) items[i] = periodAt(this, this.resolution.zone, i);
      this.#items = Object.freeze(items);
    }
    return this.#items;
  }

  /**
   * The period at an index; negative indexes count from the end.
   *
   * @param index - The index.
   * @returns The period, or undefined outside the series.
   * @example
   * ps.at(-1).end.toISODate() //=> '2020-01-06'
   */
  at(index: number): Period | CapacityPeriod | undefined {
    const i = index < 0 ? this.length + index : index;
    if (!Number.isInteger(i) || i < 0 || i >= this.length) return undefined;
    return this.#items ? this.#items[i] : periodAt(this, this.resolution.zone, i);
  }

  /**
   * Iterates over the periods.
   *
   * @returns An iterator of periods.
   * @example
   * [...ps].length //=> 1
   */
  *[Symbol.iterator](): IterableIterator<Period | CapacityPeriod> {
    for (let i = 0; i < this.length; i++) yield this.at(i) as Period;
  }

  /**
   * Checks the periods: each non-empty, sorted, no duplicates or overlaps, and on the
   * resolution's grid when the frequency is not NONE.
   *
   * @returns Nothing.
   * @throws ValueError naming the first offending index.
   * @example
   * ps.validate() //=> undefined
   */
  validate(): void {
    checkPeriods(this.begins, this.ends, this.resolution);
  }

  /**
   * Start of the first period (inclusive).
   *
   * @returns The begin.
   * @throws ValueError when the series is empty.
   * @example
   * ps.begin().toISODate() //=> '2020-01-01'
   */
  begin(): DateTime {
    if (this.length === 0) throw new ValueError('Periodseries has no values');
    return DateTime.fromMillis(this.begins[0]!, { zone: this.resolution.zone });
  }

  /**
   * End of the last period (exclusive).
   *
   * @returns The end.
   * @throws ValueError when the series is empty.
   * @example
   * ps.end().toISODate() //=> '2020-01-06'
   */
  end(): DateTime {
    if (this.length === 0) throw new ValueError('Periodseries has no values');
    return DateTime.fromMillis(this.ends[this.length - 1]!, { zone: this.resolution.zone });
  }

  /**
   * Returns a copy with another custom name (null: named after the curve again).
   *
   * @param name - The name.
   * @returns A new Periodseries.
   * @example
   * ps.withName('nuclear').name //=> 'nuclear'
   */
  withName(name: string | null): Periodseries {
    return this.#clone({ name });
  }

  /**
   * Returns a copy with some fields or columns changed.
   *
   * @param changes - The fields to change.
   * @returns A new Periodseries.
   * @example
   * ps.with({ unit: 'GW' }).unit //=> 'GW'
   */
  with(changes: Partial<PeriodseriesInit>): Periodseries {
    return this.#clone(changes);
  }

  #clone(alts: Partial<PeriodseriesInit>): Periodseries {
    return new Periodseries({
      ...this[SERIES_INIT](),
      begins: this.begins,
      ends: this.ends,
      values: this.values,
      capacities: this.capacities,
      ...alts,
    });
  }

  /**
   * Compares metadata and columns (NaN equal to NaN).
   *
   * @param other - Another period-based series.
   * @returns True when equal.
   * @example
   * ps.equals(ps.with({})) //=> true
   */
  equals(other: Periodseries): boolean {
    if (!Periodseries.isPeriodseries(other)) return false;
    if (this === other) return true;
    return (
      this[SERIES_EQUALS](other) &&
      columnEquals(this.begins, other.begins) &&
      columnEquals(this.ends, other.ends) &&
      columnEquals(this.values, other.values) &&
      columnEquals(this.capacities, other.capacities)
    );
  }

  /**
   * A plain snapshot (docs/model.md#snapshots), keyed like the wire JSON
   * (docs/protocol.md#periodseries-json): `data` items `{begin, end, v}` plus `capacity` for
   * capacity periods.
   * Not the wire format: `serializePeriodseries` (`src/wire/json`) writes that.
   *
   * @returns A plain object.
   * @example
   * ps.toJSON().data //=> [{ begin: '2020-01-01T00:00:00+01:00', end: '2020-01-06T00:00:00+01:00', v: 8113 }]
   */
  toJSON(): Record<string, unknown> {
    const data = this.data.map((p) => {
      const json: Record<string, unknown> = { begin: formatTime(p.begin), end: formatTime(p.end), v: p.value };
      if ('installed' in p) json.capacity = p.installed;
      return json;
    });
    return { ...this[SERIES_JSON](), data };
  }

  /**
   * A one-line summary: resolution, name, instance, begin, end and count.
   *
   * @returns The text.
   * @example
   * ps.toString() //=> '<Periodseries: resolution=<NONE, CET>, begin="2020-01-01T00:00:00+01:00", end="2020-01-06T00:00:00+01:00", count=1>'
   */
  override toString(): string {
    return this[SERIES_DESCRIBE]('Periodseries', []);
  }

  /** The caption (name, instance, unit, zone, count) and a row per period. */
  #table(): RecordTable {
    const unit = this.denominator ? `${this.unit ?? ''}/${this.denominator}` : this.unit;
    const count = this.hasData() ? `${this.length} period${this.length === 1 ? '' : 's'}` : 'empty';
    const parts = ['Periodseries', this.name === null ? null : `"${this.name}"`, this.instance?.columnHeader().trim(), unit];
    const caption = [...parts, this.resolution.timezone, count].filter((p) => p !== null && p !== undefined && p !== '').join(' · ');
    const capacity = this.hasCapacity();
    const rows = this.data.map((p) => {
      const row: RecordCell[] = [formatTime(p.begin), formatTime(p.end), p.value];
      return capacity ? [...row, (p as CapacityPeriod).installed] : row;
    });
    return { caption, columns: capacity ? ['begin', 'end', 'value', 'installed'] : ['begin', 'end', 'value'], rows };
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else the text table (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options, () => recordsText(this.#table(), this.toString()));
  }

  /**
   * The notebook display bundle: the caption over the periods (begin, end, value; head and tail).
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * ps[Symbol.for('Jupyter.display')]()['text/html'].includes('begin') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return recordsBundle(this.#table(), this.toString());
  }
}
setBrand(Periodseries.prototype, BRAND);
