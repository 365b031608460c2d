/**
 * The item views of a time series (docs/model.md#timeseries), built on
 * demand from the columns, and the conversion of item arrays to columns.
 *
 * @module
 */
import { DateTime, type Zone } from 'luxon';
import { ValueError } from '../exceptions';
import { toDateTime, type TimeInput } from '../time';
import { cell, defaultScenarioNames, toFloat64, type ColumnInput } from './columns';
import { formatTime } from './display';

/**
 * One step of a plain series: its start and value (null when missing).
 *
 * @example
 * ts.at(0) //=> { date: DateTime(2024-03-31T00:00:00.000+01:00), value: 1 }
 */
export interface Value {
  /** Start of the step, in the series' zone. */
  readonly date: DateTime;
  /** The value, or null. */
  readonly value: number | null;
}

/**
 * One step of a scenario series: its start and one value per scenario.
 *
 * @example
 * climate.at(0).scenarios //=> [1.5, 2.5]
 */
export interface ScenariosValue {
  /** Start of the step, in the series' zone. */
  readonly date: DateTime;
  /** One value (or null) per scenario, in `scenarioNames` order. */
  readonly scenarios: readonly (number | null)[];
}

/**
 * One step of a series with a mean and scenarios (ensemble forecasts).
 *
 * @example
 * ensemble.at(0).value //=> 4249.56
 */
export interface MeanScenariosValue {
  /** Start of the step, in the series' zone. */
  readonly date: DateTime;
  /** The mean value, or null. */
  readonly value: number | null;
  /** One value (or null) per scenario. */
  readonly scenarios: readonly (number | null)[];
}

/**
 * Any item of a time series.
 *
 * @example
 * const item: TimeseriesItem = ts.at(0);
 * 'value' in item //=> true
 */
export type TimeseriesItem = Value | ScenariosValue | MeanScenariosValue;

/**
 * An item given to `Timeseries.fromItems`: a date-time, and `value` and/or `scenarios`. The first
 * item decides which keys every item has (as on the wire).
 *
 * @example
 * const item: TimeseriesItemInput = { date: '2024-03-31T00:00', value: 1 };
 */
export interface TimeseriesItemInput {
  /** Step start: a Date, DateTime or ISO string (without offset: wall-clock time in the zone). */
  readonly date: TimeInput;
  /** The value (null or missing = no value). */
  readonly value?: number | null;
  /** One value per scenario. */
  readonly scenarios?: readonly (number | null)[];
}

/**
 * Columns of a time series, as {@link columnsFromItems} builds them.
 *
 * @example
 * const columns: ItemColumns = columnsFromItems([{ date: '2024-01-01', value: 1 }], CET);
 * columns.scenarios.length //=> 0
 */
export interface ItemColumns {
  /** Step starts, epoch milliseconds. */
  readonly times: Float64Array;
  /** Values, or null for a scenarios-only series. */
  readonly values: Float64Array | null;
  /** One column per scenario. */
  readonly scenarios: Float64Array[];
}

/**
 * Builds one item view from the columns.
 *
 * @param times - Step starts.
 * @param values - Values, or null.
 * @param scenarios - Scenario columns.
 * @param zone - The series' zone.
 * @param i - The index (0 <= i < length).
 * @returns A frozen Value, ScenariosValue or MeanScenariosValue.
 * @example
 * itemAt(new Float64Array([0]), new Float64Array([1]), [], UTC, 0).value //=> 1
 */
export function itemAt(
  times: Float64Array,
  values: Float64Array | null,
  scenarios: readonly Float64Array[],
  zone: Zone,
  i: number,
): TimeseriesItem {
  const date = DateTime.fromMillis(times[i]!, { zone });
  if (scenarios.length === 0) return Object.freeze({ date, value: values ? cell(values, i) : null });
  const s = Object.freeze(scenarios.map((column) => cell(column, i)));
  if (values === null) return Object.freeze({ date, scenarios: s });
  return Object.freeze({ date, value: cell(values, i), scenarios: s });
}

/**
 * Converts item inputs to columns. The first item decides the form: `value` present, `scenarios`
 * present, or both.
 *
 * @param items - The items.
 * @param zone - Zone for date-times without an offset.
 * @returns The columns.
 * @throws ValueError when the first item has neither key, a later item lacks `scenarios`, or the
 *   scenario counts differ.
 * @example
 * columnsFromItems([{ date: '2024-01-01T00:00', value: 1 }], CET).values //=> Float64Array [1]
 */
export function columnsFromItems(items: readonly TimeseriesItemInput[], zone: Zone): ItemColumns {
  const n = items.length;
  const times = new Float64Array(n);
  if (n === 0) return { times, values: new Float64Array(0), scenarios: [] };
  const first = items[0]!;
  const hasValue = 'value' in first;
  const width = first.scenarios ? first.scenarios.length : -1;
  if (!hasValue && width < 0) throw new ValueError('Time series item 0 has neither value nor scenarios');
  const values = hasValue ? new Float64Array(n) : null;
  const scenarios = Array.from({ length: Math.max(width, 0) }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    const item = items[i]!;
    times[i] = toDateTime(item.date, zone).toMillis();
    if (values) values[i] = item.value ?? NaN;
    if (width < 0) continue;
    const s = item.scenarios;
    if (!s || s.length !== width) {
      throw new ValueError(`Time series item ${i} must have ${width} scenarios, got ${s ? s.length : 'none'}`);
    }
    for (let k = 0; k < width; k++) scenarios[k]![i] = s[k] ?? NaN;
  }
  return { times, values, scenarios };
}

/**
 * Columns as a `Timeseries` receives them (see `TimeseriesInit`).
 *
 * @example
 * const input: ColumnsInput = { times: [0], values: [1] };
 * normaliseColumns(input).values.length //=> 1
 */
export interface ColumnsInput {
  /** Step starts in epoch milliseconds. */
  readonly times?: ColumnInput;
  /** Values, or null/absent for a scenarios-only series. */
  readonly values?: ColumnInput | null;
  /** One column per scenario. */
  readonly scenarios?: readonly ColumnInput[];
  /** Scenario names. */
  readonly scenarioNames?: readonly string[] | null;
}

/**
 * Columns after {@link normaliseColumns}: typed, checked, with scenario names.
 *
 * @example
 * const columns: NormalColumns = normaliseColumns({ times: [0], scenarios: [[1]] });
 * columns.scenarioNames //=> ['e00']
 */
export interface NormalColumns extends ItemColumns {
  /** One name per scenario column. */
  readonly scenarioNames: string[];
}

/**
 * Checks and normalises the columns of a time series: typed arrays, equal lengths, scenario names
 * (`e00`, `e01`, ... when not given). An empty series with scenario names gets empty scenario
 * columns; an empty series with neither values nor scenarios gets an empty value column.
 *
 * @param input - The columns.
 * @returns The normalised columns.
 * @throws ValueError when lengths differ, names do not match the scenarios, or a non-empty series
 *   has neither values nor scenarios.
 * @example
 * normaliseColumns({ times: [0], scenarios: [[1], [2]] }).scenarioNames //=> ['e00', 'e01']
 */
export function normaliseColumns(input: ColumnsInput): NormalColumns {
  const times = toFloat64(input.times ?? []);
  const n = times.length;
  const names = input.scenarioNames ?? [];
  let scenarios = (input.scenarios ?? []).map(toFloat64);
  if (scenarios.length === 0 && names.length > 0 && n === 0) scenarios = names.map(() => new Float64Array(0));
  let values = input.values === null || input.values === undefined ? null : toFloat64(input.values);
  if (values === null && scenarios.length === 0) {
    if (n > 0) throw new ValueError('A time series needs values or scenarios');
    values = new Float64Array(0);
  }
  if (values !== null && values.length !== n) throw new ValueError(`Timeseries: ${values.length} values for ${n} date-times`);
  scenarios.forEach((column, k) => {
    if (column.length !== n) throw new ValueError(`Timeseries: scenario ${k} has ${column.length} values for ${n} date-times`);
  });
  if (names.length > 0 && names.length !== scenarios.length) {
    throw new ValueError(`Timeseries: ${names.length} scenario names for ${scenarios.length} scenarios`);
  }
  const scenarioNames = names.length > 0 ? [...names] : defaultScenarioNames(scenarios.length);
  return { times, values, scenarios, scenarioNames };
}

/**
 * The wire JSON of one item: `{d, v}`, `{d, s}` or `{d, v, s}` (docs/protocol.md#timeseries-json).
 *
 * @param item - The item.
 * @returns A plain object.
 * @example
 * itemToJSON({ date: DateTime.fromISO('2024-01-01T00:00:00+01:00', { setZone: true }), value: 1 })
 * //=> { d: '2024-01-01T00:00:00+01:00', v: 1 }
 */
export function itemToJSON(item: TimeseriesItem): Record<string, unknown> {
  const json: Record<string, unknown> = { d: formatTime(item.date) };
  if ('value' in item) json.v = item.value;
  if ('scenarios' in item) json.s = [...item.scenarios];
  return json;
}
