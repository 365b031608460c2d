// The notes of key use (server/src/store/key-uses.ts): written at most once per interval
// per key, merged with the stored ones (the newer wins), a failed write retried with the next use;
// and both stores' tables behind them (the DuckDB one here, PostgreSQL in the key routes' suite).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { KeyUseLog } from '../../../server/src/store/key-uses';
import { DuckDbStore } from '../../../server/src/store';

test('one write per key per interval; the newest note wins over the stored instant', async () => {
  const writes: [string, number][] = [];
  const log = new KeyUseLog(async (hash, at) => {
    writes.push([hash, at]);
  }, 1000);
  log.note('a', 10_000);
  log.note('a', 10_500);
  log.note('b', 10_600);
  log.note('a', 11_000);
  log.note('a', 10_900); // out of order: not newer than what is noted
  assert.equal(writes, [
    ['a', 10_000],
    ['b', 10_600],
    ['a', 11_000],
  ]);
  const merged = log.merged(
    new Map([
      ['a', 10_000],
      ['b', 99_000],
      ['c', 5],
    ]),
  );
  assert.equal([...merged].sort(), [
    ['a', 11_000],
    ['b', 99_000],
    ['c', 5],
  ]);
});

test('a failed write is retried with the next use', async () => {
  let fail = true;
  const writes: number[] = [];
  const log = new KeyUseLog(async (_hash, at) => {
    if (fail) throw new Error('store busy');
    writes.push(at);
  }, 60_000);
  log.note('a', 1000);
  await new Promise((resolve) => setImmediate(resolve));
  fail = false;
  log.note('a', 2000);
  assert.equal(writes, [2000]);
});

test('the embedded store keeps the last use across a restart', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'key-uses-'));
  try {
    let store = await DuckDbStore.open(dir);
    store.noteKeyUse('h1', 1_700_000_000_000);
    assert.equal([...(await store.keyUses())], [['h1', 1_700_000_000_000]]);
    await store.close();
    store = await DuckDbStore.open(dir);
    store.noteKeyUse('h2', 1_700_000_000_500);
    assert.equal([...(await store.keyUses())].sort(), [
      ['h1', 1_700_000_000_000],
      ['h2', 1_700_000_000_500],
    ]);
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
