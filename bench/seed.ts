/**
 * Benchmark of the demo dataset generator: seeds a preset into a fresh embedded DuckDB store (or
 * into a counting in-memory store, to time the generator alone) and prints wall and CPU time,
 * values per second (overall, and of the store part: the time spent inside `importBatch`) and the
 * slowest chunks.
 *
 *   node --import tsx bench/seed.ts [small|full] [duckdb|memory] [anchor]
 *
 * Defaults: small, duckdb, anchor 2025-06-15.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countValues, progressBar, seedDemo, type DemoStore } from '../server/src/demo';
import { DuckDbStore } from '../server/src/store';
import type { ImportBatch } from '../server/src/store/types';

async function main(): Promise<void> {
  const preset = (process.argv[2] ?? 'small') as 'small' | 'full';
  const target = process.argv[3] ?? 'duckdb';
  const anchor = process.argv[4] ?? '2025-06-15';
  if (!['small', 'full'].includes(preset) || !['duckdb', 'memory'].includes(target)) {
    throw new Error('usage: bench/seed.ts [small|full] [duckdb|memory] [anchor]');
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-seed-'));
  const duck = target === 'duckdb' ? await DuckDbStore.open(dir) : null;
  let imported = 0;
  let importMs = 0;
  const store: DemoStore = {
    async importBatch(batch: ImportBatch) {
      const t = performance.now();
      imported += countValues(batch);
      if (duck) await duck.importBatch(batch);
      importMs += performance.now() - t;
    },
  };
  const chunks: [string, number][] = [];
  const bar = progressBar(process.stderr);
  let last = performance.now();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  try {
    const result = await seedDemo(store, {
      preset,
      anchor,
      onProgress: (done, total, label) => {
        const now = performance.now();
        chunks.push([label, now - last]);
        last = now;
        bar(done, total, label);
      },
    });
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    console.log(`preset ${preset}, store ${target}, anchor ${anchor}, node ${process.version}`);
    console.log(`curves ${result.curves}, values ${result.values} (${(result.values / wall / 1e6).toFixed(2)} M/s)`);
    console.log(
      `wall ${wall.toFixed(1)} s, cpu user ${(cpu.user / 1e6).toFixed(1)} s, system ${(cpu.system / 1e6).toFixed(1)} s, in importBatch ${(importMs / 1000).toFixed(1)} s`,
    );
    if (duck) console.log(`store part: ${(importMs / 1000).toFixed(1)} s, ${(result.values / importMs / 1000).toFixed(2)} M values/s`);
    console.log(`rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
    if (duck) console.log('store stats', JSON.stringify(await duck.stats()));
    console.log('slowest chunks:');
    for (const [label, ms] of [...chunks].sort((a, b) => b[1] - a[1]).slice(0, 8))
      console.log(`  ${(ms / 1000).toFixed(2).padStart(7)} s  ${label}`);
    if (imported !== result.values) throw new Error(`counted ${imported} values, seedDemo reported ${result.values}`);
  } finally {
    if (duck) await duck.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
