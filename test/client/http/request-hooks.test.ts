// The client's public onRequest / onResponse hooks against the real service over loopback: one
// call each per request, with method, URL, path, status, duration and whether the answer came
// from the cache; failures report their error (and the status when the service answered); a hook
// that throws does not change the call; a hook that is not a function is refused.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceClient, type RequestInfo, type ResponseInfo } from '../../../src/client';
import { HTTPError, InitializationError, NotFoundError } from '../../../src/exceptions';
import { startService, type StartedService } from '../../helpers/start-service';

let svc: StartedService;

test.before(async () => {
  svc = await startService({ demo: { preset: 'small', anchor: '2025-01-15' }, rateLimit: false });
});

test.after(async () => {
  await svc.close();
});

function observed(extra: Partial<ConstructorParameters<typeof ServiceClient>[0]> = {}) {
  const events: Array<['request', RequestInfo] | ['response', ResponseInfo]> = [];
  const client = new ServiceClient({
    apiUrl: svc.apiUrl,
    apiKey: svc.apiKey,
    httpDelay: 0.05,
    retry: { tries: 1 },
    onRequest: (info) => events.push(['request', info]),
    onResponse: (info) => events.push(['response', info]),
    ...extra,
  });
  return { client, events };
}

test('one onRequest before and one onResponse after each request, with status and duration', async () => {
  const { client, events } = observed();
  const categories = await client.metadata.categories();
  assert.ok(categories.size > 0);
  assert.equal(
    events.map(([kind]) => kind),
    ['request', 'response'],
  );
  const [, request] = events[0] as ['request', RequestInfo];
  const [, response] = events[1] as ['response', ResponseInfo];
  assert.equal(request, { method: 'GET', url: `${svc.apiUrl}/metadata/categories/`, path: '/metadata/categories/' });
  assert.is(response.url, request.url);
  assert.is(response.status, 200);
  assert.is(response.fromCache, false);
  assert.is(response.error, undefined);
  assert.ok(response.durationMs >= 0 && response.durationMs < 60_000, String(response.durationMs));
});

test('a revalidated cached answer reports status 304 and fromCache', async () => {
  const { client, events } = observed({ cache: true });
  await client.user.user();
  await client.user.user();
  const responses = events.filter(([kind]) => kind === 'response').map(([, info]) => info as ResponseInfo);
  assert.equal(
    responses.map((r) => [r.status, r.fromCache]),
    [
      [200, false],
      [304, true],
    ],
  );
  // The service's tag, as sent with the 200, and the same for the cached answer.
  assert.match(responses[0]?.etag ?? '', /^"[A-Za-z0-9_-]{27}(-(gzip|br|zstd))?"$/);
  assert.is(responses[1]?.etag, responses[0]?.etag);
});

test('an error answer reports its status and the error the call rejects with', async () => {
  const { client, events } = observed();
  const err = await client.metadata.curve('DE Nothing MWh/h H Actual').catch((e: unknown) => e);
  assert.ok(err instanceof NotFoundError);
  const [, response] = events[1] as ['response', ResponseInfo];
  assert.is(response.status, 404);
  assert.is(response.error, err);
  assert.is(response.etag, null);
});

test('a transport failure reports status null and the HTTPError', async () => {
  const { client, events } = observed({ apiUrl: 'http://127.0.0.1:9/api', timeout: 2 });
  const err = await client.metadata.categories().catch((e: unknown) => e);
  assert.ok(err instanceof HTTPError);
  const [, response] = events[1] as ['response', ResponseInfo];
  assert.is(response.status, null);
  assert.is(response.error, err);
});

test('validation errors send nothing and call no hook', async () => {
  const { client, events } = observed();
  await client.timeseries.load('X', { begin: 'nonsense', end: '2025-01-02' }).catch(() => undefined);
  assert.equal(events, []);
});

test('a hook that throws does not change the call; a hook that is not a function is refused', async () => {
  const client = new ServiceClient({
    apiUrl: svc.apiUrl,
    apiKey: svc.apiKey,
    httpDelay: 0.05,
    onRequest: () => {
      throw new Error('logging broke');
    },
    onResponse: () => {
      throw new Error('metrics broke');
    },
  });
  assert.ok((await client.metadata.categories()).size > 0);
  assert.throws(
    () => new ServiceClient({ apiUrl: svc.apiUrl, apiKey: svc.apiKey, onResponse: 'log' as unknown as () => void }),
    (e: unknown) => e instanceof InitializationError && /onResponse must be a function/.test(e.message),
  );
});

test.run();
