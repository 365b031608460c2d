/**
 * `Timeseries#resample`: the service's aggregation (frequency, zone, aggregation, hour filter,
 * threshold, unit) computed in-process by the same engine function the service runs, so a series
 * resampled here equals the one the service returns for the same input. Attached to the model
 * class by declaration merging (the model imports nothing above `src/time`).
 *
 * @module
 */
import type { Zone } from 'luxon';
import { ValidationError } from '../exceptions';
import { Aggregation, Filter, Timeseries, type AggregationTag, type FilterTag } from '../model';
import { Frequency, Resolution, toZone, zoneName, type FrequencyTag } from '../time';
import type { Threshold } from './aggregate-column';
import { convertUnit } from './convert-unit';
import { resample } from './resample';

/**
 * The threshold of a resample: a count of missing values, or a percentage, never both.
 *
 * @example
 * const t: ThresholdOption = { thresholdPct: 5 };
 */
export type ThresholdOption =
  | { /** Missing values allowed per output step (integer >= 0). */ threshold?: number | null; thresholdPct?: never }
  | { threshold?: never /** The same as a percentage of the expected values (0 <= x < 100). */; thresholdPct?: number | null };

/**
 * Options of `Timeseries#resample` (as the load options, without `frequency`, which is the
 * method's first argument).
 *
 * @example
 * const opts: SeriesResampleOptions = { aggregation: 'MAX', hourFilter: 'PEAK', thresholdPct: 10 };
 */
export type SeriesResampleOptions = {
  /** Output zone (`'CET'`, `'UTC'`, `'Europe/Gas_Day'`, ... or a luxon Zone); default the series' zone. */
  timeZone?: Zone | string | null;
  /** AVERAGE (default), SUM, MIN or MAX. */
  aggregation?: Aggregation | AggregationTag | null;
  /** BASE (default), PEAK, OFFPEAK, WORKDAYS or WEEKEND (PEAK on weekly and coarser steps is the futures peak). */
  hourFilter?: Filter | FilterTag | null;
  /** Convert the values to this unit (no currency conversion here: that needs the service's FX rates). */
  unit?: string | null;
} & ThresholdOption;

function enumOf<T>(value: T | string | null | undefined, byTag: (tag: string) => T, option: string, wire: string): T | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string') return value;
  try {
    return byTag(value);
  } catch (err) {
    throw new ValidationError(`${option}: ${(err as Error).message}`, wire);
  }
}

function thresholdOf(opts: SeriesResampleOptions): Threshold {
  const { threshold, thresholdPct } = opts as { threshold?: number | null; thresholdPct?: number | null };
  const hasCount = threshold !== null && threshold !== undefined;
  const hasPct = thresholdPct !== null && thresholdPct !== undefined;
  if (hasCount && hasPct) throw new ValidationError("Only one of 'threshold' and 'thresholdPct' may be given", 'threshold');
  if (hasPct) return { percent: thresholdPct };
  return { count: hasCount ? threshold : 0 };
}

/**
 * Resamples a time series on the client exactly as the service would: output steps of
 * `frequency` on the output zone's wall clock, the hour filter read in that zone, a step null
 * when more values are missing than the threshold allows, scenarios aggregated independently,
 * then the unit converted. The input frequency is the series'; for daily-or-coarser input the
 * calendar of the curve's zone counts the expected values, as on the service.
 *
 * @param series - The series (any value type).
 * @param frequency - The target frequency, equal to or coarser than the series'.
 * @param opts - `timeZone`, `aggregation`, `hourFilter`, `threshold` or `thresholdPct`, `unit`.
 * @returns A new Timeseries with the target resolution (metadata kept).
 * @throws ValidationError naming `frequency` (finer than the series', or NONE), `threshold`,
 *   `unit` (incompatible, or a currency change), `aggregation` or `hour-filter`.
 * @example
 * resampleTimeseries(wind15min, 'P1D', { hourFilter: 'PEAK' }).resolution.frequency.tag //=> 'P1D'
 */
export function resampleTimeseries(series: Timeseries, frequency: Frequency | FrequencyTag, opts: SeriesResampleOptions = {}): Timeseries {
  let to: Frequency;
  try {
    to = typeof frequency === 'string' ? Frequency.byTag(frequency) : frequency;
  } catch (err) {
    throw new ValidationError((err as Error).message, 'frequency');
  }
  if (!Frequency.isFrequency(to)) throw new ValidationError('Provide a Frequency or its tag', 'frequency');
  let zone: Zone;
  try {
    zone = opts.timeZone === null || opts.timeZone === undefined ? series.resolution.zone : toZone(opts.timeZone);
  } catch (err) {
    throw new ValidationError(`timeZone: ${(err as Error).message}`, 'timezone');
  }
  const from = series.resolution.frequency;
  const curve = series.curve;
  const fromZone = curve?.frequency.equals(from) ? curve.zone : series.resolution.zone;
  const values = series.valuesOrNull();
  const out = resample(
    { times: series.times, ...(values !== null ? { values } : {}), ...(series.hasScenarios() ? { scenarios: series.scenarios } : {}) },
    {
      from,
      to,
      zone,
      fromZone,
      aggregation: enumOf(opts.aggregation, (t) => Aggregation.byTag(t), 'aggregation', 'aggregation') ?? Aggregation.AVERAGE,
      filter: enumOf(opts.hourFilter, (t) => Filter.byTag(t), 'hourFilter', 'hour-filter') ?? Filter.BASE,
      threshold: thresholdOf(opts),
    },
  );
  let unit = { unit: series.unit, denominator: series.denominator };
  let outValues = out.values ?? null;
  let outScenarios = out.scenarios ?? [];
  if (opts.unit !== null && opts.unit !== undefined) {
    if (series.unit === null) throw new ValidationError(`'${series.name ?? 'series'}' has no unit to convert from`, 'unit');
    const convert = (column: Float64Array) => convertUnit(column, series.unit as string, series.denominator, opts.unit as string);
    const probe = convert(outValues ?? new Float64Array(out.times.length));
    unit = { unit: probe.unit, denominator: probe.denominator };
    outValues = outValues === null ? null : probe.values;
    outScenarios = outScenarios.map((c) => convert(c).values);
  }
  return series.with({
    resolution: new Resolution(to, zoneName(zone) === series.resolution.timezone ? series.resolution.zone : zone),
    times: out.times,
    values: outValues,
    scenarios: outScenarios,
    ...unit,
  });
}

declare module '../model/timeseries' {
  interface Timeseries {
    /**
     * Aggregates to a coarser (or equal) frequency on the client, by the service's engine (see
     * `resampleTimeseries`): the result equals the service's for the same input.
     *
     * @param frequency - Target frequency (`'P1D'`, `Frequency.P1M`, ...).
     * @param opts - `timeZone`, `aggregation`, `hourFilter`, `threshold` or `thresholdPct`, `unit`.
     * @returns A new Timeseries.
     * @throws ValidationError naming the offending option.
     * @example
     * wind.resample('P1D', { aggregation: 'MAX' }).resolution.frequency.tag //=> 'P1D'
     */
    resample(frequency: Frequency | FrequencyTag, opts?: SeriesResampleOptions): Timeseries;
  }
}

const method: Timeseries['resample'] = function resampleMethod(this: Timeseries, frequency, opts) {
  return resampleTimeseries(this, frequency, opts);
};
Object.defineProperty(Timeseries.prototype, 'resample', { value: method, writable: true, configurable: true });
