import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DuckDbStore, type OhlcBlock } from '../../../server/src/store';
import { SCHEMA_SQL } from '../../../server/src/store/duckdb/duckdb-io';
import { readOhlcBlock } from '../../../server/src/store/duckdb/duckdb-read';
import { inTradeOrder } from '../../../server/src/store/ohlc-order';
import { tradeOrder } from '../../../src/engine';
import { curveRecord } from '../../helpers/records';

// trading days 2024-01-02 and 2024-01-03 at 00:00 CET; deliveries February, March (months) and Q2
const d1 = Date.UTC(2024, 0, 1, 23);
const d2 = Date.UTC(2024, 0, 2, 23);
const feb = Date.UTC(2024, 0, 31, 23);
const mar = Date.UTC(2024, 1, 29, 23);
const q2 = Date.UTC(2024, 2, 31, 22);
const NAME = 'DE Futures Power Base EUR/MWh EEX OHLC';

/** Rows with the settlement as each row's label (every other number derived from it). */
function rows(traded: number[], period: string[], delivery: number[], settlement: number[]): OhlcBlock {
  const s = Float64Array.from(settlement);
  return {
    curve: NAME,
    traded: Float64Array.from(traded),
    period,
    delivery: Float64Array.from(delivery),
    open: s.map((x) => x - 1),
    high: s.map((x) => x + 2),
    low: s.map((x) => x - 2),
    close: s.map((x) => x + 0.5),
    settlement: s,
    volume: s.map((x) => x * 10),
    openInterest: s.map((x) => x * 100),
  };
}

test('tradeOrder: by trading day, then period tag whatever its case, then delivery; null when already so', () => {
  // read order: d1 month feb (1), d1 month mar (2), d1 Quarter q2 (3), d2 month feb (4)
  const traded = Float64Array.of(d2, d1, d1, d1);
  const period = ['month', 'Quarter', 'MONTH', 'month'];
  const delivery = Float64Array.of(feb, q2, mar, feb);
  assert.equal(Array.from(tradeOrder(traded, period, delivery) ?? []), [3, 2, 1, 0]);
  assert.is(tradeOrder(Float64Array.of(d1, d1, d1, d2), ['month', 'MONTH', 'Quarter', 'month'], Float64Array.of(feb, mar, q2, feb)), null);
  assert.is(tradeOrder(new Float64Array(0), [], new Float64Array(0)), null);
});

test('inTradeOrder moves every column with its row, and gives rows already in order back as they are', () => {
  const shuffled = rows([d2, d1, d1], ['month', 'quarter', 'month'], [feb, q2, mar], [81, 70, 78]);
  const { block, moved } = inTradeOrder(shuffled);
  assert.ok(moved);
  assert.equal([...block.settlement], [78, 70, 81]);
  assert.equal(block.period, ['month', 'quarter', 'month']);
  assert.equal([...block.traded], [d1, d1, d2]);
  assert.equal([...block.delivery], [mar, q2, feb]);
  assert.equal([...block.open], [77, 69, 80]);
  assert.equal([...block.high], [80, 72, 83]);
  assert.equal([...block.low], [76, 68, 79]);
  assert.equal([...block.close], [78.5, 70.5, 81.5]);
  assert.equal([...block.volume], [780, 700, 810]);
  assert.equal([...block.openInterest], [7800, 7000, 8100]);
  // the input is not changed
  assert.equal([...shuffled.settlement], [81, 70, 78]);
  const again = inTradeOrder(block);
  assert.not.ok(again.moved);
  assert.is(again.block, block);
});

test('readOhlcBlock: rows stored out of order come back in order, checked or sorted by the query', async () => {
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  try {
    await conn.run(SCHEMA_SQL);
    // stored: d2 month feb, d1 quarter q2, d1 month mar, d1 MONTH feb
    await conn.run(`INSERT INTO ohlc VALUES (7, ${d2}, 'month', ${feb}, 0, 0, 0, 0, 81, 0, 0),
      (7, ${d1}, 'quarter', ${q2}, 0, 0, 0, 0, 70, 0, 0), (7, ${d1}, 'month', ${mar}, 0, 0, 0, 0, 78, 0, 0),
      (7, ${d1}, 'MONTH', ${feb}, 0, 0, 0, 0, 80, 0, 0)`);
    const checked = await readOhlcBlock(conn, NAME, 7, {});
    assert.not.ok(checked.inOrder);
    assert.equal([...checked.block.settlement], [80, 78, 70, 81]);
    assert.equal(checked.block.period, ['MONTH', 'month', 'quarter', 'month']);
    const sorted = await readOhlcBlock(conn, NAME, 7, {}, 'unordered');
    assert.equal(sorted.block, checked.block);
    // a filter keeps the order of what it selects; a period is a literal, or bound when it must be
    assert.equal([...(await readOhlcBlock(conn, NAME, 7, { period: 'month' })).block.settlement], [80, 78, 81]);
    assert.equal([...(await readOhlcBlock(conn, NAME, 7, { period: 'QUARTER' })).block.settlement], [70]);
    assert.equal((await readOhlcBlock(conn, NAME, 7, { period: "month' OR '1'='1" })).block.traded.length, 0);
    assert.equal((await readOhlcBlock(conn, NAME, 7, { period: 'mon\tth' })).block.traded.length, 0);
    // rows stored in order are read as they are
    await conn.run('DELETE FROM ohlc');
    await conn.run(
      `INSERT INTO ohlc VALUES (7, ${d1}, 'month', ${feb}, 0, 0, 0, 0, 80, 0, 0), (7, ${d2}, 'month', ${feb}, 0, 0, 0, 0, 81, 0, 0)`,
    );
    const inOrder = await readOhlcBlock(conn, NAME, 7, {});
    assert.ok(inOrder.inOrder);
    assert.equal([...inOrder.block.settlement], [80, 81]);
  } finally {
    conn.closeSync();
    db.closeSync();
  }
});

test('the embedded store writes an import in read order, and reads rows of several imports in order', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ohlc-order-'));
  try {
    const store = await DuckDbStore.open(dir);
    await store.importBatch({
      curves: [curveRecord(NAME, { curveType: 'OHLC', dataType: 'OHLC', frequency: 'P1D', unit: 'EUR', denominator: 'MWh' })],
      // the later day first: each import is stored in order, but this one lands before the next
      ohlc: [rows([d2, d2], ['quarter', 'month'], [q2, feb], [71, 81])],
    });
    await store.importBatch({ ohlc: [rows([d1, d1, d1], ['quarter', 'month', 'month'], [q2, mar, feb], [70, 78, 80])] });
    const first = await store.readOhlc(NAME, {});
    assert.equal([...first.settlement], [80, 78, 70, 81, 71]);
    assert.equal([...first.open], [79, 77, 69, 80, 70]);
    // the second read has the query sort (the curve is known to be stored out of order): the same rows
    assert.equal(await store.readOhlc(NAME, {}), first);
    assert.equal([...(await store.readOhlc(NAME, { begin: d2 })).settlement], [81, 71]);
    await store.close();
    // in the file: each import's rows in read order, the imports one after the other
    const db = await DuckDBInstance.create(join(dir, 'service.duckdb'));
    const conn = await db.connect();
    const stored = await conn.runAndReadAll('SELECT settlement FROM ohlc');
    assert.equal(
      stored.getRows().map((r) => r[0]),
      [81, 71, 80, 78, 70],
    );
    conn.closeSync();
    db.closeSync();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
