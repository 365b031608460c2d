/**
 * Plain lists of strings: categories and exact categories (`/metadata/categories/`,
 * `/metadata/exact-categories/`) and instance tags (`/instances/{curve}/tags/`).
 *
 * @module
 */
import { asArray, fail, jsonBody } from './read';

/**
 * Parses a JSON array of strings.
 *
 * @param json - The array (or its JSON text).
 * @returns The strings, in the order sent.
 * @throws ParseException when the body is not an array of strings (`[2]: expected a string`).
 * @example
 * parseStringList(['ec', 'gfs']) //=> ['ec', 'gfs']
 */
export function parseStringList(json: unknown): string[] {
  const list = asArray(jsonBody(json), '');
  list.forEach((item, i) => {
    if (typeof item !== 'string') fail(`[${i}]`, 'expected a string', item);
  });
  return [...(list as string[])];
}

/**
 * Writes a list of strings.
 *
 * @param list - The strings (any iterable, e.g. a Set of tags).
 * @returns The wire array.
 * @example
 * serializeStringList(new Set(['ec', 'gfs'])) //=> ['ec', 'gfs']
 */
export function serializeStringList(list: Iterable<string>): string[] {
  return [...list];
}
