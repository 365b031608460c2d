// A store copied from a seeded demo template holds what the fresh seed that made the template
// wrote, and two files asking for it at once seed it once (test/helpers/demo-templates.ts, CONTRIBUTING.md#demo-templates): the same curves,
// values, users, keys and events, and the demo's key.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { demoApiKey } from '../../../server/src/demo/demo-user';
import type { Store } from '../../../server/src/store';
import { openSeededStore, seedCount } from '../../helpers/demo-templates';

const SPEC = { preset: 'small', seed: 1, anchor: '2025-01-15' } as const;
const work = mkdtempSync(join(tmpdir(), 'demo-templates-test-'));
const ENV = 'SERVICE_TEST_DEMO_TEMPLATES';
const runFolder = process.env[ENV];

test.after(() => {
  if (runFolder === undefined) delete process.env[ENV];
  else process.env[ENV] = runFolder;
  rmSync(work, { recursive: true, force: true });
});

/** What the test compares of a store: counts, curve names, each curve's value extent, users, keys, events. */
async function contentOf(store: Store): Promise<unknown> {
  const curves = (await store.searchCurves({ pageSize: 10_000 })).items.map((c) => c.name).sort();
  const extents = await Promise.all(curves.map((name) => store.valueExtent(name)));
  return {
    stats: await store.stats(),
    curves,
    extents,
    users: (await store.listUsers()).map((u) => u.id).sort(),
    keys: (await store.listKeys()).map((k) => k.hash).sort(),
    events: (await store.eventsAfter(null, 100_000)).events.map((e) => [e.type, e.curve, e.begin, e.end, e.issued, e.tag]),
  };
}

test('a copy of the template equals a fresh seed, and gives the same demo key', async () => {
  // a template folder of the test's own, empty: the first store is seeded here and published;
  // the second, asked for at the same time, waits for it and copies it
  process.env[ENV] = join(work, 'templates');
  const seeds = seedCount.value;
  const [fresh, copy] = await Promise.all([openSeededStore(join(work, 'fresh'), SPEC), openSeededStore(join(work, 'copy'), SPEC)]);
  try {
    assert.is(seedCount.value - seeds, 1, 'seeded once');
    assert.not.ok(existsSync(join(work, 'templates', 'small-1-2025-01-15.lock')), 'the lock is gone');
    assert.ok(existsSync(join(work, 'templates', 'small-1-2025-01-15', 'template.json')), 'the template was published');
    assert.is(fresh.apiKey, demoApiKey(SPEC.seed));
    assert.is(copy.apiKey, fresh.apiKey);
    assert.equal([copy.curves, copy.values], [fresh.curves, fresh.values]);
    assert.equal(await contentOf(copy.store), await contentOf(fresh.store));
  } finally {
    await Promise.all([fresh.store.close(), copy.store.close()]);
  }
});

test.run();
