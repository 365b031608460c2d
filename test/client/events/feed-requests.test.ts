import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WebSocketsError } from '../../../src/exceptions';
import { FeedRequests } from '../../../src/client/events';

function sent(): { frames: Record<string, unknown>[]; send: (t: string) => void } {
  const frames: Record<string, unknown>[] = [];
  return { frames, send: (t) => frames.push(JSON.parse(t)) };
}

test('a request carries a UUID v4 and resolves with the data of its OK response', async () => {
  const r = new FeedRequests(1000);
  const out = sent();
  const pending = r.send(out.send, { type: 'curves.filters' }, 'Timed out');
  const id = out.frames[0]!.request_id as string;
  assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.not.ok(r.answer('curves.subscribe', { type: 'curves.subscribe', request_id: id, status: 'OK', data: {} }), 'wrong type');
  assert.ok(r.answer('curves.filters', { type: 'curves.filters', request_id: id.toUpperCase(), status: 'ok', data: { filters: null } }));
  assert.equal(await pending, { filters: null });
});

test('ERROR responses, malformed ones, time-outs and newer requests refuse with WebSocketsError', async () => {
  const r = new FeedRequests(50);
  const out = sent();
  const a = r.send(out.send, { type: 'curves.subscribe', filters: [] }, 'Timed out trying to subscribe');
  const b = r.send(out.send, { type: 'curves.subscribe', filters: [] }, 'Timed out trying to subscribe');
  await a.then(
    () => assert.unreachable(),
    (e) => assert.match(e.message, /Superseded/),
  );
  r.answer('curves.subscribe', { request_id: out.frames[1]!.request_id, status: 'ERROR', errors: ['too many filters'] });
  await b.then(
    () => assert.unreachable(),
    (e: WebSocketsError) => {
      assert.is(e.message, 'Subscribe rejected by server  ERROR too many filters');
      assert.equal(e.description, ['too many filters']);
    },
  );
  const c = r.send(out.send, { type: 'curves.filters' }, 'Timed out trying to get active curve event filters');
  r.answer('curves.filters', { request_id: out.frames[2]!.request_id, status: 'OK' });
  await c.then(
    () => assert.unreachable(),
    (e: WebSocketsError) => assert.is(e.description, 'malformed response'),
  );
  const d = r.send(out.send, { type: 'curves.filters' }, 'Timed out trying to get active curve event filters');
  await d.then(
    () => assert.unreachable(),
    (e: WebSocketsError) =>
      assert.equal([e.message.split(' TIMEOUT')[0], e.status], ['Timed out trying to get active curve event filters ', 'TIMEOUT']),
  );
  const e2 = r.send(out.send, { type: 'curves.filters' }, 'x');
  r.failAll(new WebSocketsError('Lost connection to the server'));
  await e2.then(
    () => assert.unreachable(),
    (e) => assert.match(e.message, /Lost connection/),
  );
});

test.run();
