import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../../src/exceptions';
import { EventIdGenerator, compareEventIds, formatEventId, parseEventId } from '../../../server/src/store';

test('ids parse and format as <13-digit ms>-<sequence>', () => {
  assert.equal(parseEventId('1693526400000-12'), { ms: 1693526400000, seq: 12 });
  assert.is(formatEventId({ ms: 1693526400000, seq: 0 }), '1693526400000-0');
  // early dates keep 13 digits
  assert.is(formatEventId({ ms: 5, seq: 1 }), '0000000000005-1');
  for (const bad of ['', '1693526400000', '169352640000-1', '1693526400000-x', 'a-1']) {
    assert.throws(
      () => parseEventId(bad),
      (err: unknown) => err instanceof ValueError,
      bad,
    );
  }
});

test('ids order by milliseconds, then sequence', () => {
  assert.is(compareEventIds({ ms: 5, seq: 9 }, { ms: 6, seq: 0 }), -1);
  assert.is(compareEventIds({ ms: 6, seq: 1 }, { ms: 6, seq: 0 }), 1);
  assert.is(compareEventIds({ ms: 6, seq: 1 }, { ms: 6, seq: 1 }), 0);
});

test('the generator increases strictly, even when the clock stands still or steps back', () => {
  let now = 1000;
  const ids = new EventIdGenerator(() => now);
  const got = [ids.next(), ids.next()];
  now = 900;
  got.push(ids.next());
  now = 2000;
  got.push(ids.next());
  assert.equal(got.map(formatEventId), ['0000000001000-0', '0000000001000-1', '0000000001000-2', '0000000002000-0']);
  // continuing after a stored id
  const after = new EventIdGenerator(() => 1000, { ms: 1500, seq: 3 });
  assert.equal(after.next(), { ms: 1500, seq: 4 });
});

test.run();
