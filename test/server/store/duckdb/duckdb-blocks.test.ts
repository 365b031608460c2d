// Instance blocks of the embedded store (server/src/store/duckdb/duckdb-blocks.ts,
// docs/arrow.md#instance-blocks): the layout of a block, a range of it, and that a store read of
// an ensemble instance gives the same columns from its block as from its rows, before and after
// an import that changes them. Expectations are worked out by hand.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { decodeBlock, encodeBlock, sliceBlock, writeBlock } from '../../../../server/src/store/duckdb/duckdb-blocks';
import { readRows } from '../../../../server/src/store/duckdb/duckdb-io';
import { DuckDbStore, type SeriesBlock } from '../../../../server/src/store';
import { curveRecord } from '../../../helpers/records';

const H = 3_600_000;
// issued 2024-01-01 00:00 UTC; steps T0, T0 + 1 h, ...
const T0 = Date.UTC(2024, 0, 1);
const FC = 'DE Wind Power Production MWh/h H Forecast';

const dirs: string[] = [];
test.after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const plain = (b: SeriesBlock) => ({
  times: [...b.times],
  values: b.values === null ? null : [...b.values],
  scenarios: b.scenarios.map((s) => [...s]),
  scenarioNames: b.scenarioNames,
});

test('encodeBlock/decodeBlock: rows, series, times, then the columns; a header that does not fit is refused', () => {
  const bytes = encodeBlock({ times: Float64Array.of(10, 20), columns: [Float64Array.of(1, 2), Float64Array.of(3, Number.NaN)] });
  // 2 header values + 2 times + 2 x 2 values, 8 bytes each
  assert.is(bytes.byteLength, 64);
  assert.equal([...new Float64Array(bytes.buffer)], [2, 2, 10, 20, 1, 2, 3, Number.NaN]);
  const back = decodeBlock(bytes, 2);
  assert.ok(back);
  assert.equal([...back.times], [10, 20]);
  assert.equal(
    back.columns.map((c) => [...c]),
    [
      [1, 2],
      [3, Number.NaN],
    ],
  );
  // another number of series than the caller expects, a truncated block, bytes of another order
  assert.is(decodeBlock(bytes, 3), null);
  assert.is(decodeBlock(bytes.subarray(0, 56), 2), null);
  assert.is(decodeBlock(Uint8Array.from(bytes).reverse(), 2), null);
  // an unaligned copy is read as well
  const shifted = new Uint8Array(65);
  shifted.set(bytes, 1);
  assert.equal([...(decodeBlock(shifted.subarray(1), 2)?.columns[1] ?? [])], [3, Number.NaN]);
  assert.throws(() => encodeBlock({ times: Float64Array.of(1, 2), columns: [Float64Array.of(1)] }), /column 0 has 1 rows, not 2/);
});

test('sliceBlock: [begin, end) by time, either end open, empty when nothing lies in it', () => {
  const block = { times: Float64Array.of(0, 10, 20, 30), columns: [Float64Array.of(1, 2, 3, 4)] };
  const cut = (begin?: number, end?: number) => [...sliceBlock(block, { begin, end }).columns[0]!];
  assert.equal(cut(), [1, 2, 3, 4]);
  assert.equal(cut(10, 30), [2, 3]);
  assert.equal(cut(5, 25), [2, 3]);
  assert.equal(cut(undefined, 10), [1]);
  assert.equal(cut(30), [4]);
  assert.equal(cut(31), []);
  assert.equal(cut(20, 10), []);
  assert.equal([...sliceBlock(block, { begin: 10, end: 30 }).times], [10, 20]);
});

async function blocksOf(conn: DuckDBConnection): Promise<number> {
  return Number((await readRows(conn, 'SELECT count(*) AS n FROM instance_blocks'))[0]!.n);
}

/** Waits (at most 5 s) for the store to have written `n` blocks. */
async function blocksWritten(conn: DuckDBConnection, n: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await blocksOf(conn)) === n) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.unreachable(`no ${n} block(s) written`);
}

/** Runs `work` on a store in a fresh directory with a connection of its own to its database (to look at its tables). */
async function withStore(work: (store: DuckDbStore, conn: DuckDBConnection) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'blocks-test-'));
  dirs.push(dir);
  const store = await DuckDbStore.open(dir);
  const conn = await (store as unknown as { db: DuckDBInstance }).db.connect();
  try {
    await work(store, conn);
  } finally {
    conn.closeSync();
    await store.close();
  }
}

/** The instance every test reads. */
const KEY = { issued: T0, tag: 'ec-ens' };

const FORECAST = curveRecord(FC, { curveType: 'INSTANCE', dataType: 'FORECAST', instanceIssuedTimezone: 'UTC' });

/** Imports the forecast curve and its instance issued at T0 (tag `ec-ens`) with one block of rows. */
async function importInstance(store: DuckDbStore, block: Omit<SeriesBlock, 'curve' | 'issued' | 'tag'>): Promise<void> {
  await store.importBatch({
    curves: [FORECAST],
    instances: [{ curve: FC, issued: T0, tag: 'ec-ens', created: T0, modified: null, scenarioNames: block.scenarioNames }],
    series: [{ curve: FC, issued: T0, tag: 'ec-ens', ...block }],
  });
}

test('an ensemble instance reads the same from its block as from its rows, and an import replaces the block', async () => {
  await withStore(async (store, conn) => {
    const times = Float64Array.from({ length: 4 }, (_, i) => T0 + i * H);
    await importInstance(store, {
      times,
      values: Float64Array.of(5, 6, 7, 8),
      // e01 has no value at the third step
      scenarios: [Float64Array.of(1, 2, 3, 4), Float64Array.of(10, 20, Number.NaN, 40)],
      scenarioNames: ['e00', 'e01'],
    });
    const expected = {
      times: [...times],
      values: [5, 6, 7, 8],
      scenarios: [
        [1, 2, 3, 4],
        [10, 20, Number.NaN, 40],
      ],
      scenarioNames: ['e00', 'e01'],
    };
    assert.is(await blocksOf(conn), 0);
    // from the rows; the store then writes the block
    assert.equal(plain(await store.readSeries(FC, {}, KEY)), expected);
    await blocksWritten(conn, 1);
    // from the block: whole, and ranges of it
    assert.equal(plain(await store.readSeries(FC, {}, KEY)), expected);
    const middle = plain(await store.readSeries(FC, { begin: T0 + H, end: T0 + 3 * H }, KEY));
    assert.equal(middle, {
      times: [T0 + H, T0 + 2 * H],
      values: [6, 7],
      scenarios: [
        [2, 3],
        [20, Number.NaN],
      ],
      scenarioNames: ['e00', 'e01'],
    });
    assert.equal(plain(await store.readSeries(FC, { begin: T0 + 9 * H }, KEY)).times, []);
    // without members: the value series alone, from the rows
    const mean = await store.readSeries(FC, {}, KEY, { scenarios: false });
    assert.equal([...(mean.values ?? [])], [5, 6, 7, 8]);
    assert.equal(mean.scenarios, []);

    // a revision of the last two steps: the import deletes the block in its transaction
    await store.importBatch({
      series: [
        {
          curve: FC,
          issued: T0,
          tag: 'ec-ens',
          times: times.subarray(2),
          values: Float64Array.of(70, 80),
          scenarios: [Float64Array.of(30, 40), Float64Array.of(300, 400)],
          scenarioNames: ['e00', 'e01'],
        },
      ],
    });
    assert.is(await blocksOf(conn), 0);
    const revised = {
      ...expected,
      values: [5, 6, 70, 80],
      scenarios: [
        [1, 2, 30, 40],
        [10, 20, 300, 400],
      ],
    };
    assert.equal(plain(await store.readSeries(FC, {}, KEY)), revised);
    await blocksWritten(conn, 1);
    assert.equal(plain(await store.readSeries(FC, {}, KEY)), revised);
    assert.equal(plain(await store.readSeries(FC, { begin: T0 + 3 * H }, KEY)).scenarios, [[40], [400]]);
  });
});

test('the block is what a read returns, unless it was written for other series of the instance', async () => {
  await withStore(async (store, conn) => {
    await importInstance(store, {
      times: Float64Array.of(T0, T0 + H),
      values: Float64Array.of(1, 2),
      scenarios: [Float64Array.of(3, 4)],
      scenarioNames: ['e00'],
    });
    await store.readSeries(FC, {}, KEY);
    await blocksWritten(conn, 1);
    const [row] = await readRows(conn, 'SELECT curve_id, instance_id, ids FROM instance_blocks');
    const [curveId, instanceId] = [Number(row!.curve_id), Number(row!.instance_id)];
    const ids = String(row!.ids).split(',').map(Number);
    const other = { times: Float64Array.of(T0, T0 + H), columns: [Float64Array.of(7, 7), Float64Array.of(8, 8)] };
    // other columns under the instance's own ids are what a read returns: the block is read
    await writeBlock(conn, curveId, instanceId, ids, other);
    assert.equal(plain(await store.readSeries(FC, {}, KEY)).scenarios, [[8, 8]]);
    // under other series ids (as after a change of members) the block is passed over
    await writeBlock(conn, curveId, instanceId, [ids[0]! + 100, ids[1]! + 100], other);
    assert.equal(plain(await store.readSeries(FC, {}, KEY)).scenarios, [[3, 4]]);
  });
});

test('reads and imports at once: a block never outlives the rows it was made from', async () => {
  await withStore(async (store, conn) => {
    const times = Float64Array.from({ length: 3 }, (_, i) => T0 + i * H);
    // revision r: the mean r, r+1, r+2; member e00 10r, ...; member e01 100r, ...
    const revision = (r: number) => ({
      curve: FC,
      issued: T0,
      tag: 'ec-ens',
      times,
      values: Float64Array.of(r, r + 1, r + 2),
      scenarios: [Float64Array.of(10 * r, 10 * r + 1, 10 * r + 2), Float64Array.of(100 * r, 100 * r + 1, 100 * r + 2)],
      scenarioNames: ['e00', 'e01'],
    });
    await importInstance(store, revision(1));
    for (let r = 2; r <= 6; r++) {
      // the read queues a block fill; the import is queued beside it, before or after
      const [during] = await Promise.all([store.readSeries(FC, {}, KEY), store.importBatch({ series: [revision(r)] })]);
      assert.ok([r - 1, r].includes(during.values![0]!), `round ${r}: a read sees one revision or the other`);
      await store.readSeries(FC, {}, KEY);
      await blocksWritten(conn, 1);
      const after = plain(await store.readSeries(FC, {}, KEY));
      assert.equal(after.values, [r, r + 1, r + 2], `round ${r}`);
      assert.equal(after.scenarios, [
        [10 * r, 10 * r + 1, 10 * r + 2],
        [100 * r, 100 * r + 1, 100 * r + 2],
      ]);
    }
  });
});

test.run();
