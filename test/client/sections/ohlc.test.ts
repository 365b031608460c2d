// client.ohlc: against the real service (hand-built OHLC rows and FX rates, values worked out by
// hand), the reference's checks before any request, and the reference client's request lines
// (wire-pairs) with their response bodies.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import { join } from 'node:path';
import { ServiceClient } from '../../../src/client';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../src/exceptions';
import { OHLCList, Periodseries, Timeseries } from '../../../src/model';
import type { CurveRecord, OhlcBlock } from '../../../server/src/store';
import { parseCurve } from '../../../src/wire';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server';
import { addUser, startService, type StartedService } from '../../helpers/start-service';
import { recordRequests } from '../../helpers/record-requests';
import { curveRecord } from '../../helpers/records';

const DE = 'DE Futures Power Base EUR/MWh EEX OHLC';
const USD_FX = 'Currency Rate EUR-USD USD/EUR ECB D Forex';

// CET midnights, winter (UTC+1): Thu 2024-02-01 = 2024-01-31T23:00Z ... ; 2024-03-01 = 2024-02-29T23:00Z;
// 2024-04-01 (CEST) = 2024-03-31T22:00Z; 2024-07-01 = 2024-06-30T22:00Z.
const thu = Date.UTC(2024, 0, 31, 23);
const fri = Date.UTC(2024, 1, 1, 23);
const mon = Date.UTC(2024, 1, 4, 23);
const mar1 = Date.UTC(2024, 1, 29, 23);
const apr1 = Date.UTC(2024, 2, 31, 22);
const jul1 = Date.UTC(2024, 5, 30, 22);

function curve(name: string, fields: Partial<CurveRecord> = {}): CurveRecord {
  return curveRecord(name, {
    curveType: 'OHLC',
    categories: ['Futures', 'Power', 'Base'],
    frequency: 'P1D',
    unit: 'EUR',
    denominator: 'MWh',
    dataType: 'OHLC',
    source: 'EEX',
    package: 'market',
    ...fields,
  });
}

// March month (front 1): Thu 56, Fri 57, Mon 58; April month (front 2): Thu 51, Fri 52, Mon 53; Q2 (Apr-Jun) Fri 48; Q3 Fri 45.
const rows: [number, string, number, number][] = [
  [thu, 'month', mar1, 56],
  [thu, 'month', apr1, 51],
  [fri, 'month', mar1, 57],
  [fri, 'month', apr1, 52],
  [fri, 'quarter', apr1, 48],
  [fri, 'quarter', jul1, 45],
  [mon, 'month', mar1, 58],
  [mon, 'month', apr1, 53],
];
const col = (f: (r: (typeof rows)[number]) => number) => Float64Array.from(rows, f);
const block: OhlcBlock = {
  curve: DE,
  traded: col((r) => r[0]),
  period: rows.map((r) => r[1]),
  delivery: col((r) => r[2]),
  open: col(() => NaN),
  high: col(() => NaN),
  low: col(() => NaN),
  close: col((r) => r[3] + 0.25),
  settlement: col((r) => r[3]),
  volume: col(() => 10),
  openInterest: col(() => 500),
};

let svc: StartedService;
let client: ServiceClient;
let nobody: ServiceClient;
let recorder: FaultServer;
let sent: string[];
const options = { httpDelay: 0.05, retry: { tries: 1 } };

test.before(async () => {
  svc = await startService({
    rateLimit: false,
    batch: {
      curves: [
        curve(DE),
        curve(USD_FX, {
          curveType: 'TIMESERIES',
          dataType: 'FOREX',
          area: '',
          unit: 'USD',
          denominator: 'EUR',
          commodity: 'Currency',
          source: 'ECB',
        }),
      ],
      ohlc: [block],
      // USD per EUR: Thu 1.1, Fri 1.08, none on the weekend or Monday
      series: [
        {
          curve: USD_FX,
          issued: null,
          tag: null,
          times: Float64Array.of(thu, fri),
          values: Float64Array.of(1.1, 1.08),
          scenarios: [],
          scenarioNames: [],
        },
      ],
    },
  });
  const requestLog = recordRequests();
  sent = requestLog.sent;
  client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, ...options, ...requestLog.options });
  nobody = new ServiceClient({
    apiKey: await addUser(svc.store, 'power-only', { grants: [{ package: 'power', area: 'DE' }] }),
    apiUrl: svc.apiUrl,
    ...options,
  });
  recorder = await startFaultServer();
});

test.after(async () => {
  client.close();
  nobody.close();
  await recorder.close();
  await svc.close();
});

test('load: rows with their fronts, filtered by period and front or delivery', async () => {
  const list = await client.ohlc.load(DE, { begin: '2024-02-01', end: '2024-02-06', period: 'month', front: 1 });
  assert.ok(OHLCList.isOHLCList(list));
  assert.equal([list.curve?.name, list.unit, list.denominator], [DE, 'EUR', 'MWh']);
  assert.equal(
    list.map((o) => [o.product.traded.toISODate(), o.product.front, o.product.delivery.toISODate(), o.settlement, o.close, o.openInterest]),
    [
      ['2024-02-01', 1, '2024-03-01', 56, 56.25, 500],
      ['2024-02-02', 1, '2024-03-01', 57, 57.25, 500],
      ['2024-02-05', 1, '2024-03-01', 58, 58.25, 500],
    ],
  );
  assert.equal(sent.at(-1), `/ohlc/${encodeURIComponent(DE)}/?begin=2024-02-01&end=2024-02-06&period=month&front=1`);
  const april = await client.ohlc.load(DE, { begin: '2024-02-02', end: '2024-02-03', period: 'quarter', delivery: '2024-04-01' });
  assert.equal(
    april.map((o) => [o.product.period.tag, o.product.front, o.settlement]),
    [['quarter', 1, 48]],
  );
  assert.is((await client.ohlc.load(DE, { begin: '2024-02-02', end: '2024-02-03' })).length, 4);
});

test('latest and latestAsPeriods: Sunday falls back to Friday; the forward curve merges month and quarter', async () => {
  const latest = await client.ohlc.latest(DE, { date: '2024-02-04' });
  assert.equal([...new Set(latest.map((o) => o.product.traded.toISODate()))], ['2024-02-02']);
  assert.is((await client.ohlc.latest(DE))[0]!.product.traded.toISODate(), '2024-02-05');
  // Fri: March 57, April 52 (month beats Q2), May-June from Q2 48, Q3 45
  const curveOf = await client.ohlc.latestAsPeriods(DE, { date: '2024-02-04' });
  assert.ok(Periodseries.isPeriodseries(curveOf));
  assert.equal(
    curveOf.data.map((p) => [p.begin.toISODate(), p.end.toISODate(), p.value]),
    [
      ['2024-03-01', '2024-04-01', 57],
      ['2024-04-01', '2024-05-01', 52],
      ['2024-05-01', '2024-07-01', 48],
      ['2024-07-01', '2024-10-01', 45],
    ],
  );
  const close = await client.ohlc.latestAsPeriods(DE, { field: 'close', date: '2024-02-02', timeZone: 'UTC' });
  assert.is(close.resolution.timezone, 'UTC');
  assert.is(close.data[0]!.begin.toISO(), '2024-02-29T23:00:00.000Z');
  assert.is(close.values[0], 57.25);
  assert.equal(sent.at(-1), `/ohlc/${encodeURIComponent(DE)}/latest/periods/close/?date=2024-02-02&timezone=UTC`);
});

test('loadFrontAsTimeseries and loadDeliveryAsTimeseries: daily, with the fill modes', async () => {
  const front = await client.ohlc.loadFrontAsTimeseries(DE, {
    begin: '2024-02-01',
    end: '2024-02-07',
    period: 'month',
    front: 1,
    fill: 'fill-holes',
  });
  assert.ok(Timeseries.isTimeseries(front));
  assert.is(front.contract?.columnHeader(), 'month front-1 settlement');
  assert.equal(
    Array.from(front.times, (t, i) => [
      DateTime.fromMillis(t, { zone: 'CET' }).toISO(),
      Number.isNaN(front.values?.[i]) ? null : front.values?.[i],
    ]),
    [
      ['2024-02-01T00:00:00.000+01:00', 56],
      ['2024-02-02T00:00:00.000+01:00', 57],
      ['2024-02-03T00:00:00.000+01:00', 57],
      ['2024-02-04T00:00:00.000+01:00', 57],
      ['2024-02-05T00:00:00.000+01:00', 58],
      ['2024-02-06T00:00:00.000+01:00', null],
    ],
  );
  const delivery = await client.ohlc.loadDeliveryAsTimeseries(DE, {
    begin: '2024-02-02',
    end: '2024-02-08',
    period: 'month',
    delivery: '2024-04-01',
    field: 'close',
    fill: 'forward-fill',
  });
  assert.is(delivery.contract?.columnHeader(), 'month 2024-04-01 close');
  assert.equal([...(delivery.values as Float64Array)], [52.25, 52.25, 52.25, 53.25, 53.25, 53.25]);
  assert.equal(
    sent.at(-1),
    `/ohlc/${encodeURIComponent(DE)}/timeseries/close/?begin=2024-02-02&end=2024-02-08&period=month&delivery=2024-04-01&fill=forward-fill`,
  );
});

test("unit: prices in USD/MWh at each trading day's rate", async () => {
  // Thu 56 × 1.1 = 61.6; Fri 57 × 1.08 = 61.56; Mon 58 × 1.08 (Friday's rate, none on Monday) = 62.64
  const list = await client.ohlc.load(DE, { begin: '2024-02-01', end: '2024-02-06', period: 'month', front: 1, unit: 'USD/MWh' });
  assert.equal([list.unit, list.denominator], ['USD', 'MWh']);
  [61.6, 61.56, 62.64].forEach((e, i) => assert.ok(Math.abs((list[i]!.settlement as number) - e) < 1e-9, `${list[i]!.settlement} != ${e}`));
  const ts = await client.ohlc.loadFrontAsTimeseries(DE, {
    begin: '2024-02-02',
    end: '2024-02-04',
    period: 'month',
    front: 1,
    fill: 'fill-holes',
    unit: 'USD/MWh',
  });
  assert.equal([ts.unit, ts.values?.length], ['USD', 2]);
  assert.ok([...(ts.values as Float64Array)].every((v) => Math.abs(v - 61.56) < 1e-9));
});

test('service errors map to the client classes', async () => {
  const fail = (call: () => Promise<unknown>): Promise<unknown> =>
    call().then(
      () => assert.unreachable('should fail'),
      (err) => err,
    );
  const unit = (await fail(() => client.ohlc.latest(DE, { unit: 'NOK/MWh' }))) as ValidationError;
  assert.equal([unit instanceof ValidationError, unit.parameter], [true, 'unit']);
  const order = (await fail(() => client.ohlc.load(DE, { begin: '2024-02-05', end: '2024-02-01' }))) as ValidationError;
  assert.equal([order instanceof ValidationError, order.parameter], [true, 'end']);
  assert.instance(await fail(() => client.ohlc.latest('DE Futures Nothing EUR/MWh EEX OHLC')), NotFoundError);
  assert.instance(await fail(() => nobody.ohlc.latest(DE)), ForbiddenError);
});

test("the reference's checks happen before any request, naming the parameter", async () => {
  const wind = parseCurve({
    name: 'DE Wind Power Production MWh/h 15min Actual',
    curve_type: 'TIMESERIES',
    area: 'DE',
    resolution: { frequency: 'PT15M', timezone: 'CET' },
    data_type: 'ACTUAL',
  });
  const range = { begin: '2024-02-01', end: '2024-02-02' };
  const before = sent.length;
  const cases: [string | undefined, () => Promise<unknown>][] = [
    ['front', () => client.ohlc.load(DE, { ...range, front: 1 })],
    ['delivery', () => client.ohlc.load(DE, { ...range, delivery: '2024-04-01' })],
    [undefined, () => client.ohlc.load(DE, { ...range, period: 'month', front: 1, delivery: '2024-04-01' })],
    ['front', () => client.ohlc.load(DE, { ...range, period: 'month', front: -1 })],
    ['begin', () => client.ohlc.load(DE, { end: '2024-02-02' } as never)],
    ['period', () => client.ohlc.loadFrontAsTimeseries(DE, { ...range, front: 1 } as never)],
    ['front', () => client.ohlc.loadFrontAsTimeseries(DE, { ...range, period: 'month' } as never)],
    ['delivery', () => client.ohlc.loadDeliveryAsTimeseries(DE, { ...range, period: 'month' } as never)],
    // @ts-expect-error -- a value the types reject, to test the run-time check
    ['fill', () => client.ohlc.loadFrontAsTimeseries(DE, { ...range, period: 'month', front: 1, fill: 'always' })],
    // @ts-expect-error -- a value the types reject, to test the run-time check
    ['period', () => client.ohlc.load(DE, { ...range, period: 'fortnight' })],
    // @ts-expect-error -- a value the types reject, to test the run-time check
    ['field', () => client.ohlc.latestAsPeriods(DE, { field: 'bid' })],
    ['timezone', () => client.ohlc.latestAsPeriods(DE, { timeZone: 'Asia/Tokyo' })],
    ['curve', () => client.ohlc.latest(wind)],
  ];
  for (const [parameter, call] of cases) {
    const err = await call().then(
      () => null,
      (e: unknown) => e,
    );
    assert.instance(err, ValidationError, String(parameter));
    assert.is((err as ValidationError).parameter, parameter);
  }
  assert.is(sent.length, before, 'no request was sent');
});

test('request lines are byte for byte those of the reference client, and its bodies parse (wire-pairs)', async () => {
  const pairs = (
    JSON.parse(readFileSync(join(__dirname, '../../fixtures/wire-pairs.json'), 'utf8')) as { request: string; body: unknown }[]
  ).filter((p) => p.request.startsWith('GET /api/ohlc/'));
  const np = 'NP Futures Power Base EUR/MWh Nasdaq OHLC';
  const jan = { begin: '2020-01-01', end: '2020-01-10' };
  const calls: ((c: ServiceClient) => Promise<unknown>)[] = [
    (c) => c.ohlc.load(np, { ...jan, period: 'month', front: 1 }),
    (c) => c.ohlc.load(np, { ...jan, period: 'month', delivery: '2020-06-01' }),
    (c) => c.ohlc.latest(np, { date: '2020-12-01' }),
    (c) => c.ohlc.latestAsPeriods(np, { date: '2020-12-01', timeZone: 'UTC' }),
    (c) => c.ohlc.loadFrontAsTimeseries(np, { ...jan, period: 'month', front: 1, field: 'close', fill: 'forward-fill' }),
    (c) => c.ohlc.loadDeliveryAsTimeseries(np, { ...jan, period: 'month', delivery: '2020-06-01', field: 'close', fill: 'forward-fill' }),
    (c) => c.ohlc.load(np, jan),
    (c) => c.ohlc.latestAsPeriods(np),
    (c) => c.ohlc.loadFrontAsTimeseries(np, { begin: '2020-01-01', end: '2020-01-02', period: 'month', front: 1 }),
    (c) => c.ohlc.loadFrontAsTimeseries(np, { begin: '2020-01-01', end: '2020-01-02', period: 'month', front: 0 }),
    (c) => c.ohlc.latest(np, { date: '2020-12-01 10:00:00' }),
  ];
  assert.is(pairs.length, calls.length);
  const reference = new ServiceClient({ apiKey: 'k', apiUrl: `${recorder.url}/api`, ...options });
  try {
    for (const [i, call] of calls.entries()) {
      recorder.reply({ body: pairs[i]!.body });
      const result = await call(reference);
      assert.is(`GET ${recorder.requests.at(-1)?.url}`, pairs[i]!.request);
      assert.ok(OHLCList.isOHLCList(result) || Timeseries.isTimeseries(result) || Periodseries.isPeriodseries(result), pairs[i]!.request);
    }
  } finally {
    reference.close();
  }
});

test.run();
