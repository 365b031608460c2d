import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DuckDbStore } from '../../../../server/src/store';
import type { CurveRecord, ImportBatch, SeriesBlock } from '../../../../server/src/store';
import { ValueError, NotFoundError } from '../../../../src/exceptions';
import { curveRecord } from '../../../helpers/records';

const H = 3_600_000;
// 2024-01-01T00:00 CET = 2023-12-31T23:00Z
const T0 = Date.UTC(2023, 11, 31, 23);

function curve(name: string, over: Partial<CurveRecord> = {}): CurveRecord {
  return curveRecord(name, { categories: ['Wind', 'Power', 'Production'], ...over });
}

function hours(start: number, n: number): Float64Array {
  return Float64Array.from({ length: n }, (_, i) => start + i * H);
}

function series(name: string, times: Float64Array, values: number[] | null, extra: Partial<SeriesBlock> = {}): SeriesBlock {
  return {
    curve: name,
    issued: null,
    tag: null,
    times,
    values: values ? Float64Array.from(values) : null,
    scenarios: [],
    scenarioNames: [],
    ...extra,
  };
}

const nullsOf = (xs: Float64Array) => [...xs].map((v) => (Number.isNaN(v) ? null : v));

const dirs: string[] = [];
let now = Date.UTC(2024, 0, 10);
async function openStore(dir?: string) {
  const d = dir ?? mkdtempSync(join(tmpdir(), 'store-test-'));
  if (!dir) dirs.push(d);
  return { dir: d, store: await DuckDbStore.open(d, { clock: () => now }) };
}

const WIND = 'DE Wind Power Production MWh/h H Actual';

test.after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test('a fresh store is empty', async () => {
  const { store } = await openStore();
  const stats = await store.stats();
  assert.equal(stats, { curves: 0, places: 0, users: 0, keys: 0, instances: 0, values: 0, periods: 0, ohlcRows: 0, events: 0 });
  await store.close();
});

test('reads back what was written, NaN as missing, in [begin, end)', async () => {
  const { store } = await openStore();
  const result = await store.importBatch({ curves: [curve(WIND)], series: [series(WIND, hours(T0, 4), [1.5, NaN, 3, -4])] });
  assert.is(result.values, 4);
  assert.is(result.events.length, 1);
  // the event covers the four hours: end = start of the 5th hour
  assert.is(result.events[0]!.begin, T0);
  assert.is(result.events[0]!.end, T0 + 4 * H);
  const all = await store.readSeries(WIND, {});
  assert.equal([...all.times], [T0, T0 + H, T0 + 2 * H, T0 + 3 * H]);
  assert.equal(
    [...(all.values as Float64Array)].map((v) => (Number.isNaN(v) ? null : v)),
    [1.5, null, 3, -4],
  );
  const part = await store.readSeries(WIND, { begin: T0 + H, end: T0 + 3 * H });
  assert.equal([...part.times], [T0 + H, T0 + 2 * H]);
  assert.ok(Number.isNaN((part.values as Float64Array)[0]));
  // where the values are: the first and last of the four hours
  assert.equal(await store.valueExtent(WIND), { first: T0, last: T0 + 3 * H });
  try {
    await store.readSeries('no such curve', {});
    assert.unreachable();
  } catch (err) {
    assert.instance(err, NotFoundError);
  }
  await store.close();
});

test('a block replaces the stored values between its first and last timestamp', async () => {
  const { store } = await openStore();
  await store.importBatch({ curves: [curve(WIND)], series: [series(WIND, hours(T0, 6), [0, 1, 2, 3, 4, 5])] });
  await store.importBatch({ series: [series(WIND, hours(T0 + 2 * H, 2), [20, 30])] });
  const all = await store.readSeries(WIND, {});
  assert.equal([...(all.values as Float64Array)], [0, 1, 20, 30, 4, 5]);
  assert.is((await store.stats()).values, 6);
  await store.close();
});

test('scenario series and ensemble instances keep their members', async () => {
  const { store } = await openStore();
  const climate = 'DE Wind Power Production MWh/h H Climate';
  const fc = 'DE Wind Power Production MWh/h H Forecast';
  const issued = T0 - 6 * H;
  await store.importBatch({
    curves: [
      curve(climate, { curveType: 'SCENARIO_TIMESERIES', dataType: 'CLIMATE' }),
      curve(fc, { curveType: 'INSTANCE', dataType: 'FORECAST', instanceIssuedTimezone: 'UTC' }),
    ],
    instances: [{ curve: fc, issued, tag: 'EC-ens', created: issued + 8 * H, modified: null, scenarioNames: ['e00', 'e01'] }],
    series: [
      series(climate, hours(T0, 2), null, {
        scenarios: [Float64Array.from([1, 2]), Float64Array.from([3, 4])],
        scenarioNames: ['y1980', 'y1981'],
      }),
      series(fc, hours(T0, 3), [5, 6, 7], {
        issued,
        tag: 'EC-ens',
        scenarios: [Float64Array.from([4, 5, 6]), Float64Array.from([6, 7, 8])],
        scenarioNames: ['e00', 'e01'],
      }),
    ],
  });
  const c = await store.readSeries(climate, {});
  assert.is(c.values, null);
  assert.equal(c.scenarioNames, ['y1980', 'y1981']);
  assert.equal(
    c.scenarios.map((s) => [...s]),
    [
      [1, 2],
      [3, 4],
    ],
  );
  // instance tags compare case-insensitively
  const e = await store.readSeries(fc, { begin: T0 + H }, { issued, tag: 'ec-ens' });
  assert.is(e.tag, 'EC-ens');
  assert.equal([...e.times], [T0 + H, T0 + 2 * H]);
  assert.equal([...(e.values as Float64Array)], [6, 7]);
  assert.equal(
    e.scenarios.map((s) => [...s]),
    [
      [5, 6],
      [7, 8],
    ],
  );
  const meanOnly = await store.readSeries(fc, {}, { issued, tag: 'EC-ENS' }, { scenarios: false });
  assert.equal(meanOnly.scenarios, []);
  assert.equal([...(meanOnly.values as Float64Array)], [5, 6, 7]);
  const list = await store.listInstances(fc, { tags: ['ec-ENS'] });
  assert.equal(
    list.map((i) => [i.issued, i.tag, i.scenarioNames]),
    [[issued, 'EC-ens', ['e00', 'e01']]],
  );
  assert.equal(await store.listInstances(fc, { excludeTags: ['ec-ens'] }), []);
  // tags inlined as SQL literals (a quote doubled) and, with a control character, bound as a list
  assert.equal((await store.listInstances(fc, { tags: ["it's", 'EC-ENS'] })).length, 1);
  assert.equal((await store.listInstances(fc, { tags: ['tab\there', 'EC-ENS'] })).length, 1);
  assert.equal(await store.listInstances(fc, { tags: ["ec-ens') OR (1=1"] }), []);
  assert.equal(await store.listInstances(fc, { excludeTags: ['tab\there', 'ec-ens'] }), []);
  for (const tag of ["ec-ens' OR '1'='1", 'ec-\tens']) {
    try {
      await store.readSeries(fc, {}, { issued, tag });
      assert.unreachable();
    } catch (err) {
      assert.instance(err, NotFoundError);
    }
  }
  try {
    await store.readSeries(fc, {}, { issued: issued + 1, tag: 'ec-ens' });
    assert.unreachable();
  } catch (err) {
    assert.instance(err, NotFoundError);
  }
  await store.close();
});

test('a batch failing midway leaves the store exactly as before', async () => {
  const { store } = await openStore();
  await store.importBatch({ curves: [curve(WIND)], series: [series(WIND, hours(T0, 3), [1, 2, 3])] });
  const before = await store.stats();
  const other = 'FR Wind Power Production MWh/h H Actual';
  const batch: ImportBatch = {
    curves: [curve(other, { area: 'FR' }), curve(WIND, { unit: 'GWh/h' })],
    users: [{ id: 'u1', name: 'U', email: null, organization: null, blocked: false, subscriptions: [] }],
    series: [series(other, hours(T0, 2), [1, 2]), series(WIND, hours(T0, 2), [9, 9])],
  };
  let calls = 0;
  try {
    // the metadata part and the first block are written, then the import fails
    await store.importBatch(batch, {
      onProgress: (done) => {
        calls = done;
        if (done === 2) throw new Error('disk full');
      },
    });
    assert.unreachable();
  } catch (err) {
    assert.is((err as Error).message, 'disk full');
  }
  assert.is(calls, 2);
  assert.equal(await store.stats(), before);
  assert.is(await store.getCurve(other), null);
  assert.is((await store.getCurve(WIND))?.unit, 'MWh/h');
  assert.is(await store.getUser('u1'), null);
  assert.equal([...((await store.readSeries(WIND, {})).values as Float64Array)], [1, 2, 3]);
  assert.equal((await store.eventsAfter(null)).events.length, 1);
  // an invalid batch is refused before anything is written
  try {
    await store.importBatch({ curves: [curve(other, { area: 'FR' })], series: [series(other, Float64Array.from([T0 + H, T0]), [1, 2])] });
    assert.unreachable();
  } catch (err) {
    assert.instance(err, ValueError);
    assert.match((err as Error).message, /strictly increase/);
  }
  assert.is(await store.getCurve(other), null);
  // the store still works, and ids given out by the failed batch do not clash
  await store.importBatch({ curves: [curve(other, { area: 'FR' })], series: [series(other, hours(T0, 2), [7, 8])] });
  assert.equal([...((await store.readSeries(other, {})).values as Float64Array)], [7, 8]);
  await store.close();
});

test('periods: a block replaces its range, trimming stored periods that stick out', async () => {
  const { store } = await openStore();
  const cap = 'DE Wind Power Installed MW Capacity';
  const D = 24 * H;
  await store.importBatch({
    curves: [curve(cap, { curveType: 'PERIOD', dataType: 'CAPACITY', frequency: 'NONE', unit: 'MW' })],
    periods: [
      {
        curve: cap,
        issued: null,
        tag: null,
        begins: Float64Array.from([T0, T0 + 10 * D]),
        ends: Float64Array.from([T0 + 10 * D, T0 + 20 * D]),
        values: Float64Array.from([100, 110]),
        capacities: null,
      },
    ],
  });
  // a new value for days 5..15 splits the stored periods
  await store.importBatch({
    periods: [
      {
        curve: cap,
        issued: null,
        tag: null,
        begins: Float64Array.from([T0 + 5 * D]),
        ends: Float64Array.from([T0 + 15 * D]),
        values: Float64Array.from([105]),
        capacities: Float64Array.from([120]),
      },
    ],
  });
  const all = await store.readPeriods(cap, {});
  assert.equal(
    [...all.begins].map((b) => (b - T0) / D),
    [0, 5, 15],
  );
  assert.equal(
    [...all.ends].map((e) => (e - T0) / D),
    [5, 15, 20],
  );
  assert.equal([...all.values], [100, 105, 110]);
  assert.equal(
    [...(all.capacities as Float64Array)].map((c) => (Number.isNaN(c) ? null : c)),
    [null, 120, null],
  );
  // a period overlapping [begin, end) is returned whole
  const some = await store.readPeriods(cap, { begin: T0 + 14 * D, end: T0 + 16 * D });
  assert.equal([...some.values], [105, 110]);
  // a block inside one stored period splits it in three
  await store.importBatch({
    periods: [
      {
        curve: cap,
        issued: null,
        tag: null,
        begins: Float64Array.from([T0 + 1 * D]),
        ends: Float64Array.from([T0 + 2 * D]),
        values: Float64Array.from([0]),
        capacities: null,
      },
    ],
  });
  const split = await store.readPeriods(cap, { end: T0 + 5 * D });
  assert.equal(
    [...split.begins].map((b) => (b - T0) / D),
    [0, 1, 2],
  );
  assert.equal(
    [...split.ends].map((e) => (e - T0) / D),
    [1, 2, 5],
  );
  assert.equal([...split.values], [100, 0, 100]);
  await store.close();
});

test('OHLC: rows by traded range and filters; a block replaces its trading days', async () => {
  const { store } = await openStore();
  const base = 'DE Futures Power Base EUR/MWh EEX OHLC';
  // trading days 2024-01-02 and 2024-01-03 (local midnights, CET = UTC+1)
  const d1 = Date.UTC(2024, 0, 1, 23);
  const d2 = Date.UTC(2024, 0, 2, 23);
  const feb = Date.UTC(2024, 0, 31, 23);
  const mar = Date.UTC(2024, 1, 29, 23);
  const q2 = Date.UTC(2024, 2, 31, 22);
  const col = (...v: number[]) => Float64Array.from(v);
  const rows = (traded: number[], period: string[], delivery: number[], settlement: number[]) => ({
    curve: base,
    traded: col(...traded),
    period,
    delivery: col(...delivery),
    open: col(...traded.map(() => NaN)),
    high: col(...traded.map(() => NaN)),
    low: col(...traded.map(() => NaN)),
    close: col(...traded.map(() => NaN)),
    settlement: col(...settlement),
    volume: col(...traded.map(() => 0)),
    openInterest: col(...traded.map(() => NaN)),
  });
  await store.importBatch({
    curves: [curve(base, { curveType: 'OHLC', dataType: 'OHLC', frequency: 'P1D', source: 'EEX', package: 'market' })],
    ohlc: [rows([d1, d1, d1, d2, d2], ['month', 'quarter', 'month', 'month', 'month'], [feb, q2, mar, feb, mar], [80, 70, 78, 81, 79])],
  });
  const all = await store.readOhlc(base, {});
  // ordered by traded, period, delivery
  assert.equal([...all.settlement], [80, 78, 70, 81, 79]);
  assert.equal(all.period, ['month', 'month', 'quarter', 'month', 'month']);
  assert.ok(Number.isNaN(all.close[0]));
  assert.equal([...(await store.readOhlc(base, { begin: d2 })).settlement], [81, 79]);
  assert.equal([...(await store.readOhlc(base, { period: 'QUARTER' })).settlement], [70]);
  assert.equal([...(await store.readOhlc(base, { delivery: mar })).settlement], [78, 79]);
  assert.is(await store.latestTraded(base), d2);
  assert.is(await store.latestTraded(base, d2 - 1), d1);
  assert.is(await store.latestTraded(base, d1 - 1), null);
  // re-importing day 2 replaces it whole
  const r = await store.importBatch({ ohlc: [rows([d2], ['month'], [feb], [90])] });
  assert.is(r.ohlcRows, 1);
  // the event covers the trading day: 2024-01-03 00:00 CET to 2024-01-04 00:00 CET
  assert.equal([r.events[0]!.begin, r.events[0]!.end], [d2, d2 + 24 * H]);
  assert.equal([...(await store.readOhlc(base, {})).settlement], [80, 78, 70, 90]);
  await store.close();
});

test('events: strictly increasing ids, read after an id, loss detected after pruning', async () => {
  const { store } = await openStore();
  now = Date.UTC(2024, 0, 10);
  const a = await store.importBatch({
    curves: [curve(WIND)],
    series: [series(WIND, hours(T0, 1), [1]), series(WIND, hours(T0 + H, 1), [2])],
  });
  assert.equal(
    a.events.map((e) => e.id),
    [`${now}-0`, `${now}-1`],
  );
  const seen: string[] = [];
  const off = store.onEvents((events) => seen.push(...events.map((e) => e.id)));
  const b = await store.importBatch({ series: [series(WIND, hours(T0 + 2 * H, 1), [3])] });
  // the clock did not move: same millisecond, next sequence number
  assert.equal(
    b.events.map((e) => e.id),
    [`${now}-2`],
  );
  assert.equal(seen, [`${now}-2`]);
  off();
  assert.equal(
    (await store.eventsAfter(`${now}-0`)).events.map((e) => e.id),
    [`${now}-1`, `${now}-2`],
  );
  assert.equal(
    (await store.eventsAfter(`${now}-0`, 1)).events.map((e) => e.id),
    [`${now}-1`],
  );
  const e = (await store.eventsAfter(null)).events[2];
  assert.equal(
    { ...e, id: '' },
    { id: '', type: 'CURVE_UPDATE', curve: WIND, begin: T0 + 2 * H, end: T0 + 3 * H, issued: null, tag: null, created: now },
  );
  for (const bad of ['yesterday', '12-3']) {
    try {
      await store.eventsAfter(bad);
      assert.unreachable();
    } catch (err) {
      assert.instance(err, ValueError);
    }
  }
  // 8 days later the first three events leave the log (default retention 7 days)
  const old = now;
  now += 8 * 24 * H;
  const c = await store.importBatch({ series: [series(WIND, hours(T0 + 3 * H, 1), [4])] });
  assert.equal(
    c.events.map((x) => x.id),
    [`${now}-0`],
  );
  const after = await store.eventsAfter(`${old}-0`);
  assert.is(after.lost, true);
  assert.equal(
    after.events.map((x) => x.id),
    [`${now}-0`],
  );
  assert.is((await store.eventsAfter(`${old}-2`)).lost, false);
  assert.is((await store.eventsAfter(null)).events.length, 1);
  await store.close();
});

test('everything persists across reopening; ids keep increasing', async () => {
  const first = await openStore();
  now = Date.UTC(2024, 0, 10);
  await first.store.importBatch({
    curves: [curve(WIND, { placeKey: 'pp-x' })],
    places: [
      {
        key: 'pp-x',
        kind: 'producer',
        name: 'X',
        unit: null,
        fuels: ['Wind'],
        latitude: 54.1,
        longitude: null,
        areas: ['DE'],
        parentKey: null,
      },
    ],
    users: [
      { id: 'ada', name: 'Ada', email: 'a@x', organization: 'Org', blocked: false, subscriptions: [{ package: 'power', area: '*' }] },
    ],
    keys: [{ hash: 'a'.repeat(64), userId: 'ada', label: 'l', created: 5, blocked: false }],
    series: [series(WIND, hours(T0, 2), [1, 2])],
  });
  await first.store.setUserBlocked('ada', true);
  await first.store.close();
  const { store } = await openStore(first.dir);
  assert.equal(await store.getCurve(WIND), curve(WIND, { placeKey: 'pp-x' }));
  assert.equal(await store.getPlace('pp-x'), {
    key: 'pp-x',
    kind: 'producer',
    name: 'X',
    unit: null,
    fuels: ['Wind'],
    latitude: 54.1,
    longitude: null,
    areas: ['DE'],
    parentKey: null,
  });
  assert.equal(await store.getUser('ada'), {
    id: 'ada',
    name: 'Ada',
    email: 'a@x',
    organization: 'Org',
    blocked: true,
    subscriptions: [{ package: 'power', area: '*' }],
  });
  assert.equal(await store.listKeys('ada'), [{ hash: 'a'.repeat(64), userId: 'ada', label: 'l', created: 5, blocked: false }]);
  assert.equal([...((await store.readSeries(WIND, {})).values as Float64Array)], [1, 2]);
  const other = 'NL Wind Power Production MWh/h H Actual';
  const r = await store.importBatch({ curves: [curve(other, { area: 'NL' })], series: [series(other, hours(T0, 1), [7])] });
  // same millisecond as before the restart: the sequence continues
  assert.is(r.events[0]!.id, `${now}-1`);
  assert.equal([...((await store.readSeries(other, {})).values as Float64Array)], [7]);
  assert.equal([...((await store.readSeries(WIND, {})).values as Float64Array)], [1, 2]);
  // cached records cannot be changed by a caller
  const cached = (await store.getCurve(WIND)) as CurveRecord;
  assert.throws(() => {
    (cached.categories as string[]).push('X');
  });
  await store.close();
});

test('a store of schema version 1 (times as DOUBLE) opens converted, with the same rows; fractional times are refused', async () => {
  const { dir, store } = await openStore();
  await store.importBatch({ curves: [curve(WIND)], series: [series(WIND, hours(T0, 3), [1, NaN, 3])] });
  await store.close();
  // the file as version 1 wrote it
  const file = join(dir, 'service.duckdb');
  const old = await DuckDBInstance.create(file);
  const conn = await old.connect();
  await conn.run('ALTER TABLE series_values ALTER COLUMN ts SET DATA TYPE DOUBLE');
  await conn.run("UPDATE store_meta SET value = '1' WHERE key = 'schema_version'");
  conn.closeSync();
  old.closeSync();
  const { store: again } = await openStore(dir);
  const read = await again.readSeries(WIND, { begin: T0 + H });
  assert.equal([...read.times], [T0 + H, T0 + 2 * H]);
  assert.equal(nullsOf(read.values!), [null, 3]);
  await again.importBatch({ series: [series(WIND, hours(T0 + 3 * H, 1), [4])] });
  assert.equal(nullsOf((await again.readSeries(WIND, {})).values!), [1, null, 3, 4]);
  const refused = await again.importBatch({ series: [series(WIND, Float64Array.of(T0 + 0.5), [1])] }).catch((err: unknown) => err);
  assert.instance(refused, ValueError);
  assert.match((refused as Error).message, /times\[0\] must be a whole number of milliseconds/);
  await again.close();
  const check = await DuckDBInstance.create(file);
  const c = await check.connect();
  const meta = await c.runAndReadAll(
    "SELECT (SELECT data_type FROM duckdb_columns() WHERE table_name = 'series_values' AND column_name = 'ts') AS t, (SELECT value FROM store_meta WHERE key = 'schema_version') AS v",
  );
  assert.equal(meta.getRowObjectsJS(), [{ t: 'BIGINT', v: '2' }]);
  c.closeSync();
  check.closeSync();
});

test('metadata searches: ordered by name, filtered, paged; categories', async () => {
  const { store } = await openStore();
  const names = [
    'DE Wind Power Production MWh/h H Actual',
    'DE Solar Photovoltaic Production MWh/h H Actual',
    'FR Wind Power Production MWh/h H Actual',
  ];
  const plant = (key: string, parentKey: string | null) => ({
    key,
    kind: 'producer',
    name: key.toUpperCase(),
    unit: null,
    fuels: ['Lignite'],
    latitude: null,
    longitude: null,
    areas: ['DE'],
    parentKey,
  });
  await store.importBatch({
    places: [plant('pp-b', null), plant('pp-a', null), plant('pp-a-1', 'pp-a')],
    curves: names.map((n, i) =>
      curve(n, {
        area: n.slice(0, 2),
        categories: i === 1 ? ['Solar', 'Photovoltaic', 'Production'] : ['Wind', 'Power', 'Production'],
        placeKey: i === 0 ? 'pp-a' : null,
      }),
    ),
  });
  const page1 = await store.searchCurves({ q: 'production', pageSize: 2 });
  assert.equal(
    page1.items.map((c) => c.name),
    [names[1], names[0]],
  );
  assert.equal([page1.total, page1.lastPage], [3, 2]);
  assert.equal(
    (await store.searchCurves({ q: 'production', page: 2, pageSize: 2 })).items.map((c) => c.name),
    [names[2]],
  );
  assert.equal(
    (await store.searchCurves({ area: 'DE', categories: ['Wind'] })).items.map((c) => c.name),
    [names[0]],
  );
  assert.equal((await store.searchCurves({ placeKey: 'pp-a' })).total, 1);
  assert.equal(await store.searchCurves({ q: 'zzzz' }), { items: [], total: 0, page: 1, pageSize: 50, lastPage: 1 });
  assert.equal(
    (await store.searchPlaces({ parentKey: null })).items.map((p) => p.key),
    ['pp-a', 'pp-b'],
  );
  assert.equal(
    (await store.searchPlaces({ parentKey: 'pp-a' })).items.map((p) => p.key),
    ['pp-a-1'],
  );
  assert.equal(await store.categories(), ['Photovoltaic', 'Power', 'Production', 'Solar', 'Wind']);
  assert.equal(await store.exactCategories(), ['Solar Photovoltaic Production', 'Wind Power Production']);
  await store.close();
});

test.run();
