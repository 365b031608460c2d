import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { request } from 'node:http';
import WebSocket from 'ws';
import { feedProtocols } from '../../../src/wire/feed';
import { CURVES_CSV, DE_CONS, DE_WIND, FR_DE, FR_WIND, hourlyCsv, startFeedService, type FeedService } from './feed-fixture';
import { RID, openProbe, type Frame } from './ws-probe';

// 2024-03-31 is the CET spring-forward day: 00:00Z = 01:00+01:00, 01:00Z = 03:00+02:00.
const MAR31_00Z = Date.UTC(2024, 2, 31, 0);

let svc: FeedService;

test.before(async () => {
  svc = await startFeedService({ app: { events: { heartbeatMs: 0 } } });
});

test.after(async () => {
  await svc.close();
});

function handshake(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: svc.port,
      path,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, body: '' });
    });
    req.on('error', reject);
    req.end();
  });
}

test('the handshake needs a valid key: 401 with a JSON message otherwise', async () => {
  const none = await handshake('/api/events/', {});
  assert.is(none.status, 401);
  assert.match(JSON.parse(none.body).message, /Missing API key/);
  const bad = await handshake('/api/events/', { 'X-API-KEY': 'svc_not-a-key' });
  assert.is(bad.status, 401);
  assert.equal(JSON.parse(bad.body), { message: 'Invalid API key' });
  const good = await handshake('/api/events', { 'x-api-key': svc.keys.all });
  assert.is(good.status, 101);
});

test('a browser offers the key as a subprotocol: the answer selects only service.feed', async () => {
  const [feed, keyProtocol] = feedProtocols(svc.keys.all);
  const ws = new WebSocket(`ws://127.0.0.1:${svc.port}/api/events/`, [feed!, keyProtocol!]);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  assert.is(ws.protocol, 'service.feed');
  ws.send(JSON.stringify({ type: 'curves.filters', request_id: RID() }));
  const [answer] = await new Promise<Buffer[]>((resolve) => ws.once('message', (...args) => resolve(args as Buffer[])));
  assert.is(JSON.parse(String(answer)).status, 'OK');
  ws.close();
  const bad = await handshake('/api/events/', { 'Sec-WebSocket-Protocol': feedProtocols('svc_not-a-key').join(', ') });
  assert.is(bad.status, 401);
  assert.equal(JSON.parse(bad.body), { message: 'Invalid API key' });
});

test('an upgrade on another path is a JSON 404', async () => {
  const r = await handshake('/api/other/', { 'X-API-KEY': svc.keys.all });
  assert.is(r.status, 404);
  assert.match(JSON.parse(r.body).message, /Not found/);
});

test('subscribe answers OK with the accepted filters; curves.filters echoes them', async () => {
  const p = await openProbe(svc.wsUrl, svc.keys.all);
  const f0 = RID();
  p.send({ type: 'curves.filters', request_id: f0 });
  assert.equal(await p.waitFor((f) => f.request_id === f0), {
    type: 'curves.filters',
    request_id: f0,
    status: 'OK',
    data: { filters: null },
  });
  const id = RID();
  p.send({
    type: 'CURVES.SUBSCRIBE',
    request_id: id,
    filters: [
      {
        event_types: ['curve_update'],
        begin: '2024-03-31',
        end: '2024-04-01T00:00:00+02:00',
        areas: ['de', 'fr', 'de'],
        data_types: ['actual'],
      },
      { curve_names: [DE_CONS], tags: ['EC'], exclude_tags: null },
    ],
  });
  const ok = await p.waitFor((f) => f.request_id === id);
  const accepted = [
    {
      event_types: ['CURVE_UPDATE'],
      begin: '2024-03-31 00:00:00',
      end: '2024-04-01 00:00:00+02:00',
      areas: ['DE', 'FR'],
      data_types: ['ACTUAL'],
    },
    { tags: ['EC'], curve_names: [DE_CONS] },
  ];
  assert.equal(ok, { type: 'curves.subscribe', request_id: id, status: 'OK', data: { last_id: null, filters: accepted } });
  const f1 = RID();
  p.send({ type: 'curves.filters', request_id: f1 });
  assert.equal((await p.waitFor((f) => f.request_id === f1)).data, { filters: accepted });
  await p.close();
});

test('subscribers get the events of matching imports and not the others', async () => {
  const p = await openProbe(svc.wsUrl, svc.keys.all);
  const id = RID();
  p.send({ type: 'curves.subscribe', request_id: id, filters: [{ areas: ['DE'], data_types: ['ACTUAL'] }] });
  await p.waitFor((f) => f.request_id === id);
  const result = await svc.importCsv(
    hourlyCsv(DE_WIND, MAR31_00Z, 3, (k) => 100 + k),
    hourlyCsv(FR_WIND, MAR31_00Z, 3, (k) => 200 + k),
    hourlyCsv(FR_DE, MAR31_00Z, 2, (k) => 300 + k),
    hourlyCsv(DE_CONS, MAR31_00Z, 2, (k) => 400 + k, { issued: '2024-03-30T12:00:00Z', tag: 'ec' }),
  );
  assert.is(result.events.length, 4);
  const events = await p.waitForEvents(2);
  await new Promise((r) => setTimeout(r, 150));
  assert.is(p.events().length, 2, 'FR wind (area FR) and the DE forecast (FORECAST) are not delivered');
  const [wind, exchange] = events.map((f) => f.event);
  assert.is(wind.id, result.events[0]!.id);
  assert.is(wind.event_type, 'CURVE_UPDATE');
  assert.is(wind.curve.name, DE_WIND);
  assert.equal(wind.curve.resolution, { frequency: 'PT1H', timezone: 'CET' });
  assert.equal(wind.curve.subscription, { access: 'PAYING', type: 'PACKAGE', label: 'All packages', package: '*' });
  // 3 hours from 00:00Z: 01:00+01:00, 03:00+02:00, 04:00+02:00; the range ends at 03:00Z = 05:00+02:00
  assert.is(wind.begin, '2024-03-31T01:00:00+01:00');
  assert.is(wind.end, '2024-03-31T05:00:00+02:00');
  assert.is(wind.instance, undefined);
  assert.is(exchange.curve.name, FR_DE, 'an exchange curve matches its importing area');
  await p.close();
});

test('instance events carry the instance; tags and exclude_tags filter them', async () => {
  const p = await openProbe(svc.wsUrl, svc.keys.all);
  const id = RID();
  p.send({ type: 'curves.subscribe', request_id: id, filters: [{ curve_names: [DE_CONS], tags: ['EC', 'gfs'], exclude_tags: ['gfs'] }] });
  await p.waitFor((f) => f.request_id === id);
  await svc.importCsv(hourlyCsv(DE_CONS, MAR31_00Z, 2, () => 1, { issued: '2024-03-30T06:00:00Z', tag: 'gfs' }));
  await svc.importCsv(hourlyCsv(DE_CONS, MAR31_00Z, 2, () => 1, { issued: '2024-03-30T06:00:00Z', tag: 'EC' }));
  const [e] = (await p.waitForEvents(1)).map((f) => f.event);
  await new Promise((r) => setTimeout(r, 100));
  assert.is(p.events().length, 1);
  assert.equal(e.instance, { issued: '2024-03-30T06:00:00+00:00', tag: 'ec' });
  await p.close();
});

test('begin/end keep events whose data range overlaps; a date without offset is in the curve zone', async () => {
  const p = await openProbe(svc.wsUrl, svc.keys.all);
  const id = RID();
  // 2024-03-31 05:00 CET (no offset: wall clock in CET) = 03:00Z
  p.send({ type: 'curves.subscribe', request_id: id, filters: [{ curve_names: [DE_WIND], begin: '2024-03-31 05:00:00' }] });
  await p.waitFor((f) => f.request_id === id);
  await svc.importCsv(hourlyCsv(DE_WIND, MAR31_00Z, 3, () => 1)); // [00:00Z, 03:00Z): ends where the filter begins
  await svc.importCsv(hourlyCsv(DE_WIND, MAR31_00Z, 4, () => 2)); // [00:00Z, 04:00Z): overlaps by one hour
  const [e] = (await p.waitForEvents(1)).map((f) => f.event);
  await new Promise((r) => setTimeout(r, 100));
  assert.is(p.events().length, 1);
  assert.is(e.end, '2024-03-31T06:00:00+02:00');
  await p.close();
});

const BAD: [string, unknown, RegExp][] = [
  ['not JSON', '{"type": "curves.subscribe"', /not valid JSON/],
  ['no type', { request_id: '6f1c2a4e-8d3b-4c1e-9a57-2b0f7d3e9c11' }, /no type/],
  ['unknown type', { type: 'curves.unsubscribe', request_id: '6f1c2a4e-8d3b-4c1e-9a57-2b0f7d3e9c11' }, /Unknown message type/],
  ['array', [1, 2], /must be a JSON object/],
];

test('frames that are not requests are answered with type error, and the connection stays', async () => {
  const p = await openProbe(svc.wsUrl, svc.keys.all);
  for (const [what, frame, message] of BAD) {
    const from = p.frames.length;
    p.send(frame as object);
    const reply = await p.waitFor(() => true, 3000, from);
    assert.is(reply.type, 'error', what);
    assert.is(reply.status, 'ERROR', what);
    assert.match(reply.errors.join(' '), message, what);
  }
  const from = p.frames.length;
  p.ws.send(Buffer.from([1, 2, 3]), { binary: true });
  assert.match((await p.waitFor(() => true, 3000, from)).errors[0], /Binary frames/);
  assert.is(p.ws.readyState, WebSocket.OPEN);
  await p.close();
});

const BAD_SUBSCRIBES: [string, Record<string, unknown>, RegExp][] = [
  ['request id', { request_id: 'abc', filters: [{}] }, /request_id: expected a UUID/],
  ['no filters', { filters: [] }, /at least one filter/],
  ['filters not a list', { filters: 'DE' }, /expected a list of filter objects/],
  ['too many filters', { filters: Array.from({ length: 11 }, () => ({ areas: ['DE'] })) }, /too many filters \(11; at most 10\)/],
  ['unknown area', { filters: [{ areas: ['DE', 'XX'] }] }, /filters\[0\]\.areas: unknown value "XX"/],
  ['unknown key', { filters: [{ area: ['DE'] }] }, /unknown key "area"/],
  ['names and attributes', { filters: [{ curve_names: ['X'], areas: ['DE'] }] }, /cannot be combined with areas/],
  ['bad event type', { filters: [{ event_types: ['DISCONNECTED'] }] }, /event_types: unknown value "DISCONNECTED"/],
  ['bad date', { filters: [{ begin: '2024-02-30' }] }, /begin: not a date-time/],
  ['begin after end', { filters: [{ begin: '2024-03-02', end: '2024-03-01' }] }, /begin must be before end/],
  ['bad last id', { last_id: '123-0', filters: [{}] }, /last_id: expected an event id/],
];

test('bad subscribe requests get ERROR responses naming the problems, and the connection stays', async () => {
  const p = await openProbe(svc.wsUrl, svc.keys.all);
  for (const [what, body, message] of BAD_SUBSCRIBES) {
    const id = (body.request_id as string | undefined) ?? RID();
    const from = p.frames.length;
    p.send({ type: 'curves.subscribe', request_id: id, ...body });
    const reply = await p.waitFor(() => true, 3000, from);
    assert.is(reply.type, 'curves.subscribe', what);
    assert.is(reply.request_id, id, what);
    assert.is(reply.status, 'ERROR', what);
    assert.ok(Array.isArray(reply.errors) && reply.errors.every((e: unknown) => typeof e === 'string'), what);
    assert.match(reply.errors.join(' | '), message, what);
  }
  const id = RID();
  p.send({ type: 'curves.subscribe', request_id: id, filters: { curve_names: [DE_WIND] } });
  assert.is((await p.waitFor((f) => f.request_id === id)).status, 'OK', 'a single filter object is taken as a list of one');
  await p.close();
});

test('resubscribing with last_id replays every later event once, in order, then live ones', async () => {
  const before = (await svc.store.eventsAfter(null, 1_000_000)).events.at(-1)?.id as string;
  const ids: string[] = [];
  for (let k = 0; k < 5; k++)
    ids.push(...(await svc.importCsv(hourlyCsv(FR_WIND, MAR31_00Z + k * 3_600_000, 1, () => k))).events.map((e) => e.id));
  const p = await openProbe(svc.wsUrl, svc.keys.all);
  const id = RID();
  p.send({ type: 'curves.subscribe', request_id: id, last_id: ids[1], filters: [{ curve_names: [FR_WIND] }] });
  const ok = await p.waitFor((f) => f.request_id === id);
  assert.is(ok.data.last_id, ids[1]);
  assert.equal(
    (await p.waitForEvents(3)).map((f) => f.event.id),
    ids.slice(2),
  );
  const live = await svc.importCsv(
    hourlyCsv(FR_WIND, MAR31_00Z, 1, () => 9),
    hourlyCsv(DE_WIND, MAR31_00Z, 1, () => 9),
  );
  assert.equal(
    (await p.waitForEvents(4)).map((f) => f.event.id),
    [...ids.slice(2), live.events[0]!.id],
  );
  // from the id before this test: all five, and the live one, once each
  const q = await openProbe(svc.wsUrl, svc.keys.all);
  const id2 = RID();
  q.send({ type: 'curves.subscribe', request_id: id2, last_id: before, filters: [{ curve_names: [FR_WIND] }] });
  assert.equal(
    (await q.waitForEvents(6)).map((f: Frame) => f.event.id),
    [...ids, live.events[0]!.id],
  );
  await new Promise((r) => setTimeout(r, 100));
  assert.is(q.events().length, 6);
  await p.close();
  await q.close();
});

test('a replay longer than one log page arrives whole and in order', async () => {
  const other = await startFeedService({ app: { events: { heartbeatMs: 0, replayPageSize: 3 } } });
  const ids: string[] = [];
  for (let k = 0; k < 10; k++)
    ids.push(...(await other.importCsv(hourlyCsv(DE_WIND, MAR31_00Z + k * 3_600_000, 1, () => k))).events.map((e) => e.id));
  const p = await openProbe(other.wsUrl, other.keys.all);
  const id = RID();
  p.send({
    type: 'curves.subscribe',
    request_id: id,
    last_id: `${Number(ids[0]!.split('-')[0]) - 1}-0`,
    filters: [{ curve_names: [DE_WIND] }],
  });
  assert.equal(
    (await p.waitForEvents(10)).map((f) => f.event.id),
    ids,
  );
  await p.close();
  await other.close();
});

test("events of curves the user cannot read are not delivered; the curve shows the user's access", async () => {
  const p = await openProbe(svc.wsUrl, svc.keys.de);
  const id = RID();
  p.send({ type: 'curves.subscribe', request_id: id, filters: [{ event_types: ['CURVE_UPDATE'] }] });
  await p.waitFor((f) => f.request_id === id);
  await svc.importCsv(
    hourlyCsv(FR_WIND, MAR31_00Z, 1, () => 1),
    hourlyCsv(DE_WIND, MAR31_00Z, 1, () => 1),
  );
  const [e] = (await p.waitForEvents(1)).map((f) => f.event);
  await new Promise((r) => setTimeout(r, 100));
  assert.is(p.events().length, 1);
  assert.is(e.curve.name, DE_WIND);
  assert.equal(e.curve.subscription, { access: 'PAYING', type: 'PACKAGE_AREA', label: 'Power – Germany', package: 'power', area: 'DE' });
  await p.close();
});

test('pings are answered with pongs; closing the app closes the feed with 1001', async () => {
  const other = await startFeedService({ app: { events: { heartbeatMs: 0 } } });
  const p = await openProbe(other.wsUrl, other.keys.all);
  const pong = new Promise<string>((resolve) => p.ws.once('pong', (data) => resolve(data.toString())));
  p.ws.ping('hello');
  assert.is(await pong, 'hello');
  const closed = new Promise<number>((resolve) => p.ws.once('close', (code) => resolve(code)));
  await other.close();
  assert.is(await closed, 1001);
});

test('the server drops a client that stops answering its pings', async () => {
  const other = await startFeedService({ app: { events: { heartbeatMs: 100 } } });
  const ws = new WebSocket(other.wsUrl, { headers: { 'X-API-KEY': other.keys.all }, autoPong: false });
  await new Promise((resolve) => ws.once('open', resolve));
  assert.is(other.app.eventFeed?.size, 1);
  const code = await new Promise<number>((resolve) => ws.once('close', (c) => resolve(c)));
  assert.is(code, 1006, 'terminated without a close frame');
  await other.close();
});

test('CURVES_CSV defines the curves the tests use', () => {
  assert.is(CURVES_CSV.split('\n').filter((l) => l.includes(' MWh/h H ')).length, 4);
});

test.run();
