/**
 * Whether series fit the curve they are saved to (docs/data-out.md#saving): the client's checks
 * before it sends a save, so that a series the service would refuse is a `ValidationError`
 * naming the parameter, and nothing is sent.
 *
 * @module
 */
import { ValidationError, ValueError } from '../../exceptions';
import { Periodseries, Timeseries, type Curve } from '../../model';

const fail = (reason: string, parameter: string): never => {
  throw new ValidationError(reason, parameter);
};

/**
 * The series of a save as a list: one series, an array of them or a list (`TimeseriesList`).
 *
 * @param input - What the caller gave.
 * @param isSeries - The brand check of the series kind.
 * @param kind - `Timeseries` or `Periodseries`, for messages.
 * @returns The series, at least one.
 * @throws ValidationError (parameter `series`) for anything else or an empty list.
 * @example
 * seriesListOf(ts, Timeseries.isTimeseries, 'Timeseries') //=> [ts]
 */
export function seriesListOf<S>(input: unknown, isSeries: (x: unknown) => x is S, kind: string): S[] {
  const list = isSeries(input) ? [input] : Array.isArray(input) ? [...input] : isIterable(input) ? [...(input as Iterable<unknown>)] : null;
  if (list === null) return fail(`Provide a ${kind} or a list of them`, 'series');
  if (list.length === 0) return fail(`Provide at least one ${kind}`, 'series');
  list.forEach((s, i) => {
    if (!isSeries(s)) fail(`series[${i}] is not a ${kind}`, 'series');
  });
  return list as S[];
}

function isIterable(x: unknown): boolean {
  return x !== null && typeof x === 'object' && typeof (x as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function';
}

/**
 * Checks that a series fits its curve: the curve's frequency and zone, data on the curve's step
 * grid, sorted without repeats, and the shape the curve type stores (a value per step, or
 * scenarios for `SCENARIO_TIMESERIES`; periods that end after they begin and do not overlap).
 *
 * @param series - A Timeseries or Periodseries.
 * @param curve - The curve it is saved to.
 * @param index - Its position in the save, for messages.
 * @returns Nothing.
 * @throws ValidationError (parameter `series`) naming the series and what does not fit.
 * @example
 * checkSeriesFits(hourly, dailyCurve, 0)
 * //=> throws ValidationError("series[0] has frequency PT1H, the curve 'X' P1D: resample it first", 'series')
 */
export function checkSeriesFits(series: Timeseries | Periodseries, curve: Curve, index: number): void {
  const what = `series[${index}]`;
  const { frequency, timezone } = series.resolution;
  if (!frequency.equals(curve.frequency)) {
    fail(`${what} has frequency ${frequency.tag}, the curve '${curve.name}' ${curve.frequency.tag}: resample it first`, 'series');
  }
  if (timezone !== curve.timezone) {
    fail(
      `${what} is in zone ${timezone}, the curve '${curve.name}' in ${curve.timezone}: load or resample it in the curve's zone`,
      'series',
    );
  }
  if (series.length === 0) fail(`${what} is empty: there is nothing to save`, 'series');
  try {
    series.validate();
  } catch (err) {
    if (err instanceof ValueError) fail(`${what}: ${err.message}`, 'series');
    throw err;
  }
  if (Timeseries.isTimeseries(series)) {
    const scenarios = series.hasScenarios();
    if (curve.curveType.tag === 'SCENARIO_TIMESERIES' && !scenarios) {
      fail(`${what} has no scenarios; the curve '${curve.name}' is a SCENARIO_TIMESERIES curve`, 'series');
    }
    if (curve.curveType.tag === 'TIMESERIES' && scenarios) {
      fail(`${what} has scenarios; the curve '${curve.name}' is a TIMESERIES curve (a value per step)`, 'series');
    }
    if (curve.curveType.tag !== 'SCENARIO_TIMESERIES' && !series.hasValues()) {
      fail(`${what} has no values; the curve '${curve.name}' (${curve.curveType.tag}) needs a value per step`, 'series');
    }
    if (new Set(series.scenarioNames).size !== series.scenarioNames.length) fail(`${what}: scenario names must be unique`, 'series');
  } else if (!Periodseries.isPeriodseries(series)) {
    fail(`${what} is not a series`, 'series');
  }
}

/**
 * Checks that the series of one save do not overlap: the service replaces a curve's (instance's)
 * stored values from a block's first to its last date, so two blocks of the same range would
 * contradict each other.
 *
 * @param ranges - Per series: the key of its curve (and instance), its first and last instant.
 * @returns Nothing.
 * @throws ValidationError (parameter `series`) naming both series.
 * @example
 * checkNoOverlap([{ key: 'X', first: 0, last: 10 }, { key: 'X', first: 5, last: 20 }])
 * //=> throws ValidationError('series[1] overlaps series[0] of the same curve ...', 'series')
 */
export function checkNoOverlap(ranges: readonly { key: string; first: number; last: number }[]): void {
  ranges.forEach((r, i) => {
    const j = ranges.findIndex((o, k) => k < i && o.key === r.key && r.first <= o.last && r.last >= o.first);
    if (j >= 0) fail(`series[${i}] overlaps series[${j}] of the same curve (and instance); each date may be saved once`, 'series');
  });
}
