import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { cell, checkPeriods, checkSteps, columnEquals, defaultScenarioNames, toFloat64 } from '../../src/model/columns';
import { CET, Frequency, Resolution } from '../../src/time';
import * as s from './samples';

test('toFloat64: typed arrays are kept, arrays copied with null -> NaN', () => {
  const typed = new Float64Array([1, 2]);
  assert.is(toFloat64(typed), typed);
  const out = toFloat64([1, null, undefined]);
  assert.equal([out[0], Number.isNaN(out[1]), Number.isNaN(out[2])], [1, true, true]);
  assert.equal([cell(out, 0), cell(out, 1)], [1, null]);
});

test('columnEquals treats NaN as equal', () => {
  assert.ok(columnEquals(new Float64Array([1, NaN]), new Float64Array([1, NaN])));
  assert.not.ok(columnEquals(new Float64Array([1]), new Float64Array([1, 2])));
  assert.not.ok(columnEquals(new Float64Array([1]), null));
  assert.ok(columnEquals(null, null));
});

test('defaultScenarioNames', () => {
  assert.equal(defaultScenarioNames(3), ['e00', 'e01', 'e02']);
  assert.equal(defaultScenarioNames(0), []);
});

test('checkSteps and checkPeriods', () => {
  // 15-minute CET grid: 2024-01-01T00:15+01:00 = 2023-12-31T23:15Z is on it, 23:20Z is not.
  const q = new Resolution(Frequency.PT15M, CET);
  checkSteps(new Float64Array([Date.UTC(2023, 11, 31, 23, 15)]), q, 'T');
  assert.throws(() => checkSteps(new Float64Array([Date.UTC(2023, 11, 31, 23, 20)]), q, 'T'), s.isA(ValueError));
  assert.throws(() => checkSteps(new Float64Array([NaN]), q, 'T'), s.isA(ValueError));
  assert.throws(() => checkPeriods(new Float64Array([0]), new Float64Array([NaN]), q), s.isA(ValueError));
  checkPeriods(new Float64Array([]), new Float64Array([]), q);
});

test.run();
