import type { Zone } from 'luxon';
import { ValidationError, ValueError } from '../exceptions';
import { Aggregation, Filter } from '../model';
import type { Frequency } from '../time';
import { NO_MISSING, aggregateColumn, checkThreshold, type Threshold } from './aggregate-column';
import { assignSteps } from './assign-steps';
import { expectedCounts } from './expected-counts';
import { hourFilterMask, isBaseMask } from './hour-filter';
import { offsetSegments } from './offset-segments';
import { stepBounds } from './step-bounds';

/**
 * A series as columns: step starts and values, NaN for null; all columns have equal length.
 *
 * @example
 * const series: SeriesColumns = { times: Float64Array.of(0, 3_600_000), values: Float64Array.of(1, NaN) };
 * series.times.length //=> 2
 */
export interface SeriesColumns {
  /** Step starts, epoch ms, strictly ascending. */
  readonly times: Float64Array;
  /** The value (or the mean of scenarios); absent for a scenarios-only series. */
  readonly values?: Float64Array;
  /** One column per scenario; absent for a plain series. */
  readonly scenarios?: readonly Float64Array[];
}

/**
 * Options of {@link resample}.
 *
 * @example
 * const options: ResampleOptions = { from: Frequency.PT15M, to: Frequency.P1M, zone: CET, filter: Filter.PEAK };
 * options.to.tag //=> 'P1M'
 */
export interface ResampleOptions {
  /** The input's frequency (`NONE` for tick data: each value counts as one expected value). */
  readonly from: Frequency;
  /** The target frequency, equal to or coarser than `from`. */
  readonly to: Frequency;
  /** The output zone: steps, hours and weekdays are read on its wall clock. */
  readonly zone: Zone;
  /** The zone whose calendar daily-or-coarser input steps follow (for expected counts); default `zone`. */
  readonly fromZone?: Zone;
  /** AVERAGE (default; `MEAN` is the same), SUM, MIN or MAX. */
  readonly aggregation?: Aggregation;
  /** Hour filter; default BASE. */
  readonly filter?: Filter;
  /** Allowed missing values per step; default `{ count: 0 }`. */
  readonly threshold?: Threshold;
}

/**
 * The result of {@link resample}: same columns as the input, one entry per output step.
 *
 * @example
 * const out: ResampledColumns = resample({ times: Float64Array.of(0), scenarios: [Float64Array.of(7)] }, {
 *   from: Frequency.PT1H, to: Frequency.PT1H, zone: UTC,
 * });
 * [out.values, out.scenarios] //=> [undefined, [Float64Array [7]]]
 */
export interface ResampledColumns {
  /** Output step starts, epoch ms. */
  readonly times: Float64Array;
  /** Aggregated values, NaN for null; present when the input had values. */
  readonly values?: Float64Array;
  /** Aggregated scenarios, each independently; present when the input had scenarios. */
  readonly scenarios?: Float64Array[];
}

function checkColumns(input: SeriesColumns): void {
  const n = input.times.length;
  if (input.values !== undefined && input.values.length !== n) {
    throw new ValueError(`values has ${input.values.length} entries for ${n} times`);
  }
  input.scenarios?.forEach((column, s) => {
    if (column.length !== n) throw new ValueError(`scenario ${s} has ${column.length} entries for ${n} times`);
  });
}

function checkFrequencies(from: Frequency, to: Frequency): void {
  if (!to.isIterable) throw new ValidationError(`Cannot aggregate to frequency ${to.tag}`, 'frequency');
  if (to.gt(from)) {
    throw new ValidationError(`Frequency ${to.tag} is finer than the series' frequency ${from.tag}`, 'frequency');
  }
}

function countSlots(slots: Int32Array, m: number): Float64Array {
  const counts = new Float64Array(m);
  for (let i = 0; i < slots.length; i++) if (slots[i]! >= 0) counts[slots[i]!]!++;
  return counts;
}

/**
 * Aggregates a series to a coarser (or equal) frequency in an output zone, following
 * docs/semantics.md#aggregation: output steps are `to`'s calendar steps on the output zone's wall clock
 * (DST-aware; `Europe/Gas_Day` days run 06:00-06:00 CET); each input value belongs to the step
 * containing its start instant; the hour filter selects values by their local hour and weekday in
 * the output zone (see `hourFilterMask`); the aggregation runs over the selected non-null values;
 * a step is null when more values are missing than the threshold allows (missing = expected -
 * present, expected = the input steps of `from` in the output step that pass the filter). Steps
 * from the one holding the first value through the one holding the last are returned, null when
 * they have nothing to aggregate; steps wholly outside the data are omitted. Scenarios (and the
 * mean) are aggregated independently. Equal frequencies with another zone re-bucket the values.
 * Daily input values in the output zone start at local midnight, so PEAK selects none of them
 * and OFFPEAK all (hour 0), while WORKDAYS and WEEKEND select by their weekday.
 *
 * @param input - The series columns; `times` strictly ascending.
 * @param options - `from`, `to`, `zone`, and optionally `fromZone`, `aggregation`, `filter`, `threshold`.
 * @returns The output columns, with the same columns as the input.
 * @throws ValidationError with parameter `frequency` when `to` is finer than `from` or is
 *   `NONE`, with `threshold` when the threshold is out of range.
 * @throws ValueError when columns differ in length or times are not ascending.
 * @example
 * // 2024-01-01 CET (UTC+1): 24 hourly values 0..23 to one daily PEAK average (08:00-20:00 -> 8..19)
 * const times = Float64Array.from({ length: 24 }, (_, h) => Date.UTC(2023, 11, 31, 23 + h));
 * const values = Float64Array.from({ length: 24 }, (_, h) => h);
 * resample({ times, values }, { from: Frequency.PT1H, to: Frequency.P1D, zone: CET, filter: Filter.PEAK })
 * //=> { times: Float64Array [Date.UTC(2023, 11, 31, 23)], values: Float64Array [13.5] }
 */
export function resample(input: SeriesColumns, options: ResampleOptions): ResampledColumns {
  const { from, to, zone } = options;
  checkFrequencies(from, to);
  checkColumns(input);
  const threshold = checkThreshold(options.threshold ?? NO_MISSING);
  const aggregation = options.aggregation ?? Aggregation.AVERAGE;
  const { times } = input;
  const n = times.length;
  if (n === 0) {
    return {
      times: new Float64Array(0),
      ...(input.values !== undefined ? { values: new Float64Array(0) } : {}),
      ...(input.scenarios !== undefined ? { scenarios: input.scenarios.map(() => new Float64Array(0)) } : {}),
    };
  }
  const bounds = stepBounds(times[0]!, times[n - 1]!, to, zone);
  const m = bounds.length - 1;
  const fullMask = hourFilterMask(options.filter ?? Filter.BASE, to);
  const mask = isBaseMask(fullMask) ? null : fullMask;
  const segments = offsetSegments(zone, bounds[0]!, bounds[m]!);
  const slots = assignSteps(times, bounds, mask, segments);
  const expected = from.isIterable
    ? expectedCounts(bounds, { frequency: from, anchorMs: times[0]!, zone: options.fromZone ?? zone }, mask, segments)
    : countSlots(slots, m);
  const aggregate = (column: Float64Array): Float64Array => aggregateColumn(column, slots, expected, aggregation, threshold);
  return {
    times: bounds.slice(0, m),
    ...(input.values !== undefined ? { values: aggregate(input.values) } : {}),
    ...(input.scenarios !== undefined ? { scenarios: input.scenarios.map(aggregate) } : {}),
  };
}
