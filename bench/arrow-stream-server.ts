/**
 * The service of bench/arrow-stream.ts in its own process, so that its time and memory are its
 * own: serves a store directory on 127.0.0.1 at a free port and prints `LISTENING <url>`. Reads
 * commands on stdin, one a line, and answers each with one line:
 *
 * - `read ["curve", begin, end]`: times the store's own read of a range (`store.readSeries`):
 *   `READ {"ms", "cpu", "rows"}` (wall and CPU time of this process, ms).
 * - `whole on` / `whole off`: Arrow answers made whole as before streaming (the store's batched
 *   read switched off) or streamed (the default): `WHOLE {"on"}`.
 * - `answer`: the wall and CPU time of the last HTTP answer, from the request's arrival to its
 *   last byte handed to the socket: `ANSWER {"ms", "cpu"}`.
 * - `reset` (with `--probe`): a full garbage collection, then the JS memory (heap + array
 *   buffers) and RSS as the baseline: `RESET {"js", "rss"}`.
 * - `peak` (with `--probe`): the most JS memory and RSS over the baseline seen at a probe since
 *   `reset`, and how many probes ran: `PEAK {"js", "rss", "probes"}`.
 *
 * With `--probe` (and node's `--expose-gc`) a probe runs where an answer holds the most: at every
 * record batch the store's batched read hands over, when the whole read returns, when the body
 * is handed to Fastify (`onSend`: a whole body exists by then) and when the answer has been
 * written. A probe first collects all garbage, so it counts what the answer holds, not what the
 * collector has not reached yet. Closing stdin ends the process (a CPU profile taken with
 * `--cpu-prof` is written then).
 *
 * Run by bench/arrow-stream.ts: `node --expose-gc --import tsx bench/arrow-stream-server.ts DIR [--probe]`
 */
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createApp } from '../server/src/http/app';
import { DuckDbStore, type ColumnSource, type SeriesCursor, type Store, type TimeForm } from '../server/src/store';

const gc = (globalThis as { gc?: () => void }).gc;
const probing = process.argv.includes('--probe');
if (probing && gc === undefined) throw new Error('--probe needs node --expose-gc');

const js = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
let base = { js: 0, rss: 0 };
let peak = { js: 0, rss: 0, probes: 0 };

/** Collects garbage, then notes the memory held over the baseline. */
function probe(): void {
  if (!probing) return;
  // twice: memory outside the heap that the first collection found dead (DuckDB's chunks seen
  // as array buffers) is let go by callbacks that run after it
  gc!();
  gc!();
  peak = { js: Math.max(peak.js, js() - base.js), rss: Math.max(peak.rss, process.memoryUsage.rss() - base.rss), probes: peak.probes + 1 };
}

/** A cursor whose batches are probed as they are handed over. */
function probed(cursor: SeriesCursor | null): SeriesCursor | null {
  if (cursor === null) return null;
  return {
    ...cursor,
    async *batches(size: number, columns?: ColumnSource, form?: TimeForm) {
      for await (const batch of cursor.batches(size, columns, form)) {
        probe();
        yield batch;
      }
    },
  };
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

void (async () => {
  const dir = process.argv[2];
  if (dir === undefined) throw new Error('usage: arrow-stream-server.ts DIR [--probe]');
  const opened = await DuckDbStore.open(dir);
  let whole = false;
  const store: Store = new Proxy(opened, {
    get(target, key) {
      if (key === 'openSeries') {
        if (whole) return undefined;
        return async (...args: Parameters<NonNullable<Store['openSeries']>>) => probed(await target.openSeries(...args));
      }
      if (key === 'readSeries')
        return async (...args: Parameters<Store['readSeries']>) => {
          const block = await target.readSeries(...args);
          probe();
          return block;
        };
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  const app = createApp({ store, rateLimit: false });
  let answer = { ms: 0, cpu: 0 };
  const started = new WeakMap<object, [number, NodeJS.CpuUsage]>();
  app.addHook('onRequest', async (request) => {
    started.set(request, [performance.now(), process.cpuUsage()]);
  });
  app.addHook('onSend', async () => probe());
  app.addHook('onResponse', async (request) => {
    const [wall, cpu] = started.get(request) ?? [performance.now(), process.cpuUsage()];
    answer = { ms: performance.now() - wall, cpu: cpuMs(cpu) };
    probe();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const commands = createInterface({ input: process.stdin });
  commands.on('close', () => process.exit(0));
  commands.on('line', (line) => {
    if (line.startsWith('read ')) {
      const [curve, begin, end] = JSON.parse(line.slice(5)) as [string, number, number];
      const cpu = process.cpuUsage();
      const t = performance.now();
      void opened.readSeries(curve, { begin, end }).then((block) => {
        console.log(`READ ${JSON.stringify({ ms: performance.now() - t, cpu: cpuMs(cpu), rows: block.times.length })}`);
      });
    } else if (line === 'whole on' || line === 'whole off') {
      whole = line === 'whole on';
      console.log(`WHOLE ${JSON.stringify({ on: whole })}`);
    } else if (line === 'answer') {
      console.log(`ANSWER ${JSON.stringify(answer)}`);
    } else if (line === 'reset') {
      gc?.();
      base = { js: js(), rss: process.memoryUsage.rss() };
      peak = { js: 0, rss: 0, probes: 0 };
      console.log(`RESET ${JSON.stringify(base)}`);
    } else if (line === 'peak') {
      console.log(`PEAK ${JSON.stringify(peak)}`);
    }
  });
  console.log(`LISTENING http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
})();
