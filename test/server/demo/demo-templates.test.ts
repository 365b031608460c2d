// A store copied from the run's seeded demo template holds what a fresh seed writes
// (test/helpers/demo-templates.ts, CONTRIBUTING.md#demo-templates): the same curves, values,
// users, keys and events, and the same demo key.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seedDemo } from '../../../server/src/demo';
import { DuckDbStore, type Store } from '../../../server/src/store';
import { openSeededStore } from '../../helpers/demo-templates';

const SPEC = { preset: 'small', seed: 1, anchor: '2025-01-15' } as const;
const work = mkdtempSync(join(tmpdir(), 'demo-templates-test-'));
const ENV = 'SERVICE_TEST_DEMO_TEMPLATES';
const runFolder = process.env[ENV];

test.after(() => {
  if (runFolder === undefined) delete process.env[ENV];
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
  // the run's folder when there is one (its template may exist already), else one of the test's own
  process.env[ENV] = runFolder ?? join(work, 'templates');
  const first = await openSeededStore(join(work, 'a'), SPEC);
  const copy = await openSeededStore(join(work, 'b'), SPEC); // the template exists now: a copy
  const fresh = await DuckDbStore.open(join(work, 'c'));
  try {
    const seeded = await seedDemo(fresh, SPEC);
    assert.is(first.apiKey, seeded.apiKey);
    assert.is(copy.apiKey, seeded.apiKey);
    const expected = await contentOf(fresh);
    assert.equal(await contentOf(copy.store), expected);
    assert.equal(await contentOf(first.store), expected);
  } finally {
    await Promise.all([first.store.close(), copy.store.close(), fresh.close()]);
  }
});

test.run();
