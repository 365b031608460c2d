import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { readColumns, readRows, SCHEMA_SQL } from '../../../../server/src/store/duckdb/duckdb-io';
import { insertSeriesRows, registerSeriesInsert, type SeriesRows } from '../../../../server/src/store/duckdb/duckdb-series-insert';

async function memory(): Promise<{ conn: DuckDBConnection; close: () => void }> {
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  await conn.run(SCHEMA_SQL);
  registerSeriesInsert(conn);
  return {
    conn,
    close: () => {
      conn.closeSync();
      db.closeSync();
    },
  };
}

const T0 = 1_704_063_600_000;
const STEP = 900_000;
const steps = (n: number) => Float64Array.from({ length: n }, (_, i) => T0 + i * STEP);
const piece = (id: number, n: number): SeriesRows => ({
  id,
  times: steps(n),
  values: Float64Array.from({ length: n }, (_, i) => id * 1e6 + i),
  rows: n,
});

/** Per series in storage order: its row count, first and last row id, and whether its times rise row by row. */
async function layout(conn: DuckDBConnection): Promise<{ id: number; n: number; lo: number; hi: number; rising: boolean }[]> {
  const rows = await readRows(
    conn,
    `SELECT series_id AS id, count(*)::INTEGER AS n, min(r)::INTEGER AS lo, max(r)::INTEGER AS hi, bool_and(ts > prev) AS rising
    FROM (SELECT series_id, ts, rowid AS r, lag(ts, 1, -1) OVER (PARTITION BY series_id ORDER BY rowid) AS prev FROM series_values)
    GROUP BY series_id ORDER BY lo`,
  );
  return rows as { id: number; n: number; lo: number; hi: number; rising: boolean }[];
}

test('in order on one thread: the rows as given, small pieces sharing chunks, large ones across chunks', async () => {
  const { conn, close } = await memory();
  // 1 + 2047 + 5000 + 3 rows: chunks of 2048 filled across pieces
  const pieces = [piece(4, 1), piece(2, 2047), piece(9, 5000), piece(1, 3)];
  await insertSeriesRows(conn, pieces, false);
  const spans = await layout(conn);
  assert.equal(
    spans.map((s) => [s.id, s.n, s.lo, s.hi, s.rising]),
    [
      [4, 1, 0, 0, true],
      [2, 2047, 1, 2047, true],
      [9, 5000, 2048, 7047, true],
      [1, 3, 7048, 7050, true],
    ],
  );
  const [ts, v] = (await readColumns(conn, 'SELECT ts, value FROM series_values WHERE series_id = 9 ORDER BY ts', [
    'number',
    'number',
  ])) as Float64Array[];
  assert.equal([...ts!], [...(pieces[2]!.times as Float64Array)]);
  assert.equal([...v!], [...(pieces[2]!.values as Float64Array)]);
  close();
});

test('on several threads: every series whole, its rows together and in time order', async () => {
  const { conn, close } = await memory();
  // ten series of 300,000 rows: more than two row groups each, so both threads insert
  const pieces = Array.from({ length: 10 }, (_, k) => piece(k + 1, 300_000));
  await insertSeriesRows(conn, pieces, true);
  const spans = await layout(conn);
  assert.equal(
    spans.map((s) => s.id).sort((a, b) => a - b),
    pieces.map((p) => p.id),
  );
  for (const s of spans) {
    assert.is(s.n, 300_000);
    assert.is(s.hi - s.lo + 1, s.n, `series ${s.id} together`);
    assert.ok(s.rising, `series ${s.id} in time order`);
  }
  const [sum] = await readRows(conn, 'SELECT sum(value)::DOUBLE AS s, min(ts)::DOUBLE AS lo, max(ts)::DOUBLE AS hi FROM series_values');
  const expected = pieces.reduce((acc, p) => acc + p.id * 1e6 * 300_000 + (299_999 * 300_000) / 2, 0);
  assert.equal(sum, { s: expected, lo: T0, hi: T0 + 299_999 * STEP });
  // the setting is back: a later statement keeps the insertion order
  const [setting] = await readRows(conn, "SELECT current_setting('preserve_insertion_order') AS kept");
  assert.equal(setting, { kept: true });
  close();
});

test('missing values over several chunks and threads: NULL exactly where NaN was', async () => {
  const { conn, close } = await memory();
  // two pieces of 5000 rows: missing rows 100..110 and 4095..4096 (across a chunk edge) of the
  // first, every 1000th of the second (a plain array)
  const first = piece(1, 5000);
  (first.values as Float64Array).fill(Number.NaN, 100, 111);
  (first.values as Float64Array).fill(Number.NaN, 4095, 4097);
  const plain = Array.from({ length: 5000 }, (_, i) => (i % 1000 === 0 ? Number.NaN : i));
  for (const parallel of [false, true]) {
    await conn.run('DELETE FROM series_values');
    await insertSeriesRows(conn, [first, { id: 2, times: steps(5000), values: plain, rows: 5000 }], parallel);
    const rows = await readRows(
      conn,
      `SELECT series_id::INTEGER AS id, list(((ts - ${T0}) / ${STEP})::INTEGER ORDER BY ts) FILTER (WHERE value IS NULL) AS missing,
        sum(value)::DOUBLE AS total FROM series_values GROUP BY series_id ORDER BY series_id`,
    );
    const sum = (xs: ArrayLike<number>) => Array.from(xs).reduce((a, b) => (b === b ? a + b : a), 0);
    assert.equal(rows, [
      { id: 1, missing: [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 4095, 4096], total: sum(first.values) },
      { id: 2, missing: [0, 1000, 2000, 3000, 4000], total: sum(plain) },
    ]);
  }
  close();
});

test('NaN values are stored as NULL; no rows, no statement', async () => {
  const { conn, close } = await memory();
  const values = Float64Array.of(1, Number.NaN, 3, Number.NaN);
  await insertSeriesRows(conn, [{ id: 5, times: steps(4), values, rows: 4 }], true);
  await insertSeriesRows(conn, [], true);
  await insertSeriesRows(conn, [{ id: 6, times: steps(0), values: new Float64Array(0), rows: 0 }], false);
  const rows = await readRows(conn, 'SELECT series_id::INTEGER AS id, value FROM series_values ORDER BY ts');
  assert.equal(rows, [
    { id: 5, value: 1 },
    { id: 5, value: null },
    { id: 5, value: 3 },
    { id: 5, value: null },
  ]);
  close();
});

test('a time that is not a whole number fails the insert with its own error; the transaction takes nothing', async () => {
  const { conn, close } = await memory();
  registerSeriesInsert(conn); // once per connection: a second call changes nothing
  await conn.run('BEGIN TRANSACTION');
  const times = steps(3000);
  times[2500] = T0 + 0.5;
  try {
    await insertSeriesRows(conn, [piece(1, 100), { id: 2, times, values: new Float64Array(3000), rows: 3000 }], true);
    assert.unreachable();
  } catch (err) {
    assert.instance(err, RangeError);
    assert.match((err as Error).message, /Not a whole number below 2\^53: 1704063600000\.5/);
  }
  await conn.run('ROLLBACK');
  assert.equal(await readRows(conn, 'SELECT count(*)::INTEGER AS n FROM series_values'), [{ n: 0 }]);
  // the function outlives the rollback: the next insert on the connection works
  await insertSeriesRows(conn, [piece(3, 10)], false);
  assert.equal(await readRows(conn, 'SELECT count(*)::INTEGER AS n FROM series_values'), [{ n: 10 }]);
  close();
});

test('a connection without the function registered is refused', async () => {
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  try {
    await insertSeriesRows(conn, [piece(1, 1)], false);
    assert.unreachable();
  } catch (err) {
    assert.match((err as Error).message, /registerSeriesInsert/);
  }
  conn.closeSync();
  db.closeSync();
});

test.run();
