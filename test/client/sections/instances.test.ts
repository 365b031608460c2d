// client.instances: against the real service (a small hand-built import around the autumn DST
// day 2024-10-27 CET, 25 hours; values worked out by hand), every client-side limit rejected
// before a request is sent, the tags cache, and the reference client's request lines (wire-pairs)
// on a recording server.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { ServiceClient } from '../../../src/client';
import { NotFoundError, ValidationError } from '../../../src/exceptions';
import { AbsoluteResult, Instance, Timeseries, TimeseriesList } from '../../../src/model';
import { instancesRoutes } from '../../../server/src/routes/instances';
import type { CurveRecord, InstanceRecord, SeriesBlock } from '../../../server/src/store';
import { parseCurve } from '../../../src/wire';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server';
import { startService, type StartedService } from '../../helpers/start-service';
import { recordRequests } from '../../helpers/record-requests';
import { curveRecord } from '../../helpers/records';

const H = 3_600_000;
const WIND = 'DE Test Wind Power Production MWh/h H Forecast';
const EMPTY = 'FR Test Wind Power Production MWh/h H Forecast';

function curve(name: string, area = 'DE'): CurveRecord {
  return curveRecord(name, { curveType: 'INSTANCE', area, dataType: 'FORECAST', instanceIssuedTimezone: 'UTC' });
}

const instances: InstanceRecord[] = [];
const series: SeriesBlock[] = [];
/** 48 hourly values from `issued`: `base` + hours since issue; members at +1, +2, ... */
function add(issued: number, tag: string, created: number | null, base: number, members = 0): void {
  const names = Array.from({ length: members }, (_, m) => `m${m + 1}`);
  instances.push({ curve: WIND, issued, tag, created, modified: null, scenarioNames: names });
  const times = Float64Array.from({ length: 48 }, (_, h) => issued + h * H);
  const values = times.map((_, h) => base + h);
  series.push({
    curve: WIND,
    issued,
    tag,
    times,
    values,
    scenarios: names.map((_, m) => values.map((v) => v + m + 1)),
    scenarioNames: names,
  });
}
const utc = (day: number, hour: number): number => Date.UTC(2024, 9, day, hour);
add(utc(26, 0), 'ec', utc(26, 6), 100);
add(utc(26, 12), 'gfs', utc(26, 16), 200);
add(utc(27, 0), 'ec', utc(27, 6), 300);
add(utc(25, 0), 'ec-ens', utc(25, 8), 400, 2);

let svc: StartedService;
let client: ServiceClient;
let recorder: FaultServer;
let sent: string[];
const options = { httpDelay: 0.05, retry: { tries: 1 } };

test.before(async () => {
  svc = await startService({
    rateLimit: false,
    routes: [instancesRoutes],
    batch: { curves: [curve(WIND), curve(EMPTY, 'FR')], instances, series },
  });
  const requestLog = recordRequests();
  sent = requestLog.sent;
  client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, ...options, ...requestLog.options });
  recorder = await startFaultServer();
});

test.after(async () => {
  client.close();
  await recorder.close();
  await svc.close();
});

const fail = (call: () => Promise<unknown>): Promise<unknown> =>
  call().then(
    () => assert.unreachable('should fail'),
    (err: unknown) => err,
  );
const run = (from: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + i);

test('tags: a set, cached per curve; an empty answer is not cached', async () => {
  const before = sent.length;
  assert.equal([...(await client.instances.tags(WIND))].sort(), ['ec', 'ec-ens', 'gfs']);
  assert.equal([...(await client.instances.tags(WIND))].sort(), ['ec', 'ec-ens', 'gfs']);
  assert.is(sent.length, before + 1, 'the second call is served from the cache');
  assert.is((await client.instances.tags(EMPTY)).size, 0);
  assert.is((await client.instances.tags(EMPTY)).size, 0);
  assert.is(sent.length, before + 3, 'an empty answer is asked again');
  assert.instance(await fail(() => client.instances.tags('DE Nothing MWh/h H Forecast')), NotFoundError);
});

test('list: Instance objects newest first; tags as a string or a list; excludeTags and the exludeTags alias', async () => {
  const all = await client.instances.list(WIND);
  assert.ok(all.every((i) => Instance.isInstance(i)));
  assert.equal(
    all.map((i) => i.tag),
    ['ec', 'gfs', 'ec', 'ec-ens'],
  );
  assert.is(all[0]!.issued.toISO(), '2024-10-27T00:00:00.000Z');
  assert.equal(
    (await client.instances.list(WIND, { tags: 'gfs' })).map((i) => i.tag),
    ['gfs'],
  );
  assert.equal(
    (await client.instances.list(WIND, { tags: ['GFS', 'ec-ens'] })).map((i) => i.tag),
    ['gfs', 'ec-ens'],
  );
  assert.equal(
    (await client.instances.list(WIND, { excludeTags: ['ec', 'ec-ens'] })).map((i) => i.tag),
    ['gfs'],
  );
  assert.equal(
    (await client.instances.list(WIND, { exludeTags: 'ec' })).map((i) => i.tag),
    ['gfs', 'ec-ens'],
  );
  assert.equal(sent.at(-1), `/instances/${encodeURIComponent(WIND)}/list/?exclude-tags=ec&limit=25`);
  // issuedTimeOfDay in the issue zone (UTC), and a bound with an offset: 2024-10-26T14:00+02:00 = 12:00Z
  const noon = await client.instances.list(WIND, { issuedTimeOfDay: [{ hour: 12 }, '06:00'], issuedAtLatest: '2024-10-26T14:00:00+02:00' });
  assert.equal(
    noon.map((i) => i.issued.toISO()),
    ['2024-10-26T12:00:00.000Z'],
  );
  // with a Curve object the times come in its zones (issued: UTC, created: CET)
  const model = parseCurve({
    name: WIND,
    curve_type: 'INSTANCE',
    area: 'DE',
    resolution: { frequency: 'PT1H', timezone: 'CET' },
    data_type: 'FORECAST',
    instance_issued_timezone: 'UTC',
  });
  const [first] = await client.instances.list(model, { limit: 1 });
  assert.is(first!.created?.toISO(), '2024-10-27T07:00:00.000+01:00');
});

test('load, latest and get: series with their instance, ensembles with members', async () => {
  const list = await client.instances.load(WIND, { tags: 'ec', limit: 2 });
  assert.ok(TimeseriesList.isTimeseriesList(list));
  assert.equal(
    list.map((ts) => ts.instance?.issued.toISO()),
    ['2024-10-27T00:00:00.000Z', '2024-10-26T00:00:00.000Z'],
  );
  const ens = await client.instances.latest(WIND, { ensembles: true, tags: 'ec-ens' });
  assert.equal([ens.values?.[0], ens.scenarios.map((s) => s[0]), ens.scenarioNames], [400, [401, 402], ['m1', 'm2']]);
  const plain = await client.instances.latest(WIND, { tags: 'ec-ens' });
  assert.equal([plain.scenarios.length, plain.instance?.scenarios], [0, 2]);
  // CET day 2024-10-27 (25 h, 2024-10-26T22:00Z..23:00Z next day) of gfs (issued 12Z): leads 10..34, mean 222
  const daily = await client.instances.get(WIND, { issued: '2024-10-26 12:00', tag: 'GFS', frequency: 'P1D', threshold: 30 });
  assert.ok(Timeseries.isTimeseries(daily));
  const day = daily.data.findIndex((item) => item.date.toISO() === '2024-10-27T00:00:00.000+02:00');
  assert.is(daily.values?.[day], 222);
  assert.is(daily.instance?.tag, 'gfs');
  assert.instance(await fail(() => client.instances.get(WIND, { issued: '2024-10-26 12:00', tag: 'icon' })), NotFoundError);
});

test('relative, rolling and absolute end to end', async () => {
  // relative day-ahead latest, CET day 2024-10-27 (25 h) <- issued 2024-10-26 UTC: gfs (12Z), leads 10..34
  const relative = await client.instances.relative(WIND, { begin: '2024-10-27', end: '2024-10-28', tag: 'gfs' });
  assert.equal([...relative.values], run(210, 25));
  assert.is(relative.instance, null);
  // intraday earliest ec: 2024-10-27 <- issued 2024-10-27 UTC: ec 00Z from 02:00+02:00 on, leads 0..22
  const intraday = await client.instances.relative(WIND, {
    begin: '2024-10-27',
    end: '2024-10-28',
    tag: 'EC',
    daysAhead: 0,
    issued: 'earliest',
  });
  assert.equal([...intraday.values], run(300, 23));
  // rolling 2024-10-27 00Z..12Z, ec and gfs: ec 27th available 06Z -> 06..11Z; gfs available 26th 16Z -> 00..05Z (leads 12..17)
  const rolling = await client.instances.rolling(WIND, {
    begin: '2024-10-27 00:00+00:00',
    end: '2024-10-27 12:00+00:00',
    tags: ['ec', 'gfs'],
  });
  assert.equal([...rolling.values], [...run(212, 6), ...run(306, 6)]);
  // hours ahead 6: ec 27th only from 12Z; gfs from 22Z on the 26th -> all twelve (leads 12..23)
  const ahead = await client.instances.rolling(WIND, {
    begin: '2024-10-27 00:00+00:00',
    end: '2024-10-27 12:00+00:00',
    tags: ['ec', 'gfs'],
    hoursAhead: 6,
  });
  assert.equal([...ahead.values], run(212, 12));
  // absolute: delivery 2024-10-27 03:00Z from instances issued 2024-10-26: ec (lead 27) and gfs (lead 15)
  const absolute = await client.instances.absolute(WIND, {
    delivery: '2024-10-27 03:00',
    begin: '2024-10-26',
    end: '2024-10-27',
    excludeTags: 'ec-ens',
  });
  assert.ok(AbsoluteResult.isAbsoluteResult(absolute));
  assert.equal(
    absolute.items.map((i) => [i.instance.tag, i.value]),
    [
      ['ec', 127],
      ['gfs', 215],
    ],
  );
  assert.is(absolute.delivery.toISO(), '2024-10-27T03:00:00.000Z');
});

test('every client-side limit and rule is checked before a request is sent', async () => {
  const timeseriesCurve = parseCurve({
    name: 'X',
    curve_type: 'TIMESERIES',
    area: 'DE',
    resolution: { frequency: 'PT1H', timezone: 'CET' },
    data_type: 'ACTUAL',
  });
  const span = { begin: '2024-10-27', end: '2024-10-28' };
  const cases: [string, () => Promise<unknown>][] = [
    ['limit', () => client.instances.list(WIND, { limit: 0 })],
    ['limit', () => client.instances.list(WIND, { limit: 26 })],
    ['limit', () => client.instances.list(WIND, { limit: 2.5 })],
    ['limit', () => client.instances.list(WIND, { limit: '5' as never })],
    ['limit', () => client.instances.load(WIND, { limit: 26 })],
    ['limit', () => client.instances.load(WIND, { limit: 0 })],
    ['limit', () => client.instances.load(WIND, { limit: 11, ensembles: true })],
    ['hours-ahead', () => client.instances.rolling(WIND, { ...span, hoursAhead: -1 })],
    ['hours-ahead', () => client.instances.rolling(WIND, { ...span, hoursAhead: 25 })],
    ['hours-ahead', () => client.instances.rolling(WIND, { ...span, hoursAhead: 1.5 })],
    ['days-ahead', () => client.instances.relative(WIND, { ...span, tag: 'ec', daysAhead: -1 })],
    ['days-ahead', () => client.instances.relative(WIND, { ...span, tag: 'ec', daysAhead: 0.5 })],
    ['issued', () => client.instances.relative(WIND, { ...span, tag: 'ec', issued: 'first' as never })],
    ['tag', () => client.instances.relative(WIND, { ...span } as never)],
    ['time-of-day', () => client.instances.relative(WIND, { ...span, tag: 'ec', timeOfDay: '25:00' })],
    ['modified-at-latest', () => client.instances.relative(WIND, { ...span, tag: 'ec', modifiedAtLatest: { hour: 24 } })],
    ['issued', () => client.instances.get(WIND, {} as never)],
    ['tag', () => client.instances.get(WIND, { issued: '2024-10-26', tag: 5 as never })],
    ['delivery', () => client.instances.absolute(WIND, span as never)],
    ['begin', () => client.instances.rolling(WIND, { end: '2024-10-28' } as never)],
    ['tags', () => client.instances.list(WIND, { tags: [5] as never })],
    ['exclude-tags', () => client.instances.load(WIND, { excludeTags: {} as never })],
    ['issued-time-of-day', () => client.instances.latest(WIND, { issuedTimeOfDay: ['noon'] })],
    ['issued-at-latest', () => client.instances.list(WIND, { issuedAtLatest: '26/10/2024' })],
    // @ts-expect-error -- a value the types reject, to test the run-time check
    ['threshold', () => client.instances.load(WIND, { frequency: 'P1D', threshold: 1, thresholdPct: 1 })],
    // @ts-expect-error -- a value the types reject, to test the run-time check
    ['frequency', () => client.instances.latest(WIND, { frequency: 'P2D' })],
    ['curve', () => client.instances.tags(timeseriesCurve)],
    ['curve', () => client.instances.list('')],
  ];
  const before = sent.length;
  for (const [parameter, call] of cases) {
    const err = await call().then(
      () => null,
      (e: unknown) => e,
    );
    assert.instance(err, ValidationError, parameter);
    assert.is((err as ValidationError).parameter, parameter);
  }
  assert.is(sent.length, before, 'no request was sent');
  // the bounds themselves pass
  assert.is((await client.instances.load(WIND, { limit: 25 })).length, 4);
  assert.is((await client.instances.load(WIND, { limit: 10, ensembles: true })).length, 4);
  assert.is((await client.instances.rolling(WIND, { ...span, hoursAhead: 24 })).instance, null);
});

test('request lines and bodies of the reference client (wire-pairs)', async () => {
  const pairs = JSON.parse(readFileSync(join(__dirname, '../../fixtures/wire-pairs.json'), 'utf8')) as { request: string; body: unknown }[];
  const name = 'DE Wind Power Production MWh/h 15min Forecast';
  const base = `GET /api/instances/${encodeURIComponent(name)}`;
  const ens = `GET /api/ensembles/${encodeURIComponent(name)}`;
  const utcDay = DateTime.fromISO('2020-06-01T00:00:00Z', { zone: 'utc' });
  const i = new ServiceClient({ apiKey: 'k', apiUrl: `${recorder.url}/api`, ...options }).instances;
  const calls: [string, () => Promise<unknown>][] = [
    [`${base}/tags/`, () => i.tags(name)],
    [
      `${base}/list/?tags=ec&tags=gfs&exclude-tags=ecsr&limit=10&issued-at-latest=2020-05-01+00%3A00%3A00&issued-at-earliest=2020-04-01&issued-time-of-day=12%3A00%3A00.000&issued-time-of-day=03%3A00`,
      () =>
        i.list(name, {
          tags: ['ec', 'gfs'],
          exludeTags: 'ecsr',
          limit: 10,
          issuedAtLatest: '2020-05-01 00:00:00',
          issuedAtEarliest: '2020-04-01',
          issuedTimeOfDay: [{ hour: 12 }, '03:00'],
        }),
    ],
    [`${base}/list/?limit=25`, () => i.list(name)],
    [
      `${base}/?tags=ec&limit=10&timezone=UTC&frequency=P1D&aggregation=AVERAGE&hour-filter=OFFPEAK&threshold=7&unit=GWh%2Fh`,
      () =>
        i.load(name, {
          tags: 'ec',
          limit: 10,
          timeZone: 'UTC',
          frequency: 'P1D',
          aggregation: 'AVERAGE',
          hourFilter: 'OFFPEAK',
          threshold: 7,
          unit: 'GWh/h',
        }),
    ],
    [`${ens}/?limit=10`, () => i.load(name, { ensembles: true, limit: 10 })],
    [`${base}/?limit=5`, () => i.load(name)],
    [
      `${base}/get/latest/?tags=ec&issued-at-latest=2020-06-01+00%3A00&issued-time-of-day=00%3A00%3A00.000`,
      () => i.latest(name, { tags: 'ec', issuedAtLatest: '2020-06-01 00:00', issuedTimeOfDay: { hour: 0 } }),
    ],
    [`${ens}/get/latest/`, () => i.latest(name, { ensembles: true })],
    [`${base}/get/2020-06-01%2000%3A00%3A00/gfs-ens/`, () => i.get(name, { issued: '2020-06-01 00:00:00', tag: 'GFS-ens' })],
    [
      `${ens}/get/2020-06-01%2000%3A00%3A00%2B00%3A00/ec-ens/?frequency=P1D`,
      () => i.get(name, { issued: utcDay, tag: 'ec-ens', ensembles: true, frequency: 'P1D' }),
    ],
    [`${base}/get/2020-06-01/`, () => i.get(name, { issued: '2020-06-01' })],
    [`${base}/get/2020-06-01T00%3A00%3A00%2B00%3A00/ec/`, () => i.get(name, { issued: '2020-06-01T00:00:00+00:00', tag: 'ec' })],
    [`${base}/get/2020-06-01/a%2Fb%20c/`, () => i.get(name, { issued: '2020-06-01', tag: 'A/B c' })],
    [`${base}/get/2023-01-01%2000%3A00%3A00%2B00%3A00/ec/`, () => i.get(name, { issued: new Date(Date.UTC(2023, 0, 1)), tag: 'ec' })],
    [
      `${base}/get/relative/?begin=2020-06-01&end=2020-06-05&tag=ec&days-ahead=0&issued=earliest&time-of-day=00%3A00%3A00.000&after-time-of-day=06%3A00&before-time-of-day=12%3A00%3A00.500&modified-at-latest=23%3A59%3A59.000&frequency=PT1H&threshold=5.00%25`,
      () =>
        i.relative(name, {
          begin: '2020-06-01',
          end: '2020-06-05',
          tag: 'ec',
          daysAhead: 0,
          issued: 'earliest',
          timeOfDay: { hour: 0 },
          afterTimeOfDay: '06:00',
          beforeTimeOfDay: { hour: 12, millisecond: 500 },
          modifiedAtLatest: { hour: 23, minute: 59, second: 59 },
          frequency: 'PT1H',
          thresholdPct: 5,
        }),
    ],
    [
      `${base}/get/relative/?begin=2020-06-01&end=2020-06-05&tag=ec&days-ahead=1&issued=latest`,
      () => i.relative(name, { begin: '2020-06-01', end: '2020-06-05', tag: 'ec' }),
    ],
    [
      `${base}/get/relative/?begin=2020-06-01&end=2020-06-02&tag=&days-ahead=1&issued=latest`,
      () => i.relative(name, { begin: '2020-06-01', end: '2020-06-02', tag: '' }),
    ],
    [
      `${base}/get/rolling/?hours-ahead=2&begin=2023-10-01&end=2023-10-02&tags=ec&tags=gfs&exclude-tags=x&frequency=PT1H&hour-filter=PEAK&unit=GWh%2Fh`,
      () =>
        i.rolling(name, {
          hoursAhead: 2,
          begin: '2023-10-01',
          end: '2023-10-02',
          tags: ['ec', 'gfs'],
          excludeTags: 'x',
          frequency: 'PT1H',
          hourFilter: 'PEAK',
          unit: 'GWh/h',
        }),
    ],
    [
      `${base}/get/absolute/?delivery=2023-10-05+12%3A00%3A00&begin=2023-10-01+00%3A00%3A00&end=2023-10-02+00%3A00%3A00&frequency=PT1H&timezone=UTC&unit=GWh%2Fh&tags=ec&exclude-tags=gfs&aggregation=AVERAGE&hour-filter=PEAK`,
      () =>
        i.absolute(name, {
          delivery: '2023-10-05 12:00:00',
          begin: '2023-10-01 00:00:00',
          end: '2023-10-02 00:00:00',
          frequency: 'PT1H',
          timeZone: 'UTC',
          unit: 'GWh/h',
          tags: 'ec',
          excludeTags: 'gfs',
          aggregation: 'AVERAGE',
          hourFilter: 'PEAK',
        }),
    ],
    [
      `${base}/get/absolute/?delivery=2023-10-05+12%3A00&begin=2023-10-01&end=2023-10-02`,
      () => i.absolute(name, { delivery: '2023-10-05 12:00', begin: '2023-10-01', end: '2023-10-02' }),
    ],
  ];
  for (const [request, call] of calls) {
    const pair = pairs.find((p) => p.request === request);
    assert.ok(pair, request);
    recorder.reply({ body: pair.body });
    const result = await call();
    assert.is(`GET ${recorder.requests.at(-1)?.url}`, request);
    assert.ok(result !== null && result !== undefined, request);
  }
  assert.is(calls.length, pairs.filter((p) => p.request.includes(encodeURIComponent(name)) && !p.request.includes('/metadata/')).length);
});

test.run();
