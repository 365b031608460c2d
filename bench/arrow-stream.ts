/**
 * Arrow answers streamed from the store (issue 19, docs/arrow.md#streamed):
 *
 * 1. The service's memory for one curve's Arrow answer over three months, one year, ten and
 *    fourteen years of 15-minute values (a curve of fourteen years: the longest range one request
 *    may ask for is 500,000 steps), each in its own service process (bench/arrow-stream-server.ts): after a
 *    warm-up (the whole curve read once by the store, aggregated, so its blocks are cached) and
 *    a garbage collection, the growth of the sampled RSS peak, of the RSS high-water mark and of
 *    the sampled JS memory peak (heap and array buffers) during three loads of the range; and,
 *    in another process each, the JS memory held: sampled after a forced full collection every
 *    2 ms (`--live`), so garbage the collector has not reached yet does not count. Streamed beside the same service with
 *    batched reads switched off (`--whole`: the answer made whole, as before streaming) and
 *    beside JSON.
 * 2. The time of the ten-year Arrow answer over loopback (request to last byte, identity
 *    encoding; the service in its own process) beside the store's own read of the same range
 *    (`store.readSeries`, timed in the service's process), calls interleaved, medians.
 *
 *   node --import tsx bench/arrow-stream.ts [--runs 9]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ARROW_ACCEPT } from '../src/wire/arrow';
import { DECADE_ROWS, decadeStore } from './decade-store';
import { median } from './median-time';

const { values: args } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(args.runs ?? 9);
const MB = 1024 * 1024;
const CET_2015 = Date.UTC(2014, 11, 31, 23);
const CET_2025 = Date.UTC(2024, 11, 31, 23);

const RANGES = [
  { label: 'three months (8,636 rows)', query: 'begin=2023-01-01&end=2023-04-01' },
  { label: 'one year (35,040 rows)', query: 'begin=2023-01-01&end=2024-01-01' },
  { label: `ten years (${DECADE_ROWS.toLocaleString('en')} rows)`, query: 'begin=2015-01-01&end=2025-01-01' },
  { label: 'fourteen years (490,944 rows)', query: 'begin=2011-01-01&end=2025-01-01' },
];
const MODES = [
  { label: 'Arrow (streamed > 1 batch)', accept: ARROW_ACCEPT, args: [] as string[] },
  { label: 'Arrow, whole (before)', accept: ARROW_ACCEPT, args: ['--whole'] },
  { label: 'JSON', accept: '*/*', args: [] as string[] },
];

async function body(url: string, key: string, accept: string): Promise<number> {
  const res = await fetch(url, { headers: { 'x-api-key': key, accept, 'accept-encoding': 'identity' } });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.arrayBuffer()).byteLength;
}

/** A service process (bench/arrow-stream-server.ts) and its output lines. */
async function startChild(dir: string, extra: string[]) {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(__dirname, 'arrow-stream-server.ts'), dir, ...extra], {
    cwd: join(__dirname, '..'),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  const api = `${(await next()).replace('LISTENING ', '')}/api`;
  const ask = async <T>(command: string, answer: string): Promise<T> => {
    child.stdin!.write(`${command}\n`);
    return JSON.parse((await next()).replace(`${answer} `, '')) as T;
  };
  const stop = async () => {
    child.kill();
    if (child.exitCode === null) await once(child, 'exit');
  };
  return { api, ask, stop };
}

/** One service process: its memory growth over three loads of a range. */
async function memoryOf(dir: string, key: string, path: string, accept: string, extra: string[]) {
  const child = await startChild(dir, extra);
  try {
    const { api } = child;
    // warm-up: the store reads the whole curve (its blocks cached), the routes run once
    for (let i = 0; i < 3; i++) {
      await body(`${api}${path.replace(/begin=[^&]+&end=[^&]+/, 'begin=2011-01-01&end=2025-01-01&frequency=P1Y')}`, key, accept);
      await body(`${api}${path.replace(/begin=[^&]+&end=[^&]+/, 'begin=2023-01-01&end=2023-01-08')}`, key, accept);
    }
    const base = await child.ask<{ maxRss: number; rss: number; heap: number }>('base', 'BASE');
    let bytes = 0;
    for (let i = 0; i < 3; i++) bytes = await body(api + path, key, accept);
    const peak = await child.ask<{ maxRss: number; rssPeak: number; heapPeak: number }>('peak', 'PEAK');
    return {
      maxRss: (peak.maxRss - base.maxRss) / MB,
      rss: (peak.rssPeak - base.rss) / MB,
      heap: (peak.heapPeak - base.heap) / MB,
      bytes,
    };
  } finally {
    await child.stop();
  }
}

async function main(): Promise<void> {
  const { dir, key, curves } = await decadeStore('bench-arrow-stream-', 1, 14);
  const curve = curves[0]!;
  const path = (query: string) => `/timeseries/${encodeURIComponent(curve)}/?${query}`;
  try {
    console.log('1. Service memory growth over a warmed-up baseline, three loads of the range (own process each), MB');
    console.log('   RSS peak, RSS high-water mark and JS peak as the collector runs; JS held: sampled after a full collection');
    console.log(
      `${'range'.padEnd(28)}${'answer'.padEnd(30)}${'RSS peak'.padStart(10)}${'RSS hwm'.padStart(10)}${'JS peak'.padStart(10)}${'JS held'.padStart(10)}${'bytes'.padStart(12)}`,
    );
    for (const range of RANGES) {
      for (const mode of MODES) {
        const m = await memoryOf(dir, key, path(range.query), mode.accept, mode.args);
        const held = await memoryOf(dir, key, path(range.query), mode.accept, [...mode.args, '--live']);
        console.log(
          `${range.label.padEnd(28)}${mode.label.padEnd(30)}${m.rss.toFixed(1).padStart(10)}${m.maxRss.toFixed(1).padStart(10)}${m.heap.toFixed(1).padStart(10)}${held.heap.toFixed(1).padStart(10)}${String(m.bytes).padStart(12)}`,
        );
      }
    }
    const child = await startChild(dir, []);
    const url = `${child.api}${path(RANGES[2]!.query)}`;
    const times = { read: [] as number[], arrow: [] as number[], json: [] as number[] };
    try {
      for (let i = 0; i < RUNS + 2; i++) {
        const read = await child.ask<{ ms: number; rows: number }>(`read ${JSON.stringify([curve, CET_2015, CET_2025])}`, 'READ');
        if (read.rows !== DECADE_ROWS) throw new Error(`read ${read.rows} rows`);
        let t = performance.now();
        await body(url, key, ARROW_ACCEPT);
        const arrow = performance.now() - t;
        t = performance.now();
        await body(url, key, '*/*');
        const json = performance.now() - t;
        if (i >= 2) {
          times.read.push(read.ms);
          times.arrow.push(arrow);
          times.json.push(json);
        }
      }
    } finally {
      await child.stop();
    }
    const [r, a, j] = [median(times.read), median(times.arrow), median(times.json)];
    console.log(`\n2. Ten years, one curve, service in its own process: median of ${RUNS}, ms (interleaved)`);
    console.log(
      `store.readSeries (in the service process) ${r.toFixed(1)}  Arrow answer ${a.toFixed(1)} (${(a / r).toFixed(2)}x the read)  JSON answer ${j.toFixed(1)} (${(j / r).toFixed(2)}x)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
