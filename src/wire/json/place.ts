/**
 * Place JSON (docs/protocol.md#place-json), recursive through `children` (the tree of `tree=true`), and
 * the plain lists of places (search pages).
 *
 * @module
 */
import { Place, PlaceType } from '../../model';
import { parseCurve, serializeCurve, type CurveJson } from './curve';
import { asArray, asObject, at, fail, jsonBody, optString, readArea, readString, readStrings, readTag } from './read';

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
