import type { Zone } from 'luxon';
import { ValidationError } from '../../exceptions';
import type { Aggregation, AggregationTag, Filter, FilterTag } from '../../model';
import type { Frequency, FrequencyTag } from '../../time';
import type { QueryBuilder, QueryValues } from '../encode';
import type { Threshold } from '../formats';
import { AGGREGATION, FREQUENCY, HOUR_FILTER, optionalParam, STRING, THRESHOLD, ZONE } from '../params';

/**
 * The zone and unit of a returned series (docs/semantics.md#aggregation); every operation that returns a series
 * takes them.
 */
export interface ZoneUnitOptions {
  /**
   * Zone of the returned date-times: `'UTC'`, `'CET'`, `'WET'`, `'EET'`, `'Europe/Istanbul'`,
   * `'Europe/Gas_Day'` (texts any case except Gas_Day) or the matching luxon Zone.
   */
  timeZone?: Zone | string | null;
  /** Convert values to this unit, e.g. `'GWh/h'`, `'EUR'`, `'°C'`. */
  unit?: string | null;
}

/**
 * The missing-value threshold: a count or a percentage, never both (the type rejects both).
 *
 * @example
 * const t: ThresholdChoice = { thresholdPct: 5 };
 */
export type ThresholdChoice =
  | {
      /** How many values may be missing in one output step before it becomes null (integer ≥ 0). */
      threshold?: number | null;
      thresholdPct?: null;
    }
  | {
      threshold?: null;
      /** The same as a percentage of the expected values (0 ≤ x < 100). */
      thresholdPct?: number | null;
    };

/**
 * Aggregation to a coarser frequency. `aggregation`, `hourFilter`, `threshold` and
 * `thresholdPct` only act together with `frequency`, so without it they are a type error (at
 * run time the client neither checks nor sends them, as the reference client).
 *
 * @example
 * const a: AggregationChoice = { frequency: 'P1D', hourFilter: 'PEAK', thresholdPct: 5 };
 */
export type AggregationChoice =
  | {
      frequency?: null;
      aggregation?: null;
      hourFilter?: null;
      threshold?: null;
      thresholdPct?: null;
    }
  | ({
      /** Aggregate to this coarser frequency, e.g. `Frequency.P1D` or `'P1D'`. */
      frequency: Frequency | FrequencyTag;
      /** How values are aggregated (default `AVERAGE` on the service), e.g. `Aggregation.MAX` or `'MAX'`. */
      aggregation?: Aggregation | AggregationTag | null;
      /** Which hours are aggregated (default `BASE`), e.g. `Filter.PEAK` or `'PEAK'`. */
      hourFilter?: Filter | FilterTag | null;
    } & ThresholdChoice);

/**
 * Conversion of the returned series (docs/semantics.md#aggregation): zone, aggregation to a coarser frequency, and
 * unit. Shared by every operation that returns a time series; period operations use only
 * `timeZone` and `unit`.
 *
 * @example
 * const opts: ResampleOptions = { timeZone: 'CET', frequency: 'P1D', aggregation: 'MAX' };
 */
export type ResampleOptions = ZoneUnitOptions & AggregationChoice;

/** The resample options as the encoders read them (every field optional, values unchecked). */
interface LooseResample {
  timeZone?: Zone | string | null;
  frequency?: Frequency | string | null;
  aggregation?: Aggregation | string | null;
  hourFilter?: Filter | string | null;
  threshold?: number | null;
  thresholdPct?: number | null;
  unit?: string | null;
}

/** Resample options as the service reads them from a query. */
export interface ResampleQuery {
  /** Requested zone. */
  timeZone?: Zone;
  /** Target frequency. */
  frequency?: Frequency;
  /** Aggregation (`MEAN` decodes to `AVERAGE`). */
  aggregation?: Aggregation;
  /** Hour filter. */
  hourFilter?: Filter;
  /** Missing-value threshold, a count or a percentage. */
  threshold?: Threshold;
  /** Target unit. */
  unit?: string;
}

/** The parameter descriptors of the resample group, by option name. */
export const RESAMPLE_PARAMS = Object.freeze({
  timeZone: optionalParam('timezone', ZONE),
  frequency: optionalParam('frequency', FREQUENCY),
  aggregation: optionalParam('aggregation', AGGREGATION),
  hourFilter: optionalParam('hour-filter', HOUR_FILTER),
  threshold: optionalParam('threshold', THRESHOLD),
  unit: optionalParam('unit', STRING),
});

function thresholdOf(options: LooseResample): Threshold | undefined {
  const { threshold, thresholdPct } = options;
  const hasCount = threshold !== null && threshold !== undefined;
  const hasPct = thresholdPct !== null && thresholdPct !== undefined;
  if (hasCount && hasPct) throw new ValidationError("Only one of 'threshold' and 'thresholdPct' may be given", 'threshold');
  if (hasCount) {
    if (typeof threshold !== 'number') throw new ValidationError('Provide an integer', 'threshold');
    return { kind: 'count', count: threshold };
  }
  return hasPct ? { kind: 'percent', percent: thresholdPct } : undefined;
}

/**
 * Appends `aggregation`, `hour-filter` and (unless `threshold: false`) `threshold` — only when
 * `frequency` is given; otherwise nothing is checked or sent.
 *
 * @param query - The query being built.
 * @param options - The caller's options.
 * @param parts - `threshold`: whether the operation takes a threshold (not `instances.absolute`).
 * @returns The same query.
 * @throws {ValidationError} For invalid values, or both `threshold` and `thresholdPct`.
 * @example
 * encodeAggregation(new QueryBuilder(), { frequency: 'P1D', aggregation: 'MAX', thresholdPct: 5 }).toString()
 * //=> 'aggregation=MAX&threshold=5.00%25'
 */
export function encodeAggregation(
  query: QueryBuilder,
  options: ResampleOptions | LooseResample,
  parts: { threshold?: boolean } = {},
): QueryBuilder {
  const loose = options as LooseResample;
  if (loose.frequency === null || loose.frequency === undefined) return query;
  options = loose;
  query.put(RESAMPLE_PARAMS.aggregation, options.aggregation).put(RESAMPLE_PARAMS.hourFilter, options.hourFilter);
  return parts.threshold === false ? query : query.put(RESAMPLE_PARAMS.threshold, thresholdOf(loose));
}

/**
 * Appends the whole group in the reference order: `timezone`, `frequency`, then (with
 * `frequency` only) `aggregation`, `hour-filter`, `threshold`, then `unit`.
 *
 * @param query - The query being built.
 * @param options - The caller's options.
 * @returns The same query.
 * @throws {ValidationError} For invalid values (named by wire name), or both thresholds.
 * @example
 * encodeResample(new QueryBuilder(), { timeZone: 'UTC', frequency: 'P1D', unit: 'GWh/h' }).toString()
 * //=> 'timezone=UTC&frequency=P1D&unit=GWh%2Fh'
 */
export function encodeResample(query: QueryBuilder, options: ResampleOptions | LooseResample): QueryBuilder {
  query.put(RESAMPLE_PARAMS.timeZone, options.timeZone).put(RESAMPLE_PARAMS.frequency, options.frequency);
  return encodeAggregation(query, options).put(RESAMPLE_PARAMS.unit, options.unit);
}

/**
 * Appends only `timezone` and `unit` (period series, OHLC and SRMC period results).
 *
 * @param query - The query being built.
 * @param options - `timeZone` and `unit`.
 * @returns The same query.
 * @throws {ValidationError} For an unsupported zone or a non-string unit.
 * @example
 * encodeZoneAndUnit(new QueryBuilder(), { timeZone: 'UTC', unit: 'GW' }).toString()
 * //=> 'timezone=UTC&unit=GW'
 */
export function encodeZoneAndUnit(query: QueryBuilder, options: ZoneUnitOptions): QueryBuilder {
  return query.put(RESAMPLE_PARAMS.timeZone, options.timeZone).put(RESAMPLE_PARAMS.unit, options.unit);
}

/**
 * Reads the resample group on the service. Every present value is validated (also without
 * `frequency`, where they have no effect).
 *
 * @param query - The request's query values.
 * @param parts - `threshold: false` ignores `threshold` (operations without one).
 * @returns The decoded options (absent ones left out).
 * @throws {ValidationError} Naming the first invalid parameter.
 * @example
 * decodeResample(QueryValues.from('frequency=pt60m&aggregation=MEAN')).aggregation === Aggregation.AVERAGE
 * //=> true
 */
export function decodeResample(query: QueryValues, parts: { threshold?: boolean } = {}): ResampleQuery {
  const out: ResampleQuery = {};
  const timeZone = RESAMPLE_PARAMS.timeZone.decode(query);
  const frequency = RESAMPLE_PARAMS.frequency.decode(query);
  const aggregation = RESAMPLE_PARAMS.aggregation.decode(query);
  const hourFilter = RESAMPLE_PARAMS.hourFilter.decode(query);
  const threshold = parts.threshold === false ? undefined : RESAMPLE_PARAMS.threshold.decode(query);
  const unit = RESAMPLE_PARAMS.unit.decode(query);
  if (timeZone) out.timeZone = timeZone;
  if (frequency) out.frequency = frequency;
  if (aggregation) out.aggregation = aggregation;
  if (hourFilter) out.hourFilter = hourFilter;
  if (threshold) out.threshold = threshold;
  if (unit !== undefined) out.unit = unit;
  return out;
}

/**
 * Reads only `timezone` and `unit` on the service (period results).
 *
 * @param query - The request's query values.
 * @returns The present values.
 * @throws {ValidationError} For an unsupported zone.
 * @example
 * decodeZoneAndUnit(QueryValues.from('timezone=cet')).timeZone === CET
 * //=> true
 */
export function decodeZoneAndUnit(query: QueryValues): Pick<ResampleQuery, 'timeZone' | 'unit'> {
  const timeZone = RESAMPLE_PARAMS.timeZone.decode(query);
  const unit = RESAMPLE_PARAMS.unit.decode(query);
  return { ...(timeZone && { timeZone }), ...(unit !== undefined && { unit }) };
}
