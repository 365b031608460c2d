// Curve-name patterns: `*` any text, `?` one character, any case, the whole name; the words a
// curve search can narrow by.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../src/exceptions';
import { curvePattern, patternWords } from '../../../src/wire';

test('wildcards, literal characters and case', () => {
  const re = curvePattern('de * MWh/h 15min act?al');
  assert.ok(re.test('DE Wind Power Production MWh/h 15min Actual'));
  assert.not.ok(re.test('DE Wind Power Production MWh/h 15min Actual x'));
  assert.not.ok(re.test('DE Wind Power Production MWh/h H Actual'));
  assert.ok(curvePattern('A (x)+').test('a (X)+'));
  assert.throws(
    () => curvePattern(' '),
    (err: unknown) => err instanceof ValidationError && err.parameter === 'curves',
  );
});

test('search words: letters and digits only', () => {
  assert.is(patternWords('DE * MWh/h 15min Act?al'), 'DE 15min');
  assert.is(patternWords('*'), '');
});

test.run();
