// Batch columns kept for reuse between streamed answers (server/src/http/column-pool.ts): what
// goes back to the pool and when, without a service (the streamed answers over loopback are in
// arrow-stream.test.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AnswerColumns, ColumnPool } from '../../../server/src/http/column-pool';

test('the pool keeps whole buffers of its size, at most `keep`, and hands them out again', () => {
  const pool = new ColumnPool(8, 2);
  const a = pool.take(8);
  const b = pool.take(3);
  assert.is(b.length, 3);
  assert.is(b.buffer.byteLength, 64, 'a short column is a view of a whole buffer');
  pool.give([a, b, new Float64Array(8), new Float64Array(5), a]);
  assert.is(pool.size, 2, 'at most two kept; a duplicate or a buffer of another size is not');
  const again = [pool.take(8), pool.take(8)];
  assert.equal(new Set(again.map((c) => c.buffer)), new Set([a.buffer, b.buffer]));
  assert.is(pool.size, 0);
  assert.is(pool.take(20).length, 20, 'a column longer than a batch is its own');
});

test('an answer gives back what it sent only when all its bytes are out, what it never sent at once', () => {
  const pool = new ColumnPool(8, 16);
  let out = false;
  const answer = new AnswerColumns(pool, () => out);
  const sent = [answer.take(8), answer.take(8)];
  const kept = answer.take(8);
  answer.sent([...sent, null, new Float64Array(8)]);
  answer.release([kept, new Float64Array(8)]);
  assert.is(pool.size, 1, 'the column never handed out is back; one of another origin is not kept');
  // bytes still waiting: taking another column gives nothing back
  const third = answer.take(8);
  assert.is(third.buffer, kept.buffer);
  assert.is(pool.size, 0);
  out = true;
  answer.take(8);
  assert.is(pool.size, 1, 'both sent columns back once flushed, one of them taken again at once');
  // an answer cut short gives back nothing of what it sent
  const cut = new AnswerColumns(pool, () => true);
  const c = cut.take(8);
  cut.sent([c]);
  cut.end(false);
  cut.end(true);
  const left = Array.from({ length: pool.size }, () => pool.take(8).buffer);
  assert.not.ok(left.includes(c.buffer), 'a column of a cut answer went back');
  pool.give(left.map((b) => new Float64Array(b)));
  // a finished answer gives back everything it sent
  const done = new AnswerColumns(pool, () => false);
  const d = [done.take(8), done.take(8)];
  done.sent(d);
  const size = pool.size;
  done.end(true);
  assert.is(pool.size, size + 2);
});

test.run();
