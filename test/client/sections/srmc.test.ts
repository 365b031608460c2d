// client.srmc: against the real service (hand-built coal, gas, EUA and FX data, values worked out
// by hand; and the demo dataset, cross-checked against its own inputs), the reference's checks
// before any request, and the reference client's request lines (wire-pairs) with their bodies.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceClient } from '../../../src/client';
import { ForbiddenError, ValidationError } from '../../../src/exceptions';
import { Area, FuelType, SRMC } from '../../../src/model';
import type { CurveRecord, OhlcBlock } from '../../../server/src/store';
import { parseCurve } from '../../../src/wire';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server';
import { addUser, startService, type StartedService } from '../../helpers/start-service';
import { recordRequests } from '../../helpers/record-requests';
import { curveRecord } from '../../helpers/records';

const COAL = 'Futures Coal API-2 USD/t ICE OHLC';
const NBP = 'GB Futures Natural Gas pence/therm ICE-NBP OHLC';
const EUA = 'Futures EUA EUR/t ICE OHLC';

// CET midnights, winter (UTC+1): Fri 2024-02-02 = 2024-02-01T23:00Z, Mon 2024-02-05 = 2024-02-04T23:00Z;
// deliveries 2024-03-01 = 2024-02-29T23:00Z, 2024-04-01 (CEST) = 2024-03-31T22:00Z, 2024-12-01 = 2024-11-30T23:00Z.
const fri = Date.UTC(2024, 1, 1, 23);
const mon = Date.UTC(2024, 1, 4, 23);
const mar1 = Date.UTC(2024, 1, 29, 23);
const apr1 = Date.UTC(2024, 2, 31, 22);
const dec1 = Date.UTC(2024, 10, 30, 23);

function curve(name: string, fields: Partial<CurveRecord>): CurveRecord {
  return curveRecord(name, {
    curveType: 'OHLC',
    area: '',
    categories: ['Futures'],
    frequency: 'P1D',
    unit: 'EUR',
    denominator: 'MWh',
    dataType: 'OHLC',
    source: 'ICE',
    commodity: null,
    package: 'market',
    ...fields,
  });
}

function ohlc(name: string, rows: [number, string, number, number][]): OhlcBlock {
  const col = (f: (r: [number, string, number, number]) => number) => Float64Array.from(rows, f);
  const nan = col(() => NaN);
  return {
    curve: name,
    traded: col((r) => r[0]),
    period: rows.map((r) => r[1]),
    delivery: col((r) => r[2]),
    open: nan,
    high: nan,
    low: nan,
    close: nan,
    settlement: col((r) => r[3]),
    volume: nan,
    openInterest: nan,
  };
}

const forex = (c: string): CurveRecord =>
  curve(`Currency Rate EUR-${c} ${c}/EUR ECB D Forex`, {
    curveType: 'TIMESERIES',
    dataType: 'FOREX',
    unit: c,
    denominator: 'EUR',
    commodity: 'Currency',
  });
const rates = (c: string, values: number[]) => ({
  curve: `Currency Rate EUR-${c} ${c}/EUR ECB D Forex`,
  issued: null,
  tag: null,
  times: Float64Array.of(fri, mon),
  values: Float64Array.from(values),
  scenarios: [],
  scenarioNames: [],
});

let svc: StartedService;
let client: ServiceClient;
let powerOnly: ServiceClient;
let recorder: FaultServer;
let sent: string[];
const options = { httpDelay: 0.05, retry: { tries: 1 } };

test.before(async () => {
  svc = await startService({
    rateLimit: false,
    batch: {
      curves: [
        curve(COAL, { commodity: 'Coal', unit: 'USD', denominator: 't' }),
        curve(NBP, { area: 'GB', commodity: 'Gas', unit: 'pence', denominator: 'therm' }),
        curve(EUA, { commodity: 'Carbon', denominator: 't' }),
        forex('USD'),
        forex('GBP'),
      ],
      // Fri: coal March 100, April 98 USD/t; NBP March 80 p/th; EUA Dec-24 60 EUR/t. Mon: coal March 101.
      ohlc: [
        ohlc(COAL, [
          [fri, 'month', mar1, 100],
          [fri, 'month', apr1, 98],
          [mon, 'month', mar1, 101],
        ]),
        ohlc(NBP, [[fri, 'month', mar1, 80]]),
        ohlc(EUA, [
          [fri, 'mdec', dec1, 60],
          [mon, 'mdec', dec1, 61],
        ]),
      ],
      // units per EUR: USD Fri 1.08, Mon 1.1; GBP Fri 0.85, Mon 0.86
      series: [rates('USD', [1.08, 1.1]), rates('GBP', [0.85, 0.86])],
    },
  });
  const requestLog = recordRequests();
  sent = requestLog.sent;
  client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, ...options, ...requestLog.options });
  powerOnly = new ServiceClient({
    apiKey: await addUser(svc.store, 'power-only', { grants: [{ package: 'power', area: 'DE' }] }),
    apiUrl: svc.apiUrl,
    ...options,
  });
  recorder = await startFaultServer();
});

test.after(async () => {
  client.close();
  powerOnly.close();
  await recorder.close();
  await svc.close();
});

const near = (a: number | null | undefined, e: number) => assert.ok(typeof a === 'number' && Math.abs(a - e) < 1e-9, `${a} != ${e}`);

test('loadFront and loadDelivery: SRMC rows with the effective factors', async () => {
  // Fri: (100 / 1.08 / 6.978 + 0.34056 × 60) / 0.42 = (13.269216479 + 20.4336) / 0.42 = 80.244801141
  // Mon: (101 / 1.1 / 6.978 + 0.34056 × 61) / 0.42 = (13.158237578 + 20.77416) / 0.42 = 80.791422804
  const s = await client.srmc.loadFront(COAL, { begin: '2024-02-02', end: '2024-02-06', period: 'month', front: 1 });
  assert.ok(SRMC.isSRMC(s) && s.hasOhlc());
  assert.equal([s.curve?.name, s.unit, s.denominator, s.contract?.isContinuous()], [COAL, 'EUR', 'MWh', true]);
  assert.equal(
    [s.options?.fuelType, s.options?.api2TonneToMwh, s.options?.efficiency, s.options?.carbonEmissions, s.options?.carbonTaxArea],
    [FuelType.COAL, 6.978, 0.42, 0.34056, null],
  );
  assert.equal(
    s.ohlc?.map((o) => o.product.traded.toISODate()),
    ['2024-02-02', '2024-02-05'],
  );
  near(s.ohlc![0]!.settlement, 80.24480114120315);
  near(s.ohlc![1]!.settlement, 80.79142280438583);
  // April, GB tax, factors: (98 / 1.08 / 6.978 + 0.3 × (60 + 18 / 0.85)) / 0.5 = (13.003832150 + 24.352941176) / 0.5 = 74.713546652
  const d = await client.srmc.loadDelivery(COAL, {
    begin: '2024-02-02',
    end: '2024-02-03',
    period: 'month',
    delivery: '2024-04-01',
    carbonTaxArea: Area.GB,
    carbonEmissions: 0.3,
    efficiency: 0.5,
  });
  assert.equal([d.contract?.isSpecific(), d.options?.carbonTaxArea?.tag, d.options?.efficiency], [true, 'GB', 0.5]);
  near(d.ohlc![0]!.settlement, 74.71354665237962);
  assert.equal(
    sent.at(-1),
    `/srmc/${encodeURIComponent(COAL)}/?begin=2024-02-02&end=2024-02-03&period=month&delivery=2024-04-01&carbon-emissions=0.3&efficiency=0.5&carbon-tax-area=GB`,
  );
});

test('the timeseries loads: daily with fill, curve and contract on the nested series', async () => {
  const s = await client.srmc.loadFrontAsTimeseries(COAL, {
    begin: '2024-02-02',
    end: '2024-02-06',
    period: 'month',
    front: 1,
    fill: 'fill-holes',
  });
  assert.ok(s.hasTimeseries());
  const ts = s.timeseries;
  assert.equal([ts?.name, ts?.contract?.columnHeader(), ts?.unit, ts?.length], [COAL, 'month front-1 settlement', 'EUR', 4]);
  [80.24480114120315, 80.24480114120315, 80.24480114120315, 80.79142280438583].forEach((e, i) => near(ts?.values?.[i], e));
  // NBP March on Fri in GBP/MWh: ((0.8 / 0.029307 / 0.85) / 0.9 + 12.12) / 0.59 = 81.021452848 EUR/MWh × 0.85 = 68.868235921
  const gbp = await client.srmc.loadDeliveryAsTimeseries(NBP, {
    begin: '2024-02-02',
    end: '2024-02-03',
    period: 'month',
    delivery: '2024-03-01',
    unit: 'GBP/MWh',
  });
  assert.equal([gbp.unit, gbp.timeseries?.unit, gbp.timeseries?.contract?.columnHeader()], ['GBP', 'GBP', 'month 2024-03-01 settlement']);
  near(gbp.timeseries?.values?.[0], 68.86823492096171);
});

test('latest and latestAsPeriods: the closest earlier trading day', async () => {
  const s = await client.srmc.latest(COAL, { date: '2024-02-04' });
  assert.equal([s.contract, s.ohlc?.length, s.ohlc![0]!.product.traded.toISODate()], [null, 2, '2024-02-02']);
  // April on Fri: (98 / 1.08 / 6.978 + 20.4336) / 0.42 = 79.612933690
  near(s.ohlc![1]!.settlement, 79.61293368980768);
  const p = await client.srmc.latestAsPeriods(COAL, { date: '2024-02-04', timeZone: 'UTC' });
  assert.ok(p.hasPeriodseries());
  assert.equal([p.periodseries?.resolution.timezone, p.periodseries?.name], ['UTC', COAL]);
  assert.equal(
    p.periodseries?.data.map((x) => x.begin.toISO()),
    ['2024-02-29T23:00:00.000Z', '2024-03-31T22:00:00.000Z'],
  );
  assert.is((await client.srmc.latest(COAL)).ohlc![0]!.product.traded.toISODate(), '2024-02-05');
  // an area without a carbon-tax rule is echoed and adds nothing
  const no2 = await client.srmc.latest(COAL, { date: '2024-02-04', carbonTaxArea: 'NO2' });
  assert.is(no2.options?.carbonTaxArea?.tag, 'NO2');
  near(no2.ohlc![1]!.settlement, 79.61293368980768);
});

test("the reference's checks happen before any request, naming the parameter", async () => {
  const power = parseCurve({
    name: 'DE Futures Power Base EUR/MWh EEX OHLC',
    curve_type: 'OHLC',
    area: 'DE',
    resolution: { frequency: 'P1D', timezone: 'CET' },
    data_type: 'OHLC',
  });
  const gasSeries = parseCurve({
    name: 'NL Gas Price EUR/MWh D Actual',
    curve_type: 'TIMESERIES',
    area: 'NL',
    resolution: { frequency: 'P1D', timezone: 'CET' },
    data_type: 'ACTUAL',
  });
  const range = { begin: '2024-02-02', end: '2024-02-03', period: 'month' as const };
  const before = sent.length;
  const cases: [string, () => Promise<unknown>][] = [
    ['curve', () => client.srmc.latest(power)],
    ['curve', () => client.srmc.latest('DE Futures Power Base EUR/MWh EEX OHLC')],
    ['curve', () => client.srmc.latest(gasSeries)],
    ['front', () => client.srmc.loadFront(COAL, { ...range, front: 0 })],
    ['front', () => client.srmc.loadFrontAsTimeseries(COAL, range as never)],
    ['delivery', () => client.srmc.loadDelivery(COAL, range as never)],
    ['period', () => client.srmc.loadFront(COAL, { begin: '2024-02-02', end: '2024-02-03', front: 1 } as never)],
    ['efficiency', () => client.srmc.latest(COAL, { efficiency: 1.2 })],
    ['efficiency', () => client.srmc.latest(COAL, { efficiency: 0.001 })],
    ['carbon-emissions', () => client.srmc.latestAsPeriods(COAL, { carbonEmissions: 2 })],
    ['carbon-tax-area', () => client.srmc.latest(COAL, { carbonTaxArea: 'Atlantis' })],
    ['api2-tonne-to-mwh', () => client.srmc.latest(COAL, { api2TonneToMwh: 'six' })],
    // @ts-expect-error -- a value the types reject, to test the run-time check
    ['fill', () => client.srmc.loadDeliveryAsTimeseries(COAL, { ...range, delivery: '2024-03-01', fill: 'sometimes' })],
    ['timezone', () => client.srmc.latestAsPeriods(COAL, { timeZone: 'America/Chicago' })],
  ];
  for (const [parameter, call] of cases) {
    const err = await call().then(
      () => null,
      (e: unknown) => e,
    );
    assert.instance(err, ValidationError, parameter);
    assert.is((err as ValidationError).parameter, parameter);
  }
  assert.is(sent.length, before, 'no request was sent');
  // the service's own errors
  const unit = await client.srmc.latest(COAL, { unit: 'NOK/MWh' }).then(
    () => null,
    (e: unknown) => e,
  );
  assert.equal([unit instanceof ValidationError, (unit as ValidationError).parameter], [true, 'unit']);
  assert.instance(
    await powerOnly.srmc.latest(COAL).then(
      () => null,
      (e: unknown) => e,
    ),
    ForbiddenError,
  );
});

test('request lines are byte for byte those of the reference client, and its bodies parse (wire-pairs)', async () => {
  const pairs = (
    JSON.parse(readFileSync(join(__dirname, '../../fixtures/wire-pairs.json'), 'utf8')) as { request: string; body: unknown }[]
  ).filter((p) => p.request.startsWith('GET /api/srmc/'));
  const dec = { begin: '2020-12-01', end: '2020-12-30', period: 'month' as const };
  const calls: ((c: ServiceClient) => Promise<SRMC>)[] = [
    (c) => c.srmc.loadFront(COAL, { ...dec, front: 1, carbonEmissions: 0.35, efficiency: 0.2 }),
    (c) =>
      c.srmc.loadDelivery('NBP Futures Gas Base GBp/therm ICE OHLC', {
        ...dec,
        delivery: '2021-03-01',
        gasThermToMwh: 0.03,
        carbonTaxArea: 'GB',
      }),
    (c) => c.srmc.loadFrontAsTimeseries(COAL, { ...dec, front: 1, fill: 'fill-holes' }),
    (c) => c.srmc.loadDeliveryAsTimeseries(COAL, { ...dec, delivery: '2021-03-01', api2TonneToMwh: '7.0' }),
    (c) => c.srmc.latest(COAL, { date: '2020-12-14' }),
    (c) => c.srmc.latestAsPeriods(COAL, { date: '2020-12-14', carbonTaxArea: 'GB', timeZone: 'UTC' }),
    (c) => c.srmc.latest(COAL),
    (c) => c.srmc.loadFrontAsTimeseries(COAL, { begin: '2020-12-01', end: '2020-12-02', period: 'month', front: 1 }),
    (c) => c.srmc.latest(COAL, { carbonEmissions: 0.5, efficiency: 1 }),
    (c) => c.srmc.loadFront(COAL, { begin: '2020-12-01', end: '2020-12-02', period: 'month', front: 1 }),
  ];
  assert.is(pairs.length, calls.length);
  const reference = new ServiceClient({ apiKey: 'k', apiUrl: `${recorder.url}/api`, ...options });
  try {
    for (const [i, call] of calls.entries()) {
      recorder.reply({ body: pairs[i]!.body });
      const result = await call(reference);
      assert.is(`GET ${recorder.requests.at(-1)?.url}`, pairs[i]!.request);
      assert.ok(SRMC.isSRMC(result), pairs[i]!.request);
    }
  } finally {
    reference.close();
  }
});

test("demo dataset: the service's SRMC agrees with the formula applied to the demo's own inputs", async () => {
  const demo = await startService({ demo: { preset: 'small', anchor: '2025-01-15' }, rateLimit: false });
  const c = new ServiceClient({ apiKey: demo.apiKey, apiUrl: demo.apiUrl, ...options });
  try {
    const day = { begin: '2025-01-10', end: '2025-01-11' }; // Friday
    const coal = await c.ohlc.load(COAL, { ...day, period: 'month', front: 1 });
    const eua = await c.ohlc.load(EUA, { ...day, period: 'mdec', front: 1 });
    const usd = await c.timeseries.load('Currency Rate EUR-USD USD/EUR ECB D Forex', day);
    const gbp = await c.timeseries.load('Currency Rate EUR-GBP GBP/EUR ECB D Forex', day);
    const [p, e, u, g] = [coal[0]!.settlement, eua[0]!.settlement, usd.values?.[0], gbp.values?.[0]] as number[];
    assert.ok([p, e, u, g].every(Number.isFinite), 'the demo has coal, EUA and FX on 2025-01-10');
    const s = await c.srmc.loadFront(COAL, { ...day, period: 'month', front: 1, carbonTaxArea: 'GB' });
    near(s.ohlc![0]!.settlement, (p! / u! / 6.978 + 0.34056 * (e! + 18 / g!)) / 0.42);
    // the NBP curve's forward curve covers the months ahead; values are plausible gas SRMCs (EUR/MWh)
    const periods = await c.srmc.latestAsPeriods(NBP);
    assert.ok((periods.periodseries?.length ?? 0) > 3);
    assert.ok(
      [...(periods.periodseries?.values ?? [])].every((v) => v > 40 && v < 250),
      String(periods.periodseries?.values),
    );
  } finally {
    c.close();
    await demo.close();
  }
});

test.run();
