/**
 * Timeseries JSON (docs/protocol.md#timeseries-json; with contract: docs/protocol.md#contract-json) and lists of them
 * (`instances.load`). Parsing fills the typed-array columns in one pass over `data`, reading
 * date-times with a hand-written scanner; writing formats the times per offset segment.
 *
 * @module
 */
import type { Zone } from 'luxon';
import { Timeseries, TimeseriesList } from '../../model';
import type { Resolution } from '../../time';
import { parseContract, serializeContract, type ContractJson } from './contract';
import { parseCurve, serializeCurve, type CurveJson } from './curve';
import { formatInstants } from './format-instants';
import { parseInstance, serializeInstance, type InstanceJson } from './instance';
import { parseInstant } from './parse-instant';
import { asArray, asObject, at, fail, jsonBody, modelAt, presentString, readStrings, type JsonObject } from './read';
import { parseResolution, serializeResolution, type ResolutionJson } from './resolution';

/** One data item: `{d, v}`, `{d, s}` or `{d, v, s}`. */
export interface TimeseriesItemJson {
  /** Step start. */
  d: string;
  /** Value (or mean), or null. */
  v?: number | null;
  /** One value (or null) per scenario. */
  s?: (number | null)[];
}

/** The wire form of a time series. */
export interface TimeseriesJson {
  /** The curve, or null. */
  curve: CurveJson | null;
  /** Frequency and zone of `data`. */
  resolution: ResolutionJson;
  /** The instance, or null. */
  instance: InstanceJson | null;
  /** The contract (OHLC-derived series), or null. */
  contract: ContractJson | null;
  /** Scenario names, or null when there are none (or they are the default `e00`, `e01`, ...). */
  scenario_names: string[] | null;
  /** Unit, or null. */
  unit: string | null;
  /** Denominator, or null. */
  denominator: string | null;
  /** The items. */
  data: TimeseriesItemJson[];
}

interface Steps {
  times: Float64Array;
  values: Float64Array | null;
  scenarios: Float64Array[];
}

function badNumber(path: string, i: number, key: string, value: unknown): never {
  return fail(`${path}[${i}].${key}`, 'expected a number or null', value);
}

/** One pass over `data`: the first item decides whether there are `v` and `s` keys. */
function readSteps(data: unknown[], zone: Zone, path: string): Steps {
  const n = data.length;
  const times = new Float64Array(n);
  if (n === 0) return { times, values: new Float64Array(0), scenarios: [] };
  const first = asObject(data[0], `${path}[0]`);
  const hasV = 'v' in first;
  const firstS = first.s;
  if (!hasV && firstS === undefined) fail(`${path}[0]`, 'expected a "v" or "s" key', first);
  const width = firstS === undefined || firstS === null ? -1 : asArray(firstS, `${path}[0].s`).length;
  if (!hasV && width < 0) fail(`${path}[0].s`, 'expected an array', firstS);
  const values = hasV ? new Float64Array(n) : null;
  const scenarios: Float64Array[] = [];
  for (let k = 0; k < width; k++) scenarios.push(new Float64Array(n));
  for (let i = 0; i < n; i++) {
    const item = data[i] as JsonObject;
    if (typeof item !== 'object' || item === null) fail(`${path}[${i}]`, 'expected an object', item);
    const d = item.d;
    const t = typeof d === 'string' ? parseInstant(d, zone) : Number.NaN;
    if (t !== t) fail(`${path}[${i}].d`, 'expected an ISO 8601 date-time', d);
    times[i] = t;
    if (values !== null) {
      const v = item.v;
      if (typeof v === 'number') values[i] = v;
      else if (v === null || v === undefined) values[i] = Number.NaN;
      else badNumber(path, i, 'v', v);
    }
    if (width >= 0) {
      const s = item.s;
      if (!Array.isArray(s) || s.length !== width) fail(`${path}[${i}].s`, `expected an array of ${width} numbers or nulls`, s);
      for (let k = 0; k < width; k++) {
        const x = s[k];
        if (typeof x === 'number') scenarios[k]![i] = x;
        else if (x === null) scenarios[k]![i] = Number.NaN;
        else fail(`${path}[${i}].s[${k}]`, 'expected a number or null', x);
      }
    }
  }
  return { times, values, scenarios };
}

/**
 * Columns already read from `data` arrays, by array. A client with a cache hands the same parsed
 * body to every load it answers from the cache (a 304 revalidation or offline), so the date texts
 * of an unchanged answer are read at most twice; each load still gets columns of its own
 * (copies), so a caller that changes its series' arrays changes no other load's. Most bodies are
 * read once (no cache): the first read only notes the array (`null`), and the columns are copied
 * for later reads when a second read shows that a cache asks again.
 */
const readBefore = new WeakMap<object, { zone: string; steps: Steps } | null>();

function copySteps(steps: Steps): Steps {
  return { times: steps.times.slice(), values: steps.values?.slice() ?? null, scenarios: steps.scenarios.map((c) => c.slice()) };
}

function stepsOf(data: unknown[], zone: Zone, path: string): Steps {
  const known = readBefore.get(data);
  if (known && known.zone === zone.name) return copySteps(known.steps);
  const steps = readSteps(data, zone, path);
  if (data.length > 0) readBefore.set(data, known === undefined ? null : { zone: zone.name, steps: copySteps(steps) });
  return steps;
}

/**
 * Parses a time series. `resolution` is required; `data` items are read in the form of the first
 * item (`v` present, `s` present, or both; a later missing `v` is null, a missing `s` an error);
 * `d` texts may have any offset and are kept as instants, shown in the resolution's zone. Without
 * `scenario_names`, scenarios are named `e00`, `e01`, ... A null or missing `data` is empty.
 *
 * @param json - The time-series object (or its JSON text).
 * @param path - Where it sits in the body, for messages.
 * @returns The time series.
 * @throws ParseException for a missing resolution, bad items (`data[12].v: expected a number or
 *   null, got "x"`), bad dates, unknown tags, or scenario names that do not match the scenarios.
 * @example
 * const ts = parseTimeseries({ resolution: { frequency: 'PT1H', timezone: 'CET' },
 *   data: [{ d: '2020-06-01T00:00:00+02:00', v: 1.5 }] });
 * ts.at(0).date.toISO() //=> '2020-06-01T00:00:00.000+02:00'
 */
export function parseTimeseries(json: unknown, path = ''): Timeseries {
  const obj = asObject(path === '' ? jsonBody(json) : json, path);
  const resolution: Resolution = parseResolution(obj.resolution, at(path, 'resolution'));
  const curve = obj.curve ? parseCurve(obj.curve, at(path, 'curve')) : null;
  const instance = obj.instance ? parseInstance(obj.instance, curve, at(path, 'instance')) : null;
  const contract = obj.contract ? parseContract(obj.contract, at(path, 'contract')) : null;
  const names = readStrings(obj.scenario_names, at(path, 'scenario_names'));
  const data = obj.data === null || obj.data === undefined ? [] : asArray(obj.data, at(path, 'data'));
  const steps = stepsOf(data, resolution.zone, at(path, 'data'));
  if (names.length > 0 && steps.scenarios.length > 0 && names.length !== steps.scenarios.length) {
    fail(at(path, 'scenario_names'), `expected ${steps.scenarios.length} names, one per scenario`, names);
  }
  return modelAt(
    path,
    () =>
      new Timeseries({
        resolution,
        curve,
        instance,
        contract,
        unit: presentString(obj, 'unit', path),
        denominator: presentString(obj, 'denominator', path),
        times: steps.times,
        values: steps.values,
        scenarios: steps.scenarios,
        scenarioNames: names.length > 0 && (steps.scenarios.length > 0 || data.length === 0) ? names : null,
      }),
  );
}

function isDefaultNames(names: readonly string[]): boolean {
  return names.every((name, i) => name === `e${String(i).padStart(2, '0')}`);
}

function items(ts: Timeseries): TimeseriesItemJson[] {
  const n = ts.length;
  const dates = formatInstants(ts.times, ts.resolution.zone);
  const values = ts.valuesOrNull();
  const columns = ts.scenarios;
  const width = columns.length;
  const out = new Array<TimeseriesItemJson>(n);
  for (let i = 0; i < n; i++) {
    let v: number | null = null;
    if (values !== null) {
      const x = values[i]!;
      v = x === x ? x : null;
    }
    if (width === 0) {
      out[i] = { d: dates[i]!, v };
      continue;
    }
    const s = new Array<number | null>(width);
    for (let k = 0; k < width; k++) {
      const x = columns[k]![i] as number;
      s[k] = x === x ? x : null;
    }
    out[i] = values === null ? { d: dates[i]!, s } : { d: dates[i]!, v, s };
  }
  return out;
}

/**
 * Writes a time series: items `{d, v}`, `{d, s}` or `{d, v, s}` (missing values as null), each
 * `d` in the resolution's zone with its offset. `scenario_names` is null when there are no
 * scenarios or the names are the default `e00`, `e01`, ... (which the reference then invents).
 *
 * @param ts - The time series.
 * @returns The wire object.
 * @throws ValueError when a date-time cannot be written (not finite, year beyond 9999).
 * @example
 * serializeTimeseries(ts).data //=> [{ d: '2020-06-01T00:00:00+02:00', v: 1.5 }]
 */
export function serializeTimeseries(ts: Timeseries): TimeseriesJson {
  return { ...serializeTimeseriesHead(ts), data: items(ts) };
}

/**
 * Writes every member of a time series but `data`, in wire order (the text writer
 * `timeseriesText` writes the items itself).
 *
 * @param ts - The time series.
 * @returns The wire object without `data`.
 * @example
 * Object.keys(serializeTimeseriesHead(ts)) //=> ['curve', 'resolution', 'instance', 'contract', 'scenario_names', 'unit', 'denominator']
 */
export function serializeTimeseriesHead(ts: Timeseries): Omit<TimeseriesJson, 'data'> {
  const named = ts.hasScenarios() && !isDefaultNames(ts.scenarioNames);
  return {
    curve: ts.curve ? serializeCurve(ts.curve) : null,
    resolution: serializeResolution(ts.resolution),
    instance: ts.instance ? serializeInstance(ts.instance) : null,
    contract: ts.contract ? serializeContract(ts.contract) : null,
    scenario_names: named ? [...ts.scenarioNames] : null,
    unit: ts.unit,
    denominator: ts.denominator,
  };
}

/**
 * Parses a JSON array of time series (`instances.load`); all must share one frequency.
 *
 * @param json - The array (or its JSON text).
 * @returns The list.
 * @throws ParseException when the body is not an array, a series is bad (`[2].data[5].d: ...`), or
 *   the frequencies differ.
 * @example
 * parseTimeseriesList([]).length //=> 0
 */
export function parseTimeseriesList(json: unknown): TimeseriesList {
  const list = asArray(jsonBody(json), '').map((item, i) => parseTimeseries(item, `[${i}]`));
  return modelAt('', () => new TimeseriesList(list));
}

/**
 * Writes a list of time series.
 *
 * @param list - The series.
 * @returns The wire array.
 * @throws ValueError when a date-time cannot be written.
 * @example
 * serializeTimeseriesList(new TimeseriesList([])) //=> []
 */
export function serializeTimeseriesList(list: readonly Timeseries[]): TimeseriesJson[] {
  return list.map(serializeTimeseries);
}
