import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ValidationError, NotFoundError } from '../../../src/exceptions';
import { createApp } from '../../../server/src/http/app';
import { userOf } from '../../../server/src/auth';
import type { RouteModule } from '../../../server/src/http/route-module';
import { generateApiKey, hashApiKey } from '../../../server/src/auth';
import { DuckDbStore } from '../../../server/src/store';

// A test section: echoes the decoded curve segment, and throws on demand.
const probe: RouteModule = {
  section: 'probe',
  register(api) {
    api.get('/probe/curves/:name/', async (request) => ({ name: (request.params as { name: string }).name, user: userOf(request).id }));
    api.get('/probe/boom/', async () => {
      throw new Error('secret database details at /srv/data');
    });
    api.get('/probe/invalid/', async () => {
      throw new ValidationError('limit must be from 1 to 25', 'limit');
    });
    api.post('/probe/echo/', async (request) => ({ body: request.body }));
    api.get('/probe/missing/', async () => {
      throw new NotFoundError("Curve 'X' not found");
    });
  },
};

let dir: string;
let store: DuckDbStore;
const keys: Record<string, string> = {};

async function user(id: string, opts: { blocked?: boolean; keyBlocked?: boolean } = {}) {
  const key = generateApiKey();
  await store.importBatch({
    users: [
      { id, name: id, email: null, organization: null, blocked: opts.blocked ?? false, subscriptions: [{ package: 'power', area: 'DE' }] },
    ],
    keys: [{ hash: hashApiKey(key), userId: id, label: '', created: 0, blocked: opts.keyBlocked ?? false }],
  });
  keys[id] = key;
}

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'app-test-'));
  store = await DuckDbStore.open(dir);
  await user('ada');
  await user('blocked-user', { blocked: true });
  await user('blocked-key', { keyBlocked: true });
});

test.after(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function app(over: Partial<Parameters<typeof createApp>[0]> = {}) {
  return createApp({ store, routes: [probe], ...over });
}

test('createApp returns an app that is not listening', async () => {
  const a = app();
  assert.is(a.server.listening, false);
  await a.close();
});

test('unknown routes get a JSON 404', async () => {
  const a = app();
  const res = await a.inject({ url: '/api/no/such/thing/?x=1', headers: { 'x-api-key': keys.ada } });
  assert.is(res.statusCode, 404);
  assert.match(res.headers['content-type'] as string, /application\/json/);
  assert.equal(res.json(), { message: 'Not found: GET /api/no/such/thing/' });
  // outside /api, paths belong to the web console (test/server/console/console-files.test.ts); without it, JSON 404s too
  const plain = app({ console: false });
  const outside = await plain.inject({ url: '/elsewhere' });
  assert.is(outside.statusCode, 404);
  assert.equal(Object.keys(outside.json()), ['message']);
  await plain.close();
  await a.close();
});

test('a thrown error answers 500 with a generic message and no stack trace', async () => {
  const a = app();
  const res = await a.inject({ url: '/api/probe/boom/', headers: { 'x-api-key': keys.ada } });
  assert.is(res.statusCode, 500);
  assert.equal(res.json(), { message: 'Internal server error' });
  assert.not.match(res.body, /secret|at |\.ts|stack/);
  await a.close();
});

test('service errors map to their status and {message, parameter?} body', async () => {
  const a = app();
  const bad = await a.inject({ url: '/api/probe/invalid/', headers: { 'x-api-key': keys.ada } });
  assert.is(bad.statusCode, 400);
  assert.equal(bad.json(), { message: 'limit must be from 1 to 25', parameter: 'limit' });
  const missing = await a.inject({ url: '/api/probe/missing/', headers: { 'x-api-key': keys.ada } });
  assert.is(missing.statusCode, 404);
  assert.equal(missing.json(), { message: "Curve 'X' not found" });
  await a.close();
});

test('a malformed percent-encoding is a JSON 400', async () => {
  const a = app();
  const res = await a.inject({ url: '/api/probe/curves/%E0%A4%A/', headers: { 'x-api-key': keys.ada } });
  assert.is(res.statusCode, 400);
  assert.equal(Object.keys(res.json()), ['message']);
  await a.close();
});

test('bad bodies and over-long names are 400s, not framework statuses', async () => {
  const a = app();
  const headers = { 'x-api-key': keys.ada, 'content-type': 'application/json' };
  const badJson = await a.inject({ method: 'POST', url: '/api/probe/echo/', payload: '{"a":', headers });
  assert.is(badJson.statusCode, 400);
  assert.equal(Object.keys(badJson.json()), ['message']);
  const xml = await a.inject({
    method: 'POST',
    url: '/api/probe/echo/',
    payload: '<a/>',
    headers: { ...headers, 'content-type': 'application/xml' },
  });
  assert.is(xml.statusCode, 400);
  const long = await a.inject({ url: `/api/probe/curves/${'x'.repeat(2100)}/`, headers });
  assert.is(long.statusCode, 400);
  assert.equal(Object.keys(long.json()), ['message']);
  // names up to 2000 characters are fine
  assert.is((await a.inject({ url: `/api/probe/curves/${'x'.repeat(1900)}/`, headers })).statusCode, 200);
  await a.close();
});

test('curve names with %2F reach the route intact, over a real socket', async () => {
  const a = app();
  await a.listen({ host: '127.0.0.1', port: 0 });
  const port = (a.server.address() as { port: number }).port;
  // docs/protocol.md#path-encoding: the reference client's encoding of a name with / > % & ? # + and °
  const name = 'DE>FR Exchange Day-Ahead Schedule MWh/h H Actual / 50% & ?#+ °C';
  const path =
    '/api/probe/curves/DE%3EFR%20Exchange%20Day-Ahead%20Schedule%20MWh%2Fh%20H%20Actual%20%2F%2050%25%20%26%20%3F%23%2B%20%C2%B0C/';
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'X-API-Key': keys.ada! } });
  assert.is(res.status, 200);
  assert.equal(await res.json(), { name, user: 'ada' });
  // the trailing slash is optional
  const noSlash = await fetch(`http://127.0.0.1:${port}/api/probe/curves/A%2FB`, { headers: { 'X-API-Key': keys.ada! } });
  assert.equal(await noSlash.json(), { name: 'A/B', user: 'ada' });
  await a.close();
});

test('missing, unknown and blocked keys or users get 401 with a JSON message', async () => {
  const a = app();
  const cases: [Record<string, string>, RegExp][] = [
    [{}, /Missing API key/],
    [{ 'x-api-key': 'svc_not-a-key' }, /Invalid API key/],
    [{ 'x-api-key': keys['blocked-key']! }, /key is blocked/],
    [{ 'x-api-key': keys['blocked-user']! }, /user is blocked/],
  ];
  for (const [headers, message] of cases) {
    const res = await a.inject({ url: '/api/probe/curves/x/', headers });
    assert.is(res.statusCode, 401);
    assert.match(res.json().message, message);
  }
  // the partner mounts' header is not taken under /api: each key header has one place
  const partner = await a.inject({ url: '/api/probe/curves/x/', headers: { 'ocp-apim-subscription-key': keys.ada } });
  assert.is(partner.statusCode, 401);
  assert.match(partner.json().message, /X-API-Key/);
  await a.close();
});

test('a blocked key stops working at once', async () => {
  await user('eve');
  const a = app();
  assert.is((await a.inject({ url: '/api/probe/curves/x/', headers: { 'x-api-key': keys.eve } })).statusCode, 200);
  await store.setKeyBlocked(hashApiKey(keys.eve!), true);
  assert.is((await a.inject({ url: '/api/probe/curves/x/', headers: { 'x-api-key': keys.eve } })).statusCode, 401);
  await a.close();
});

test('over the per-key rate: 429 with Retry-After and a JSON message', async () => {
  let now = 1_000_000;
  const a = app({ clock: () => now, rateLimit: { ratePerSecond: 2, burst: 3 } });
  const get = (key: string) => a.inject({ url: '/api/probe/curves/x/', headers: { 'x-api-key': key } });
  for (let i = 0; i < 3; i++) assert.is((await get(keys.ada!)).statusCode, 200);
  const limited = await get(keys.ada!);
  assert.is(limited.statusCode, 429);
  // empty bucket, 2 tokens/s: the next token comes in 0.5 s, rounded up to 1 s
  assert.is(limited.headers['retry-after'], '1');
  assert.match(limited.json().message, /Too many requests/);
  // another key has its own bucket
  await user('bob');
  assert.is((await get(keys.bob!)).statusCode, 200);
  now += 500;
  assert.is((await get(keys.ada!)).statusCode, 200);
  await a.close();
});

test.run();
