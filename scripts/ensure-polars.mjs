// The native binary of nodejs-polars for the tests (CONTRIBUTING.md#dependencies).
//
// nodejs-polars lists one package per platform as optional dependencies, so `npm ci` works on every
// platform and installs the binary that fits. Those packages declare Node 22 in `engines`, and npm
// skips an optional dependency whose engines do not match, so on Node 20 none is installed, though
// the binary works there. Before the tests run, this loads nodejs-polars; when its binary is
// missing, it installs the platform's package with `npm install --no-save` (package.json and the
// lock stay as they are), as the test suite installs PostgreSQL and Chromium when missing.
//
//   node scripts/ensure-polars.mjs [PROJECT_ROOT]     (run by scripts/run-tests.mjs)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The napi-rs platform name of this process (`linux-x64-gnu`, `darwin-arm64`, `win32-x64-msvc`, ...). */
export function polarsPlatform(
  platform = process.platform,
  arch = process.arch,
  glibc = process.report?.getReport().header.glibcVersionRuntime,
) {
  if (platform === 'win32') return `win32-${arch}-msvc`;
  if (platform === 'linux') return `linux-${arch}-${glibc ? 'gnu' : 'musl'}`;
  return `${platform}-${arch}`;
}

/** Whether nodejs-polars loads, with its binary, from the project at `root` (in a fresh process: no module cache). */
function polarsLoads(root) {
  return spawnSync(process.execPath, ['-e', "require('nodejs-polars')"], { cwd: root, stdio: 'ignore', timeout: 60_000 }).status === 0;
}

/**
 * Makes nodejs-polars loadable at `root`: nothing when it loads, else installs the platform's
 * binary package at nodejs-polars' own version.
 *
 * @returns A line saying what was done, or null when nothing was needed.
 * @throws Error when the binary cannot be installed (no package for this platform, no registry).
 */
export function ensurePolars(root) {
  if (polarsLoads(root)) return null;
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules', 'nodejs-polars', 'package.json'), 'utf8'));
  const binary = `nodejs-polars-${polarsPlatform()}@${version}`;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', binary];
  const result = spawnSync(npm, args, { cwd: root, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0 || !polarsLoads(root)) {
    throw new Error(`ensure-polars: npm ${args.join(' ')} failed (exit ${result.status}):\n${result.stderr || result.stdout}`);
  }
  return `ensure-polars: installed ${binary} (npm skips it on Node ${process.versions.node}: it declares Node 22)`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2] ?? new URL('..', import.meta.url).pathname;
  console.log(ensurePolars(root) ?? 'ensure-polars: nodejs-polars loads');
}
