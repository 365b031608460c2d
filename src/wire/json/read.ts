/**
 * Field readers shared by the JSON parsers: each checks one value of a response body and throws a
 * `ParseException` naming where it sits (`data[12].v: expected a number or null, got "x"`).
 *
 * @module
 */
import { ParseException } from '../../exceptions';
import { Area } from '../../model';

/** A JSON object as `JSON.parse` returns it. */
export type JsonObject = Record<string, unknown>;

/**
 * An enumeration class as the readers need it: its name for messages, a case-insensitive lookup,
 * and its prototype (which gives the member type).
 */
export interface TagLookup {
  /** Class name used in messages (`'CurveType'`). */
  readonly name: string;
  /** The members' prototype. */
  readonly prototype: unknown;
  /** Whether a tag is valid. */
  isValidTag(tag: unknown): boolean;
  /** The member of a valid tag. */
  byTag(tag: string): unknown;
}

/**
 * A short text of a value for error messages.
 *
 * @param value - Anything.
 * @returns JSON text, cut after 40 characters.
 * @example
 * shortText('x') //=> '"x"'
 */
export function shortText(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/**
 * Throws the `ParseException` of a bad value.
 *
 * @param path - Where the value sits (`data[12].v`; `''` for the whole body).
 * @param expected - What was expected (`'expected a number or null'`).
 * @param value - The value found, if it should be shown.
 * @returns Never.
 * @throws ParseException always.
 * @example
 * fail('data[12].v', 'expected a number or null', 'x')
 * //=> throws ParseException('data[12].v: expected a number or null, got "x"')
 */
export function fail(path: string, expected: string, ...value: [unknown?]): never {
  const got = value.length > 0 ? `, got ${shortText(value[0])}` : '';
  throw new ParseException(`${path === '' ? 'response' : path}: ${expected}${got}`);
}

/**
 * The path of an object member.
 *
 * @param path - Path of the object (`''` for the body).
 * @param key - Member name.
 * @returns `path.key`, or `key` at the top.
 * @example
 * at('curve', 'area') //=> 'curve.area'
 */
export function at(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/**
 * Accepts a response body as parsed JSON or as JSON text (every body parsed here is an object or
 * an array, so a string is always JSON text).
 *
 * @param input - Parsed JSON, or JSON text.
 * @returns The parsed value.
 * @throws ParseException when the text is not JSON.
 * @example
 * jsonBody('[1]') //=> [1]
 */
export function jsonBody(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input) as unknown;
  } catch (error) {
    throw new ParseException(`response: not JSON (${(error as Error).message})`, { cause: error });
  }
}

/**
 * Checks that a value is a JSON object.
 *
 * @param value - The value.
 * @param path - Its path.
 * @returns The object.
 * @throws ParseException otherwise.
 * @example
 * asObject({ a: 1 }, 'curve') //=> { a: 1 }
 */
export function asObject(value: unknown, path: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'expected an object', value);
  return value as JsonObject;
}

/**
 * Checks that a value is a JSON array.
 *
 * @param value - The value.
 * @param path - Its path.
 * @returns The array.
 * @throws ParseException otherwise.
 * @example
 * asArray([1], 'data') //=> [1]
 */
export function asArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'expected an array', value);
  return value;
}

/**
 * Reads a required string member.
 *
 * @param obj - The object.
 * @param key - Member name.
 * @param path - Path of the object.
 * @returns The string.
 * @throws ParseException when missing or not a string.
 * @example
 * readString({ name: 'x' }, 'name', '') //=> 'x'
 */
export function readString(obj: JsonObject, key: string, path: string): string {
  const value = obj[key];
  if (typeof value !== 'string') fail(at(path, key), 'expected a string', value);
  return value;
}

/**
 * Reads an optional string member (missing or null gives null).
 *
 * @param obj - The object.
 * @param key - Member name.
 * @param path - Path of the object.
 * @returns The string, or null.
 * @throws ParseException when present but not a string.
 * @example
 * optString({ unit: null }, 'unit', '') //=> null
 */
export function optString(obj: JsonObject, key: string, path: string): string | null {
  const value = obj[key];
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') fail(at(path, key), 'expected a string or null', value);
  return value;
}

/**
 * Reads an optional string member, keeping "missing" (undefined) apart from null: series and OHLC
 * lists default a missing unit to the curve's.
 *
 * @param obj - The object.
 * @param key - Member name.
 * @param path - Path of the object.
 * @returns The string, null, or undefined when the member is missing.
 * @throws ParseException when present but neither a string nor null.
 * @example
 * presentString({}, 'unit', '') //=> undefined
 */
export function presentString(obj: JsonObject, key: string, path: string): string | null | undefined {
  return obj[key] === undefined ? undefined : optString(obj, key, path);
}

/**
 * Reads an optional number member (missing or null gives null).
 *
 * @param obj - The object.
 * @param key - Member name.
 * @param path - Path of the object.
 * @returns The number, or null.
 * @throws ParseException when present but not a finite number.
 * @example
 * optNumber({ v: 1.5 }, 'v', '') //=> 1.5
 */
export function optNumber(obj: JsonObject, key: string, path: string): number | null {
  const value = obj[key];
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(at(path, key), 'expected a number or null', value);
  return value;
}

/**
 * Reads an optional non-negative integer member (missing or null gives null).
 *
 * @param obj - The object.
 * @param key - Member name.
 * @param path - Path of the object.
 * @returns The integer, or null.
 * @throws ParseException when present but not a non-negative integer.
 * @example
 * optCount({ front: 2 }, 'front', 'product') //=> 2
 */
export function optCount(obj: JsonObject, key: string, path: string): number | null {
  const value = obj[key];
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    fail(at(path, key), 'expected a non-negative integer or null', value);
  }
  return value;
}

/**
 * Reads an enumeration member by its wire tag (case-insensitive).
 *
 * @param lookup - The enumeration.
 * @param obj - The object.
 * @param key - Member name.
 * @param path - Path of the object.
 * @param required - Whether a missing or null tag is an error (else it gives null).
 * @returns The member, or null.
 * @throws ParseException for a missing required tag, a non-string or an unknown tag.
 * @example
 * readTag(CurveType, { curve_type: 'instance' }, 'curve_type', '', true) === CurveType.INSTANCE //=> true
 */
export function readTag<C extends TagLookup>(lookup: C, obj: JsonObject, key: string, path: string, required: true): C['prototype'];
export function readTag<C extends TagLookup>(lookup: C, obj: JsonObject, key: string, path: string, required: false): C['prototype'] | null;
export function readTag<C extends TagLookup>(
  lookup: C,
  obj: JsonObject,
  key: string,
  path: string,
  required: boolean,
): C['prototype'] | null {
  const value = obj[key];
  if ((value === null || value === undefined) && !required) return null;
  if (typeof value !== 'string') fail(at(path, key), `expected a ${lookup.name} tag`, value);
  if (!lookup.isValidTag(value)) fail(at(path, key), `unknown ${lookup.name} tag`, value);
  return lookup.byTag(value);
}

/**
 * Reads an area tag (case-insensitive); `''` is the "no area" entry.
 *
 * @param value - The tag.
 * @param path - Its path.
 * @returns The area.
 * @throws ParseException for a non-string or unknown tag.
 * @example
 * readArea('de', 'curve.area') === Area.DE //=> true
 */
export function readArea(value: unknown, path: string): Area {
  if (typeof value !== 'string') fail(path, 'expected an area tag', value);
  if (!Area.isValidTag(value)) fail(path, 'unknown area tag', value);
  return Area.byTag(value);
}

/**
 * Reads a list of strings (null or missing gives an empty list).
 *
 * @param value - The list.
 * @param path - Its path.
 * @returns The strings.
 * @throws ParseException when it is not an array of strings.
 * @example
 * readStrings(['Wind', 'Power'], 'categories') //=> ['Wind', 'Power']
 */
export function readStrings(value: unknown, path: string): string[] {
  if (value === null || value === undefined) return [];
  const list = asArray(value, path);
  for (let i = 0; i < list.length; i++) {
    if (typeof list[i] !== 'string') fail(`${path}[${i}]`, 'expected a string', list[i]);
  }
  return list as string[];
}

/**
 * Runs a model constructor and turns its `ValueError` (inconsistent fields) into a
 * `ParseException` at `path`.
 *
 * @param path - Path of the object being built.
 * @param build - Builds the model object.
 * @returns What `build` returns.
 * @throws ParseException when `build` throws.
 * @example
 * modelAt('', () => new Timeseries({ resolution })) //=> Timeseries
 */
export function modelAt<T>(path: string, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof ParseException) throw error;
    throw new ParseException(`${path === '' ? 'response' : path}: ${(error as Error).message}`, { cause: error });
  }
}
