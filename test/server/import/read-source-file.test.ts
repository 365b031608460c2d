// `service import X.source.yaml` (docs/sources.md) against the real service over loopback: every
// fixture of test/fixtures/sources/ imported with --url (the description travels with its data
// file, the import thread reads it with the shared reader) and loaded back agrees value for value
// with readSeries; --data streams the file from disk; the bad fixtures are refused naming the
// file and line, with nothing written.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../../server/src/cli/main';
import { DuckDbStore } from '../../../server/src/store';
import { ServiceClient } from '../../../src/client';
import { readSeries } from '../../../src/client/read-sources';
import { startService, type StartedService } from '../../helpers/start-service';

const fixtures = join(__dirname, '..', '..', 'fixtures', 'sources');
const GOOD = [
  'cet-hourly.source.yaml',
  'london-halfhourly.source.yaml',
  'new-york-excel.source.yaml',
  'sydney-long.source.json',
  'entsoe-prices.source.yaml',
  'opsd-utc.source.yaml',
  'be-prices.source.yaml',
];
const BAD = [
  ['bad-date', 3, 'not a date-time: "2024-03-3x 00:00"'],
  ['repeated-once', 3, '"2024-10-27 02:00" occurs twice in CET (the clocks go back) but is written once'],
  ['gap-value', 3, '"2024-03-31 02:00" does not exist in CET: the clocks skip it and the row has values'],
] as const;

let svc: StartedService;
let dir: string;

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

test.before(async () => {
  svc = await startService();
  dir = mkdtempSync(join(tmpdir(), 'source-import-'));
});

test.after(async () => {
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

test('every fixture: service import --url, loaded back, equals readSeries value for value', async () => {
  const client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, httpDelay: 0.05 });
  for (const name of GOOD) {
    const path = join(fixtures, name);
    const run = io();
    assert.is(await main(['import', '--url', svc.apiUrl, '--key', svc.apiKey, path], run.io), 0, `${name}: ${run.err.join('\n')}`);
    const read = await readSeries(path);
    assert.match(run.out[0]!, new RegExp(`^Imported 1 file: ${read.length} new curves, 0 instances, ${read.length} blocks`));
    for (const series of read) {
      const times = [...series.times];
      const loaded = await client.timeseries.load(series.name as string, { begin: series.begin(), end: series.end() });
      const byTime = new Map([...loaded.times].map((t, i) => [t, loaded.values[i]!]));
      times.forEach((t, i) => {
        const want = series.values[i]!;
        const got = byTime.get(t);
        assert.ok(
          Number.isNaN(want) ? got === undefined || Number.isNaN(got) : got === want,
          `${name} ${series.name} at ${new Date(t).toISOString()}: ${got} != ${want}`,
        );
      });
      const stored = [...loaded.values].filter((v) => !Number.isNaN(v)).length;
      assert.is(stored, [...series.values].filter((v) => !Number.isNaN(v)).length, `${name}: values stored`);
    }
  }
});

test('the OPSD file through its cet_cest_timestamp column re-imports the same values (a dry run: no change)', async () => {
  const run = io();
  assert.is(
    await main(['import', '--url', svc.apiUrl, '--key', svc.apiKey, '--dry-run', join(fixtures, 'opsd-cet-cest.source.yaml')], run.io),
    0,
  );
  assert.equal(run.out[0], 'Checked 1 file: 0 new curves, 0 instances, 2 blocks, 12 values (nothing written)');
});

test('the bad fixtures: exit 1, the file and line named, nothing written (--url and --data)', async () => {
  const before = await svc.store.stats();
  const data = join(dir, 'data');
  for (const [name, line, message] of BAD) {
    const path = join(fixtures, `${name}.source.yaml`);
    for (const target of [
      ['--url', svc.apiUrl, '--key', svc.apiKey],
      ['--data', data],
    ]) {
      const run = io();
      assert.is(await main(['import', ...target, path], run.io), 1);
      assert.match(run.err[0]!, /Import failed with 1 problem; nothing was imported:/);
      assert.ok(run.err[0]!.includes(`${join(fixtures, `${name}.csv`)}:${line}: date: ${message}`), run.err[0]);
    }
  }
  assert.equal(await svc.store.stats(), before);
  const store = await DuckDbStore.open(data);
  assert.equal([(await store.stats()).values, (await store.stats()).events], [0, 0]);
  await store.close();
});

test('--data reads the description and its data file from disk; a description with problems names its lines', async () => {
  const data = join(dir, 'data2');
  const run = io();
  assert.is(
    await main(['import', '--data', data, join(fixtures, 'entsoe-prices.source.yaml'), join(fixtures, 'cet-hourly.source.yaml')], run.io),
    0,
  );
  assert.equal(run.out[0], 'Imported 2 files: 2 new curves, 0 instances, 2 blocks, 17 values, 2 events');
  const described = join(dir, 'bad.source.yaml');
  const good = 'file: missing.csv\ndate: { column: date }\nseries: [{ column: v, curve: X }]\n';
  writeFileSync(described, good);
  const missing = io();
  assert.is(await main(['import', '--data', data, described], missing.io), 1);
  assert.ok(missing.err[0]!.includes(`${join(dir, 'missing.csv')}:0: cannot read the file: ENOENT`), missing.err[0]);
  writeFileSync(described, 'file: missing.csv\ndate:\n  column: date\n  ambiguous: sometimes\nseries: []\n');
  const bad = io();
  assert.is(await main(['import', '--data', data, described], bad.io), 1);
  assert.match(bad.err[0]!, /Import failed with 2 problems/);
  assert.ok(
    bad.err[0]!.includes(`${described}:4: date.ambiguous: expected one of infer, earlier, later, error, got "sometimes"`),
    bad.err[0],
  );
  assert.ok(bad.err[0]!.includes(`${described}:5: series: expected a list of { column, curve }`), bad.err[0]);
});

test.run();
