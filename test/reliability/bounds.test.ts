// Bounded work and refusals of the running service (loopback): range limits on both ends, the
// failed-authentication limit, request bodies refused before they are read, strict query
// encoding and dates, the push feed's `last_id` check, the key header of `/api`.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { request as httpRequest } from 'node:http';
import WebSocket from 'ws';
import { ValidationError, WebSocketsError } from '../../src/exceptions';
import { ServiceClient } from '../../src/client/service-client';
import { MAX_RANGE_DAYS, MAX_SERIES_STEPS, maxRangeMillis } from '../../src/wire/limits';
import { Frequency } from '../../src/time';
import { recordRequests } from '../helpers/record-requests';
import { addUser, startService, type StartedService } from '../helpers/start-service';
import { RID, openProbe } from '../server/feed/ws-probe';

let svc: StartedService;
let ordinary: string;
let admin: string;
const CURVES: Record<string, string> = {};

test.before(async () => {
  svc = await startService({ demo: { preset: 'small', anchor: '2025-01-15' }, rateLimit: false });
  ordinary = await addUser(svc.store, 'ordinary', { grants: [{ package: 'power', area: 'DE' }] });
  admin = await addUser(svc.store, 'admin');
  const pick = async (query: { curveType?: string; frequency?: string; q?: string }) => {
    const found = (await svc.store.searchCurves({ ...query, area: 'DE' })).items[0];
    if (!found) throw new Error(`no curve for ${JSON.stringify(query)}`);
    return found.name;
  };
  CURVES.ts15 = await pick({ curveType: 'TIMESERIES', frequency: 'PT15M' });
  CURVES.instance = await pick({ curveType: 'INSTANCE' });
  CURVES.ohlc = await pick({ curveType: 'OHLC' });
  CURVES.periodInstance = await pick({ curveType: 'INSTANCE_PERIOD' });
  const coal = (await svc.store.searchCurves({ curveType: 'OHLC', q: 'coal' })).items[0];
  if (!coal) throw new Error('no coal OHLC curve');
  CURVES.srmc = coal.name;
});

test.after(async () => {
  await svc.close();
});

const get = (path: string, headers: Record<string, string> = { 'x-api-key': svc.apiKey }) => fetch(`${svc.apiUrl}${path}`, { headers });
const seg = (name: string) => encodeURIComponent(name);

test('the limits: 100 years for any range, 500,000 steps of a sub-daily series', () => {
  assert.is(MAX_RANGE_DAYS, 36_525);
  assert.is(MAX_SERIES_STEPS, 500_000);
  assert.is(maxRangeMillis(Frequency.P1D), 36_525 * 86_400_000);
  assert.is(maxRangeMillis(Frequency.PT15M), 500_000 * 900_000); // 5,208 days, 14.3 years
  assert.is(maxRangeMillis(Frequency.PT1H), 500_000 * 3_600_000); // 57 years
  assert.is(maxRangeMillis(Frequency.NONE), 36_525 * 86_400_000);
});

test('every range route answers 400 naming end and the limit, at once, for 1000 years', async () => {
  const far = 'begin=1000-01-01&end=3000-01-01';
  const paths = [
    `/timeseries/${seg(CURVES.ts15!)}/?${far}`,
    `/timeseries/${seg(CURVES.ts15!)}/?${far}&frequency=P1D`,
    `/instances/${seg(CURVES.instance!)}/get/rolling/?${far}&hours-ahead=6&tags=ec`,
    `/instances/${seg(CURVES.instance!)}/get/relative/?${far}&tag=ec&days-ahead=1`,
    `/instances/${seg(CURVES.instance!)}/get/absolute/?${far}&delivery=2025-01-10`,
    `/ohlc/${seg(CURVES.ohlc!)}/timeseries/SETTLEMENT/?${far}&period=month&front=1`,
    `/ohlc/${seg(CURVES.ohlc!)}/?${far}`,
    `/period-instances/${seg(CURVES.periodInstance!)}/get/relative/?${far}&days-ahead=1`,
    `/srmc/${seg(CURVES.srmc!)}/timeseries/?${far}&period=month&front=1`,
    `/srmc/${seg(CURVES.srmc!)}/?${far}&period=month&front=1`,
  ];
  for (const path of paths) {
    const started = performance.now();
    const r = await get(path);
    const body = (await r.json()) as { message: string; parameter?: string };
    assert.is(r.status, 400, path);
    assert.is(body.parameter, 'end', path);
    assert.match(body.message, /begin 1000-01-01 to end 3000-01-01 is longer than the limit of \d+ days/, path);
    assert.ok(performance.now() - started < 2000, `${path} took ${performance.now() - started} ms`);
  }
  // 15-minute data: 14 years pass, 15 do not (the raw series' frequency decides)
  assert.is((await get(`/timeseries/${seg(CURVES.ts15!)}/?begin=2010-01-01&end=2024-01-01`)).status, 200);
  const r = await get(`/timeseries/${seg(CURVES.ts15!)}/?begin=2009-01-01&end=2024-06-01`);
  assert.is(r.status, 400);
  assert.match(((await r.json()) as { message: string }).message, /500000 steps of PT15M/);
  // aggregated to days, decades pass
  assert.is((await get(`/timeseries/${seg(CURVES.ts15!)}/?begin=1950-01-01&end=2040-01-01&frequency=P1D`)).status, 200);
});

test('grids follow the stored data: rolling over 14 years, relative over 90 years answer', async () => {
  for (const path of [
    `/instances/${seg(CURVES.instance!)}/get/rolling/?begin=2012-01-01&end=2026-01-01&hours-ahead=6&frequency=P1D`,
    `/instances/${seg(CURVES.instance!)}/get/relative/?begin=1950-01-01&end=2040-01-01&tag=ec&days-ahead=1&frequency=P1D`,
    `/period-instances/${seg(CURVES.periodInstance!)}/get/relative/?begin=1950-01-01&end=2040-01-01&days-ahead=1`,
  ]) {
    const r = await get(path);
    assert.is(r.status, 200, `${path}: ${await r.clone().text()}`);
    await r.arrayBuffer();
  }
});

test('the client refuses the same ranges before sending (ValidationError naming end); timeseries loads split', async () => {
  const { sent, options } = recordRequests();
  const c = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, ...options });
  // a time-series load over the limit is split into chunks the service answers (docs/data-out.md#long-loads)
  const long = await c.timeseries.load(CURVES.ts15!, { begin: '2009-01-01', end: '2024-06-01', progress: false });
  assert.is(long.resolution.frequency, Frequency.PT15M);
  assert.is(sent.filter((line) => line.startsWith(`/timeseries/${seg(CURVES.ts15!)}/`)).length, 2);
  sent.length = 0;
  const bad = [
    () => c.instances.rolling('X', { begin: '1000-01-01', end: '3000-01-01', hoursAhead: 6 } as never),
    () => c.instances.relative('X', { begin: '1000-01-01', end: '3000-01-01', tag: 'ec', daysAhead: 1 } as never),
    () =>
      c.ohlc.loadFrontAsTimeseries('X', {
        begin: '1000-01-01',
        end: '3000-01-01',
        field: 'settlement',
        period: 'month',
        front: 1,
      } as never),
    () => c.periods.load('X', { begin: '1000-01-01', end: '3000-01-01' }),
  ];
  for (const call of bad) {
    const err = await call().then(
      () => null,
      (e: unknown) => e,
    );
    assert.instance(err, ValidationError);
    assert.is((err as ValidationError).parameter, 'end');
  }
  assert.equal(sent, []);
});

test('failed authentication is limited per address: 429 with Retry-After after a burst', async () => {
  const local = await startService({ rateLimit: false });
  try {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let k = 0; k < 40; k++) {
      const r = await fetch(`${local.apiUrl}/user/`, { headers: { 'x-api-key': `svc_guess-${k}` } });
      statuses.push(r.status);
      if (r.status === 429) retryAfter = r.headers.get('retry-after');
      await r.arrayBuffer();
    }
    assert.equal(statuses.slice(0, 30), Array(30).fill(401));
    assert.equal(statuses.slice(30), Array(10).fill(429));
    assert.ok(Number(retryAfter) >= 1, `Retry-After ${retryAfter}`);
    // even the right key waits until the address's bucket refills
    const blocked = await fetch(`${local.apiUrl}/user/`, { headers: { 'x-api-key': local.apiKey } });
    assert.is(blocked.status, 429);
    assert.match(((await blocked.json()) as { message: string }).message, /failed authentications/);
    // the push feed's handshake shares the limit
    const handshake = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${local.url.replace('http', 'ws')}/api/events/`, { headers: { 'X-API-Key': local.apiKey } });
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => {
        ws.close();
        resolve(101);
      });
      ws.once('error', reject);
    });
    assert.is(handshake, 429);
  } finally {
    await local.close();
  }
});

/** Posts `bytes` of body with a key; answers the status and how much the server took. */
function bigPost(url: string, key: string, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json', 'content-length': String(bytes) } },
      (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      },
    );
    req.on('error', (err) => (err.message.includes('EPIPE') || err.message.includes('ECONNRESET') ? undefined : reject(err)));
    const chunk = Buffer.alloc(1 << 20, 0x20);
    let left = bytes;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!req.write(chunk.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

test('a body is never read for a caller who may not send it', async () => {
  const before = process.memoryUsage().rss;
  const r = await bigPost(`${svc.apiUrl}/import/`, ordinary, 100 * 1024 * 1024);
  assert.is(r.status, 403);
  assert.match(JSON.parse(r.body).message, /grant \*:\*/);
  assert.ok(process.memoryUsage().rss - before < 64 * 1024 * 1024, 'the 100 MB body was not buffered');
  // other routes take no body: 64 KiB at most
  const big = await fetch(`${svc.apiUrl}/user/`, {
    method: 'POST',
    headers: { 'x-api-key': svc.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ x: 'y'.repeat(100_000) }),
  });
  assert.ok([400, 404].includes(big.status), String(big.status));
  // no key at all: 401 before the body
  const anonymous = await bigPost(`${svc.apiUrl}/import/`, '', 8 * 1024 * 1024);
  assert.is(anonymous.status, 401);
});

test('at most two imports are received at once: a third is a 429; aborted uploads free their place', async () => {
  const slow = () => {
    const req = httpRequest(`${svc.apiUrl}/import/`, {
      method: 'POST',
      headers: { 'x-api-key': admin, 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) },
    });
    req.on('error', () => undefined);
    req.write(Buffer.alloc(1024 * 1024, 0x20));
    return req;
  };
  const uploads = [slow(), slow()];
  await new Promise((r) => setTimeout(r, 300));
  const third = await fetch(`${svc.apiUrl}/import/`, {
    method: 'POST',
    headers: { 'x-api-key': admin, 'content-type': 'application/json' },
    body: '{"files":[]}',
  });
  assert.is(third.status, 429);
  assert.ok(Number(third.headers.get('retry-after')) >= 1);
  for (const req of uploads) req.destroy();
  await new Promise((r) => setTimeout(r, 300));
  const after = await fetch(`${svc.apiUrl}/import/`, {
    method: 'POST',
    headers: { 'x-api-key': admin, 'content-type': 'application/json' },
    body: '{"files":[]}',
  });
  assert.is(after.status, 400); // admitted again: an empty list of files is a 400 naming files
  assert.is(((await after.json()) as { parameter?: string }).parameter, 'files');
});

test('malformed percent-encoding and impossible dates are 400s naming the parameter', async () => {
  const path = `/timeseries/${seg(CURVES.ts15!)}/`;
  const cases: [string, string][] = [
    ['?%ZZ=1&begin=2024-01-01&end=2024-01-02', '%ZZ'],
    ['?begin=2024-01-01&end=2024-01-02&unit=%E0%A4', 'unit'],
    ['?begin=0000-01-01&end=2024-01-02', 'begin'],
    ['?begin=2024-02-30&end=2024-03-02', 'begin'],
    ['?begin=2024-01-01&end=2023-02-29', 'end'],
  ];
  for (const [query, parameter] of cases) {
    const r = await get(`${path}${query}`);
    assert.is(r.status, 400, query);
    assert.is(((await r.json()) as { parameter?: string }).parameter, parameter, query);
  }
});

test('/api takes the key from X-API-Key only; the partner header is for /partner/<country>/', async () => {
  const r = await get('/user/', { 'ocp-apim-subscription-key': svc.apiKey });
  assert.is(r.status, 401);
  assert.match(((await r.json()) as { message: string }).message, /X-API-Key/);
  const partner = await fetch(`${svc.url}/partner/germany/metadata/curves/?q=wind`, {
    headers: { 'ocp-apim-subscription-key': svc.apiKey },
  });
  assert.is(partner.status, 200);
});

test('the push feed refuses a last_id beyond the newest event; the client raises WebSocketsError', async () => {
  const wsUrl = `${svc.url.replace('http', 'ws')}/api/events/`;
  const probe = await openProbe(wsUrl, svc.apiKey);
  const id = RID();
  probe.send({ type: 'curves.subscribe', request_id: id, last_id: '9999999999999-0', filters: [{ areas: ['DE'] }] });
  const answer = await probe.waitFor((f) => f.request_id === id);
  assert.is(answer.status, 'ERROR');
  assert.match(JSON.stringify(answer), /last_id: 9999999999999-0 is newer than any event of the service/);
  await probe.close();
  const c = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl });
  const feed = await c.events.connect();
  const err = await feed.subscribe({ areas: 'DE' }, { lastId: '9999999999999-0' }).then(
    () => null,
    (e: unknown) => e,
  );
  assert.instance(err, WebSocketsError);
  assert.match(String((err as WebSocketsError).description), /newer than any event/);
  await c.events.close();
});

test.run();
