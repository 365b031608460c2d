import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fixedDurationMillis, leadBuckets } from '../../../src/engine';

const H = 3_600_000;

test('step buckets: absolute hours of lead, [start, end), the last one cut at max', () => {
  const b = leadBuckets({ step: 'PT6H', max: 'PT15H' });
  assert.is(b.count, 3);
  assert.equal(
    [b.bucketOf(0, 0), b.bucketOf(0, 6 * H - 1), b.bucketOf(0, 6 * H), b.bucketOf(0, 15 * H), b.bucketOf(0, -1)],
    [0, 0, 1, -1, -1],
  );
  assert.equal([b.label(0), b.label(2), b.start(2)], ['0-6h', '12-15h', 12]);
  assert.is(leadBuckets({ step: 'PT15M', max: 'PT1H' }).label(1), '0.25-0.5h');
});

test('day-ahead: local day of the value minus local day of the issue', () => {
  const b = leadBuckets('day-ahead', { valueZone: 'CET', issueZone: 'UTC' });
  const issued = Date.UTC(2024, 0, 1, 23, 30); // 1 January in UTC, 2 January 00:30 in CET
  assert.is(b.bucketOf(issued, Date.UTC(2024, 0, 1, 23, 30)), 1); // 2 January CET
  assert.is(b.bucketOf(issued, Date.UTC(2024, 0, 2, 23)), 2); // 3 January 00:00 CET
  assert.is(b.bucketOf(issued, issued - H), -1);
  assert.is(b.label(1), 'D+1');
});

test('durations: fixed lengths only', () => {
  assert.is(fixedDurationMillis('P1DT6H', 'x'), 30 * H);
  assert.is(fixedDurationMillis('P1W', 'x'), 168 * H);
  assert.throws(() => fixedDurationMillis('P1M', 'x'), /fixed length/);
  assert.throws(() => fixedDurationMillis('PT0H', 'x'), /longer than zero/);
  assert.throws(() => fixedDurationMillis('six hours', 'x'), /ISO 8601/);
});

test.run();
