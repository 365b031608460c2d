#!/usr/bin/env node
// The test command: type-checks src/ and test/, then runs every test/**/*.test.ts file with uvu
// through tsx, each in its own process (so servers, ports and global state never leak between
// files), two at a time. Ends with the line `N passed, N failed`.
//
//   node scripts/run-tests.mjs            all tests
//   node scripts/run-tests.mjs time model only files whose path contains one of the words
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { availableParallelism } from 'node:os';
import { ensurePolars } from './ensure-polars.mjs';
import { isBuildStale } from './jupyter/ensure-build.mjs';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2);
const env = { ...process.env, TZ: 'America/New_York', NO_COLOR: '1', FORCE_COLOR: '0' };
const FILE_TIMEOUT_MS = 10 * 60 * 1000;

function findTests(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'fixtures' && name !== 'packaging') out.push(...findTests(full));
    } else if (name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

function run(cmd, args, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const timer = setTimeout(() => {
      output += `\n[timed out after ${timeoutMs} ms]\n`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

// uvu prints "Total: N / Passed: N / Skipped: N" at the end of a file's run.
function countsOf(output) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removes terminal colour codes, which start with ESC
  const clean = output.replace(/\x1b\[[0-9;]*m/g, '');
  const num = (label) => {
    const m = clean.match(new RegExp(`${label}:\\s+(\\d+)`));
    return m ? Number(m[1]) : null;
  };
  return { total: num('Total'), passed: num('Passed'), skipped: num('Skipped') ?? 0 };
}

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

// Tests that load the built packages (packaging, notebooks, the CLI bin) need a current dist/ and
// server/dist/: build them once here, before files run in parallel, rather than letting two of them
// rebuild at once.
async function buildIfStale() {
  if (!isBuildStale(root)) return;
  // Both packages: tsc, the ES module entries, then the server (scripts/build.mjs).
  const { code, output } = await run(process.execPath, [join(root, 'scripts', 'build.mjs')], FILE_TIMEOUT_MS);
  if (code === 0) {
    passed += 1;
    console.log('ok   build (dist/ or server/dist/ was older than its sources)');
  } else {
    failed += 1;
    failures.push(['build', output]);
    console.log('FAIL build');
  }
}

async function typecheck() {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  // tsconfig.check.json: src, server/src and bench with noUncheckedIndexedAccess (the tests lack it)
  let { code, output } = await run(process.execPath, [tsc, '-p', 'tsconfig.test.json'], FILE_TIMEOUT_MS);
  if (code === 0) ({ code, output } = await run(process.execPath, [tsc, '-p', 'tsconfig.check.json'], FILE_TIMEOUT_MS));
  // the web console: browser code (DOM types, bundler resolution)
  if (code === 0) ({ code, output } = await run(process.execPath, [tsc, '-p', 'server/console/tsconfig.json'], FILE_TIMEOUT_MS));
  if (code === 0) {
    passed += 1;
    console.log('ok   typecheck (tsc --noEmit over src, server/src, test, bench, server/console; checked reads outside test)');
  } else {
    failed += 1;
    failures.push(['typecheck', output]);
    console.log('FAIL typecheck');
  }
}

async function runFile(file) {
  const rel = relative(root, file);
  const started = Date.now();
  const { code, output } = await run(process.execPath, ['--import', 'tsx', file], FILE_TIMEOUT_MS);
  const c = countsOf(output);
  const ms = Date.now() - started;
  if (c.total === null || c.passed === null) {
    failed += 1;
    failures.push([rel, output]);
    console.log(`FAIL ${rel} (crashed before any summary, exit ${code}, ${ms} ms)`);
    return;
  }
  const f = c.total - c.passed - c.skipped;
  passed += c.passed;
  skipped += c.skipped;
  const bad = f > 0 || code !== 0 ? Math.max(f, 1) : 0;
  failed += bad;
  if (bad) failures.push([rel, output]);
  console.log(`${bad ? 'FAIL' : 'ok  '} ${rel}: ${c.passed}/${c.total} (${ms} ms)`);
}

const files = findTests(join(root, 'test')).filter((f) => filters.length === 0 || filters.some((w) => relative(root, f).includes(w)));
const queue = [...files];
const workers = Math.max(1, Math.min(2, availableParallelism()));
await buildIfStale();
try {
  const installed = ensurePolars(root); // the polars tests' native binary, which npm skips on Node 20
  if (installed) console.log(installed);
} catch (error) {
  console.log(String(error));
}
await typecheck();
await Promise.all(
  Array.from({ length: workers }, async () => {
    while (queue.length) await runFile(queue.shift());
  }),
);

for (const [name, output] of failures) {
  console.log(`\n===== ${name} =====\n${output.slice(-6000)}`);
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
