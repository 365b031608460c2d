// The buffers of sent JSON answers, kept for the next ones: handed out only once their answer has
// finished, never twice at once; and against the real service over loopback, large answers written
// into kept buffers are the bytes of answers written into fresh ones, one at a time, several at
// once and compressed.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import * as zlib from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AnswerBuffers } from '../../../server/src/http/json-reply';
import { curveRecord } from '../../helpers/records';
import { rawGet } from '../../helpers/raw-get';
import { startService, type StartedService } from '../../helpers/start-service';

const KB = 1024;
const response = () => new EventEmitter() as unknown as ServerResponse;

test('a buffer comes back once its answer has finished, and is handed out once', () => {
  const buffers = new AnswerBuffers(4, 10 * 1024 * KB, 64 * KB);
  assert.is(buffers.take(100 * KB), undefined);
  const bytes = new Uint8Array(200 * KB).subarray(0, 150 * KB);
  const res = response();
  buffers.lend(res, bytes);
  assert.is(buffers.take(100 * KB), undefined, 'not before the answer finished');
  res.emit('finish');
  assert.is(buffers.take(300 * KB), undefined, 'too small for this');
  const again = buffers.take(100 * KB);
  assert.ok(again !== undefined && again.buffer === bytes.buffer && again.byteLength === 200 * KB, 'the whole buffer');
  assert.is(buffers.take(100 * KB), undefined, 'handed out once');
});

test('an answer cut short, a small buffer or a view inside a buffer gives nothing back', () => {
  const buffers = new AnswerBuffers(4, 10 * 1024 * KB, 64 * KB);
  const cut = response();
  buffers.lend(cut, new Uint8Array(100 * KB));
  cut.emit('close');
  const small = response();
  buffers.lend(small, new Uint8Array(10 * KB));
  small.emit('finish');
  const inner = response();
  buffers.lend(inner, new Uint8Array(200 * KB).subarray(8));
  inner.emit('finish');
  assert.is(buffers.take(1), undefined);
});

test('at most maxBuffers and maxBytes are kept, the smallest dropped first', () => {
  const buffers = new AnswerBuffers(2, 1024 * KB, 64 * KB);
  for (const size of [100, 300, 200, 900]) {
    const res = response();
    buffers.lend(res, new Uint8Array(size * KB));
    res.emit('finish');
  }
  // 900 + 200 > 1024 KB: only 900 is left
  assert.is(buffers.take(65 * KB)?.byteLength, 900 * KB);
  assert.is(buffers.take(65 * KB), undefined);
});

// Against the service: two curves of 8,832 15-minute values from 2024-01-01 CET (~400 KB each)
const A = 'DE Buffers A MWh/h 15min Actual';
const B = 'DE Buffers B MWh/h 15min Actual';
const BEGIN = Date.UTC(2023, 11, 31, 23); // 2024-01-01 00:00 CET
const N = 92 * 96;
let svc: StartedService;

test.before(async () => {
  const series = (curve: string, scale: number) => ({
    curve,
    issued: null,
    tag: null,
    times: Float64Array.from({ length: N }, (_, i) => BEGIN + i * 900_000),
    values: Float64Array.from({ length: N }, (_, i) => Math.round(scale * (1000 + (i % 997)) * 100) / 100),
    scenarios: [],
    scenarioNames: [],
  });
  svc = await startService({
    rateLimit: false,
    batch: {
      curves: [curveRecord(A, { frequency: 'PT15M', timezone: 'CET' }), curveRecord(B, { frequency: 'PT15M', timezone: 'CET' })],
      series: [series(A, 1.25), series(B, 7.5)],
    },
  });
});
test.after(async () => svc.close());

async function body(curve: string, encoding = 'identity'): Promise<Buffer> {
  const url = `${svc.apiUrl}/timeseries/${encodeURIComponent(curve)}/?begin=2024-01-01&end=2024-04-02`;
  const answer = await rawGet(url, { 'x-api-key': svc.apiKey, 'accept-encoding': encoding });
  assert.is(answer.status, 200);
  return encoding === 'gzip' ? zlib.gunzipSync(answer.body) : answer.body;
}

test('answers written into kept buffers are the bytes of the first answers, in turn, at once and gzipped', async () => {
  const a = await body(A);
  const b = await body(B);
  assert.ok(a.length > 300 * KB && b.length > 300 * KB, `${a.length} and ${b.length} bytes`);
  assert.is.not(a.toString(), b.toString());
  const items = JSON.parse(a.toString()).data as { d: string; v: number }[];
  assert.is(items.length, N - 4, 'the range is 92 local days, one of them 23 hours long');
  assert.equal(items[1], { d: '2024-01-01T00:15:00+01:00', v: 1251.25 });
  for (let round = 0; round < 3; round++) {
    assert.ok((await body(A)).equals(a), `A, round ${round}`);
    assert.ok((await body(B)).equals(b), `B, round ${round}`);
  }
  const together = await Promise.all([A, B, A, B, A, B].map((curve) => body(curve)));
  together.forEach((got, i) => assert.ok(got.equals(i % 2 === 0 ? a : b), `answer ${i} of six at once`));
  const zipped = await Promise.all([body(A, 'gzip'), body(B, 'gzip'), body(A)]);
  assert.ok(zipped[0].equals(a) && zipped[1].equals(b) && zipped[2].equals(a), 'gzipped and plain at once');
});

test.run();
