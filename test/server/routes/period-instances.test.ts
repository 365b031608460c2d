// /api/period-instances/… against the real service with a small hand-built REMIT-like curve: three
// message instances around the spring DST day 2024-03-31 in CET, expectations worked out by hand.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { joinPeriods, periodInstancesRoutes } from '../../../server/src/routes/period-instances';
import type { CurveRecord, PeriodBlock } from '../../../server/src/store';
import { openService, type OpenedService } from '../../helpers/open-service';
import { curveRecord, periodBlock } from '../../helpers/records';

const REMIT = 'DE Test Nuclear Capacity Available MW REMIT';
const FORECAST = 'DE Test Wind Power Production MWh/h H Forecast';

function curve(name: string, fields: Partial<CurveRecord> = {}): CurveRecord {
  return curveRecord(name, {
    curveType: 'INSTANCE_PERIOD',
    frequency: 'NONE',
    unit: 'MW',
    dataType: 'REMIT',
    instanceIssuedTimezone: 'UTC',
    ...fields,
  });
}

// CET midnights: 2024-03-29 = 03-28T23:00Z, 03-31 = 03-30T23:00Z (a 23-hour day), 04-05 = 04-04T22:00Z
const MAR29 = Date.UTC(2024, 2, 28, 23);
const MAR31 = Date.UTC(2024, 2, 30, 23);
const APR05 = Date.UTC(2024, 3, 4, 22);

const periods = (issued: number, tag: string, parts: [number, number, number][]): PeriodBlock => periodBlock(REMIT, issued, tag, parts);

const M1 = Date.UTC(2024, 2, 29, 8);
const M2 = Date.UTC(2024, 2, 30, 14);
const M3 = Date.UTC(2024, 2, 31, 9);

let svc: OpenedService;

test.before(async () => {
  svc = await openService({
    rateLimit: false,
    routes: [periodInstancesRoutes],
    batch: {
      curves: [curve(REMIT), curve(FORECAST, { curveType: 'INSTANCE', frequency: 'PT1H', unit: 'MWh/h', dataType: 'FORECAST' })],
      instances: [
        { curve: REMIT, issued: M1, tag: 'AbC1', created: M1 + 60_000, modified: null, scenarioNames: [] },
        { curve: REMIT, issued: M2, tag: 'XyZ2', created: null, modified: null, scenarioNames: [] },
        { curve: REMIT, issued: M3, tag: 'q3', created: null, modified: null, scenarioNames: [] },
      ],
      periods: [
        periods(M1, 'AbC1', [[MAR29, APR05, 1000]]),
        periods(M2, 'XyZ2', [
          [MAR29, MAR31, 1000],
          [MAR31, APR05, 800],
        ]),
        periods(M3, 'q3', [[MAR29, APR05, 900]]),
      ],
    },
  });
});

test.after(async () => {
  await svc?.close();
});

async function get(path: string, query = '', name = REMIT): Promise<{ status: number; body: any }> {
  const res = await svc.fetch(`/api/period-instances/${encodeURIComponent(name)}/${path}${query ? `?${query}` : ''}`, {
    headers: { 'X-API-Key': svc.apiKey },
  });
  return { status: res.status, body: await res.json() };
}

async function ok(path: string, query = ''): Promise<any> {
  const reply = await get(path, query);
  assert.is(reply.status, 200, JSON.stringify(reply.body));
  return reply.body;
}

const tags = (list: { tag: string }[]): string[] => list.map((i) => i.tag);
const spans = (body: { data: { begin: string; end: string; v: number }[] }): string[] => body.data.map((p) => `${p.begin} ${p.end} ${p.v}`);

test('list: newest first, limit 1-20, tags and exclude-tags ignoring case, inclusive bounds', async () => {
  const all = await ok('list/');
  assert.equal(tags(all), ['q3', 'XyZ2', 'AbC1']);
  assert.equal(all[2], {
    issued: '2024-03-29T08:00:00+00:00',
    tag: 'AbC1',
    scenarios: 0,
    created: '2024-03-29T08:01:00+00:00',
    modified: null,
  });
  assert.equal(tags(await ok('list/', 'limit=2')), ['q3', 'XyZ2']);
  assert.equal(tags(await ok('list/', 'tags=abc1')), ['AbC1']);
  assert.equal(tags(await ok('list/', 'exclude-tags=Q3')), ['XyZ2', 'AbC1']);
  assert.equal(tags(await ok('list/', 'issued-at-earliest=2024-03-29+08%3A00&issued-at-latest=2024-03-30+14%3A00')), ['XyZ2', 'AbC1']);
  assert.is((await get('list/', 'limit=21')).body.parameter, 'limit');
});

test('load: the newest instances, periods clipped to [begin, end) in the curve zone', async () => {
  const list = await ok('', 'begin=2024-03-30&end=2024-04-01&limit=2');
  assert.equal(
    list.map((ps: { instance: { tag: string } }) => ps.instance.tag),
    ['q3', 'XyZ2'],
  );
  assert.equal(list[1].data, [
    { begin: '2024-03-30T00:00:00+01:00', end: '2024-03-31T00:00:00+01:00', v: 1000, capacity: 1200 },
    { begin: '2024-03-31T00:00:00+01:00', end: '2024-04-01T00:00:00+02:00', v: 800, capacity: 1200 },
  ]);
  assert.is((await ok('', 'begin=2024-03-30&end=2024-04-01')).length, 3);
  // with timezone=UTC the dates are UTC midnights: [2024-03-30T00:00Z, 2024-04-01T00:00Z)
  assert.equal(spans((await ok('', 'begin=2024-03-30&end=2024-04-01&tags=XYZ2&unit=GW&timezone=UTC'))[0]), [
    '2024-03-30T00:00:00+00:00 2024-03-30T23:00:00+00:00 1',
    '2024-03-30T23:00:00+00:00 2024-04-01T00:00:00+00:00 0.8',
  ]);
  assert.is((await get('', 'end=2024-04-01')).body.parameter, 'begin');
});

test('latest and get: exact instance, tags ignore case, 404 when absent', async () => {
  assert.is((await ok('get/latest/', 'begin=2024-03-30&end=2024-04-01')).instance.tag, 'q3');
  // M3 is issued at 09:00:00Z: one second earlier gives M2
  assert.is((await ok('get/latest/', 'begin=2024-03-30&end=2024-04-01&issued-at-latest=2024-03-31+08%3A59%3A59')).instance.tag, 'XyZ2');
  assert.is((await get('get/latest/', 'begin=2024-03-30&end=2024-04-01&issued-at-latest=2024-01-01')).status, 404);
  const one = await ok(`get/${encodeURIComponent('2024-03-30 14:00:00+00:00')}/xyz2/`, 'begin=2024-03-31&end=2024-04-02');
  assert.equal([one.instance.tag, spans(one)], ['XyZ2', ['2024-03-31T00:00:00+01:00 2024-04-02T00:00:00+02:00 800']]);
  assert.is((await get(`get/${encodeURIComponent('2024-03-30 14:00:01')}/XyZ2/`, 'begin=2024-03-31&end=2024-04-02')).status, 404);
  assert.is((await get(`get/${encodeURIComponent('2024-03-30 14:00')}/`, 'begin=2024-03-31&end=2024-04-02')).status, 404);
});

test('relative: per day, the newest message issued before the cut-off days-ahead earlier (UTC), neighbours merged', async () => {
  // 2024-03-30 <- issued before 03-30T00:00Z: M1 (1000); 2024-03-31 (23 h) <- before 03-31T00:00Z: M2 (800);
  // 2024-04-01 <- before 04-01T00:00Z: M3 (900)
  const body = await ok('get/relative/', 'begin=2024-03-30&end=2024-04-02&days-ahead=1');
  assert.equal(spans(body), [
    '2024-03-30T00:00:00+01:00 2024-03-31T00:00:00+01:00 1000',
    '2024-03-31T00:00:00+01:00 2024-04-01T00:00:00+02:00 800',
    '2024-04-01T00:00:00+02:00 2024-04-02T00:00:00+02:00 900',
  ]);
  assert.equal([body.instance, body.data[0].capacity], [null, 1200]);
  // before-time-of-day 09:00 (exclusive): 03-31 <- before 03-30T09:00Z: M1 (1000, joined with 03-30);
  // 04-01 <- before 03-31T09:00Z: M2 (800), since M3 is issued at 09:00 exactly; 09:00:00.001 lets M3 in (900)
  assert.equal(spans(await ok('get/relative/', 'begin=2024-03-30&end=2024-04-02&days-ahead=1&before-time-of-day=09%3A00')), [
    '2024-03-30T00:00:00+01:00 2024-04-01T00:00:00+02:00 1000',
    '2024-04-01T00:00:00+02:00 2024-04-02T00:00:00+02:00 800',
  ]);
  assert.equal(spans(await ok('get/relative/', 'begin=2024-03-30&end=2024-04-02&days-ahead=1&before-time-of-day=09%3A00%3A00.001')), [
    '2024-03-30T00:00:00+01:00 2024-04-01T00:00:00+02:00 1000',
    '2024-04-01T00:00:00+02:00 2024-04-02T00:00:00+02:00 900',
  ]);
  // days-ahead 0: 03-29 <- by the end of 03-29: M1 (1000); 03-30 <- M2 (1000): one period
  assert.equal(spans(await ok('get/relative/', 'begin=2024-03-29&end=2024-03-31&days-ahead=0&unit=GW')), [
    '2024-03-29T00:00:00+01:00 2024-03-31T00:00:00+01:00 1',
  ]);
  // nothing was issued before 2024-03-28 ends
  assert.equal(spans(await ok('get/relative/', 'begin=2024-03-29&end=2024-03-30&days-ahead=1')), []);
  assert.is((await get('get/relative/', 'begin=2024-03-30&end=2024-04-02')).body.parameter, 'days-ahead');
});

test('a curve of another type is a 400 naming the curve', async () => {
  const reply = await get('list/', '', FORECAST);
  assert.equal([reply.status, reply.body.parameter], [400, 'curve']);
});

test('joinPeriods clips each piece to its window and merges equal neighbours', () => {
  const block: PeriodBlock = {
    curve: REMIT,
    issued: 0,
    tag: '',
    begins: Float64Array.of(0, 50),
    ends: Float64Array.of(50, 300),
    values: Float64Array.of(1, 2),
    capacities: null,
  };
  const joined = joinPeriods(
    [
      { block, begin: 10, end: 100 },
      { block, begin: 100, end: 200 },
    ],
    REMIT,
  );
  assert.equal([[...joined.begins], [...joined.ends], [...joined.values], joined.capacities], [[10, 50], [50, 200], [1, 2], null]);
});

test.run();
