import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isTimeoutCode, timeoutConfig, timeoutError } from '../../../src/client/http/timeout';
import { HTTPError } from '../../../src/exceptions';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server';
import { rejection, transportFor } from './helpers';

let server: FaultServer;
test.before.each(async () => {
  server = await startFaultServer();
});
test.after.each(async () => {
  await server.close();
});

test('timeoutConfig, isTimeoutCode, timeoutError', () => {
  assert.is(timeoutConfig(20).timeout, 20000);
  assert.is(timeoutConfig(0.25).timeout, 250);
  assert.ok(isTimeoutCode('ETIMEDOUT'));
  assert.ok(isTimeoutCode('ECONNABORTED'));
  assert.not.ok(isTimeoutCode('ECONNREFUSED'));
  assert.not.ok(isTimeoutCode(undefined));
  const err = timeoutError('GET', 'http://127.0.0.1:1/api/x/', 20);
  assert.instance(err, HTTPError);
  assert.is(err.code, 'ETIMEDOUT');
  assert.is(err.message, 'GET http://127.0.0.1:1/api/x/ timed out after 20 s');
});

test('no answer at all: HTTPError ETIMEDOUT after the time-out', async () => {
  server.reply({ hang: true });
  const transport = transportFor(server, { timeout: 0.3, retry: { tries: 1 } });
  const t0 = performance.now();
  const err = await rejection(() => transport.get('/x/'));
  const elapsed = performance.now() - t0;
  assert.instance(err, HTTPError);
  assert.is((err as HTTPError).code, 'ETIMEDOUT');
  assert.match((err as HTTPError).message, /timed out after 0.3 s/);
  assert.ok(elapsed >= 290 && elapsed < 3000, `elapsed ${elapsed.toFixed(0)} ms`);
  transport.close();
});

test('headers sent, body stalls: HTTPError ETIMEDOUT too', async () => {
  server.reply({ hangBody: true, body: { data: 'x'.repeat(200) } });
  const transport = transportFor(server, { timeout: 0.3, retry: { tries: 1 } });
  const t0 = performance.now();
  const err = await rejection(() => transport.get('/x/'));
  const elapsed = performance.now() - t0;
  assert.instance(err, HTTPError);
  assert.is((err as HTTPError).code, 'ETIMEDOUT');
  assert.ok(elapsed >= 290 && elapsed < 3000, `elapsed ${elapsed.toFixed(0)} ms`);
  transport.close();
});

test('a slow answer within the time-out succeeds', async () => {
  server.reply({ delayMs: 150, body: ['slow'] });
  const transport = transportFor(server, { timeout: 1, retry: { tries: 1 } });
  assert.equal((await transport.get('/x/')).body, ['slow']);
  transport.close();
});

test('a time-out on every try: 3 requests, then HTTPError', async () => {
  server.setFallback({ hang: true });
  const transport = transportFor(server, { timeout: 0.15, retry: { tries: 3, delay: 0.05 } });
  const err = await rejection(() => transport.get('/x/'));
  assert.instance(err, HTTPError);
  assert.is((err as HTTPError).code, 'ETIMEDOUT');
  assert.is(server.requests.length, 3);
  transport.close();
});

test.run();
