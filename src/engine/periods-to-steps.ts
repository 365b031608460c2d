/**
 * Periods to fixed steps (docs/semantics.md#periods-to-steps): the column
 * function {@link periodsToSteps}, the conversions of a period-based series and of a list of
 * them, and the `toTimeseries` methods this layer attaches to `Periodseries` and
 * `PeriodseriesList` (ARCHITECTURE.md#layers: the model imports nothing above `src/time`, so the layer that
 * owns the computation attaches the method, by declaration merging).
 *
 * @module
 */
import type { Zone } from 'luxon';
import { ValueError } from '../exceptions';
import { Periodseries } from '../model/periodseries';
import { PeriodseriesList } from '../model/periodseries-list';
import { Timeseries } from '../model/timeseries';
import { TimeseriesList } from '../model/timeseries-list';
import { Frequency, Resolution, floorMillis, shiftMillis, stepStarts } from '../time';

/**
 * Which column of a period-based series becomes the time-series value: `'value'` (the
 * available value) or `'installed'` (the installed capacity of capacity periods).
 *
 * @example
 * const field: PeriodField = 'installed';
 */
export type PeriodField = 'value' | 'installed';

/**
 * Output of {@link periodsToSteps}: step starts and one value per step (NaN = none).
 *
 * @example
 * const steps: Steps = periodsToSteps(begins, ends, values, Frequency.PT1H, CET);
 * steps.times.length === steps.values.length //=> true
 */
export interface Steps {
  /** Step starts, epoch milliseconds. */
  readonly times: Float64Array;
  /** Step values; NaN where the step is not fully covered or a covering value is missing. */
  readonly values: Float64Array;
}

/**
 * Converts sorted, non-overlapping periods `[begin, end)` to the steps of a frequency. Steps run
 * from the first begin floored to the frequency up to the last end. A step covered by one
 * period takes its value; a step covered by several contiguous periods takes the time-weighted
 * average (value x overlap seconds / covered seconds); a step only partly covered (at the start
 * or end of the data, or across a gap) or touching a missing value is NaN.
 *
 * @param begins - Period starts, epoch milliseconds, ascending.
 * @param ends - Period ends, epoch milliseconds (exclusive).
 * @param values - Period values (NaN = missing).
 * @param freq - The step frequency (not NONE).
 * @param zone - The zone whose wall clock defines the steps (DST-aware).
 * @returns Step starts and values.
 * @throws ValueError for NONE, or columns of different lengths.
 * @example
 * // one period 00:00-10:30 UTC worth 10, then 10:30-12:00 worth 40: the 10:00 step is 0.5 h x 10 + 0.5 h x 40
 * const s = periodsToSteps(new Float64Array([0, 37_800_000]), new Float64Array([37_800_000, 43_200_000]),
 *   new Float64Array([10, 40]), Frequency.PT1H, UTC);
 * s.values[10] //=> 25
 */
export function periodsToSteps(begins: Float64Array, ends: Float64Array, values: Float64Array, freq: Frequency, zone: Zone): Steps {
  if (!freq.isIterable) throw new ValueError(`Cannot convert periods to steps of frequency ${freq.tag}`);
  const n = begins.length;
  if (ends.length !== n || values.length !== n) throw new ValueError('begins, ends and values must have the same length');
  if (n === 0) return { times: new Float64Array(0), values: new Float64Array(0) };
  let last = -Infinity;
  for (let i = 0; i < n; i++) last = Math.max(last, ends[i]!);
  const times = stepStarts(floorMillis(begins[0]!, freq, zone), last, freq, zone);
  const out = new Float64Array(times.length);
  let j = 0;
  for (let i = 0; i < times.length; i++) {
    const d0 = times[i]!;
    const d1 = i + 1 < times.length ? times[i + 1]! : shiftMillis(d0, freq, 1, zone);
    while (j < n && (ends[j]! <= d0 || ends[j]! <= begins[j]!)) j++;
    out[i] = stepValue(begins, ends, values, j, d0, d1);
  }
  return { times, values: out };
}

/** The value of step `[d0, d1)`, starting the search at period `j` (the first not ended at d0). */
function stepValue(begins: Float64Array, ends: Float64Array, values: Float64Array, j: number, d0: number, d1: number): number {
  const n = begins.length;
  if (j >= n || begins[j]! > d0) return NaN;
  if (ends[j]! >= d1) return values[j]!;
  let sum = 0;
  let seconds = 0;
  let cursor = d0;
  for (let k = j; k < n && cursor < d1; k++) {
    const b = begins[k]!;
    const e = ends[k]!;
    if (e <= b) continue;
    if (k > j && b !== cursor) return NaN;
    const overlap = (Math.min(e, d1) - Math.max(b, d0)) / 1000;
    sum += values[k]! * overlap;
    seconds += overlap;
    cursor = e;
  }
  return cursor >= d1 && seconds > 0 ? sum / seconds : NaN;
}

function frequencyOf(frequency: Frequency | string): Frequency {
  if (Frequency.isFrequency(frequency)) return frequency;
  if (typeof frequency === 'string') return Frequency.byTag(frequency);
  throw new ValueError('frequency is required (a Frequency or a frequency tag)');
}

/**
 * Converts a period-based series to a time series of the given frequency, in the series' zone
 * (docs/semantics.md#periods-to-steps). The result keeps curve, instance, unit, denominator and custom name; the
 * contract is dropped.
 *
 * @param series - The period-based series.
 * @param frequency - The step frequency (a Frequency or its tag; not NONE).
 * @param field - `'value'` (default) or `'installed'` (needs capacity periods).
 * @returns The time series (VALUE type).
 * @throws ValueError for a missing or NONE frequency, an unknown field, or `'installed'`
 *   without capacities.
 * @example
 * periodseriesToTimeseries(ps, Frequency.PT1H).resolution.frequency.tag //=> 'PT1H'
 */
export function periodseriesToTimeseries(series: Periodseries, frequency: Frequency | string, field: PeriodField = 'value'): Timeseries {
  const freq = frequencyOf(frequency);
  if (field !== 'value' && field !== 'installed') {
    throw new ValueError(`field must be 'value' or 'installed', got ${JSON.stringify(field)}`);
  }
  const column = field === 'value' ? series.values : series.capacities;
  if (column === null) throw new ValueError("field='installed' needs a series of capacity periods");
  const steps = periodsToSteps(series.begins, series.ends, column, freq, series.resolution.zone);
  return new Timeseries({
    resolution: new Resolution(freq, series.resolution.zone),
    curve: series.curve,
    instance: series.instance,
    name: series.customName,
    unit: series.unit,
    denominator: series.denominator,
    times: steps.times,
    values: steps.values,
  });
}

/**
 * Converts every member of a list of period-based series to a time series of one frequency.
 *
 * @param list - The period-based series.
 * @param frequency - The step frequency (a Frequency or its tag; not NONE).
 * @param field - `'value'` (default) or `'installed'`.
 * @returns A TimeseriesList of that frequency.
 * @throws ValueError as {@link periodseriesToTimeseries}.
 * @example
 * periodseriesListToTimeseries(list, 'P1D').frequency.tag //=> 'P1D'
 */
export function periodseriesListToTimeseries(
  list: readonly Periodseries[],
  frequency: Frequency | string,
  field: PeriodField = 'value',
): TimeseriesList {
  const freq = frequencyOf(frequency);
  return new TimeseriesList(
    Array.from(list, (series) => periodseriesToTimeseries(series, freq, field)),
    freq,
  );
}

declare module '../model/periodseries' {
  interface Periodseries {
    /**
     * Converts to a time series of the given frequency (see `periodseriesToTimeseries`): each
     * step fully covered by periods gets the time-weighted average at second precision; steps
     * only partly covered are null.
     *
     * @param frequency - The step frequency (a Frequency or its tag; not NONE).
     * @param field - `'value'` (default) or `'installed'`.
     * @returns The time series.
     * @throws ValueError for a missing or NONE frequency or an invalid field.
     * @example
     * ps.toTimeseries(Frequency.P1D).length //=> 5
     */
    toTimeseries(frequency: Frequency | string, field?: PeriodField): Timeseries;
  }
}

declare module '../model/periodseries-list' {
  interface PeriodseriesList {
    /**
     * Converts every member to a time series (see `periodseriesListToTimeseries`).
     *
     * @param frequency - The step frequency (a Frequency or its tag; not NONE).
     * @param field - `'value'` (default) or `'installed'`.
     * @returns A TimeseriesList.
     * @throws ValueError for a missing or NONE frequency or an invalid field.
     * @example
     * list.toTimeseries('PT1H').frequency.tag //=> 'PT1H'
     */
    toTimeseries(frequency: Frequency | string, field?: PeriodField): TimeseriesList;
  }
}

const periodseriesMethod: Periodseries['toTimeseries'] = function toTimeseries(this: Periodseries, frequency, field = 'value') {
  return periodseriesToTimeseries(this, frequency, field);
};
Object.defineProperty(Periodseries.prototype, 'toTimeseries', { value: periodseriesMethod, writable: true, configurable: true });

const listMethod: PeriodseriesList['toTimeseries'] = function toTimeseries(this: PeriodseriesList, frequency, field = 'value') {
  return periodseriesListToTimeseries(this, frequency, field);
};
Object.defineProperty(PeriodseriesList.prototype, 'toTimeseries', { value: listMethod, writable: true, configurable: true });
