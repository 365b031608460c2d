/**
 * One client run of bench/decade-panel.ts in its own process, so that its memory is its own:
 * loads the twenty decade curves with `loadMany` and makes the aligned panel table, `RUNS` times,
 * printing one JSON line: the milliseconds of each run, and for the first run the growth of
 * the RSS (sampled every 5 ms and its high-water mark) and of the JS memory (heap and array
 * buffers, sampled) over the process's baseline after a garbage collection.
 *
 * Run by bench/decade-panel.ts:
 *   `node --expose-gc --import tsx bench/decade-panel-client.ts API_URL KEY json|arrow RUNS CURVE...`
 */
import { performance } from 'node:perf_hooks';
import { ServiceClient } from '../src/client';
import { toTable } from '../src/frame';

const MB = 1024 * 1024;

void (async () => {
  const [apiUrl, key, transport, runs, ...curves] = process.argv.slice(2);
  if (apiUrl === undefined || key === undefined || (transport !== 'json' && transport !== 'arrow')) throw new Error('bad arguments');
  const client = new ServiceClient({ apiKey: key, apiUrl, httpDelay: 0.05, retry: { tries: 1 }, transport, compression: false });
  // one small load first: the connection is open and the code warm
  await client.timeseries.load(curves[0]!, { begin: '2024-12-01', end: '2024-12-02' });
  (globalThis as { gc?: () => void }).gc?.();
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const base = { rss: process.memoryUsage.rss(), maxRss: process.resourceUsage().maxRSS * 1024, js: used() };
  const peak = { ...base };
  const sampler = setInterval(() => {
    peak.rss = Math.max(peak.rss, process.memoryUsage.rss());
    peak.js = Math.max(peak.js, used());
  }, 5);
  const times: number[] = [];
  let memory = { rss: 0, maxRss: 0, js: 0 };
  let cells = 0;
  for (let run = 0; run < Number(runs); run++) {
    const started = performance.now();
    const panel = await client.timeseries.loadMany(curves, { begin: '2015-01-01', end: '2025-01-01', progress: false });
    const table = toTable(panel);
    times.push(performance.now() - started);
    cells = table.numRows() * (table.numCols() - 1);
    if (run === 0) {
      peak.rss = Math.max(peak.rss, process.memoryUsage.rss());
      peak.js = Math.max(peak.js, used());
      clearInterval(sampler);
      memory = {
        rss: (peak.rss - base.rss) / MB,
        maxRss: (process.resourceUsage().maxRSS * 1024 - base.maxRss) / MB,
        js: (peak.js - base.js) / MB,
      };
    }
  }
  client.close();
  console.log(JSON.stringify({ times, memory, cells, float64MB: (cells * 8) / MB }));
})();
