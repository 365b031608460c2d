// The embedded store's batched read: the cases of batched-read-cases.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbStore } from '../../../../server/src/store';
import { batchedReadCases } from '../batched-read-cases';

const dir = mkdtempSync(join(tmpdir(), 'store-stream-test-'));
batchedReadCases(
  () => DuckDbStore.open(dir),
  async (store) => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  },
);
