// Arrow answers of `timeseries.load` sent while they are read (docs/arrow.md#streamed), against
// the real service over loopback: the streamed bytes are the bytes of the whole-series encoder
// (so equal to the JSON answer), sent chunked; compressed streams and 304 per representation;
// holes are filled as the batches go (more in stream-gaps.test.ts); aggregation and ranges of one
// batch fall back to the whole read; a read failing mid-way cuts the
// answer (an error on the client, never a short series) and gives the store's reader back.
import * as http from 'node:http';
import * as zlib from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceClient } from '../../../src/client';
import { ARROW_ACCEPT, decodeTimeseries, encodeTimeseries } from '../../../src/wire/arrow';
import { parseTimeseries, serializeTimeseries } from '../../../src/wire';
import { DuckDbStore, type ColumnSource, type SeriesCursor, type Store, type TimeForm } from '../../../server/src/store';
import { curveRecord } from '../../helpers/records';
import { leaveAfterFirstChunk, rawGet, type RawAnswer } from '../../helpers/raw-get';
import { startService, type StartedService } from '../../helpers/start-service';

let svc: StartedService;
/** When set, the store's batched reads fail after their first batch. */
let failing = false;

function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return rawGet(`${svc.apiUrl}${path}`, { 'x-api-key': svc.apiKey, 'accept-encoding': 'identity', ...headers });
}

const bytes = (a: RawAnswer): Uint8Array => new Uint8Array(a.body.buffer, a.body.byteOffset, a.body.byteLength);
const LONG = 'TS Long PT15M';
const GAPS = 'TS Gaps PT15M';
const SCEN = 'TS Scenarios PT1H';
/**
 * Two windows of the batched read (four record batches each), the second long enough to cover
 * where the last batch of the first lay had the read reused its columns.
 */
const WIDE = 'TS Two Windows PT15M';
const WIDE_N = 480_000;
const START = Date.UTC(2019, 11, 31, 23); // 2020-01-01 CET
const N = 150_000; // three record batches
const path = (curve: string, query: string) => `/timeseries/${encodeURIComponent(curve)}/?${query}`;

function faulty(cursor: SeriesCursor): SeriesCursor {
  return {
    ...cursor,
    async *batches(size: number, columns?: ColumnSource, form?: TimeForm) {
      let k = 0;
      for await (const batch of cursor.batches(size, columns, form)) {
        if (k++ === 1) throw new Error('store read failed');
        yield batch;
      }
    },
  };
}

async function openStore(dir: string): Promise<Store> {
  const store = await DuckDbStore.open(dir);
  return new Proxy(store, {
    get(target, key) {
      if (key === 'openSeries')
        return async (...args: Parameters<NonNullable<Store['openSeries']>>) => {
          const cursor = await target.openSeries(...args);
          return failing && cursor !== null ? faulty(cursor) : cursor;
        };
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

test.before(async () => {
  const times = Float64Array.from({ length: N }, (_, i) => START + i * 900_000);
  const values = Float64Array.from({ length: N }, (_, i) => (i % 1000 === 7 ? Number.NaN : Math.sin(i / 50) * 100));
  const hours = 2000;
  const hourTimes = Float64Array.from({ length: hours }, (_, i) => START + i * 3_600_000);
  const scenario = (k: number) => Float64Array.from({ length: hours }, (_, i) => (i === 10 * k ? Number.NaN : k * 1000 + i));
  const gapTimes = Float64Array.from({ length: 500 }, (_, i) => START + (i < 200 ? i : i + 30) * 900_000);
  svc = await startService({
    rateLimit: false,
    openStore,
    batch: {
      curves: [
        curveRecord(LONG, { frequency: 'PT15M' }),
        curveRecord(GAPS, { frequency: 'PT15M' }),
        curveRecord(SCEN, { curveType: 'SCENARIO_TIMESERIES', frequency: 'PT1H' }),
        curveRecord(WIDE, { frequency: 'PT15M' }),
      ],
      series: [
        { curve: LONG, issued: null, tag: null, times, values, scenarios: [], scenarioNames: [] },
        { curve: GAPS, issued: null, tag: null, times: gapTimes, values: new Float64Array(500).fill(3), scenarios: [], scenarioNames: [] },
        {
          curve: SCEN,
          issued: null,
          tag: null,
          times: hourTimes,
          values: scenario(9),
          scenarios: [scenario(0), scenario(1), scenario(2)],
          scenarioNames: ['low', 'mid', 'high'],
        },
        {
          curve: WIDE,
          issued: null,
          tag: null,
          times: Float64Array.from({ length: WIDE_N }, (_, i) => START + i * 900_000),
          // no missing values: the value column goes out as views of the store's columns
          values: Float64Array.from({ length: WIDE_N }, (_, i) => i + 0.25),
          scenarios: [],
          scenarioNames: [],
        },
      ],
    },
  });
});
test.after(async () => svc.close());

test('a long series is streamed: chunked, the bytes of the whole-series encoder, equal to JSON', async () => {
  const p = path(LONG, 'begin=2020-01-01&end=2025-01-01');
  const json = await get(p);
  const arrow = await get(p, { accept: ARROW_ACCEPT });
  assert.is(arrow.status, 200);
  assert.is(arrow.headers['transfer-encoding'], 'chunked');
  assert.is(arrow.headers['content-length'], undefined);
  assert.is(arrow.headers['x-arrow-stream'], 'application/vnd.apache.arrow.stream');
  assert.match(String(arrow.headers.vary), /Accept/);
  const fromJson = parseTimeseries(JSON.parse(json.body.toString()));
  assert.is(fromJson.length, N);
  assert.ok(Buffer.from(encodeTimeseries(fromJson)).equals(arrow.body), 'streamed bytes differ from the whole-series encoding');
  assert.equal(serializeTimeseries(decodeTimeseries(bytes(arrow))), serializeTimeseries(fromJson));
});

test('another zone, an empty range, a series with a hole and a scenario series stream equal to JSON', async () => {
  // ranges longer than one record batch (65,536 steps) are streamed
  for (const p of [
    path(GAPS, 'begin=2020-01-01&end=2022-01-01'),
    path(LONG, 'begin=2020-01-01&end=2022-01-01&timezone=UTC'),
    path(LONG, 'begin=2030-01-01&end=2032-01-01'),
    path(SCEN, 'begin=2020-01-01&end=2028-01-01'),
  ]) {
    const json = await get(p);
    const arrow = await get(p, { accept: ARROW_ACCEPT });
    assert.is(arrow.headers['transfer-encoding'], 'chunked', p);
    const fromJson = parseTimeseries(JSON.parse(json.body.toString()));
    assert.ok(Buffer.from(encodeTimeseries(fromJson)).equals(arrow.body), p);
  }
  const scen = decodeTimeseries(bytes(await get(path(SCEN, 'begin=2020-01-01&end=2028-01-01'), { accept: ARROW_ACCEPT })));
  assert.equal(scen.scenarioNames, ['low', 'mid', 'high']);
  assert.ok(Number.isNaN(scen.scenario('mid')[10]!));
  assert.is(scen.values[0], 9000);
});

test('aggregation and ranges of one batch are read whole (one body with a length), still equal to JSON', async () => {
  for (const p of [
    path(LONG, 'begin=2020-01-01&end=2022-01-01&frequency=P1D'),
    path(LONG, 'begin=2020-03-29&end=2020-03-30'),
    path(LONG, 'begin=2020-01-01&end=2021-01-01'),
  ]) {
    const json = await get(p);
    const arrow = await get(p, { accept: ARROW_ACCEPT });
    assert.is(arrow.headers['transfer-encoding'], undefined, p);
    assert.ok(Number(arrow.headers['content-length']) > 0, p);
    assert.equal(serializeTimeseries(decodeTimeseries(bytes(arrow))), JSON.parse(json.body.toString()), p);
  }
});

test('with every connection for batched reads busy, a long answer is read whole (same bytes), and streamed again after', async () => {
  const p = path(LONG, 'begin=2020-01-01&end=2025-01-01');
  const range = { begin: START, end: START + N * 900_000 };
  const held = [await svc.store.openSeries!(LONG, range), await svc.store.openSeries!(LONG, range)];
  try {
    const whole = await get(p, { accept: ARROW_ACCEPT });
    assert.is(whole.status, 200);
    assert.is(whole.headers['transfer-encoding'], undefined);
    assert.ok(Number(whole.headers['content-length']) > 0);
    for (const cursor of held) await cursor?.close();
    const streamed = await get(p, { accept: ARROW_ACCEPT });
    assert.is(streamed.headers['transfer-encoding'], 'chunked');
    assert.ok(streamed.body.equals(whole.body), 'the whole and the streamed answer differ');
  } finally {
    for (const cursor of held) await cursor?.close();
  }
});

test('a streamed answer is compressed as it goes, and gets 304 for its own tag only', async () => {
  const p = path(LONG, 'begin=2020-01-01&end=2022-01-01');
  const plain = await get(p, { accept: ARROW_ACCEPT });
  for (const [encoding, inflate] of [
    ['gzip', zlib.gunzipSync],
    ['br', zlib.brotliDecompressSync],
  ] as const) {
    const packed = await get(p, { accept: ARROW_ACCEPT, 'accept-encoding': encoding });
    assert.is(packed.headers['content-encoding'], encoding);
    assert.match(String(packed.headers.vary), /Accept-Encoding/);
    assert.ok(packed.body.length < plain.body.length, `${encoding}: ${packed.body.length} bytes`);
    assert.ok(inflate(packed.body).equals(plain.body), encoding);
    const tag = String(packed.headers.etag);
    assert.ok(tag.endsWith(`-${encoding}"`), tag);
    const again = await get(p, { accept: ARROW_ACCEPT, 'accept-encoding': encoding, 'if-none-match': tag });
    assert.is(again.status, 304);
    assert.is(again.body.length, 0);
    const asJson = await get(p, { 'accept-encoding': encoding, 'if-none-match': tag });
    assert.is(asJson.status, 200, 'the JSON representation has another tag');
  }
});

/** A GET read slowly (a pause after every chunk), so the answer waits in the service's socket. */
function slowGet(path: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const all = { 'x-api-key': svc.apiKey, accept: ARROW_ACCEPT, ...headers };
    http
      .get(`${svc.apiUrl}${path}`, { headers: all }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          chunks.push(c);
          res.pause();
          setTimeout(() => res.resume(), 1);
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

test('a slow reader gets the same bytes: no batch is overwritten while it waits to be sent', async () => {
  // the value column goes out as views of the read columns: a later window written into them
  // before the socket (or the compressor) took them would change bytes already queued
  const p = path(WIDE, 'begin=2020-01-01&end=2034-01-01');
  const whole = encodeTimeseries(parseTimeseries(JSON.parse((await get(p)).body.toString())));
  assert.is(decodeTimeseries(whole).length, WIDE_N);
  const plain = await slowGet(p, { 'accept-encoding': 'identity' });
  assert.ok(plain.equals(whole), 'identity: the bytes differ from the whole answer');
  const packed = await slowGet(p, { 'accept-encoding': 'gzip' });
  assert.ok(zlib.gunzipSync(packed).equals(whole), 'gzip: the bytes differ from the whole answer');
});

test('batch columns kept for reuse never change bytes still on their way: a slow reader beside fast answers of other data', async () => {
  // the fast answers fill the pool of batch columns and take from it while the slow one waits:
  // a column given back before its bytes left would carry the other series into the slow answer
  const slowPath = path(WIDE, 'begin=2020-01-01&end=2034-01-01');
  const fastPath = path(LONG, 'begin=2020-01-01&end=2025-01-01');
  const slowWhole = encodeTimeseries(parseTimeseries(JSON.parse((await get(slowPath)).body.toString())));
  const fastWhole = encodeTimeseries(parseTimeseries(JSON.parse((await get(fastPath)).body.toString())));
  const fast = async () => {
    for (let i = 0; i < 6; i++) {
      const answer = await get(fastPath, { accept: ARROW_ACCEPT });
      assert.ok(bytes(answer).length === fastWhole.length && Buffer.from(bytes(answer)).equals(fastWhole), `fast answer ${i} differs`);
    }
  };
  await fast();
  for (const encoding of ['identity', 'gzip']) {
    const [slow] = await Promise.all([slowGet(slowPath, { 'accept-encoding': encoding }), fast()]);
    const body = encoding === 'gzip' ? zlib.gunzipSync(slow) : slow;
    assert.ok(body.equals(slowWhole), `${encoding}: the slow answer's bytes differ from the whole answer`);
  }
  // and a slow answer's own later windows: read into columns given back by the fast ones
  const again = await Promise.all([slowGet(slowPath, { 'accept-encoding': 'identity' }), fast(), fast()]);
  assert.ok(again[0].equals(slowWhole), 'the slow answer differs the second time');
});

test('errors before the first byte stay JSON problems', async () => {
  const missing = await get(path('No Such Curve', 'begin=2020-01-01&end=2020-02-01'), { accept: ARROW_ACCEPT });
  assert.is(missing.status, 404);
  assert.match(String(missing.headers['content-type']), /json/);
  const bad = await get(path(LONG, 'begin=2020-01-01&end=nope'), { accept: ARROW_ACCEPT });
  assert.is(bad.status, 400);
  assert.match(bad.body.toString(), /end/);
});

test('a read failing mid-way cuts the answer: an error, never a short series; the reader is given back', async () => {
  const p = path(LONG, 'begin=2020-01-01&end=2025-01-01');
  failing = true;
  try {
    for (let i = 0; i < 3; i++) {
      // three times: more than the store's readers, so a reader kept by a failed stream would hang the next
      try {
        const answer = await get(p, { accept: ARROW_ACCEPT });
        assert.unreachable(`a cut stream ended normally (${answer.body.length} bytes)`);
      } catch (err) {
        assert.not.instance(err, assert.Assertion);
      }
    }
    const client = new ServiceClient({
      apiKey: svc.apiKey,
      apiUrl: svc.apiUrl,
      httpDelay: 0.05,
      retry: { tries: 2, delay: 0.05 },
      transport: 'arrow',
    });
    try {
      await client.timeseries.load(LONG, { begin: '2020-01-01', end: '2025-01-01' });
      assert.unreachable('the client returned a series from a cut stream');
    } catch (err) {
      assert.not.instance(err, assert.Assertion);
    } finally {
      client.close();
    }
  } finally {
    failing = false;
  }
  const whole = await get(p, { accept: ARROW_ACCEPT });
  assert.is(decodeTimeseries(bytes(whole)).length, N);
});

test('a client leaving mid-stream gives the reader back', async () => {
  const p = path(LONG, 'begin=2020-01-01&end=2025-01-01');
  for (let i = 0; i < 3; i++) {
    await leaveAfterFirstChunk(`${svc.apiUrl}${p}`, { 'x-api-key': svc.apiKey, accept: ARROW_ACCEPT });
  }
  const whole = await get(p, { accept: ARROW_ACCEPT });
  assert.is(decodeTimeseries(bytes(whole)).length, N);
});

test.run();
