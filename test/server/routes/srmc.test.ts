// GET /api/srmc/{curve}/... against the real service with a fresh store and hand-built coal, gas,
// EUA and FX data: the SRMC of coal, TTF gas and NBP gas on one trading day worked out by hand
// (with and without carbon-tax-area=GB, with factors overridden), the fallbacks to the closest
// earlier EUA day and FX rate, every response shape, errors, and the reference's request lines.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CurveRecord, ImportBatch, OhlcBlock, SeriesBlock } from '../../../server/src/store';
import { parseSRMC } from '../../../src/wire';
import { addUser, openService, type OpenedService } from '../../helpers/open-service';
import { curveRecord } from '../../helpers/records';

const COAL = 'Futures Coal API-2 USD/t ICE OHLC';
const TTF = 'NL Futures Natural Gas EUR/MWh ICE-TTF OHLC';
const NBP = 'GB Futures Natural Gas pence/therm ICE-NBP OHLC';
const NBP_REF = 'NBP Futures Gas Base GBp/therm ICE OHLC'; // the name the reference's request lines use
const EUA = 'Futures EUA EUR/t ICE OHLC';
const POWER = 'DE Futures Power Base EUR/MWh EEX OHLC';
const USD_FX = 'Currency Rate EUR-USD USD/EUR ECB D Forex';
const GBP_FX = 'Currency Rate EUR-GBP GBP/EUR ECB D Forex';

// CET midnights (winter, UTC+1): day D starts at 23:00Z the day before.
const D = {
  feb1: Date.UTC(2024, 0, 31, 23), // Thu 2024-02-01
  feb2: Date.UTC(2024, 1, 1, 23), // Fri 2024-02-02
  feb5: Date.UTC(2024, 1, 4, 23), // Mon 2024-02-05
  mar1: Date.UTC(2024, 1, 29, 23), // 2024-03-01
  apr1: Date.UTC(2024, 2, 31, 22), // 2024-04-01 (CEST)
  dec1: Date.UTC(2024, 10, 30, 23), // 2024-12-01
  dec1y25: Date.UTC(2025, 10, 30, 23), // 2025-12-01
};

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

function fx(name: string, times: number[], values: number[]): SeriesBlock {
  return {
    curve: name,
    issued: null,
    tag: null,
    times: Float64Array.from(times),
    values: Float64Array.from(values),
    scenarios: [],
    scenarioNames: [],
  };
}

const forex = (c: string): CurveRecord =>
  curve(`Currency Rate EUR-${c} ${c}/EUR ECB D Forex`, {
    curveType: 'TIMESERIES',
    dataType: 'FOREX',
    unit: c,
    denominator: 'EUR',
    commodity: 'Currency',
    source: 'ECB',
  });

// Inputs (units per euro for FX; EUA = the front December contract, Dec-2024, settlement):
//   Thu 02-01: EUR/USD 1.07, EUR/GBP 0.84, EUA 59 (Dec-2025: 61)
//   Fri 02-02: EUR/USD 1.08, EUR/GBP 0.85, EUA 60 (Dec-2025: 62)
//   Mon 02-05: no FX published (Friday's rates hold), no EUA row (Friday's 60 holds)
// Coal month front 1 (March): Thu 99, Fri 100, Mon 101 USD/t; April Fri 98; Q2 Fri 97.
// TTF March Fri 30 EUR/MWh; NBP March Fri 80 pence/therm.
function batch(): ImportBatch {
  return {
    curves: [
      curve(COAL, { commodity: 'Coal', unit: 'USD', denominator: 't' }),
      curve(TTF, { area: 'NL', commodity: 'Gas' }),
      curve(NBP, { area: 'GB', commodity: 'Gas', unit: 'pence', denominator: 'therm' }),
      curve(NBP_REF, { area: 'GB', commodity: 'Gas', unit: 'pence', denominator: 'therm' }),
      curve(EUA, { commodity: 'Carbon', denominator: 't' }),
      curve(POWER, { area: 'DE', commodity: 'Power' }),
      forex('USD'),
      forex('GBP'),
    ],
    ohlc: [
      ohlc(COAL, [
        [D.feb1, 'month', D.mar1, 99],
        [D.feb2, 'month', D.mar1, 100],
        [D.feb2, 'month', D.apr1, 98],
        [D.feb2, 'quarter', D.apr1, 97],
        [D.feb5, 'month', D.mar1, 101],
      ]),
      ohlc(TTF, [[D.feb2, 'month', D.mar1, 30]]),
      ohlc(NBP, [[D.feb2, 'month', D.mar1, 80]]),
      ohlc(EUA, [
        [D.feb1, 'mdec', D.dec1, 59],
        [D.feb1, 'mdec', D.dec1y25, 61],
        [D.feb2, 'mdec', D.dec1, 60],
        [D.feb2, 'mdec', D.dec1y25, 62],
      ]),
      ohlc(POWER, [[D.feb2, 'month', D.mar1, 70]]),
    ],
    series: [fx(USD_FX, [D.feb1, D.feb2], [1.07, 1.08]), fx(GBP_FX, [D.feb1, D.feb2], [0.84, 0.85])],
  };
}

let svc: OpenedService;
let dePowerKey: string;

test.before(async () => {
  svc = await openService({ batch: batch(), rateLimit: false });
  dePowerKey = await addUser(svc.store, 'de-power', { grants: [{ package: 'power', area: 'DE' }] });
});

test.after(async () => {
  await svc?.close();
});

interface Reply {
  status: number;
  body: any;
}

async function raw(pathAndQuery: string, key = svc.apiKey): Promise<Reply> {
  const res = await svc.fetch(pathAndQuery, { headers: { 'X-API-Key': key } });
  return { status: res.status, body: await res.json() };
}

const get = (name: string, rest: string, query = '', key?: string) => raw(`/api/srmc/${encodeURIComponent(name)}/${rest}?${query}`, key);
const FRIDAY = 'begin=2024-02-02&end=2024-02-03&period=month&front=1';

function near(actual: number, expected: number, what = ''): void {
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what} ${actual} != ${expected}`);
}

test('coal on Fri 2024-02-02, by hand, with and without the GB carbon tax', async () => {
  // FX_USD = 1 / 1.08; fuel = 100 / 1.08 / 6.978 = 13.269216479 EUR/MWh; 0.34056 × 60 = 20.4336
  // SRMC = (13.269216479 + 20.4336) / 0.42 = 80.244801141
  const { status, body } = await get(COAL, '', FRIDAY);
  assert.is(status, 200);
  assert.equal([body.curve.name, body.unit, body.denominator], [COAL, 'EUR', 'MWh']);
  assert.equal(body.srmc_options, {
    fuel_type: 'COAL',
    api2_tonne_to_mwh: 6.978,
    gas_therm_to_mwh: null,
    efficiency: 0.42,
    carbon_emissions: 0.34056,
    carbon_tax_area: null,
  });
  assert.equal(body.contract, { type: 'CONTINUOUS', period: 'month', front: 1 });
  assert.equal(
    body.ohlc.map((o: { product: object }) => o.product),
    [{ traded_at: '2024-02-02', period: 'month', front: 1, delivery: '2024-03-01' }],
  );
  assert.equal([body.ohlc[0].open, body.ohlc[0].close, body.ohlc[0].volume], [null, null, null]);
  near(body.ohlc[0].settlement, 80.24480114120315);
  // GB tax: 18 GBP/t / 0.85 = 21.176470588 EUR/t; CO2 = 81.176470588; × 0.34056 = 27.645458824
  // SRMC = (13.269216479 + 27.645458824) / 0.42 = 97.415893578
  const gb = await get(COAL, '', `${FRIDAY}&carbon-tax-area=GB`);
  assert.is(gb.body.srmc_options.carbon_tax_area, 'GB');
  near(gb.body.ohlc[0].settlement, 97.41589357817794);
  // an area without a tax rule adds nothing
  near((await get(COAL, '', `${FRIDAY}&carbon-tax-area=DE`)).body.ohlc[0].settlement, 80.24480114120315);
});

test('coal with factors overridden', async () => {
  // (100 / 1.08 / 7.0 + 0.35 × 60) / 0.4 = (13.227513228 + 21) / 0.4 = 85.568783069
  const { body } = await get(COAL, '', `${FRIDAY}&api2-tonne-to-mwh=7.0&carbon-emissions=0.35&efficiency=0.4`);
  assert.equal(body.srmc_options, {
    fuel_type: 'COAL',
    api2_tonne_to_mwh: 7,
    gas_therm_to_mwh: null,
    efficiency: 0.4,
    carbon_emissions: 0.35,
    carbon_tax_area: null,
  });
  near(body.ohlc[0].settlement, 85.56878306878306);
});

test('TTF gas (EUR/MWh, HHV) on the same day', async () => {
  // (30 / 0.9 + 0.202 × 60) / 0.59 = (33.333333333 + 12.12) / 0.59 = 77.039548023
  const { body } = await get(TTF, '', FRIDAY);
  assert.equal(body.srmc_options, {
    fuel_type: 'GAS',
    api2_tonne_to_mwh: null,
    gas_therm_to_mwh: 0.029307,
    efficiency: 0.59,
    carbon_emissions: 0.202,
    carbon_tax_area: null,
  });
  near(body.ohlc[0].settlement, 77.03954802259888);
  // GB tax: 0.202 × 81.176470588 = 16.397647059; (33.333333333 + 16.397647059) / 0.59 = 84.289797275
  near((await get(TTF, '', `${FRIDAY}&carbon-tax-area=GB`)).body.ohlc[0].settlement, 84.28979727484214);
});

test('NBP gas (pence/therm) on the same day', async () => {
  // 0.80 GBP/therm / 0.029307 = 27.297232743 GBP/MWh; / 0.85 = 32.114391462 EUR/MWh; / 0.9 = 35.682657180
  // (35.682657180 + 12.12) / 0.59 = 81.021452848; with the GB tax (+ 16.397647059 instead of 12.12) 88.271702100
  near((await get(NBP, '', FRIDAY)).body.ohlc[0].settlement, 81.02145284819025);
  near((await get(NBP, '', `${FRIDAY}&carbon-tax-area=GB`)).body.ohlc[0].settlement, 88.27170210043353);
  // gas-therm-to-mwh 0.03: (0.8 / 0.03 / 0.85 / 0.9 + 12.12) / 0.59 = 79.624386101
  const custom = await get(NBP, '', `${FRIDAY}&gas-therm-to-mwh=0.03`);
  assert.is(custom.body.srmc_options.gas_therm_to_mwh, 0.03);
  near(custom.body.ohlc[0].settlement, 79.62438610095639);
});

test('each trading day uses its own FX and EUA, else the closest earlier ones', async () => {
  // Thu: (99 / 1.07 / 6.978 + 0.34056 × 59) / 0.42 = (13.259295570 + 20.09304) / 0.42 = 79.410322785
  // Mon: no FX and no EUA on Monday: Friday's 1.08 and 60: (101 / 1.08 / 6.978 + 20.4336) / 0.42 = 80.560734867
  const { body } = await get(COAL, '', 'begin=2024-02-01&end=2024-02-06&period=month&delivery=2024-03-01');
  assert.equal(body.contract, { type: 'SPECIFIC', period: 'month', delivery: '2024-03-01' });
  assert.equal(
    body.ohlc.map((o: { product: { traded_at: string } }) => o.product.traded_at),
    ['2024-02-01', '2024-02-02', '2024-02-05'],
  );
  [79.41032278520974, 80.24480114120315, 80.56073486690092].forEach((e, i) => near(body.ohlc[i].settlement, e, `row ${i}`));
});

test('timeseries: daily, filled over the weekend, nested curve and contract repeated', async () => {
  const { status, body } = await get(COAL, 'timeseries/', 'begin=2024-02-02&end=2024-02-06&period=month&front=1&fill=fill-holes');
  assert.is(status, 200);
  assert.equal(body.contract, { type: 'CONTINUOUS', period: 'month', front: 1, field: 'settlement' });
  const ts = body.timeseries;
  assert.equal(
    [ts.curve.name, ts.unit, ts.denominator, ts.contract, ts.resolution],
    [COAL, 'EUR', 'MWh', body.contract, { frequency: 'P1D', timezone: 'CET' }],
  );
  assert.equal(
    ts.data.map((p: { d: string }) => p.d),
    ['2024-02-02T00:00:00+01:00', '2024-02-03T00:00:00+01:00', '2024-02-04T00:00:00+01:00', '2024-02-05T00:00:00+01:00'],
  );
  // Fri 80.244801141 carried over Sat and Sun; Mon 80.560734867
  [80.24480114120315, 80.24480114120315, 80.24480114120315, 80.56073486690092].forEach((e, i) => near(ts.data[i].v, e, `day ${i}`));
  const plain = await get(COAL, 'timeseries/', 'begin=2024-02-02&end=2024-02-06&period=month&delivery=2024-03-01');
  assert.equal(
    plain.body.timeseries.data.map((p: { v: number | null }) => p.v === null),
    [false, true, true, false],
  );
  assert.ok(parseSRMC(body).hasTimeseries());
});

test('latest: the closest earlier trading day; latest/periods: finest contract wins', async () => {
  // asked for Sunday 2024-02-04: Friday's March 100, April 98, Q2 97
  // (98 / 1.08 / 6.978 + 20.4336) / 0.42 = 79.612933690; (97 / 1.08 / 6.978 + 20.4336) / 0.42 = 79.296999964
  const latest = await get(COAL, 'latest/', 'date=2024-02-04');
  assert.is(latest.body.contract, null);
  assert.equal(
    latest.body.ohlc.map((o: { product: { traded_at: string; period: string; front: number } }) => [
      o.product.traded_at,
      o.product.period,
      o.product.front,
    ]),
    [
      ['2024-02-02', 'month', 1],
      ['2024-02-02', 'month', 2],
      ['2024-02-02', 'quarter', 1],
    ],
  );
  [80.24480114120315, 79.61293368980768, 79.29699996410994].forEach((e, i) => near(latest.body.ohlc[i].settlement, e, `row ${i}`));
  // the newest trading day is Monday
  assert.is((await get(COAL, 'latest/')).body.ohlc[0].product.traded_at, '2024-02-05');
  const periods = await get(COAL, 'latest/periods/', 'date=2024-02-04&timezone=UTC');
  const ps = periods.body.periodseries;
  assert.equal([ps.curve.name, ps.unit, ps.resolution], [COAL, 'EUR', { frequency: 'NONE', timezone: 'UTC' }]);
  // March (month), April (month), May-June (Q2); 2024-03-01T00:00+01:00 = 2024-02-29T23:00Z etc.
  assert.equal(
    ps.data.map((p: { begin: string; end: string }) => [p.begin, p.end]),
    [
      ['2024-02-29T23:00:00+00:00', '2024-03-31T22:00:00+00:00'],
      ['2024-03-31T22:00:00+00:00', '2024-04-30T22:00:00+00:00'],
      ['2024-04-30T22:00:00+00:00', '2024-06-30T22:00:00+00:00'],
    ],
  );
  [80.24480114120315, 79.61293368980768, 79.29699996410994].forEach((e, i) => near(ps.data[i].v, e, `period ${i}`));
});

test("unit: the result in GBP/MWh at the trading day's rate", async () => {
  // 80.244801141 EUR/MWh × 0.85 GBP/EUR = 68.208080970
  const { body } = await get(COAL, '', `${FRIDAY}&unit=GBP%2FMWh`);
  assert.equal([body.unit, body.denominator], ['GBP', 'MWh']);
  near(body.ohlc[0].settlement, 68.20808097002268);
  const ts = await get(TTF, 'timeseries/', `${FRIDAY}&unit=EUR%2FkWh`);
  assert.equal([ts.body.timeseries.unit, ts.body.timeseries.denominator], ['EUR', 'kWh']);
  near(ts.body.timeseries.data[0].v, 0.07703954802259888);
});

test('errors: 400 naming the parameter, 404, 403', async () => {
  const cases: [string, string, string, string | undefined][] = [
    [POWER, '', FRIDAY, 'curve'],
    [COAL, '', 'begin=2024-02-02&end=2024-02-03&period=month&front=0', 'front'],
    [COAL, '', 'begin=2024-02-02&end=2024-02-03&period=month', 'front'],
    [COAL, '', `${FRIDAY}&efficiency=1.5`, 'efficiency'],
    [COAL, '', `${FRIDAY}&carbon-emissions=0`, 'carbon-emissions'],
    [COAL, 'latest/', 'carbon-tax-area=XX', 'carbon-tax-area'],
    [COAL, 'timeseries/', `${FRIDAY}&fill=sometimes`, 'fill'],
    [COAL, '', `${FRIDAY}&unit=NOK%2FMWh`, 'unit'],
    [COAL, '', `${FRIDAY}&unit=MW`, 'unit'],
  ];
  for (const [name, rest, query, parameter] of cases) {
    const { status, body } = await get(name, rest, query);
    assert.equal([status, body.parameter], [400, parameter], `${rest}?${query}`);
  }
  assert.is((await get('Futures Coal Nothing USD/t ICE OHLC', 'latest/')).status, 404);
  assert.is((await get(COAL, 'latest/', '', dePowerKey)).status, 403);
});

test('the reference request lines of this section (wire-pairs) answer 200 in the same shape', async () => {
  const pairs = JSON.parse(readFileSync(join(__dirname, '../../fixtures/wire-pairs.json'), 'utf8')) as { request: string; body: any }[];
  const lines = pairs.filter((p) => p.request.startsWith('GET /api/srmc/'));
  assert.is(lines.length, 10);
  for (const pair of lines) {
    const { status, body } = await raw(pair.request.slice(4));
    assert.is(status, 200, pair.request);
    for (const key of Object.keys(pair.body)) assert.ok(key in body, `${pair.request}: ${key}`);
    const srmc = parseSRMC(body);
    assert.is(srmc.hasOhlc(), 'ohlc' in pair.body, pair.request);
    assert.is(srmc.hasTimeseries(), 'timeseries' in pair.body, pair.request);
  }
});

test.run();
