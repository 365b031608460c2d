// Bulk export against the real service over loopback: whole histories written chunk by chunk
// (15-minute steps across both DST changes of 2024 in Europe/Berlin, missing values, a scenario
// curve), as CSV that imports into a fresh service to identical series, and as Parquet that
// DuckDB reads back to the same rows with the curve definitions in the key-value metadata.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceClient } from '../../../src/client';
import { ValidationError } from '../../../src/exceptions';
import { Frequency, stepStarts, zoneByName } from '../../../src/time';
import { importFiles } from '../../../server/src/import';
import type { SeriesBlock } from '../../../server/src/store';
import { recordRequests } from '../../helpers/record-requests';
import { curveRecord } from '../../helpers/records';
import { startService, type StartedService } from '../../helpers/start-service';

const BERLIN = zoneByName('Europe/Berlin');
const QUARTER = 'DE Test Export MWh/h 15min Actual';
const HOURLY = 'DE Test Export MWh/h H Actual';
const CLIMATE = 'DE Test Export °C D Climate';
const at = (year: number, month: number, day: number) => DateTime.fromObject({ year, month, day }, { zone: BERLIN }).toMillis();

function block(curve: string, frequency: Frequency, begin: number, end: number, scenarios = 0): SeriesBlock {
  const times = stepStarts(begin, end, frequency, BERLIN);
  // values with fractions and a missing value every 97th step
  const values = times.map((_, i) => (i % 97 === 5 ? Number.NaN : i / 7 - 300));
  const columns = Array.from({ length: scenarios }, (_, k) => times.map((_, i) => i * 0.1 + k));
  const names = columns.map((_, k) => `y${1991 + k}`);
  return { curve, issued: null, tag: null, times, values: scenarios ? null : values, scenarios: columns, scenarioNames: names };
}

let svc: StartedService;
let client: ServiceClient;
let sent: string[];
let dir: string;

test.before(async () => {
  const record = (name: string, frequency: string, fields = {}) => curveRecord(name, { frequency, timezone: 'Europe/Berlin', ...fields });
  svc = await startService({
    rateLimit: false,
    batch: {
      curves: [
        record(QUARTER, 'PT15M'),
        record(HOURLY, 'PT1H'),
        record(CLIMATE, 'P1D', { curveType: 'SCENARIO_TIMESERIES', dataType: 'CLIMATE', unit: '°C' }),
      ],
      series: [
        block(QUARTER, Frequency.PT15M, at(2024, 3, 1), at(2024, 11, 1)),
        block(HOURLY, Frequency.PT1H, at(2023, 12, 31), at(2024, 1, 2)),
        block(CLIMATE, Frequency.P1D, at(2024, 1, 1), at(2025, 1, 1), 2),
      ],
    },
  });
  const log = recordRequests();
  sent = log.sent;
  client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, httpDelay: 0.05, retry: { tries: 1 }, ...log.options });
  dir = mkdtempSync(join(tmpdir(), 'export-test-'));
});

test.after(async () => {
  client.close();
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

const whole = (curve: string) => client.timeseries.load(curve, { begin: '2020-01-01', end: '2030-01-01' });

test('CSV files, one per curve, import into a fresh service to identical series', async () => {
  const out = join(dir, 'csv');
  const before = sent.length;
  // two years of quarter-hours in chunks of 5,000 steps
  const range = { begin: '2023-01-01', end: '2025-01-01' };
  const result = await client.timeseries.export('de test export *', {
    dir: out,
    format: 'csv',
    chunkSteps: 5_000,
    ...range,
    progress: false,
  });
  assert.equal(
    result.files.map((f) => f.curves),
    [[CLIMATE], [QUARTER], [HOURLY]].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
  );
  const quarter = result.files.find((f) => f.curves[0] === QUARTER)!;
  // March to October 2024: 245 days, the spring day 4 steps short, the autumn day 4 long
  assert.is(quarter.rows, 245 * 96);
  const steps = stepStarts(at(2023, 1, 1), at(2025, 1, 1), Frequency.PT15M, BERLIN).length;
  assert.is(steps, 731 * 96);
  assert.is(sent.slice(before).filter((s) => s.startsWith(`/timeseries/${encodeURIComponent(QUARTER)}/`)).length, Math.ceil(steps / 5_000));
  assert.ok(sent.slice(before).some((s) => s.startsWith('/metadata/curves/?q=')));
  const text = readFileSync(quarter.path, 'utf8').split('\n');
  assert.is(text[0], 'curve,date,value');
  // 2024-03-01 00:00+01:00, the first value 0/7 - 300
  assert.is(text[1], `${QUARTER},2024-03-01T00:00:00+01:00,-300`);
  assert.equal(readdirSync(out).sort(), [
    'DE Test Export MWh_h 15min Actual.csv',
    'DE Test Export MWh_h H Actual.csv',
    'DE Test Export °C D Climate.csv',
    'curves.csv',
  ]);

  const fresh = await startService({ rateLimit: false });
  const other = new ServiceClient({ apiKey: fresh.apiKey, apiUrl: fresh.apiUrl, httpDelay: 0.05 });
  try {
    await importFiles(fresh.store, [result.curvesFile, ...result.files.map((f) => f.path)]);
    for (const curve of [QUARTER, HOURLY, CLIMATE]) {
      const [a, b] = [await whole(curve), await other.timeseries.load(curve, { begin: '2020-01-01', end: '2030-01-01' })];
      assert.equal([...b.times], [...a.times], curve);
      assert.equal(
        [b.valuesOrNull() && [...b.valuesOrNull()!], b.scenarios.map((s) => [...s])],
        [a.valuesOrNull() && [...a.valuesOrNull()!], a.scenarios.map((s) => [...s])],
        curve,
      );
      assert.equal(b.scenarioNames, a.scenarioNames);
      assert.ok(b.curve?.equals(a.curve!), curve);
    }
  } finally {
    other.close();
    await fresh.close();
  }
});

test('Parquet: one row group per chunk, the same rows back, definitions and zone in the metadata', async () => {
  const out = join(dir, 'parquet');
  const result = await client.timeseries.export([QUARTER, CLIMATE], { dir: out, format: 'parquet', chunkSteps: 10_000, progress: false });
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  const query = async (sql: string) => (await conn.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
  try {
    const file = result.files[0]!.path;
    const rows = await query(`SELECT epoch_ms(date)::DOUBLE AS t, value FROM read_parquet('${file}') ORDER BY t`);
    const expected = await whole(QUARTER);
    assert.is(rows.length, expected.length);
    assert.equal(
      rows.map((r) => r.t),
      [...expected.times],
    );
    assert.equal(
      rows.map((r) => (r.value === null ? Number.NaN : r.value)),
      [...expected.values],
    );
    const groups = await query(`SELECT count(DISTINCT row_group_id) AS n FROM parquet_metadata('${file}')`);
    // chunks of 10,000 quarter-hours counted from 1950-01-01 00:00+01:00: a row group per chunk the data touches
    const chunkOf = (t: number) => Math.floor((t - at(1950, 1, 1)) / (10_000 * 900_000));
    const touched = chunkOf(expected.times[expected.length - 1]!) - chunkOf(expected.times[0]!) + 1;
    assert.is(Number(groups[0]!.n), touched);
    const meta = Object.fromEntries(
      (await query(`SELECT decode(key) AS k, decode(value) AS v FROM parquet_kv_metadata('${file}')`)).map((r) => [r.k, r.v]),
    );
    assert.is(meta['service.zone'], 'Europe/Berlin');
    assert.is(meta['service.frequency'], 'PT15M');
    assert.equal(JSON.parse(meta['service.curves'] as string)[0].name, QUARTER);
    const climate = await query(
      `SELECT epoch_ms(date)::DOUBLE AS t, "scenario:y1992" AS s FROM read_parquet('${result.files[1]!.path}') ORDER BY t`,
    );
    const c = await whole(CLIMATE);
    assert.equal(
      climate.map((r) => r.s),
      [...c.scenarios[1]!],
    );
  } finally {
    conn.closeSync();
  }
});

test('a long file holds several curves with a curve column', async () => {
  const out = join(dir, 'long');
  const result = await client.timeseries.export([HOURLY, QUARTER], { dir: out, format: 'csv', layout: 'long', progress: false });
  assert.is(result.files.length, 1);
  const lines = readFileSync(result.files[0]!.path, 'utf8').trimEnd().split('\n');
  assert.is(lines.length, 1 + 48 + 245 * 96);
  assert.is(lines[1], `${HOURLY},2023-12-31T00:00:00+01:00,-300`);
  assert.ok(lines[49]!.startsWith(`${QUARTER},2024-03-01T00:00:00+01:00,`));
  // scenarios do not fit a file of one value per step
  const err = await client.timeseries
    .export([HOURLY, CLIMATE], { dir: join(dir, 'bad'), format: 'parquet', layout: 'long', progress: false })
    .catch((e) => e);
  assert.instance(err, ValidationError);
  assert.is((err as ValidationError).parameter, 'curves');
  assert.equal(readdirSync(join(dir, 'bad')), [], 'nothing half-written');
});

test('bad options are ValidationErrors naming the parameter, before any request', async () => {
  const before = sent.length;
  const cases: [string, () => Promise<unknown>][] = [
    ['dir', () => client.timeseries.export([QUARTER], { dir: '', format: 'csv' })],
    ['format', () => client.timeseries.export([QUARTER], { dir, format: 'xlsx' as never })],
    ['layout', () => client.timeseries.export([QUARTER], { dir, format: 'csv', layout: 'wide' as never })],
    ['chunkSteps', () => client.timeseries.export([QUARTER], { dir, format: 'csv', chunkSteps: 0 })],
    ['begin', () => client.timeseries.export([QUARTER], { dir, format: 'csv', begin: '01/01/2024' })],
    ['curves', () => client.timeseries.export([], { dir, format: 'csv' })],
    ['curves', () => client.timeseries.export('  ', { dir, format: 'csv' })],
  ];
  for (const [parameter, call] of cases) {
    const err = await call().catch((e) => e);
    assert.instance(err, ValidationError, parameter);
    assert.is((err as ValidationError).parameter, parameter);
  }
  assert.equal(sent.slice(before), []);
});

test.run();
