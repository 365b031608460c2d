import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import {
  MetadataSection,
  PartnerConnection,
  PartnerMetadataSection,
  ServiceClient,
  UserSection,
  type ClientOptions,
} from '../../src/client';
import {
  APIError,
  ForbiddenError,
  HTTPError,
  InitializationError,
  InternalServerError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../src/exceptions';
import { SECTION_ROUTES } from '../../server/src/http/app';
import type { RouteModule } from '../../server/src/http/route-module';
import { assertCanRead, userOf } from '../../server/src/auth';
import { addUser, startService, type StartedService } from '../helpers/start-service';
import { recordRequests } from '../helpers/record-requests';
import { clientTransport } from '../../src/client/base-client';

// A test-only section of the service: a data route that checks access with the service's access
// helper (403 outside the subscriptions), a header echo, and a failing route (500).
const probe: RouteModule = {
  section: 'probe',
  register(api, { store }) {
    api.get('/probe/data/:name/', async (request) => {
      const name = (request.params as { name: string }).name;
      const curve = await store.getCurve(name);
      if (curve === null) throw new NotFoundError(`Curve '${name}' not found`);
      assertCanRead(userOf(request), curve);
      return { name };
    });
    api.get('/probe/headers/', async (request) => ({
      xApiKey: request.headers['x-api-key'] ?? null,
      partnerKey: request.headers['ocp-apim-subscription-key'] ?? null,
    }));
    api.get('/probe/boom/*', async () => {
      throw new Error('internal details');
    });
  },
};
const ROUTES = [...SECTION_ROUTES, probe];

let svc: StartedService;
let limited: StartedService;
const keys: Record<string, string> = {};
const quick = { tries: 1, delay: 0.01, backoff: 2, maxRetryAfter: 5 };

test.before(async () => {
  svc = await startService({ demo: { preset: 'small', anchor: '2025-01-15' }, routes: ROUTES, rateLimit: false });
  keys.blockedKey = await addUser(svc.store, 'bk', { keyBlocked: true });
  keys.blockedUser = await addUser(svc.store, 'bu', { blocked: true });
  // 2 requests per second, no burst: a second request at once gets 429 with Retry-After: 1
  limited = await startService({ routes: ROUTES, rateLimit: { ratePerSecond: 2, burst: 1 } });
});

test.after(async () => {
  await svc.close();
  await limited.close();
});

function client(opts: ClientOptions = {}, hooks = {}): ServiceClient {
  return new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, httpDelay: 0.05, retry: quick, ...opts }, hooks);
}

async function rejection(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('constructor: options of docs/protocol.md#client-options in camelCase with their defaults', () => {
  const c = new ServiceClient({ apiKey: 'abc', apiUrl: 'http://127.0.0.1:9/api/' });
  assert.is(c.options.apiKey, 'abc');
  assert.is(c.options.httpDelay, 0.0667);
  assert.is(c.options.timeout, 20);
  assert.is(c.options.sslVerify, true);
  assert.is(c.options.proxies, null);
  assert.is(c.options.authHeader, 'X-API-Key');
  assert.is(c.apiUrl, 'http://127.0.0.1:9/api');
  const d = new ServiceClient({
    apiKey: 'abc',
    apiUrl: 'https://example.org/api',
    sslVerify: false,
    timeout: 5,
    httpDelay: 0.2,
    proxies: { https: 'http://10.0.0.1:3128' },
  });
  assert.equal(
    [d.options.sslVerify, d.options.timeout, d.options.httpDelay, d.options.proxies],
    [false, 5, 0.2, { https: 'http://10.0.0.1:3128' }],
  );
  // sections are properties of the right classes
  assert.ok(c.metadata instanceof MetadataSection);
  assert.ok(c.user instanceof UserSection);
  // the key never shows when the client is printed
  assert.is(String(c), '<ServiceClient: api_url=http://127.0.0.1:9/api>');
  assert.not.ok(inspect(c).includes('abc'));
  // in a notebook: where and how it sends its requests, still without the key
  const html = (d as unknown as Record<symbol, () => { 'text/html': string }>)[Symbol.for('Jupyter.display')]!()['text/html'];
  assert.ok(html.startsWith('<div class="service-model"><strong>ServiceClient</strong><table>'), html);
  for (const cell of [
    '<td>https://example.org/api</td>',
    '<th style="text-align:left">timeout</th><td>5 s</td>',
    '<td>0.2 s</td>',
    '<th style="text-align:left">cache</th><td>off</td>',
  ]) {
    assert.ok(html.includes(cell), `${cell} in ${html}`);
  }
  assert.not.ok(html.includes('abc'));
});

test('constructor: exactly one of apiKey and apiKeyFile; key file read with blank lines stripped', () => {
  const dir = mkdtempSync(join(tmpdir(), 'client-key-'));
  try {
    const file = join(dir, 'key');
    writeFileSync(file, '\n\n  svc_from_file  \n\n');
    assert.is(new ServiceClient({ apiKeyFile: file, apiUrl: 'http://127.0.0.1:9/api' }).options.apiKey, 'svc_from_file');
    const empty = join(dir, 'empty');
    writeFileSync(empty, '\n \n');
    for (const opts of [
      {},
      { apiKey: 'a', apiKeyFile: file },
      { apiKeyFile: empty },
      { apiKeyFile: join(dir, 'missing') },
      { apiKey: 'a', httpDelay: 0.01 },
      { apiKey: 'a', timeout: 0 },
      { apiKey: 'a', apiUrl: 'ftp://x' },
    ]) {
      assert.throws(
        () => new ServiceClient(opts as ClientOptions),
        (err: unknown) => err instanceof InitializationError,
        JSON.stringify(opts),
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('isApiKeyValid: true for a good key (categories, then from their cache), false on 401', async () => {
  const { sent, options } = recordRequests();
  const c = client(options);
  assert.is(await c.isApiKeyValid(), true);
  assert.is(await c.isApiKeyValid(), true);
  assert.equal(sent, ['/metadata/categories/']);
  assert.is(await client({ apiKey: 'svc_no_such_key' }).isApiKeyValid(), false);
  assert.is(await client({ apiKey: keys.blockedKey }).isApiKeyValid(), false);
  assert.is(await client({ apiKey: keys.blockedUser }).isApiKeyValid(), false);
});

test('isApiKeyValid: APIError on network and server problems', async () => {
  const port = await closedPort();
  const down = client({ apiUrl: `http://127.0.0.1:${port}/api` });
  const err = await rejection(() => down.isApiKeyValid());
  assert.ok(err instanceof HTTPError && err instanceof APIError);
  assert.is((err as HTTPError).code, 'ECONNREFUSED');
  // a 5xx answer (after the retries) is an InternalServerError, also an APIError
  const retries: number[] = [];
  const broken = client(
    { apiUrl: `${svc.url}/api/probe/boom`, retry: { tries: 2, delay: 0.01 } },
    { onRetry: ({ attempt }: { attempt: number }) => retries.push(attempt) },
  );
  const err500 = await rejection(() => broken.isApiKeyValid());
  assert.ok(err500 instanceof InternalServerError && err500 instanceof APIError);
  assert.equal(retries, [1]);
});

test('401: unknown key and blocked key map to UnauthorizedError with the reason', async () => {
  const unknown = await rejection(() => client({ apiKey: 'svc_no_such_key' }).metadata.curves());
  assert.ok(unknown instanceof UnauthorizedError);
  assert.is((unknown as UnauthorizedError).reason, 'Invalid API key');
  const blocked = await rejection(() => client({ apiKey: keys.blockedKey }).user.user());
  assert.ok(blocked instanceof UnauthorizedError);
  assert.is((blocked as UnauthorizedError).reason, 'This API key is blocked');
  const blockedUser = await rejection(() => client({ apiKey: keys.blockedUser }).metadata.categories());
  assert.is((blockedUser as UnauthorizedError).reason, 'This user is blocked');
});

test('403: data outside the subscriptions maps to ForbiddenError naming the curve', async () => {
  const c = client();
  // the demo user has power in DE, FR, NL, NO2 but not GB
  assert.equal((await clientTransport(c).get('/probe/data/DE%20Wind%20Power%20Production%20MWh%2Fh%2015min%20Actual/')).body, {
    name: 'DE Wind Power Production MWh/h 15min Actual',
  });
  const gb = (await c.metadata.curves({ q: 'gb consumption', area: 'GB', dataType: 'ACTUAL' })).find((x) => x.name.startsWith('GB '));
  if (!gb) throw new Error('the demo data has a GB consumption curve');
  assert.is(gb.subscription?.access?.tag, 'NONE');
  const err = await rejection(() => clientTransport(c).get(`/probe/data/${encodeURIComponent(gb.name)}/`));
  assert.ok(err instanceof ForbiddenError);
  assert.ok((err as ForbiddenError).reason.includes(`'${gb.name}'`));
  assert.ok((err as ForbiddenError).reason.includes("package 'power' in area 'GB'"));
  // the same through the service's real data route
  const load = await rejection(() => c.timeseries.load(gb, { begin: '2025-01-01', end: '2025-01-02' }));
  assert.ok(load instanceof ForbiddenError);
  assert.ok((load as ForbiddenError).reason.includes(`'${gb.name}'`));
});

test('404: unknown curve maps to NotFoundError with the reason', async () => {
  const err = await rejection(() => client().metadata.curve('DE Nothing MWh/h H Actual'));
  assert.ok(err instanceof NotFoundError);
  assert.is((err as NotFoundError).reason, "Curve 'DE Nothing MWh/h H Actual' not found");
});

test('400: the service names the bad parameter; the client checks its own input before sending', async () => {
  const { sent, options } = recordRequests();
  const c = client(options);
  const server = await rejection(() => clientTransport(c).get('/metadata/curves/?frequency=PT7M'));
  assert.ok(server instanceof ValidationError);
  assert.is((server as ValidationError).parameter, 'frequency');
  assert.is((server as ValidationError).message, `Field="frequency", message: ${(server as ValidationError).reason}`);
  // @ts-expect-error -- a value the types reject, to test the run-time check
  const local = await rejection(() => c.metadata.curves({ curveType: 'SERIES' }));
  assert.ok(local instanceof ValidationError);
  assert.is((local as ValidationError).parameter, 'curve-type');
  assert.is(sent.length, 1); // only the raw request went out
});

test('429: retried after Retry-After, then answered', async () => {
  const retries: { attempt: number; error: unknown; waitSeconds: number }[] = [];
  const c = new ServiceClient(
    { apiKey: limited.apiKey, apiUrl: limited.apiUrl, httpDelay: 0.05, retry: { tries: 3, delay: 0.01, maxRetryAfter: 5 } },
    { onRetry: (info) => retries.push(info) },
  );
  const started = Date.now();
  const [a, b] = await Promise.all([c.user.user(), c.user.user()]);
  assert.is(a.name, 'test');
  assert.is(b.name, 'test');
  assert.is(retries.length, 1);
  assert.ok(retries[0]!.error instanceof TooManyRequestsError);
  assert.is(retries[0]!.waitSeconds, 1); // Retry-After: 1
  assert.ok(Date.now() - started >= 1000);
  c.close();
});

test('PartnerConnection: required apiUrl, partner header, 0.1 s delay, country constants', async () => {
  assert.throws(
    () => new PartnerConnection({ apiKey: 'k' } as never),
    (err: unknown) => err instanceof InitializationError,
  );
  assert.throws(
    () => new PartnerConnection({ apiUrl: 'http://127.0.0.1:9/api' } as never),
    (err: unknown) => err instanceof InitializationError,
  );
  // the partner header is taken on the partner mounts only (not under /api): an echo server shows what is sent
  const echo = createHttpServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ xApiKey: req.headers['x-api-key'] ?? null, partnerKey: req.headers['ocp-apim-subscription-key'] ?? null }));
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const p = new PartnerConnection({ apiUrl: `http://127.0.0.1:${(echo.address() as { port: number }).port}/api`, apiKey: svc.apiKey });
  assert.is(p.options.httpDelay, 0.1);
  assert.is(p.options.timeout, 20);
  assert.is(p.options.authHeader, 'Ocp-Apim-Subscription-Key');
  assert.equal((await clientTransport(p).get('/probe/headers/')).body, { xApiKey: null, partnerKey: svc.apiKey });
  await new Promise((resolve) => echo.close(resolve));
  assert.equal((await clientTransport(client()).get('/probe/headers/')).body, { xApiKey: svc.apiKey, partnerKey: null });
  assert.equal(
    [
      PartnerConnection.API_URL_BELGIUM,
      PartnerConnection.API_URL_FRANCE,
      PartnerConnection.API_URL_GERMANY,
      PartnerConnection.API_URL_NETHERLANDS,
      PartnerConnection.API_URL_UK,
    ],
    ['belgium', 'france', 'germany', 'netherlands', 'greatbritain'].map((c) => `https://api.realto.io/energyquantified-${c}`),
  );
  assert.is(
    new PartnerConnection({ apiUrl: PartnerConnection.API_URL_GERMANY, apiKey: 'k' }).apiUrl,
    'https://api.realto.io/energyquantified-germany',
  );
  p.close();
});

test('PartnerConnection: metadata offers curve search only; the key check is one small search', async () => {
  const { sent, options } = recordRequests();
  const p = new PartnerConnection({ apiUrl: `${svc.url}/partner/germany`, apiKey: svc.apiKey, httpDelay: 0.05, retry: quick, ...options });
  assert.ok(p.metadata instanceof PartnerMetadataSection);
  assert.not.ok(p.metadata instanceof MetadataSection);
  for (const name of ['categories', 'exactCategories', 'curve', 'places']) assert.not.ok(name in p.metadata, name);
  for (const name of ['user', 'ohlc', 'srmc', 'events']) assert.not.ok(name in p, name);
  assert.is(await p.isApiKeyValid(), true);
  assert.equal(sent, ['/metadata/curves/?page=1&page-size=10']);
  const page = await p.metadata.curves({ q: 'de wind power production actual' });
  assert.ok(page.length > 0 && page.every((c) => c.name.startsWith('DE ')));
  assert.is((await page.getNextPage().catch((e) => e)).name, 'PageError');
  assert.is(await new PartnerConnection({ apiUrl: `${svc.url}/partner/germany`, apiKey: 'svc_nope', retry: quick }).isApiKeyValid(), false);
  p.close();
});

/** Every member name completion can reach on a value: own and inherited, up to Object.prototype. */
function reachable(value: object): string[] {
  const out: string[] = [];
  for (let p: object | null = value; p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const k of Object.getOwnPropertyNames(p)) if (k !== 'constructor' && !out.includes(k)) out.push(k);
  }
  return out.sort();
}

test('sections show only their public methods to completion (no transport, send, series, data, caches)', () => {
  const c = new ServiceClient({ apiKey: 'abc', apiUrl: 'http://127.0.0.1:9/api/' });
  // the client itself: its sections, options and public methods; no transport, no key check
  const sections = ['events', 'instances', 'metadata', 'ohlc', 'periodInstances', 'periods', 'srmc', 'timeseries', 'user'];
  assert.equal(reachable(c), [...sections, 'apiUrl', 'cache', 'close', 'isApiKeyValid', 'options', 'toString'].sort());
  const p = new PartnerConnection({ apiKey: 'abc', apiUrl: 'http://127.0.0.1:9/api/' });
  assert.equal(reachable(p), [
    'apiUrl',
    'cache',
    'close',
    'instances',
    'isApiKeyValid',
    'metadata',
    'options',
    'periodInstances',
    'periods',
    'timeseries',
    'toString',
  ]);
  assert.equal(reachable(c.timeseries), ['export', 'load', 'loadMany', 'save']);
  assert.equal(reachable(c.user), ['user']);
  assert.equal(reachable(c.metadata), ['categories', 'createCurve', 'curve', 'curves', 'exactCategories', 'places']);
  assert.equal(reachable(c.instances), [
    'absolute',
    'get',
    'latest',
    'latestMany',
    'list',
    'load',
    'relative',
    'relativeMany',
    'rolling',
    'save',
    'skill',
    'tags',
  ]);
  assert.equal(reachable(c.events), ['close', 'connect', 'connection', 'filters', 'next', 'subscribe', 'target']);
  for (const section of [c.periods, c.periodInstances, c.ohlc, c.srmc]) {
    for (const hidden of ['transport', 'send', 'series', 'seriesList', 'periodseries', 'data', 'body', 'ohlcList']) {
      assert.not.ok(reachable(section).includes(hidden), hidden);
    }
  }
  c.close();
});

test.run();
