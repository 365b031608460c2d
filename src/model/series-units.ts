/**
 * Names and units of series built by arithmetic (`plus`, `minus`, `times`, `dividedBy`). The
 * rules work on the unit text only; they never convert (use `resample(..., { unit })` or the
 * `unit` load option for that):
 *
 * - `plus` / `minus`: both series must have the same unit (`EUR/MWh - EUR/MWh` is `EUR/MWh`);
 *   different units (`MWh/h - EUR/MWh`, also `MWh/h - GWh/h`) are a ValidationError naming both
 *   series. A number keeps the unit.
 * - `times`: a number or a series without a unit keeps the other unit; a price times its
 *   denominator cancels (`EUR/MWh * MWh` is `EUR`); otherwise the units are written side by side
 *   (`EUR/MWh*MWh/h`).
 * - `dividedBy`: a number or a series without a unit keeps the unit; equal units give a plain
 *   ratio without unit; two simple units give a quote (`EUR / MWh` is `EUR/MWh`); otherwise
 *   both are written with parentheses (`(MWh/h)/(EUR/t)`).
 *
 * @module
 */
import { ValidationError } from '../exceptions';

/**
 * An arithmetic operation between series.
 *
 * @example
 * const op: ArithmeticOp = 'minus';
 */
export type ArithmeticOp = 'plus' | 'minus' | 'times' | 'dividedBy';

/**
 * A unit as series hold it: the unit and an optional denominator (`EUR` per `MWh`).
 *
 * @example
 * const price: SeriesUnit = { unit: 'EUR', denominator: 'MWh' };
 */
export interface SeriesUnit {
  /** The unit (or numerator), or null for none. */
  readonly unit: string | null;
  /** The denominator, or null. */
  readonly denominator: string | null;
}

const SYMBOL: Readonly<Record<ArithmeticOp, string>> = { plus: '+', minus: '-', times: '*', dividedBy: '/' };

/**
 * The unit as one text (`'EUR/MWh'`), or null when the series has none.
 *
 * @param u - The unit.
 * @returns The text.
 * @example
 * unitText({ unit: 'EUR', denominator: 'MWh' }) //=> 'EUR/MWh'
 */
export function unitText(u: SeriesUnit): string | null {
  if (u.unit === null || u.unit === '') return u.denominator ? `1/${u.denominator}` : null;
  return u.denominator ? `${u.unit}/${u.denominator}` : u.unit;
}

function wrap(text: string): string {
  return /[ /*+-]/.test(text) ? `(${text})` : text;
}

function wrapName(name: string): string {
  return / [-+*/] /.test(name) ? `(${name})` : name;
}

/**
 * The name of a derived series: `'A - B'`, `'A * 2'`; derived operands are parenthesised.
 *
 * @param op - The operation.
 * @param a - Name of the left series.
 * @param b - Name of the right series, or the number.
 * @returns The name.
 * @example
 * derivedName('minus', 'DE price', 'FR price') //=> 'DE price - FR price'
 */
export function derivedName(op: ArithmeticOp, a: string | null, b: string | number | null): string {
  const right = typeof b === 'number' ? String(b) : wrapName(b ?? 'series');
  return `${wrapName(a ?? 'series')} ${SYMBOL[op]} ${right}`;
}

/**
 * The unit of `a op b` by the rules of this module.
 *
 * @param op - The operation.
 * @param a - Unit of the left series.
 * @param b - Unit of the right series, or null for a number.
 * @param names - Names of both series, for the error.
 * @returns The derived unit.
 * @throws ValidationError (parameter `other`) when `plus`/`minus` get different units.
 * @example
 * derivedUnit('times', { unit: 'EUR', denominator: 'MWh' }, { unit: 'MWh', denominator: null }, ['p', 'v'])
 * //=> { unit: 'EUR', denominator: null }
 */
export function derivedUnit(op: ArithmeticOp, a: SeriesUnit, b: SeriesUnit | null, names: readonly [string, string]): SeriesUnit {
  if (b === null) return a;
  const ta = unitText(a);
  const tb = unitText(b);
  if (op === 'plus' || op === 'minus') {
    if (ta === tb) return a;
    const verb = op === 'plus' ? 'add' : 'subtract';
    throw new ValidationError(
      `Cannot ${verb} '${names[1]}' (${tb ?? 'no unit'}) ${op === 'plus' ? 'to' : 'from'} '${names[0]}' (${ta ?? 'no unit'}): ` +
        'the units differ (convert one first, e.g. with the unit option)',
      'other',
    );
  }
  if (op === 'times') {
    if (tb === null) return a;
    if (ta === null) return b;
    if (a.denominator && b.denominator === null && a.denominator === b.unit) return { unit: a.unit, denominator: null };
    if (b.denominator && a.denominator === null && b.denominator === a.unit) return { unit: b.unit, denominator: null };
    return { unit: `${ta}*${tb}`, denominator: null };
  }
  if (tb === null) return a;
  if (ta === tb) return { unit: null, denominator: null };
  if (ta === null) return { unit: null, denominator: tb };
  if (a.denominator === null && b.denominator === null && !/[ /*]/.test(ta) && !/[ /*]/.test(tb)) return { unit: ta, denominator: tb };
  return { unit: `${wrap(ta)}/${wrap(tb)}`, denominator: null };
}
