// The client's answer cache against the real service over loopback: revalidation with ETags
// (304), new values after an import, metadata searches, offline mode, never an answer for another
// key or an error answer, a corrupted cache file, the size bound, two processes sharing one
// directory; and the `compression` option on the wire.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect, promisify } from 'node:util';
import { ServiceClient } from '../../../src/client';
import { resolveCacheOptions } from '../../../src/client/http';
import { HTTPError, InitializationError, NotFoundError, ValidationError } from '../../../src/exceptions';
import type { CurveRecord, SeriesBlock } from '../../../server/src/store';
import { addUser, startService, type StartedService } from '../../helpers/start-service';
import { curveRecord } from '../../helpers/records';
import { rejection, transportFor } from './helpers';
import { clientTransport } from '../../../src/client/base-client';

const H = 3_600_000;
const A = 'DE Test Wind Power Production MWh/h H Actual';
const B = 'DE Test Solar Power Production MWh/h H Actual';
const T0 = Date.UTC(2024, 0, 14, 23);
const RANGE = { begin: '2024-01-15', end: '2024-01-17' };

function curve(name: string): CurveRecord {
  return curveRecord(name);
}

function block(name: string, hours: number, value: (i: number) => number): SeriesBlock {
  return {
    curve: name,
    issued: null,
    tag: null,
    times: Float64Array.from({ length: hours }, (_, i) => T0 + i * H),
    values: Float64Array.from({ length: hours }, (_, i) => value(i)),
    scenarios: [],
    scenarioNames: [],
  };
}

let svc: StartedService;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'client-cache-'));
  dirs.push(dir);
  return dir;
};
const client = (extra: Partial<ConstructorParameters<typeof ServiceClient>[0]> = {}) =>
  new ServiceClient({ apiUrl: svc.apiUrl, apiKey: svc.apiKey, httpDelay: 0.05, retry: { tries: 1 }, ...extra });
const values = (ts: { values: Float64Array | null }) => Array.from(ts.values ?? []);

test.before(async () => {
  svc = await startService({ batch: { curves: [curve(A), curve(B)], series: [block(A, 72, (i) => i), block(B, 72, (i) => 100 + i)] } });
});
test.after(async () => {
  await svc.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('a repeated load is revalidated (304) and served from memory; an import brings the new values', async () => {
  // one representation throughout (an 'auto' client's first answer is JSON, its later ones Arrow: see below)
  const c = client({ cache: true, transport: 'json' });
  const first = await c.timeseries.load(A, RANGE);
  assert.equal(c.cache?.stats(), { hits: 0, misses: 1, revalidations: 0, bytes: c.cache?.stats().bytes, entries: 1 });
  assert.ok((c.cache?.stats().bytes ?? 0) > 1000);
  const second = await c.timeseries.load(A, RANGE);
  assert.equal(values(second), values(first));
  assert.is(c.cache?.stats().revalidations, 1);
  assert.is(c.cache?.stats().hits, 1);
  // the cache and its counters show themselves, never the entries or the key
  const bytes = c.cache?.stats().bytes;
  assert.is(String(c.cache), `<ResponseCache: mode=revalidate, dir=None, entries=1, bytes=${bytes}, hits=1, misses=1, revalidations=1>`);
  assert.is(inspect(c.cache), String(c.cache));
  assert.is(
    inspect(c.cache?.stats()),
    `CacheStats\n  hits           1\n  misses         1\n  revalidations  1\n  bytes          ${bytes}\n  entries        1`,
  );
  const html = (c.cache as unknown as Record<symbol, () => { 'text/html': string }>)[Symbol.for('Jupyter.display')]!()['text/html'];
  assert.ok(html.includes('<th style="text-align:left">revalidations</th><td>1</td>'), html);
  assert.not.ok(`${inspect(c.cache)}${html}`.includes(svc.apiKey));
  await svc.store.importBatch({ series: [block(A, 26, () => 500)] });
  const third = await c.timeseries.load(A, RANGE);
  assert.equal(values(third).slice(24, 27), [500, 500, 26]);
  assert.is(c.cache?.stats().misses, 2);
  const fourth = await c.timeseries.load(A, RANGE);
  assert.equal(values(fourth), values(third));
  assert.is(c.cache?.stats().revalidations, 2);
  c.close();
});

test('metadata searches use the cache too; clear() empties it and resets the counters', async () => {
  const c = client({ cache: true });
  const first = await c.metadata.curves({ q: 'test' });
  const again = await c.metadata.curves({ q: 'test' });
  assert.equal(
    again.map((x) => x.name),
    first.map((x) => x.name),
  );
  assert.is(c.cache?.stats().revalidations, 1);
  // its answers, key hash, counters and the transport's steps (lookup, store, ...) are out of
  // reach: completion lists only what a user calls
  const cache = c.cache as object;
  assert.equal(Object.getOwnPropertyNames(cache), []);
  assert.equal(Object.getOwnPropertyNames(Object.getPrototypeOf(cache)).sort(), [
    'clear',
    'constructor',
    'diskBytes',
    'options',
    'stats',
    'toString',
  ]);
  await c.cache?.clear();
  assert.equal(c.cache?.stats(), { hits: 0, misses: 0, revalidations: 0, bytes: 0, entries: 0 });
  await c.metadata.curves({ q: 'test' });
  assert.is(c.cache?.stats().misses, 1);
  c.close();
});

test('offline mode answers from a shared directory without the service and fails clearly on a miss', async () => {
  const dir = tempDir();
  const online = client({ cache: { dir } });
  const loaded = await online.timeseries.load(B, RANGE);
  online.close();
  const offline = client({ cache: { dir, mode: 'offline' } });
  const fromDisk = await offline.timeseries.load(B, RANGE);
  assert.equal(values(fromDisk), values(loaded));
  assert.is(offline.cache?.stats().hits, 1);
  try {
    await offline.timeseries.load(B, { begin: '2024-01-15', end: '2024-01-16' });
    assert.unreachable('a miss must fail');
  } catch (err) {
    assert.instance(err, HTTPError);
    assert.is((err as HTTPError).code, 'ERR_CACHE_MISS');
    assert.match((err as Error).message, /offline mode/);
  }
  // another user's key never gets these answers, nor does another API URL
  const other = await addUser(svc.store, 'cache-other');
  const otherKey = new ServiceClient({ apiUrl: svc.apiUrl, apiKey: other, httpDelay: 0.05, cache: { dir, mode: 'offline' } });
  await otherKey.timeseries.load(B, RANGE).then(
    () => assert.unreachable('served to another key'),
    (err: unknown) => assert.is((err as HTTPError).code, 'ERR_CACHE_MISS'),
  );
  const otherUrl = new ServiceClient({
    apiUrl: `${svc.url}/api/`.replace('127.0.0.1', 'localhost'),
    apiKey: svc.apiKey,
    httpDelay: 0.05,
    cache: { dir, mode: 'offline' },
  });
  await otherUrl.timeseries.load(B, RANGE).then(
    () => assert.unreachable('served for another URL'),
    (err: unknown) => assert.is((err as HTTPError).code, 'ERR_CACHE_MISS'),
  );
});

test('Arrow answers are cached as Arrow: 304 on the Arrow tag, new values after an import, disk entries typed, offline', async () => {
  const dir = tempDir();
  const seen: { etag: string | null; fromCache: boolean }[] = [];
  const c = client({ cache: { dir }, transport: 'arrow', onResponse: (r) => seen.push({ etag: r.etag, fromCache: r.fromCache }) });
  const json = client({ cache: { dir }, transport: 'json' });
  const first = await c.timeseries.load(B, RANGE);
  assert.is(c.cache?.stats().misses, 1);
  const second = await c.timeseries.load(B, RANGE);
  assert.ok(second.equals(first));
  assert.is(c.cache?.stats().revalidations, 1);
  assert.ok(seen[1]?.fromCache);
  // the answer kept is the Arrow stream, under its own key: a JSON client of the same directory misses it
  const arrowTag = seen[0]?.etag ?? '';
  assert.ok(arrowTag !== '');
  const viaJson = await json.timeseries.load(B, RANGE);
  assert.ok(viaJson.equals(first));
  assert.is(json.cache?.stats().misses, 1);
  const res = await fetch(`${svc.apiUrl}/timeseries/${encodeURIComponent(B)}/?begin=2024-01-15&end=2024-01-17`, {
    headers: { 'x-api-key': svc.apiKey, accept: 'application/vnd.apache.arrow.stream', 'if-none-match': arrowTag },
  });
  assert.is(res.status, 304);
  // the disk entries record their media type: one Arrow, one JSON
  const types = readdirSync(dir)
    .filter((n) => n.endsWith('.entry'))
    .map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8').split('\n')[0] as string).type as string)
    .sort();
  assert.equal(types, ['application/json', 'application/vnd.apache.arrow.stream']);
  // a change in the store is downloaded again as Arrow and replaces the entry
  await svc.store.importBatch({ series: [block(B, 3, () => 7)] });
  const third = await c.timeseries.load(B, RANGE);
  assert.equal(values(third).slice(0, 4), [7, 7, 7, 103]);
  assert.is(c.cache?.stats().misses, 2);
  // a caller changing its series does not change the cached bytes
  (third.values as Float64Array)[0] = -1;
  assert.is((await c.timeseries.load(B, RANGE)).values?.[0], 7);
  // nor does one changing a series the cache answered (decoded once per entry, copied per load)
  const cachedOne = await c.timeseries.load(B, RANGE);
  (cachedOne.values as Float64Array)[1] = -2;
  cachedOne.times[0] = 0;
  const cachedTwo = await c.timeseries.load(B, RANGE);
  assert.equal(values(cachedTwo).slice(0, 4), [7, 7, 7, 103]);
  assert.is(cachedTwo.times[0], T0);
  assert.is(c.cache?.stats().revalidations, 4);
  // offline: Arrow from the directory for an Arrow client; an 'auto' client (which asks for JSON
  // first) takes the Arrow entry where no JSON one is kept
  const day = { begin: '2024-01-16', end: '2024-01-17' };
  const arrowOnly = await c.timeseries.load(B, day);
  for (const transport of ['arrow', 'auto'] as const) {
    const offline = client({ cache: { dir, mode: 'offline' }, transport });
    assert.equal(
      values(await offline.timeseries.load(B, RANGE)).slice(0, 4),
      transport === 'arrow' ? [7, 7, 7, 103] : [100, 101, 102, 103],
    );
    assert.ok((await offline.timeseries.load(B, day)).equals(arrowOnly), transport);
    assert.is(offline.cache?.stats().hits, 2);
    offline.close();
  }
  await svc.store.importBatch({ series: [block(B, 72, (i) => 100 + i)] });
  c.close();
  json.close();
});

test("'auto' with a cache: a JSON entry from before Arrow was offered is replaced by the Arrow answer once, which is then revalidated", async () => {
  const dir = tempDir();
  const seen: { status: number | null; fromCache: boolean }[] = [];
  const c = client({ cache: { dir }, onResponse: (r) => seen.push({ status: r.status, fromCache: r.fromCache }) });
  const entries = () =>
    readdirSync(dir)
      .filter((n) => n.endsWith('.entry'))
      .map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8').split('\n')[0] as string).type as string);
  // the client's first request: nothing has told it of Arrow yet, so it asks for JSON
  const first = await c.timeseries.load(B, RANGE);
  assert.equal(entries(), ['application/json']);
  // now it asks for Arrow: the JSON entry does not answer that, the Arrow answer replaces it
  const second = await c.timeseries.load(B, RANGE);
  assert.equal(entries(), ['application/vnd.apache.arrow.stream']);
  // and is revalidated from then on
  const third = await c.timeseries.load(B, RANGE);
  assert.ok(second.equals(first) && third.equals(first));
  assert.equal(seen, [
    { status: 200, fromCache: false },
    { status: 200, fromCache: false },
    { status: 304, fromCache: true },
  ]);
  assert.equal([c.cache?.stats().misses, c.cache?.stats().revalidations, c.cache?.stats().entries], [2, 1, 1]);
  // a new 'auto' client of the directory (asking for JSON first) takes the Arrow entry and revalidates it
  const next = client({ cache: { dir } });
  assert.ok((await next.timeseries.load(B, RANGE)).equals(first));
  assert.equal([next.cache?.stats().misses, next.cache?.stats().revalidations], [0, 1]);
  c.close();
  next.close();
});

test('404 answers are never cached', async () => {
  const dir = tempDir();
  const c = client({ cache: { dir } });
  await c.timeseries.load('DE Nothing MWh/h H Actual', RANGE).then(
    () => assert.unreachable(),
    (err: unknown) => assert.instance(err, NotFoundError),
  );
  assert.equal(
    readdirSync(dir).filter((n) => n.endsWith('.entry')),
    [],
  );
  const offline = client({ cache: { dir, mode: 'offline' } });
  await offline.timeseries.load('DE Nothing MWh/h H Actual', RANGE).then(
    () => assert.unreachable(),
    (err: unknown) => assert.is((err as HTTPError).code, 'ERR_CACHE_MISS'),
  );
});

test('record mode keeps error answers; offline replays them as the same errors; revalidate never serves one', async () => {
  const dir = tempDir();
  const nothing = 'DE Nothing MWh/h H Actual';
  let loadPath = '';
  const recorder = client({ cache: { dir, mode: 'record' }, onRequest: (r) => (loadPath ||= r.path) });
  await recorder.timeseries.load(B, RANGE);
  const live404 = await rejection(() => recorder.timeseries.load(nothing, RANGE));
  assert.instance(live404, NotFoundError);
  // A 400 problem answer with its parameter: a request the client itself would refuse, sent raw.
  const badPath = loadPath.replace(/([?&]begin=)[^&]*/, '$1not-a-date');
  assert.is.not(badPath, loadPath, loadPath);
  const raw = (mode: 'record' | 'offline' | 'revalidate') =>
    transportFor(svc.url, { apiKey: svc.apiKey, cache: { dir, mode }, retry: { tries: 1 } });
  const live400 = await rejection(() => raw('record').get(badPath));
  assert.instance(live400, ValidationError);
  recorder.close();
  const entries = readdirSync(dir).filter((n) => n.endsWith('.entry'));
  assert.is(entries.length, 3, 'the 200, the 404 and the 400 are on disk');

  const statuses: (number | null)[] = [];
  const offline = client({ cache: { dir, mode: 'offline' }, onResponse: (r) => statuses.push(r.status) });
  assert.equal(values(await offline.timeseries.load(B, RANGE)), values(await client().timeseries.load(B, RANGE)));
  const replayed404 = await rejection(() => offline.timeseries.load(nothing, RANGE));
  assert.instance(replayed404, NotFoundError);
  assert.is((replayed404 as Error).message, (live404 as Error).message);
  const replayed400 = await rejection(() => raw('offline').get(badPath));
  assert.ok((replayed400 as ValidationError).parameter, 'the problem answer named its parameter');
  assert.instance(replayed400, ValidationError);
  assert.is((replayed400 as ValidationError).message, (live400 as ValidationError).message);
  assert.is((replayed400 as ValidationError).parameter, (live400 as ValidationError).parameter);
  assert.equal(statuses.slice(-1), [404], 'the hook sees the recorded status');
  assert.is(offline.cache?.stats().hits, 2);

  // The same directory in the normal mode: the recorded 404 is not served, the service is asked.
  const seen: { status: number | null; fromCache: boolean }[] = [];
  const normal = client({ cache: { dir }, onResponse: (r) => seen.push({ status: r.status, fromCache: r.fromCache }) });
  const asked = await rejection(() => normal.timeseries.load(nothing, RANGE));
  assert.instance(asked, NotFoundError);
  assert.equal(seen, [{ status: 404, fromCache: false }]);
  assert.is(normal.cache?.stats().hits, 0);
  assert.is(normal.cache?.stats().entries, 0);
});

test('a corrupted cache file is ignored, downloaded again and rewritten', async () => {
  const dir = tempDir();
  const c = client({ cache: { dir } });
  const good = await c.timeseries.load(A, RANGE);
  const [file] = readdirSync(dir).filter((n) => n.endsWith('.entry'));
  const path = join(dir, file as string);
  const text = readFileSync(path, 'utf8');
  writeFileSync(path, text.replace('"v":', '"v":9').slice(0, text.length - 40)); // damaged body, cut short
  const fresh = client({ cache: { dir } });
  const again = await fresh.timeseries.load(A, RANGE);
  assert.equal(values(again), values(good));
  assert.is(fresh.cache?.stats().misses, 1);
  assert.is(readFileSync(path, 'utf8'), text);
  writeFileSync(path, 'not a cache entry at all');
  const offline = client({ cache: { dir, mode: 'offline' } });
  await offline.timeseries.load(A, RANGE).then(
    () => assert.unreachable(),
    (err: unknown) => assert.is((err as HTTPError).code, 'ERR_CACHE_MISS'),
  );
});

test('the size bound evicts the least recently used entries, in memory and on disk', async () => {
  const dir = tempDir();
  const c = client({ cache: { dir, maxBytes: 6_000 } });
  await c.timeseries.load(A, RANGE); // ~2.8 KB each
  await c.timeseries.load(B, RANGE);
  await c.timeseries.load(A, RANGE); // A used last
  await c.timeseries.load(A, { begin: '2024-01-16', end: '2024-01-17' });
  const stats = c.cache?.stats();
  assert.ok((stats?.bytes ?? 0) <= 6_000, String(stats?.bytes));
  assert.ok((await c.cache!.diskBytes()) <= 6_000);
  const offline = client({ cache: { dir, mode: 'offline' } });
  await offline.timeseries.load(A, RANGE); // kept
  await offline.timeseries.load(B, RANGE).then(
    () => assert.unreachable('B was least recently used'),
    (err: unknown) => assert.is((err as HTTPError).code, 'ERR_CACHE_MISS'),
  );
});

test('two processes share one cache directory', async () => {
  const dir = tempDir();
  const run = promisify(execFile);
  const child = join(__dirname, 'cache-child.ts');
  const args = (curves: string[]) => ['--import', 'tsx', child, svc.apiUrl, svc.apiKey, dir, '3', ...curves];
  const [one, two] = await Promise.all([run(process.execPath, args([A, B])), run(process.execPath, args([B, A]))]);
  const a = JSON.parse(one.stdout) as { sums: number[]; stats: { hits: number; misses: number } };
  const b = JSON.parse(two.stdout) as { sums: number[]; stats: { hits: number; misses: number } };
  const sumA = values(await client().timeseries.load(A, RANGE)).reduce((x, y) => x + y, 0);
  const sumB = values(await client().timeseries.load(B, RANGE)).reduce((x, y) => x + y, 0);
  assert.equal(a.sums, [sumA, sumB, sumA, sumB, sumA, sumB]);
  assert.equal(b.sums, [sumB, sumA, sumB, sumA, sumB, sumA]);
  // each process: its first load is JSON, the next ones Arrow (the JSON entry is replaced once), so
  // at least the second and third rounds of its second curve and the third of its first are hits
  assert.ok(a.stats.hits >= 3 && b.stats.hits >= 3, JSON.stringify([a.stats, b.stats]));
  const offline = client({ cache: { dir, mode: 'offline' } });
  assert.equal(
    values(await offline.timeseries.load(A, RANGE)).reduce((x, y) => x + y, 0),
    sumA,
  );
  assert.equal(
    readdirSync(dir).filter((n) => n.endsWith('.tmp')),
    [],
  );
});

test('compression: the client asks for gzip and decodes it; false asks for identity; auto asks on loopback for identity', async () => {
  const seen: string[] = [];
  const body = JSON.stringify(['x'.repeat(5000)]);
  const server = http.createServer((req, res) => {
    seen.push(String(req.headers['accept-encoding']));
    if (String(req.headers['accept-encoding']).includes('gzip')) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(require('node:zlib').gzipSync(body));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  try {
    const on = new ServiceClient({ apiUrl: `http://127.0.0.1:${port}/api`, apiKey: 'k', httpDelay: 0.05, compression: true });
    assert.equal((await clientTransport(on).get('/metadata/categories/')).body, JSON.parse(body));
    const off = new ServiceClient({ apiUrl: `http://127.0.0.1:${port}/api`, apiKey: 'k', httpDelay: 0.05, compression: false });
    assert.equal((await clientTransport(off).get('/metadata/categories/')).body, JSON.parse(body));
    // the default ('auto'): this service is on this machine, so nothing is gained by compressing
    const auto = new ServiceClient({ apiUrl: `http://localhost:${port}/api`, apiKey: 'k', httpDelay: 0.05 });
    assert.equal((await clientTransport(auto).get('/metadata/categories/')).body, JSON.parse(body));
    assert.equal(seen, ['gzip, deflate', 'identity', 'identity']);
    on.close();
    off.close();
    auto.close();
  } finally {
    server.close();
  }
});

test('bad cache and compression options are refused before any request', () => {
  assert.throws(() => resolveCacheOptions({ maxBytes: -1 }), /cache.maxBytes/);
  assert.throws(() => resolveCacheOptions({ mode: 'sometimes' as never }), /cache.mode/);
  assert.throws(() => resolveCacheOptions({ dir: '' }), /cache.dir/);
  assert.is(resolveCacheOptions({ mode: 'record' })?.mode, 'record');
  assert.throws(
    () => resolveCacheOptions('yes' as never),
    (err: unknown) => err instanceof InitializationError,
  );
  assert.throws(() => new ServiceClient({ apiKey: 'k', compression: 'no' as never }), /compression must be true, false or 'auto'/);
  assert.is(resolveCacheOptions(false), null);
  assert.is(new ServiceClient({ apiKey: 'k' }).cache, null);
});

test.run();
