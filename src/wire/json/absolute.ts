/**
 * AbsoluteResult JSON (docs/protocol.md#absolute-json): the values of one delivery period from every instance
 * issued in a window.
 *
 * @module
 */
import { DateTime } from 'luxon';
import { AbsoluteItem, AbsoluteResult, Aggregation, Filter, type Curve } from '../../model';
import { parseCurve, serializeCurve, type CurveJson } from './curve';
import { formatInstant } from './format-instants';
import { parseInstance, serializeInstance, type InstanceJson } from './instance';
import { readInstant } from './parse-instant';
import { asArray, asObject, at, fail, jsonBody, modelAt, optNumber, presentString, readTag } from './read';
import { parseResolution, serializeResolution, type ResolutionJson } from './resolution';

/** The wire form of one item: an instance and its value for the delivery period. */
export interface AbsoluteItemJson {
  /** The instance. */
  instance: InstanceJson;
  /** The value, or null. */
  v: number | null;
}

/** The wire form of an absolute result. */
export interface AbsoluteResultJson {
  /** The curve, or null. */
  curve: CurveJson | null;
  /** Frequency and zone of the delivery period. */
  resolution: ResolutionJson;
  /** Start of the delivery period. */
  delivery: string;
  /** Hour-filter tag (note: `filter`, singular), or null. */
  filter: string | null;
  /** Aggregation tag, or null. */
  aggregation: string | null;
  /** Unit, or null. */
  unit: string | null;
  /** One item per instance, in order. */
  items: AbsoluteItemJson[];
}

function parseItem(json: unknown, curve: Curve | null, path: string): AbsoluteItem {
  const obj = asObject(json, path);
  if (obj.instance === null || obj.instance === undefined) fail(at(path, 'instance'), 'expected an instance object', obj.instance);
  return new AbsoluteItem({ instance: parseInstance(obj.instance, curve, at(path, 'instance')), value: optNumber(obj, 'v', path) });
}

/**
 * Parses an absolute result. `resolution`, `delivery` (shown in the resolution's zone) and
 * `items` are required; every item needs an `instance`, a missing `v` is null; `filter` and
 * `aggregation` are optional tags (`MEAN` reads as `AVERAGE`).
 *
 * @param json - The result object (or its JSON text).
 * @returns The result.
 * @throws ParseException for a missing required member, a bad date-time or an unknown tag.
 * @example
 * parseAbsoluteResult({ resolution: { frequency: 'PT1H', timezone: 'UTC' }, delivery: '2023-10-05T12:00:00+00:00',
 *   items: [] }).isEmpty() //=> true
 */
export function parseAbsoluteResult(json: unknown): AbsoluteResult {
  const obj = asObject(jsonBody(json), '');
  const resolution = parseResolution(obj.resolution, 'resolution');
  const curve = obj.curve ? parseCurve(obj.curve, 'curve') : null;
  const delivery = readInstant(obj.delivery, 'delivery', resolution.zone);
  const items = asArray(obj.items, 'items').map((item, i) => parseItem(item, curve, `items[${i}]`));
  return modelAt(
    '',
    () =>
      new AbsoluteResult({
        curve,
        resolution,
        delivery: DateTime.fromMillis(delivery, { zone: resolution.zone }),
        filters: readTag(Filter, obj, 'filter', '', false),
        aggregation: readTag(Aggregation, obj, 'aggregation', '', false),
        unit: presentString(obj, 'unit', ''),
        items,
      }),
  );
}

/**
 * Writes an absolute result; `delivery` in the resolution's zone.
 *
 * @param result - The result.
 * @returns The wire object.
 * @throws ValueError when the delivery cannot be written.
 * @example
 * serializeAbsoluteResult(result).delivery //=> '2023-10-05T12:00:00+00:00'
 */
export function serializeAbsoluteResult(result: AbsoluteResult): AbsoluteResultJson {
  return {
    curve: result.curve ? serializeCurve(result.curve) : null,
    resolution: serializeResolution(result.resolution),
    delivery: formatInstant(result.delivery.toMillis(), result.resolution.zone),
    filter: result.filters ? result.filters.tag : null,
    aggregation: result.aggregation ? result.aggregation.tag : null,
    unit: result.unit,
    items: result.items.map((item) => ({ instance: serializeInstance(item.instance), v: item.value })),
  };
}
