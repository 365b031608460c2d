import * as fc from 'fast-check';
import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fixedDateLayout } from '../../../src/wire/sources/fixed-date-layout';

// The fast path of formatted date cells against luxon, which it stands in for: for every text it
// reads, luxon reads the same wall-clock time; what it leaves (NaN), luxon decides.

const luxon = (text: string, format: string): number => {
  const dt = DateTime.fromFormat(text, format, { zone: 'utc', locale: 'en-US' });
  return dt.isValid ? dt.toMillis() : Number.NaN;
};

const FORMATS = ['dd.MM.yyyy HH:mm', 'ddMMMyyyy HH:mm:ss', 'd/M/yyyy H:mm', 'yyyyMMddHHmm', 'dd-MMM-yyyy HH:mm:ss.SSS', 'M/d/yyyy'];

/** Cells near and off the layouts: random digits, month names in any case, out-of-range fields. */
const cell = fc.oneof(
  fc
    .tuple(
      fc.integer({ min: 0, max: 35 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 1890, max: 2100 }),
      fc.integer({ min: 0, max: 25 }),
      fc.integer({ min: 0, max: 61 }),
      fc.integer({ min: 0, max: 61 }),
      fc.integer({ min: 0, max: 999 }),
      fc.constantFrom('jan', 'FEB', 'Mar', 'sep', 'Sept', 'dec', 'xyz'),
      fc.boolean(),
    )
    .map(([d, m, y, h, mi, s, ms, name, pad]) => {
      const p = (v: number, w = 2) => (pad ? String(v).padStart(w, '0') : String(v));
      return [
        `${p(d)}.${p(m)}.${y} ${p(h)}:${p(mi)}`,
        `${p(d)}${name}${y} ${p(h)}:${p(mi)}:${p(s)}`,
        `${p(d)}/${p(m)}/${y} ${p(h)}:${p(mi)}`,
        `${y}${p(m)}${p(d)}${p(h)}${p(mi)}`,
        `${p(d)}-${name}-${y} ${p(h)}:${p(mi)}:${p(s)}.${p(ms, 3)}`,
        `${p(m)}/${p(d)}/${y}`,
      ];
    }),
  fc.array(fc.string({ maxLength: 20 }), { minLength: 6, maxLength: 6 }),
);

test('property: every cell the fast path reads, luxon reads the same; the rest is left to luxon', () => {
  const readers = FORMATS.map((f) => fixedDateLayout(f));
  assert.ok(readers.every((r) => r !== null));
  fc.assert(
    fc.property(cell, (texts) =>
      texts.every((text, k) => {
        const fast = (readers[k] as (t: string) => number)(text);
        return Number.isNaN(fast) || fast === luxon(text, FORMATS[k] as string);
      }),
    ),
    { numRuns: 20_000 },
  );
});

test('plain cells are read; formats it does not take are left to luxon', () => {
  assert.is(fixedDateLayout('dd.MM.yyyy HH:mm')?.('31.03.2024 02:30'), Date.UTC(2024, 2, 31, 2, 30));
  assert.is(fixedDateLayout('ddMMMyyyy HH:mm:ss')?.('01JAN2022 00:00:00'), Date.UTC(2022, 0, 1));
  assert.is(fixedDateLayout('d/M/yyyy H:mm')?.('1/2/2024 3:04'), Date.UTC(2024, 1, 1, 3, 4));
  assert.ok(Number.isNaN(fixedDateLayout('dd.MM.yyyy')?.('29.02.2023') as number));
  assert.is(fixedDateLayout('dd.MM.yyyy')?.('29.02.2024'), Date.UTC(2024, 1, 29));
  for (const format of ["yyyy-MM-dd'T'HH:mm", 'yy-MM-dd', 'dd.MM.yyyy hh:mm a', 'dMyyyy', 'MMMM d, yyyy', 'HH:mm'])
    assert.is(fixedDateLayout(format), null, format);
});

test.run();
