// A child process of cache.test.ts: loads curves through a client whose cache directory it shares
// with another process, and prints what it got as one JSON line.
import { ServiceClient } from '../../../src/client';

async function main(): Promise<void> {
  const [apiUrl, apiKey, dir, rounds, ...curves] = process.argv.slice(2) as [string, string, string, string, ...string[]];
  const client = new ServiceClient({ apiUrl, apiKey, httpDelay: 0.05, cache: { dir, maxBytes: 50_000_000 } });
  const sums: number[] = [];
  for (let r = 0; r < Number(rounds); r++) {
    for (const curve of curves) {
      const ts = await client.timeseries.load(curve, { begin: '2024-01-15', end: '2024-01-17' });
      sums.push(Array.from(ts.values ?? []).reduce((a, b) => a + b, 0));
    }
  }
  console.log(JSON.stringify({ sums, stats: client.cache?.stats() }));
  client.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
