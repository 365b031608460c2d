import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorResponse, infoMessage, okResponse, parseClientMessage } from '../../../server/src/server/events';

test('parseClientMessage reads subscribe and filters requests and names every problem', () => {
  const id = '6F1C2A4E-8D3B-4C1E-9A57-2B0F7D3E9C11';
  const r = parseClientMessage(
    JSON.stringify({ type: 'curves.subscribe', request_id: id, last_id: '1693526400000-12', filters: [{ areas: ['DE'] }] }),
  );
  assert.is(r.type, 'curves.subscribe');
  if (r.type === 'curves.subscribe') {
    assert.is(r.lastId, '1693526400000-12');
    assert.is(r.filters.length, 1);
  }
  assert.equal(parseClientMessage(JSON.stringify({ type: 'curves.filters', request_id: id })), { type: 'curves.filters', requestId: id });
  const bad = parseClientMessage(JSON.stringify({ type: 'curves.subscribe', request_id: 7, last_id: 'x', filters: [{ areas: ['XX'] }] }));
  assert.equal(bad, {
    type: 'invalid',
    responseType: 'curves.subscribe',
    requestId: 7,
    errors: [
      'request_id: expected a UUID, got 7',
      'last_id: expected an event id <13-digit epoch ms>-<sequence>, got "x"',
      'filters[0].areas: unknown value "XX"',
    ],
  });
});

test('a frame that is not a request is answered with type error', () => {
  assert.equal(parseClientMessage('nope'), {
    type: 'invalid',
    responseType: 'error',
    requestId: null,
    errors: ['The message is not valid JSON'],
  });
  assert.equal(parseClientMessage('"text"'), {
    type: 'invalid',
    responseType: 'error',
    requestId: null,
    errors: ['The message must be a JSON object'],
  });
  const unknown = parseClientMessage('{"type": "ping", "request_id": "r"}');
  assert.equal(unknown, {
    type: 'invalid',
    responseType: 'error',
    requestId: 'r',
    errors: ['Unknown message type "ping"; expected curves.subscribe or curves.filters'],
  });
});

test('responses and messages are one JSON object each', () => {
  const id = '0b9d5a8e-2f3c-4d1e-8a7b-6c5d4e3f2a1b';
  assert.is(
    okResponse('curves.filters', id, { filters: null }),
    `{"type":"curves.filters","request_id":"${id}","status":"OK","data":{"filters":null}}`,
  );
  assert.equal(JSON.parse(okResponse('curves.subscribe', id, { last_id: '1693526400000-0', filters: [{ areas: ['DE'] }] })), {
    type: 'curves.subscribe',
    request_id: id,
    status: 'OK',
    data: { last_id: '1693526400000-0', filters: [{ areas: ['DE'] }] },
  });
  assert.equal(JSON.parse(errorResponse({ type: 'invalid', responseType: 'curves.subscribe', requestId: id, errors: ['x'] })), {
    type: 'curves.subscribe',
    request_id: id,
    status: 'ERROR',
    errors: ['x'],
  });
  assert.is(infoMessage('hello'), '{"type":"message","message":"hello"}');
});

test.run();
