// Arrow answers of the data routes against the real demo service over loopback: every route both
// ways (Arrow equals JSON), JSON unchanged without Accept or with a bad one, errors stay JSON
// problems with the same status, compression and ETag/304 per representation.
import * as http from 'node:http';
import * as zlib from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ARROW_ACCEPT, ARROW_MEDIA_TYPE, decodeTimeseries, decodeTimeseriesList } from '../../src/wire/arrow';
import { parseTimeseries, parseTimeseriesList, serializeTimeseries, serializeTimeseriesList } from '../../src/wire';
import { startService, type StartedService } from '../helpers/start-service';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let svc: StartedService;

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${svc.apiUrl}${path}`, { headers: { 'x-api-key': svc.apiKey, 'accept-encoding': 'identity', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const bytes = (a: Answer): Uint8Array => new Uint8Array(a.body.buffer, a.body.byteOffset, a.body.byteLength);
const WIND = encodeURIComponent('DE Wind Power Production MWh/h 15min Forecast');
const ACTUAL = encodeURIComponent('DE Wind Power Production MWh/h 15min Actual');

test.before(async () => {
  svc = await startService({ demo: { preset: 'small', anchor: '2025-01-15' }, rateLimit: false });
});
test.after(async () => svc.close());

/** Loads a path both ways and requires the same series. */
async function bothWays(path: string, list: boolean): Promise<number> {
  const json = await get(path);
  const arrow = await get(path, { accept: ARROW_ACCEPT });
  assert.is(json.status, 200, `${path}: ${json.body.toString().slice(0, 200)}`);
  assert.is(arrow.status, 200, path);
  assert.is(json.headers['content-type'], 'application/json; charset=utf-8');
  assert.is(arrow.headers['content-type'], ARROW_MEDIA_TYPE);
  assert.is(json.headers['x-arrow-stream'], ARROW_MEDIA_TYPE);
  assert.match(String(arrow.headers.vary), /Accept/);
  const text = JSON.parse(json.body.toString());
  if (list) {
    assert.equal(serializeTimeseriesList(decodeTimeseriesList(bytes(arrow))), serializeTimeseriesList(parseTimeseriesList(text)), path);
    return text.length;
  }
  assert.equal(serializeTimeseries(decodeTimeseries(bytes(arrow))), serializeTimeseries(parseTimeseries(text)), path);
  return text.data.length;
}

test('timeseries load: Arrow equals JSON (plain, aggregated, in another zone)', async () => {
  assert.is(await bothWays(`/timeseries/${ACTUAL}/?begin=2025-01-01&end=2025-01-08`, false), 7 * 96);
  assert.is(await bothWays(`/timeseries/${ACTUAL}/?begin=2024-10-26&end=2024-10-28&frequency=PT1H&timezone=UTC`, false), 48);
  assert.is(await bothWays(`/timeseries/${ACTUAL}/?begin=2024-10-27&end=2024-10-28`, false), 100); // 25-hour day
});

test('instances and ensembles: latest, get, load (a list), relative, rolling: Arrow equals JSON', async () => {
  const latest = JSON.parse((await get(`/ensembles/${WIND}/get/latest/?tags=ec-ens`)).body.toString());
  assert.is(latest.data[0].s.length, 51);
  await bothWays(`/ensembles/${WIND}/get/latest/?tags=ec-ens`, false);
  await bothWays(`/instances/${WIND}/get/latest/?tags=ec`, false);
  const issued = encodeURIComponent(latest.instance.issued);
  await bothWays(`/ensembles/${WIND}/get/${issued}/ec-ens/`, false);
  await bothWays(`/instances/${WIND}/get/${issued}/ec/`, false);
  assert.is(await bothWays(`/instances/${WIND}/?tags=ec&limit=3`, true), 3);
  assert.is(await bothWays(`/ensembles/${WIND}/?tags=ec-ens&limit=2`, true), 2);
  assert.is(await bothWays(`/instances/${WIND}/get/relative/?begin=2025-01-10&end=2025-01-11&tag=ec`, false), 96);
  await bothWays(`/instances/${WIND}/get/rolling/?begin=2025-01-10&end=2025-01-11&hours-ahead=6&tags=ec`, false);
});

test('no Accept, */* or a bad Accept get the same JSON bytes; JSON above Arrow gets JSON', async () => {
  const path = `/timeseries/${ACTUAL}/?begin=2025-01-01&end=2025-01-02`;
  const plain = await get(path);
  for (const accept of [
    '*/*',
    'application/json',
    'text/html;;q=x, nonsense',
    'application/json, application/vnd.apache.arrow.stream;q=0.5',
  ]) {
    const other = await get(path, { accept });
    assert.is(other.headers['content-type'], 'application/json; charset=utf-8', accept);
    assert.ok(other.body.equals(plain.body), accept);
  }
});

test('errors stay JSON problem answers with the same status', async () => {
  for (const path of [
    `/timeseries/${ACTUAL}/?begin=2025-01-01`,
    `/timeseries/${encodeURIComponent('No Such Curve')}/?begin=2025-01-01&end=2025-01-02`,
  ]) {
    const json = await get(path);
    const arrow = await get(path, { accept: ARROW_ACCEPT });
    assert.ok(json.status >= 400, path);
    assert.is(arrow.status, json.status, path);
    assert.match(String(arrow.headers['content-type']), /json/);
    assert.equal(JSON.parse(arrow.body.toString()), JSON.parse(json.body.toString()));
  }
});

test('an Arrow answer is compressed and has its own ETag, which gives 304', async () => {
  const path = `/timeseries/${ACTUAL}/?begin=2025-01-01&end=2025-01-08`;
  const json = await get(path, { 'accept-encoding': 'gzip' });
  const arrow = await get(path, { accept: ARROW_ACCEPT, 'accept-encoding': 'gzip' });
  assert.is(arrow.headers['content-encoding'], 'gzip');
  assert.match(String(arrow.headers.vary), /Accept-Encoding/);
  const tag = String(arrow.headers.etag);
  assert.match(tag, /-gzip"$/);
  assert.is.not(tag, json.headers.etag);
  const decoded = decodeTimeseries(new Uint8Array(zlib.gunzipSync(arrow.body)));
  assert.is(decoded.length, 7 * 96);
  const again = await get(path, { accept: ARROW_ACCEPT, 'accept-encoding': 'gzip', 'if-none-match': tag });
  assert.is(again.status, 304);
  assert.is(again.body.length, 0);
  // the Arrow tag does not validate the JSON representation
  assert.is((await get(path, { 'accept-encoding': 'gzip', 'if-none-match': tag })).status, 200);
});

test('/user/ says that the service offers Arrow', async () => {
  const user = await get('/user/');
  assert.is(user.status, 200);
  assert.is(user.headers['x-arrow-stream'], ARROW_MEDIA_TYPE);
});

test.run();
