// ETags, 304 and compression against the real service over loopback: load, import a revision,
// load again (200, new values, new tag), load again (304, no body); tags per user and per
// request; no tag on errors; gzip/br negotiation and round trips.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as http from 'node:http';
import * as zlib from 'node:zlib';
import type { CurveRecord, SeriesBlock } from '../../../server/src/store';
import { chooseEncoding } from '../../../server/src/http/compress';
import { matchingTag, noneMatch } from '../../../server/src/http/conditional';
import { addUser, startService, type StartedService } from '../../helpers/start-service';
import { curveRecord } from '../../helpers/records';

const H = 3_600_000;
const A = 'DE Test Wind Power Production MWh/h H Actual';
const B = 'DE Test Solar Power Production MWh/h H Actual';
const FR = 'FR Test Solar Power Production MWh/h H Actual';
const T0 = Date.UTC(2024, 0, 14, 23);

function curve(name: string, area = 'DE'): CurveRecord {
  return curveRecord(name, { area });
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

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(svc: StartedService, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${svc.apiUrl}${path}`, { headers: { 'x-api-key': svc.apiKey, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

let svc: StartedService;
const pathOf = (name: string, query = 'begin=2024-01-15&end=2024-01-17') => `/timeseries/${encodeURIComponent(name)}/?${query}`;

test.before(async () => {
  svc = await startService({
    batch: {
      curves: [curve(A), curve(B), curve(FR, 'FR')],
      series: [block(A, 48, (i) => i), block(B, 48, (i) => 100 + i), block(FR, 48, () => 1)],
    },
  });
});
test.after(async () => svc.close());

test('load, import a revision, load again (200 with the new values), load again (304 without a body)', async () => {
  const first = await get(svc, pathOf(A), { 'accept-encoding': 'identity' });
  assert.is(first.status, 200);
  const tag = first.headers.etag as string;
  assert.match(tag, /^"[A-Za-z0-9_-]{27}"$/);
  assert.is((await get(svc, pathOf(A), { 'if-none-match': tag })).status, 304);
  await svc.store.importBatch({ series: [block(A, 2, () => 999)] });
  const second = await get(svc, pathOf(A), { 'if-none-match': tag, 'accept-encoding': 'identity' });
  assert.is(second.status, 200);
  const data = (JSON.parse(second.body.toString()) as { data: { v: number }[] }).data;
  assert.equal(
    data.slice(0, 3).map((d) => d.v),
    [999, 999, 2],
  );
  const newTag = second.headers.etag as string;
  assert.is.not(newTag, tag);
  const third = await get(svc, pathOf(A), { 'if-none-match': newTag });
  assert.is(third.status, 304);
  assert.is(third.body.length, 0);
  assert.is(third.headers.etag, newTag);
});

test('an import of another curve keeps the tag; the request line and the user are part of it', async () => {
  const tag = (await get(svc, pathOf(A))).headers.etag as string;
  await svc.store.importBatch({ series: [block(B, 1, () => 5)] });
  assert.is((await get(svc, pathOf(A))).headers.etag, tag);
  assert.is.not((await get(svc, pathOf(A, 'begin=2024-01-15&end=2024-01-16'))).headers.etag, tag);
  const other = await addUser(svc.store, 'other-user');
  const asOther = await get({ ...svc, apiKey: other }, pathOf(A), { 'if-none-match': tag });
  assert.is(asOther.status, 200);
  assert.is.not(asOther.headers.etag, tag);
});

test('metadata answers carry a store-wide tag that any import changes', async () => {
  const first = await get(svc, '/metadata/curves/?q=test');
  assert.is(first.status, 200);
  const tag = first.headers.etag as string;
  assert.is((await get(svc, '/metadata/curves/?q=test', { 'if-none-match': tag })).status, 304);
  await svc.store.importBatch({ series: [block(B, 1, () => 6)] });
  assert.is((await get(svc, '/metadata/curves/?q=test', { 'if-none-match': tag })).status, 200);
});

test('errors carry no tag and a matching If-None-Match never hides them', async () => {
  const missing = await get(svc, pathOf('DE Nothing MWh/h H Actual'));
  assert.is(missing.status, 404);
  assert.is(missing.headers.etag, undefined);
  const bad = await get(svc, pathOf(A, 'begin=nonsense'));
  assert.is(bad.status, 400);
  assert.is(bad.headers.etag, undefined);
  const de = await addUser(svc.store, 'de-only', { grants: [{ package: 'power', area: 'DE' }] });
  const forbidden = await get({ ...svc, apiKey: de }, pathOf(FR), { 'if-none-match': '*' });
  assert.is(forbidden.status, 403);
  assert.is(forbidden.headers.etag, undefined);
});

test('answers are compressed as the client asks, and decode to the same bytes', async () => {
  const plain = await get(svc, pathOf(A, 'begin=2024-01-01&end=2024-02-01'), { 'accept-encoding': 'identity' });
  assert.is(plain.headers['content-encoding'], undefined);
  assert.is(plain.headers.vary, 'Accept, Accept-Encoding'); // data answers also vary with Accept (JSON or Arrow)
  const gz = await get(svc, pathOf(A, 'begin=2024-01-01&end=2024-02-01'), { 'accept-encoding': 'gzip' });
  assert.is(gz.headers['content-encoding'], 'gzip');
  assert.ok(zlib.gunzipSync(gz.body).equals(plain.body));
  assert.ok(gz.body.length < plain.body.length / 2);
  assert.is(gz.headers.etag, (plain.headers.etag as string).replace(/"$/, '-gzip"'));
  const br = await get(svc, pathOf(A, 'begin=2024-01-01&end=2024-02-01'), { 'accept-encoding': 'gzip, deflate, br' });
  assert.is(br.headers['content-encoding'], 'br');
  assert.ok(zlib.brotliDecompressSync(br.body).equals(plain.body));
  // the compressed tag revalidates, in either form
  const revalidated = await get(svc, pathOf(A, 'begin=2024-01-01&end=2024-02-01'), {
    'if-none-match': br.headers.etag as string,
    'accept-encoding': 'br',
  });
  assert.is(revalidated.status, 304);
  assert.is(revalidated.headers.etag, br.headers.etag);
  // small answers are sent as they are
  const small = await get(svc, '/user/', { 'accept-encoding': 'gzip' });
  assert.ok(small.body.length < 1024);
  assert.is(small.headers['content-encoding'], undefined);
});

test('Accept-Encoding negotiation honours q-values and wildcards', () => {
  assert.is(chooseEncoding(undefined, ['br', 'gzip']), null);
  assert.is(chooseEncoding('gzip, deflate, br', ['br', 'gzip']), 'br');
  assert.is(chooseEncoding('br;q=0, gzip;q=0.5', ['br', 'gzip']), 'gzip');
  assert.is(chooseEncoding('*', ['br', 'gzip']), 'br');
  assert.is(chooseEncoding('*;q=0, identity', ['br', 'gzip']), null);
  assert.is(chooseEncoding('deflate', ['br', 'gzip']), null);
  assert.is(chooseEncoding('zstd, gzip', ['zstd', 'br', 'gzip']), 'zstd');
});

test('If-None-Match matching: lists, weak prefixes and encoding suffixes; * is not honoured', () => {
  assert.ok(noneMatch('"x", "abc"', '"abc"'));
  assert.ok(noneMatch('W/"abc"', '"abc"'));
  assert.ok(noneMatch('"abc-gzip"', '"abc"'));
  assert.not.ok(noneMatch('*', '"abc"'));
  assert.not.ok(noneMatch('"abcd"', '"abc"'));
  assert.not.ok(noneMatch(undefined, '"abc"'));
  assert.is(matchingTag('"x", W/"abc-br"', '"abc"'), '"abc-br"');
  assert.is(matchingTag('"x"', '"abc"'), null);
});

test.run();
