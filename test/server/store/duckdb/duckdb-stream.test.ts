// The embedded store's batched read: the cases of batched-read-cases.ts, on windows of the size
// they ask for; a window size that is not a positive integer is refused before anything is opened.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DuckDbStore } from '../../../../server/src/store';
import { ValueError } from '../../../../src/exceptions';
import { batchedReadCases } from '../batched-read-cases';

const dir = mkdtempSync(join(tmpdir(), 'store-stream-test-'));

test('windowRows must be a positive integer: refused, naming the option, before the store is created', async () => {
  const missing = join(dir, 'never');
  for (const windowRows of [0, -4096, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    const err = await DuckDbStore.open(missing, { windowRows }).then(
      () => null,
      (e: unknown) => e,
    );
    assert.instance(err, ValueError, `windowRows ${windowRows} was taken`);
    assert.match((err as Error).message, /^windowRows must be a positive integer/);
  }
  assert.not.ok(existsSync(missing), 'a directory was created');
});

batchedReadCases(
  (options) => DuckDbStore.open(dir, options),
  async (store) => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  },
);
