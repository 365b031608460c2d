// GET /api/periods/{curve}/ against the real service: a fresh store seeded with the demo `small`
// data (for 403/404/400) plus hand-built PERIOD curves with expectations worked out by hand,
// and the reference's request lines for this section sent raw.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CurveRecord, ImportBatch, PeriodBlock } from '../../../server/src/store';
import { parsePeriodseries } from '../../../src/wire';
import { openService, type OpenedService } from '../../helpers/open-service';
import { curveRecord } from '../../helpers/records';

const NUCLEAR = 'DE Test Nuclear Capacity Available MW REMIT';
const PLAIN = 'DE Test Consumption Capacity Available MW REMIT';
const WIRE = 'DE Nuclear Capacity Available MW Capacity';

function curve(name: string, fields: Partial<CurveRecord> = {}): CurveRecord {
  return curveRecord(name, {
    curveType: 'PERIOD',
    categories: ['Nuclear', 'Capacity', 'Available'],
    frequency: 'NONE',
    unit: 'MW',
    dataType: 'REMIT',
    ...fields,
  });
}

function periods(name: string, rows: [number, number, number, number | null][]): PeriodBlock {
  return {
    curve: name,
    issued: null,
    tag: null,
    begins: Float64Array.from(rows, (r) => r[0]),
    ends: Float64Array.from(rows, (r) => r[1]),
    values: Float64Array.from(rows, (r) => r[2]),
    capacities: rows.some((r) => r[3] === null) ? null : Float64Array.from(rows, (r) => r[3] as number),
  };
}

// CET winter = UTC+1: 2024-01-01 00:00+01:00 = 2023-12-31T23:00Z; 2024-01-10 10:30+01:00 = 09:30Z;
// 2024-01-20 00:00+01:00 = 2024-01-19T23:00Z; 2024-02-01 00:00+01:00 = 2024-01-31T23:00Z.
// 2024-03-01 00:00+01:00 = 2024-02-29T23:00Z; 2024-04-01 00:00+02:00 (summer) = 2024-03-31T22:00Z.
const T = {
  jan1: Date.UTC(2023, 11, 31, 23),
  jan10: Date.UTC(2024, 0, 10, 9, 30),
  jan20: Date.UTC(2024, 0, 19, 23),
  feb1: Date.UTC(2024, 0, 31, 23),
  mar1: Date.UTC(2024, 1, 29, 23),
  apr1: Date.UTC(2024, 2, 31, 22),
};

function batch(): ImportBatch {
  return {
    curves: [curve(NUCLEAR), curve(PLAIN, { categories: ['Consumption', 'Capacity', 'Available'] }), curve(WIRE, { dataType: 'CAPACITY' })],
    periods: [
      periods(NUCLEAR, [
        [T.jan1, T.jan10, 8000, 8600],
        [T.jan10, T.jan20, 7000.5, 8600],
        [T.jan20, T.feb1, NaN, 8600],
        [T.mar1, T.apr1, 8600, 9000],
      ]),
      periods(PLAIN, [[T.jan1, T.feb1, 500, null]]),
      // 2019-12-01 CET to 2020-07-01 CEST: 2019-11-30T23:00Z, 2020-01-06 00:00+01:00, 2020-06-30T22:00Z
      periods(WIRE, [
        [Date.UTC(2019, 10, 30, 23), Date.UTC(2020, 0, 5, 23), 8113, 8600],
        [Date.UTC(2020, 0, 5, 23), Date.UTC(2020, 5, 30, 22), 8600, 8600],
      ]),
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

async function raw(pathAndQuery: string): Promise<Reply> {
  const res = await svc.fetch(pathAndQuery, { headers: { 'X-API-Key': svc.apiKey } });
  return { status: res.status, body: await res.json() };
}

function load(name: string, query: string): Promise<Reply> {
  return raw(`/api/periods/${encodeURIComponent(name)}/?${query}`);
}

test('periods overlapping [begin, end) are clipped to it, with a boundary at 10:30 and the capacity', async () => {
  const { status, body } = await load(NUCLEAR, 'begin=2024-01-05&end=2024-01-25');
  assert.is(status, 200);
  assert.equal(body.resolution, { frequency: 'NONE', timezone: 'CET' });
  assert.equal([body.unit, body.denominator, body.instance, body.curve.name], ['MW', null, null, NUCLEAR]);
  assert.equal(body.data, [
    { begin: '2024-01-05T00:00:00+01:00', end: '2024-01-10T10:30:00+01:00', v: 8000, capacity: 8600 },
    { begin: '2024-01-10T10:30:00+01:00', end: '2024-01-20T00:00:00+01:00', v: 7000.5, capacity: 8600 },
    { begin: '2024-01-20T00:00:00+01:00', end: '2024-01-25T00:00:00+01:00', v: null, capacity: 8600 },
  ]);
  assert.not.ok('contract' in body || 'scenario_names' in body);
});

test('begin is inclusive and end exclusive at a period boundary', async () => {
  // [10:30, 10:30 + 1 h): only the second period; the first ends at 10:30 and is not returned
  const { body } = await load(NUCLEAR, 'begin=2024-01-10+10%3A30&end=2024-01-10+11%3A30');
  assert.equal(body.data, [{ begin: '2024-01-10T10:30:00+01:00', end: '2024-01-10T11:30:00+01:00', v: 7000.5, capacity: 8600 }]);
  // a range in the February gap has no periods
  assert.equal((await load(NUCLEAR, 'begin=2024-02-05&end=2024-02-10')).body.data, []);
});

test('a period across the spring DST change keeps both offsets', async () => {
  const { body } = await load(NUCLEAR, 'begin=2024-03-01&end=2024-05-01');
  assert.equal(body.data, [{ begin: '2024-03-01T00:00:00+01:00', end: '2024-04-01T00:00:00+02:00', v: 8600, capacity: 9000 }]);
});

test('timezone: wall-clock dates in the requested zone, date-times written in it', async () => {
  // 2024-01-05 00:00 UTC is 01:00 CET; the boundary 10:30+01:00 is 09:30Z
  const { body } = await load(NUCLEAR, 'begin=2024-01-05&end=2024-01-12&timezone=utc');
  assert.equal(body.resolution, { frequency: 'NONE', timezone: 'UTC' });
  assert.equal(
    body.data.map((p: { begin: string; end: string }) => [p.begin, p.end]),
    [
      ['2024-01-05T00:00:00+00:00', '2024-01-10T09:30:00+00:00'],
      ['2024-01-10T09:30:00+00:00', '2024-01-12T00:00:00+00:00'],
    ],
  );
  // Gas_Day is CET - 6 h in winter (UTC-5): 2024-01-10T09:30Z = 04:30-05:00
  const gas = await load(NUCLEAR, 'begin=2024-01-10&end=2024-01-11&timezone=Europe%2FGas_Day');
  assert.equal(gas.body.resolution.timezone, 'Europe/Gas_Day');
  assert.equal(
    gas.body.data.map((p: { begin: string }) => p.begin),
    ['2024-01-10T00:00:00-05:00', '2024-01-10T04:30:00-05:00'],
  );
});

test('unit converts the values and the installed capacity', async () => {
  const { body } = await load(NUCLEAR, 'begin=2024-01-05&end=2024-01-25&unit=GW');
  assert.equal([body.unit, body.denominator], ['GW', null]);
  assert.equal(
    body.data.map((p: { v: number | null; capacity: number }) => [p.v, p.capacity]),
    [
      [8, 8.6],
      [7.0005, 8.6],
      [null, 8.6],
    ],
  );
  const kw = await load(NUCLEAR, 'begin=2024-03-01&end=2024-03-02&unit=kW');
  assert.equal([kw.body.data[0].v, kw.body.data[0].capacity], [8_600_000, 9_000_000]);
  for (const unit of ['MWh', 'EUR', 'GWh%2Fh']) {
    const bad = await load(NUCLEAR, `begin=2024-01-05&end=2024-01-25&unit=${unit}`);
    assert.equal([bad.status, bad.body.parameter], [400, 'unit'], unit);
  }
});

test('periods without installed capacity have no capacity key', async () => {
  const { body } = await load(PLAIN, 'begin=2024-01-05&end=2024-01-06');
  assert.equal(body.data, [{ begin: '2024-01-05T00:00:00+01:00', end: '2024-01-06T00:00:00+01:00', v: 500 }]);
});

test('400 names the bad parameter', async () => {
  const cases: [string, string][] = [
    ['end=2024-01-02', 'begin'],
    ['begin=2024-01-01', 'end'],
    ['begin=yesterday&end=2024-01-02', 'begin'],
    ['begin=2024-01-03&end=2024-01-02', 'end'],
    ['begin=2024-01-01&end=2024-01-02&timezone=PST', 'timezone'],
  ];
  for (const [query, parameter] of cases) {
    const { status, body } = await load(NUCLEAR, query);
    assert.equal([status, body.parameter], [400, parameter], query);
  }
});

test('demo data: 404 unknown curve, 400 wrong curve type, 403 outside the subscriptions, 200 with its periods', async () => {
  const unknown = await load('DE No Such Capacity MW REMIT', 'begin=2025-06-01&end=2025-06-02');
  assert.is(unknown.status, 404);
  const series = await load('DE Wind Power Production MWh/h 15min Actual', 'begin=2025-06-01&end=2025-06-02');
  assert.equal([series.status, series.body.parameter], [400, 'curve']);
  const instancePeriods = await load('DE @Datteln Hard Coal Power Capacity Available MW REMIT', 'begin=2025-06-01&end=2025-06-02');
  assert.equal([instancePeriods.status, instancePeriods.body.parameter], [400, 'curve']);
  const gb = 'GB Wind Power Installed MW Capacity';
  assert.ok(await svc.store.getCurve(gb), 'the demo has a GB PERIOD curve');
  const forbidden = await load(gb, 'begin=2025-06-01&end=2025-06-02');
  assert.is(forbidden.status, 403);
  assert.match(forbidden.body.message, gb);
  const ok = await load('DE Wind Power Installed MW Capacity', 'begin=2025-06-01&end=2025-07-01');
  assert.is(ok.status, 200);
  assert.ok(ok.body.data.length > 0);
  assert.is(ok.body.data[0].begin, '2025-06-01T00:00:00+02:00');
  parsePeriodseries(ok.body);
});

test('the reference request lines of this section (wire-pairs) answer 200 in the same shape', async () => {
  const pairs = JSON.parse(readFileSync(join(__dirname, '../../fixtures/wire-pairs.json'), 'utf8')) as { request: string; body: any }[];
  const lines = pairs.filter((p) => p.request.startsWith('GET /api/periods/'));
  assert.is(lines.length, 2);
  for (const pair of lines) {
    const { status, body } = await raw(pair.request.slice(4));
    assert.is(status, 200, pair.request);
    assert.equal(Object.keys(body).sort(), Object.keys(pair.body).sort(), pair.request);
    assert.equal(body.resolution, pair.body.resolution, pair.request);
    assert.equal([body.unit, body.denominator], [pair.body.unit, pair.body.denominator], pair.request);
    assert.equal(Object.keys(body.data[0]).sort(), Object.keys(pair.body.data[0]).sort(), pair.request);
    assert.is(body.data[0].begin, pair.body.data[0].begin, pair.request);
    assert.ok(parsePeriodseries(body).hasCapacity());
  }
});

test.run();
