// GET /api/timeseries/{curve}/ against the real service: a fresh store seeded with the demo
// `small` data (for 403/404/400) plus small hand-built curves whose expected values are worked
// out by hand below, and the reference's request lines for this section sent raw.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CurveRecord, ImportBatch, SeriesBlock } from '../../../server/src/store';
import { parseTimeseries } from '../../../src/wire';
import { openService, type OpenedService } from '../../helpers/open-service';
import { curveRecord } from '../../helpers/records';

const Q = 900_000;
const H = 3_600_000;
const WIND = 'DE Test Wind Power Production MWh/h 15min Actual';
const CLIMATE = 'DE Test Consumption Temperature °C H Climate';
const PRICE = 'DE Test Spot Price EUR/MWh H Actual';
const USD_FX = 'Currency Rate EUR-USD USD/EUR ECB D Forex';

function curve(name: string, fields: Partial<CurveRecord>): CurveRecord {
  return curveRecord(name, { frequency: 'PT15M', ...fields });
}

function block(name: string, times: number[], values: number[] | null, scenarios: number[][] = [], names: string[] = []): SeriesBlock {
  return {
    curve: name,
    issued: null,
    tag: null,
    times: Float64Array.from(times),
    values: values === null ? null : Float64Array.from(values),
    scenarios: scenarios.map((s) => Float64Array.from(s)),
    scenarioNames: names,
  };
}

const range = (n: number, from = 0): number[] => Array.from({ length: n }, (_, i) => from + i);

// 2024-03-31 CET: 00:00+01:00 = 2024-03-30T23:00Z, 92 quarter-hours (02:00-03:00 is skipped), value = index.
const MARCH = range(92).map((i) => Date.UTC(2024, 2, 30, 23) + i * Q);
// 2024-10-27 CET: 00:00+02:00 = 2024-10-26T22:00Z, 100 quarter-hours (02:00-03:00 twice), value = index.
const OCTOBER = range(100).map((i) => Date.UTC(2024, 9, 26, 22) + i * Q);
// 2024-01-15 (Monday) CET: 00:00+01:00 = 2024-01-14T23:00Z, 96 quarter-hours; 10 and 20 null, 30 absent.
const JANUARY = range(96).filter((i) => i !== 30);
const wireRecords: CurveRecord[] = [
  curve('DE Wind Power Production MWh/h 15min Actual', { categories: ['Wind', 'Power', 'Production'] }),
  curve('DE Consumption Temperature °C 15min Climate', {
    curveType: 'SCENARIO_TIMESERIES',
    unit: '°C',
    dataType: 'CLIMATE',
    categories: ['Consumption', 'Temperature'],
  }),
  curve('TR Spot Price TRY/MWh H Actual', {
    area: 'TR',
    frequency: 'PT1H',
    timezone: 'Europe/Istanbul',
    unit: 'TRY',
    denominator: 'MWh',
    package: 'market',
    categories: ['Spot', 'Price'],
  }),
];

function batch(): ImportBatch {
  const climateHours = range(24).map((h) => Date.UTC(2024, 0, 14, 23) + h * H);
  // Prices 2024-01-14 (Sunday) and 2024-01-15 (Monday) CET, hourly: 50 EUR/MWh, then 60.
  const priceHours = range(48).map((h) => Date.UTC(2024, 0, 13, 23) + h * H);
  // Wire-pair data: 15-minute values 2019-12-31..2020-01-03, 2020-05-31..2020-06-06 (CET) and 2023-01-01.
  const q15 = (fromUtc: number, days: number) => range(days * 96).map((i) => fromUtc + i * Q);
  const wireWind = [...q15(Date.UTC(2019, 11, 30, 23), 4), ...q15(Date.UTC(2020, 4, 30, 22), 7), ...q15(Date.UTC(2022, 11, 31, 23), 1)];
  const climate2020 = q15(Date.UTC(2020, 4, 31, 22), 5);
  const tr2020 = range(24 * 6).map((h) => Date.UTC(2020, 4, 31, 21) + h * H);
  return {
    curves: [
      curve(WIND, {}),
      curve(CLIMATE, { curveType: 'SCENARIO_TIMESERIES', frequency: 'PT1H', unit: '°C', dataType: 'CLIMATE' }),
      curve(PRICE, { frequency: 'PT1H', unit: 'EUR', denominator: 'MWh', package: 'market' }),
      ...wireRecords,
    ],
    series: [
      block(WIND, MARCH, range(92)),
      block(WIND, OCTOBER, range(100)),
      block(
        WIND,
        JANUARY.map((i) => Date.UTC(2024, 0, 14, 23) + i * Q),
        JANUARY.map((i) => (i === 10 || i === 20 ? NaN : i)),
      ),
      block(
        CLIMATE,
        climateHours,
        null,
        [0, 100, 200].map((k) => range(24, k)),
        ['y1980', 'y1981', 'y1982'],
      ),
      block(
        PRICE,
        priceHours,
        priceHours.map((_, h) => (h < 24 ? 50 : 60)),
      ),
      // USD per EUR: 1.1 on Friday 2024-01-12, none on the weekend, 1.09 on Monday 2024-01-15 (CET midnights).
      block(USD_FX, [Date.UTC(2024, 0, 11, 23), Date.UTC(2024, 0, 14, 23)], [1.1, 1.09]),
      block(
        wireRecords[0]!.name,
        wireWind,
        wireWind.map((_, i) => i % 500),
      ),
      block(
        wireRecords[1]!.name,
        climate2020,
        null,
        [1, 2, 3].map((k) => climate2020.map((_, i) => k + (i % 7))),
        ['y1980', 'y1981', 'y1982'],
      ),
      block(
        wireRecords[2]!.name,
        tr2020,
        tr2020.map((_, i) => 1000 + i),
      ),
    ],
  };
}

let svc: OpenedService;

test.before(async () => {
  svc = await openService({ demo: { preset: 'small', anchor: '2025-01-15' }, batch: batch(), rateLimit: false });
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

function load(name: string, query: string): Promise<Reply> {
  return raw(`/api/timeseries/${encodeURIComponent(name)}/?${query}`);
}

async function values(name: string, query: string): Promise<(number | null)[]> {
  const { status, body } = await load(name, query);
  assert.is(status, 200, JSON.stringify(body));
  return body.data.map((item: { v: number | null }) => item.v);
}

const close = (a: number | null, b: number): boolean => a !== null && Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(b));

test('raw 15-minute values of the spring DST day: 92 steps, offsets change at 02:00 -> 03:00', async () => {
  const { status, body } = await load(WIND, 'begin=2024-03-31&end=2024-04-01');
  assert.is(status, 200);
  assert.equal(body.resolution, { frequency: 'PT15M', timezone: 'CET' });
  assert.is(body.data.length, 92);
  assert.equal(body.data[7], { d: '2024-03-31T01:45:00+01:00', v: 7 });
  assert.equal(body.data[8], { d: '2024-03-31T03:00:00+02:00', v: 8 });
  assert.is(body.curve.name, WIND);
  assert.is(body.curve.subscription.access, 'PAYING');
  assert.equal([body.instance, body.contract, body.scenario_names, body.unit, body.denominator], [null, null, null, 'MWh/h', null]);
});

test('begin is inclusive and end exclusive; dates without offset are wall-clock time in the curve zone', async () => {
  // 01:00+01:00 = 00:00Z (index 4) to 03:30+02:00 = 01:30Z (index 10, excluded)
  const { body } = await load(WIND, 'begin=2024-03-31+01%3A00&end=2024-03-31+03%3A30');
  assert.equal(
    body.data.map((x: { d: string }) => x.d),
    [
      '2024-03-31T01:00:00+01:00',
      '2024-03-31T01:15:00+01:00',
      '2024-03-31T01:30:00+01:00',
      '2024-03-31T01:45:00+01:00',
      '2024-03-31T03:00:00+02:00',
      '2024-03-31T03:15:00+02:00',
    ],
  );
  // with an offset: 2024-03-31T01:00+02:00 = 2024-03-30T23:00Z = index 0
  assert.equal(await values(WIND, 'begin=2024-03-31T01%3A00%3A00%2B02%3A00&end=2024-03-31T00%3A30%3A00%2B01%3A00'), [0, 1]);
});

test('timezone: dates are wall-clock time in the requested zone and come back in it', async () => {
  // 2024-03-31 00:00-01:00 UTC = indexes 4..7 of the CET day
  const { body } = await load(WIND, 'begin=2024-03-31&end=2024-03-31+01%3A00&timezone=utc');
  assert.equal(body.resolution, { frequency: 'PT15M', timezone: 'UTC' });
  assert.equal(
    body.data,
    [4, 5, 6, 7].map((v, i) => ({ d: `2024-03-31T00:${String(i * 15).padStart(2, '0')}:00+00:00`, v })),
  );
});

test('daily aggregation of the DST days: AVERAGE, SUM, MIN, MAX', async () => {
  // 2024-03-31: 0..91 -> mean 45.5, sum 91*92/2 = 4186; 2024-10-27: 0..99 -> mean 49.5, sum 4950
  const march = 'begin=2024-03-31&end=2024-04-01&frequency=P1D';
  const { body } = await load(WIND, march);
  assert.equal(body.resolution, { frequency: 'P1D', timezone: 'CET' });
  assert.equal(body.data, [{ d: '2024-03-31T00:00:00+01:00', v: 45.5 }]);
  assert.equal(await values(WIND, `${march}&aggregation=SUM`), [4186]);
  assert.equal(await values(WIND, `${march}&aggregation=MIN`), [0]);
  assert.equal(await values(WIND, `${march}&aggregation=max`), [91]);
  assert.equal(await values(WIND, `${march}&aggregation=MEAN`), [45.5]);
  const october = await load(WIND, 'begin=2024-10-27&end=2024-10-28&frequency=P1D&aggregation=SUM');
  assert.equal(october.body.data, [{ d: '2024-10-27T00:00:00+02:00', v: 4950 }]);
  assert.equal(await values(WIND, 'begin=2024-10-27&end=2024-10-28&frequency=P1D'), [49.5]);
});

test('hourly aggregation across the DST changes: 23 and 25 hours', async () => {
  const spring = (await load(WIND, 'begin=2024-03-31&end=2024-04-01&frequency=PT1H')).body.data;
  assert.is(spring.length, 23);
  // 01:00+01:00 holds 4..7, 03:00+02:00 holds 8..11
  assert.equal(spring.slice(1, 3), [
    { d: '2024-03-31T01:00:00+01:00', v: 5.5 },
    { d: '2024-03-31T03:00:00+02:00', v: 9.5 },
  ]);
  const autumn = (await load(WIND, 'begin=2024-10-27&end=2024-10-28&frequency=pt60m')).body.data;
  assert.is(autumn.length, 25);
  // 02:00+02:00 holds 8..11, 02:00+01:00 holds 12..15
  assert.equal(autumn.slice(2, 4), [
    { d: '2024-10-27T02:00:00+02:00', v: 9.5 },
    { d: '2024-10-27T02:00:00+01:00', v: 13.5 },
  ]);
});

test('PEAK and OFFPEAK on the DST days (local hours 08:00-20:00)', async () => {
  // 2024-03-31: local hour h >= 3 holds indexes 4h-4 .. 4h-1, so peak = 28..75 (48 values, mean 51.5);
  // offpeak = the other 44 values, sum 4186 - 48 * 51.5 = 1714
  const march = 'begin=2024-03-31&end=2024-04-01&frequency=P1D';
  assert.equal(await values(WIND, `${march}&hour-filter=PEAK`), [51.5]);
  assert.ok(close((await values(WIND, `${march}&hour-filter=OFFPEAK`))[0]!, 1714 / 44));
  // 2024-10-27: local hour h >= 3 holds 4h+4 .. 4h+7, so peak = 36..83 (mean 59.5); offpeak 52 values, sum 4950 - 2856 = 2094
  const october = 'begin=2024-10-27&end=2024-10-28&frequency=P1D';
  assert.equal(await values(WIND, `${october}&hour-filter=peak`), [59.5]);
  assert.ok(close((await values(WIND, `${october}&hour-filter=OFFPEAK&aggregation=AVERAGE`))[0]!, 2094 / 52));
  assert.equal(await values(WIND, `${october}&hour-filter=OFFPEAK&aggregation=SUM`), [2094]);
});

test('threshold: 3 missing quarter-hours (2 null, 1 absent) on 2024-01-15', async () => {
  const day = 'begin=2024-01-15&end=2024-01-16&frequency=P1D';
  // present: 0..95 without 10, 20, 30 -> 93 values, sum 4560 - 60 = 4500
  assert.equal(await values(WIND, day), [null]);
  assert.equal(await values(WIND, `${day}&threshold=2`), [null]);
  assert.ok(close((await values(WIND, `${day}&threshold=3`))[0]!, 4500 / 93));
  // 3 of 96 expected = 3.125 %: more than 3.12 % gives null, 3.13 % allows it
  assert.equal(await values(WIND, `${day}&threshold=3.12%25`), [null]);
  assert.ok(close((await values(WIND, `${day}&threshold=3.13%25`))[0]!, 4500 / 93));
  // the missing values lie at 02:30, 05:00 and 07:30 (off-peak): PEAK (32..79, mean 55.5) needs no threshold
  assert.equal(await values(WIND, `${day}&hour-filter=PEAK`), [55.5]);
  assert.equal(await values(WIND, `${day}&hour-filter=OFFPEAK`), [null]);
  // without frequency the raw values come back, one item per step: the absent 07:30 is a null item
  const raw15 = (await load(WIND, 'begin=2024-01-15+07%3A00&end=2024-01-15+08%3A00')).body.data;
  assert.equal(
    raw15,
    [28, 29, null, 31].map((v, i) => ({ d: `2024-01-15T07:${String(i * 15).padStart(2, '0')}:00+01:00`, v })),
  );
});

test('daily in UTC re-buckets the CET data; a range is widened to whole output steps', async () => {
  // UTC day 2024-03-31 holds CET indexes 4..91 (88 of 96 expected): null, unless threshold >= 8 (mean 47.5)
  const utc = 'begin=2024-03-31&end=2024-04-01&timezone=UTC&frequency=P1D';
  const { body } = await load(WIND, utc);
  assert.equal(body.data, [{ d: '2024-03-31T00:00:00+00:00', v: null }]);
  assert.equal(await values(WIND, `${utc}&threshold=8`), [47.5]);
  // begin 12:00 and end 13:00 on 2024-10-27 ask for part of one day: the whole day is aggregated
  assert.equal(await values(WIND, 'begin=2024-10-27+12%3A00&end=2024-10-27+13%3A00&frequency=P1D'), [49.5]);
});

test('unit: MWh/h to GWh/h and kWh/h after aggregation; incompatible units are a 400 naming unit', async () => {
  const { body } = await load(WIND, 'begin=2024-03-31&end=2024-04-01&frequency=P1D&unit=GWh%2Fh');
  assert.equal([body.unit, body.denominator], ['GWh/h', null]);
  assert.ok(close(body.data[0].v, 0.0455));
  assert.equal(await values(WIND, 'begin=2024-03-31&end=2024-03-31+00%3A30&unit=kWh%2Fh'), [0, 1000]);
  for (const unit of ['EUR', 'MW', 'furlong']) {
    const bad = await load(WIND, `begin=2024-03-31&end=2024-04-01&unit=${unit}`);
    assert.is(bad.status, 400, unit);
    assert.is(bad.body.parameter, 'unit');
  }
});

test('currency units use the daily FOREX curve (last rate at or before the day), daily or coarser only', async () => {
  // 2024-01-14 (Sunday): 50 EUR/MWh x Friday's 1.1 = 55 USD/MWh; 2024-01-15: 60 x 1.09 = 65.4
  const { body } = await load(PRICE, 'begin=2024-01-14&end=2024-01-16&frequency=P1D&unit=USD%2FMWh');
  assert.equal([body.unit, body.denominator], ['USD', 'MWh']);
  assert.ok(close(body.data[0].v, 55) && close(body.data[1].v, 65.4), JSON.stringify(body.data));
  const hourly = await load(PRICE, 'begin=2024-01-14&end=2024-01-16&unit=USD%2FMWh');
  assert.equal([hourly.status, hourly.body.parameter], [400, 'unit']);
  // no currency change: EUR/MWh to EUR/kWh works on hourly data (50 / 1000)
  assert.ok(close((await values(PRICE, 'begin=2024-01-14&end=2024-01-14+01%3A00&unit=EUR%2FkWh'))[0]!, 0.05));
});

test('a scenario series keeps every scenario (aggregated independently) and its names', async () => {
  // hourly 2024-01-15, scenario k = hour + 100k: daily means 11.5, 111.5, 211.5; PEAK (8..19) 13.5, 113.5, 213.5
  const { body } = await load(CLIMATE, 'begin=2024-01-15&end=2024-01-16&frequency=P1D');
  assert.equal(body.scenario_names, ['y1980', 'y1981', 'y1982']);
  assert.equal(body.data, [{ d: '2024-01-15T00:00:00+01:00', s: [11.5, 111.5, 211.5] }]);
  const peak = await load(CLIMATE, 'begin=2024-01-15&end=2024-01-16&frequency=P1D&hour-filter=PEAK');
  assert.equal(peak.body.data[0].s, [13.5, 113.5, 213.5]);
  const rawHours = await load(CLIMATE, 'begin=2024-01-15&end=2024-01-15+02%3A00');
  assert.equal(rawHours.body.data, [
    { d: '2024-01-15T00:00:00+01:00', s: [0, 100, 200] },
    { d: '2024-01-15T01:00:00+01:00', s: [1, 101, 201] },
  ]);
  assert.is(parseTimeseries(body).scenarioNames.length, 3);
});

test('an answer without values names the first and last stored value times; one with values does not', async () => {
  const url = (query: string) => `/api/timeseries/${encodeURIComponent(WIND)}/?${query}`;
  const extent = (res: Response) => [res.headers.get('x-first-value'), res.headers.get('x-last-value')];
  // stored: 2024-01-14T23:00Z (the January day's first quarter-hour) to 2024-10-27T22:45Z (the October day's last)
  const stored = ['2024-01-14T23:00:00.000Z', '2024-10-27T22:45:00.000Z'];
  const empty = await svc.fetch(url('begin=2023-01-01&end=2023-01-02'), { headers: { 'X-API-Key': svc.apiKey } });
  assert.is(empty.status, 200);
  assert.equal(((await empty.json()) as { data: unknown[] }).data, []);
  assert.equal(extent(empty), stored);
  const full = await svc.fetch(url('begin=2024-03-31&end=2024-04-01'), { headers: { 'X-API-Key': svc.apiKey } });
  assert.is(((await full.json()) as { data: unknown[] }).data.length, 92);
  assert.equal(extent(full), [null, null]);
  // the Arrow answer of a range longer than one batch is streamed: it names them too
  for (const query of ['begin=2023-01-01&end=2023-01-02', 'begin=2012-01-01&end=2022-01-01']) {
    const arrow = await svc.fetch(url(query), { headers: { 'X-API-Key': svc.apiKey, Accept: 'application/vnd.apache.arrow.stream' } });
    assert.is(arrow.status, 200, query);
    await arrow.arrayBuffer();
    assert.equal(extent(arrow), stored, query);
  }
});

test('400 names the bad parameter: dates, zone, enum tags, threshold, frequency finer than the curve', async () => {
  const cases: [string, string][] = [
    ['end=2024-01-02', 'begin'],
    ['begin=2024-01-01', 'end'],
    ['begin=2024-13-01&end=2024-01-02', 'begin'],
    ['begin=2024-01-02&end=2024-01-01', 'end'],
    ['begin=2024-01-01&end=2024-01-02&timezone=Europe%2FOslo', 'timezone'],
    ['begin=2024-01-01&end=2024-01-02&frequency=P2D', 'frequency'],
    ['begin=2024-01-01&end=2024-01-02&frequency=PT5M', 'frequency'],
    ['begin=2024-01-01&end=2024-01-02&frequency=NONE', 'frequency'],
    ['begin=2024-01-01&end=2024-01-02&frequency=P1D&aggregation=MEDIAN', 'aggregation'],
    ['begin=2024-01-01&end=2024-01-02&frequency=P1D&hour-filter=WEEKENDS', 'hour-filter'],
    ['begin=2024-01-01&end=2024-01-02&frequency=P1D&threshold=-1', 'threshold'],
    ['begin=2024-01-01&end=2024-01-02&frequency=P1D&threshold=abc', 'threshold'],
  ];
  for (const [query, parameter] of cases) {
    const { status, body } = await load(WIND, query);
    assert.is(status, 400, query);
    assert.is(body.parameter, parameter, query);
    assert.type(body.message, 'string');
  }
});

test('demo data: 404 unknown curve, 400 wrong curve type, 403 outside the subscriptions', async () => {
  const unknown = await load('DE No Such Curve MWh/h H Actual', 'begin=2025-06-01&end=2025-06-02');
  assert.is(unknown.status, 404);
  assert.match(unknown.body.message, 'DE No Such Curve');
  const instance = await load('DE Consumption MWh/h 15min Forecast', 'begin=2025-06-01&end=2025-06-02');
  assert.equal([instance.status, instance.body.parameter], [400, 'curve']);
  const period = await load('DE Wind Power Installed MW Capacity', 'begin=2025-06-01&end=2025-06-02');
  assert.equal([period.status, period.body.parameter], [400, 'curve']);
  const gb = 'GB @Dinorwig Hydro Pumped-storage Production MWh/h H Actual';
  assert.ok(await svc.store.getCurve(gb), 'the demo has a GB power curve');
  const forbidden = await load(gb, 'begin=2025-06-01&end=2025-06-02');
  assert.is(forbidden.status, 403);
  assert.match(forbidden.body.message, gb);
  const noKey = await raw(`/api/timeseries/${encodeURIComponent(WIND)}/?begin=2024-01-01&end=2024-01-02`, 'wrong-key');
  assert.is(noKey.status, 401);
});

test('demo data: a demo curve loads over its window with one item per step', async () => {
  const { status, body } = await load('DE Wind Power Production MWh/h 15min Actual', 'begin=2025-01-10&end=2025-01-11&frequency=PT1H');
  assert.is(status, 200);
  assert.is(body.data.length, 24);
  assert.ok(body.data.every((x: { v: number | null }) => typeof x.v === 'number'));
});

test('the reference request lines of this section (wire-pairs) answer 200 in the same shape', async () => {
  const pairs = JSON.parse(readFileSync(join(__dirname, '../../fixtures/wire-pairs.json'), 'utf8')) as {
    request: string;
    status: number;
    body: any;
  }[];
  const lines = pairs.filter((p) => p.request.startsWith('GET /api/timeseries/'));
  assert.is(lines.length, 9);
  for (const pair of lines) {
    const { status, body } = await raw(pair.request.slice(4));
    assert.is(status, 200, `${pair.request}: ${JSON.stringify(body)}`);
    assert.equal(Object.keys(body).sort(), Object.keys(pair.body).sort(), pair.request);
    assert.equal(Object.keys(body.data[0]).sort(), Object.keys(pair.body.data[0]).sort(), pair.request);
    assert.is(body.data[0].d, pair.body.data[0].d, pair.request);
    assert.equal(
      [body.unit, body.denominator, body.scenario_names],
      [pair.body.unit, pair.body.denominator, pair.body.scenario_names],
      pair.request,
    );
    // The canned climate answer says P1D for a request without frequency; our 15-minute curve stays PT15M.
    const expected = pair.request.includes('Climate') ? { ...pair.body.resolution, frequency: 'PT15M' } : pair.body.resolution;
    assert.equal(body.resolution, expected, pair.request);
    parseTimeseries(body);
  }
});

test.run();
