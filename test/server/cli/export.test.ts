// `service export`: from a stopped store (--data) and from a running service (--url) the same
// CSV files byte for byte, which `service import` reads back into a fresh store to identical
// series (15-minute steps across both DST changes of 2024 in Europe/Berlin, missing values, a
// scenario curve); Parquet files DuckDB reads; bad arguments with exit status 2.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Frequency, stepStarts, zoneByName } from '../../../src/time';
import { main, type CliIO } from '../../../server/src/cli';
import { DuckDbStore, type ImportBatch, type SeriesBlock } from '../../../server/src/store';
import { curveRecord } from '../../helpers/records';
import { startService, type StartedService } from '../../helpers/start-service';

const BERLIN = zoneByName('Europe/Berlin');
const QUARTER = 'DE Test Export MWh/h 15min Actual';
const CLIMATE = 'DE Test Export °C D Climate';
const OTHER = 'FR Test Export MWh/h H Actual';
const at = (year: number, month: number, day: number) => DateTime.fromObject({ year, month, day }, { zone: BERLIN }).toMillis();

function block(curve: string, frequency: Frequency, begin: number, end: number, scenarios = 0): SeriesBlock {
  const times = stepStarts(begin, end, frequency, BERLIN);
  const values = times.map((_, i) => (i % 97 === 5 ? Number.NaN : i / 7 - 300));
  const columns = Array.from({ length: scenarios }, (_, k) => times.map((_, i) => i * 0.1 + k));
  return {
    curve,
    issued: null,
    tag: null,
    times,
    values: scenarios ? null : values,
    scenarios: columns,
    scenarioNames: columns.map((_, k) => `y${1991 + k}`),
  };
}

const BATCH: ImportBatch = {
  curves: [
    curveRecord(QUARTER, { frequency: 'PT15M', timezone: 'Europe/Berlin' }),
    curveRecord(CLIMATE, {
      frequency: 'P1D',
      timezone: 'Europe/Berlin',
      curveType: 'SCENARIO_TIMESERIES',
      dataType: 'CLIMATE',
      unit: '°C',
    }),
    curveRecord(OTHER, { area: 'FR' }),
  ],
  series: [
    block(QUARTER, Frequency.PT15M, at(2024, 3, 1), at(2024, 11, 1)),
    block(CLIMATE, Frequency.P1D, at(2024, 1, 1), at(2025, 1, 1), 2),
    block(OTHER, Frequency.PT1H, at(2024, 1, 1), at(2024, 1, 2)),
  ],
};

interface Captured extends CliIO {
  lines: string[];
  errors: string[];
}
const capture = (): Captured => {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l) };
};

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'cli-export-test-'));
  dirs.push(d);
  return d;
};
let svc: StartedService;
let data: string;

test.before(async () => {
  data = tempDir();
  const store = await DuckDbStore.open(data);
  await store.importBatch(BATCH);
  await store.close();
  svc = await startService({ rateLimit: false, batch: BATCH });
});

test.after(async () => {
  await svc.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test('--data and --url write the same CSV, which imports into a fresh store to identical series', async () => {
  const [fromData, fromUrl] = [join(tempDir(), 'a'), join(tempDir(), 'b')];
  const args = ['--curves', 'de test export *', '--format', 'csv', '--begin', '2023-01-01', '--end', '2026-01-01', '--chunk-steps', '7000'];
  const io = capture();
  assert.is(await main(['export', '--data', data, ...args, '--out', fromData], io), 0, io.errors.join('\n'));
  assert.match(io.lines.at(-1) ?? '', /^Exported 2 files, \d+ rows to /);
  assert.is(await main(['export', '--url', svc.apiUrl, '--key', svc.apiKey, ...args, '--out', fromUrl], capture()), 0);
  const names = readdirSync(fromData).sort();
  assert.equal(names, ['DE Test Export MWh_h 15min Actual.csv', 'DE Test Export °C D Climate.csv', 'curves.csv']);
  // the data files are the same byte for byte (curves.csv from the service lacks what only the store knows: the package)
  for (const name of names.filter((n) => n !== 'curves.csv'))
    assert.is(readFileSync(join(fromUrl, name), 'utf8'), readFileSync(join(fromData, name), 'utf8'), name);
  // March to October 2024: 245 days of 96 quarter-hours (the spring day 4 short, the autumn day 4 long)
  assert.is(readFileSync(join(fromData, names[0]!), 'utf8').trimEnd().split('\n').length, 1 + 245 * 96);

  const fresh = tempDir();
  const importIo = capture();
  assert.is(await main(['import', '--data', fresh, ...names.map((n) => join(fromData, n))], importIo), 0, importIo.errors.join('\n'));
  const [a, b] = [await DuckDbStore.open(data), await DuckDbStore.open(fresh)];
  try {
    for (const curve of [QUARTER, CLIMATE]) {
      const [x, y] = [await a.readSeries(curve, {}), await b.readSeries(curve, {})];
      assert.equal([...y.times], [...x.times], curve);
      assert.equal(
        [y.values && [...y.values], y.scenarios.map((s) => [...s]), y.scenarioNames],
        [x.values && [...x.values], x.scenarios.map((s) => [...s]), x.scenarioNames],
        curve,
      );
      const [cx, cy] = [await a.getCurve(curve), await b.getCurve(curve)];
      assert.equal(cy, cx);
    }
  } finally {
    await a.close();
    await b.close();
  }
});

test('Parquet, one long file: DuckDB reads every row and the definitions', async () => {
  const out = join(tempDir(), 'p');
  assert.is(
    await main(['export', '--data', data, '--curves', '* Test Export MWh/h *', '--format', 'parquet', '--long', '--out', out], capture()),
    0,
  );
  const file = join(out, 'timeseries.parquet');
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  try {
    const rows = (
      await conn.runAndReadAll(
        `SELECT curve, count(*) AS n, sum(isnan(coalesce(value, 'NaN'::DOUBLE))::INT) AS missing FROM read_parquet('${file}') GROUP BY curve ORDER BY curve`,
      )
    ).getRowObjectsJS();
    // 24 hours on 2024-01-01; 23,520 quarter-hours, a missing value every 97th (243 of them)
    assert.equal(
      rows.map((r) => [r.curve, Number(r.n), Number(r.missing)]),
      [
        [QUARTER, 245 * 96, Math.ceil((245 * 96 - 5) / 97)],
        [OTHER, 24, 1],
      ],
    );
    // the date column is a UTC timestamp in ms (labelled so in the footer, written as plain INT64)
    const dates = (
      await conn.runAndReadAll(
        `SELECT typeof(min(date)) AS type, epoch_ms(min(date)) AS first, epoch_ms(max(date)) AS last FROM read_parquet('${file}') WHERE curve = '${OTHER}'`,
      )
    ).getRowObjectsJS();
    assert.equal(
      dates.map((r) => [r.type, Number(r.first), Number(r.last)]),
      // 2024-01-01 00:00 in Berlin (UTC+1 in winter) is 2023-12-31 23:00 UTC; 24 hours
      [['TIMESTAMP WITH TIME ZONE', Date.UTC(2023, 11, 31, 23), Date.UTC(2024, 0, 1, 22)]],
    );
    const meta = (
      await conn.runAndReadAll(`SELECT decode(value) AS v FROM parquet_kv_metadata('${file}') WHERE decode(key) = 'service.curves'`)
    ).getRowObjectsJS();
    assert.equal(
      JSON.parse(String(meta[0]!.v)).map((c: { name: string }) => c.name),
      [QUARTER, OTHER],
    );
  } finally {
    conn.closeSync();
  }
});

test('bad arguments: a clear message and exit status 2', async () => {
  const cases: [string[], RegExp][] = [
    [['export', '--data', data, '--format', 'csv', '--out', 'x'], /--curves PATTERN is required/],
    [['export', '--data', data, '--curves', '*', '--format', 'xlsx', '--out', 'x'], /--format must be parquet or csv/],
    [['export', '--data', data, '--curves', '*', '--format', 'csv'], /--out DIR is required/],
    [['export', '--data', data, '--curves', '*', '--format', 'csv', '--out', 'x', '--begin', '2024/01/01'], /--begin must be a date/],
    [['export', '--url', svc.apiUrl, '--curves', '*', '--format', 'csv', '--out', 'x'], /exactly one of --key and --key-file/],
  ];
  for (const [args, message] of cases) {
    const io = capture();
    assert.is(await main(args, io), 2, args.join(' '));
    assert.match(io.errors.join('\n'), message);
  }
  const none = capture();
  assert.is(await main(['export', '--data', data, '--curves', 'XX *', '--format', 'csv', '--out', join(tempDir(), 'n')], none), 1);
  assert.match(none.errors.join('\n'), /No time-series curve matches "XX \*"/);
});

test.run();
