/**
 * The fast path of date cells written in a luxon format of fixed layout (`dd.MM.yyyy HH:mm`,
 * `ddMMMyyyy HH:mm:ss`, `d/M/yyyy H:mm`): the format is compiled once into a list of fields and
 * literal characters, and a cell is read from its characters, without luxon's regular expression
 * and `DateTime` per row. Only the plain case is read here: every field in range, the literals
 * exactly as written. Anything else (another token, an hour 24, a day the month does not have,
 * other spacing or case of a literal) answers NaN, and the caller asks luxon, which reads it or
 * says why not: the fast path never accepts what luxon refuses, nor reads a value differently.
 *
 * @module
 */

/** A field of a layout: which part of the date, and how many digits (min and max). */
interface Field {
  part: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'millisecond' | 'monthName';
  min: number;
  max: number;
}

/** The luxon tokens read here, with the digits each takes (luxon's own widths). */
const TOKENS: Readonly<Record<string, Field>> = {
  yyyy: { part: 'year', min: 4, max: 4 },
  M: { part: 'month', min: 1, max: 2 },
  MM: { part: 'month', min: 2, max: 2 },
  MMM: { part: 'monthName', min: 3, max: 3 },
  d: { part: 'day', min: 1, max: 2 },
  dd: { part: 'day', min: 2, max: 2 },
  H: { part: 'hour', min: 1, max: 2 },
  HH: { part: 'hour', min: 2, max: 2 },
  m: { part: 'minute', min: 1, max: 2 },
  mm: { part: 'minute', min: 2, max: 2 },
  s: { part: 'second', min: 1, max: 2 },
  ss: { part: 'second', min: 2, max: 2 },
  SSS: { part: 'millisecond', min: 3, max: 3 },
};

/** English month abbreviations (luxon's `MMM` in en-US), lower case. */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const ZERO = 48;
const NINE = 57;

/** Reads a cell in a compiled layout: local ms of the wall-clock time, or NaN (ask luxon). */
export type LayoutReader = (text: string) => number;

/**
 * Compiles a luxon format of fixed layout.
 *
 * @param format - The format, in luxon tokens.
 * @returns The reader, or null when the format has a token, a quote or a digit this path does not
 *   read, or two fields of variable width side by side (luxon is then used for every cell).
 * @example
 * fixedDateLayout('dd.MM.yyyy HH:mm')?.('31.03.2024 02:30') //=> Date.UTC(2024, 2, 31, 2, 30)
 */
export function fixedDateLayout(format: string): LayoutReader | null {
  const pieces: (Field | number)[] = [];
  for (let i = 0; i < format.length; ) {
    const c = format[i] as string;
    if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (format[j] === c) j++;
      const field = TOKENS[format.slice(i, j)];
      if (field === undefined) return null;
      pieces.push(field);
      i = j;
    } else {
      if (/[0-9'_]/.test(c)) return null;
      pieces.push(c.charCodeAt(0));
      i++;
    }
  }
  const parts = new Set<string>();
  for (const [k, p] of pieces.entries()) {
    if (typeof p === 'number') continue;
    if (parts.has(p.part === 'monthName' ? 'month' : p.part)) return null;
    parts.add(p.part === 'monthName' ? 'month' : p.part);
    // a field of 1-2 digits needs a literal (or the end) after it to know where it stops
    const next = pieces[k + 1];
    if (p.min !== p.max && next !== undefined && typeof next !== 'number') return null;
  }
  if (!parts.has('year') || !parts.has('month') || !parts.has('day')) return null;
  return (text) => readLayout(text, pieces);
}

function readLayout(text: string, pieces: readonly (Field | number)[]): number {
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let millisecond = 0;
  let i = 0;
  const n = text.length;
  for (const p of pieces) {
    if (typeof p === 'number') {
      if (text.charCodeAt(i) !== p) return Number.NaN;
      i++;
      continue;
    }
    if (p.part === 'monthName') {
      const k = MONTHS.indexOf(text.slice(i, i + 3).toLowerCase());
      if (k < 0) return Number.NaN;
      month = k + 1;
      i += 3;
      continue;
    }
    let v = 0;
    let digits = 0;
    while (digits < p.max && i < n) {
      const c = text.charCodeAt(i);
      if (c < ZERO || c > NINE) break;
      v = v * 10 + (c - ZERO);
      digits++;
      i++;
    }
    if (digits < p.min) return Number.NaN;
    if (p.part === 'year') year = v;
    else if (p.part === 'month') month = v;
    else if (p.part === 'day') day = v;
    else if (p.part === 'hour') hour = v;
    else if (p.part === 'minute') minute = v;
    else if (p.part === 'second') second = v;
    else millisecond = v;
  }
  if (i !== n || year < 100 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return Number.NaN;
  // the last day of the month: day 0 of the next one
  if (day > 28 && day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return Number.NaN;
  return Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
}
