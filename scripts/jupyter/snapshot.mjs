// Report snapshots (`npm run report -- --record DIR` / `--replay DIR`): the answers the notebooks'
// clients got, kept by the client's own on-disk answer cache (SERVICE_CACHE_DIR; docs/client.md#caching
// describes the cache), plus what a replay needs to find them again. A cache entry's key is made
// of the API URL, a hash of the API key and the request line, so the replay gives the clients the
// recorded URL and key (the demo service's key, written by the service to its data folder) and
// puts the cache in offline mode: no request leaves, a missing answer is an error. A recording
// runs the cache in record mode, which keeps the service's error answers too (a replay throws
// them again). The push feed is recorded too: the clients keep each WebSocket conversation in the
// same cache folder and replay it offline (docs/protocol.md#feed-recordings).
//
//   DIR/snapshot.json   { apiUrl, recorded, keyFile: "api-key", cacheDir: "cache" }
//   DIR/api-key         the demo key the recorded answers were fetched with
//   DIR/cache/          the client's on-disk cache
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Starts a recording into `dir` (emptied first) for a running service.
 * @param {string} dir
 * @param {{ apiUrl: string, keyFile: string }} service
 * @returns {{ apiUrl: string, keyFile: string, cacheDir: string, recorded: string }}
 */
export function startRecording(dir, service) {
  for (const stale of ['snapshot.json', 'api-key', 'cache']) rmSync(join(dir, stale), { recursive: true, force: true });
  mkdirSync(join(dir, 'cache'), { recursive: true });
  copyFileSync(service.keyFile, join(dir, 'api-key'));
  const recorded = new Date().toISOString();
  writeFileSync(join(dir, 'snapshot.json'), `${JSON.stringify({ apiUrl: service.apiUrl, recorded, keyFile: 'api-key', cacheDir: 'cache' }, null, 2)}\n`);
  return { apiUrl: service.apiUrl, keyFile: join(dir, 'api-key'), cacheDir: join(dir, 'cache'), recorded };
}

/**
 * Reads a recording.
 * @param {string} dir
 * @returns {{ apiUrl: string, keyFile: string, cacheDir: string, recorded: string }}
 * @throws {Error} naming what is missing when `dir` is not a recording
 */
export function readSnapshot(dir) {
  const file = join(dir, 'snapshot.json');
  if (!existsSync(file)) throw new Error(`--replay ${dir}: no snapshot.json there (make one with --record ${dir})`);
  const meta = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof meta.apiUrl !== 'string' || typeof meta.recorded !== 'string') throw new Error(`--replay ${dir}: snapshot.json lacks apiUrl or recorded`);
  const keyFile = join(dir, meta.keyFile ?? 'api-key');
  const cacheDir = join(dir, meta.cacheDir ?? 'cache');
  for (const f of [keyFile, cacheDir]) if (!existsSync(f)) throw new Error(`--replay ${dir}: ${f} is missing`);
  return { apiUrl: meta.apiUrl, keyFile, cacheDir, recorded: meta.recorded };
}
