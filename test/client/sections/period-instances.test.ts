// client.periodInstances: against the real service (two hand-built REMIT messages around the
// autumn DST day 2024-10-27 CET, 25 hours), limits rejected before a request is sent, and the
// reference client's request lines (wire-pairs) on a recording server.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceClient } from '../../../src/client';
import { NotFoundError, ValidationError } from '../../../src/exceptions';
import { Instance, Periodseries, PeriodseriesList } from '../../../src/model';
import { periodInstancesRoutes } from '../../../server/src/routes/period-instances';
import type { CurveRecord, PeriodBlock } from '../../../server/src/store';
import { parseCurve } from '../../../src/wire';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server';
import { startService, type StartedService } from '../../helpers/start-service';
import { recordRequests } from '../../helpers/record-requests';

const REMIT = 'DE Test Nuclear Capacity Available MW REMIT';
const record: CurveRecord = {
  name: REMIT,
  curveType: 'INSTANCE_PERIOD',
  area: 'DE',
  areaSink: null,
  placeKey: null,
  categories: ['Test'],
  frequency: 'NONE',
  timezone: 'CET',
  unit: 'MW',
  denominator: null,
  dataType: 'REMIT',
  source: null,
  commodity: 'Power',
  instanceIssuedTimezone: 'UTC',
  package: 'power',
};

// CET midnights: 10-26 = 10-25T22:00Z, 10-27 = 10-26T22:00Z (25 h), 10-28 = 10-27T23:00Z, 11-01 = 10-31T23:00Z
const OCT26 = Date.UTC(2024, 9, 25, 22);
const OCT28 = Date.UTC(2024, 9, 27, 23);
const NOV01 = Date.UTC(2024, 9, 31, 23);
const A = Date.UTC(2024, 9, 25, 10, 30); // message AbC1, 2024-10-25 10:30Z
const B = Date.UTC(2024, 9, 26, 15); // message XyZ2, 2024-10-26 15:00Z

const block = (issued: number, tag: string, parts: [number, number, number][]): PeriodBlock => ({
  curve: REMIT,
  issued,
  tag,
  begins: Float64Array.from(parts.map((p) => p[0])),
  ends: Float64Array.from(parts.map((p) => p[1])),
  values: Float64Array.from(parts.map((p) => p[2])),
  capacities: Float64Array.from(parts.map(() => 1400)),
});

let svc: StartedService;
let client: ServiceClient;
let recorder: FaultServer;
let sent: string[];
const options = { httpDelay: 0.05, retry: { tries: 1 } };

test.before(async () => {
  svc = await startService({
    rateLimit: false,
    routes: [periodInstancesRoutes],
    batch: {
      curves: [record],
      instances: [
        { curve: REMIT, issued: A, tag: 'AbC1', created: null, modified: null, scenarioNames: [] },
        { curve: REMIT, issued: B, tag: 'XyZ2', created: null, modified: null, scenarioNames: [] },
      ],
      periods: [
        block(A, 'AbC1', [[OCT26, NOV01, 1400]]),
        block(B, 'XyZ2', [
          [OCT26, OCT28, 1300],
          [OCT28, NOV01, 700],
        ]),
      ],
    },
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

const spans = (ps: Periodseries): string[] => ps.data.map((p) => `${p.begin.toISO()} ${p.end.toISO()} ${p.value}`);

test('list, load, latest and get return model objects', async () => {
  const list = await client.periodInstances.list(REMIT, { excludeTags: 'abc1' });
  assert.ok(list.every((i) => Instance.isInstance(i)));
  assert.equal(
    list.map((i) => i.tag),
    ['XyZ2'],
  );
  assert.equal(
    (await client.periodInstances.list(REMIT, { tags: ['XYZ2', 'abc1'], limit: 1 })).map((i) => i.tag),
    ['XyZ2'],
  );
  const loaded = await client.periodInstances.load(REMIT, { begin: '2024-10-27', end: '2024-10-29' });
  assert.ok(PeriodseriesList.isPeriodseriesList(loaded));
  assert.equal(
    loaded.map((ps) => ps.instance?.tag),
    ['XyZ2', 'AbC1'],
  );
  // XyZ2 clipped to [10-27, 10-29): 1300 until 10-28 00:00+01:00 (25 hours later), then 700
  assert.equal(spans(loaded[0]!), [
    '2024-10-27T00:00:00.000+02:00 2024-10-28T00:00:00.000+01:00 1300',
    '2024-10-28T00:00:00.000+01:00 2024-10-29T00:00:00.000+01:00 700',
  ]);
  const latest = await client.periodInstances.latest(REMIT, {
    begin: '2024-10-27',
    end: '2024-10-29',
    issuedAtLatest: '2024-10-26 14:59:59',
    unit: 'GW',
  });
  assert.equal([latest.instance?.tag, latest.unit], ['AbC1', 'GW']);
  assert.ok(Math.abs(latest.values[0]! - 1.4) < 1e-12);
  // the tag is sent trimmed in its own case; the service ignores case
  const one = await client.periodInstances.get(REMIT, {
    begin: '2024-10-28',
    end: '2024-10-29',
    issued: '2024-10-26 15:00',
    tag: ' XyZ2 ',
  });
  assert.equal([one.instance?.tag, spans(one)], ['XyZ2', ['2024-10-28T00:00:00.000+01:00 2024-10-29T00:00:00.000+01:00 700']]);
  assert.match(sent.at(-1) ?? '', '/get/2024-10-26%2015%3A00/XyZ2/?');
  const missing = await client.periodInstances
    .get(REMIT, { begin: '2024-10-28', end: '2024-10-29', issued: '2024-10-26 15:00' })
    .catch((e: unknown) => e);
  assert.instance(missing, NotFoundError);
});

test('relative: per day, what was known days-ahead earlier', async () => {
  // 10-27 (25 h) <- newest issued before 10-27T00:00Z: XyZ2 (1300); 10-28 <- before 10-28T00:00Z: XyZ2 (700)
  const ps = await client.periodInstances.relative(REMIT, { begin: '2024-10-27', end: '2024-10-29', daysAhead: 1 });
  assert.ok(Periodseries.isPeriodseries(ps));
  assert.equal(spans(ps), [
    '2024-10-27T00:00:00.000+02:00 2024-10-28T00:00:00.000+01:00 1300',
    '2024-10-28T00:00:00.000+01:00 2024-10-29T00:00:00.000+01:00 700',
  ]);
  // before 15:00: 10-27 <- before 10-26T15:00Z: AbC1 (1400); 10-28 <- before 10-27T15:00Z: XyZ2 (700)
  assert.equal(
    spans(await client.periodInstances.relative(REMIT, { begin: '2024-10-27', end: '2024-10-29', daysAhead: 1, beforeTimeOfDay: '15:00' })),
    ['2024-10-27T00:00:00.000+02:00 2024-10-28T00:00:00.000+01:00 1400', '2024-10-28T00:00:00.000+01:00 2024-10-29T00:00:00.000+01:00 700'],
  );
  // two days ahead: 10-27 <- before 10-26T00:00Z: AbC1 (1400)
  assert.equal(spans(await client.periodInstances.relative(REMIT, { begin: '2024-10-27', end: '2024-10-28', daysAhead: 2 })), [
    '2024-10-27T00:00:00.000+02:00 2024-10-28T00:00:00.000+01:00 1400',
  ]);
});

test('every client-side limit and rule is checked before a request is sent', async () => {
  const instanceCurve = parseCurve({
    name: 'X',
    curve_type: 'INSTANCE',
    area: 'DE',
    resolution: { frequency: 'PT1H', timezone: 'CET' },
    data_type: 'FORECAST',
  });
  const span = { begin: '2024-10-27', end: '2024-10-29' };
  const cases: [string, () => Promise<unknown>][] = [
    ['limit', () => client.periodInstances.list(REMIT, { limit: 0 })],
    ['limit', () => client.periodInstances.list(REMIT, { limit: 21 })],
    ['limit', () => client.periodInstances.load(REMIT, { ...span, limit: 21 })],
    ['limit', () => client.periodInstances.load(REMIT, { ...span, limit: -3 })],
    ['days-ahead', () => client.periodInstances.relative(REMIT, { ...span, daysAhead: -1 })],
    ['days-ahead', () => client.periodInstances.relative(REMIT, span as never)],
    ['before-time-of-day', () => client.periodInstances.relative(REMIT, { ...span, daysAhead: 1, beforeTimeOfDay: '9 am' })],
    ['begin', () => client.periodInstances.load(REMIT, { end: '2024-10-29' } as never)],
    ['end', () => client.periodInstances.latest(REMIT, { begin: '2024-10-27' } as never)],
    ['issued', () => client.periodInstances.get(REMIT, span as never)],
    ['exclude-tags', () => client.periodInstances.list(REMIT, { excludeTags: [null] as never })],
    ['timezone', () => client.periodInstances.load(REMIT, { ...span, timeZone: 'Europe/Berlin' })],
    ['curve', () => client.periodInstances.list(instanceCurve)],
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
  assert.is((await client.periodInstances.list(REMIT, { limit: 20 })).length, 2);
});

test('request lines and bodies of the reference client (wire-pairs)', async () => {
  const pairs = JSON.parse(readFileSync(join(__dirname, '../../fixtures/wire-pairs.json'), 'utf8')) as { request: string; body: unknown }[];
  const name = 'DE @Brokdorf Nuclear Capacity Available MW REMIT';
  const base = `GET /api/period-instances/${encodeURIComponent(name)}`;
  const p = new ServiceClient({ apiKey: 'k', apiUrl: `${recorder.url}/api`, ...options }).periodInstances;
  const period = { begin: '2020-01-01', end: '2020-06-01' };
  const calls: [string, () => Promise<unknown>][] = [
    [
      `${base}/list/?tags=x&exclude-tags=y&limit=20&issued-at-latest=2019-12-31+23%3A59%3A59&issued-at-earliest=2019-01-01`,
      () => p.list(name, { tags: 'x', excludeTags: ['y'], issuedAtLatest: '2019-12-31 23:59:59', issuedAtEarliest: '2019-01-01' }),
    ],
    [`${base}/?begin=2020-01-01&end=2020-06-01&limit=3`, () => p.load(name, period)],
    [`${base}/?begin=2020-01-01&end=2020-02-01&limit=3`, () => p.load(name, { begin: '2020-01-01', end: '2020-02-01' })],
    [
      `${base}/get/latest/?begin=2020-01-01&end=2020-06-01&issued-at-latest=2020-04-01+12%3A00%3A00`,
      () => p.latest(name, { ...period, issuedAtLatest: '2020-04-01 12:00:00' }),
    ],
    [
      `${base}/get/2020-03-30%2010%3A54%3A51%2B00%3A00/GGXXxM8VKmeHWrbHHx3rAg/?begin=2020-01-01&end=2020-06-01`,
      () => p.get(name, { ...period, issued: '2020-03-30 10:54:51+00:00', tag: '  GGXXxM8VKmeHWrbHHx3rAg ' }),
    ],
    [`${base}/get/2020-03-30/?begin=2020-01-01&end=2020-06-01`, () => p.get(name, { ...period, issued: '2020-03-30' })],
    [
      `${base}/get/relative/?begin=2020-01-01&end=2020-06-01&days-ahead=1&before-time-of-day=12%3A00%3A00.000&timezone=CET&unit=GW`,
      () => p.relative(name, { ...period, daysAhead: 1, beforeTimeOfDay: { hour: 12 }, timeZone: 'CET', unit: 'GW' }),
    ],
  ];
  for (const [request, call] of calls) {
    const pair = pairs.find((x) => x.request === request);
    assert.ok(pair, request);
    recorder.reply({ body: pair.body });
    const result = await call();
    assert.is(`GET ${recorder.requests.at(-1)?.url}`, request);
    assert.ok(result !== null && result !== undefined, request);
  }
  recorder.reply({ body: pairs.find((x) => x.request.startsWith(`${base}/list/`))?.body });
  const list = await p.list(name, { tags: 'x' });
  assert.is(list[0]!.tag, 'GGXXxM8VKmeHWrbHHx3rAg');
  assert.is(calls.length, pairs.filter((x) => x.request.startsWith(base)).length);
});

test.run();
