// The small demo seeded into the embedded DuckDB store through importBatch: what the seed reports
// is what the store holds, the demo key finds its user, and a day and the newest forecast run
// are where the anchor puts them. The store is a copy of the run's seeded template when there is
// one (test/helpers/demo-templates.ts; demo-templates.test.ts checks a copy equals a fresh seed).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openSeededStore } from '../../helpers/demo-templates';

test('the small preset seeds into the embedded DuckDB store through importBatch', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-seed-'));
  const { store, apiKey, curves, values } = await openSeededStore(dir, { preset: 'small', seed: 1, anchor: '2025-01-15' });
  try {
    const stats = await store.stats();
    assert.is(stats.curves, curves);
    assert.is(stats.values + stats.periods + stats.ohlcRows, values);
    const key = await store.findKey(createHash('sha256').update(apiKey).digest('hex'));
    assert.is(key?.userId, 'demo');
    const curve = await store.getCurve('DE Wind Power Production MWh/h 15min Actual');
    assert.is(curve?.frequency, 'PT15M');
    // 2025-01-14 local day in CET: 2025-01-13T23:00Z to 2025-01-14T23:00Z, 96 quarter-hours
    const day = await store.readSeries('DE Wind Power Production MWh/h 15min Actual', {
      begin: Date.UTC(2025, 0, 13, 23),
      end: Date.UTC(2025, 0, 14, 23),
    });
    assert.is(day.times.length, 96);
    const latest = await store.listInstances('DE Wind Power Production MWh/h 15min Forecast', { tags: ['ec'], limit: 1 });
    assert.is(latest.length, 1);
    // the newest ec run is the 12:00 UTC run of the anchor day
    assert.is(latest[0]!.issued, Date.UTC(2025, 0, 15, 12));
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
