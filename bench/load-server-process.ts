/**
 * Starting `bench/load-server.ts` in its own process, and the mix of GET requests the load
 * benchmarks send (`bench/load.ts`, `bench/postgres-nodes.ts`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Store } from '../server/src/store';

/**
 * Serves a store directory or `postgres://` URL in a child process.
 *
 * @param target - The directory or URL.
 * @param args - More arguments of the load server.
 * @param root - The source tree whose load server runs (default this one).
 * @returns The URL and the child, once it listens.
 */
export function startLoadServer(
  target: string,
  args: readonly string[] = [],
  root = join(__dirname, '..'),
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench', 'load-server.ts'), target, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      const m = /LISTENING (\S+)/.exec(out);
      if (m?.[1]) resolve({ url: m[1], child });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

/**
 * The request mix over a store seeded with the demo data: `/user/`, a week of 15-minute values,
 * a year aggregated to days, a curve search, the latest forecast instance.
 *
 * @param store - The seeded store.
 * @returns API paths.
 */
export async function loadMixPaths(store: Store): Promise<string[]> {
  const pick = async (query: { curveType: string; frequency?: string }) =>
    (await store.searchCurves({ ...query, area: 'DE' })).items[0]!.name;
  const ts15 = encodeURIComponent(await pick({ curveType: 'TIMESERIES', frequency: 'PT15M' }));
  const instance = encodeURIComponent(await pick({ curveType: 'INSTANCE' }));
  return [
    '/api/user/',
    `/api/timeseries/${ts15}/?begin=2025-01-06&end=2025-01-13`,
    `/api/timeseries/${ts15}/?begin=2024-01-01&end=2025-01-01&frequency=P1D`,
    '/api/metadata/curves/?q=de+wind&page-size=20',
    `/api/instances/${instance}/get/latest/`,
  ];
}
