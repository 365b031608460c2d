import { ValidationError } from '../../exceptions';

import { DATE_TIME, type DateTimeInput } from '../params';

/** Curve-type tags each data section accepts when given a curve object (docs/model.md#enums). */
export const SECTION_CURVE_TYPES = Object.freeze({
  timeseries: ['TIMESERIES', 'SCENARIO_TIMESERIES'],
  instances: ['INSTANCE'],
  periods: ['PERIOD'],
  periodInstances: ['INSTANCE_PERIOD'],
  ohlc: ['OHLC'],
  srmc: ['OHLC'],
} as const satisfies Record<string, readonly string[]>);

const fail = (reason: string, name: string): never => {
  throw new ValidationError(reason, name);
};

/** Input naming a curve: its name, or an object with `name` and (checked when given) `curveType`. */
export type CurveInput = string | { readonly name: string; readonly curveType?: { readonly tag: string } | string | null };

/**
 * Checks a curve argument and returns its name: a string, or an object whose `curveType`
 * (when given) must be one of `curveTypes`. Errors name the parameter `curve`.
 *
 * @param curve - The curve or curve name.
 * @param curveTypes - Accepted curve-type tags (empty: any).
 * @returns The curve name.
 * @throws {ValidationError} For a missing curve, an empty name, another type, or a wrong curve type.
 * @example
 * curveName({ name: 'X', curveType: CurveType.TIMESERIES }, ['TIMESERIES', 'SCENARIO_TIMESERIES'])
 * //=> 'X'
 */
export function curveName(curve: CurveInput | null | undefined, curveTypes: readonly string[]): string {
  if (curve === null || curve === undefined) return fail('Provide a Curve or a curve name', 'curve');
  if (typeof curve === 'string') return curve !== '' ? curve : fail('Provide a Curve or a curve name', 'curve');
  if (typeof curve !== 'object' || typeof curve.name !== 'string' || curve.name === '') {
    return fail('Provide either a string or a Curve instance', 'curve');
  }
  const type = curve.curveType;
  const tag = typeof type === 'string' ? type : type?.tag;
  if (tag !== undefined && curveTypes.length && !curveTypes.includes(tag.toUpperCase())) {
    fail(`Curve.curveType must be any of ${curveTypes.join(', ')}, but was ${tag}`, 'curve');
  }
  return curve.name;
}

/**
 * Checks an SRMC curve: as {@link curveName} for `OHLC`, and the name must contain `coal` or
 * `gas` (any case).
 *
 * @param curve - The curve or curve name.
 * @returns The curve name.
 * @throws {ValidationError} As {@link curveName}, or "Provide a coal or gas curve" (parameter `curve`).
 * @example
 * srmcCurveName('Futures Coal API-2 USD/t ICE OHLC')
 * //=> 'Futures Coal API-2 USD/t ICE OHLC'
 */
export function srmcCurveName(curve: CurveInput | null | undefined): string {
  const name = curveName(curve, SECTION_CURVE_TYPES.srmc);
  return /coal|gas/i.test(name) ? name : fail('Provide a coal or gas curve', 'curve');
}

/**
 * The text of the `{issued}` path segment (before percent-encoding), formatted like the
 * `issued-at-*` parameters: texts verbatim after a format check, DateTimes with their offset.
 *
 * @param issued - The issue date-time.
 * @returns The segment text.
 * @throws {ValidationError} When missing or invalid (parameter `issued`).
 * @example
 * issuedText(DateTime.fromISO('2020-06-01T00:00:00Z', { zone: 'utc' }))
 * //=> '2020-06-01 00:00:00+00:00'
 */
export function issuedText(issued: DateTimeInput | null | undefined): string {
  return issued === null || issued === undefined ? fail('Provide a date or datetime', 'issued') : DATE_TIME.encode(issued, 'issued');
}

/**
 * The text of the optional `{tag}` path segment: `''` (segment omitted) for a missing or empty
 * tag; otherwise lower-cased (`instances`, tags are case-insensitive) or trimmed (`period
 * instances`, REMIT tags are case-sensitive). A period-instance tag of only spaces counts as
 * empty (the reference would send an empty segment, `…/get/{issued}//`).
 *
 * @param tag - The caller's tag.
 * @param mode - `'lower'` for instances, `'trim'` for period instances.
 * @returns The segment text, `''` to omit the segment.
 * @throws {ValidationError} When the tag is not a string (parameter `tag`).
 * @example
 * tagText('  GGXXxM8VKmeHWrbHHx3rAg ', 'trim')
 * //=> 'GGXXxM8VKmeHWrbHHx3rAg'
 */
export function tagText(tag: string | null | undefined, mode: 'lower' | 'trim'): string {
  if (tag === null || tag === undefined || tag === '') return '';
  if (typeof tag !== 'string') return fail('Provide a string', 'tag');
  return mode === 'lower' ? tag.toLowerCase() : tag.trim();
}
