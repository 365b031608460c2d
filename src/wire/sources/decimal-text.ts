/**
 * The fast path of reading a number cell: plain decimal text (`-12.5`, `0,0752`, `75`), with at
 * most 15 digits and no exponent, read from its characters into the same double `Number()` gives,
 * without a regular expression, a trimmed copy or a second string. Exact: the digits make a whole
 * number below 2^53 and the decimal point a power of ten up to 10^22, both exact doubles, so one
 * IEEE division (or product) rounds the exact decimal value once, as `Number()` does. Anything
 * else (spaces, an exponent, more digits, an empty cell, text) is left to the slow path.
 *
 * @module
 */

/** 10^0 .. 10^22: the powers of ten that are exact doubles. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

const ZERO = 48;
const NINE = 57;
const MINUS = 45;
const PLUS = 43;

/**
 * Reads plain decimal text times a power of ten, or tells that the text needs the slow path.
 *
 * @param text - The cell.
 * @param decimal - Char code of the decimal mark (46 `.` or 44 `,`).
 * @param shift - The power of ten the value is multiplied by (0: the number itself; 3: times 1000,
 *   the decimal point moved in the text, so `0.07523` gives exactly `75.23`).
 * @returns The value, or NaN when the text is not plain decimal text of at most 15 digits.
 * @example
 * decimalText('0,0752', 44, 3) //=> 75.2
 * decimalText(' 1', 46, 0) //=> NaN (the slow path trims)
 */
export function decimalText(text: string, decimal: number, shift: number): number {
  const n = text.length;
  if (n === 0 || n > 17) return Number.NaN;
  let i = 0;
  let c = text.charCodeAt(0);
  const negative = c === MINUS;
  if (negative || c === PLUS) i = 1;
  let whole = 0;
  let digits = 0;
  let point = -1;
  for (; i < n; i++) {
    c = text.charCodeAt(i);
    if (c >= ZERO && c <= NINE) {
      whole = whole * 10 + (c - ZERO);
      digits++;
    } else if (c === decimal && point < 0) point = digits;
    else return Number.NaN;
  }
  if (digits === 0 || digits > 15) return Number.NaN;
  const exponent = (point < 0 ? 0 : point - digits) + shift;
  let v: number;
  if (exponent >= 0) {
    if (exponent > 22) return Number.NaN;
    v = whole * (POW10[exponent] as number);
  } else {
    if (exponent < -22) return Number.NaN;
    v = whole / (POW10[-exponent] as number);
  }
  return negative ? -v : v;
}
