/**
 * Import speed of source files (docs/sources.md): a wide file of 10 years of 15-minute values in
 * 10 columns (350,640 rows, 3,506,400 values) as CSV and as Parquet, imported end to end with
 * `service import --data DIR X.source.yaml` in a child process (store opened, file read and
 * checked, batch written, store closed), beside DuckDB's own `read_csv` / `read_parquet` of the
 * same file into a table of a fresh database file (`@duckdb/node-api`, in this process). With
 * `--memory MB` also a CSV of about that size (more years, 10 columns): the peak resident set of
 * the importing process.
 *
 * Run: `node --import tsx bench/import-sources.ts [--runs 3] [--memory 500]`; the figures go to
 * `bench/results/import-sources.json` as well.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { median } from './median-time';
import { summarize, writeResult, type ResultRow } from './record';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] as string) : fallback;
};
const RUNS = Number(arg('--runs', '3'));
const MEMORY_MB = Number(arg('--memory', '0'));
const COLUMNS = 10;
const STEP = 900_000;
const START = Date.UTC(2015, 0, 1);
const root = join(__dirname, '..');

const value = (i: number, c: number) => ((i * 7919 + c * 104_729) % 100_000) / 100;

/** Writes the wide CSV of `rows` 15-minute steps, streamed; returns its size. */
async function writeCsv(path: string, rows: number): Promise<number> {
  const out = createWriteStream(path);
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write(`utc_timestamp,${Array.from({ length: COLUMNS }, (_, c) => `col${c}`).join(',')}\n`);
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    let line = new Date(START + i * STEP).toISOString().replace('.000Z', 'Z');
    for (let c = 0; c < COLUMNS; c++) line += `,${value(i, c)}`;
    chunk += `${line}\n`;
    if (chunk.length > 1 << 20) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  await new Promise<void>((r) => out.end(() => r()));
  return statSync(path).size;
}

function writeParquet(path: string, rows: number): number {
  const columnData = [
    { name: 'utc_timestamp', data: Array.from({ length: rows }, (_, i) => new Date(START + i * STEP)), type: 'TIMESTAMP' as const },
    ...Array.from({ length: COLUMNS }, (_, c) => ({
      name: `col${c}`,
      data: Float64Array.from({ length: rows }, (_, i) => value(i, c)),
      type: 'DOUBLE' as const,
    })),
  ];
  writeFileSync(path, new Uint8Array(parquetWriteBuffer({ columnData, rowGroupSize: 65_536 })));
  return statSync(path).size;
}

function describe(dir: string, file: string, prefix: string): string {
  const path = join(dir, `${file}.source.yaml`);
  const series = Array.from(
    { length: COLUMNS },
    (_, c) =>
      `  - column: col${c}\n    curve: { name: ${prefix} Bench ${c} MW 15min Actual, curve_type: TIMESERIES, data_type: ACTUAL, frequency: PT15M, timezone: UTC, unit: MW, area: DE }`,
  );
  writeFileSync(path, `file: ${file}\ndate: { column: utc_timestamp }\nseries:\n${series.join('\n')}\n`);
  return path;
}

/** One import in a fresh data folder, in a child process. */
function importOnce(description: string, data: string): { ms: number; wallMs: number; maxRssBytes: number } {
  rmSync(data, { recursive: true, force: true });
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'import-sources-child.ts'), 'import', '--data', data, description],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    },
  );
  const wallMs = performance.now() - t0;
  const last = (r.stdout ?? '').trim().split('\n').at(-1) ?? '';
  if (r.status !== 0) throw new Error(`import failed: ${r.stdout}${r.stderr}`);
  return { ...(JSON.parse(last) as { ms: number; maxRssBytes: number }), wallMs };
}

async function duckdbFloor(file: string, dir: string): Promise<number> {
  const path = join(dir, 'floor.duckdb');
  rmSync(path, { force: true });
  const db = await DuckDBInstance.create(path);
  const conn = await db.connect();
  try {
    const reader = file.endsWith('.parquet') ? 'read_parquet' : 'read_csv';
    const t0 = performance.now();
    await conn.run(`CREATE TABLE t AS SELECT * FROM ${reader}('${file}')`);
    return performance.now() - t0;
  } finally {
    conn.closeSync();
    db.closeSync();
    rmSync(path, { force: true });
  }
}

const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
const seconds = (s: { runs: number; median: number; min: number; max: number }) => ({
  runs: s.runs,
  median: s.median / 1000,
  min: s.min / 1000,
  max: s.max / 1000,
});

void (async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-sources-'));
  try {
    const rows = 10 * 35_064; // ten years of 365.25 days of 96 steps
    const values = rows * COLUMNS;
    const csv = join(dir, 'wide.csv');
    const parquet = join(dir, 'wide.parquet');
    const csvBytes = await writeCsv(csv, rows);
    const parquetBytes = writeParquet(parquet, rows);
    console.log(
      `${values.toLocaleString('en')} values: CSV ${(csvBytes / 1e6).toFixed(1)} MB, Parquet ${(parquetBytes / 1e6).toFixed(1)} MB; ${RUNS} runs`,
    );
    console.log(
      '| file | import --data, in the command (median) | values/s | whole process | DuckDB into a table (median) | ratio | peak RSS |',
    );
    console.log('|---|---|---|---|---|---|---|');
    const results: ResultRow[] = [];
    for (const [label, file, prefix] of [
      ['CSV', 'wide.csv', 'CSV'],
      ['Parquet', 'wide.parquet', 'PQ'],
    ] as const) {
      const description = describe(dir, file, prefix);
      const runs = [];
      const floors: number[] = [];
      for (let k = 0; k < RUNS; k++) {
        runs.push(importOnce(description, join(dir, 'data')));
        floors.push(await duckdbFloor(join(dir, file), dir));
      }
      const ms = median(runs.map((r) => r.ms));
      const floor = median(floors);
      results.push(
        { case: `${label}: service import --data, in the command`, unit: 's', ...seconds(summarize(runs.map((r) => r.ms))) },
        {
          case: `${label}: DuckDB ${label === 'CSV' ? 'read_csv' : 'read_parquet'} into a table`,
          unit: 's',
          ...seconds(summarize(floors)),
        },
        {
          case: `${label}: values per second`,
          unit: 'M/s',
          ...summarize(runs.map((r) => values / r.ms / 1000)),
          note: `${(ms / floor).toFixed(1)}x DuckDB (target <= 3x, >= 1 M/s)`,
        },
        {
          case: `${label}: ratio to DuckDB, run by run (side by side)`,
          unit: 'x',
          ...summarize(runs.map((r, k) => r.ms / (floors[k] as number))),
          note: 'target <= 3',
        },
        { case: `${label}: peak RSS of the import process`, unit: 'MiB', ...summarize(runs.map((r) => r.maxRssBytes / 2 ** 20)) },
      );
      console.log(
        `| ${label} | ${(ms / 1000).toFixed(2)} s | ${(((values / ms) * 1000) / 1e6).toFixed(2)} M | ${(median(runs.map((r) => r.wallMs)) / 1000).toFixed(2)} s | ${(floor / 1000).toFixed(2)} s | ${(ms / floor).toFixed(1)}x | ${mb(median(runs.map((r) => r.maxRssBytes)))} MiB |`,
      );
    }
    if (MEMORY_MB > 0) {
      const big = join(dir, 'big.csv');
      const perRow = csvBytes / rows;
      const bigRows = Math.round((MEMORY_MB * 1e6) / perRow);
      const bytes = await writeCsv(big, bigRows);
      const r = importOnce(describe(dir, 'big.csv', 'BIG'), join(dir, 'data'));
      console.log(
        `big CSV: ${(bytes / 1e6).toFixed(0)} MB, ${(bigRows * COLUMNS).toLocaleString('en')} values: import ${(r.ms / 1000).toFixed(1)} s, peak RSS ${mb(r.maxRssBytes)} MiB`,
      );
      results.push({
        case: `a ${(bytes / 1e6).toFixed(0)} MB CSV (${((bigRows * COLUMNS) / 1e6).toFixed(0)} M values): peak RSS of the import process`,
        unit: 'MiB',
        ...summarize([r.maxRssBytes / 2 ** 20]),
        note: 'target < 1024',
      });
    }
    writeResult({
      bench: 'import-sources',
      command: `node --import tsx bench/import-sources.ts --runs ${RUNS}${MEMORY_MB > 0 ? ` --memory ${MEMORY_MB}` : ''}`,
      compared:
        'service import --data of a source description (10 years of 15-minute values in 10 columns, CSV and Parquet) in a child process, against DuckDB reading the same file into a table.',
      rows: results,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();
