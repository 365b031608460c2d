/**
 * Curve-name patterns (`service export --curves`, `client.timeseries.export`, `service seed
 * --curves`): `*` any text, `?` one character, everything else literal, any case, the whole name.
 *
 * @module
 */
import { ValidationError } from '../../exceptions';

/**
 * A curve-name pattern as a regular expression.
 *
 * @param pattern - `*` any text, `?` one character; everything else literal.
 * @returns The expression (case-insensitive, whole name).
 * @throws ValidationError (parameter `curves`) for an empty pattern.
 * @example
 * curvePattern('DE * 15min Actual').test('DE Wind Power Production MWh/h 15min Actual') //=> true
 */
export function curvePattern(pattern: string): RegExp {
  if (typeof pattern !== 'string' || pattern.trim() === '')
    throw new ValidationError('Provide a curve-name pattern, e.g. "DE * 15min Actual"', 'curves');
  const body = pattern
    .trim()
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 'i');
}

/**
 * The words of a pattern that a curve search can narrow by (`q`: every word must start a word of
 * the name, docs/protocol.md#metadata): the words of letters and digits only (no wildcard, and
 * no `/`, `-` or `@`, where the service splits a name's words).
 *
 * @param pattern - The pattern.
 * @returns The words joined by spaces ('' for none).
 * @example
 * patternWords('DE * MWh/h 15min Act?al') //=> 'DE 15min'
 */
export function patternWords(pattern: string): string {
  return pattern
    .split(/\s+/)
    .filter((w) => /^[\p{L}\p{N}]+$/u.test(w))
    .join(' ');
}
