import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbStore } from '../../../../server/src/store';
import type { CurveRecord, InstanceRecord, SeriesBlock } from '../../../../server/src/store';
import { ValueError } from '../../../../src/exceptions';
import { curveRecord } from '../../../helpers/records';

// The import path for many blocks at once: rows are buffered across blocks in full data chunks,
// replace steps run only where stored data can exist, and stored instances are looked up by
// their issue time.

const M15 = 900_000;
const H = 3_600_000;
// 2024-01-01T00:00 CET = 2023-12-31T23:00Z
const T0 = Date.UTC(2023, 11, 31, 23);

function curve(name: string, over: Partial<CurveRecord> = {}): CurveRecord {
  return curveRecord(name, { categories: ['Wind'], frequency: 'PT15M', ...over });
}

const steps = (start: number, n: number) => Float64Array.from({ length: n }, (_, i) => start + i * M15);
const ramp = (n: number, base: number) => Float64Array.from({ length: n }, (_, i) => base + i);

function block(name: string, times: Float64Array, values: Float64Array | null, extra: Partial<SeriesBlock> = {}): SeriesBlock {
  return { curve: name, issued: null, tag: null, times, values, scenarios: [], scenarioNames: [], ...extra };
}

const dirs: string[] = [];
async function openStore(exclusiveWrites = false) {
  const dir = mkdtempSync(join(tmpdir(), 'store-write-test-'));
  dirs.push(dir);
  return DuckDbStore.open(dir, { clock: () => Date.UTC(2024, 0, 10), exclusiveWrites });
}
test.after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const A = 'DE Wind Power Production MWh/h 15min Actual';
const B = 'FR Wind Power Production MWh/h 15min Actual';
const F = 'DE Wind Power Production MWh/h 15min Forecast';

test('many blocks in one batch: each curve reads back exactly, across chunk boundaries', async () => {
  const store = await openStore();
  const names = Array.from({ length: 40 }, (_, k) => `DE Bench ${k} MWh/h 15min Actual`);
  // block k has 37 * k + 5 values (5 .. 1448): 29 060 rows, so most chunks hold rows of several blocks
  const blocks = names.map((name, k) => block(name, steps(T0, 37 * k + 5), ramp(37 * k + 5, 1000 * k)));
  const r = await store.importBatch({ curves: names.map((n) => curve(n)), series: blocks });
  assert.is(
    r.values,
    blocks.reduce((n, b) => n + b.times.length, 0),
  );
  for (const k of [0, 1, 17, 39]) {
    const got = await store.readSeries(names[k]!, {});
    assert.equal([...got.times], [...blocks[k]!.times]);
    assert.equal([...(got.values as Float64Array)], [...(blocks[k]!.values as Float64Array)]);
  }
  await store.close();
});

test('exclusive writes (values inserted on several threads) read back what a shared store reads back', async () => {
  const names = Array.from({ length: 6 }, (_, k) => `DE Bench ${k} MWh/h 15min Actual`);
  // six curves of 150,000 values (more than a row group each), a gap of NaN in one, then a later
  // block of the same curve in the same batch and a small block of a curve stored before
  const big = names.map((name, k) => block(name, steps(T0, 150_000), ramp(150_000, 1e6 * k)));
  big[2]!.values!.fill(Number.NaN, 70_000, 70_100);
  const later = block(names[0]!, steps(T0 + 149_000 * M15, 2000), ramp(2000, -5000));
  const reads: unknown[] = [];
  for (const exclusive of [false, true]) {
    const store = await openStore(exclusive);
    await store.importBatch({ curves: [...names, A].map((n) => curve(n)), series: [block(A, steps(T0, 4), ramp(4, 0))] });
    const r = await store.importBatch({ series: [...big, later, block(A, steps(T0 + M15, 2), Float64Array.of(-1, -2))] });
    assert.is(r.values, 6 * 150_000 + 2000 + 2);
    const read = [];
    for (const name of [...names, A]) {
      const got = await store.readSeries(name, {});
      read.push([got.times.length, got.times[0], got.times.at(-1), [...got.values!.subarray(69_999, 70_101)], got.values!.at(-1)]);
    }
    reads.push(read);
    assert.is((await store.stats()).values, 6 * 150_000 + 1000 + 4);
    await store.close();
  }
  assert.equal(reads[1], reads[0]);
  assert.equal((reads[0] as unknown[][])[0], [151_000, T0, T0 + 150_999 * M15, [...ramp(102, 69_999)], -5000 + 1999]);
  assert.equal((reads[0] as unknown[][])[6], [4, T0, T0 + 3 * M15, [], 3]);
});

test('a later block of the same curve in the same batch replaces the earlier one where they overlap', async () => {
  const store = await openStore();
  await store.importBatch({ curves: [curve(A), curve(B)], series: [block(B, steps(T0, 3), ramp(3, 0))] });
  // A: 3000 values, then 2500 values from step 1000 on (both more than a chunk); B: stored, replaced at its step 1
  const r = await store.importBatch({
    series: [
      block(A, steps(T0, 3000), ramp(3000, 0)),
      block(B, steps(T0 + M15, 1), Float64Array.of(-1)),
      block(A, steps(T0 + 1000 * M15, 2500), ramp(2500, 100_000)),
    ],
  });
  assert.is(r.values, 5501);
  const a = await store.readSeries(A, {});
  assert.is(a.times.length, 3500);
  assert.equal([a.values![999], a.values![1000], a.values![3499]], [999, 100_000, 102_499]);
  assert.equal([...(await store.readSeries(B, {})).values!], [0, -1, 2]);
  assert.is((await store.stats()).values, 3503);
  await store.close();
});

test('instances: stored ones are found by issue time, replaced not doubled; unknown ones refused', async () => {
  const store = await openStore();
  const fc = curve(F, { curveType: 'INSTANCE', dataType: 'FORECAST', instanceIssuedTimezone: 'UTC' });
  const inst = (issued: number, tag: string, scenarioNames: string[] = []): InstanceRecord => ({
    curve: F,
    issued,
    tag,
    created: issued,
    modified: null,
    scenarioNames,
  });
  const i1 = T0 - 6 * H;
  const i2 = T0 + 18 * H;
  await store.importBatch({
    curves: [fc],
    instances: [inst(i1, 'ec'), inst(i1, 'gfs')],
    series: [block(F, steps(T0, 4), ramp(4, 0), { issued: i1, tag: 'ec' })],
  });
  // a new instance, more values for a stored one (not in the batch's instances), and the stored
  // one's record again with new members
  await store.importBatch({
    instances: [inst(i2, 'ec'), inst(i1, 'gfs', ['e0'])],
    series: [
      block(F, steps(T0 + 24 * H, 2), ramp(2, 50), { issued: i2, tag: 'EC' }),
      block(F, steps(T0 + 2 * M15, 4), ramp(4, 10), { issued: i1, tag: 'Ec' }),
      block(F, steps(T0, 2), ramp(2, 70), { issued: i1, tag: 'gfs', scenarios: [ramp(2, 80)], scenarioNames: ['e0'] }),
    ],
  });
  assert.equal([...(await store.readSeries(F, {}, { issued: i1, tag: 'ec' })).values!], [0, 1, 10, 11, 12, 13]);
  assert.equal([...(await store.readSeries(F, {}, { issued: i2, tag: 'ec' })).values!], [50, 51]);
  const gfs = await store.readSeries(F, {}, { issued: i1, tag: 'gfs' });
  assert.equal([[...gfs.values!], gfs.scenarios.map((s) => [...s]), gfs.scenarioNames], [[70, 71], [[80, 81]], ['e0']]);
  const listed = await store.listInstances(F, {});
  assert.equal(
    listed.map((i) => [i.issued, i.tag, i.scenarioNames]).sort(),
    [
      [i1, 'ec', []],
      [i1, 'gfs', ['e0']],
      [i2, 'ec', []],
    ].sort(),
  );
  assert.is((await store.stats()).instances, 3);
  // same issue time, unknown tag; and a known tag at an unknown issue time
  for (const [issued, tag] of [
    [i1, 'icon'],
    [i1 + 1, 'ec'],
  ] as const) {
    try {
      await store.importBatch({ series: [block(F, steps(T0, 1), ramp(1, 0), { issued, tag })] });
      assert.unreachable();
    } catch (err) {
      assert.instance(err, ValueError);
      assert.match((err as Error).message, /unknown instance/);
    }
  }
  assert.is((await store.stats()).values, 6 + 2 + 4);
  await store.close();
});

test('a curve imported again is replaced, once', async () => {
  const store = await openStore();
  await store.importBatch({ curves: [curve(A), curve(B)] });
  await store.importBatch({ curves: [curve(A, { unit: 'GWh/h' })], series: [block(A, steps(T0, 2), ramp(2, 0))] });
  assert.is((await store.getCurve(A))?.unit, 'GWh/h');
  assert.is((await store.searchCurves({})).total, 2);
  await store.close();
  // what was written to the database (not only the cache) is one row per curve
  const reopened = await DuckDbStore.open(dirs[dirs.length - 1]!);
  assert.equal(
    (await reopened.searchCurves({})).items.map((c) => [c.name, c.unit]),
    [
      [A, 'GWh/h'],
      [B, 'MWh/h'],
    ],
  );
  assert.equal([...(await reopened.readSeries(A, {})).values!], [0, 1]);
  await reopened.close();
});

test('a batch failing after rows were buffered writes nothing', async () => {
  const store = await openStore();
  await store.importBatch({ curves: [curve(A), curve(B)], series: [block(A, steps(T0, 10), ramp(10, 0))] });
  const before = await store.stats();
  try {
    await store.importBatch(
      {
        series: [
          block(B, steps(T0, 5000), ramp(5000, 0)),
          block(A, steps(T0, 3), ramp(3, 100)),
          block(B, steps(T0 + 6000 * M15, 7), ramp(7, 0)),
        ],
      },
      {
        onProgress: (done) => {
          if (done === 3) throw new Error('stop');
        },
      },
    );
    assert.unreachable();
  } catch (err) {
    assert.is((err as Error).message, 'stop');
  }
  assert.equal(await store.stats(), before);
  assert.equal([...(await store.readSeries(A, {})).values!], [...ramp(10, 0)]);
  assert.is((await store.readSeries(B, {})).times.length, 0);
  await store.close();
});

test('events, periods and OHLC rows over several chunks read back exactly', async () => {
  const store = await openStore();
  const cap = 'DE Wind Power Installed MW Capacity';
  const base = 'DE Futures Power Base EUR/MWh EEX OHLC';
  const n = 2100;
  const col = (f: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => f(i));
  const r = await store.importBatch({
    curves: [
      curve(cap, { curveType: 'PERIOD', dataType: 'CAPACITY', frequency: 'NONE', unit: 'MW' }),
      curve(base, { curveType: 'OHLC', dataType: 'OHLC', frequency: 'P1D', source: 'EEX', package: 'market' }),
    ],
    periods: [
      {
        curve: cap,
        issued: null,
        tag: null,
        begins: col((i) => T0 + i * H),
        ends: col((i) => T0 + (i + 1) * H),
        values: col((i) => i),
        capacities: null,
      },
    ],
    ohlc: [
      {
        curve: base,
        traded: col((i) => T0 + Math.floor(i / 3) * 24 * H),
        period: Array.from({ length: n }, (_, i) => ['month', 'quarter', 'year'][i % 3]!),
        delivery: col((i) => T0 + (i % 3) * 1000 * H),
        open: col((i) => (i % 7 === 0 ? NaN : i)),
        high: col((i) => i + 1),
        low: col((i) => i - 1),
        close: col((i) => i),
        settlement: col((i) => i / 2),
        volume: col(() => 0),
        openInterest: col(() => NaN),
      },
    ],
  });
  assert.equal([r.periods, r.ohlcRows, r.events.length], [n, n, 2]);
  const p = await store.readPeriods(cap, {});
  assert.equal([p.begins.length, p.values[2099], p.capacities], [n, 2099, null]);
  const o = await store.readOhlc(base, {});
  assert.is(o.traded.length, n);
  // ordered by traded, period, delivery: row i is input row i
  assert.equal([o.period[2098], o.settlement[2098], o.open[2097]], ['quarter', 1049, 2097]);
  assert.ok(Number.isNaN(o.open[2093]) && Number.isNaN(o.openInterest[5]));
  assert.equal(
    (await store.eventsAfter(null)).events.map((e) => [e.curve, e.issued, e.tag]),
    [
      [cap, null, null],
      [base, null, null],
    ],
  );
  await store.close();
});

test('periods and OHLC rows of curves stored before their data: written, then replaced', async () => {
  const store = await openStore();
  const cap = 'DE Wind Power Installed MW Capacity';
  const base = 'DE Futures Power Base EUR/MWh EEX OHLC';
  const D = 24 * H;
  await store.importBatch({
    curves: [
      curve(cap, { curveType: 'PERIOD', dataType: 'CAPACITY', frequency: 'NONE', unit: 'MW' }),
      curve(base, { curveType: 'OHLC', dataType: 'OHLC', frequency: 'P1D', source: 'EEX', package: 'market' }),
    ],
  });
  const periods = (from: number, to: number, value: number) => ({
    curve: cap,
    issued: null,
    tag: null,
    begins: Float64Array.of(T0 + from * D),
    ends: Float64Array.of(T0 + to * D),
    values: Float64Array.of(value),
    capacities: null,
  });
  const one = Float64Array.of(1);
  const rows = (settlement: number) => ({
    curve: base,
    traded: Float64Array.of(T0),
    period: ['month'],
    delivery: Float64Array.of(T0 + 31 * D),
    open: one,
    high: one,
    low: one,
    close: one,
    settlement: Float64Array.of(settlement),
    volume: one,
    openInterest: one,
  });
  await store.importBatch({ periods: [periods(0, 10, 100)], ohlc: [rows(50)] });
  await store.importBatch({ periods: [periods(5, 10, 105)], ohlc: [rows(60)] });
  const p = await store.readPeriods(cap, {});
  assert.equal(
    [[...p.begins].map((b) => (b - T0) / D), [...p.ends].map((e) => (e - T0) / D), [...p.values]],
    [
      [0, 5],
      [5, 10],
      [100, 105],
    ],
  );
  assert.equal([...(await store.readOhlc(base, {})).settlement], [60]);
  await store.close();
});

test.run();
