// The client's `transport` option against the real demo service and a JSON-only test server:
// every time-series shape loads the same objects over Arrow and over JSON; 'auto' asks for Arrow
// only after the service offered it; 'json' sends exactly today's requests.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceClient } from '../../src/client';
import type { ClientOptions } from '../../src/client/options';
import { ParseException } from '../../src/exceptions';
import { Periodseries, SRMC, Timeseries, type AbsoluteResult } from '../../src/model';
import { CET, Frequency, Resolution } from '../../src/time';
import { serializeAbsoluteResult, serializeOHLCList, serializePeriodseries, serializeSRMC, serializeTimeseries } from '../../src/wire';
import { ARROW_ACCEPT, encodeTimeseries, isReceivedColumn } from '../../src/wire/arrow';
import { toTable } from '../../src/frame';
import { startService, type StartedService } from '../helpers/start-service';
import { clientTransport } from '../../src/client/base-client';

let svc: StartedService;
const WIND = 'DE Wind Power Production MWh/h 15min Forecast';
const ACTUAL = 'DE Wind Power Production MWh/h 15min Actual';
const SOLAR = 'DE Solar Photovoltaic Production MWh/h 15min Actual';

test.before(async () => {
  svc = await startService({ demo: { preset: 'small', anchor: '2025-01-15' }, rateLimit: false });
});
test.after(async () => svc.close());

const client = (transport: ClientOptions['transport'], extra: ClientOptions = {}) =>
  new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, httpDelay: 0.05, transport, ...extra });

type Loaded = Timeseries | Periodseries | readonly Timeseries[] | readonly Periodseries[];
const one = (x: Timeseries | Periodseries) => (Periodseries.isPeriodseries(x) ? serializePeriodseries(x) : serializeTimeseries(x));
const asJson = (x: Loaded) =>
  JSON.stringify(Array.isArray(x) ? Array.from(x as readonly (Timeseries | Periodseries)[], one) : one(x as Timeseries | Periodseries));

test('every time-series shape loads equal over Arrow and over JSON', async () => {
  const json = client('json');
  const arrow = client('arrow');
  assert.ok(clientTransport(arrow).asksArrow());
  assert.not.ok(clientTransport(json).asksArrow());
  const latest = await json.instances.latest(WIND, { tags: 'ec-ens', ensembles: true });
  const REMIT = 'DE @Datteln Hard Coal Power Capacity Available MW REMIT';
  const OHLC = 'DE Futures Power Base EUR/MWh EEX OHLC';
  const loads: [string, (c: ServiceClient) => Promise<Loaded>][] = [
    ['timeseries.load', (c) => c.timeseries.load(ACTUAL, { begin: '2024-10-26', end: '2024-10-28' })],
    ['timeseries.load daily', (c) => c.timeseries.load(ACTUAL, { begin: '2024-10-01', end: '2024-11-01', frequency: 'P1D' })],
    ['timeseries.loadMany', (c) => c.timeseries.loadMany([ACTUAL, SOLAR], { begin: '2025-01-01', end: '2025-01-03', progress: false })],
    ['instances.latest ensembles', (c) => c.instances.latest(WIND, { tags: 'ec-ens', ensembles: true })],
    ['instances.get', (c) => c.instances.get(WIND, { issued: latest.instance?.issued as never, tag: 'ec' })],
    ['instances.load', (c) => c.instances.load(WIND, { tags: 'ec', limit: 3 })],
    ['instances.load ensembles', (c) => c.instances.load(WIND, { tags: 'ec-ens', limit: 2, ensembles: true })],
    ['instances.relative', (c) => c.instances.relative(WIND, { begin: '2025-01-10', end: '2025-01-11', tag: 'ec' })],
    ['instances.rolling', (c) => c.instances.rolling(WIND, { begin: '2025-01-10', end: '2025-01-11', hoursAhead: 6, tags: 'ec' })],
    ['periods.load', (c) => c.periods.load('DE Wind Power Installed MW Capacity', { begin: '2024-06-01', end: '2025-01-01' })],
    ['periodInstances.load', (c) => c.periodInstances.load(REMIT, { begin: '2024-12-01', end: '2025-02-01', limit: 3 })],
    ['periodInstances.latest', (c) => c.periodInstances.latest(REMIT, { begin: '2024-12-01', end: '2025-02-01' })],
    ['ohlc.latestAsPeriods', (c) => c.ohlc.latestAsPeriods(OHLC, { date: '2025-01-10' })],
    [
      'ohlc.loadFrontAsTimeseries',
      (c) => c.ohlc.loadFrontAsTimeseries(OHLC, { begin: '2024-12-01', end: '2025-01-10', period: 'month', front: 1 }),
    ],
  ];
  for (const [name, load] of [
    ['ohlc.latest', (c: ServiceClient) => c.ohlc.latest(OHLC, { date: '2025-01-10' })],
    ['ohlc.load', (c: ServiceClient) => c.ohlc.load(OHLC, { begin: '2024-12-01', end: '2025-01-10', period: 'month' })],
  ] as const) {
    const [a, b] = [serializeOHLCList(await load(json)), serializeOHLCList(await load(arrow))];
    assert.ok(a.data.length > 0, name);
    assert.equal(b, a, name);
  }
  for (const [name, load] of loads) {
    const [a, b] = [await load(json), await load(arrow)];
    assert.is(asJson(b), asJson(a), name);
    assert.ok(asJson(a).length > 200, `${name}: some data`);
  }
  json.close();
  arrow.close();
});

test('SRMC and instances absolute load equal over Arrow and over JSON, and were Arrow', async () => {
  const types: string[] = [];
  const json = client('json');
  const arrow = client('arrow');
  const TTF = 'NL Futures Natural Gas EUR/MWh ICE-TTF OHLC';
  const trading = { begin: '2024-12-02', end: '2025-01-10' };
  const loads: [string, (c: ServiceClient) => Promise<SRMC | AbsoluteResult>][] = [
    ['srmc.loadFront', (c) => c.srmc.loadFront(TTF, { ...trading, period: 'month', front: 1 })],
    ['srmc.loadDelivery', (c) => c.srmc.loadDelivery(TTF, { ...trading, period: 'month', delivery: '2025-02-01' })],
    ['srmc.loadFrontAsTimeseries', (c) => c.srmc.loadFrontAsTimeseries(TTF, { ...trading, period: 'month', front: 1 })],
    ['srmc.loadDeliveryAsTimeseries', (c) => c.srmc.loadDeliveryAsTimeseries(TTF, { ...trading, period: 'month', delivery: '2025-02-01' })],
    ['srmc.latest', (c) => c.srmc.latest(TTF, { date: '2025-01-10' })],
    ['srmc.latestAsPeriods', (c) => c.srmc.latestAsPeriods(TTF, { date: '2025-01-10' })],
    ['instances.absolute', (c) => c.instances.absolute(WIND, { delivery: '2025-01-12 06:00', begin: '2025-01-08', end: '2025-01-12' })],
    [
      'instances.absolute filtered',
      (c) => c.instances.absolute(WIND, { delivery: '2025-01-12', begin: '2025-01-08', end: '2025-01-12', frequency: 'P1D', tags: 'ec' }),
    ],
  ];
  for (const [name, load] of loads) {
    const a = await load(json);
    const b = await load(arrow);
    const text = (x: SRMC | AbsoluteResult) => JSON.stringify(SRMC.isSRMC(x) ? serializeSRMC(x) : serializeAbsoluteResult(x));
    assert.is(text(b), text(a), name);
    assert.ok(b.equals(a as never), `${name}: equals`);
    assert.ok(
      SRMC.isSRMC(a) ? (a.ohlc?.length ?? a.timeseries?.length ?? a.periodseries?.length ?? 0) > 0 : a.size() > 0,
      `${name}: some data`,
    );
  }
  // the same routes over HTTP: the Arrow request got an Arrow answer
  const paths = [
    `/srmc/${encodeURIComponent(TTF)}/latest/?date=2025-01-10`,
    `/srmc/${encodeURIComponent(TTF)}/?begin=2024-12-02&end=2025-01-10&period=month&front=1`,
    `/srmc/${encodeURIComponent(TTF)}/timeseries/?begin=2024-12-02&end=2025-01-10&period=month&front=1`,
    `/srmc/${encodeURIComponent(TTF)}/latest/periods/?date=2025-01-10`,
    `/instances/${encodeURIComponent(WIND)}/get/absolute/?delivery=2025-01-12T06:00&begin=2025-01-08&end=2025-01-12`,
  ];
  for (const path of paths) {
    const res = await fetch(`${svc.apiUrl}${path}`, { headers: { 'x-api-key': svc.apiKey, Accept: ARROW_ACCEPT } });
    types.push(`${res.status} ${res.headers.get('content-type')}`);
    await res.arrayBuffer();
  }
  assert.equal(
    types,
    paths.map(() => '200 application/vnd.apache.arrow.stream'),
  );
  json.close();
  arrow.close();
});

test('toTable of an Arrow answer takes the received value columns as they are; of a JSON one, copies', async () => {
  const arrow = client('arrow');
  const json = client('json');
  const week = { begin: '2025-01-01', end: '2025-01-08' };
  const [a, j] = [await arrow.timeseries.load(ACTUAL, week), await json.timeseries.load(ACTUAL, week)];
  const [ta, tj] = [toTable(a), toTable(j)];
  const name = ta.columnNames()[1] as string;
  const colA = ta.column(name) as unknown as Float64Array;
  const colJ = tj.column(name) as unknown as Float64Array;
  assert.ok(isReceivedColumn(a.values));
  assert.not.ok(isReceivedColumn(j.values));
  assert.is(colA, a.values, 'the very array the decoder gave the series');
  assert.is(colA.byteLength < colA.buffer.byteLength, true, 'a view of the received stream, not an array of its own');
  assert.is.not(colJ, j.values);
  assert.equal(Array.from(colA), Array.from(colJ));
  assert.equal(toTable(a).objects(), toTable(j).objects());
  // lists and ensembles too
  const ens = await arrow.instances.latest(WIND, { tags: 'ec-ens', ensembles: true });
  const te = toTable(ens);
  assert.is(te.column(te.columnNames()[2] as string) as unknown, ens.scenarios[0]);
  arrow.close();
  json.close();
});

test("'auto' asks for Arrow once an answer offered it, and gets the same series", async () => {
  const auto = client(undefined);
  assert.is(auto.options.transport, 'auto');
  assert.not.ok(clientTransport(auto).asksArrow());
  const first = await auto.timeseries.load(ACTUAL, { begin: '2025-01-01', end: '2025-01-02' });
  assert.ok(clientTransport(auto).asksArrow());
  const second = await auto.timeseries.load(ACTUAL, { begin: '2025-01-01', end: '2025-01-02' });
  assert.is(asJson(second), asJson(first));
  auto.close();
});

/** A JSON-only server that records request headers; `offer` makes it say it has Arrow (it never answers it). */
async function recordingServer(offer: boolean): Promise<{ url: string; seen: http.IncomingHttpHeaders[]; close: () => Promise<void> }> {
  const seen: http.IncomingHttpHeaders[] = [];
  const body = JSON.stringify({
    curve: null,
    resolution: { frequency: 'PT1H', timezone: 'CET' },
    instance: null,
    contract: null,
    scenario_names: null,
    unit: 'MWh/h',
    denominator: null,
    data: [{ d: '2025-01-01T00:00:00+01:00', v: 1.5 }],
  });
  const server = http.createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(offer ? { 'x-arrow-stream': 'application/vnd.apache.arrow.stream' } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api`, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test("'json' sends exactly today's requests; 'auto' too against a service that offers no Arrow", async () => {
  const plain = await recordingServer(false);
  const offering = await recordingServer(true);
  const paths: string[] = [];
  try {
    for (const [server, transport] of [
      [plain, 'json'],
      [plain, 'auto'],
      [offering, 'json'],
    ] as const) {
      const c = new ServiceClient({ apiKey: 'k', apiUrl: server.url, httpDelay: 0.05, transport, onRequest: (r) => paths.push(r.path) });
      for (let i = 0; i < 2; i++) assert.is((await c.timeseries.load('X', { begin: '2025-01-01', end: '2025-01-02' })).values[0], 1.5);
      c.close();
    }
    const all = [...plain.seen, ...offering.seen];
    assert.is(all.length, 6);
    for (const headers of all) {
      assert.is(headers.accept, '*/*');
      assert.equal(Object.keys(headers).sort(), Object.keys(plain.seen[0] as object).sort());
    }
    assert.is(new Set(paths).size, 1);
    // 'auto' against the offering server: the second request asks for Arrow, the JSON answer is still read
    const c = new ServiceClient({ apiKey: 'k', apiUrl: offering.url, httpDelay: 0.05 });
    for (let i = 0; i < 2; i++) assert.is((await c.timeseries.load('X', { begin: '2025-01-01', end: '2025-01-02' })).values[0], 1.5);
    c.close();
    assert.equal(
      offering.seen.slice(-2).map((h) => h.accept),
      ['*/*', ARROW_ACCEPT],
    );
  } finally {
    await plain.close();
    await offering.close();
  }
});

test('an Arrow answer cut short is a ParseException, never a short series', async () => {
  const n = 140_000; // three record batches
  const times = Float64Array.from({ length: n }, (_, i) => Date.UTC(2020, 0, 1) + i * 900_000);
  const full = encodeTimeseries(new Timeseries({ resolution: new Resolution(Frequency.PT15M, CET), times, values: new Float64Array(n) }));
  const firstBatchEnd = full.byteLength - Math.floor(full.byteLength / 3); // inside the second batch
  for (const cut of [firstBatchEnd, full.byteLength - 200]) {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.apache.arrow.stream' });
      res.end(Buffer.from(full.subarray(0, cut)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const c = new ServiceClient({ apiKey: 'k', apiUrl: `http://127.0.0.1:${port}/api`, httpDelay: 0.05, transport: 'arrow' });
    try {
      await c.timeseries.load('X', { begin: '2020-01-01', end: '2020-02-01' });
      assert.unreachable(`cut at ${cut} gave a series`);
    } catch (err) {
      assert.instance(err, ParseException, String(err));
    } finally {
      c.close();
      await new Promise((resolve) => server.close(resolve));
    }
  }
});

test('a bad transport option is an InitializationError naming it', () => {
  assert.throws(() => client('xml' as never), /transport must be 'auto', 'json' or 'arrow', got "xml"/);
});

test.run();
