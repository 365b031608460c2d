import * as fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decimalText } from '../../../src/wire/sources/decimal-text';

// The fast path of number cells against Number(): same double for every plain decimal text it
// takes (any sign, point position and up to 15 digits), times any power of ten up to 10^9 as the
// text with an exponent; NaN (the slow path) for everything else.

const POINT = 46;
const COMMA = 44;

/** Plain decimal text: sign, 1-15 digits, a decimal point anywhere or none. */
const decimal = fc
  .tuple(fc.constantFrom('', '-', '+'), fc.stringMatching(/^[0-9]{1,15}$/), fc.integer({ min: -1, max: 15 }))
  .map(([sign, digits, point]) =>
    point < 0 || point > digits.length ? `${sign}${digits}` : `${sign}${digits.slice(0, point)}.${digits.slice(point)}`,
  );

const same = (a: number, b: number) => Object.is(a, b);

test('property: plain decimal text reads as Number() reads it, also with the point moved', () => {
  fc.assert(
    fc.property(decimal, fc.integer({ min: 0, max: 9 }), (text, shift) => {
      const fast = decimalText(text, POINT, shift);
      if (text.replace(/[+-]/, '') === '.') return Number.isNaN(fast);
      return same(fast, Number(`${text}e${shift}`)) && same(decimalText(text.replace('.', ','), COMMA, shift), fast);
    }),
    { numRuns: 30_000 },
  );
});

test('doubles written by String() read back identical (-0 is written "0")', () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
      const text = String(x);
      const fast = decimalText(text, POINT, 0);
      return Number.isNaN(fast) || same(fast, x === 0 ? 0 : x);
    }),
    { numRuns: 20_000 },
  );
});

test('what the fast path leaves to the slow one', () => {
  for (const text of ['', ' 1', '1 ', '1e3', '.', '-', '+', '1.2.3', '1,5', '0x10', 'NaN', '1234567890123456', '12345678901234567'])
    assert.ok(Number.isNaN(decimalText(text, POINT, 0)), text);
  assert.ok(Number.isNaN(decimalText('1.5', COMMA, 0)));
  assert.is(decimalText('0,07523', COMMA, 3), 75.23);
  assert.is(decimalText('-0', POINT, 0), -0);
  assert.is(decimalText('1.', POINT, 0), 1);
  assert.is(decimalText('.5', POINT, 0), 0.5);
  assert.is(decimalText('0.1', POINT, 0), 0.1);
  assert.is(decimalText('123456789012345', POINT, 9), 123456789012345e9);
});

test.run();
