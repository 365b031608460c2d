// CORS on the API (`service serve --cors-origin URL`): exactly the listed origins get the headers,
// preflight included and without a key; any other origin gets none; by default no origin does.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { corsOrigin } from '../../../server/src/http/cors';
import { parseServe } from '../../../server/src/cli/serve';
import { openService, type OpenedService } from '../../helpers/open-service';

const ALLOWED = 'http://127.0.0.1:8888';
const OTHER = 'https://evil.example';

let svc: OpenedService;
let plain: OpenedService;

test.before(async () => {
  svc = await openService({ corsOrigins: [ALLOWED, 'https://observablehq.com'] });
  plain = await openService();
});

test.after(async () => {
  await svc?.close();
  await plain?.close();
});

const preflight = (service: OpenedService, path: string, origin: string) =>
  service.fetch(path, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key' },
  });

test('an allowed origin: preflight without a key, then the answer with the exposed headers', async () => {
  const pre = await preflight(svc, `/api/metadata/curves/?q=wind`, ALLOWED);
  assert.is(pre.status, 204);
  assert.is(pre.headers.get('access-control-allow-origin'), ALLOWED);
  assert.match(pre.headers.get('access-control-allow-headers') ?? '', /X-API-Key/);
  assert.match(pre.headers.get('access-control-allow-methods') ?? '', /GET/);
  const res = await svc.fetch(`/api/user/`, { headers: { Origin: ALLOWED, 'X-API-Key': svc.apiKey } });
  assert.is(res.status, 200);
  assert.is(res.headers.get('access-control-allow-origin'), ALLOWED);
  const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
  for (const name of ['ETag', 'X-Arrow-Stream', 'X-Total-Items', 'Retry-After']) assert.ok(exposed.includes(name), name);
  assert.match(res.headers.get('vary') ?? '', /Origin/i);
  // an error answer carries them too (the page can read the service's message)
  const refused = await svc.fetch(`/api/user/`, { headers: { Origin: ALLOWED, 'X-API-Key': 'wrong' } });
  assert.is(refused.status, 401);
  assert.is(refused.headers.get('access-control-allow-origin'), ALLOWED);
});

test('another origin gets no CORS header, on the preflight nor the answer', async () => {
  const pre = await preflight(svc, `/api/user/`, OTHER);
  assert.is(pre.headers.get('access-control-allow-origin'), null);
  const res = await svc.fetch(`/api/user/`, { headers: { Origin: OTHER, 'X-API-Key': svc.apiKey } });
  assert.is(res.headers.get('access-control-allow-origin'), null);
});

test('by default no origin gets CORS headers', async () => {
  const pre = await preflight(plain, `/api/user/`, ALLOWED);
  assert.is(pre.headers.get('access-control-allow-origin'), null);
  const res = await plain.fetch(`/api/user/`, { headers: { Origin: ALLOWED, 'X-API-Key': plain.apiKey } });
  assert.is(res.status, 200);
  assert.is(res.headers.get('access-control-allow-origin'), null);
  assert.equal(parseServe([]).corsOrigins, []);
});

test('--cors-origin is repeatable and takes origins only', () => {
  assert.equal(parseServe(['--cors-origin', 'https://Observablehq.com/', '--cors-origin', ALLOWED]).corsOrigins, [
    'https://observablehq.com',
    ALLOWED,
  ]);
  assert.is(corsOrigin('http://localhost:3000'), 'http://localhost:3000');
  for (const bad of ['observablehq.com', 'ftp://x.org', 'https://x.org/path', 'https://x.org/?q=1', '*']) {
    assert.throws(
      () => parseServe(['--cors-origin', bad]),
      (err: Error & { parameter?: string }) => err.parameter === 'cors-origin',
      bad,
    );
  }
});

test.run();
