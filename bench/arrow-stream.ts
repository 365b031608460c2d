/**
 * Arrow answers streamed from the store (issue 19, docs/arrow.md#streamed), the service in its own
 * process (bench/arrow-stream-server.ts), the client (node's `http`, one keep-alive connection,
 * identity encoding, the body counted as it arrives) in this one:
 *
 * 1. Time: the ten-year Arrow answer (request to last byte) beside the store's own read of the
 *    same range (`store.readSeries`, timed in the service's process), and the same answer made
 *    whole as before streaming (the service's batched read switched off for it), calls
 *    interleaved (the two answers taking turns after the read); medians of wall time, the median of the per-run ratios, and the service's CPU
 *    time per call (all its threads, DuckDB's included), which a busy core does not inflate.
 *    Then the streamed answer of the service as shipped (bench/served-built.ts: the built code
 *    under plain node; needs `npm run build`) with its parts.
 * 2. Memory: what the service holds while it answers one range, for one, three, ten and
 *    fourteen years (the longest range one request may ask for is 500,000 steps): streamed
 *    Arrow, Arrow made whole and JSON. A probe in the service (`--probe`) collects
 *    all garbage and notes the JS memory (heap + array buffers) and the RSS over a baseline
 *    taken after a collection before the request, at every record batch the store hands over,
 *    when a whole read returns, when the body is handed over and when the answer is written; the
 *    largest of three requests. One year (35,040 rows) fits one record batch, so every service
 *    reads it whole.
 *
 * 3. Forms: the same batched read made into record batches in this process (no HTTP), its times
 *    taken as epoch ms and written over with their int64 values (as answers did before) or as
 *    int64 from the store (as they do now), interleaved; wall time and the main thread's busy
 *    time (event loop use), which leaves out the waits for DuckDB's threads.
 *
 *   node --import tsx bench/arrow-stream.ts [--runs 15] [--part time|memory|forms]
 *
 * `BENCH_SERVICE_NODE_FLAGS` in the environment are node flags for the service's process
 * (`--cpu-prof --cpu-prof-dir=DIR` to profile it), as in bench/served-built.ts.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import * as http from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Timeseries } from '../src/model';
import { CET, Frequency, Resolution } from '../src/time';
import { ARROW_ACCEPT, TimeseriesStream } from '../src/wire/arrow';
import { DuckDbStore, type TimeForm } from '../server/src/store';
import { DECADE_ROWS, decadeStore } from './decade-store';
import { median } from './median-time';
import { countBody } from './http-get';
import { builtRatio } from './served-built';

const { values: args } = parseArgs({ options: { runs: { type: 'string' }, part: { type: 'string' } } });
const RUNS = Number(args.runs ?? 15);
const PART = args.part ?? 'all';
const MB = 1024 * 1024;
const CET_2015 = Date.UTC(2014, 11, 31, 23);
const CET_2025 = Date.UTC(2024, 11, 31, 23);

const RANGES = [
  { label: 'one year (35,040 rows)', query: 'begin=2024-01-01&end=2025-01-01' },
  { label: 'three years (105,216 rows)', query: 'begin=2022-01-01&end=2025-01-01' },
  { label: `ten years (${DECADE_ROWS.toLocaleString('en')} rows)`, query: 'begin=2015-01-01&end=2025-01-01' },
  { label: 'fourteen years (490,944 rows)', query: 'begin=2011-01-01&end=2025-01-01' },
];
const MODES = [
  { label: 'Arrow, streamed', accept: ARROW_ACCEPT, whole: false },
  { label: 'Arrow, whole (before)', accept: ARROW_ACCEPT, whole: true },
  { label: 'JSON', accept: '*/*', whole: false },
];

/** One keep-alive connection, as a client's; the body is counted as it arrives, not kept. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function body(url: string, key: string, accept: string): Promise<number> {
  return countBody(agent, url, key, { accept, 'accept-encoding': 'identity' });
}

/** A service process (bench/arrow-stream-server.ts) and its command lines. */
async function startChild(dir: string, extra: string[]) {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_SERVICE_NODE_FLAGS ?? '').split(' ').filter(Boolean),
      '--expose-gc',
      '--import',
      'tsx',
      join(__dirname, 'arrow-stream-server.ts'),
      dir,
      ...extra,
    ],
    {
      cwd: join(__dirname, '..'),
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
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
    child.stdin!.end();
    if (child.exitCode === null) await once(child, 'exit');
  };
  return { api, ask, stop };
}

type Child = Awaited<ReturnType<typeof startChild>>;

/** One timed answer: the client's wall time, the service's own wall and CPU time. */
async function timedAnswer(child: Child, url: string, key: string, accept: string) {
  const t = performance.now();
  const bytes = await body(url, key, accept);
  const ms = performance.now() - t;
  const served = await child.ask<{ ms: number; cpu: number }>('answer', 'ANSWER');
  return { ms, served: served.ms, cpu: served.cpu, bytes };
}

async function timing(dir: string, key: string, curve: string): Promise<void> {
  const path = `/timeseries/${encodeURIComponent(curve)}/?${RANGES[2]!.query}`;
  const child = await startChild(dir, []);
  const url = child.api + path;
  const rows = { read: [] as number[], readCpu: [] as number[], ratio: [] as number[], wholeRatio: [] as number[] };
  const answers = { streamed: [] as Awaited<ReturnType<typeof timedAnswer>>[], whole: [] as Awaited<ReturnType<typeof timedAnswer>>[] };
  try {
    for (let i = 0; i < RUNS + 3; i++) {
      const read = await child.ask<{ ms: number; cpu: number; rows: number }>(
        `read ${JSON.stringify([curve, CET_2015, CET_2025])}`,
        'READ',
      );
      if (read.rows !== DECADE_ROWS) throw new Error(`read ${read.rows} rows`);
      // the two answers take turns going first (what one leaves to the collector falls on the next)
      const timed = async (whole: boolean) => {
        await child.ask(`whole ${whole ? 'on' : 'off'}`, 'WHOLE');
        return timedAnswer(child, url, key, ARROW_ACCEPT);
      };
      const first = await timed(i % 2 === 1);
      const second = await timed(i % 2 === 0);
      const [a, w] = i % 2 === 1 ? [second, first] : [first, second];
      if (a.bytes !== w.bytes) throw new Error(`streamed ${a.bytes} bytes, whole ${w.bytes}`);
      if (i < 3) continue; // warm-up
      rows.read.push(read.ms);
      rows.readCpu.push(read.cpu);
      rows.ratio.push(a.ms / read.ms);
      rows.wholeRatio.push(w.ms / read.ms);
      answers.streamed.push(a);
      answers.whole.push(w);
    }
  } finally {
    await child.stop();
  }
  const m = (xs: readonly number[]) => median(xs).toFixed(1);
  console.log(`1. Ten years (${DECADE_ROWS.toLocaleString('en')} rows), one curve: medians of ${RUNS} interleaved runs, ms`);
  console.log(`${''.padEnd(36)}${'wall'.padStart(8)}${'x read'.padStart(8)}${'served'.padStart(8)}${'CPU'.padStart(8)}`);
  console.log(
    `${'store.readSeries (service process)'.padEnd(36)}${m(rows.read).padStart(8)}${'1.00'.padStart(8)}${''.padStart(8)}${m(rows.readCpu).padStart(8)}`,
  );
  for (const [label, list, ratios] of [
    ['Arrow answer, streamed', answers.streamed, rows.ratio],
    ['Arrow answer, whole (before)', answers.whole, rows.wholeRatio],
  ] as const) {
    console.log(
      `${label.padEnd(36)}${m(list.map((a) => a.ms)).padStart(8)}${median(ratios).toFixed(2).padStart(8)}${m(list.map((a) => a.served)).padStart(8)}${m(list.map((a) => a.cpu)).padStart(8)}`,
    );
  }
  console.log(
    `   (${answers.streamed[0]!.bytes.toLocaleString('en')} bytes; "x read": median of the per-run ratios to the read; "served": the service's own time)`,
  );
  // as shipped: the built service under plain node, and where the streamed answer's time goes
  await builtRatio(
    'streamed Arrow answer vs store.readSeries',
    dir,
    key,
    path,
    { method: 'readSeries', args: [curve, { begin: CET_2015, end: CET_2025 }] },
    RUNS,
    { Accept: ARROW_ACCEPT },
  );
}

async function memory(dir: string, key: string, curve: string): Promise<void> {
  console.log('\n2. Memory held while answering (probes after a full collection), MB over the baseline; largest of three requests');
  console.log(
    `${'range'.padEnd(32)}${'answer'.padEnd(24)}${'JS'.padStart(8)}${'RSS'.padStart(8)}${'probes'.padStart(8)}${'bytes'.padStart(12)}`,
  );
  const child = await startChild(dir, ['--probe']);
  try {
    for (const range of RANGES) {
      for (const mode of MODES) {
        await child.ask(`whole ${mode.whole ? 'on' : 'off'}`, 'WHOLE');
        const url = `${child.api}/timeseries/${encodeURIComponent(curve)}/?${range.query}`;
        await body(url, key, mode.accept); // warm-up: the route runs once, the store's blocks are cached
        let held = { js: 0, rss: 0, probes: 0 };
        let bytes = 0;
        for (let i = 0; i < 3; i++) {
          await child.ask('reset', 'RESET');
          bytes = await body(url, key, mode.accept);
          const peak = await child.ask<{ js: number; rss: number; probes: number }>('peak', 'PEAK');
          held = { js: Math.max(held.js, peak.js), rss: Math.max(held.rss, peak.rss), probes: peak.probes };
        }
        console.log(
          `${range.label.padEnd(32)}${mode.label.padEnd(24)}${(held.js / MB).toFixed(1).padStart(8)}${(held.rss / MB).toFixed(1).padStart(8)}${String(held.probes).padStart(8)}${bytes.toLocaleString('en').padStart(12)}`,
        );
      }
    }
  } finally {
    await child.stop();
  }
}

/**
 * The batched read of the ten years turned into record batches in this process (no HTTP), its
 * times taken in each form in turn: as epoch ms, then written over with their int64 values (what
 * answers did before), or as int64 from the store (what they do now).
 */
async function forms(dir: string, curve: string): Promise<void> {
  const store = await DuckDbStore.open(dir);
  const Q = 900_000;
  const full = { rows: DECADE_ROWS, first: CET_2015, last: CET_2025 - Q };
  const empty = new Float64Array(0);
  const head = new Timeseries({ resolution: new Resolution(Frequency.PT15M, CET), times: empty, values: empty });
  const once = async (form: TimeForm) => {
    const t = performance.now();
    const loop = performance.eventLoopUtilization();
    const cursor = await store.openSeries!(curve, { begin: CET_2015, end: CET_2025 }, null, full);
    if (cursor === null) throw new Error('no connection for a batched read');
    const out = new TimeseriesStream(head, cursor.rows);
    let bytes = out.start().byteLength;
    for await (const batch of cursor.batches(TimeseriesStream.batchRows, undefined, form)) {
      for (const piece of out.batch(batch, form === 'int64' ? 'int64' : 'own')) bytes += piece.byteLength;
    }
    bytes += out.end().byteLength;
    return { ms: performance.now() - t, busy: performance.eventLoopUtilization(loop).active, bytes };
  };
  const runs = { ms: [] as number[], int64: [] as number[], msBusy: [] as number[], int64Busy: [] as number[] };
  try {
    for (let i = 0; i < RUNS + 3; i++) {
      const first = i % 2 === 0 ? 'ms' : 'int64';
      const a = await once(first);
      const b = await once(first === 'ms' ? 'int64' : 'ms');
      if (a.bytes !== b.bytes) throw new Error(`${a.bytes} bytes against ${b.bytes}`);
      if (i < 3) continue;
      const [ms, int64] = first === 'ms' ? [a, b] : [b, a];
      runs.ms.push(ms.ms);
      runs.msBusy.push(ms.busy);
      runs.int64.push(int64.ms);
      runs.int64Busy.push(int64.busy);
    }
  } finally {
    await store.close();
  }
  const m = (xs: readonly number[]) => median(xs).toFixed(1).padStart(8);
  console.log(`\n3. The ten years' batched read made into record batches in one process, no HTTP: medians of ${RUNS} interleaved runs, ms`);
  console.log(`${''.padEnd(44)}${'wall'.padStart(8)}${'busy'.padStart(8)}`);
  console.log(`${'times as epoch ms, int64 written over them'.padEnd(44)}${m(runs.ms)}${m(runs.msBusy)}`);
  console.log(`${'times as int64 from the store (as shipped)'.padEnd(44)}${m(runs.int64)}${m(runs.int64Busy)}`);
  console.log('   ("busy": the time the main thread worked, from its event loop use: not the waits for DuckDB\'s threads)');
}

async function main(): Promise<void> {
  const { dir, key, curves } = await decadeStore('bench-arrow-stream-', 1, 14);
  const curve = curves[0]!;
  try {
    if (PART === 'all' || PART === 'time') await timing(dir, key, curve);
    if (PART === 'all' || PART === 'memory') await memory(dir, key, curve);
    if (PART === 'all' || PART === 'forms') await forms(dir, curve);
  } finally {
    agent.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
