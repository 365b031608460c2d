import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ForbiddenError,
  HTTPError,
  InternalServerError,
  NotFoundError,
  ParseException,
  UnauthorizedError,
  ValidationError,
} from '../../../src/exceptions';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server';
import { rejection, transportFor } from './helpers';
import { TEST_TLS_CERT, TEST_TLS_KEY } from './tls-fixture';

const version = (JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

let server: FaultServer;
test.before.each(async () => {
  server = await startFaultServer();
});
test.after.each(async () => {
  await server.close();
});

test('GET appends the encoded path to apiUrl and parses the JSON answer', async () => {
  server.reply({ body: ['Actual', 'Forecast'], headers: { 'X-Total-Items': '2', 'Content-Type': 'text/plain' } });
  const transport = transportFor(server);
  const res = await transport.get('/metadata/curves/?q=wind%20power&page=1');
  assert.is(res.status, 200);
  assert.equal(res.body, ['Actual', 'Forecast']);
  assert.is(res.headers['x-total-items'], '2');
  assert.is(server.requests.length, 1);
  assert.is(server.requests[0]!.method, 'GET');
  assert.is(server.requests[0]!.url, '/api/metadata/curves/?q=wind%20power&page=1');
  transport.close();
});

test('headers: X-API-Key, User-Agent service-ts/<version>, Accept, Accept-Encoding, Connection', async () => {
  // compression on, as against any service that is not on this machine
  const transport = transportFor(server, { compression: true });
  await transport.get('/user/');
  const h = server.requests[0]!.headers;
  assert.is(h['x-api-key'], 'test-key-123');
  assert.is(h['user-agent'], `service-ts/${version}`);
  assert.is(h.accept, '*/*');
  assert.is(h['accept-encoding'], 'gzip, deflate');
  assert.is(h.connection, 'keep-alive');
  assert.is(h['content-type'], undefined);
  transport.close();
});

test('the partner header replaces X-API-Key', async () => {
  const transport = transportFor(server, { authHeader: 'Ocp-Apim-Subscription-Key' });
  await transport.get('/metadata/curves/?page=1&page-size=10');
  assert.is(server.requests[0]!.headers['ocp-apim-subscription-key'], 'test-key-123');
  assert.is(server.requests[0]!.headers['x-api-key'], undefined);
  transport.close();
});

test('each error status maps to its class and fields, without retry', async () => {
  const transport = transportFor(server);
  server.reply({ status: 400, body: { message: 'begin must be before end', parameter: 'begin' } });
  const v = await rejection(() => transport.get('/timeseries/X/'));
  assert.instance(v, ValidationError);
  assert.is((v as ValidationError).reason, 'begin must be before end');
  assert.is((v as ValidationError).parameter, 'begin');
  assert.is((v as ValidationError).message, 'Field="begin", message: begin must be before end');

  server.reply({ status: 401, body: { message: 'Invalid API key' } });
  const u = await rejection(() => transport.get('/user/'));
  assert.instance(u, UnauthorizedError);
  assert.is((u as UnauthorizedError).reason, 'Invalid API key');

  server.reply({ status: 403, body: { message: "No access to curve 'X'" } });
  const f = await rejection(() => transport.get('/timeseries/X/'));
  assert.instance(f, ForbiddenError);
  assert.is((f as ForbiddenError).reason, "No access to curve 'X'");

  server.reply({ status: 404, body: { message: "Curve 'X' not found" } });
  const n = await rejection(() => transport.get('/metadata/curves/X/'));
  assert.instance(n, NotFoundError);
  assert.is((n as NotFoundError).reason, "Curve 'X' not found");

  server.reply({ status: 409, body: { message: 'conflict' } });
  const h = await rejection(() => transport.get('/x/'));
  assert.instance(h, HTTPError);
  assert.is((h as HTTPError).status, 409);

  assert.is(server.requests.length, 5);
  transport.close();
});

test('5xx after the last try is InternalServerError (body not shown)', async () => {
  const transport = transportFor(server, { retry: { tries: 1 } });
  server.reply({ status: 502, body: { message: 'upstream stack trace' } });
  const err = await rejection(() => transport.get('/x/'));
  assert.instance(err, InternalServerError);
  assert.not.match((err as Error).message, /stack trace/);
  assert.is(server.requests.length, 1);
  transport.close();
});

test('an empty or non-JSON success body is a ParseException', async () => {
  const transport = transportFor(server);
  server.reply({ status: 200, body: '' }, { status: 200, body: '<html>oops</html>' });
  assert.instance(await rejection(() => transport.get('/a/')), ParseException);
  assert.instance(await rejection(() => transport.get('/b/')), ParseException);
  transport.close();
});

test('a path not starting with / is refused before any request', async () => {
  const transport = transportFor(server);
  assert.instance(await rejection(() => transport.get('metadata/')), HTTPError);
  assert.is(server.requests.length, 0);
  transport.close();
});

test('same-origin redirects are followed with the key; at most 5', async () => {
  const transport = transportFor(server);
  server.reply({ status: 301, headers: { Location: '/api/moved/' }, body: '' }, { body: { ok: true } });
  const res = await transport.get('/old/');
  assert.equal(res.body, { ok: true });
  assert.is(server.requests[1]!.url, '/api/moved/');
  assert.is(server.requests[1]!.headers['x-api-key'], 'test-key-123');

  server.reply({ status: 302, headers: { Location: '/api/loop/' }, body: '', times: 6 });
  const err = await rejection(() => transport.get('/loop/'));
  assert.instance(err, HTTPError);
  assert.is((err as HTTPError).code, 'ERR_FR_TOO_MANY_REDIRECTS');
  assert.is(server.requests.length, 2 + 6); // first try + 5 redirects, not retried
  transport.close();
});

test('a redirect to another origin does not carry the key', async () => {
  const other = await startFaultServer([{ body: { there: true } }]);
  try {
    const transport = transportFor(server);
    server.reply({ status: 307, headers: { Location: `${other.url}/elsewhere/` }, body: '' });
    const res = await transport.get('/x/');
    assert.equal(res.body, { there: true });
    assert.is(other.requests[0]!.headers['x-api-key'], undefined);
    assert.is(other.requests[0]!.headers['user-agent'], `service-ts/${version}`);
    transport.close();
  } finally {
    await other.close();
  }
});

test('proxies: the request goes to the proxy with the absolute URL', async () => {
  // the target port is closed; only the proxy (our fault server) answers
  const target = 'http://127.0.0.1:9';
  server.reply({ body: { via: 'proxy' } });
  const transport = transportFor(target, { proxies: { http: server.url } });
  const res = await transport.get('/metadata/categories/');
  assert.equal(res.body, { via: 'proxy' });
  assert.is(server.requests[0]!.url, 'http://127.0.0.1:9/api/metadata/categories/');
  assert.is(server.requests[0]!.headers['x-api-key'], 'test-key-123');
  transport.close();
});

test('sslVerify: a self-signed certificate fails when verified, works when not', async () => {
  const tls = await startFaultServer([{ body: ['secure'] }], { tls: { key: TEST_TLS_KEY, cert: TEST_TLS_CERT } });
  try {
    const strict = transportFor(tls);
    const err = await rejection(() => strict.get('/metadata/categories/'));
    assert.instance(err, HTTPError);
    assert.is(tls.requests.length, 0);
    strict.close();
    const lax = transportFor(tls, { sslVerify: false });
    assert.equal((await lax.get('/metadata/categories/')).body, ['secure']);
    lax.close();
  } finally {
    await tls.close();
  }
});

test.run();
