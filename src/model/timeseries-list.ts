/**
 * A list of time series that share one frequency (docs/model.md#timeseries).
 *
 * @module
 */
import { ValueError } from '../exceptions';
import type { Frequency } from '../time';
import {
  escapeHtml,
  formatTime,
  hasBrand,
  INSPECT,
  JUPYTER_DISPLAY,
  setBrand,
  type DisplayBundle,
  tabularBundle,
  tabularText,
} from './display';
import { Timeseries } from './timeseries';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.TimeseriesList');

function checkedFrequency(items: readonly unknown[], frequency: Frequency | null): Frequency | null {
  let freq = frequency;
  items.forEach((item, i) => {
    if (!Timeseries.isTimeseries(item)) throw new ValueError(`TimeseriesList: item ${i} is not a Timeseries`);
    const f = item.resolution.frequency;
    if (freq === null) freq = f;
    else if (!f.equals(freq)) {
      throw new ValueError(`TimeseriesList: all series must have one frequency; item ${i} has ${f.tag}, expected ${freq.tag}`);
    }
  });
  return freq;
}

/**
 * An immutable array of {@link Timeseries} that all have the same frequency. It is a real
 * `Array` (indexing, `map`, `for...of`); `map`, `filter` and `slice` give plain arrays, and
 * `concat` gives a new, checked TimeseriesList. Mutating methods throw a TypeError.
 *
 * @param items - The series.
 * @param frequency - The frequency the members must have; default the first member's.
 * @throws ValueError when an item is not a Timeseries or the frequencies differ.
 * @example
 * const list = new TimeseriesList([hourly1, hourly2]);
 * list.frequency.tag //=> 'PT1H'
 * new TimeseriesList([hourly1, daily1]) // throws ValueError
 */
export class TimeseriesList extends Array<Timeseries> {
  /** The shared frequency, or null for an empty list without one. */
  readonly frequency: Frequency | null;

  /** Derived arrays (`map`, `filter`, `slice`) are plain arrays. */
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  constructor(items: Iterable<Timeseries> = [], frequency: Frequency | null = null) {
    super();
    const list = [...items];
    this.frequency = checkedFrequency(list, frequency);
    for (const item of list) super.push(item);
    Object.freeze(this);
  }

  /**
   * Tells whether a value is a TimeseriesList (brand check).
   *
   * @param value - Anything.
   * @returns True for a TimeseriesList.
   * @example
   * TimeseriesList.isTimeseriesList([]) //=> false
   */
  static isTimeseriesList(value: unknown): value is TimeseriesList {
    return hasBrand(value, BRAND);
  }

  /**
   * A new list with more series appended (frequency checked).
   *
   * @param items - Series or arrays of series.
   * @returns A new TimeseriesList.
   * @throws ValueError when a frequency differs.
   * @example
   * list.concat(hourly3).length //=> 3
   */
  override concat(...items: (Timeseries | ConcatArray<Timeseries>)[]): TimeseriesList {
    return this.#clone([...this, ...items.flatMap((x) => (Timeseries.isTimeseries(x) ? [x] : Array.from(x as ArrayLike<Timeseries>)))]);
  }

  #clone(items: readonly Timeseries[]): TimeseriesList {
    return new TimeseriesList(items, this.frequency);
  }

  /**
   * Compares frequency and members.
   *
   * @param other - Another list.
   * @returns True when equal.
   * @example
   * list.equals(new TimeseriesList([...list])) //=> true
   */
  equals(other: TimeseriesList): boolean {
    if (!TimeseriesList.isTimeseriesList(other)) return false;
    return (
      (this.frequency === null ? other.frequency === null : this.frequency.equals(other.frequency)) &&
      this.length === other.length &&
      this.every((ts, i) => ts.equals(other[i]!))
    );
  }

  /**
   * The members' snapshots (docs/model.md#snapshots), as an array; not the wire format: `serializeTimeseriesList`
   * (`src/wire/json`) writes that.
   *
   * @returns An array of time-series objects.
   * @example
   * list.toJSON().length //=> 2
   */
  toJSON(): Record<string, unknown>[] {
    return Array.from(this, (ts) => ts.toJSON());
  }

  /**
   * A summary: frequency, count and the members' names.
   *
   * @returns The text.
   * @example
   * list.toString() //=> '<TimeseriesList: frequency=PT1H, count=2, names=["a", "b"]>'
   */
  override toString(): string {
    const names = Array.from(this, (ts) => JSON.stringify(ts.name));
    return `<TimeseriesList: frequency=${this.frequency?.tag ?? 'None'}, count=${this.length}, names=[${names.join(', ')}]>`;
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else a head/tail text table (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options, () => tabularText(this));
  }

  /**
   * The notebook display bundle: one row per member (name, instance, begin, end, count).
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * list[Symbol.for('Jupyter.display')]()['text/html'].includes('<table>') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return tabularBundle(this, () => {
      const rows = Array.from(this, (ts) => {
        const cells = [
          ts.name ?? '',
          ts.columnHeader().trim(),
          ts.hasData() ? formatTime(ts.begin()) : '',
          ts.hasData() ? formatTime(ts.end()) : '',
          String(ts.length),
        ];
        return `<tr>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
      });
      const head = '<tr><th>name</th><th>instance/contract</th><th>begin</th><th>end</th><th>count</th></tr>';
      const title = `TimeseriesList (${this.length}, ${this.frequency?.tag ?? 'no frequency'})`;
      return {
        'text/plain': this.toString(),
        'text/html': `<div class="service-model"><strong>${escapeHtml(title)}</strong><table>${head}${rows.join('')}</table></div>`,
      };
    });
  }
}
setBrand(TimeseriesList.prototype, BRAND);
