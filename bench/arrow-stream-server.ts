/**
 * The service of bench/arrow-stream.ts in its own process, so that its memory is its own: serves
 * a store directory on 127.0.0.1 at a free port and prints `LISTENING <url>`. Reads commands on
 * stdin: `base` collects garbage (with `--expose-gc`), then samples the RSS and the JS memory
 * (heap and array buffers) every 2 ms and prints them with the RSS high-water mark so far; `peak`
 * prints the sampled peaks and the high-water mark. With `--live` every sample is taken after a
 * full garbage collection (what is held, not what is left for the collector). `read
 * ["curve", begin, end]` times the store's own read of a range (`READ {"ms", "rows"}`). With
 * `--whole` the store cannot read in batches, so Arrow answers are made whole as before streaming.
 *
 * Run by bench/arrow-stream.ts: `node --expose-gc --import tsx bench/arrow-stream-server.ts DIR [--whole] [--live]`
 */
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createApp } from '../server/src/server/app';
import { DuckDbStore, type Store } from '../server/src/server/store';

void (async () => {
  const dir = process.argv[2];
  if (dir === undefined) throw new Error('usage: arrow-stream-server.ts DIR [--whole] [--live]');
  const opened = await DuckDbStore.open(dir);
  const store: Store = process.argv.includes('--whole')
    ? new Proxy(opened, {
        get(target, key) {
          if (key === 'openSeries') return undefined;
          const v = Reflect.get(target, key, target);
          return typeof v === 'function' ? v.bind(target) : v;
        },
      })
    : opened;
  const app = createApp({ store, rateLimit: false });
  // the service's own time and CPU time of each answer (request received to last byte written)
  let answer = { ms: 0, cpu: 0 };
  app.addHook('onRequest', async (request) => {
    (request as unknown as { started: [number, NodeJS.CpuUsage] }).started = [performance.now(), process.cpuUsage()];
  });
  app.addHook('onResponse', async (request) => {
    const [wall, cpu] = (request as unknown as { started: [number, NodeJS.CpuUsage] }).started;
    const used = process.cpuUsage(cpu);
    answer = { ms: performance.now() - wall, cpu: (used.user + used.system) / 1000 };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  let heapPeak = 0;
  let rssPeak = 0;
  let sampler: NodeJS.Timeout | undefined;
  const commands = createInterface({ input: process.stdin });
  // the bench closing stdin ends the process (a CPU profile taken with --cpu-prof is written then)
  commands.on('close', () => process.exit(0));
  commands.on('line', (line) => {
    const maxRss = process.resourceUsage().maxRSS * 1024;
    if (line === 'base') {
      (globalThis as { gc?: () => void }).gc?.();
      rssPeak = process.memoryUsage.rss();
      heapPeak = used();
      const base = { maxRss, rss: rssPeak, heap: heapPeak };
      const live = process.argv.includes('--live') ? (globalThis as { gc?: () => void }).gc : undefined;
      sampler = setInterval(() => {
        live?.();
        heapPeak = Math.max(heapPeak, used());
        rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
      }, 2);
      console.log(`BASE ${JSON.stringify(base)}`);
    } else if (line.startsWith('read ')) {
      const [curve, begin, end] = JSON.parse(line.slice(5)) as [string, number, number];
      const started = performance.now();
      void opened.readSeries(curve, { begin, end }).then((block) => {
        console.log(`READ ${JSON.stringify({ ms: performance.now() - started, rows: block.times.length })}`);
      });
    } else if (line === 'answer') {
      console.log(`ANSWER ${JSON.stringify(answer)}`);
    } else if (line === 'peak') {
      clearInterval(sampler);
      console.log(`PEAK ${JSON.stringify({ maxRss, rssPeak, heapPeak })}`);
    }
  });
  console.log(`LISTENING http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
})();
