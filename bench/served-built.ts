/**
 * The service as shipped, for the raw-path benches of issue 15 (bench/timeseries.ts, ensemble.ts,
 * ohlc.ts): the built code (server/dist, what `service serve` runs) under plain node in its own
 * process (bench/served-built-child.cjs) serving the bench's store directory, the client (a plain
 * keep-alive GET) in the bench's process, and the floor (the same store read) timed inside the
 * service's process. Under tsx in the bench's own process, which the benches measure first, every
 * imported call goes through an export getter and the client's receiving shares the service's
 * thread; here neither does.
 *
 * @module
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import * as http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { countBody } from './http-get';
import { median } from './median-time';

const ROOT = join(__dirname, '..');

/** A message of the child. */
interface Reply {
  port?: number;
  ms?: number;
  cpu?: number;
  at?: number;
}

/** When the service's last request reached it, began and ended its first store read, had its body and sent its last byte (epoch ms; null: did not happen). */
interface Parts {
  arrival: number;
  storeStart: number | null;
  storeEnd: number | null;
  bodyReady: number | null;
  finish: number | null;
}

/** The parts of one answer, as printed: each the time from the mark before. */
const PART_LABELS = ['to the service', 'lookups', 'store read', 'to the body', 'to the kernel', "to the client's last byte"] as const;

/** The lengths of an answer's parts (ms; NaN where a mark is missing), from the request's start and its last byte at the client (epoch ms). */
function partLengths(p: Parts, started: number, ended: number): number[] {
  const marks = [started, p.arrival, p.storeStart, p.storeEnd, p.bodyReady, p.finish, ended];
  return marks.slice(1).map((t, k) => (t === null || marks[k] === null ? Number.NaN : t - marks[k]!));
}

/**
 * A store read the child times: the store method and its arguments (JSON), or several calls of it
 * at once (`each`: the arguments of each, awaited together, as a route reading several instances).
 */
export type BuiltRead = { method: 'readSeries' | 'readOhlc'; args: unknown[] } | { method: 'readSeries' | 'readOhlc'; each: unknown[][] };

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Whether server/dist and dist/ exist and are newer than every source file. */
function builtIsCurrent(): boolean {
  const built = [join(ROOT, 'server/dist/http/app.js'), join(ROOT, 'dist/wire/index.js')];
  if (!built.every((f) => existsSync(f))) return false;
  const oldest = Math.min(...built.map((f) => statSync(f).mtimeMs));
  return Math.max(newestSource(join(ROOT, 'src')), newestSource(join(ROOT, 'server/src'))) <= oldest;
}

function ask(child: ChildProcess, message: object): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`built service exited (${code})`));
    child.once('exit', exited);
    child.once('message', (m) => {
      child.off('exit', exited);
      resolve(m as Reply);
    });
    child.send(message);
  });
}

/**
 * Serves `dir` (closed by the bench's own store first) with the built service in a child process
 * and times, call by call in turn, one store read in that process and one GET of `path` from this
 * one; prints the medians, the ratio of the medians, the median of the per-pair ratios and the
 * service process's CPU time per call (`process.cpuUsage` there, all its threads; the GET's
 * includes one small IPC message). Skipped, with a note, when the build is missing or older than
 * the sources (`npm run build`). A second line splits the answer into its parts (medians): the
 * request reaching the service, the lookups before the store's first read, that read (or a
 * batched read's opening), the body made (Fastify's `onSend`), its last byte handed to the
 * kernel, and the client's last byte; and the time in the service alone (arrival to the kernel).
 * Both processes stamp with `performance.timeOrigin + performance.now()`, one clock.
 * `BENCH_SERVICE_NODE_FLAGS` in the environment are node flags for the
 * service's process (`--cpu-prof --cpu-prof-dir=DIR` to profile it).
 *
 * @param label - What is compared.
 * @param dir - The store directory.
 * @param key - An API key of the store.
 * @param path - The request path after `/api` (with its query).
 * @param read - The floor: the store read of the same rows.
 * @param runs - How many pairs (after 5 warm-up pairs).
 * @param headers - More request headers of the `GET` (`Accept` for an Arrow answer).
 * @returns The median of the per-pair ratios, or null when skipped.
 * @example
 * await builtRatio('one year raw', dir, key, `/timeseries/${name}/?begin=2024-01-01&end=2025-01-01`, { method: 'readSeries', args: [name, { begin, end }] }, 40);
 */
export async function builtRatio(
  label: string,
  dir: string,
  key: string,
  path: string,
  read: BuiltRead,
  runs: number,
  headers: Record<string, string> = {},
): Promise<number | null> {
  if (!builtIsCurrent()) {
    console.log(`${label}, built service in its own process: skipped (server/dist missing or older than the sources: npm run build)`);
    return null;
  }
  // plain node, without the bench's own `--import tsx` (fork passes the parent's flags otherwise)
  const child = fork(join(__dirname, 'served-built-child.cjs'), [dir], {
    execArgv: (process.env.BENCH_SERVICE_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const { port } = await new Promise<Reply>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Reply));
      child.once('exit', (code) => reject(new Error(`built service exited (${code})`)));
    });
    const url = `http://127.0.0.1:${port}/api${path}`;
    const floor = () => ask(child, { read: read.method, ...('each' in read ? { each: read.each } : { args: read.args }) });
    for (let i = 0; i < 5; i++) {
      await floor();
      await countBody(agent, url, key, headers);
    }
    const floors: number[] = [];
    const services: number[] = [];
    const ratios: number[] = [];
    const served: number[] = [];
    const parts: number[][] = PART_LABELS.map(() => []);
    let floorCpu = 0;
    let serviceCpu = 0;
    for (let i = 0; i < runs; i++) {
      const f = await floor();
      const t0 = performance.now();
      await countBody(agent, url, key, headers);
      const ms = performance.now() - t0;
      const p = (await ask(child, { parts: true })) as unknown as Parts;
      const { at } = await ask(child, { cpu: true });
      floors.push(f.ms!);
      services.push(ms);
      ratios.push(ms / f.ms!);
      if (p.finish !== null) served.push(p.finish - p.arrival);
      partLengths(p, performance.timeOrigin + t0, performance.timeOrigin + t0 + ms).forEach((x, k) => {
        if (!Number.isNaN(x)) parts[k]!.push(x);
      });
      floorCpu += f.cpu!;
      serviceCpu += at! - f.at!;
    }
    const [s, f] = [median(services), median(floors)];
    console.log(
      `${label}, built service in its own process: ${s.toFixed(2)} ms / store read there ${f.toFixed(2)} ms = ${(s / f).toFixed(2)}x (median of per-pair ratios ${median(ratios).toFixed(2)}x); service CPU per call ${(serviceCpu / runs).toFixed(2)} / ${(floorCpu / runs).toFixed(2)} ms = ${(serviceCpu / floorCpu).toFixed(2)}x`,
    );
    const split = PART_LABELS.map((name, k) => `${name} ${parts[k]!.length ? median(parts[k]!).toFixed(2) : '-'}`).join(' | ');
    console.log(
      `  its parts, medians in ms: ${split}; in the service (arrival to last byte to the kernel) ${median(served).toFixed(2)} ms`,
    );
    return median(ratios);
  } finally {
    agent.destroy();
    if (child.connected) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ quit: true });
      await exited;
    }
  }
}
