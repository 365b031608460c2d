/**
 * Curve JSON and place JSON (docs/protocol.md#curve-json, docs/protocol.md#place-json), with the
 * plain lists of each (search pages). They live in one module because they are mutually
 * recursive: a curve carries its places, a place carries its curves (and its `children`, the tree
 * of `tree=true`); two modules would import each other.
 *
 * @module
 */
import { Curve, CurveType, DataType, Place, PlaceType } from '../../model';
import { zoneByName } from '../../time';
import { asArray, asObject, at, fail, jsonBody, modelAt, optString, readArea, readString, readStrings, readTag } from './read';
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
  return modelAt(
    path,
    () =>
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

// --- places ---------------------------------------------------------------------------------------

/** The wire form of a place. */
export interface PlaceJson {
  /** PlaceType tag. */
  type: string;
  /** Identifier. */
  key: string;
  /** Name. */
  name: string;
  /** Power-plant unit name, or null. */
  unit: string | null;
  /** Fuel types. */
  fuels: string[];
  /** `[latitude, longitude]`, or null. */
  location: [number, number] | null;
  /** Area tags. */
  areas: string[];
  /** Child places. */
  children: PlaceJson[];
  /** Curves of the place. */
  curves: CurveJson[];
}

function readLocation(value: unknown, path: string): [number, number] | null {
  if (value === null || value === undefined) return null;
  const list = asArray(value, path);
  const [lat, lon] = list;
  if (list.length !== 2 || typeof lat !== 'number' || typeof lon !== 'number') {
    fail(path, 'expected [latitude, longitude] or null', value);
  }
  return [lat, lon];
}

function readList<T>(value: unknown, path: string, read: (item: unknown, path: string) => T): T[] {
  if (value === null || value === undefined) return [];
  return asArray(value, path).map((item, i) => read(item, `${path}[${i}]`));
}

/**
 * Parses a place with its children and curves; null lists read as empty.
 *
 * @param json - The place object (or its JSON text).
 * @param path - Where it sits in the body, for messages.
 * @returns The place.
 * @throws ParseException for a missing `type`, a bad member or an unknown tag.
 * @example
 * parsePlace({ type: 'producer', key: 'pp-1', name: 'Plant', location: [53.85, 9.35], areas: ['DE'] }).latitude //=> 53.85
 */
export function parsePlace(json: unknown, path = ''): Place {
  const obj = asObject(path === '' ? jsonBody(json) : json, path);
  return new Place({
    kind: readTag(PlaceType, obj, 'type', path, true),
    key: readString(obj, 'key', path),
    name: readString(obj, 'name', path),
    unit: optString(obj, 'unit', path),
    fuels: readStrings(obj.fuels, at(path, 'fuels')),
    location: readLocation(obj.location, at(path, 'location')),
    areas: readList(obj.areas, at(path, 'areas'), readArea),
    children: readList(obj.children, at(path, 'children'), parsePlace),
    curves: readList(obj.curves, at(path, 'curves'), parseCurve),
  });
}

/**
 * Writes a place with its children and curves.
 *
 * @param place - The place.
 * @returns The wire object.
 * @example
 * serializePlace(place).type //=> 'producer'
 */
export function serializePlace(place: Place): PlaceJson {
  return {
    type: place.kind.tag,
    key: place.key,
    name: place.name,
    unit: place.unit,
    fuels: [...place.fuels],
    location: place.location ? [place.location[0], place.location[1]] : null,
    areas: place.areas.map((a) => a.tag),
    children: place.children.map(serializePlace),
    curves: place.curves.map(serializeCurve),
  };
}

/**
 * Parses a JSON array of places (the body of a place search page).
 *
 * @param json - The array (or its JSON text).
 * @returns The places.
 * @throws ParseException when the body is not an array or a place is bad.
 * @example
 * parsePlaceList([]) //=> []
 */
export function parsePlaceList(json: unknown): Place[] {
  return asArray(jsonBody(json), '').map((item, i) => parsePlace(item, `[${i}]`));
}

/**
 * Writes a list of places.
 *
 * @param places - The places.
 * @returns The wire array.
 * @example
 * serializePlaceList([]) //=> []
 */
export function serializePlaceList(places: readonly Place[]): PlaceJson[] {
  return places.map(serializePlace);
}
