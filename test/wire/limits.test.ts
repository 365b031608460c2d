import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../src/exceptions';
import { Frequency } from '../../src/time';
import { QueryBuilder, assertWellFormedQuery } from '../../src/wire/encode';
import { parseDateTimeText, type WireDateTime } from '../../src/wire/formats';
import { MAX_RANGE_DAYS, checkQueryRange, checkRangeLimit, curveFrequency, maxRangeMillis } from '../../src/wire/limits';

const at = (text: string) => parseDateTimeText(text) as WireDateTime;
const refusal = (fn: () => unknown): ValidationError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return err;
    throw err;
  }
  throw new Error('expected a ValidationError');
};

test('100 years of days pass, one day more does not; the message names both dates and the limit', () => {
  // 1925-01-01 to 2025-01-01: 100 years with 25 leap days (1928 ... 2024) = 36,525 days
  checkRangeLimit(at('1925-01-01'), at('2025-01-01'), Frequency.P1D);
  const err = refusal(() => checkRangeLimit(at('1925-01-01'), at('2025-01-01 00:00:01'), Frequency.P1D));
  assert.is(err.parameter, 'end');
  assert.is(
    err.reason,
    `The range from begin 1925-01-01 to end 2025-01-01 00:00:01 is longer than the limit of ${MAX_RANGE_DAYS} days (100 years) per request`,
  );
});

test('sub-daily series: 500,000 steps of the frequency produced', () => {
  // PT15M: 500,000 x 15 min = 5,208 days 8 hours
  const limit = maxRangeMillis(Frequency.PT15M);
  assert.is(limit, 5208 * 86_400_000 + 8 * 3_600_000);
  checkRangeLimit(at('2000-01-01 00:00'), at('2014-04-04 08:00'), Frequency.PT15M); // 5,207 days + 8 h (2000-2014 holds 4 leap days)
  const err = refusal(() => checkRangeLimit(at('2000-01-01'), at('2015-01-01'), Frequency.PT15M));
  assert.match(err.reason, /5208 days \(500000 steps of PT15M, about 14\.3 years\)/);
  // NONE and unknown frequencies: the day limit only
  assert.is(maxRangeMillis(Frequency.NONE), maxRangeMillis(null));
  checkRangeLimit(at('2000-01-01'), at('2015-01-01'), null);
});

test('offsets count, so both ends measure the same span', () => {
  // 24 hours of wall clock, but +14:00 at the start and -10:00 at the end: 48 hours
  const b = at('2024-01-01 00:00+14:00');
  const e = at('2024-01-02 00:00-10:00');
  assert.ok(b && e);
  const tight = Frequency.PT5M; // 500,000 x 5 min: 1,736 days
  checkRangeLimit(b, e, tight);
  // years below 100 are not shifted into the 1900s
  const err = refusal(() => checkRangeLimit(at('0001-01-01'), at('0150-01-01'), Frequency.P1D));
  assert.match(err.reason, /0001-01-01 to end 0150-01-01/);
});

test('the client reads begin, end and frequency back from the query it built', () => {
  const q = (pairs: [string, string][]) => pairs.reduce((b, [k, v]) => b.add(k, [v]), new QueryBuilder());
  const long = q([
    ['begin', '2000-01-01'],
    ['end', '2020-01-01'],
  ]);
  checkQueryRange(long, 'X'); // 20 years, nothing known of the frequency
  assert.is(refusal(() => checkQueryRange(long, { name: 'X', frequency: Frequency.PT15M }, { series: 'output' })).parameter, 'end');
  assert.is(
    refusal(() =>
      checkQueryRange(
        q([
          ['begin', '2000-01-01'],
          ['end', '2020-01-01'],
          ['frequency', 'PT15M'],
        ]),
        'X',
        { series: 'output' },
      ),
    ).parameter,
    'end',
  );
  // the output frequency coarser than the curve's: fine for a load, not for rolling (the curve's grid)
  const daily = q([
    ['begin', '2000-01-01'],
    ['end', '2020-01-01'],
    ['frequency', 'P1D'],
  ]);
  checkQueryRange(daily, { name: 'X', frequency: 'PT15M' }, { series: 'output' });
  assert.is(refusal(() => checkQueryRange(daily, { name: 'X', frequency: 'PT15M' }, { series: 'curve' })).parameter, 'end');
  // dates: only the calendar date counts
  assert.is(
    refusal(() =>
      checkQueryRange(
        q([
          ['begin', '1000-01-01 23:00'],
          ['end', '3000-01-01'],
        ]),
        null,
        { dates: true },
      ),
    ).parameter,
    'end',
  );
  assert.is(curveFrequency({ name: 'X', frequency: 'pt60m' }), Frequency.PT1H);
  assert.is(curveFrequency('X'), null);
});

test('year 0000 and impossible dates are not dates', () => {
  assert.is(parseDateTimeText('0000-01-01'), undefined);
  assert.is(parseDateTimeText('2024-02-30'), undefined);
  assert.is(parseDateTimeText('2023-02-29'), undefined);
  assert.ok(parseDateTimeText('2024-02-29'));
  assert.ok(parseDateTimeText('0001-01-01'));
});

test('a malformed query names the parameter', () => {
  assertWellFormedQuery('begin=2024-01-01&unit=EUR%2FMWh&q=%C3%A6');
  assert.is(refusal(() => assertWellFormedQuery('%ZZ=1')).parameter, '%ZZ');
  assert.is(refusal(() => assertWellFormedQuery('unit=%E0%A4')).parameter, 'unit');
  assert.is(refusal(() => assertWellFormedQuery('q=50%')).parameter, 'q');
  assert.is(refusal(() => assertWellFormedQuery('a=1&tag%20x=%G1')).parameter, 'tag x');
});

test.run();
