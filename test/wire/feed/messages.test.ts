import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  encodeErrorResponse,
  encodeEventFrame,
  encodeFeedRequest,
  encodeInfoMessage,
  encodeOkResponse,
  parseFeedFrame,
  parseFeedRequest,
  readFeedResponse,
  type FeedFilterJson,
} from '../../../src/wire/feed';

test('parseFeedRequest reads subscribe and filters requests and names every problem', () => {
  const id = '6F1C2A4E-8D3B-4C1E-9A57-2B0F7D3E9C11';
  const r = parseFeedRequest(
    JSON.stringify({ type: 'curves.subscribe', request_id: id, last_id: '1693526400000-12', filters: [{ areas: ['DE'] }] }),
  );
  assert.is(r.type, 'curves.subscribe');
  if (r.type === 'curves.subscribe') {
    assert.is(r.lastId, '1693526400000-12');
    assert.is(r.filters.length, 1);
  }
  assert.equal(parseFeedRequest(JSON.stringify({ type: 'curves.filters', request_id: id })), { type: 'curves.filters', requestId: id });
  const bad = parseFeedRequest(JSON.stringify({ type: 'curves.subscribe', request_id: 7, last_id: 'x', filters: [{ areas: ['XX'] }] }));
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
  assert.equal(parseFeedRequest('nope'), {
    type: 'invalid',
    responseType: 'error',
    requestId: null,
    errors: ['The message is not valid JSON'],
  });
  assert.equal(parseFeedRequest('"text"'), {
    type: 'invalid',
    responseType: 'error',
    requestId: null,
    errors: ['The message must be a JSON object'],
  });
  const unknown = parseFeedRequest('{"type": "ping", "request_id": "r"}');
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
    encodeOkResponse('curves.filters', id, { filters: null }),
    `{"type":"curves.filters","request_id":"${id}","status":"OK","data":{"filters":null}}`,
  );
  assert.equal(JSON.parse(encodeOkResponse('curves.subscribe', id, { last_id: '1693526400000-0', filters: [{ areas: ['DE'] }] })), {
    type: 'curves.subscribe',
    request_id: id,
    status: 'OK',
    data: { last_id: '1693526400000-0', filters: [{ areas: ['DE'] }] },
  });
  assert.equal(JSON.parse(encodeErrorResponse({ type: 'invalid', responseType: 'curves.subscribe', requestId: id, errors: ['x'] })), {
    type: 'curves.subscribe',
    request_id: id,
    status: 'ERROR',
    errors: ['x'],
  });
  assert.is(encodeInfoMessage('hello'), '{"type":"message","message":"hello"}');
});

const ID = '0b9d5a8e-2f3c-4d1e-8a7b-6c5d4e3f2a1b';
const FILTERS: FeedFilterJson[] = [
  { event_types: ['CURVE_UPDATE'], begin: '2023-09-01 00:00:00', end: '2023-09-02 00:00:00+02:00', curve_names: ['X'] },
  { tags: ['ec'], exclude_tags: ['gfs'], areas: ['DE', 'FR'], data_types: ['ACTUAL'], commodities: ['Power'], categories: ['Wind'] },
];

test('requests: encode then parse gives the request back, and the bytes are the reference order', () => {
  const subscribe = encodeFeedRequest({ type: 'curves.subscribe', request_id: ID, last_id: '1693526400000-12', filters: FILTERS });
  assert.ok(subscribe.startsWith(`{"type":"curves.subscribe","request_id":"${ID}","last_id":"1693526400000-12","filters":[`));
  assert.equal(parseFeedRequest(subscribe), { type: 'curves.subscribe', requestId: ID, lastId: '1693526400000-12', filters: FILTERS });
  const live = encodeFeedRequest({ type: 'curves.subscribe', request_id: ID, filters: FILTERS.slice(1) });
  assert.not.match(live, /last_id/);
  assert.equal(parseFeedRequest(live), { type: 'curves.subscribe', requestId: ID, lastId: null, filters: FILTERS.slice(1) });
  const filters = encodeFeedRequest({ type: 'curves.filters', request_id: ID });
  assert.is(filters, `{"type":"curves.filters","request_id":"${ID}"}`);
  assert.equal(parseFeedRequest(filters), { type: 'curves.filters', requestId: ID });
});

test('requests: parse names the field of every problem', () => {
  const bad: [Record<string, unknown>, string][] = [
    [{ request_id: 'r' }, 'request_id: expected a UUID, got "r"'],
    [{ last_id: 17 }, 'last_id: expected an event id <13-digit epoch ms>-<sequence>, got 17'],
    [
      { last_id: '1693526400000-99999999999999999999' },
      'last_id: Invalid event id "1693526400000-99999999999999999999": sequence too large',
    ],
    [{ filters: 'DE' }, 'filters: expected a list of filter objects'],
    [{ filters: [] }, 'filters: at least one filter is required'],
    [{ filters: [{ begin: 'soon' }] }, 'filters[0].begin: not a date-time: "soon"'],
    [{ filters: [{}, { areas: 'DE', curve_names: ['X'] }] }, 'filters[1]: curve_names cannot be combined with areas'],
    [{ filters: [{ begin: '2023-09-02', end: '2023-09-01' }] }, 'filters[0]: begin must be before end'],
    [{ filters: [{ area: ['DE'] }] }, 'filters[0]: unknown key "area"'],
  ];
  for (const [change, message] of bad) {
    const r = parseFeedRequest(JSON.stringify({ type: 'curves.subscribe', request_id: ID, filters: [{}], ...change }));
    assert.equal(r.type === 'invalid' ? r.errors : r, [message], JSON.stringify(change));
  }
});

test('responses and frames: encode then parse gives them back', () => {
  const ok = parseFeedFrame(encodeOkResponse('curves.subscribe', ID, { last_id: null, filters: FILTERS }));
  assert.equal(ok, { type: 'curves.subscribe', response: { requestId: ID, status: 'OK', data: { last_id: null, filters: FILTERS } } });
  const refused = parseFeedFrame(
    encodeErrorResponse({ type: 'invalid', responseType: 'curves.filters', requestId: ID, errors: ['a', 'b'] }),
  );
  assert.equal(refused, { type: 'curves.filters', response: { requestId: ID, status: 'ERROR', errors: ['a', 'b'] } });
  const error = parseFeedFrame(encodeErrorResponse({ type: 'invalid', responseType: 'error', requestId: null, errors: ['x'] }));
  assert.equal(error, { type: 'error', errors: ['x'] });
  assert.equal(parseFeedFrame(encodeInfoMessage('hello')), { type: 'message', message: 'hello' });
  const event = {
    id: '1693526400000-0',
    event_type: 'CURVE_UPDATE',
    curve: { id: 1, name: 'X' } as never,
    begin: '2023-09-01T00:00:00+02:00',
  };
  assert.equal(parseFeedFrame(encodeEventFrame(event)), { type: 'curves.event', event });
});

test('frames: parse says what is wrong, naming the field', () => {
  assert.equal(parseFeedFrame('{"type": "curves.subscribe"'), { type: 'invalid', problem: 'not JSON' });
  assert.equal(parseFeedFrame('[1]'), { type: 'other', name: '' });
  assert.equal(parseFeedFrame('{"type": "ping"}'), { type: 'other', name: 'ping' });
  assert.equal(readFeedResponse({ request_id: ID, status: 'OK', data: [] }), {
    requestId: ID,
    status: 'MALFORMED',
    problem: 'data: expected an object',
  });
  assert.equal(readFeedResponse({ request_id: ID, status: 'ERROR' }), {
    requestId: ID,
    status: 'MALFORMED',
    problem: 'errors: expected a list',
  });
  assert.equal(readFeedResponse({ request_id: ID, status: 'DONE' }), {
    requestId: ID,
    status: 'MALFORMED',
    problem: 'status: expected OK or ERROR, got "DONE"',
  });
});

test.run();
