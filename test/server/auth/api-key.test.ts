import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey, hashApiKey, hashesEqual } from '../../../server/src/auth';
import { DuckDbStore } from '../../../server/src/store';

test('keys hash to hex SHA-256', () => {
  // FIPS 180-2 test vector for "abc"
  assert.is(hashApiKey('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.ok(hashesEqual(hashApiKey('k'), hashApiKey('k')));
  assert.not.ok(hashesEqual(hashApiKey('k'), hashApiKey('j')));
  assert.not.ok(hashesEqual('ab', 'abc'));
});

test('generated keys are long, random and URL-safe', () => {
  const a = generateApiKey();
  const b = generateApiKey();
  assert.match(a, /^svc_[A-Za-z0-9_-]{43}$/);
  assert.is.not(a, b);
});

test('the plain key is never stored', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'key-test-'));
  const key = generateApiKey();
  let store = await DuckDbStore.open(dir);
  await store.importBatch({
    users: [{ id: 'ada', name: 'Ada', email: null, organization: null, blocked: false, subscriptions: [] }],
    keys: [{ hash: hashApiKey(key), userId: 'ada', label: 'laptop', created: 1, blocked: false }],
  });
  assert.is((await store.findKey(hashApiKey(key)))?.userId, 'ada');
  assert.is(await store.findKey(key), null);
  await store.close();
  // not in any file of the data directory (database and write-ahead log), as text or as hex
  for (const file of readdirSync(dir)) {
    const bytes = readFileSync(join(dir, file));
    assert.is(bytes.indexOf(Buffer.from(key)), -1, file);
  }
  // the hash is there, so the scan above would have found text of this kind
  const all = Buffer.concat(readdirSync(dir).map((f) => readFileSync(join(dir, f))));
  assert.ok(all.indexOf(Buffer.from(hashApiKey(key))) >= 0);
  store = await DuckDbStore.open(dir);
  assert.is((await store.findKey(hashApiKey(key)))?.label, 'laptop');
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

test.run();
