// /api/instances/… and /api/ensembles/… against the real service with a small hand-built import.
// Every expected value is worked out by hand from the rule "value = 1000 K + hours since issue"
// of the instance numbered K, around the spring DST day 2024-03-31 in CET (23 hours).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { instancesRoutes } from '../../../server/src/routes/instances';
import type { CurveRecord, ImportBatch, InstanceRecord, SeriesBlock } from '../../../server/src/store';
import { openService, type OpenedService } from '../../helpers/open-service';
import { curveRecord } from '../../helpers/records';

const H = 3_600_000;
const WIND = 'DE Test Wind Power Production MWh/h H Forecast';
const PRICE = 'DE Test Price Spot EUR/MWh H Forecast';
const ACTUAL = 'DE Test Wind Power Production MWh/h H Actual';
const TICK = 'DE Test Intraday Price EUR/MWh Forecast';

function curve(name: string, fields: Partial<CurveRecord> = {}): CurveRecord {
  return curveRecord(name, { curveType: 'INSTANCE', dataType: 'FORECAST', instanceIssuedTimezone: 'UTC', ...fields });
}

const utc = (day: number, hour: number, month = 3): number => Date.UTC(2024, month - 1, day, hour);
const instances: InstanceRecord[] = [];
const series: SeriesBlock[] = [];

/** Instance K of a curve: 72 hourly values from `issued`, value = 1000 K + lead hour (NaN at `holes`). */
function add(
  name: string,
  k: number,
  issued: number,
  tag: string,
  created: number | null,
  modified: number | null = null,
  members = 0,
  holes: number[] = [],
): void {
  const names = Array.from({ length: members }, (_, m) => `e${String(m).padStart(2, '0')}`);
  instances.push({ curve: name, issued, tag, created, modified, scenarioNames: names });
  const times = Float64Array.from({ length: 72 }, (_, h) => issued + h * H);
  const values = times.map((_, h) => (holes.includes(h) ? NaN : 1000 * k + h));
  const scenarios = names.map((_, m) => values.map((v) => v + m + 1));
  series.push({ curve: name, issued, tag, times, values, scenarios, scenarioNames: names });
}

// ec runs (UTC issue zone), created some hours after issue; E4 is rewritten the next day.
add(WIND, 1, utc(29, 0), 'ec', utc(29, 6));
add(WIND, 2, utc(29, 12), 'ec', utc(29, 17));
add(WIND, 3, utc(30, 0), 'ec', utc(30, 6), null, 0, [10]);
add(WIND, 4, utc(30, 12), 'ec', utc(30, 18), utc(31, 1));
add(WIND, 5, utc(31, 0), 'ec', utc(31, 6));
add(WIND, 6, utc(31, 6), 'ec', utc(31, 12));
add(WIND, 7, utc(30, 6), 'gfs', utc(30, 10));
add(WIND, 8, utc(30, 0), '', null);
add(WIND, 9, utc(28, 0), 'ec-ens', utc(28, 8), null, 3);
// Price runs in a CET issue zone: 12:00+01:00 on 2024-03-30 and 12:00+02:00 / 13:00+02:00 on 2024-03-31.
add(PRICE, 11, utc(30, 11), 'ec', null);
add(PRICE, 12, utc(31, 10), 'ec', null);
add(PRICE, 13, utc(31, 11), 'ec', null);

// Tick data (frequency NONE): T1 issued 2024-03-30 00:00Z, T2 issued 00:30Z, values at irregular minutes.
const minute = (m: number): number => utc(30, 0) + m * 60_000;
for (const [issued, tag, at, vals] of [
  [minute(0), 't1', [10, 20, 40], [1, 2, 3]],
  [minute(30), 't2', [35, 40], [10, 20]],
] as const) {
  instances.push({ curve: TICK, issued, tag, created: null, modified: null, scenarioNames: [] });
  series.push({
    curve: TICK,
    issued,
    tag,
    times: Float64Array.from(at, minute),
    values: Float64Array.from(vals),
    scenarios: [],
    scenarioNames: [],
  });
}

const batch: ImportBatch = {
  curves: [
    curve(WIND),
    curve(PRICE, { unit: 'EUR', denominator: 'MWh', instanceIssuedTimezone: 'CET' }),
    curve(ACTUAL, { curveType: 'TIMESERIES', dataType: 'ACTUAL', instanceIssuedTimezone: null }),
    curve(TICK, { frequency: 'NONE', unit: 'EUR', denominator: 'MWh' }),
  ],
  instances,
  series,
};

let svc: OpenedService;

test.before(async () => {
  svc = await openService({ batch, rateLimit: false, routes: [instancesRoutes] });
});

test.after(async () => {
  await svc?.close();
});

interface Reply {
  status: number;
  body: any;
}

async function get(path: string, query = '', curveName = WIND, section = 'instances'): Promise<Reply> {
  const res = await svc.fetch(`/api/${section}/${encodeURIComponent(curveName)}/${path}${query ? `?${query}` : ''}`, {
    headers: { 'X-API-Key': svc.apiKey },
  });
  return { status: res.status, body: await res.json() };
}

async function ok(path: string, query = '', curveName = WIND, section = 'instances'): Promise<any> {
  const reply = await get(path, query, curveName, section);
  assert.is(reply.status, 200, JSON.stringify(reply.body));
  return reply.body;
}

const vs = (body: { data: { v: number | null }[] }): (number | null)[] => body.data.map((x) => x.v);
const ds = (body: { data: { d: string }[] }): string[] => body.data.map((x) => x.d);
const run = (from: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + i);
const issuedOf = (list: { issued: string; tag: string }[]): string[] => list.map((i) => `${i.issued} ${i.tag}`);

test('tags: every tag of the curve once, sorted', async () => {
  assert.equal(await ok('tags/'), ['', 'ec', 'ec-ens', 'gfs']);
});

test('list: newest issued first, ties by tag; issued-at bounds inclusive; limit', async () => {
  const top = await ok('list/', 'limit=3');
  assert.equal(issuedOf(top), ['2024-03-31T06:00:00+00:00 ec', '2024-03-31T00:00:00+00:00 ec', '2024-03-30T12:00:00+00:00 ec']);
  assert.equal(top[2], {
    issued: '2024-03-30T12:00:00+00:00',
    tag: 'ec',
    scenarios: 0,
    created: '2024-03-30T18:00:00+00:00',
    modified: '2024-03-31T01:00:00+00:00',
  });
  // 2024-03-30 00:00 UTC .. 12:00 UTC, both ends included; B1 ('') before E3 ('ec') at 00:00
  const window = await ok('list/', 'issued-at-earliest=2024-03-30&issued-at-latest=2024-03-30+12%3A00');
  assert.equal(issuedOf(window), [
    '2024-03-30T12:00:00+00:00 ec',
    '2024-03-30T06:00:00+00:00 gfs',
    '2024-03-30T00:00:00+00:00 ',
    '2024-03-30T00:00:00+00:00 ec',
  ]);
  // one millisecond less at either end drops the instance on the bound
  const inner = await ok('list/', 'issued-at-earliest=2024-03-30+00%3A00%3A00.001&issued-at-latest=2024-03-30+11%3A59%3A59.999');
  assert.equal(issuedOf(inner), ['2024-03-30T06:00:00+00:00 gfs']);
  // tags any case, exclude-tags, issued-time-of-day in the issue zone (UTC)
  assert.equal(issuedOf(await ok('list/', 'tags=EC&tags=Gfs&exclude-tags=GFS&issued-time-of-day=12%3A00')), [
    '2024-03-30T12:00:00+00:00 ec',
    '2024-03-29T12:00:00+00:00 ec',
  ]);
  assert.equal((await ok('list/')).length, 9);
  assert.is((await get('list/', 'limit=26')).body.parameter, 'limit');
  assert.is((await get('list/', 'limit=0')).status, 400);
});

test('issued-time-of-day reads the issue zone wall clock: 12:00 CET and 12:00 CEST', async () => {
  // PRICE issue zone CET: 2024-03-30T11:00Z = 12:00+01:00, 2024-03-31T10:00Z = 12:00+02:00, 11:00Z = 13:00+02:00
  const list = await ok('list/', 'issued-time-of-day=12%3A00%3A00.000', PRICE);
  assert.equal(issuedOf(list), ['2024-03-31T12:00:00+02:00 ec', '2024-03-30T12:00:00+01:00 ec']);
  // a plain date-time as `issued` is wall-clock time in the issue zone: 12:00 CEST = 10:00Z = instance 12
  const one = await ok(`get/${encodeURIComponent('2024-03-31 12:00:00')}/ec/`, '', PRICE);
  assert.is(one.instance.issued, '2024-03-31T12:00:00+02:00');
  assert.is(one.data[0].v, 12000);
  assert.equal([one.unit, one.denominator], ['EUR', 'MWh']);
});

test('get: exactly (issued, tag); the tag ignores case; the blank tag without a segment; 404 when absent', async () => {
  const e4 = await ok(`get/${encodeURIComponent('2024-03-30 12:00')}/EC/`);
  assert.equal(e4.instance, {
    issued: '2024-03-30T12:00:00+00:00',
    tag: 'ec',
    scenarios: 0,
    created: '2024-03-30T18:00:00+00:00',
    modified: '2024-03-31T01:00:00+00:00',
  });
  assert.is(e4.data.length, 72);
  // 2024-03-30T12:00Z shown in CET: 13:00+01:00
  assert.equal(e4.data[0], { d: '2024-03-30T13:00:00+01:00', v: 4000 });
  const blank = await ok('get/2024-03-30/');
  assert.equal([blank.instance.tag, blank.data[5].v], ['', 8005]);
  const missing = await get(`get/2024-03-30/gfs/`);
  assert.is(missing.status, 404);
  assert.match(missing.body.message, 'No instance');
  assert.is((await get(`get/${encodeURIComponent('2024-03-30 06:00:00+00:00')}/GFS/`)).status, 200);
  assert.equal((await get('get/30.03.2024/ec/')).body.parameter, 'issued');
  // an offset picks the instant: 2024-03-30T13:00+01:00 = 12:00Z
  assert.is((await ok(`get/${encodeURIComponent('2024-03-30T13:00:00+01:00')}/ec/`)).instance.issued, '2024-03-30T12:00:00+00:00');
});

test('get with aggregation through the engine: the 23-hour CET day of E4', async () => {
  // CET day 2024-03-31 = 2024-03-30T23:00Z .. 2024-03-31T22:00Z: leads 11..33 of E4, mean 4022, sum 23 * 4022
  const body = await ok(`get/${encodeURIComponent('2024-03-30 12:00')}/ec/`, 'frequency=P1D&aggregation=SUM&unit=GWh%2Fh');
  const day = body.data.find((x: { d: string }) => x.d === '2024-03-31T00:00:00+02:00' || x.d === '2024-03-31T00:00:00+01:00');
  assert.is(day.d, '2024-03-31T00:00:00+01:00');
  assert.ok(Math.abs(day.v - 92.506) < 1e-9, String(day.v));
  assert.is(body.unit, 'GWh/h');
  assert.is((await get('get/2024-03-30/ec/', 'frequency=PT15M')).body.parameter, 'frequency');
});

test('ensembles: /ensembles/ gives mean and members, /instances/ the mean only', async () => {
  const ens = await ok('get/2024-03-28/ec-ens/', '', WIND, 'ensembles');
  assert.equal(ens.data[0], { d: '2024-03-28T01:00:00+01:00', v: 9000, s: [9001, 9002, 9003] });
  assert.is(ens.instance.scenarios, 3);
  const plain = await ok('get/2024-03-28/EC-ENS/');
  assert.equal(plain.data[0], { d: '2024-03-28T01:00:00+01:00', v: 9000 });
  assert.is(plain.instance.scenarios, 3);
  const latest = await ok('get/latest/', 'tags=ec-ens', WIND, 'ensembles');
  assert.is(latest.data[71].s.length, 3);
  const loaded = await ok('', 'limit=2&tags=ec-ens&tags=ec', WIND, 'ensembles');
  assert.equal(
    loaded.map((ts: { instance: { tag: string } }) => ts.instance.tag),
    ['ec', 'ec'],
  );
  assert.is((await get('', 'limit=11', WIND, 'ensembles')).body.parameter, 'limit');
  assert.is((await get('', 'limit=11')).status, 200);
});

test('latest and load: selection, limit and aggregation', async () => {
  const latest = await ok('get/latest/', 'tags=gfs&tags=');
  assert.equal([latest.instance.issued, latest.instance.tag], ['2024-03-30T06:00:00+00:00', 'gfs']);
  const bounded = await ok('get/latest/', 'issued-at-latest=2024-03-30+11%3A59&issued-time-of-day=00%3A00');
  assert.equal([bounded.instance.issued, bounded.instance.tag], ['2024-03-30T00:00:00+00:00', '']);
  assert.is((await get('get/latest/', 'tags=icon')).status, 404);
  const loaded = await ok('', 'tags=ec&limit=2&frequency=P1D&timezone=UTC&threshold=6');
  assert.equal(
    loaded.map((ts: { instance: { issued: string } }) => ts.instance.issued),
    ['2024-03-31T06:00:00+00:00', '2024-03-31T00:00:00+00:00'],
  );
  // E6 from 06:00Z: the UTC day 2024-03-31 holds leads 0..17 (6 of 24 hours missing), mean 6008.5
  assert.equal(loaded[0].data[0], { d: '2024-03-31T00:00:00+00:00', v: 6008.5 });
  // with the default threshold 0 the partial day is null
  assert.equal((await ok('', 'tags=ec&limit=1&frequency=P1D&timezone=UTC'))[0].data[0].v, null);
  assert.equal((await ok('')).length, 5);
  assert.is((await get('', 'limit=26')).body.parameter, 'limit');
});

test('relative, days-ahead 1, latest and earliest, across the 23-hour CET day', async () => {
  // 2024-03-30 (CET, from 2024-03-29T23:00Z): issued 2024-03-29 UTC -> latest E2 (lead 11..34), earliest E1 (23..46)
  // 2024-03-31 (23 h, from 2024-03-30T23:00Z): issued 2024-03-30 -> latest E4 (11..33), earliest E3 (23..45)
  // 2024-04-01 (from 2024-03-31T22:00Z): issued 2024-03-31 -> latest E6 (16..39), earliest E5 (22..45)
  const latest = await ok('get/relative/', 'begin=2024-03-30&end=2024-04-02&tag=ec&days-ahead=1&issued=latest');
  assert.equal(vs(latest), [...run(2011, 24), ...run(4011, 23), ...run(6016, 24)]);
  assert.is(latest.instance, null);
  assert.equal(
    [latest.data[0].d, latest.data[26].d, latest.data[47].d],
    ['2024-03-30T00:00:00+01:00', '2024-03-31T03:00:00+02:00', '2024-04-01T00:00:00+02:00'],
  );
  const earliest = await ok('get/relative/', 'begin=2024-03-30&end=2024-04-02&tag=EC&issued=earliest');
  assert.equal(vs(earliest), [...run(1023, 24), ...run(3023, 23), ...run(5022, 24)]);
  // the default is days-ahead 1, issued latest; begin inclusive, end exclusive inside a day:
  // 01:00+01:00 = 00:00Z (E4 lead 12) to 04:00+02:00 = 02:00Z
  assert.equal(vs(await ok('get/relative/', 'begin=2024-03-31+01%3A00&end=2024-03-31+04%3A00&tag=ec')), [4012, 4013]);
});

test('relative, days-ahead 0 (intraday): values from the issue on, a null for the gap, nothing without an instance', async () => {
  // 2024-03-30 CET: issued 2024-03-30 UTC, earliest E3 from 00:00Z (01:00+01:00), lead 10 missing
  // 2024-03-31 CET: E5 from 00:00Z (01:00+01:00); 23:00Z on the 30th has no value; 2024-04-01: no instance issued that UTC day
  const body = await ok('get/relative/', 'begin=2024-03-30&end=2024-04-02&tag=ec&days-ahead=0&issued=earliest');
  const e3 = run(3000, 23).map((v) => (v === 3010 ? null : v));
  assert.equal(vs(body), [...e3, null, ...run(5000, 22)]);
  assert.equal(
    [ds(body)[0], ds(body)[23], ds(body)[24], ds(body).at(-1)],
    ['2024-03-30T01:00:00+01:00', '2024-03-31T00:00:00+01:00', '2024-03-31T01:00:00+01:00', '2024-03-31T23:00:00+02:00'],
  );
  // the blank tag is its own tag: B1 (K=8) issued 2024-03-30 00:00Z
  assert.equal(vs(await ok('get/relative/', 'begin=2024-03-30&end=2024-03-31&tag=&days-ahead=0')).slice(0, 2), [8000, 8001]);
});

test('relative: each time-of-day filter at its boundary (issue zone UTC)', async () => {
  const q = 'begin=2024-03-30&end=2024-04-02&tag=ec&days-ahead=1';
  // time-of-day 12:00 exactly: E2, E4, and no 12:00 run on 2024-03-31
  assert.equal(vs(await ok('get/relative/', `${q}&time-of-day=12%3A00%3A00.000`)), [...run(2011, 24), ...run(4011, 23)]);
  // after-time-of-day is inclusive: 06:00 keeps E6 (issued 06:00); earliest then gives E2, E4, E6
  assert.equal(vs(await ok('get/relative/', `${q}&issued=earliest&after-time-of-day=06%3A00`)), [
    ...run(2011, 24),
    ...run(4011, 23),
    ...run(6016, 24),
  ]);
  assert.equal(vs(await ok('get/relative/', `${q}&issued=earliest&after-time-of-day=06%3A00%3A00.001`)), [
    ...run(2011, 24),
    ...run(4011, 23),
  ]);
  // before-time-of-day is exclusive: 06:00 drops E6, latest then gives E1, E3, E5
  assert.equal(vs(await ok('get/relative/', `${q}&before-time-of-day=06%3A00`)), [...run(1023, 24), ...run(3023, 23), ...run(5022, 24)]);
  // modified-at-latest: E2 created 17:00 passes 17:00:00 and fails 16:59:59 (then E1); E4 (modified the next day) always fails (E3)
  assert.equal(vs(await ok('get/relative/', `${q}&modified-at-latest=17%3A00%3A00`)), [
    ...run(2011, 24),
    ...run(3023, 23),
    ...run(6016, 24),
  ]);
  assert.equal(vs(await ok('get/relative/', `${q}&modified-at-latest=16%3A59%3A59`)).slice(0, 24), run(1023, 24));
});

test('relative: aggregation of the stitched series', async () => {
  // daily sums of the latest day-ahead values: 24 values 2011..2034 sum 48540; 23 values 4011..4033 sum 92506
  const body = await ok('get/relative/', 'begin=2024-03-30&end=2024-04-01&tag=ec&frequency=P1D&aggregation=SUM');
  assert.equal(body.data, [
    { d: '2024-03-30T00:00:00+01:00', v: 48540 },
    { d: '2024-03-31T00:00:00+01:00', v: 92506 },
  ]);
  assert.is((await get('get/relative/', 'begin=2024-03-30&end=2024-04-01')).body.parameter, 'tag');
  assert.is((await get('get/relative/', 'begin=2024-03-30&end=2024-04-01&tag=ec&issued=first')).body.parameter, 'issued');
});

test('rolling: the newest instance available hours-ahead before each value, tags any case', async () => {
  // 2024-03-30 00:00Z..24:00Z; ec available: E2 29th 17Z, E3 30th 06Z, E4 30th 18Z (E5, E6 later)
  // hours-ahead 0: 00-05Z E2 (2012..2017), 06-17Z E3 (3006..3017, hole at 10Z -> E2 2022), 18-23Z E4 (4006..4011)
  const q = `begin=${encodeURIComponent('2024-03-30T00:00:00+00:00')}&end=${encodeURIComponent('2024-03-31T00:00:00+00:00')}&tags=EC`;
  const zero = await ok('get/rolling/', `hours-ahead=0&${q}`);
  assert.equal(vs(zero), [...run(2012, 6), ...run(3006, 4), 2022, ...run(3011, 7), ...run(4006, 6)]);
  assert.equal([zero.data[0].d, zero.instance], ['2024-03-30T01:00:00+01:00', null]);
  // hours-ahead 6: E4 only from 31st 00Z; E3 from 12Z (3012..3023), E2 from 29th 23Z (2012..2023)
  assert.equal(vs(await ok('get/rolling/', `hours-ahead=6&${q}`)), [...run(2012, 12), ...run(3012, 12)]);
  // exclude-tags: gfs (available 10Z) and the blank B1 (no created: available at issue, 00Z) win where they are newer
  const mixed = await ok('get/rolling/', `hours-ahead=0&${q.replace('tags=EC', 'exclude-tags=ec-ens')}&timezone=UTC`);
  assert.equal(vs(mixed).slice(0, 12), [...run(8000, 6), ...run(8006, 4), ...run(7004, 2)]);
  assert.is((await get('get/rolling/', `hours-ahead=25&${q}`)).body.parameter, 'hours-ahead');
});

test('rolling on tick data (NONE): the steps are the times the instances have', async () => {
  // T2 (available 00:30Z) gives 00:35 and 00:40; T1 (available 00:00Z) the earlier 00:10 and 00:20
  const body = await ok(
    'get/rolling/',
    `begin=${encodeURIComponent('2024-03-30 00:00+00:00')}&end=${encodeURIComponent('2024-03-30 01:00+00:00')}`,
    TICK,
  );
  assert.equal(vs(body), [1, 2, 10, 20]);
  assert.equal(ds(body), [
    '2024-03-30T01:10:00+01:00',
    '2024-03-30T01:20:00+01:00',
    '2024-03-30T01:35:00+01:00',
    '2024-03-30T01:40:00+01:00',
  ]);
});

test('absolute: one delivery hour from every instance issued in [begin, end), with tags and exclude-tags', async () => {
  // delivery 2024-03-31 06:00 (issue zone UTC): leads E1 54, E2 42, E3 30, E4 18; E5 (issued at end) is out
  const ec = await ok('get/absolute/', 'delivery=2024-03-31+06%3A00&begin=2024-03-29&end=2024-03-31&tags=ec');
  assert.equal(
    ec.items.map((i: { v: number }) => i.v),
    [1054, 2042, 3030, 4018],
  );
  assert.equal(
    [ec.delivery, ec.resolution, ec.filter, ec.aggregation, ec.unit],
    ['2024-03-31T06:00:00+00:00', { frequency: 'PT1H', timezone: 'UTC' }, 'BASE', 'AVERAGE', 'MWh/h'],
  );
  assert.equal(ec.items[0].instance.issued, '2024-03-29T00:00:00+00:00');
  // exclude-tags ec (ec-ens is issued before the window): B1 8030, G1 7024 in issue order
  const others = await ok('get/absolute/', 'delivery=2024-03-31+06%3A00&begin=2024-03-29&end=2024-03-31&exclude-tags=EC');
  assert.equal(
    others.items.map((i: { v: number; instance: { tag: string } }) => [i.instance.tag, i.v]),
    [
      ['', 8030],
      ['gfs', 7024],
    ],
  );
  const both = await ok('get/absolute/', 'delivery=2024-03-31+06%3A00&begin=2024-03-29&end=2024-03-31&tags=ec&tags=gfs&exclude-tags=GFS');
  assert.is(both.items.length, 4);
  assert.equal(
    (await ok('get/absolute/', 'delivery=2024-03-31+06%3A00&begin=2024-03-31&end=2024-03-31+00%3A00%3A00.001&tags=ec')).items.length,
    1,
  );
});

test('absolute: a CET delivery day of 23 hours, averaged, summed and peak-filtered', async () => {
  // CET 2024-03-31 = 2024-03-30T23:00Z..2024-03-31T22:00Z: E3 leads 23..45 (mean 3034), E4 11..33 (mean 4022)
  const q = 'delivery=2024-03-31&begin=2024-03-30&end=2024-03-31&tags=ec&frequency=P1D&timezone=CET';
  const mean = await ok('get/absolute/', q);
  assert.equal(
    mean.items.map((i: { v: number }) => i.v),
    [3034, 4022],
  );
  assert.equal([mean.delivery, mean.resolution.timezone], ['2024-03-31T00:00:00+01:00', 'CET']);
  assert.equal(
    (await ok('get/absolute/', `${q}&aggregation=SUM`)).items.map((i: { v: number }) => i.v),
    [23 * 3034, 92506],
  );
  // PEAK: local 08:00-20:00 CEST = 06:00Z-18:00Z: E4 leads 18..29, mean 4023.5
  const peak = await ok('get/absolute/', `${q}&hour-filter=PEAK&unit=GWh%2Fh`);
  assert.ok(Math.abs(peak.items[1].v - 4.0235) < 1e-12);
  assert.equal([peak.filter, peak.unit], ['PEAK', 'GWh/h']);
  const none = await ok('get/absolute/', 'delivery=2024-03-31&begin=2020-01-01&end=2020-01-02&unit=GWh%2Fh');
  assert.equal([none.items, none.unit], [[], 'GWh/h']);
  assert.is(
    (await get('get/absolute/', 'delivery=2024-03-31&begin=2024-03-30&end=2024-03-31&frequency=PT15M')).body.parameter,
    'frequency',
  );
});

test('errors: unknown curve 404, another curve type 400 (curve), bad parameters 400', async () => {
  assert.is((await get('list/', '', 'DE Nothing MWh/h H Forecast')).status, 404);
  const wrongType = await get('list/', '', ACTUAL);
  assert.equal([wrongType.status, wrongType.body.parameter], [400, 'curve']);
  assert.is((await get('list/', 'issued-at-latest=yesterday')).body.parameter, 'issued-at-latest');
  assert.is((await get('get/relative/', 'begin=2024-03-30&end=2024-04-01&tag=ec&days-ahead=-1')).body.parameter, 'days-ahead');
  assert.is((await get('get/absolute/', 'begin=2024-03-30&end=2024-04-01')).body.parameter, 'delivery');
});

test('the generated demo data: tags, newest-first list, ensembles, day-ahead stitching', async () => {
  const demo = await openService({ demo: { preset: 'small', anchor: '2025-01-15' }, rateLimit: false, routes: [instancesRoutes] });
  try {
    const call = async (path: string) => {
      const res = await demo.fetch(`/api/${path}`, { headers: { 'X-API-Key': demo.apiKey } });
      assert.is(res.status, 200, path);
      return res.json() as Promise<any>;
    };
    const wind = encodeURIComponent('DE Wind Power Production MWh/h 15min Forecast');
    const tags: string[] = await call(`instances/${wind}/tags/`);
    assert.ok(tags.includes('ec') && tags.includes('ec-ens'), tags.join());
    const list: { issued: string }[] = await call(`instances/${wind}/list/?limit=10`);
    assert.is(list.length, 10);
    assert.ok(list.every((x, i) => i === 0 || Date.parse(list[i - 1]!.issued) >= Date.parse(x.issued)));
    const ens = await call(`ensembles/${wind}/get/latest/?tags=ec-ens`);
    assert.is(ens.instance.scenarios, 51);
    assert.is(ens.data[0].s.length, 51);
    // 2025-01-10 CET, day-ahead ec: 96 quarter-hours with values
    const relative = await call(`instances/${wind}/get/relative/?begin=2025-01-10&end=2025-01-11&tag=ec`);
    assert.is(relative.data.length, 96);
    assert.ok(relative.data.every((x: { v: number | null }) => typeof x.v === 'number'));
  } finally {
    await demo.close();
  }
});

test.run();
