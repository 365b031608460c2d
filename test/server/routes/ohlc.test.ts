// GET /api/ohlc/{curve}/... against the real service with a fresh store and hand-built OHLC rows:
// front numbering, the closest earlier trading day, the forward-curve merge, the three fill modes
// and currency units, with every expectation worked out by hand; errors; the reference's request
// lines of this section sent raw.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CurveRecord, ImportBatch, OhlcBlock, SeriesBlock } from '../../../server/src/store';
import { parseOHLCList, parsePeriodseries, parseTimeseries } from '../../../src/wire';
import { addUser, openService, type OpenedService } from '../../helpers/open-service';
import { curveRecord } from '../../helpers/records';

const DE = 'DE Futures Power Base EUR/MWh EEX OHLC';
const NP = 'NP Futures Power Base EUR/MWh Nasdaq OHLC';
const GBP_FX = 'Currency Rate EUR-GBP GBP/EUR ECB D Forex';
const WIND = 'DE Wind Power Production MWh/h H Actual';

// CET midnights. Winter (UTC+1): day D starts at 23:00Z the day before; summer (UTC+2): 22:00Z.
const D = {
  jan31: Date.UTC(2024, 0, 30, 23), // Wed 2024-01-31
  feb1: Date.UTC(2024, 0, 31, 23), // Thu 2024-02-01
  feb2: Date.UTC(2024, 1, 1, 23), // Fri 2024-02-02
  feb3: Date.UTC(2024, 1, 2, 23), // Sat 2024-02-03
  feb5: Date.UTC(2024, 1, 4, 23), // Mon 2024-02-05
  feb6: Date.UTC(2024, 1, 5, 23), // Tue 2024-02-06
  feb7: Date.UTC(2024, 1, 6, 23), // Wed 2024-02-07
  mar1: Date.UTC(2024, 1, 29, 23), // 2024-03-01
  apr1: Date.UTC(2024, 2, 31, 22), // 2024-04-01 (CEST)
  may1: Date.UTC(2024, 3, 30, 22), // 2024-05-01
  jul1: Date.UTC(2024, 5, 30, 22), // 2024-07-01
  y2020jan2: Date.UTC(2020, 0, 1, 23), // Thu 2020-01-02
  y2020feb1: Date.UTC(2020, 0, 31, 23), // 2020-02-01
  y2020dec1: Date.UTC(2020, 10, 30, 23), // Tue 2020-12-01
  y2021jan1: Date.UTC(2020, 11, 31, 23), // 2021-01-01
};

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

type Row = [traded: number, period: string, delivery: number, settlement: number, close?: number];

function ohlc(name: string, rows: Row[]): OhlcBlock {
  const col = (f: (r: Row) => number) => Float64Array.from(rows, f);
  const nan = col(() => NaN);
  return {
    curve: name,
    traded: col((r) => r[0]),
    period: rows.map((r) => r[1]),
    delivery: col((r) => r[2]),
    open: nan,
    high: col((r) => r[4] ?? NaN),
    low: nan,
    close: col((r) => r[4] ?? NaN),
    settlement: col((r) => r[3]),
    volume: col((r) => (r[4] === undefined ? NaN : 100)),
    openInterest: nan,
  };
}

// Trading days Wed 01-31, Thu 02-01, Fri 02-02, Mon 02-05, Tue 02-06 (no rows on the weekend).
// Months: on 01-31 Feb/Mar/Apr are listed (fronts 1-3); from 02-01 on Mar/Apr/May (Feb is in delivery).
// The April month settles 50, 51, 52, 53, 54 on the five days; front 1 is Feb (60) on 01-31, then
// March 56, 57, 58, 59. Quarters Q2 (Apr-Jun) and Q3; day contracts deliver the next calendar day.
const rows: Row[] = [
  [D.jan31, 'day', D.feb1, 41],
  [D.jan31, 'month', D.feb1, 60, 60.5],
  [D.jan31, 'month', D.mar1, 55],
  [D.jan31, 'month', D.apr1, 50],
  [D.jan31, 'quarter', D.apr1, 47],
  [D.jan31, 'quarter', D.jul1, 45],
  [D.feb1, 'day', D.feb2, 42],
  [D.feb1, 'month', D.mar1, 56, 56.5],
  [D.feb1, 'month', D.apr1, 51],
  [D.feb1, 'month', D.may1, 48],
  [D.feb1, 'quarter', D.apr1, 47.5],
  [D.feb1, 'quarter', D.jul1, 45],
  [D.feb2, 'day', D.feb3, 40],
  [D.feb2, 'month', D.mar1, 57, 57.5],
  [D.feb2, 'month', D.apr1, 52],
  [D.feb2, 'month', D.may1, 49],
  [D.feb2, 'quarter', D.apr1, 48],
  [D.feb2, 'quarter', D.jul1, 45],
  [D.feb5, 'month', D.mar1, 58],
  [D.feb5, 'month', D.apr1, 53],
  [D.feb5, 'month', D.may1, 50],
  [D.feb5, 'quarter', D.apr1, 48.5],
  [D.feb6, 'month', D.mar1, 59],
  [D.feb6, 'month', D.apr1, 54],
  [D.feb6, 'month', D.may1, 51],
  [D.feb6, 'quarter', D.apr1, 49],
];

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

function batch(): ImportBatch {
  return {
    curves: [
      curve(DE),
      curve(NP, { area: 'NP', source: 'Nasdaq' }),
      curve(GBP_FX, {
        curveType: 'TIMESERIES',
        dataType: 'FOREX',
        area: '',
        unit: 'GBP',
        denominator: 'EUR',
        commodity: 'Currency',
        source: 'ECB',
        categories: ['Currency', 'Rate', 'EUR-GBP'],
      }),
      curve(WIND, { curveType: 'TIMESERIES', dataType: 'ACTUAL', frequency: 'PT1H', unit: 'MWh/h', denominator: null, package: 'power' }),
    ],
    ohlc: [
      ohlc(DE, rows),
      ohlc(NP, [
        [D.y2020jan2, 'month', D.y2020feb1, 34, 34],
        [D.y2020dec1, 'month', D.y2021jan1, 40.5, 40.25],
      ]),
    ],
    // GBP per EUR: 0.85 on Thu 02-01, 0.86 on Fri 02-02, none on the weekend, 0.8 on Mon 02-05, none after.
    series: [fx(GBP_FX, [D.feb1, D.feb2, D.feb5], [0.85, 0.86, 0.8])],
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

const get = (name: string, rest: string, query = '', key?: string) => raw(`/api/ohlc/${encodeURIComponent(name)}/${rest}?${query}`, key);
type Item = {
  product: { traded_at: string; period: string; front: number | null; delivery: string };
  settlement: number | null;
  close: number | null;
};
const products = (body: { data: Item[] }) =>
  body.data.map((o) => [o.product.traded_at, o.product.period, o.product.front, o.product.delivery, o.settlement]);
const series = (body: { data: { d: string; v: number | null }[] }) => body.data.map((p) => [p.d.slice(0, 10), p.v]);

test('load: fronts on a trading day before and after the month boundary, ordered by day, period, delivery', async () => {
  const { status, body } = await get(DE, '', 'begin=2024-01-31&end=2024-02-02&period=month');
  assert.is(status, 200);
  assert.equal([body.curve.name, body.unit, body.denominator], [DE, 'EUR', 'MWh']);
  assert.equal(products(body), [
    ['2024-01-31', 'month', 1, '2024-02-01', 60],
    ['2024-01-31', 'month', 2, '2024-03-01', 55],
    ['2024-01-31', 'month', 3, '2024-04-01', 50],
    ['2024-02-01', 'month', 1, '2024-03-01', 56],
    ['2024-02-01', 'month', 2, '2024-04-01', 51],
    ['2024-02-01', 'month', 3, '2024-05-01', 48],
  ]);
  const first = body.data[0];
  assert.equal([first.close, first.high, first.open, first.volume, first.open_interest], [60.5, 60.5, null, 100, null]);
  // no period: every row; day < month < quarter on each day
  const all = await get(DE, '', 'begin=2024-02-02&end=2024-02-03');
  assert.equal(
    all.body.data.map((o: Item) => `${o.product.period}-${o.product.front}`),
    ['day-1', 'month-1', 'month-2', 'month-3', 'quarter-1', 'quarter-2'],
  );
});

test('load with a front follows the roll; with a delivery keeps one contract', async () => {
  const front = await get(DE, '', 'begin=2024-01-31&end=2024-02-03&period=month&front=1');
  assert.equal(products(front.body), [
    ['2024-01-31', 'month', 1, '2024-02-01', 60],
    ['2024-02-01', 'month', 1, '2024-03-01', 56],
    ['2024-02-02', 'month', 1, '2024-03-01', 57],
  ]);
  const april = await get(DE, '', 'begin=2024-01-31&end=2024-02-07&period=month&delivery=2024-04-01');
  assert.equal(
    products(april.body).map((p) => [p[0], p[2], p[4]]),
    [
      ['2024-01-31', 3, 50],
      ['2024-02-01', 2, 51],
      ['2024-02-02', 2, 52],
      ['2024-02-05', 2, 53],
      ['2024-02-06', 2, 54],
    ],
  );
  assert.equal((await get(DE, '', 'begin=2024-02-03&end=2024-02-05')).body.data, []);
});

test('latest: the given day, the closest earlier trading day, or the newest', async () => {
  // Sunday 2024-02-04 falls back to Friday 2024-02-02
  const sunday = await get(DE, 'latest/', 'date=2024-02-04');
  assert.is(sunday.status, 200);
  assert.equal([...new Set(sunday.body.data.map((o: Item) => o.product.traded_at))], ['2024-02-02']);
  assert.is(sunday.body.data.length, 6);
  const newest = await get(DE, 'latest/');
  assert.equal(products(newest.body), [
    ['2024-02-06', 'month', 1, '2024-03-01', 59],
    ['2024-02-06', 'month', 2, '2024-04-01', 54],
    ['2024-02-06', 'month', 3, '2024-05-01', 51],
    ['2024-02-06', 'quarter', 1, '2024-04-01', 49],
  ]);
  assert.equal((await get(DE, 'latest/', 'date=2024-01-30')).body.data, []);
});

test('latest/periods: finest contract wins, coarser ones fill the rest', async () => {
  // Fri 2024-02-02: day Sat 02-03 (40); Mar 57, Apr 52, May 49; Q2 48 fills June; Q3 45.
  const { status, body } = await get(DE, 'latest/periods/settlement/', 'date=2024-02-03');
  assert.is(status, 200);
  assert.equal(body.resolution, { frequency: 'NONE', timezone: 'CET' });
  assert.equal(body.data, [
    { begin: '2024-02-03T00:00:00+01:00', end: '2024-02-04T00:00:00+01:00', v: 40 },
    { begin: '2024-03-01T00:00:00+01:00', end: '2024-04-01T00:00:00+02:00', v: 57 },
    { begin: '2024-04-01T00:00:00+02:00', end: '2024-05-01T00:00:00+02:00', v: 52 },
    { begin: '2024-05-01T00:00:00+02:00', end: '2024-06-01T00:00:00+02:00', v: 49 },
    { begin: '2024-06-01T00:00:00+02:00', end: '2024-07-01T00:00:00+02:00', v: 48 },
    { begin: '2024-07-01T00:00:00+02:00', end: '2024-10-01T00:00:00+02:00', v: 45 },
  ]);
  // close: only the month front 1 has one (57.5); timezone UTC writes 2024-03-01T00:00+01:00 as 2024-02-29T23:00Z
  const close = await get(DE, 'latest/periods/Close/', 'date=2024-02-02&timezone=UTC');
  assert.equal(close.body.resolution, { frequency: 'NONE', timezone: 'UTC' });
  assert.equal(close.body.data, [{ begin: '2024-02-29T23:00:00+00:00', end: '2024-03-31T22:00:00+00:00', v: 57.5 }]);
});

test('timeseries of a delivery: each fill mode around the weekend and after the last trade', async () => {
  // April: Thu 51, Fri 52, Mon 53, Tue 54 (last trade); days 2024-02-01 .. 2024-02-08
  const q = 'begin=2024-02-01&end=2024-02-09&period=month&delivery=2024-04-01';
  const none = await get(DE, 'timeseries/settlement/', q);
  assert.is(none.status, 200);
  assert.equal(none.body.resolution, { frequency: 'P1D', timezone: 'CET' });
  assert.equal(none.body.contract, { type: 'SPECIFIC', period: 'month', delivery: '2024-04-01', field: 'settlement' });
  assert.is(none.body.data[0].d, '2024-02-01T00:00:00+01:00');
  const days = ['2024-02-01', '2024-02-02', '2024-02-03', '2024-02-04', '2024-02-05', '2024-02-06', '2024-02-07', '2024-02-08'];
  const zip = (v: (number | null)[]) => days.map((d, i) => [d, v[i]]);
  assert.equal(series(none.body), zip([51, 52, null, null, 53, 54, null, null]));
  assert.equal(series((await get(DE, 'timeseries/settlement/', `${q}&fill=fill-holes`)).body), zip([51, 52, 52, 52, 53, 54, null, null]));
  assert.equal(series((await get(DE, 'timeseries/settlement/', `${q}&fill=FORWARD-FILL`)).body), zip([51, 52, 52, 52, 53, 54, 54, 54]));
});

test('timeseries of a continuous front: re-rolled each trading day, filled from before the range', async () => {
  // front 1: Feb 60 on 01-31, then March 56, 57, (weekend), 58, 59
  const roll = await get(DE, 'timeseries/settlement/', 'begin=2024-01-31&end=2024-02-06&period=month&front=1&fill=fill-holes');
  assert.equal(roll.body.contract, { type: 'CONTINUOUS', period: 'month', front: 1, field: 'settlement' });
  assert.equal(series(roll.body), [
    ['2024-01-31', 60],
    ['2024-02-01', 56],
    ['2024-02-02', 57],
    ['2024-02-03', 57],
    ['2024-02-04', 57],
    ['2024-02-05', 58],
  ]);
  // starting on Saturday: Friday's 57 (before the range) fills the weekend
  const weekend = await get(DE, 'timeseries/settlement/', 'begin=2024-02-03&end=2024-02-05&period=month&front=1&fill=fill-holes');
  assert.equal(series(weekend.body), [
    ['2024-02-03', 57],
    ['2024-02-04', 57],
  ]);
  // close: only front 1 of months has a close; front 2 has none
  const close = await get(DE, 'timeseries/close/', 'begin=2024-02-01&end=2024-02-03&period=month&front=2');
  assert.equal(series(close.body), [
    ['2024-02-01', null],
    ['2024-02-02', null],
  ]);
  // front 0: the contract in delivery (none listed here) gives nulls
  assert.equal(series((await get(DE, 'timeseries/settlement/', 'begin=2024-02-01&end=2024-02-02&period=month&front=0')).body), [
    ['2024-02-01', null],
  ]);
});

test("unit: prices in GBP/MWh at each trading day's rate; volume unchanged", async () => {
  // Fri 02-02 front 1 March: 57 EUR/MWh × 0.86 = 49.02 GBP/MWh; close 57.5 × 0.86 = 49.45
  const { body } = await get(DE, '', 'begin=2024-02-02&end=2024-02-03&period=month&front=1&unit=GBP%2FMWh');
  assert.equal([body.unit, body.denominator], ['GBP', 'MWh']);
  assert.ok(Math.abs(body.data[0].settlement - 49.02) < 1e-9 && Math.abs(body.data[0].close - 49.45) < 1e-9);
  assert.is(body.data[0].volume, 100);
  // EUR/kWh needs no rate: 57 / 1000
  assert.ok(Math.abs((await get(DE, 'latest/', 'date=2024-02-02&unit=EUR%2FkWh')).body.data[1].settlement - 0.057) < 1e-12);
  // daily series of the April contract in GBP, filled: Thu 51 × 0.85 = 43.35, Fri 52 × 0.86 = 44.72 (also Sat, Sun),
  // Mon 53 × 0.8 = 42.4, Tue 54 × 0.8 (Monday's rate, none published on Tuesday) = 43.2
  const ts = await get(
    DE,
    'timeseries/settlement/',
    'begin=2024-02-01&end=2024-02-07&period=month&delivery=2024-04-01&fill=fill-holes&unit=GBP%2FMWh',
  );
  assert.equal(ts.body.unit, 'GBP');
  const expected = [43.35, 44.72, 44.72, 44.72, 42.4, 43.2];
  ts.body.data.forEach((p: { v: number }, i: number) => assert.ok(Math.abs(p.v - expected[i]!) < 1e-9, `${p.v} != ${expected[i]}`));
  // forward curve in GBP at Friday's rate: March 57 × 0.86
  const periods = await get(DE, 'latest/periods/settlement/', 'date=2024-02-02&unit=GBP%2FMWh');
  assert.ok(Math.abs(periods.body.data[1].v - 49.02) < 1e-9);
  // no rates for NOK in this dataset; MW is no price
  const volume = await get(DE, 'timeseries/volume/', 'begin=2024-02-01&end=2024-02-02&period=month&front=1&unit=GBP%2FMWh');
  assert.equal([volume.status, volume.body.parameter], [400, 'unit']);
  for (const unit of ['NOK%2FMWh', 'MW']) {
    const bad = await get(DE, '', `begin=2024-02-02&end=2024-02-03&unit=${unit}`);
    assert.equal([bad.status, bad.body.parameter], [400, 'unit'], unit);
  }
});

test('errors: 400 naming the parameter, 404, 403', async () => {
  const cases: [string, string, string | undefined][] = [
    ['', 'begin=2024-02-01&end=2024-02-02&front=1', 'front'],
    ['', 'begin=2024-02-01&end=2024-02-02&delivery=2024-04-01', 'delivery'],
    ['', 'end=2024-02-02', 'begin'],
    ['', 'begin=2024-02-03&end=2024-02-01', 'end'],
    ['timeseries/settlement/', 'begin=2024-02-01&end=2024-02-02&period=month', 'front'],
    ['timeseries/settlement/', 'begin=2024-02-01&end=2024-02-02&period=month&front=1&fill=all', 'fill'],
    ['timeseries/price/', 'begin=2024-02-01&end=2024-02-02&period=month&front=1', 'field'],
    ['latest/periods/bid/', '', 'field'],
    ['', 'begin=2024-02-01&end=2024-02-02&period=hour', 'period'],
  ];
  for (const [rest, query, parameter] of cases) {
    const { status, body } = await get(DE, rest, query);
    assert.equal([status, body.parameter], [400, parameter], `${rest}?${query}`);
  }
  const both = await get(DE, '', 'begin=2024-02-01&end=2024-02-02&period=month&front=1&delivery=2024-04-01');
  assert.is(both.status, 400);
  assert.is((await get('DE Futures Power Nothing EUR/MWh EEX OHLC', 'latest/')).status, 404);
  const wrongType = await get(WIND, 'latest/');
  assert.equal([wrongType.status, wrongType.body.parameter], [400, 'curve']);
  const forbidden = await get(DE, 'latest/', '', dePowerKey);
  assert.is(forbidden.status, 403);
  assert.match(forbidden.body.message, DE);
});

test('the reference request lines of this section (wire-pairs) answer 200 in the same shape', async () => {
  const pairs = JSON.parse(readFileSync(join(__dirname, '../../fixtures/wire-pairs.json'), 'utf8')) as { request: string; body: any }[];
  const lines = pairs.filter((p) => p.request.startsWith('GET /api/ohlc/'));
  assert.is(lines.length, 11);
  for (const pair of lines) {
    const { status, body } = await raw(pair.request.slice(4));
    assert.is(status, 200, pair.request);
    // every key of the reference body is present (the serialisers also write `instance: null`)
    for (const key of Object.keys(pair.body)) assert.ok(key in body, `${pair.request}: ${key}`);
    if (pair.request.includes('/timeseries/')) assert.ok(parseTimeseries(body).contract, pair.request);
    else if (pair.request.includes('/periods/')) assert.is(parsePeriodseries(body).resolution.frequency.tag, 'NONE');
    else parseOHLCList(body);
  }
  // 2020-01-01 .. 2020-01-09, front 1 of months: the February 2020 contract traded on 2020-01-02
  const load = await raw(lines[0]!.request.slice(4));
  assert.equal(products(load.body), [['2020-01-02', 'month', 1, '2020-02-01', 34]]);
  // forward-fill close from 2020-01-02 on: 34 carried to 2020-01-09; 2020-01-01 has no trade before it
  const ts = await raw(lines[4]!.request.slice(4));
  assert.equal(
    series(ts.body).map((p) => p[1]),
    [null, 34, 34, 34, 34, 34, 34, 34, 34],
  );
});

test.run();
