// Builds `dist/` and `server/dist/` (scripts/build.mjs) unless the last whole build still holds
// (`isBuildCurrent`: nothing it reads has changed, and its outputs are the ones it wrote): the
// service CLI (`server/bin/service.js`, which loads `server/dist/` and, through it, `dist/`) and the
// notebooks' `import ... from "service"` both load the builds.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { isBuildCurrent } from '../build.mjs';

/**
 * Runs the project's TypeScript build when `dist/` is stale (or always with `force`).
 * @param {string} root the project root
 * @param {{ force?: boolean, log?: (line: string) => void }} [options]
 * @returns {boolean} true when a build ran
 * @throws {Error} when tsc reports errors (its output is in the message)
 */
export function ensureBuilt(root, { force = false, log = console.log } = {}) {
  if (!force && isBuildCurrent(root)) return false;
  log('build: dist/ or server/dist/ is missing or not built from the sources now in place; running scripts/build.mjs');
  const started = Date.now();
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) {
    throw new Error(`build: scripts/build.mjs failed (exit ${r.status ?? r.signal}):\n${(r.stdout + r.stderr).trim()}`);
  }
  log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
