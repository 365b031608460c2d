/**
 * Curve search latency over the `full` demo catalogue (every curve, place and the demo user; no
 * series data, which curve search never reads).
 *
 *   node --import tsx bench/curve-search.ts [--runs 400] [--anchor 2025-01-15]
 *
 * For a mix of searches (defaults, free text, filters, a deep page, an empty result) it prints
 * the median and p99 latency of:
 *   - the store alone (`store.searchCurves`, the floor of the metadata work),
 *   - `GET /api/metadata/curves/?…` over HTTP on 127.0.0.1 (routing, decoding, the store, the
 *     curve JSON with places and subscriptions, the paging headers), one keep-alive connection,
 *   - `client.metadata.curves(…)` (request encoding, HTTP, parsing into a Page of Curves), with
 *     the calls spaced beyond the client's throttle so that only the work is timed.
 */
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import { ServiceClient } from '../src/client';
import { buildCatalogue } from '../server/src/demo';
import { addUser, startService } from '../test/helpers/start-service';
import { formatRequestLine, metadataCurves, type MetadataCurvesOptions } from '../src/wire';
import { decodeMetadataCurves } from '../server/src/requests';
import { curveQueryOf } from '../server/src/routes/metadata';

const { values: args } = parseArgs({ options: { runs: { type: 'string' }, anchor: { type: 'string' } } });
const RUNS = Number(args.runs ?? 400);
const ANCHOR = args.anchor ?? '2025-01-15';
if (!Number.isSafeInteger(RUNS) || RUNS < 10) throw new Error('--runs must be an integer of at least 10');

const SEARCHES: [string, MetadataCurvesOptions][] = [
  ['defaults (page 1 of all)', {}],
  ['q=de wind', { q: 'de wind' }],
  ['q=wind power production actual, area=DE', { q: 'wind power production actual', area: 'DE' }],
  ['data-type=FORECAST, area=FR', { dataType: 'FORECAST', area: 'FR' }],
  ['category=Nuclear, has-place=true', { category: 'Nuclear', hasPlace: true }],
  ['only-subscribed=true, page-size=100', { onlySubscribed: true, pageSize: 100 }],
  ['frequency=PT1H, page=20, page-size=20', { frequency: 'PT1H', page: 20, pageSize: 20 }],
  ['q=zzzz (empty)', { q: 'zzzz' }],
];

function stats(samples: number[]): { median: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) throw new Error('stats: no samples');
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p99: at(0.99) };
}

async function time(runs: number, once: () => Promise<unknown>, gapMs = 0): Promise<{ median: number; p99: number }> {
  for (let i = 0; i < 5; i++) await once(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  return stats(samples);
}

function httpGet(agent: Agent, url: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { 'X-API-Key': key } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

async function main(): Promise<void> {
  const catalogue = buildCatalogue('full', ANCHOR);
  const seedStart = performance.now();
  const svc = await startService({
    batch: { curves: catalogue.curves, places: catalogue.places, users: catalogue.users },
    rateLimit: false,
  });
  const demoKey = await addUser(svc.store, 'bench-demo', { grants: catalogue.users[0]!.subscriptions });
  console.log(
    `full catalogue: ${catalogue.curves.length} curves, ${catalogue.places.length} places, imported in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  console.log(`${RUNS} runs per search (client: ${Math.max(10, Math.floor(RUNS / 4))} runs, spaced 60 ms); times in ms\n`);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const client = new ServiceClient({ apiKey: demoKey, apiUrl: svc.apiUrl, httpDelay: 0.05 });
  const user = await svc.store.getUser('bench-demo');
  if (user === null) throw new Error('bench user missing');
  const rows: string[][] = [['search', 'items', 'store med', 'store p99', 'http med', 'http p99', 'client med', 'client p99', 'bytes']];
  try {
    for (const [label, options] of SEARCHES) {
      const line = metadataCurves(options);
      const url = svc.apiUrl + formatRequestLine(line);
      const query = curveQueryOf(decodeMetadataCurves(line.query), user);
      const items = (await svc.store.searchCurves(query)).items.length;
      const store = await time(RUNS, () => svc.store.searchCurves(query));
      const bytes = await httpGet(agent, url, demoKey);
      const http = await time(RUNS, () => httpGet(agent, url, demoKey));
      const viaClient = await time(Math.max(10, Math.floor(RUNS / 4)), () => client.metadata.curves(options), 60);
      rows.push([label, String(items), ...[store, http, viaClient].flatMap((s) => [s.median.toFixed(2), s.p99.toFixed(2)]), String(bytes)]);
    }
  } finally {
    agent.destroy();
    client.close();
    await svc.close();
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
