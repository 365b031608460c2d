import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isConnectionFailure, isRetryable, withRetry } from '../../../src/client/http/retry';
import {
  ForbiddenError,
  HTTPError,
  InternalServerError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../../src/exceptions';
import { DEFAULT_RETRY } from '../../../src/client/options';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server';
import { rejection, transportFor } from './helpers';

let server: FaultServer;
test.before.each(async () => {
  server = await startFaultServer();
});
test.after.each(async () => {
  await server.close();
});

test('withRetry with the default policy waits 7.5 s then 15 s (fake sleep)', async () => {
  const waits: number[] = [];
  let calls = 0;
  const err = await rejection(() =>
    withRetry(
      async () => {
        calls++;
        throw new InternalServerError();
      },
      DEFAULT_RETRY,
      async (ms) => void waits.push(ms),
    ),
  );
  assert.instance(err, InternalServerError);
  assert.is(calls, 3);
  assert.equal(waits, [7500, 15000]);
});

test('isRetryable: 5xx and network failures yes; 4xx, bad URL, redirects no', () => {
  assert.ok(isRetryable(new InternalServerError()));
  for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']) {
    assert.ok(isRetryable(new HTTPError('x', { code })), code);
  }
  assert.not.ok(isRetryable(new HTTPError('x', { code: 'ERR_FR_TOO_MANY_REDIRECTS' })));
  assert.not.ok(isRetryable(new HTTPError('x', { code: 'ERR_INVALID_URL' })));
  assert.not.ok(isRetryable(new HTTPError('x', { status: 409, code: 'ECONNRESET' })));
  assert.not.ok(isRetryable(new ValidationError('x')));
  assert.not.ok(isRetryable(new Error('x')));
});

test('a server that always answers 503 gets exactly 3 requests, spaced by delay then delay*backoff', async () => {
  server.setFallback({ status: 503, body: { message: 'down' } });
  const transport = transportFor(server, { retry: { tries: 3, delay: 0.15, backoff: 2 } });
  const err = await rejection(() => transport.get('/x/'));
  assert.instance(err, InternalServerError);
  assert.is(server.requests.length, 3);
  const [g1, g2] = server.gaps();
  assert.ok(g1! >= 145 && g1! < 1000, `first gap ${g1} ms, expected about 150`);
  assert.ok(g2! >= 295 && g2! < 1500, `second gap ${g2} ms, expected about 300`);
  transport.close();
});

test('5xx twice then 200: the third try succeeds', async () => {
  server.reply({ status: 500, times: 2 }, { body: { fine: 1 } });
  const transport = transportFor(server);
  assert.equal((await transport.get('/x/')).body, { fine: 1 });
  assert.is(server.requests.length, 3);
  transport.close();
});

test('no retry on 400, 401, 403, 404', async () => {
  const transport = transportFor(server);
  const cases: [number, new (...args: never[]) => Error][] = [
    [400, ValidationError],
    [401, UnauthorizedError],
    [403, ForbiddenError],
    [404, NotFoundError],
  ];
  for (const [status, Cls] of cases) {
    server.reply({ status, body: { message: `status ${status}` } });
    const before = server.requests.length;
    assert.instance(await rejection(() => transport.get('/x/')), Cls);
    assert.is(server.requests.length - before, 1, `requests for ${status}`);
  }
  transport.close();
});

test('a dropped socket is retried at once on a fresh connection, once; then the back-off applies', async () => {
  server.reply({ drop: true }, { drop: true }, { body: ['after drops'] });
  const retries: { code: string; waitSeconds: number; fresh: boolean }[] = [];
  const transport = transportFor(
    server,
    { retry: { delay: 0.3 } },
    { onRetry: ({ error, waitSeconds, fresh }) => void retries.push({ code: (error as HTTPError).code ?? '', waitSeconds, fresh }) },
  );
  assert.equal((await transport.get('/x/')).body, ['after drops']);
  assert.is(server.requests.length, 3);
  assert.equal(retries, [
    { code: 'ECONNRESET', waitSeconds: 0, fresh: true },
    { code: 'ECONNRESET', waitSeconds: 0.3, fresh: false },
  ]);
  const [first, second] = server.gaps();
  assert.ok(first! < 250, `the fresh retry came ${first} ms after the drop`);
  assert.ok(second! >= 300, `the next one ${second} ms after, expected the 0.3 s delay`);
  transport.close();
});

test('an answer cut short (connection closed mid-body) is retried at once', async () => {
  server.reply({ cutBody: true, body: ['x'.repeat(50_000)] }, { body: ['whole'] });
  const codes: string[] = [];
  const transport = transportFor(server, {}, { onRetry: ({ error }) => void codes.push((error as HTTPError).code ?? '') });
  assert.equal((await transport.get('/x/')).body, ['whole']);
  assert.equal(codes, ['ERR_STREAM_PREMATURE_CLOSE']);
  transport.close();
});

test('a POST (an import) whose connection is reset is not retried, not even at once', async () => {
  server.reply({ drop: true }, { body: { files: 1 } });
  const retries: unknown[] = [];
  const transport = transportFor(server, {}, { onRetry: (info) => void retries.push(info) });
  const err = await rejection(() => transport.post('/import/', '{}'));
  assert.instance(err, HTTPError);
  assert.is((err as HTTPError).code, 'ECONNRESET');
  assert.is(server.requests.length, 1);
  assert.equal(retries, []);
  transport.close();
});

test('withRetry: tries 1 retries nothing, not even a connection failure', async () => {
  let calls = 0;
  const err = await rejection(() =>
    withRetry(
      async () => {
        calls++;
        throw new HTTPError('reset', { code: 'ECONNRESET' });
      },
      { ...DEFAULT_RETRY, tries: 1 },
      async () => undefined,
    ),
  );
  assert.instance(err, HTTPError);
  assert.is(calls, 1);
});

test('isConnectionFailure: refused, reset, broken pipe and early close; not time-outs or answers', () => {
  for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE'])
    assert.ok(isConnectionFailure(new HTTPError('x', { code })), code);
  for (const code of ['ETIMEDOUT', 'ENOTFOUND', 'ERR_BAD_RESPONSE']) assert.not.ok(isConnectionFailure(new HTTPError('x', { code })), code);
  assert.not.ok(isConnectionFailure(new InternalServerError()));
});

test('a time-out is retried after the delay', async () => {
  server.reply({ hang: true }, { body: ['after timeout'] });
  const transport = transportFor(server, { timeout: 0.2, retry: { delay: 0.1 } });
  assert.equal((await transport.get('/x/')).body, ['after timeout']);
  assert.is(server.requests.length, 2);
  const [gap] = server.gaps();
  // the time-out runs from the client's start, a little before the arrival: allow that slack
  assert.ok(gap! >= 250 && gap! < 2000, `gap ${gap} ms, expected about 200 (time-out) + 100 (delay)`);
  transport.close();
});

test('a refused connection fails with HTTPError ECONNREFUSED after the fresh retry and 3 tries', async () => {
  const port = Number(new URL(server.url).port);
  await server.close();
  const waits: number[] = [];
  const transport = transportFor(
    `http://127.0.0.1:${port}`,
    {},
    {
      onRetry: ({ waitSeconds }) => void waits.push(waitSeconds),
    },
  );
  const err = await rejection(() => transport.get('/x/'));
  assert.instance(err, HTTPError);
  assert.is((err as HTTPError).code, 'ECONNREFUSED');
  assert.equal(waits, [0, 0.05, 0.1]);
  transport.close();
  server = await startFaultServer(); // for after.each
});

test('429 waits for Retry-After, then succeeds', async () => {
  server.reply({ status: 429, body: { message: 'Too many requests' }, headers: { 'Retry-After': '1' } }, { body: ['ok'] });
  const transport = transportFor(server, { retry: { delay: 0.01 } });
  assert.equal((await transport.get('/x/')).body, ['ok']);
  assert.is(server.requests.length, 2);
  const [gap] = server.gaps();
  assert.ok(gap! >= 995 && gap! < 3000, `gap ${gap} ms, expected about 1000`);
  transport.close();
});

test('429 on every try ends with TooManyRequestsError; a too long Retry-After fails at once', async () => {
  server.reply({ status: 429, body: { message: 'slow down' }, headers: { 'Retry-After': '0' }, times: 2 });
  const transport = transportFor(server, { retry: { tries: 2 } });
  const err = await rejection(() => transport.get('/x/'));
  assert.instance(err, TooManyRequestsError);
  assert.is((err as TooManyRequestsError).retryAfter, 0);
  assert.is((err as TooManyRequestsError).reason, 'slow down');
  assert.is(server.requests.length, 2);

  server.reply({ status: 429, body: { message: 'come back tomorrow' }, headers: { 'Retry-After': '86400' } });
  const long = await rejection(() => transport.get('/x/'));
  assert.instance(long, TooManyRequestsError);
  assert.is((long as TooManyRequestsError).retryAfter, 86400);
  assert.is(server.requests.length, 3);
  transport.close();
});

test.run();
