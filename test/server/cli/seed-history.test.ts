// `service seed --history-years N --curves PATTERN` (docs/demo-data.md#long-histories): the
// options are checked before anything is seeded (exit 2, naming the option), the histories are
// the same for the same seed and anchor and differ for another seed, they start N years before
// the anchor at local midnight and go on into the demo data without a gap, and the service
// answers the long range.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main, type CliIO } from '../../../server/src/cli';
import { parseSeed } from '../../../server/src/cli/seed';
import { seedLongHistory } from '../../../server/src/demo';
import { DuckDbStore } from '../../../server/src/store';
import { ServiceClient } from '../../../src/client';
import { startService } from '../../helpers/start-service';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'seed-history-'));
  dirs.push(d);
  return d;
}
test.after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function capture(): CliIO & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l) };
}

const ANCHOR = '2025-01-15';
const WIND = 'DE Wind Power Production MWh/h 15min Actual';
const SOLAR = 'DE Solar Photovoltaic Production MWh/h 15min Actual';

test('bad history options: exit 2 with a message naming the option, nothing seeded', async () => {
  const d = tempDir();
  const base = ['seed', '--data', d, '--demo', 'small', '--anchor', ANCHOR];
  const cases: [string[], RegExp][] = [
    [[...base, '--history-years', '10'], /--curves is required/],
    [[...base, '--curves', 'DE *'], /--curves needs --history-years/],
    [[...base, '--history-years', '0', '--curves', 'DE *'], /--history-years must be an integer from 1 to 30, got "0"/],
    [[...base, '--history-years', '31', '--curves', 'DE *'], /--history-years must be an integer from 1 to 30/],
    [[...base, '--history-years', 'ten', '--curves', 'DE *'], /--history-years must be an integer/],
    [
      [...base, '--history-years', '2', '--curves', 'XX Nothing *'],
      /--curves "XX Nothing \*" matches no time-series curve of the small dataset/,
    ],
    [[...base, '--history-years', '2', '--curves', ' '], /--curves must name curves/],
  ];
  for (const [args, message] of cases) {
    const io = capture();
    assert.is(await main(args, io), 2, args.join(' '));
    assert.match(io.errors.join('\n'), message, args.join(' '));
  }
  const store = await DuckDbStore.open(d);
  try {
    assert.is((await store.stats()).curves, 0, 'nothing seeded');
  } finally {
    await store.close();
  }
  assert.equal(parseSeed([...base.slice(1), '--history-years', '10', '--curves', 'DE * 15min Actual']).history, {
    years: 10,
    curves: 'DE * 15min Actual',
  });
});

test('seed --history-years: N years before the anchor, no gap into the demo data, served over the range', async () => {
  const d = tempDir();
  const io = capture();
  const args = ['seed', '--data', d, '--demo', 'small', '--anchor', ANCHOR, '--history-years', '2', '--curves', 'de * 15MIN actual'];
  assert.is(await main(args, io), 0, io.errors.join('\n'));
  assert.match(io.errors.join('\n'), /Long histories: \d+ curves/);
  const store = await DuckDbStore.open(d);
  let wind: Float64Array;
  try {
    const block = await store.readSeries(WIND, {});
    // 2023-01-15 00:00 CET = 2023-01-14T23:00Z
    assert.is(block.times[0], Date.UTC(2023, 0, 14, 23));
    for (let i = 1; i < block.times.length; i++) if (block.times[i]! - block.times[i - 1]! !== 900_000) assert.unreachable(`gap at ${i}`);
    assert.ok(block.times.length > 2 * 35_000, `${block.times.length} rows`);
    wind = block.values!;
    assert.ok(
      wind.every((v) => v >= 0),
      'production never negative',
    );
    const forecast = await store.readSeries('DE Wind Power Production MWh/h 15min Forecast', {}).catch(() => null);
    assert.ok(forecast === null || forecast.times.length === 0, 'instance curves are not extended');
  } finally {
    await store.close();
  }
  const svc = await startService({ openStore: () => DuckDbStore.open(d) });
  try {
    const key = readFileSync(join(d, 'demo-api-key'), 'utf8').trim();
    const client = new ServiceClient({ apiKey: key, apiUrl: svc.apiUrl, httpDelay: 0.05, transport: 'arrow' });
    const ts = await client.timeseries.load(SOLAR, { begin: '2023-01-15', end: '2025-01-01' });
    client.close();
    // 717 days, two with 23 hours and two with 25
    assert.is(ts.length, 717 * 96);
  } finally {
    await svc.close();
  }
});

test('the same seed and anchor give the same history; another seed another one', async () => {
  const histories = async (seed: number) => {
    const written: Float64Array[] = [];
    const store = {
      readSeries: async () => ({
        curve: WIND,
        issued: null,
        tag: null,
        times: new Float64Array(0),
        values: null,
        scenarios: [],
        scenarioNames: [],
      }),
      importBatch: async (batch: { series?: { values: Float64Array | null }[] }) => {
        written.push(batch.series![0]!.values!);
      },
    };
    const result = await seedLongHistory(store, {
      preset: 'small',
      anchor: ANCHOR,
      seed,
      years: 1,
      curves: 'de wind power production mwh/h 15min actua?',
    });
    assert.equal(result.curves, [WIND]);
    return written;
  };
  const [a, b, c] = [await histories(1), await histories(1), await histories(2)];
  assert.is(a.length, 1);
  assert.equal(Array.from(a[0]!), Array.from(b[0]!));
  assert.not.equal(Array.from(a[0]!.subarray(0, 50)), Array.from(c[0]!.subarray(0, 50)));
});

test.run();
