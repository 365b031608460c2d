// Builds `dist/` and `server/dist/` (scripts/build.mjs) when one is missing or older than any file in
// `src/` or `server/src/`: the service CLI (`server/bin/service.js`, which loads `server/dist/` and,
// through it, `dist/`) and the notebooks' `import ... from "service"` both load the builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    const t = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

/** The files whose presence and age say whether `dist/` is current. */
function markers(root) {
  return [
    join(root, 'dist', 'index.js'),
    join(root, 'dist', 'index.d.ts'),
    join(root, 'dist', 'index.mjs'),
    join(root, 'server', 'dist', 'cli', 'main.js'),
  ];
}

/**
 * True when a build lacks an entry point or is older than the newest file under `src/` or `server/src/` (or tsconfig.json).
 * @param {string} root the project root
 * @returns {boolean}
 */
export function isBuildStale(root) {
  const files = markers(root);
  if (!files.every((f) => existsSync(f))) return true;
  const built = Math.min(...files.map((f) => statSync(f).mtimeMs));
  const source = Math.max(
    newestMtime(join(root, 'src')),
    newestMtime(join(root, 'server', 'src')),
    statSync(join(root, 'tsconfig.json')).mtimeMs,
  );
  return source > built;
}

/**
 * Runs the project's TypeScript build when `dist/` is stale (or always with `force`).
 * @param {string} root the project root
 * @param {{ force?: boolean, log?: (line: string) => void }} [options]
 * @returns {boolean} true when a build ran
 * @throws {Error} when tsc reports errors (its output is in the message)
 */
export function ensureBuilt(root, { force = false, log = console.log } = {}) {
  if (!force && !isBuildStale(root)) return false;
  log('build: dist/ or server/dist/ is missing or older than its sources; running scripts/build.mjs');
  const started = Date.now();
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) {
    throw new Error(`build: scripts/build.mjs failed (exit ${r.status ?? r.signal}):\n${(r.stdout + r.stderr).trim()}`);
  }
  log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
