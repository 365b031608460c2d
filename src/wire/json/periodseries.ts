/**
 * Periodseries JSON (docs/protocol.md#periodseries-json) and lists of them
 * (`period_instances.load`), read into and written from the typed-array columns in one pass.
 *
 * @module
 */
import type { Zone } from 'luxon';
import { Periodseries, PeriodseriesList } from '../../model';
import { parseCurve, serializeCurve, type CurveJson } from './curve';
import { formatInstants } from './format-instants';
import { parseInstance, serializeInstance, type InstanceJson } from './instance';
import { parseInstant } from './parse-instant';
import { asArray, asObject, at, fail, jsonBody, modelAt, presentString, type JsonObject } from './read';
import { parseResolution, serializeResolution, type ResolutionJson } from './resolution';

/** One period: `begin` inclusive, `end` exclusive, value and (capacity periods) installed capacity. */
export interface PeriodJson {
  /** Start (inclusive). */
  begin: string;
  /** End (exclusive). */
  end: string;
  /** Value, or null. */
  v: number | null;
  /** Installed capacity, or null (capacity periods only). */
  capacity?: number | null;
}

/** The wire form of a period-based series. */
export interface PeriodseriesJson {
  /** The curve, or null. */
  curve: CurveJson | null;
  /** Zone of `data` (frequency typically `NONE`). */
  resolution: ResolutionJson;
  /** The instance, or null. */
  instance: InstanceJson | null;
  /** Unit, or null. */
  unit: string | null;
  /** Denominator, or null. */
  denominator: string | null;
  /** The periods. */
  data: PeriodJson[];
}

interface PeriodColumns {
  begins: Float64Array;
  ends: Float64Array;
  values: Float64Array;
  capacities: Float64Array | null;
}

function readNumber(item: JsonObject, key: string, path: string, i: number): number {
  const v = item[key];
  if (typeof v === 'number') return v;
  if (v === null || v === undefined) return Number.NaN;
  return fail(`${path}[${i}].${key}`, 'expected a number or null', v);
}

function readTime(item: JsonObject, key: string, zone: Zone, path: string, i: number): number {
  const text = item[key];
  const t = typeof text === 'string' ? parseInstant(text, zone) : Number.NaN;
  if (t !== t) fail(`${path}[${i}].${key}`, 'expected an ISO 8601 date-time', text);
  return t;
}

/** One pass over `data`; whether `capacity` is read is decided by the first item. */
function readPeriods(data: unknown[], zone: Zone, path: string): PeriodColumns {
  const n = data.length;
  const begins = new Float64Array(n);
  const ends = new Float64Array(n);
  const values = new Float64Array(n);
  const withCapacity = n > 0 && 'capacity' in asObject(data[0], `${path}[0]`);
  const capacities = withCapacity ? new Float64Array(n) : null;
  for (let i = 0; i < n; i++) {
    const item = data[i] as JsonObject;
    if (typeof item !== 'object' || item === null) fail(`${path}[${i}]`, 'expected an object', item);
    begins[i] = readTime(item, 'begin', zone, path, i);
    ends[i] = readTime(item, 'end', zone, path, i);
    values[i] = readNumber(item, 'v', path, i);
    if (capacities !== null) capacities[i] = readNumber(item, 'capacity', path, i);
  }
  return { begins, ends, values, capacities };
}

/**
 * Parses a period-based series. `resolution` is required; each item has `begin`, `end` (any
 * offset, shown in the resolution's zone) and `v`, plus `capacity` for all items when the first
 * has it. A null or missing `data` is empty.
 *
 * @param json - The period-series object (or its JSON text).
 * @param path - Where it sits in the body, for messages.
 * @returns The series.
 * @throws ParseException for a missing resolution, bad items or dates, or unknown tags.
 * @example
 * parsePeriodseries({ resolution: { frequency: 'NONE', timezone: 'CET' }, data: [{ begin: '2020-01-01T00:00:00+01:00',
 *   end: '2020-01-06T00:00:00+01:00', v: 8113, capacity: 8600 }] }).hasCapacity() //=> true
 */
export function parsePeriodseries(json: unknown, path = ''): Periodseries {
  const obj = asObject(path === '' ? jsonBody(json) : json, path);
  const resolution = parseResolution(obj.resolution, at(path, 'resolution'));
  const curve = obj.curve ? parseCurve(obj.curve, at(path, 'curve')) : null;
  const instance = obj.instance ? parseInstance(obj.instance, curve, at(path, 'instance')) : null;
  const data = obj.data === null || obj.data === undefined ? [] : asArray(obj.data, at(path, 'data'));
  const columns = readPeriods(data, resolution.zone, at(path, 'data'));
  return modelAt(
    path,
    () =>
      new Periodseries({
        resolution,
        curve,
        instance,
        unit: presentString(obj, 'unit', path),
        denominator: presentString(obj, 'denominator', path),
        ...columns,
      }),
  );
}

function cell(column: Float64Array, i: number): number | null {
  const x = column[i]!;
  return x === x ? x : null;
}

/**
 * Writes a period-based series: `begin`/`end` in the resolution's zone with their offset, `v`,
 * and `capacity` (not `c`) for capacity periods.
 *
 * @param ps - The series.
 * @returns The wire object.
 * @throws ValueError when a date-time cannot be written.
 * @example
 * serializePeriodseries(ps).data[0] //=> { begin: '2020-01-01T00:00:00+01:00', end: '2020-01-06T00:00:00+01:00', v: 8113, capacity: 8600 }
 */
export function serializePeriodseries(ps: Periodseries): PeriodseriesJson {
  const zone = ps.resolution.zone;
  const begins = formatInstants(ps.begins, zone);
  const ends = formatInstants(ps.ends, zone);
  const capacities = ps.capacities;
  const data = new Array<PeriodJson>(ps.length);
  for (let i = 0; i < data.length; i++) {
    const item: PeriodJson = { begin: begins[i]!, end: ends[i]!, v: cell(ps.values, i) };
    if (capacities !== null) item.capacity = cell(capacities, i);
    data[i] = item;
  }
  return {
    curve: ps.curve ? serializeCurve(ps.curve) : null,
    resolution: serializeResolution(ps.resolution),
    instance: ps.instance ? serializeInstance(ps.instance) : null,
    unit: ps.unit,
    denominator: ps.denominator,
    data,
  };
}

/**
 * Parses a JSON array of period-based series (`period_instances.load`).
 *
 * @param json - The array (or its JSON text).
 * @returns The list.
 * @throws ParseException when the body is not an array or a series is bad.
 * @example
 * parsePeriodseriesList([]).length //=> 0
 */
export function parsePeriodseriesList(json: unknown): PeriodseriesList {
  const list = asArray(jsonBody(json), '').map((item, i) => parsePeriodseries(item, `[${i}]`));
  return modelAt('', () => new PeriodseriesList(list));
}

/**
 * Writes a list of period-based series.
 *
 * @param list - The series.
 * @returns The wire array.
 * @throws ValueError when a date-time cannot be written.
 * @example
 * serializePeriodseriesList(new PeriodseriesList([])) //=> []
 */
export function serializePeriodseriesList(list: readonly Periodseries[]): PeriodseriesJson[] {
  return list.map(serializePeriodseries);
}
