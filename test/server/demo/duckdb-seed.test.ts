import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { seedDemo } from '../../../server/src/demo';
import { DuckDbStore } from '../../../server/src/store';

test('the small preset seeds into the embedded DuckDB store through importBatch', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-seed-'));
  const store = await DuckDbStore.open(dir);
  try {
    const result = await seedDemo(store, { preset: 'small', seed: 3, anchor: '2025-01-20' });
    const stats = await store.stats();
    assert.is(stats.curves, result.curves);
    assert.is(stats.values + stats.periods + stats.ohlcRows, result.values);
    const key = await store.findKey(createHash('sha256').update(result.apiKey).digest('hex'));
    assert.is(key?.userId, 'demo');
    const curve = await store.getCurve('DE Wind Power Production MWh/h 15min Actual');
    assert.is(curve?.frequency, 'PT15M');
    // 2025-01-19 local day in CET: 2025-01-18T23:00Z to 2025-01-19T23:00Z, 96 quarter-hours
    const day = await store.readSeries('DE Wind Power Production MWh/h 15min Actual', {
      begin: Date.UTC(2025, 0, 18, 23),
      end: Date.UTC(2025, 0, 19, 23),
    });
    assert.is(day.times.length, 96);
    const latest = await store.listInstances('DE Wind Power Production MWh/h 15min Forecast', { tags: ['ec'], limit: 1 });
    assert.is(latest.length, 1);
    // the newest ec run is the 12:00 UTC run of the anchor day
    assert.is(latest[0].issued, Date.UTC(2025, 0, 20, 12));
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
