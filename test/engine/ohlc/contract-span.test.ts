import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deliveryEnd, periodRank } from '../../../src/engine/ohlc';
import { ValueError } from '../../../src/exceptions';
import { CET } from '../../../src/time';
import { D } from './days';

test('delivery ends are calendar steps on the CET wall clock, across DST', () => {
  // March 2024 (2024-03-01T00:00+01:00) ends 2024-04-01T00:00+02:00: 31 days minus the lost hour
  assert.is(deliveryEnd('month', D.mar1, CET), D.apr1);
  assert.is(deliveryEnd('month', D.mar1, CET) - D.mar1, 31 * 86_400_000 - 3_600_000);
  assert.is(deliveryEnd('quarter', D.apr1, CET), D.jul1);
  assert.is(deliveryEnd('season', D.apr1, CET), D.oct1);
  assert.is(deliveryEnd('Year', D.jan1y25 - 366 * 86_400_000, CET), D.jan1y25); // 2024 is a leap year
  assert.is(deliveryEnd('day', D.feb2, CET), D.feb3);
  assert.is(deliveryEnd('weekend', D.feb3, CET), D.feb5);
  assert.is(deliveryEnd('week', D.feb5, CET) - D.feb5, 7 * 86_400_000);
  // mdec: the December contract delivers during December
  const dec1 = Date.UTC(2024, 10, 30, 23); // 2024-12-01T00:00+01:00
  assert.is(deliveryEnd('mdec', dec1, CET), D.jan1y25);
});

test('ranks order periods from finest to coarsest; unknown periods throw', () => {
  const tags = ['year', 'season', 'quarter', 'mdec', 'month', 'week', 'weekend', 'day'];
  assert.equal(
    [...tags].sort((a, b) => periodRank(a) - periodRank(b)),
    ['day', 'weekend', 'week', 'month', 'mdec', 'quarter', 'season', 'year'],
  );
  assert.throws(
    () => periodRank('fortnight'),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => deliveryEnd('hour', D.feb1, CET),
    (e: unknown) => e instanceof ValueError,
  );
});

test.run();
