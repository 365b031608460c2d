/**
 * Curve JSON (docs/protocol.md#curve-json) and the plain lists of curves (search pages).
 *
 * @module
 */
import { Curve, CurveType, DataType } from '../../model';
import { zoneByName } from '../../time';
import { parsePlace, serializePlace, type PlaceJson } from './place';
import { asArray, asObject, at, jsonBody, modelAt, optString, readArea, readString, readStrings, readTag } from './read';
import { parseResolution, serializeResolution, type ResolutionJson } from './resolution';
import { parseSubscription, serializeSubscription, type SubscriptionJson } from './subscription';

/** The wire form of a curve. */
export interface CurveJson {
  /** Identifier. */
  name: string;
  /** CurveType tag. */
  curve_type: string;
  /** Area tag (`''` for none; the exporting area of an exchange curve). */
  area: string;
  /** Importing area tag of an exchange curve, or null. */
  area_sink: string | null;
  /** The place, or null. */
  place: PlaceJson | null;
  /** Categories. */
  categories: string[];
  /** Frequency and zone of the data. */
  resolution: ResolutionJson;
  /** Unit, or null. */
  unit: string | null;
  /** Denominator, or null. */
  denominator: string | null;
  /** DataType tag. */
  data_type: string;
  /** Source, or null. */
  source: string | null;
  /** Commodity, or null. */
  commodity: string | null;
  /** Zone of instance `issued` times (curve types with instances), or null. */
  instance_issued_timezone: string | null;
  /** The subscription, or null. */
  subscription: SubscriptionJson | null;
}

/**
 * Parses a curve. `curve_type`, `area` (a string from the area table, `''` for none), `resolution`
 * and `data_type` are required; a truthy `area_sink` makes it an exchange curve; unknown extra
 * members are ignored.
 *
 * @param json - The curve object (or its JSON text).
 * @param path - Where it sits in the body, for messages.
 * @returns The curve.
 * @throws ParseException for a missing required member, a bad member or an unknown tag or zone.
 * @example
 * parseCurve({ name: 'DE Wind Power Production MWh/h 15min Actual', curve_type: 'TIMESERIES', area: 'DE',
 *   resolution: { frequency: 'PT15M', timezone: 'CET' }, data_type: 'ACTUAL' }).area.tag //=> 'DE'
 */
export function parseCurve(json: unknown, path = ''): Curve {
  const obj = asObject(path === '' ? jsonBody(json) : json, path);
  const resolution = parseResolution(obj.resolution, at(path, 'resolution'));
  const issuedZone = optString(obj, 'instance_issued_timezone', path);
  return modelAt(path, () =>
    new Curve({
      name: readString(obj, 'name', path),
      curveType: readTag(CurveType, obj, 'curve_type', path, true),
      frequency: resolution.frequency,
      timezone: resolution.zone,
      instanceIssuedTimezone: issuedZone === null ? null : modelAt(at(path, 'instance_issued_timezone'), () => zoneByName(issuedZone)),
      area: readArea(obj.area, at(path, 'area')),
      areaSink: obj.area_sink ? readArea(obj.area_sink, at(path, 'area_sink')) : null,
      place: obj.place ? parsePlace(obj.place, at(path, 'place')) : null,
      categories: readStrings(obj.categories, at(path, 'categories')),
      unit: optString(obj, 'unit', path),
      denominator: optString(obj, 'denominator', path),
      dataType: readTag(DataType, obj, 'data_type', path, true),
      source: optString(obj, 'source', path),
      commodity: optString(obj, 'commodity', path),
      subscription: obj.subscription ? parseSubscription(obj.subscription, at(path, 'subscription')) : null,
    }),
  );
}

/**
 * Writes a curve; no area is written as `""`, as the reference client requires.
 *
 * @param curve - The curve.
 * @returns The wire object.
 * @example
 * serializeCurve(curve).resolution //=> { frequency: 'PT15M', timezone: 'CET' }
 */
export function serializeCurve(curve: Curve): CurveJson {
  return {
    name: curve.name,
    curve_type: curve.curveType.tag,
    area: curve.area ? curve.area.tag : '',
    area_sink: curve.areaSink ? curve.areaSink.tag : null,
    place: curve.place ? serializePlace(curve.place) : null,
    categories: [...curve.categories],
    resolution: serializeResolution(curve.resolution),
    unit: curve.unit,
    denominator: curve.denominator,
    data_type: curve.dataType.tag,
    source: curve.source,
    commodity: curve.commodity,
    instance_issued_timezone: curve.instanceIssuedTimezone,
    subscription: curve.subscription ? serializeSubscription(curve.subscription) : null,
  };
}

/**
 * Parses a JSON array of curves (the body of a curve search page).
 *
 * @param json - The array (or its JSON text).
 * @returns The curves.
 * @throws ParseException when the body is not an array or a curve is bad (`[3].area: ...`).
 * @example
 * parseCurveList([]) //=> []
 */
export function parseCurveList(json: unknown): Curve[] {
  return asArray(jsonBody(json), '').map((item, i) => parseCurve(item, `[${i}]`));
}

/**
 * Writes a list of curves.
 *
 * @param curves - The curves.
 * @returns The wire array.
 * @example
 * serializeCurveList([]) //=> []
 */
export function serializeCurveList(curves: readonly Curve[]): CurveJson[] {
  return curves.map(serializeCurve);
}
