/**
 * A fixed-interval time series, stored as columns (docs/model.md#timeseries, docs/protocol.md#timeseries-json).
 *
 * @module
 */
import { DateTime } from 'luxon';
import { ValidationError, ValueError } from '../exceptions';
import { toDateTime, type TimeInput } from '../time';
import { checkSteps, columnEquals, type ColumnInput } from './columns';
import { hasBrand, INSPECT, JUPYTER_DISPLAY, listEquals, setBrand, type DisplayBundle, tabularBundle, tabularText } from './display';
import { ValueType } from './enums';
import { SERIES_DESCRIBE, SERIES_DISPLAY, SERIES_EQUALS, SERIES_INIT, SERIES_JSON, Series, type SeriesInit } from './series';
import { derivedName, derivedUnit, type ArithmeticOp } from './series-units';
import { combineColumns, type OperandColumns } from './timeseries-arithmetic';
import { stepRange } from '../time/step-range';
import type { Join } from './timeseries-join';
import { columnsFromItems, itemAt, itemToJSON, normaliseColumns, type TimeseriesItem, type TimeseriesItemInput } from './timeseries-items';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.Timeseries');

/**
 * Options of the series arithmetic (`plus`, `minus`, `times`, `dividedBy`).
 *
 * @example
 * const opts: ArithmeticOptions = { join: 'outer', name: 'spread' };
 */
export interface ArithmeticOptions {
  /** `'inner'` (default): only the steps both series have; `'outer'`: all steps, null where one is missing. */
  join?: Join;
  /** Name of the result; default derived (`'A - B'`). */
  name?: string;
}

/**
 * Checks that two series can be lined up step by step: same frequency and same zone.
 *
 * @param a - One series.
 * @param b - The other.
 * @param parameter - The parameter to blame.
 * @returns Nothing.
 * @throws ValidationError naming both series and the mismatch.
 * @example
 * checkAlignable(hourlyCet, dailyCet, 'other') // throws: 'a' (PT1H) and 'b' (P1D) have different frequencies
 */
export function checkAlignable(a: Timeseries, b: Timeseries, parameter: string): void {
  const fa = a.resolution.frequency;
  const fb = b.resolution.frequency;
  const na = a.name ?? 'series';
  const nb = b.name ?? 'series';
  if (!fa.equals(fb)) {
    throw new ValidationError(
      `'${na}' (${fa.tag}) and '${nb}' (${fb.tag}) have different frequencies; resample one of them first`,
      parameter,
    );
  }
  if (a.resolution.timezone !== b.resolution.timezone) {
    throw new ValidationError(
      `'${na}' (${a.resolution.timezone}) and '${nb}' (${b.resolution.timezone}) are in different zones; resample one of them first`,
      parameter,
    );
  }
}

/**
 * Fields of a {@link Timeseries}: the series fields plus the columns.
 *
 * @example
 * const init: TimeseriesInit = { resolution, times: [0], values: [1] };
 * new Timeseries(init).length //=> 1
 */
export interface TimeseriesInit extends SeriesInit {
  /** Step starts in epoch milliseconds, ascending. */
  times?: ColumnInput;
  /** Values (NaN or null = missing); null or absent for a scenarios-only series. */
  values?: ColumnInput | null;
  /** One column per scenario, each as long as `times`. */
  scenarios?: readonly ColumnInput[];
  /** Scenario names; default `e00`, `e01`, ... when there are scenarios. */
  scenarioNames?: readonly string[] | null;
}

/** A series' columns as series arithmetic takes them (its values as held: null for a scenarios-only series). */
function operandOf(ts: Timeseries): OperandColumns {
  return {
    name: ts.name ?? 'series',
    times: ts.times,
    values: ts.valuesOrNull(),
    scenarios: ts.scenarios,
    scenarioNames: ts.scenarioNames,
  };
}

/**
 * A time series with metadata. The data is held in columns: `times` (epoch ms), `values`
 * (NaN = missing; a scenarios-only series has none and throws when asked, see `hasValues`) and
 * one `scenarios` column per scenario; the
 * item views (`data`, `at(i)`, iteration) give luxon DateTimes in the series' zone.
 *
 * Typed arrays passed in are owned by the series from then on: do not change them afterwards.
 *
 * @param init - Series fields and columns.
 * @throws ValueError when columns differ in length, the scenario names do not match the
 *   scenario columns, or a non-empty series has neither values nor scenarios.
 * @example
 * const ts = new Timeseries({ resolution: new Resolution(Frequency.PT1H, CET), times: [Date.UTC(2024, 0, 1)], values: [5] });
 * ts.at(0).value //=> 5
 */
export class Timeseries extends Series {
  /** Step starts, epoch milliseconds. */
  readonly times: Float64Array;
  readonly #values: Float64Array | null;
  /** One column per scenario. */
  readonly scenarios: readonly Float64Array[];
  /** Scenario names, one per scenario column. */
  readonly scenarioNames: readonly string[];
  #items: readonly TimeseriesItem[] | null = null;

  constructor(init: TimeseriesInit) {
    super(init);
    const { times, values, scenarios, scenarioNames } = normaliseColumns(init);
    this.times = times;
    this.#values = values;
    this.scenarios = Object.freeze(scenarios);
    this.scenarioNames = Object.freeze(scenarioNames);
    Object.freeze(this);
  }

  /**
   * The values (NaN = missing) of a series that has them: a plain series or a mean with
   * scenarios. A scenarios-only series has no value column: read it with {@link scenario}
   * (or `scenarios`); asking it for `values` throws.
   *
   * @returns The value column.
   * @throws ValueError for a scenarios-only series, naming the series and its scenarios.
   * @example
   * ts.values[0] //=> 5
   */
  get values(): Float64Array {
    if (this.#values === null) {
      throw new ValueError(
        `Timeseries ${JSON.stringify(this.name ?? '')} has only scenarios (${this.scenarioNames.join(', ')}), no values: ` +
          'use scenario(name) or scenarios',
      );
    }
    return this.#values;
  }

  /**
   * Tells whether the series has a value column (false only for a scenarios-only series).
   *
   * @returns True when `values` can be read.
   * @example
   * ts.hasValues() //=> true
   */
  hasValues(): boolean {
    return this.#values !== null;
  }

  /**
   * The value column, or null for a scenarios-only series (for code that handles both kinds).
   *
   * @returns The values or null.
   * @example
   * climate.valuesOrNull() //=> null
   */
  valuesOrNull(): Float64Array | null {
    return this.#values;
  }

  /**
   * One scenario column, by name (`'e00'`) or position.
   *
   * @param which - The scenario name or its index.
   * @returns The column (NaN = missing).
   * @throws ValueError naming the series and its scenarios when there is no such scenario.
   * @example
   * ensemble.scenario('e01')[0] //=> 4249.56
   */
  scenario(which: string | number): Float64Array {
    const k = typeof which === 'number' ? which : this.scenarioNames.indexOf(which);
    const column = Number.isInteger(k) && k >= 0 ? this.scenarios[k] : undefined;
    if (column === undefined) {
      const known = this.scenarioNames.length > 0 ? this.scenarioNames.join(', ') : 'none';
      throw new ValueError(`Timeseries ${JSON.stringify(this.name ?? '')} has no scenario ${JSON.stringify(which)} (scenarios: ${known})`);
    }
    return column;
  }

  /**
   * Builds a time series from items instead of columns.
   *
   * @param items - Items `{date, value}`, `{date, scenarios}` or `{date, value, scenarios}`;
   *   date-times without an offset are wall-clock times in the resolution's zone.
   * @param init - The series fields (and optional `scenarioNames`).
   * @returns The time series.
   * @throws ValueError when the items are inconsistent or a date-time is invalid.
   * @example
   * Timeseries.fromItems([{ date: '2024-03-31T00:00', value: 1 }], { resolution }).length //=> 1
   */
  static fromItems(items: readonly TimeseriesItemInput[], init: SeriesInit & { scenarioNames?: readonly string[] | null }): Timeseries {
    const columns = columnsFromItems(items, init.resolution.zone);
    return new Timeseries({ ...init, ...columns });
  }

  /**
   * Tells whether a value is a Timeseries (brand check, works across package copies).
   *
   * @param value - Anything.
   * @returns True for a Timeseries.
   * @example
   * Timeseries.isTimeseries(ts) //=> true
   */
  static isTimeseries(value: unknown): value is Timeseries {
    return hasBrand(value, BRAND);
  }

  /**
   * Number of steps.
   *
   * @returns The count.
   * @example
   * ts.length //=> 1
   */
  get length(): number {
    return this.times.length;
  }

  /**
   * The items as views (`Value`, `ScenariosValue` or `MeanScenariosValue`), built on first use.
   *
   * @returns A frozen array of items.
   * @example
   * ts.data[0].date.toISO() //=> '2024-01-01T01:00:00.000+01:00'
   */
  get data(): readonly TimeseriesItem[] {
    if (this.#items === null) {
      const items: TimeseriesItem[] = new Array(this.length);
      for (let i = 0; i < this.length; i++) items[i] = this.#itemAt(i);
      this.#items = Object.freeze(items);
    }
    return this.#items;
  }

  /**
   * The item at an index; negative indexes count from the end.
   *
   * @param index - The index.
   * @returns The item, or undefined outside the series.
   * @example
   * ts.at(-1).value //=> 5
   */
  at(index: number): TimeseriesItem | undefined {
    const i = index < 0 ? this.length + index : index;
    if (!Number.isInteger(i) || i < 0 || i >= this.length) return undefined;
    return this.#items ? this.#items[i] : this.#itemAt(i);
  }

  /**
   * Iterates over the items.
   *
   * @returns An iterator of items.
   * @example
   * [...ts].length //=> 1
   */
  *[Symbol.iterator](): IterableIterator<TimeseriesItem> {
    for (let i = 0; i < this.length; i++) yield this.at(i) as TimeseriesItem;
  }

  #itemAt(i: number): TimeseriesItem {
    return itemAt(this.times, this.#values, this.scenarios, this.resolution.zone, i);
  }

  /**
   * The value type: VALUE, SCENARIOS or MEAN_AND_SCENARIOS.
   *
   * @returns The value type.
   * @example
   * ts.valueType() === ValueType.VALUE //=> true
   */
  valueType(): ValueType {
    if (this.scenarios.length === 0) return ValueType.VALUE;
    return this.#values === null ? ValueType.SCENARIOS : ValueType.MEAN_AND_SCENARIOS;
  }

  /**
   * Tells whether the series has scenarios.
   *
   * @returns True when there is at least one scenario column.
   * @example
   * ts.hasScenarios() //=> false
   */
  hasScenarios(): boolean {
    return this.scenarios.length > 0;
  }

  /**
   * Values per item: 1 for a plain series, the number of scenarios for a scenario series, and 1
   * plus the number of scenarios for a mean with scenarios.
   *
   * @returns The count.
   * @example
   * ts.totalValuesPerItem() //=> 1
   */
  totalValuesPerItem(): number {
    return (this.#values === null ? 0 : 1) + this.scenarios.length;
  }

  /**
   * Checks the steps: sorted, no duplicates, each on the resolution's grid (gaps are allowed).
   *
   * @returns Nothing.
   * @throws ValueError naming the first offending index.
   * @example
   * ts.validate() //=> undefined
   */
  validate(): void {
    checkSteps(this.times, this.resolution, 'Timeseries');
  }

  /**
   * Start of the first step (inclusive), in the series' zone.
   *
   * @returns The begin.
   * @throws ValueError when the series is empty.
   * @example
   * ts.begin().toISO() //=> '2024-01-01T01:00:00.000+01:00'
   */
  begin(): DateTime {
    if (this.length === 0) throw new ValueError('Timeseries has no values');
    return DateTime.fromMillis(this.times[0]!, { zone: this.resolution.zone });
  }

  /**
   * End of the last step (exclusive): the last start plus one step (for frequency NONE, the
   * last date-time itself).
   *
   * @returns The end.
   * @throws ValueError when the series is empty.
   * @example
   * ts.end().toISO() //=> '2024-01-01T02:00:00.000+01:00'
   */
  end(): DateTime {
    if (this.length === 0) throw new ValueError('Timeseries has no values');
    const last = DateTime.fromMillis(this.times[this.length - 1]!, { zone: this.resolution.zone });
    return this.resolution.isIterable() ? this.resolution.next(last) : last;
  }

  /**
   * The steps with `begin <= start < end`. Bounds are date-times (without an offset: wall-clock
   * time in the series' zone) or epoch milliseconds; null or absent means open.
   *
   * @param begin - Inclusive start.
   * @param end - Exclusive end.
   * @returns A new Timeseries with the same metadata.
   * @throws ValueError for an unreadable date-time.
   * @example
   * ts.slice('2024-03-31T02:00', '2024-03-31T05:00').length //=> 2 (02:00 does not exist on that day in CET)
   */
  slice(begin?: TimeInput | number | null, end?: TimeInput | number | null): Timeseries {
    const ms = (x: TimeInput | number | null | undefined, open: number): number =>
      x === null || x === undefined ? open : typeof x === 'number' ? x : toDateTime(x, this.resolution.zone).toMillis();
    const [lo, hi] = stepRange(this.times, ms(begin, -Infinity), ms(end, Infinity));
    return this.#clone({
      times: this.times.subarray(lo, hi),
      values: this.#values === null ? null : this.#values.subarray(lo, hi),
      scenarios: this.scenarios.map((c) => c.subarray(lo, hi)),
    });
  }

  /**
   * Applies a function to every value (and every scenario value); null values are passed as NaN
   * and a null or NaN result is a missing value.
   *
   * @param fn - `(value, index, time)` with `time` in epoch milliseconds.
   * @returns A new Timeseries with the same metadata.
   * @example
   * ts.map((v) => Math.max(v, 0)).values //=> values clipped at 0
   */
  map(fn: (value: number, index: number, time: number) => number | null): Timeseries {
    const times = this.times;
    const one = (column: Float64Array): Float64Array => {
      const out = new Float64Array(column.length);
      for (let i = 0; i < column.length; i++) out[i] = fn(column[i]!, i, times[i]!) ?? NaN;
      return out;
    };
    return this.#clone({ values: this.#values === null ? null : one(this.#values), scenarios: this.scenarios.map(one) });
  }

  /**
   * Adds another series (step by step) or a number.
   *
   * @param other - A series with the same frequency, zone and unit, or a number.
   * @param opts - `join` (`'inner'` default, or `'outer'`) and `name`.
   * @returns A new Timeseries named `'A + B'`.
   * @throws ValidationError naming both series when frequency, zone or unit differ.
   * @example
   * solar.plus(wind).name //=> 'DE Solar ... + DE Wind ...'
   */
  plus(other: Timeseries | number, opts: ArithmeticOptions = {}): Timeseries {
    return this.#arithmetic('plus', other, opts);
  }

  /**
   * Subtracts another series (step by step) or a number.
   *
   * @param other - A series with the same frequency, zone and unit, or a number.
   * @param opts - `join` and `name`.
   * @returns A new Timeseries named `'A - B'`.
   * @throws ValidationError naming both series when frequency, zone or unit differ.
   * @example
   * dePrice.minus(frPrice).unit //=> 'EUR' (denominator 'MWh')
   */
  minus(other: Timeseries | number, opts: ArithmeticOptions = {}): Timeseries {
    return this.#arithmetic('minus', other, opts);
  }

  /**
   * Multiplies by another series (step by step) or a number; see the unit rules in
   * `series-units` (a price times its denominator cancels: `EUR/MWh * MWh` is `EUR`). Named
   * `multipliedBy` because `times` is the step column of every series.
   *
   * @param other - A series with the same frequency and zone, or a number.
   * @param opts - `join` and `name`.
   * @returns A new Timeseries named `'A * B'`.
   * @throws ValidationError naming both series when frequency or zone differ.
   * @example
   * consumption.multipliedBy(1000).name //=> 'DE Consumption ... * 1000'
   */
  multipliedBy(other: Timeseries | number, opts: ArithmeticOptions = {}): Timeseries {
    return this.#arithmetic('times', other, opts);
  }

  /**
   * Divides by another series (step by step) or a number (equal units give a ratio without unit).
   *
   * @param other - A series with the same frequency and zone, or a number.
   * @param opts - `join` and `name`.
   * @returns A new Timeseries named `'A / B'`.
   * @throws ValidationError naming both series when frequency or zone differ.
   * @example
   * wind.dividedBy(consumption).unit //=> null (MWh/h / MWh/h)
   */
  dividedBy(other: Timeseries | number, opts: ArithmeticOptions = {}): Timeseries {
    return this.#arithmetic('dividedBy', other, opts);
  }

  #arithmetic(op: ArithmeticOp, other: Timeseries | number, opts: ArithmeticOptions): Timeseries {
    const join = opts.join ?? 'inner';
    if (join !== 'inner' && join !== 'outer')
      throw new ValidationError(`join must be 'inner' or 'outer', got ${JSON.stringify(join)}`, 'join');
    if (typeof other === 'number') {
      const unit = derivedUnit(op, this, null, [this.name ?? 'series', String(other)]);
      const columns = combineColumns(operandOf(this), other, op, join);
      return this.#clone({ ...columns, ...unit, name: opts.name ?? derivedName(op, this.name, other) });
    }
    if (!Timeseries.isTimeseries(other)) throw new ValidationError('Provide a Timeseries or a number', 'other');
    checkAlignable(this, other, 'other');
    const unit = derivedUnit(op, this, other, [this.name ?? 'series', other.name ?? 'series']);
    const columns = combineColumns(operandOf(this), operandOf(other), op, join);
    const instance = this.instance !== null && other.instance !== null && this.instance.equals(other.instance) ? this.instance : null;
    return new Timeseries({
      resolution: this.resolution,
      curve: null,
      instance,
      contract: null,
      ...unit,
      ...columns,
      name: opts.name ?? derivedName(op, this.name, other.name),
    });
  }

  /**
   * Returns a copy with another custom name (null: named after the curve again).
   *
   * @param name - The name.
   * @returns A new Timeseries.
   * @example
   * ts.withName('wind').name //=> 'wind'
   */
  withName(name: string | null): Timeseries {
    return this.#clone({ name });
  }

  /**
   * Returns a copy with some fields or columns changed.
   *
   * @param changes - The fields to change.
   * @returns A new Timeseries.
   * @example
   * ts.with({ unit: 'GWh/h' }).unit //=> 'GWh/h'
   */
  with(changes: Partial<TimeseriesInit>): Timeseries {
    return this.#clone(changes);
  }

  #clone(alts: Partial<TimeseriesInit>): Timeseries {
    return new Timeseries({
      ...this[SERIES_INIT](),
      times: this.times,
      values: this.#values,
      scenarios: this.scenarios,
      scenarioNames: this.scenarioNames,
      ...alts,
    });
  }

  /**
   * Compares metadata and columns (NaN equal to NaN).
   *
   * @param other - Another time series.
   * @returns True when equal.
   * @example
   * ts.equals(ts.with({})) //=> true
   */
  equals(other: Timeseries): boolean {
    if (!Timeseries.isTimeseries(other)) return false;
    if (this === other) return true;
    return (
      this[SERIES_EQUALS](other) &&
      columnEquals(this.times, other.times) &&
      columnEquals(this.#values, other.valuesOrNull()) &&
      this.scenarios.length === other.scenarios.length &&
      this.scenarios.every((column, k) => columnEquals(column, other.scenarios[k]!)) &&
      listEquals(this.scenarioNames, other.scenarioNames)
    );
  }

  /**
   * A plain snapshot (docs/model.md#snapshots), keyed like the wire JSON (docs/protocol.md#timeseries-json):
   * `data` items `{d, v}`, `{d, s}` or `{d, v, s}`.
   * Not the wire format: `serializeTimeseries` (`src/wire/json`) writes that.
   *
   * @returns A plain object.
   * @example
   * ts.toJSON().data //=> [{ d: '2024-01-01T01:00:00+01:00', v: 5 }]
   */
  toJSON(): Record<string, unknown> {
    return {
      ...this[SERIES_JSON](),
      contract: this.contract ? this.contract.toJSON() : null,
      scenario_names: this.hasScenarios() ? [...this.scenarioNames] : null,
      data: this.data.map(itemToJSON),
    };
  }

  /**
   * A one-line summary: resolution, name, instance, scenarios, begin, end and count.
   *
   * @returns The text.
   * @example
   * ts.toString() //=> '<Timeseries: resolution=<PT1H, CET>, begin="2024-01-01T01:00:00+01:00", end="2024-01-01T02:00:00+01:00", count=1>'
   */
  override toString(): string {
    return this[SERIES_DESCRIBE]('Timeseries', this.hasScenarios() ? [`scenario_names=[${this.scenarioNames.join(', ')}]`] : []);
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else a head/tail text table (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options, () => tabularText(this));
  }

  /**
   * The notebook display bundle: name, resolution, instance, unit, begin, end, count.
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * ts[Symbol.for('Jupyter.display')]()['text/html'].includes('PT1H') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return tabularBundle(this, () => {
      return this[SERIES_DISPLAY]('Timeseries', [
        ['value type', this.valueType().tag],
        ['scenarios', this.hasScenarios() ? this.scenarioNames.join(', ') : null],
      ]);
    });
  }
}
setBrand(Timeseries.prototype, BRAND);
