import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { ChunkWriter, copyInt64, readColumns, readRows, sqlText, sqlTime } from '../../../../server/src/store/duckdb/duckdb-io';

async function memory(sql: string): Promise<{ conn: DuckDBConnection; close: () => void }> {
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  await conn.run(sql);
  return {
    conn,
    close: () => {
      conn.closeSync();
      db.closeSync();
    },
  };
}

const nulls = (xs: Float64Array) => [...xs].map((v) => (Number.isNaN(v) ? null : v));

test('pieces of any size make the same rows, across chunk boundaries, in order', async () => {
  const { conn, close } = await memory('CREATE TABLE t (k INTEGER, ts DOUBLE, v DOUBLE)');
  const writer = new ChunkWriter(await conn.createAppender('t'), ['int', 'double', 'double']);
  // 5 000 rows in pieces of 1, 2047, 2048, 3 and 901 rows (chunks of 2048 are filled across pieces)
  const ts = Float64Array.from({ length: 5000 }, (_, i) => i * 0.5);
  const v = Float64Array.from({ length: 5000 }, (_, i) => i * i);
  let offset = 0;
  for (const [k, n] of [
    [1, 1],
    [2, 2047],
    [3, 2048],
    [4, 3],
    [5, 901],
  ]) {
    writer.append([k!, ts, v], offset, n!);
    offset += n!;
  }
  writer.close();
  const [k, t, x] = (await readColumns(conn, 'SELECT k, ts, v FROM t ORDER BY ts', ['number', 'number', 'number'])) as Float64Array[];
  assert.is(t!.length, 5000);
  assert.equal([...t!], [...ts]);
  assert.equal([...x!], [...v]);
  // rows 0 | 1..2047 | 2048..4095 | 4096..4098 | 4099..4999
  assert.equal([k![0], k![1], k![2047], k![2048], k![4095], k![4096], k![4098], k![4099], k![4999]], [1, 2, 2, 3, 3, 4, 4, 5, 5]);
  // plain arrays (cell by cell) give the same rows as typed arrays (copied whole)
  await conn.run('DELETE FROM t');
  const plain = new ChunkWriter(await conn.createAppender('t'), ['int', 'double', 'double']);
  plain.append([Array.from(ts, () => 9), [...ts], [...v]], 0, 5000);
  plain.close();
  const [k2, t2, x2] = (await readColumns(conn, 'SELECT k, ts, v FROM t ORDER BY ts', ['number', 'number', 'number'])) as Float64Array[];
  assert.equal([[...t2!], [...x2!]], [[...ts], [...v]]);
  assert.ok(k2!.every((e) => e === 9));
  close();
});

test('NaN becomes NULL, and only where it was: the next chunks are whole again', async () => {
  const { conn, close } = await memory('CREATE TABLE t (k SMALLINT, v DOUBLE, c DOUBLE)');
  const writer = new ChunkWriter(await conn.createAppender('t'), ['small', 'double', 'double']);
  const v = Float64Array.from({ length: 4100 }, (_, i) => i);
  v[3] = NaN;
  v[4099] = NaN;
  // first chunk: a NaN in the array and a NaN constant; then a chunk without any; then a NaN again
  writer.append([1, v, NaN], 0, 2048);
  writer.append([2, v, 7], 2048, 2048);
  writer.append([3, v, 8], 4096, 4);
  writer.close();
  const [k, x, c] = (await readColumns(conn, 'SELECT k, v, c FROM t', ['number', 'number', 'number'])) as Float64Array[];
  assert.equal(nulls(x!).filter((e) => e === null).length, 2);
  assert.ok(Number.isNaN(x![3]));
  assert.ok(Number.isNaN(x![4099]));
  assert.is(x![4], 4);
  assert.equal(nulls(x!.subarray(2048, 4096)), [...v.subarray(2048, 4096)]);
  assert.equal(
    nulls(c!.subarray(0, 2048)).every((e) => e === null),
    true,
  );
  assert.equal(
    [...c!.subarray(2048, 4096)].every((e) => e === 7),
    true,
  );
  assert.equal([k![0], k![2048], k![4099]], [1, 2, 3]);
  assert.equal((await readRows(conn, 'SELECT count(*) AS n FROM t WHERE v IS NULL'))[0]!.n, 2n);
  close();
});

test('readColumns copies DOUBLE and INTEGER chunks whole, NULL as NaN at any bit of the mask; other types value by value', async () => {
  const { conn, close } = await memory(
    `CREATE TABLE t AS SELECT i::INTEGER AS n, (i * 1.5)::DOUBLE AS d, (i * 3)::BIGINT AS b FROM range(5000) r(i)`,
  );
  // NULLs in the first and second 64-bit word of a chunk's mask, at a chunk's last row and in the last chunk
  await conn.run('UPDATE t SET d = NULL, n = NULL WHERE n IN (0, 70, 2047, 4999)');
  const [n, d, b] = (await readColumns(conn, 'SELECT n, d, b FROM t ORDER BY b', ['number', 'number', 'number'])) as Float64Array[];
  assert.is(d!.length, 5000);
  const missing = (xs: Float64Array) => [...xs.keys()].filter((i) => Number.isNaN(xs[i]));
  assert.equal(missing(d!), [0, 70, 2047, 4999]);
  assert.equal(missing(n!), [0, 70, 2047, 4999]);
  assert.equal([d![1], d![69], d![71], d![2048], d![4998]], [1.5, 103.5, 106.5, 3072, 7497]);
  assert.equal([n![1], n![2048], n![4998]], [1, 2048, 4998]);
  assert.equal([b![0], b![4999]], [0, 14997]);
  close();
});

test('text columns, NULL texts, integer arrays and flush before close', async () => {
  const { conn, close } = await memory('CREATE TABLE t (id INTEGER, name VARCHAR, x DOUBLE)');
  const appender = await conn.createAppender('t');
  const writer = new ChunkWriter(appender, ['int', 'text', 'double']);
  const names = Array.from({ length: 3000 }, (_, i) => (i % 1000 === 999 ? null : `n${i}`));
  const ids = Float64Array.from({ length: 3000 }, (_, i) => i - 1500);
  writer.append([ids, names, 0.25], 0, 3000);
  writer.append([-7, 'same', null], 0, 2);
  // flushed rows are visible once the appender flushes, before it closes
  writer.flush();
  appender.flushSync();
  assert.equal((await readRows(conn, 'SELECT count(*) AS n FROM t'))[0]!.n, 3002n);
  writer.close();
  const rows = await readRows(conn, 'SELECT id, name, x FROM t ORDER BY id, name');
  assert.equal(rows[0], { id: -1500, name: 'n0', x: 0.25 });
  assert.equal(rows.slice(1492, 1495), [
    { id: -8, name: 'n1492', x: 0.25 },
    { id: -7, name: 'n1493', x: 0.25 },
    { id: -7, name: 'same', x: null },
  ]);
  assert.equal(
    rows.filter((r) => r.name === null).map((r) => r.id),
    [-501, 499, 1499],
  );
  assert.is(rows.filter((r) => r.name === 'same').length, 2);
  close();
});

test('refuses values that do not fit their column, and a wrong column count', async () => {
  const { conn, close } = await memory('CREATE TABLE t (k INTEGER, s SMALLINT)');
  const appender = await conn.createAppender('t');
  const writer = new ChunkWriter(appender, ['int', 'small']);
  assert.throws(() => writer.append([1.5, 1], 0, 1), /integer/);
  assert.throws(() => new ChunkWriter(appender, ['int', 'small']).append([2 ** 31, 1], 0, 1), /range/);
  assert.throws(() => new ChunkWriter(appender, ['int', 'small']).append([1, 40000], 0, 1), /range/);
  assert.throws(() => new ChunkWriter(appender, ['int', 'small']).append([1, Float64Array.of(0.5)], 0, 1), /integer/);
  assert.throws(() => writer.append([1], 0, 1), RangeError);
  // the limits themselves fit
  const ok = new ChunkWriter(appender, ['int', 'small']);
  ok.append([-(2 ** 31), 2 ** 15 - 1], 0, 1);
  ok.append([2 ** 31 - 1, -(2 ** 15)], 0, 1);
  ok.close();
  assert.equal(await readRows(conn, 'SELECT k, s FROM t ORDER BY k'), [
    { k: -(2 ** 31), s: 2 ** 15 - 1 },
    { k: 2 ** 31 - 1, s: -(2 ** 15) },
  ]);
  close();
});

test('BIGINT columns: whole epoch ms in and out exactly (both 32-bit halves, negatives, 2^53), NULL as NaN, fractions refused', async () => {
  const { conn, close } = await memory('CREATE TABLE t (k INTEGER, ts BIGINT, v DOUBLE)');
  const writer = new ChunkWriter(await conn.createAppender('t'), ['int', 'big', 'double']);
  // 2^32 - 1 and 2^32 straddle the low word; -1 is all ones; 2^53 and -(2^53) are the edges
  const edges = [0, 1, -1, 2 ** 32 - 1, 2 ** 32, -(2 ** 32), 1_704_063_600_000, -86_400_000, 2 ** 53, -(2 ** 53)];
  // 4,100 rows: the edges, then a run of quarter-hours over two chunk boundaries, then a missing time
  const ts = Float64Array.from({ length: 4100 }, (_, i) => (i < edges.length ? edges[i]! : 1_704_063_600_000 + i * 900_000));
  ts[4099] = Number.NaN;
  const v = Float64Array.from({ length: 4100 }, (_, i) => i);
  writer.append([1, ts, v], 0, 4100);
  writer.append([2, 7, 0.5], 0, 3); // a constant time
  writer.close();
  const [t, x] = (await readColumns(conn, 'SELECT ts, v FROM t ORDER BY k, v', ['number', 'number'])) as Float64Array[];
  assert.equal([...t!.subarray(0, edges.length)], edges);
  assert.equal(t![4098], 1_704_063_600_000 + 4098 * 900_000);
  assert.ok(Number.isNaN(t![4099]!));
  assert.equal([...t!.subarray(4100)], [7, 7, 7]);
  assert.equal(x![4099], 4099);
  // DuckDB's own view of the same rows: what SQL compares and sums is what was written
  const [row] = await readRows(
    conn,
    'SELECT count(*)::INTEGER AS n, max(ts)::DOUBLE AS hi, min(ts)::DOUBLE AS lo FROM t WHERE ts IS NOT NULL',
  );
  assert.equal(row, { n: 4102, hi: 2 ** 53, lo: -(2 ** 53) });
  const refused = new ChunkWriter(await conn.createAppender('t'), ['int', 'big', 'double']);
  assert.throws(() => refused.append([3, Float64Array.of(1.5), Float64Array.of(0)], 0, 1), /Not a whole number below 2\^53: 1\.5/);
  assert.throws(() => refused.append([3, 2 ** 53 + 2, 0], 0, 1), /Not a whole number below 2\^53/);
  close();
});

test("copyInt64: a BIGINT column's bytes as they are (the int64 values), any rows of any chunk, at any place; a NULL refused", async () => {
  const { conn, close } = await memory('CREATE TABLE t (ts BIGINT)');
  const writer = new ChunkWriter(await conn.createAppender('t'), ['big']);
  const edges = [0, 1, -1, 2 ** 32 - 1, 2 ** 32, -(2 ** 32), 1_704_063_600_000, -86_400_000, 2 ** 53, -(2 ** 53)];
  const ts = Float64Array.from({ length: 4100 }, (_, i) => (i < edges.length ? edges[i]! : 1_704_063_600_000 + i * 900_000));
  writer.append([ts], 0, 4100);
  writer.close();
  const result = await conn.run('SELECT ts FROM t');
  // every chunk's rows after two rows of room, the first chunk's from its row 3 only
  const out = new Float64Array(4102);
  let at = 2;
  for (let k = 0; k < result.chunkCount; k++) {
    const chunk = result.getChunk(k);
    const from = k === 0 ? 3 : 0;
    copyInt64(chunk, 0, out, at, from);
    at += chunk.rowCount - from;
  }
  assert.is(at, 4102 - 3);
  const int64 = new BigInt64Array(out.buffer);
  assert.equal(int64[0], 0n, 'the room before is left alone');
  // row i is at i - 1; hand-written: rows 3-9 are 2^32 - 1, 2^32, -(2^32), 2024-01-01 CET, -1 day, 2^53, -(2^53)
  assert.equal(
    [...int64.subarray(2, 9)],
    [4294967295n, 4294967296n, -4294967296n, 1704063600000n, -86400000n, 9007199254740992n, -9007199254740992n],
  );
  // row 4098 (the third chunk): 1,704,063,600,000 + 4,098 x 900,000
  assert.is(int64[4097], 1707751800000n);
  await conn.run('INSERT INTO t VALUES (NULL)');
  const withNull = await conn.run('SELECT ts FROM t WHERE ts IS NULL OR ts = 0');
  assert.throws(() => copyInt64(withNull.getChunk(0), 0, new Float64Array(2), 0), /a NULL time/);
  close();
});

test('sqlText: quotes doubled, the text comes back as it was; control characters left to a bound parameter', async () => {
  assert.is(sqlText('ec'), "'ec'");
  assert.is(sqlText("o'brien"), "'o''brien'");
  assert.is(sqlText('a\tb'), null);
  assert.is(sqlText('nul\u0000'), null);
  assert.is(sqlText('del\u007f'), null);
  const { conn, close } = await memory('SELECT 1');
  try {
    for (const text of ["o'brien'); DROP TABLE x; --", 'back\\slash \\n', 'Ünïcödé ∑ 🙂', "''", '']) {
      const [row] = await readRows(conn, `SELECT ${sqlText(text)} AS t`);
      assert.is(row!.t, text);
    }
  } finally {
    close();
  }
});

test('sqlTime: the least whole ms at or above an instant, so ts >= x and ts < x keep their meaning on whole ms', () => {
  assert.is(sqlTime(1_704_063_600_000), '1704063600000');
  assert.is(sqlTime(1.5), '2');
  assert.is(sqlTime(-1.5), '-1');
  assert.throws(() => sqlTime(Number.NaN), /Not a finite number/);
});

test.run();
