// kill -9 of `service import --store postgres://...` at several points of its life: the shared
// store holds the whole import or none of it, never a part (PostgreSQL rolls back the transaction
// of a connection that dies), and another process reads it meanwhile.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresStore } from '../../../../server/src/store';
import { importCurveNames, importFileTexts } from '../../../helpers/big-import';
import { killNow, spawnCli } from '../../../helpers/child-service';
import { startPostgres, type PostgresServer } from '../../../helpers/postgres-server';

const BIG = { curves: 6, values: 35_040, prefix: 'PGKILL' };
const NAMES = importCurveNames(BIG);
let server: PostgresServer;
const dir = mkdtempSync(join(tmpdir(), 'pg-kill-'));

test.before(async () => {
  server = await startPostgres();
});
test.after(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function importState(store: PostgresStore): Promise<string> {
  const counts: number[] = [];
  for (const name of NAMES) counts.push((await store.getCurve(name)) === null ? -1 : (await store.readSeries(name, {}, null)).times.length);
  const events = (await store.eventsAfter(null, 1_000_000)).events.filter((e) => NAMES.includes(e.curve)).length;
  if (counts.every((c) => c === -1) && events === 0) return 'none';
  if (counts.every((c) => c === BIG.values) && events > 0 && events % BIG.curves === 0) return 'all';
  return `partial: values per curve ${counts.join(',')}, events ${events}`;
}

function exitsWithin(child: ReturnType<typeof spawnCli>, ms: number): Promise<boolean> {
  if (child.exitCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

test('kill -9 during service import --store: all or nothing, never part', async () => {
  const url = await server.createDatabase();
  const reader = await PostgresStore.open(url);
  try {
    const files = importFileTexts(BIG).map((f) => {
      const path = join(dir, f.name);
      writeFileSync(path, f.text);
      return path;
    });
    for (const delay of [1500, 2500, 3500, 5000]) {
      const child = spawnCli(['import', '--store', url, ...files]);
      const finished = await exitsWithin(child, delay);
      if (!finished) await killNow(child);
      // the server notices the dead connection and rolls back; its lock is then free again
      const state = await importState(reader);
      assert.ok(state === 'none' || state === 'all', `after a kill at ${delay} ms: ${state}`);
    }
    const child = spawnCli(['import', '--store', url, ...files]);
    assert.ok(await exitsWithin(child, 120_000), 'the import finished');
    assert.is(child.exitCode, 0);
    assert.is(await importState(reader), 'all');
  } finally {
    await reader.close();
  }
});

test.run();
