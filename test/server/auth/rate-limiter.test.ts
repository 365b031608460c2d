import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TooManyRequestsError } from '../../../src/exceptions';
import { RateLimiter } from '../../../server/src/auth';

test('a bucket allows the burst, then the sustained rate', () => {
  let now = 0;
  const limiter = new RateLimiter({ ratePerSecond: 10, burst: 5 }, () => now);
  for (let i = 0; i < 5; i++) assert.is(limiter.take('a'), 0);
  // empty: the next token comes after 1/10 s
  assert.is(limiter.take('a'), 0.1);
  now += 100;
  assert.is(limiter.take('a'), 0);
  assert.ok(limiter.take('a') > 0);
  // after 10 s idle the bucket is full again, but never above the burst
  now += 10_000;
  for (let i = 0; i < 5; i++) assert.is(limiter.take('a'), 0);
  assert.ok(limiter.take('a') > 0);
});

test('check throws TooManyRequestsError with the seconds to wait', () => {
  const limiter = new RateLimiter({ ratePerSecond: 0.5, burst: 1 }, () => 0);
  limiter.check('k');
  try {
    limiter.check('k');
    assert.unreachable();
  } catch (err) {
    assert.instance(err, TooManyRequestsError);
    assert.is((err as TooManyRequestsError).retryAfter, 2);
  }
  // other keys are unaffected
  assert.not.throws(() => limiter.check('other'));
});

test('defaults are 50 per second with bursts of 100, above the reference client throttle', () => {
  const limiter = new RateLimiter();
  assert.is(limiter.ratePerSecond, 50);
  assert.is(limiter.burst, 100);
  assert.throws(
    () => new RateLimiter({ ratePerSecond: 0 }),
    (err: unknown) => err instanceof RangeError,
  );
});

test.run();
