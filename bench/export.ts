/**
 * Export of whole histories to Parquet (docs/data-out.md#export): 20 curves of ten years of
 * 15-minute values (2015-2024, 350,592 rows each, 7.0 M rows in all; bench/decade-store.ts),
 * one file per curve, by `service export --data` itself (the store read in chunks of 100,000
 * steps, each chunk a row group written as it arrives; the store opened and closed by the command), against DuckDB's own
 * `COPY (SELECT ...) TO '...' (FORMAT parquet)` of the same rows from the same database file,
 * one file per curve too. Runs alternate; the figures are medians. Target: within 3x DuckDB.
 *
 * Run: `node --import tsx bench/export.ts [--runs 3] [--curves 20]`; the figures go to
 * `bench/results/export.json` as well.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { main } from '../server/src/cli';
import { DECADE_ROWS, decadeStore } from './decade-store';
import { median } from './median-time';
import { summarize, writeResult } from './record';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] as string) : fallback;
};
const RUNS = Number(arg('--runs', '3'));
const CURVES = Number(arg('--curves', '20'));

const bytesIn = (dir: string) => readdirSync(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);

async function ours(dir: string, out: string): Promise<number> {
  const started = performance.now();
  const io = { out: () => undefined, err: (line: string) => console.error(line) };
  const status = await main(
    ['export', '--data', dir, '--curves', 'DE Bench * MWh/h 15min Actual', '--format', 'parquet', '--out', out],
    io,
  );
  if (status !== 0) throw new Error(`service export exited with ${status}`);
  return performance.now() - started;
}

async function duck(dir: string, curves: readonly string[], out: string): Promise<number> {
  const started = performance.now();
  const db = await DuckDBInstance.create(join(dir, 'service.duckdb'), { access_mode: 'READ_ONLY' });
  const conn = await db.connect();
  try {
    await fs.mkdir(out, { recursive: true });
    for (const [k, name] of curves.entries()) {
      const quoted = name.replaceAll("'", "''");
      await conn.run(
        `COPY (SELECT epoch_ms(v.ts) AS date, v.value FROM series_values v JOIN series s ON s.id = v.series_id
          JOIN curves c ON c.id = s.curve_id WHERE c.name = '${quoted}' ORDER BY v.ts)
         TO '${join(out, `${k}.parquet`)}' (FORMAT parquet)`,
      );
    }
  } finally {
    conn.closeSync();
    db.closeSync();
  }
  return performance.now() - started;
}

async function bench(): Promise<void> {
  const { dir, curves } = await decadeStore('bench-export-', CURVES);
  const scratch = mkdtempSync(join(tmpdir(), 'bench-export-out-'));
  try {
    const times: { ours: number[]; duck: number[] } = { ours: [], duck: [] };
    let sizes = { ours: 0, duck: 0 };
    for (let run = 0; run < RUNS; run++) {
      const a = join(scratch, `ours-${run}`);
      const b = join(scratch, `duck-${run}`);
      times.ours.push(await ours(dir, a));
      times.duck.push(await duck(dir, curves, b));
      sizes = { ours: bytesIn(a), duck: bytesIn(b) };
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    }
    const [o, d] = [median(times.ours), median(times.duck)];
    const rows = CURVES * DECADE_ROWS;
    console.log(
      `export of ${CURVES} curves x 10 years of 15-minute values (${rows.toLocaleString('en')} rows) to Parquet, one file per curve, median of ${RUNS} runs`,
    );
    console.log('| path | ms | rows/s | MB written |');
    console.log('|---|---|---|---|');
    console.log(
      `| floor: DuckDB \`COPY ... TO\` | ${d.toFixed(0)} | ${(((rows / d) * 1000) / 1e6).toFixed(2)} M | ${(sizes.duck / 1e6).toFixed(1)} |`,
    );
    console.log(
      `| \`service export --data\` path | ${o.toFixed(0)} | ${(((rows / o) * 1000) / 1e6).toFixed(2)} M | ${(sizes.ours / 1e6).toFixed(1)} |`,
    );
    console.log(
      `ratio ours / DuckDB: ${(o / d).toFixed(2)}x (target <= 3x); runs ours ${times.ours.map((t) => t.toFixed(0)).join(', ')} ms, DuckDB ${times.duck.map((t) => t.toFixed(0)).join(', ')} ms`,
    );
    const seconds = (samples: number[]) => {
      const s = summarize(samples);
      return { runs: s.runs, median: s.median / 1000, min: s.min / 1000, max: s.max / 1000 };
    };
    writeResult({
      bench: 'export',
      command: `node --import tsx bench/export.ts --runs ${RUNS} --curves ${CURVES}`,
      compared: `service export --data of ${CURVES} curves x 10 years of 15-minute values to Parquet (one file per curve), against DuckDB's COPY ... TO of the same rows from the same database file; runs alternate.`,
      rows: [
        {
          case: 'service export --data to Parquet',
          unit: 's',
          ...seconds(times.ours),
          note: `${(sizes.ours / 1e6).toFixed(1)} MB written`,
        },
        {
          case: 'DuckDB COPY ... TO (FORMAT parquet)',
          unit: 's',
          ...seconds(times.duck),
          note: `${(sizes.duck / 1e6).toFixed(1)} MB written`,
        },
        {
          case: 'ratio ours / DuckDB, run by run',
          unit: 'x',
          ...summarize(times.ours.map((t, k) => t / (times.duck[k] as number))),
          note: 'target <= 3',
        },
      ],
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

bench().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
