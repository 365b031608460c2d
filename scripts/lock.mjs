#!/usr/bin/env node
// `npm run lock`: rewrites package-lock.json so that it lists every platform's optional binaries
// (DuckDB bindings, resvg, esbuild...), whatever machine runs it.
//
// Why a script: npm (10.3 and later, 11 included) prunes the optional dependencies that do not fit
// the current OS/CPU from the lock when `npm install` runs with a node_modules folder present
// (npm/cli issues 4828 and 7961). A lock written that way lacks, say, the darwin and win32 DuckDB
// bindings, so `npm ci` on macOS or Windows installs no binding, and `npm install` on a fresh clone
// rewrites the lock. Resolving in a scratch folder that has no node_modules avoids the pruning.
//
// What it does: copies package.json, the workspaces' package.json files (server/package.json) and
// the current package-lock.json (its pinned versions are
// kept; only missing or changed entries are resolved) into a temporary folder, runs
// `npm install --package-lock-only --ignore-scripts` there, and copies the lock back. Nothing in
// node_modules changes: run `npm install` afterwards if package.json gained a dependency.
//
//   npm run lock            rewrite package-lock.json
//   npm run lock -- --check exit 1 (and print the first differing lines) if the rewrite would change it
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const check = process.argv.includes('--check');
const lockPath = join(root, 'package-lock.json');
const scratch = mkdtempSync(join(tmpdir(), 'service-lock-'));

try {
  copyFileSync(join(root, 'package.json'), join(scratch, 'package.json'));
  // The workspaces (ARCHITECTURE.md#two-packages): npm resolves their dependencies into the same lock.
  for (const workspace of JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces ?? []) {
    mkdirSync(join(scratch, workspace), { recursive: true });
    copyFileSync(join(root, workspace, 'package.json'), join(scratch, workspace, 'package.json'));
  }
  if (existsSync(lockPath)) copyFileSync(lockPath, join(scratch, 'package-lock.json'));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: scratch,
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    process.exitCode = result.status ?? 1;
  } else {
    finish(readFileSync(join(scratch, 'package-lock.json'), 'utf8'));
  }
} finally {
  // process.exitCode rather than process.exit() above, so that this always runs.
  rmSync(scratch, { recursive: true, force: true });
}

/** Compares the freshly resolved lock with the committed one (`--check`), or writes it. */
function finish(fresh) {
  const current = existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : '';
  if (check) {
    if (fresh === current) {
      console.log('package-lock.json is complete and up to date');
    } else {
      const a = current.split('\n');
      const b = fresh.split('\n');
      const first = a.findIndex((line, i) => line !== b[i]);
      console.error(`package-lock.json would change (first difference at line ${first + 1}):`);
      console.error(`  committed: ${a[first] ?? '(end of file)'}`);
      console.error(`  resolved:  ${b[first] ?? '(end of file)'}`);
      console.error('run `npm run lock` and commit the result');
      process.exitCode = 1;
    }
  } else if (fresh === current) {
    console.log('package-lock.json unchanged');
  } else {
    writeFileSync(lockPath, fresh);
    const before = current.split('\n').length;
    const after = fresh.split('\n').length;
    console.log(`package-lock.json rewritten (${before} -> ${after} lines)`);
  }
}
