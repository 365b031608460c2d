import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ENDED, EventQueue, TIMED_OUT } from '../../../src/client/events';

test('items come out in order; a waiting take gets the next push', async () => {
  const q = new EventQueue<number>();
  q.push(1);
  q.push(2);
  assert.is(q.length, 2);
  assert.is(await q.take(), 1);
  assert.is(await q.take(), 2);
  const waiting = q.take();
  q.push(3);
  assert.is(await waiting, 3);
  assert.is(await q.take(10), TIMED_OUT);
});

test('remove drops selected items; end wakes waiters and lets the rest drain', async () => {
  const q = new EventQueue<number>();
  for (let i = 0; i < 5; i++) q.push(i);
  q.remove((x) => x % 2 === 1);
  assert.equal([await q.take(), await q.take()], [0, 2]);
  q.end();
  assert.is(await q.take(), 4);
  assert.is(await q.take(), ENDED);
  q.push(9);
  assert.is(await q.take(), ENDED, 'nothing enters after the end');
});

test('ending with a failure throws it once, then the queue is ended', async () => {
  const q = new EventQueue<number>();
  const waiting = q.take();
  q.end(new Error('gone'));
  await waiting.then(
    () => assert.unreachable(),
    (e: Error) => assert.is(e.message, 'gone'),
  );
  const later = new EventQueue<number>();
  later.push(1);
  later.end(new Error('late'));
  assert.is(await later.take(), 1);
  await later.take().then(
    () => assert.unreachable(),
    (e: Error) => assert.is(e.message, 'late'),
  );
  assert.is(await later.take(), ENDED);
});

test('many items: the queue compacts without losing order', async () => {
  const q = new EventQueue<number>();
  for (let i = 0; i < 5000; i++) q.push(i);
  for (let i = 0; i < 5000; i++) assert.is(await q.take(), i);
  assert.is(q.length, 0);
});

test.run();
