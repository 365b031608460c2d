// Arrow answers of the data routes against the real demo service over loopback: every route both
// ways (Arrow equals JSON), JSON unchanged without Accept or with a bad one, errors stay JSON
// problems with the same status, compression and ETag/304 per representation.
import * as zlib from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ARROW_ACCEPT,
  ARROW_MEDIA_TYPE,
  decodeOHLCList,
  decodePeriodseries,
  decodePeriodseriesList,
  decodeTimeseries,
  decodeTimeseriesList,
} from '../../../src/wire/arrow';
import {
  parsePeriodseries,
  parsePeriodseriesList,
  parseTimeseries,
  parseTimeseriesList,
  serializeOHLCList,
  serializePeriodseries,
  serializePeriodseriesList,
  serializeTimeseries,
  serializeTimeseriesList,
} from '../../../src/wire';
import type { PeriodBlock } from '../../../server/src/store';
import { curveRecord, periodBlock } from '../../helpers/records';
import { rawGet, type RawAnswer } from '../../helpers/raw-get';
import { startService, type StartedService } from '../../helpers/start-service';

let svc: StartedService;

function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return rawGet(`${svc.apiUrl}${path}`, { 'x-api-key': svc.apiKey, 'accept-encoding': 'identity', ...headers });
}

const bytes = (a: RawAnswer): Uint8Array => new Uint8Array(a.body.buffer, a.body.byteOffset, a.body.byteLength);
const WIND = encodeURIComponent('DE Wind Power Production MWh/h 15min Forecast');
const ACTUAL = encodeURIComponent('DE Wind Power Production MWh/h 15min Actual');
const REMIT = 'DE Test Nuclear Capacity Available MW REMIT';
const M1 = Date.UTC(2024, 2, 29, 8);
const M2 = Date.UTC(2024, 2, 30, 14);

const periods = (issued: number, tag: string, parts: [number, number, number][]): PeriodBlock => periodBlock(REMIT, issued, tag, parts);

test.before(async () => {
  // CET midnights: 2024-03-29 = 03-28T23:00Z, 03-31 = 03-30T23:00Z (a 23-hour day), 04-05 = 04-04T22:00Z
  const [mar29, mar31, apr05] = [Date.UTC(2024, 2, 28, 23), Date.UTC(2024, 2, 30, 23), Date.UTC(2024, 3, 4, 22)];
  svc = await startService({
    demo: { preset: 'small', anchor: '2025-01-15' },
    rateLimit: false,
    batch: {
      curves: [
        curveRecord(REMIT, {
          curveType: 'INSTANCE_PERIOD',
          frequency: 'NONE',
          unit: 'MW',
          dataType: 'REMIT',
          instanceIssuedTimezone: 'UTC',
        }),
      ],
      instances: [
        { curve: REMIT, issued: M1, tag: 'a', created: null, modified: null, scenarioNames: [] },
        { curve: REMIT, issued: M2, tag: 'b', created: null, modified: null, scenarioNames: [] },
      ],
      periods: [
        periods(M1, 'a', [[mar29, apr05, 1000]]),
        periods(M2, 'b', [
          [mar29, mar31, 1000],
          [mar31, apr05, 800],
        ]),
      ],
    },
  });
});
test.after(async () => svc.close());

/** Loads a path both ways and requires the same series (`periods`: period series). */
async function bothWays(path: string, list: boolean, periods = false): Promise<number> {
  const json = await get(path);
  const arrow = await get(path, { accept: ARROW_ACCEPT });
  assert.is(json.status, 200, `${path}: ${json.body.toString().slice(0, 200)}`);
  assert.is(arrow.status, 200, path);
  assert.is(json.headers['content-type'], 'application/json; charset=utf-8');
  assert.is(arrow.headers['content-type'], ARROW_MEDIA_TYPE);
  assert.is(json.headers['x-arrow-stream'], ARROW_MEDIA_TYPE);
  assert.match(String(arrow.headers.vary), /Accept/);
  const text = JSON.parse(json.body.toString());
  if (periods && list) {
    assert.equal(
      serializePeriodseriesList(decodePeriodseriesList(bytes(arrow))),
      serializePeriodseriesList(parsePeriodseriesList(text)),
      path,
    );
    return text.length;
  }
  if (periods) {
    assert.equal(serializePeriodseries(decodePeriodseries(bytes(arrow))), serializePeriodseries(parsePeriodseries(text)), path);
    return text.data.length;
  }
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

test('periods, period instances, OHLC lists and the OHLC series: Arrow equals JSON', async () => {
  const capacity = encodeURIComponent('DE Wind Power Installed MW Capacity');
  assert.ok((await bothWays(`/periods/${capacity}/?begin=2024-06-01&end=2025-01-01`, false, true)) > 0);
  const remit = encodeURIComponent(REMIT);
  assert.is(await bothWays(`/period-instances/${remit}/?begin=2024-03-29&end=2024-04-05&limit=2`, true, true), 2);
  assert.is(await bothWays(`/period-instances/${remit}/get/latest/?begin=2024-03-29&end=2024-04-05`, false, true), 2);
  assert.is(
    await bothWays(
      `/period-instances/${remit}/get/${encodeURIComponent(new Date(M1).toISOString())}/a/?begin=2024-03-29&end=2024-04-05`,
      false,
      true,
    ),
    1,
  );
  await bothWays(`/period-instances/${remit}/get/relative/?begin=2024-03-29&end=2024-04-05&days-ahead=0`, false, true);
  const ohlc = encodeURIComponent('DE Futures Power Base EUR/MWh EEX OHLC');
  assert.ok((await bothWays(`/ohlc/${ohlc}/latest/periods/settlement/?date=2025-01-10`, false, true)) > 0);
  for (const path of [`/ohlc/${ohlc}/latest/?date=2025-01-10`, `/ohlc/${ohlc}/?begin=2024-12-01&end=2025-01-10&period=month`]) {
    const json = await get(path);
    const arrow = await get(path, { accept: ARROW_ACCEPT });
    assert.is(arrow.headers['content-type'], ARROW_MEDIA_TYPE, path);
    const text = JSON.parse(json.body.toString());
    assert.ok(text.data.length > 0, path);
    assert.equal(serializeOHLCList(decodeOHLCList(bytes(arrow))), text, path);
  }
  assert.ok((await bothWays(`/ohlc/${ohlc}/timeseries/settlement/?begin=2024-12-01&end=2025-01-10&period=MONTH&front=1`, false)) > 0);
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
