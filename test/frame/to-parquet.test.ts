// Parquet and Arrow IPC files of tables and panels, read back by other tools: DuckDB (zone-aware
// TIMESTAMPTZ instants, nulls for missing values, the frame metadata with zone and header levels),
// polars (the zone from the file's `ARROW:schema`) and the Arrow reader (levels per field).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC } from '@uwdata/flechette';
import pl from 'nodejs-polars';
import { ARROW_FRAME_KEY, ARROW_LEVELS_KEY, headerLevels, toArrowIPC, toParquet, toTable } from '../../src/frame';
import { TimeseriesList } from '../../src/model';
import { ACTUAL_NAME, actual, ensemble, forecast, ohlcList } from './samples';

const dir = mkdtempSync(join(tmpdir(), 'parquet-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

async function query(sql: string): Promise<Record<string, unknown>[]> {
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  try {
    await conn.run("SET TimeZone = 'UTC'");
    return (await conn.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
  } finally {
    conn.closeSync();
  }
}

test('a series to Parquet: DuckDB reads instants as TIMESTAMPTZ, nulls where missing, and the frame metadata', async () => {
  const file = join(dir, 'actual.parquet');
  writeFileSync(file, toParquet(actual()));
  const rows = await query(`SELECT epoch_ms(date) AS ms, "${ACTUAL_NAME}" AS v, typeof(date) AS t FROM '${file}' ORDER BY date`);
  assert.equal(
    rows.map((r) => [Number(r.ms), r.v, r.t]),
    [
      [Date.UTC(2024, 2, 30, 23), 1, 'TIMESTAMP WITH TIME ZONE'],
      [Date.UTC(2024, 2, 31, 0), null, 'TIMESTAMP WITH TIME ZONE'],
      [Date.UTC(2024, 2, 31, 1), 3, 'TIMESTAMP WITH TIME ZONE'],
    ],
  );
  const meta = await query(`SELECT decode(key) AS k, decode(value) AS v FROM parquet_kv_metadata('${file}')`);
  const kv = new Map(meta.map((m) => [m.k as string, m.v as string]));
  assert.is(kv.get('service.zone'), 'CET');
  assert.equal(JSON.parse(kv.get(ARROW_FRAME_KEY) as string).levels[ACTUAL_NAME], [ACTUAL_NAME, '', '']);
  assert.ok((kv.get('ARROW:schema') ?? '').length > 20);
});

test('a panel (a list of series, ensemble members included) keeps its header levels and zone through Parquet and Arrow IPC', async () => {
  const panel = new TimeseriesList([forecast(), ensemble()]);
  const table = toTable(panel);
  const parquet = join(dir, 'panel.parquet');
  writeFileSync(parquet, toParquet(panel));
  const names = (await query(`DESCRIBE SELECT * FROM '${parquet}'`)).map((r) => r.column_name);
  assert.equal(names, table.columnNames());
  const sums = await query(`SELECT count(*) AS n, sum("${table.columnNames()[4]}") AS s FROM '${parquet}'`);
  assert.equal([Number(sums[0]?.n), sums[0]?.s], [2, 4200.12]); // the second member's second value is missing
  const meta = await query(`SELECT decode(value) AS v FROM parquet_kv_metadata('${parquet}') WHERE decode(key) = '${ARROW_FRAME_KEY}'`);
  const levels = JSON.parse(meta[0]?.v as string).levels as Record<string, string[]>;
  for (const name of table.columnNames().slice(1)) assert.equal(levels[name], headerLevels(table).get(name), name);
  // polars applies the Arrow schema the file carries: the zone is back in the column's type
  const df = pl.readParquet(parquet);
  assert.match(String(df.getColumn('date').dtype), /Datetime\(ms,CET\)/);
  assert.equal(df.columns, table.columnNames());
  // the Arrow IPC file of the same panel: zone in the type, levels per field
  const ipc = join(dir, 'panel.arrow');
  writeFileSync(ipc, toArrowIPC(panel));
  const arrow = tableFromIPC(new Uint8Array(readFileSync(ipc)));
  const dateType = arrow.schema.fields[0]?.type as { timezone?: string } | undefined;
  assert.is(dateType?.timezone, 'CET');
  assert.equal(
    JSON.parse(arrow.schema.fields[4]?.metadata?.get(ARROW_LEVELS_KEY) as string),
    headerLevels(table).get(table.columnNames()[4] as string),
  );
  assert.is(arrow.numRows, 2);
});

test('OHLC records to Parquet: calendar dates as DATE, texts and numbers', async () => {
  const file = join(dir, 'ohlc.parquet');
  const list = ohlcList();
  writeFileSync(file, toParquet(list));
  const table = toTable(list);
  const rows = await query(`SELECT * FROM '${file}'`);
  assert.is(rows.length, table.numRows());
  const types = await query(`DESCRIBE SELECT * FROM '${file}'`);
  const dateCol = types.find((t) => t.column_type === 'DATE');
  assert.ok(dateCol !== undefined, JSON.stringify(types));
});

test.run();
