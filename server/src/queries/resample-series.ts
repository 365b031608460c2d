/**
 * The service's one path from stored columns to a returned series (docs/semantics.md#time, docs/semantics.md#aggregation),
 * shared by every route that returns curve data: find the curve and check access, resolve the
 * request's dates, read the store, aggregate with the engine, convert the unit (with the
 * dataset's FOREX curves for currencies) and build the model object the wire serialiser writes.
 *
 * Decisions where the references are silent:
 * - with a `frequency` (or when a daily-or-coarser curve is re-bucketed into another zone), the
 *   range is widened to whole output steps: `begin` is floored and `end` ceiled to the output
 *   frequency in the output zone, so a partial first or last day is aggregated over the whole day;
 * - without aggregation, gaps between stored values come back as `null` items (one item per step);
 * - a currency rate is the last FOREX value at or before the step start (rates are quoted as
 *   units per euro); a step without any earlier rate becomes null;
 * - period series are clipped to `[begin, end)`.
 *
 * @module
 */
import type { FastifyRequest } from 'fastify';
import type { Zone } from 'luxon';
import { NotFoundError, ValidationError } from 'service/exceptions';
import { convertUnit, resample, type Threshold } from 'service/engine';
import { Aggregation, Filter, Periodseries, Timeseries, type Curve } from 'service/model';
import { Frequency, Resolution, floorMillis, shiftMillis, stepStarts, zoneByName, zoneName } from 'service/time';
import { resolveMillis, type WireDateTime } from '#wire';
import type { ResampleQuery } from '#wire';
import { checkRangeLimit } from '#wire';
import { BEGIN, END } from '#wire';
import { assertCanRead } from '../auth';
import { fxRatesFor } from './fx-rates';
import { curveFromRecord, placeFromRecord, subscriptionOf } from './records';
import type { CurveRecord, InstanceKey, Store, TimeRange, UserRecord } from '../store';

/**
 * What a series request asks for: the range (epoch ms, `[begin, end)`, open when absent), the
 * instance (instance routes) and the resample options of docs/semantics.md#aggregation.
 *
 * @example
 * const request: SeriesRequest = { range: { begin: 0, end: 86_400_000 }, frequency: Frequency.P1D };
 * request.frequency?.tag //=> 'P1D'
 */
export interface SeriesRequest extends ResampleQuery {
  /** The requested range. */
  range: TimeRange;
  /** The instance to read, or none for the curve's own series. */
  instance?: InstanceKey | null;
}

/**
 * The raw query string of a request (after `?`, still percent-encoded), for the `decode*` twins.
 *
 * @param request - The request.
 * @returns The query text, `''` when there is none.
 * @example
 * requestQuery(request) //=> 'begin=2024-01-01&end=2024-01-02'
 */
export function requestQuery(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at < 0 ? '' : request.url.slice(at + 1);
}

/**
 * The stored curve behind a data request, after the checks every data route makes: it exists,
 * has one of the section's curve types, and the user's subscriptions cover it.
 *
 * @param store - The store.
 * @param user - The caller.
 * @param name - The curve name (decoded path segment).
 * @param curveTypes - The curve-type tags the operation accepts.
 * @returns The curve record.
 * @throws NotFoundError (404) for an unknown curve; ValidationError (400, parameter `curve`) for
 *   another curve type; ForbiddenError (403) outside the user's subscriptions.
 * @example
 * (await dataCurve(store, user, 'DE Wind Power Production MWh/h 15min Actual', ['TIMESERIES'])).frequency //=> 'PT15M'
 */
export async function dataCurve(store: Store, user: UserRecord, name: string, curveTypes: readonly string[]): Promise<CurveRecord> {
  const record = await store.getCurve(name);
  if (record === null) throw new NotFoundError(`Curve '${name}' not found`);
  if (!curveTypes.includes(record.curveType)) {
    throw new ValidationError(`Curve '${name}' is of type ${record.curveType}; this operation needs ${curveTypes.join(' or ')}`, 'curve');
  }
  assertCanRead(user, record);
  return record;
}

/**
 * The model curve of a record as data responses carry it: with its place and the caller's
 * subscription.
 *
 * @param store - The store (for the place).
 * @param user - The caller.
 * @param record - The curve record.
 * @returns The curve.
 * @example
 * (await curveOf(store, user, record)).subscription?.access.tag //=> 'PAYING'
 */
export async function curveOf(store: Store, user: UserRecord, record: CurveRecord): Promise<Curve> {
  const place = record.placeKey === null ? null : await store.getPlace(record.placeKey);
  return curveFromRecord(record, { place: place ? placeFromRecord(place) : null, subscription: subscriptionOf(user, record) });
}

/**
 * Resolves `begin` and `end` of a request: values with an offset are that instant; values
 * without one are wall-clock time in `zone` (a plain date is local midnight).
 *
 * @param begin - The decoded `begin` (inclusive).
 * @param end - The decoded `end` (exclusive).
 * @param zone - The requested `timezone`, else the curve's zone.
 * @param frequency - The frequency of the series produced (the request's, else the curve's), or
 *   `null` when the route produces no fixed-step series: the range limit of `src/wire/limits`.
 * @returns The range in epoch ms.
 * @throws ValidationError (parameter `end`) when `end` lies before `begin` or the range is longer
 *   than the limit (checked before any store read).
 * @example
 * // 2024-03-31 CET: 2024-03-30T23:00Z to 2024-03-31T22:00Z (23 hours)
 * requestRange(parseDateTimeText('2024-03-31'), parseDateTimeText('2024-04-01'), CET)
 * //=> { begin: 1711839600000, end: 1711922400000 }
 */
export function requestRange(
  begin: WireDateTime,
  end: WireDateTime,
  zone: Zone,
  frequency: Frequency | null = null,
): { begin: number; end: number } {
  checkRangeLimit(begin, end, frequency);
  const b = resolveMillis(begin, zone);
  const e = resolveMillis(end, zone);
  if (!Number.isFinite(b)) throw new ValidationError(`Not a valid datetime in ${zoneName(zone)}: '${begin.text}'`, BEGIN.name);
  if (!Number.isFinite(e)) throw new ValidationError(`Not a valid datetime in ${zoneName(zone)}: '${end.text}'`, END.name);
  if (e < b) throw new ValidationError(`end (${end.text}) lies before begin (${begin.text})`, END.name);
  return { begin: b, end: e };
}

/** What the engine is asked to do for one request. */
interface Plan {
  from: Frequency;
  fromZone: Zone;
  to: Frequency;
  zone: Zone;
  /** False: pass the stored values through (only the zone of the date-times changes). */
  aggregate: boolean;
}

function planOf(record: CurveRecord, request: SeriesRequest): Plan {
  const from = Frequency.byTag(record.frequency);
  const fromZone = zoneByName(record.timezone);
  const zone = request.timeZone ?? fromZone;
  if (request.frequency) return { from, fromZone, to: request.frequency, zone, aggregate: true };
  const rebucket = from.isIterable && from.le(Frequency.P1D) && zoneName(zone) !== zoneName(fromZone);
  return { from, fromZone, to: from, zone, aggregate: rebucket };
}

/**
 * Whether a series request takes the stored values as they are (no aggregation, no change of
 * bucket, no unit conversion): such an answer can be sent while it is read
 * (docs/arrow.md#streamed) when the stored series has no gaps.
 *
 * @param record - The curve record.
 * @param request - The request.
 * @returns True when nothing but the zone of the date-times changes.
 * @example
 * passesThrough(record, { range: {} }) //=> true
 * passesThrough(record, { range: {}, frequency: Frequency.P1D }) //=> false
 */
export function passesThrough(record: CurveRecord, request: SeriesRequest): boolean {
  return request.unit === undefined && !planOf(record, request).aggregate;
}

function wholeSteps(range: TimeRange, plan: Plan): TimeRange {
  if (!plan.aggregate) return range;
  const out: TimeRange = {};
  if (range.begin !== undefined) out.begin = floorMillis(range.begin, plan.to, plan.zone);
  if (range.end !== undefined) {
    const floor = floorMillis(range.end, plan.to, plan.zone);
    out.end = floor < range.end ? shiftMillis(floor, plan.to, 1, plan.zone) : floor;
  }
  return out;
}

/**
 * Whether `n` ascending step starts from `first` to `last` leave out a step of the frequency.
 *
 * @param n - How many there are.
 * @param first - The first, epoch ms.
 * @param last - The last, epoch ms.
 * @param freq - The series' frequency.
 * @param zone - The series' zone.
 * @returns True when some step between them is missing.
 * @example
 * hasGaps(3, 0, 2_700_000, Frequency.PT15M, CET) //=> true
 */
export function hasGaps(n: number, first: number, last: number, freq: Frequency, zone: Zone): boolean {
  if (n < 2 || !freq.isIterable) return false;
  if (freq.unit === 'minute') return last - first !== (n - 1) * freq.size * 60_000;
  return stepStarts(first, last + 1, freq, zone).length !== n;
}

/** Columns after aggregation, before unit conversion. */
interface Columns {
  times: Float64Array;
  values: Float64Array | null;
  scenarios: Float64Array[];
}

function aggregateColumns(block: Columns, plan: Plan, request: SeriesRequest): Columns {
  const { times, values, scenarios } = block;
  if (!plan.aggregate && !hasGaps(times.length, times[0]!, times[times.length - 1]!, plan.from, plan.fromZone))
    return { times, values, scenarios };
  const out = resample(
    { times, ...(values ? { values } : {}), ...(scenarios.length ? { scenarios } : {}) },
    plan.aggregate
      ? {
          from: plan.from,
          to: plan.to,
          zone: plan.zone,
          fromZone: plan.fromZone,
          aggregation: request.aggregation ?? Aggregation.AVERAGE,
          filter: request.hourFilter ?? Filter.BASE,
          threshold: (request.threshold as Threshold | undefined) ?? { count: 0 },
        }
      : { from: plan.from, to: plan.from, zone: plan.fromZone },
  );
  return { times: out.times, values: out.values ?? null, scenarios: out.scenarios ?? [] };
}

/**
 * Exchange rates for a unit conversion from the dataset's FOREX curves; see `./fx-rates`.
 *
 * @example
 * const fx = await fxRatesFor(store, 'EUR', 'USD/MWh', times, Frequency.P1D);
 */

async function convertColumns(store: Store, record: CurveRecord, columns: Columns, unit: string | undefined, freq: Frequency) {
  const { times, values, scenarios } = columns;
  if (unit === undefined) return { times, values, scenarios, unit: record.unit, denominator: record.denominator };
  const fx = await fxRatesFor(store, record.unit, unit, times, freq);
  const one = (column: Float64Array) => convertUnit(column, record.unit, record.denominator, unit, { fx, times });
  const probe = one(values ?? new Float64Array(times.length));
  return {
    times,
    values: values ? probe.values : null,
    scenarios: scenarios.map((s) => one(s).values),
    unit: probe.unit,
    denominator: probe.denominator,
  };
}

/**
 * Loads a time series of a curve (or one of its instances) as the request asks: reads the store
 * over the range (widened to whole output steps when aggregating), aggregates with the engine
 * (frequency, aggregation, hour filter, threshold, zone; scenarios independently), converts the
 * unit and returns the model series with the curve attached.
 *
 * @param store - The store.
 * @param curve - The model curve to attach (see {@link curveOf}).
 * @param record - The curve record.
 * @param request - Range, instance and resample options.
 * @returns The time series in the output zone and frequency.
 * @throws ValidationError naming `frequency` (finer than the curve's, or NONE), `threshold` or
 *   `unit` (incompatible unit, currency on sub-daily data).
 * @example
 * const ts = await loadTimeseries(store, curve, record, { range, frequency: Frequency.P1D });
 * ts.resolution.frequency.tag //=> 'P1D'
 */
export async function loadTimeseries(store: Store, curve: Curve, record: CurveRecord, request: SeriesRequest): Promise<Timeseries> {
  const plan = planOf(record, request);
  const block = await store.readSeries(record.name, wholeSteps(request.range, plan), request.instance ?? null);
  const { scenarios, ...converted } = await convertColumns(store, record, aggregateColumns(block, plan, request), request.unit, plan.to);
  const scenarioNames = block.scenarioNames.length === scenarios.length ? block.scenarioNames : null;
  return new Timeseries({ curve, resolution: new Resolution(plan.to, plan.zone), ...converted, scenarios, scenarioNames });
}

/**
 * Loads a period-based series of a curve (or one of its instances): the periods overlapping the
 * range, clipped to it, in the output zone, with values and installed capacities converted to
 * `unit` (no currency conversion for periods).
 *
 * @param store - The store.
 * @param curve - The model curve to attach.
 * @param record - The curve record.
 * @param request - Range, instance, `timeZone` and `unit`.
 * @returns The period series.
 * @throws ValidationError (parameter `unit`) for an incompatible unit or a currency change.
 * @example
 * (await loadPeriodseries(store, curve, record, { range, unit: 'GW' })).unit //=> 'GW'
 */
export async function loadPeriodseries(
  store: Store,
  curve: Curve,
  record: CurveRecord,
  request: Pick<SeriesRequest, 'range' | 'instance' | 'timeZone' | 'unit'>,
): Promise<Periodseries> {
  const block = await store.readPeriods(record.name, request.range, request.instance ?? null);
  const { begin = -Infinity, end = Infinity } = request.range;
  const begins = block.begins.map((b) => Math.max(b, begin));
  const ends = block.ends.map((e) => Math.min(e, end));
  const convert = (column: Float64Array) =>
    request.unit === undefined
      ? { values: column, unit: record.unit, denominator: record.denominator }
      : convertUnit(column, record.unit, record.denominator, request.unit);
  const { values, unit, denominator } = convert(block.values);
  const capacities = block.capacities === null ? null : convert(block.capacities).values;
  const resolution = new Resolution(Frequency.byTag(record.frequency), request.timeZone ?? zoneByName(record.timezone));
  return new Periodseries({ curve, resolution, begins, ends, values, capacities, unit, denominator });
}
