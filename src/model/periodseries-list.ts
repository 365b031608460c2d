/**
 * A list of period-based series (docs/model.md#periodseries).
 *
 * `toTimeseries(frequency, field)` is attached by the engine layer
 * (`src/engine/periods-to-steps.ts`).
 *
 * @module
 */
import { ValueError } from '../exceptions';
import {
  hasBrand,
  INSPECT,
  itemsTable,
  JUPYTER_DISPLAY,
  recordsBundle,
  recordsText,
  setBrand,
  type DisplayBundle,
  type RecordTable,
} from './display';
import { Periodseries } from './periodseries';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.PeriodseriesList');

/**
 * An immutable array of {@link Periodseries} (for example the instances of a period-instance
 * curve). `map`, `filter` and `slice` give plain arrays; `concat` gives a new PeriodseriesList.
 *
 * @param items - The series.
 * @throws ValueError when an item is not a Periodseries.
 * @example
 * const list = new PeriodseriesList([ps1, ps2]);
 * list.length //=> 2
 */
export class PeriodseriesList extends Array<Periodseries> {
  /** Derived arrays (`map`, `filter`, `slice`) are plain arrays. */
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  constructor(items: Iterable<Periodseries> = []) {
    super();
    let i = 0;
    for (const item of items) {
      if (!Periodseries.isPeriodseries(item)) throw new ValueError(`PeriodseriesList: item ${i} is not a Periodseries`);
      super.push(item);
      i++;
    }
    Object.freeze(this);
  }

  /**
   * Tells whether a value is a PeriodseriesList (brand check).
   *
   * @param value - Anything.
   * @returns True for a PeriodseriesList.
   * @example
   * PeriodseriesList.isPeriodseriesList(list) //=> true
   */
  static isPeriodseriesList(value: unknown): value is PeriodseriesList {
    return hasBrand(value, BRAND);
  }

  /**
   * A new list with more series appended.
   *
   * @param items - Series or arrays of series.
   * @returns A new PeriodseriesList.
   * @throws ValueError when an item is not a Periodseries.
   * @example
   * list.concat(ps3).length //=> 3
   */
  override concat(...items: (Periodseries | ConcatArray<Periodseries>)[]): PeriodseriesList {
    return this.#clone([
      ...this,
      ...items.flatMap((x) => (Periodseries.isPeriodseries(x) ? [x] : Array.from(x as ArrayLike<Periodseries>))),
    ]);
  }

  #clone(items: readonly Periodseries[]): PeriodseriesList {
    return new PeriodseriesList(items);
  }

  /**
   * Compares the members.
   *
   * @param other - Another list.
   * @returns True when equal.
   * @example
   * list.equals(new PeriodseriesList([...list])) //=> true
   */
  equals(other: PeriodseriesList): boolean {
    if (!PeriodseriesList.isPeriodseriesList(other)) return false;
    return this.length === other.length && this.every((ps, i) => ps.equals(other[i]!));
  }

  /**
   * The members' snapshots (docs/model.md#snapshots), as an array; not the wire format: `serializePeriodseriesList`
   * (`src/wire/json`) writes that.
   *
   * @returns An array of period-series objects.
   * @example
   * list.toJSON().length //=> 2
   */
  toJSON(): Record<string, unknown>[] {
    return Array.from(this, (ps) => ps.toJSON());
  }

  /**
   * A summary: count and the members' names.
   *
   * @returns The text.
   * @example
   * list.toString() //=> '<PeriodseriesList: count=2, names=["a", "b"]>'
   */
  override toString(): string {
    const names = Array.from(this, (ps) => JSON.stringify(ps.name));
    return `<PeriodseriesList: count=${this.length}, names=[${names.join(', ')}]>`;
  }

  /** The caption and a row per member. */
  #table(): RecordTable {
    return itemsTable(`PeriodseriesList · ${this.length} series`, this);
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else the text table (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options, () => recordsText(this.#table(), this.toString()));
  }

  /**
   * The notebook display bundle: a row per member (name, resolution, instance, unit, begin, end, count).
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * list[Symbol.for('Jupyter.display')]()['text/html'].includes('<table') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return recordsBundle(this.#table(), this.toString());
  }
}
setBrand(PeriodseriesList.prototype, BRAND);
