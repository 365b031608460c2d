/**
 * The decade panel (issue 19): twenty curves x ten years of CET 15-minute values (20 x 350,688
 * = 7.0 M values) loaded with `timeseries.loadMany` and made into one aligned table
 * (`toTable(panel)`), over Arrow beside JSON. The service runs in its own process
 * (bench/load-server.ts) and each client in its own (bench/decade-panel-client.ts), so the
 * memory figures are the client's alone: growth of the sampled RSS peak, of the RSS high-water
 * mark and of the sampled JS memory (heap and array buffers) over a baseline after a garbage
 * collection, during the first load; time: the median of the runs. Compression off (loopback).
 *
 *   node --import tsx bench/decade-panel.ts [--runs 3] [--rounds 2]
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { decadeStore } from './decade-store';
import { startLoadServer } from './load-server-process';
import { median } from './median-time';

const { values: args } = parseArgs({ options: { runs: { type: 'string' }, rounds: { type: 'string' } } });
const RUNS = Number(args.runs ?? 3);
const ROUNDS = Number(args.rounds ?? 2);

interface ClientRun {
  times: number[];
  memory: { rss: number; maxRss: number; js: number };
  cells: number;
  float64MB: number;
}

async function main(): Promise<void> {
  const started = Date.now();
  const { dir, key, curves } = await decadeStore('bench-decade-panel-', 20);
  console.log(`store: ${curves.length} curves imported in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const { url, child } = await startLoadServer(dir);
  try {
    console.log(`load + toTable of the panel; time: median of ${RUNS} runs in one client process; memory: the first run, MB`);
    console.log(
      `${'round'.padEnd(7)}${'transport'.padEnd(11)}${'ms'.padStart(9)}${'RSS peak'.padStart(10)}${'RSS hwm'.padStart(10)}${'JS peak'.padStart(10)}${'x float64'.padStart(11)}${'cells'.padStart(11)}`,
    );
    for (let round = 1; round <= ROUNDS; round++) {
      for (const transport of ['arrow', 'json'] as const) {
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [
            '--expose-gc',
            '--import',
            'tsx',
            join(__dirname, 'decade-panel-client.ts'),
            `${url}/api`,
            key,
            transport,
            String(RUNS),
            ...curves,
          ],
          { cwd: join(__dirname, '..'), maxBuffer: 1 << 20 },
        );
        const run = JSON.parse(stdout.trim().split('\n').at(-1)!) as ClientRun;
        const worst = Math.max(run.memory.rss, run.memory.maxRss, run.memory.js);
        console.log(
          `${String(round).padEnd(7)}${transport.padEnd(11)}${median(run.times).toFixed(0).padStart(9)}${run.memory.rss.toFixed(0).padStart(10)}${run.memory.maxRss.toFixed(0).padStart(10)}${run.memory.js.toFixed(0).padStart(10)}${(worst / run.float64MB).toFixed(2).padStart(11)}${String(run.cells).padStart(11)}`,
        );
      }
    }
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
