import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException, ValueError } from '../../../src/exceptions';
import { Area, CurveType } from '../../../src/model';
import { CET } from '../../../src/time';
import {
  asArray,
  asObject,
  at,
  fail,
  jsonBody,
  modelAt,
  optCount,
  optNumber,
  optString,
  presentString,
  readArea,
  readString,
  readStrings,
  readTag,
  shortText,
} from '../../../src/wire/json/read';
import { readDate, readInstant } from '../../../src/wire/json/parse-instant';

function parseError(fn: () => unknown, message: string): void {
  try {
    fn();
  } catch (error) {
    assert.instance(error, ParseException);
    assert.is((error as Error).message, message);
    return;
  }
  assert.unreachable(`expected ParseException: ${message}`);
}

test('messages say where and what', () => {
  parseError(() => fail('data[12].v', 'expected a number or null', 'x'), 'data[12].v: expected a number or null, got "x"');
  parseError(() => fail('', 'expected an array'), 'response: expected an array');
  assert.is(at('', 'curve'), 'curve');
  assert.is(at('curve', 'area'), 'curve.area');
  assert.is(shortText(undefined), 'nothing');
  assert.is(shortText('x'.repeat(50)), `"${'x'.repeat(36)}...`);
});

test('bodies may be JSON text', () => {
  assert.equal(jsonBody('[1, 2]'), [1, 2]);
  assert.equal(jsonBody([1]), [1]);
  assert.throws(
    () => jsonBody('{'),
    (e: unknown) => e instanceof ParseException && /^response: not JSON/.test(e.message),
  );
});

test('objects, arrays and scalars', () => {
  assert.equal(asObject({ a: 1 }, 'x'), { a: 1 });
  parseError(() => asObject([], 'curve'), 'curve: expected an object, got []');
  parseError(() => asObject(null, 'curve'), 'curve: expected an object, got null');
  parseError(() => asArray({}, 'data'), 'data: expected an array, got {}');
  assert.is(readString({ name: 'x' }, 'name', 'curve'), 'x');
  parseError(() => readString({}, 'name', 'curve'), 'curve.name: expected a string, got nothing');
  assert.is(optString({ unit: null }, 'unit', ''), null);
  assert.is(optString({}, 'unit', ''), null);
  parseError(() => optString({ unit: 1 }, 'unit', ''), 'unit: expected a string or null, got 1');
  assert.is(presentString({}, 'unit', ''), undefined);
  assert.is(presentString({ unit: null }, 'unit', ''), null);
  assert.is(optNumber({ v: 0 }, 'v', ''), 0);
  parseError(() => optNumber({ v: '1' }, 'v', 'data[0]'), 'data[0].v: expected a number or null, got "1"');
  assert.is(optCount({ front: 0 }, 'front', ''), 0);
  parseError(() => optCount({ front: 1.5 }, 'front', 'product'), 'product.front: expected a non-negative integer or null, got 1.5');
  parseError(() => optCount({ front: -1 }, 'front', 'product'), 'product.front: expected a non-negative integer or null, got -1');
});

test('tags and areas are looked up ignoring case', () => {
  assert.is(readTag(CurveType, { t: 'instance' }, 't', '', true), CurveType.INSTANCE);
  assert.is(readTag(CurveType, { t: null }, 't', '', false), null);
  parseError(() => readTag(CurveType, {}, 't', 'curve', true), 'curve.t: expected a CurveType tag, got nothing');
  parseError(() => readTag(CurveType, { t: 'SERIES' }, 't', 'curve', true), 'curve.t: unknown CurveType tag, got "SERIES"');
  assert.is(readArea('de', 'area'), Area.byTag('DE'));
  assert.is(readArea('', 'area').tag, '');
  parseError(() => readArea('XX', 'curve.area'), 'curve.area: unknown area tag, got "XX"');
  parseError(() => readArea(null, 'curve.area'), 'curve.area: expected an area tag, got null');
});

test('string lists, dates and date-times', () => {
  assert.equal(readStrings(null, 'categories'), []);
  assert.equal(readStrings(['a'], 'categories'), ['a']);
  parseError(() => readStrings(['a', 2], 'categories'), 'categories[1]: expected a string, got 2');
  assert.is(readDate('2020-01-03T00:00:00+01:00', 'traded_at'), '2020-01-03');
  assert.is(readDate('2020-02-29', 'traded_at'), '2020-02-29');
  parseError(() => readDate('2021-02-29', 'product.delivery'), 'product.delivery: expected an ISO 8601 date, got "2021-02-29"');
  parseError(() => readDate('01.02.2020', 'product.delivery'), 'product.delivery: expected an ISO 8601 date, got "01.02.2020"');
  // 2020-06-01T00:00:00+02:00 = 2020-05-31T22:00Z
  assert.is(readInstant('2020-06-01T00:00:00+02:00', 'd', CET), Date.UTC(2020, 4, 31, 22));
  parseError(
    () => readInstant('2020-06-31T00:00:00Z', 'data[3].d', CET),
    'data[3].d: expected an ISO 8601 date-time, got "2020-06-31T00:00:00Z"',
  );
  parseError(() => readInstant(5, 'data[3].d', CET), 'data[3].d: expected an ISO 8601 date-time, got 5');
});

test('model errors become ParseExceptions at the path', () => {
  assert.is(
    modelAt('x', () => 5),
    5,
  );
  parseError(
    () =>
      modelAt('[2]', () => {
        throw new ValueError('bad');
      }),
    '[2]: bad',
  );
  parseError(
    () =>
      modelAt('', () => {
        throw new ValueError('bad');
      }),
    'response: bad',
  );
});

test.run();
