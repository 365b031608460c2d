// The stores' batched read (docs/arrow.md#streamed), the same cases for each store that has one
// (test/server/store/duckdb/duckdb-stream.test.ts, postgres-stream.test.ts): the batches joined are the
// whole read, whatever order the rows were stored in; each batch has columns of its own; the row
// count, first and last time come from the rows, or from the range when it has a row at each step.
// The sizes are small (a store with windows is opened with windows of four batches of 4,096 rows,
// not the default 4 x 65,536), so the cases are cheap and each read still spans what it must.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SeriesBatch, SeriesCursor, SeriesSpan, Store } from '../../../server/src/store/store';
import { curveRecord } from '../../helpers/records';

const Q = 900_000;
const START = Date.UTC(2019, 11, 31, 23);
/** Rows per batch asked for. */
const BATCH = 4_096;
/** Rows per window of the store (`windowRows`): four batches, 16,384. */
const WINDOW = 4 * BATCH;
/** Rows of the two series: a first window of four whole batches, then 3,616 rows (a partial batch). */
const N = WINDOW + 3_616; // 20,000
/** Where the rows are cut in two imports, inside the first window: [SPLIT, N) stored first, then [0, SPLIT). */
const SPLIT = 12_000;
const PLAIN = 'Stream Plain PT15M';
const SCEN = 'Stream Scenarios PT15M';
const times = (from: number, to: number) => Float64Array.from({ length: to - from }, (_, i) => START + (from + i) * Q);
const values = (from: number, to: number, k = 0) => Float64Array.from({ length: to - from }, (_, i) => k * 1e6 + from + i);

/**
 * Registers the cases and runs them.
 *
 * @param open - Opens an empty store, reading `windowRows` rows at once (a store without windows ignores it).
 * @param done - Closes it and cleans up.
 */
export function batchedReadCases(open: (options: { windowRows: number }) => Promise<Store>, done: (store: Store) => Promise<void>): void {
  let store: Store;

  test.before(async () => {
    store = await open({ windowRows: WINDOW });
    await store.importBatch({
      curves: [curveRecord(PLAIN, { frequency: 'PT15M' }), curveRecord(SCEN, { curveType: 'SCENARIO_TIMESERIES', frequency: 'PT15M' })],
    });
    // the later rows are stored first: storage order is not time order (in the first window, which
    // holds rows of both imports; the second, [WINDOW, N), holds rows of the first import only)
    for (const [from, to] of [
      [SPLIT, N],
      [0, SPLIT],
    ] as const) {
      await store.importBatch({
        series: [
          { curve: PLAIN, issued: null, tag: null, times: times(from, to), values: values(from, to), scenarios: [], scenarioNames: [] },
          {
            curve: SCEN,
            issued: null,
            tag: null,
            times: times(from, to),
            values: values(from, to, 9),
            scenarios: [values(from, to, 1), values(from, to, 2)],
            scenarioNames: ['low', 'high'],
          },
        ],
      });
    }
  });
  test.after(async () => done(store));

  /** Opens a batched read, which must get a connection. */
  async function opened(curve: string, range: { begin: number; end: number }, full: SeriesSpan | null = null): Promise<SeriesCursor> {
    const cursor = await store.openSeries!(curve, range, null, full);
    if (cursor === null) throw new Error('openSeries found no free connection');
    return cursor;
  }

  async function all(curve: string, range: { begin: number; end: number }, full: SeriesSpan | null = null) {
    const cursor = await opened(curve, range, full);
    const batches: SeriesBatch[] = [];
    for await (const batch of cursor.batches(BATCH)) batches.push(batch);
    return { cursor, batches };
  }

  /** The columns of the batches joined, as bytes (compared whole: a diff of thousands of numbers is slow and unreadable). */
  function joined(columns: readonly Float64Array[]): Buffer {
    return Buffer.concat(columns.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength)));
  }
  const bytes = (c: Float64Array | null) => Buffer.from(c!.buffer, c!.byteOffset, c!.byteLength);
  const same = (a: Buffer, b: Buffer, what: string) => assert.ok(a.equals(b), `${what}: the batches differ from the whole read`);

  test('the batches joined are the whole read, in time order, each batch in columns of its own', async () => {
    const range = { begin: START, end: START + N * Q };
    const whole = await store.readSeries(PLAIN, range);
    const { cursor, batches } = await all(PLAIN, range);
    assert.equal([cursor.rows, cursor.first, cursor.last], [N, START, START + (N - 1) * Q]);
    // the first window, [0, WINDOW), in four whole batches; the second, [WINDOW, N), in one of
    // N - WINDOW = 20,000 - 16,384 = 3,616 rows
    assert.equal(
      batches.map((b) => b.times.length),
      [BATCH, BATCH, BATCH, BATCH, 3_616],
    );
    same(joined(batches.map((b) => b.times)), bytes(whole.times), 'times');
    same(joined(batches.map((b) => b.values!)), bytes(whole.values), 'values');
    const buffers = batches.flatMap((b) => [b.times.buffer, b.values!.buffer]);
    assert.is(new Set(buffers).size, buffers.length, 'two batches share memory');
  });

  test('a scenario series: members pivoted, equal to the whole read', async () => {
    // N - 1000 = 19,000 rows: a window of 16,384 (steps 1000..17,383), then 2,616
    const range = { begin: START + 1000 * Q, end: START + N * Q };
    const whole = await store.readSeries(SCEN, range);
    const { cursor, batches } = await all(SCEN, range);
    assert.is(cursor.rows, N - 1000);
    assert.equal(cursor.scenarioNames, ['low', 'high']);
    same(joined(batches.map((b) => b.times)), bytes(whole.times), 'times');
    same(joined(batches.map((b) => b.values!)), bytes(whole.values), 'values');
    same(joined(batches.map((b) => b.scenarios[1]!)), bytes(whole.scenarios[1]!), 'scenario high');
  });

  test('first and last: from the range when it has a row at each step, else read', async () => {
    // a range wider than the rows: the full span does not match the count, so first and last are read
    const wide = { begin: START - 100 * Q, end: START + (N + 50) * Q };
    const span = { rows: N + 150, first: wide.begin, last: wide.end - Q };
    const { cursor } = await all(PLAIN, wide, span);
    assert.equal([cursor.rows, cursor.first, cursor.last], [N, START, START + (N - 1) * Q]);
    // the range with a row at each step (steps 10..18,009, 18,000 rows: more than a window): taken as given
    const exact = { begin: START + 10 * Q, end: START + 18_010 * Q };
    const given = await all(PLAIN, exact, { rows: 18_000, first: exact.begin, last: exact.end - Q });
    assert.equal([given.cursor.rows, given.cursor.first, given.cursor.last], [18_000, exact.begin, exact.end - Q]);
    same(joined(given.batches.map((b) => b.times)), bytes((await store.readSeries(PLAIN, exact)).times), 'times');
    // no rows
    const none = await all(PLAIN, { begin: 0, end: Q * 10 });
    assert.is(none.cursor.rows, 0);
    assert.is(none.batches.length, 0);
  });

  test('read again after imports change the rows (holes, a row off the grid): the count, first and last follow the rows', async () => {
    const SPANS = 'Stream Spans PT15M';
    // steps 0..6,999: more than a batch (4,096 + 2,904), less than a window
    const n = 7_000;
    await store.importBatch({ curves: [curveRecord(SPANS, { frequency: 'PT15M' })] });
    const write = (t: Float64Array) =>
      store.importBatch({
        series: [{ curve: SPANS, issued: null, tag: null, times: t, values: t.map((x) => x / Q), scenarios: [], scenarioNames: [] }],
      });
    await write(times(0, n));
    const check = async (range: { begin: number; end: number }, rows: number, first: number, last: number) => {
      const full = { rows: (range.end - range.begin) / Q, first: range.begin, last: range.end - Q };
      const { cursor, batches } = await all(SPANS, range, full);
      assert.equal([cursor.rows, cursor.first, cursor.last], [rows, first, last]);
      same(joined(batches.map((b) => b.times)), bytes((await store.readSeries(SPANS, range)).times), 'times');
    };
    const at = (k: number) => START + k * Q;
    const whole = { begin: at(-100), end: at(n + 50) };
    // twice each: a store that keeps what it learnt of a series between reads must keep it right
    for (let round = 0; round < 2; round++) {
      await check(whole, n, at(0), at(n - 1));
      // steps 100..5,999: 5,900 rows
      await check({ begin: at(100), end: at(6_000) }, 5_900, at(100), at(5_999));
      // a range of 6,010 steps past the rows' end: the last 10 rows (6,990..6,999)
      await check({ begin: at(n - 10), end: at(n + 6_000) }, 10, at(n - 10), at(n - 1));
      await store.importBatch({}); // an empty import: whatever the store queued after the reads has run
    }
    // steps 1000..1998 replaced by the even ones: holes at the 499 odd steps 1001..1997
    await write(Float64Array.from({ length: 500 }, (_, i) => at(1000 + 2 * i)));
    for (let round = 0; round < 2; round++) {
      await check(whole, n - 499, at(0), at(n - 1));
      // steps 1500..6,099: 4,600 steps (more than a batch), holes at the odd steps 1501..1997
      // ((1997 - 1501) / 2 + 1 = 249): 4,351 rows
      await check({ begin: at(1500), end: at(6_100) }, 4_600 - 249, at(1500), at(6_099));
      await store.importBatch({});
    }
    // steps 1..999 replaced by a row a minute after step 0 (off the grid) and one at step 999
    await write(Float64Array.of(at(0) + 60_000, at(999)));
    for (let round = 0; round < 2; round++) {
      await check(whole, n - 499 - 999 + 2, at(0), at(n - 1));
      // steps 2000..6,095, past the holes: a row at each, 4,096 rows (one whole batch)
      await check({ begin: at(2000), end: at(2000 + BATCH) }, BATCH, at(2000), at(2000 + BATCH - 1));
      await store.importBatch({});
    }
  });

  test("times in the form 'int64': each batch's times are the int64 values of the epoch ms the form 'ms' brings, values the same", async () => {
    const range = { begin: START, end: START + N * Q };
    // the first window of the plain series is stored out of time order (sorted as it is read), the second in order
    for (const curve of [PLAIN, SCEN]) {
      const ms = (await all(curve, range)).batches;
      const cursor = await opened(curve, range);
      const int64: SeriesBatch[] = [];
      for await (const batch of cursor.batches(BATCH, undefined, 'int64')) int64.push(batch);
      assert.equal(
        int64.map((b) => b.times.length),
        ms.map((b) => b.times.length),
      );
      const asInt64 = joined(int64.map((b) => b.times));
      const expected = new BigInt64Array(N);
      let at = 0;
      for (const b of ms) for (const t of b.times) expected[at++] = BigInt(t);
      same(asInt64, Buffer.from(expected.buffer), `${curve}: times`);
      same(joined(int64.map((b) => b.values!)), joined(ms.map((b) => b.values!)), `${curve}: values`);
      assert.is(new BigInt64Array(int64[0]!.times.buffer, int64[0]!.times.byteOffset, 1)[0], BigInt(START), `${curve}: the first time`);
    }
  });

  test('one snapshot: an import that lands after the read is opened changes nothing it brings', async () => {
    const SNAP = 'Stream Snapshot PT15M';
    // more than a window (16,384 + 3,616): the second window's query too sees the snapshot
    const n = N;
    await store.importBatch({ curves: [curveRecord(SNAP, { frequency: 'PT15M' })] });
    const write = (t: Float64Array, k: number) =>
      store.importBatch({
        series: [{ curve: SNAP, issued: null, tag: null, times: t, values: t.map(() => k), scenarios: [], scenarioNames: [] }],
      });
    await write(times(0, n), 1);
    const range = { begin: START, end: START + (n + 1000) * Q };
    const cursor = await opened(SNAP, range);
    assert.is(cursor.rows, n);
    // rows replaced and rows added after the read was opened, before its first batch
    await write(times(100, n + 1000), 2);
    let rows = 0;
    let changed = 0;
    for await (const batch of cursor.batches(BATCH)) {
      rows += batch.times.length;
      for (const v of batch.values!) if (v !== 1) changed++;
    }
    assert.is(rows, n, 'the rows counted when the read was opened');
    assert.is(changed, 0, 'values written after the read was opened');
    assert.is((await store.readSeries(SNAP, range)).times.length, n + 1000, 'a read opened after the import sees it');
  });

  test('a read after an import that changes the rows announces the new rows, though earlier reads knew the span', async () => {
    const GROW = 'Stream Grows PT15M';
    await store.importBatch({ curves: [curveRecord(GROW, { frequency: 'PT15M' })] });
    const write = (n: number) =>
      store.importBatch({
        series: [{ curve: GROW, issued: null, tag: null, times: times(0, n), values: values(0, n), scenarios: [], scenarioNames: [] }],
      });
    const range = { begin: START, end: START + 2000 * Q };
    const full = { rows: 2000, first: START, last: START + 1999 * Q };
    const read = async () => {
      const cursor = await opened(GROW, range, full);
      let rows = 0;
      let last = Number.NaN;
      for await (const batch of cursor.batches(BATCH)) {
        rows += batch.times.length;
        last = batch.times[batch.times.length - 1]!;
      }
      return { announced: cursor.rows, rows, last };
    };
    await write(1000);
    // a span written after the first read (on the store's queue of writes, which an empty import waits for),
    // read by the second, known to the third
    assert.equal(await read(), { announced: 1000, rows: 1000, last: START + 999 * Q });
    await store.importBatch({});
    assert.equal(await read(), { announced: 1000, rows: 1000, last: START + 999 * Q });
    assert.equal(await read(), { announced: 1000, rows: 1000, last: START + 999 * Q });
    await write(1500);
    assert.equal(await read(), { announced: 1500, rows: 1500, last: START + 1499 * Q });
    assert.equal(await read(), { announced: 1500, rows: 1500, last: START + 1499 * Q });
  });

  test('a read left after its first batch, many times over, gives its connection back', async () => {
    const range = { begin: START, end: START + N * Q };
    const leave = async () => {
      for (let i = 0; i < 25; i++) {
        const cursor = await opened(PLAIN, range);
        for await (const batch of cursor.batches(BATCH)) {
          assert.is(batch.times.length, BATCH);
          break;
        }
      }
      return (await store.readSeries(PLAIN, range)).times.length;
    };
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<never>((_, reject) => {
      // a detector of reads that never give their connection back, not a speed check: 25 reads of
      // a window or two each take well under a second
      timer = setTimeout(() => reject(new Error('no connection given back: the reads are stuck')), 60_000);
    });
    try {
      assert.is(await Promise.race([leave(), stuck]), N);
    } finally {
      clearTimeout(timer);
    }
  });

  test('with every connection for batched reads busy (two by default) a read is refused (null), and opens again once one closes', async () => {
    const range = { begin: START, end: START + N * Q };
    const first = await opened(PLAIN, range);
    const second = await opened(SCEN, range);
    assert.is(await store.openSeries!(PLAIN, range), null);
    // the ordinary reads go on meanwhile
    assert.is((await store.readSeries(PLAIN, range)).times.length, N);
    await first.close();
    const third = await opened(PLAIN, range);
    let rows = 0;
    for await (const batch of third.batches(BATCH)) rows += batch.times.length;
    assert.is(rows, N);
    await second.close();
    await third.close();
  });

  test.run();
}
