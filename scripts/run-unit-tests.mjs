#!/usr/bin/env node
// `npm run test:unit`: the unit tests (scripts/unit-tests.mjs says which files they are), run with
// uvu through tsx in two long-lived processes that each run many files, one after another, so the
// modules under test load once per process rather than once per file. No type-check: that is
// `npm run typecheck`. Ends with the line `N passed, N failed` like `npm test`.
//
//   node scripts/run-unit-tests.mjs              every unit test file
//   node scripts/run-unit-tests.mjs time model   only those whose path contains one of the words
//   node scripts/run-unit-tests.mjs --list       which files are unit tests, and why the others are not
//   node scripts/run-unit-tests.mjs --files A B  these files, whatever their source says (with
//                                                --list: what it says of them)
//   node scripts/run-unit-tests.mjs --loopback   the files that only listen on loopback (npm test
//                                                runs them so): each must close what it opens
//   UNIT_TEST_PROCESSES=1 node scripts/run-unit-tests.mjs ...   one process instead of two
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { ensurePolars } from './ensure-polars.mjs';
import { findTestFiles, listensOnly, outsideReasons } from './unit-tests.mjs';

const root = new URL('..', import.meta.url).pathname;
const testDir = join(root, 'test');
const FILE_TIMEOUT_MS = 2 * 60 * 1000;
const args = process.argv.slice(2);
const env = { ...process.env, TZ: 'America/New_York', NO_COLOR: '1', FORCE_COLOR: '0' };
// Seeded demo stores that the files copy instead of seeding their own (test/helpers/demo-templates.ts);
// `npm test` passes its own folder, else one is made here and removed at the end.
const DEMO_TEMPLATES_ENV = 'SERVICE_TEST_DEMO_TEMPLATES';

const loopback = args.includes('--loopback');
if (loopback) env.UNIT_WORKER_LOOPBACK = '1';

function selectFiles() {
  const list = args.includes('--list');
  const rest = args.filter((a) => a !== '--list' && a !== '--loopback');
  const named = rest[0] === '--files';
  const words = named ? [] : rest;
  const files = named
    ? rest.slice(1).map((f) => resolve(f))
    : findTestFiles(testDir).filter((f) => words.length === 0 || words.some((w) => relative(root, f).includes(w)));
  if (list) {
    for (const f of files) {
      const reasons = outsideReasons(f, testDir);
      console.log(
        `${reasons.length ? 'own process' : 'unit       '} ${relative(root, f)}${reasons.length ? `: ${reasons.join('; ')}` : ''}`,
      );
    }
    process.exit(0);
  }
  const wanted = loopback ? (reasons) => listensOnly(reasons) : (reasons) => reasons.length === 0;
  return named ? files : files.filter((f) => wanted(outsideReasons(f, testDir)));
}

// uvu prints "Total: N / Passed: N / Skipped: N" at the end of a file's run.
function countsOf(output) {
  const num = (label) => {
    const m = output.match(new RegExp(`${label}:\\s+(\\d+)`));
    return m ? Number(m[1]) : null;
  };
  return { total: num('Total'), passed: num('Passed'), skipped: num('Skipped') ?? 0 };
}

let passed = 0;
let failed = 0;
let skipped = 0;
let fileCount = 0;
const failures = [];

function record(file, output, ms, crashed) {
  const rel = relative(root, file);
  const c = countsOf(output);
  fileCount += 1;
  if (crashed || c.total === null || c.passed === null) {
    failed += Math.max(1, (c.total ?? 0) - (c.passed ?? 0) - c.skipped);
    passed += c.passed ?? 0;
    failures.push([rel, output]);
    console.log(`FAIL ${rel} (stopped before its summary: see below, ${ms} ms)`);
    return;
  }
  const bad = c.total - c.passed - c.skipped;
  passed += c.passed;
  skipped += c.skipped;
  failed += bad;
  if (bad) failures.push([rel, output]);
  console.log(`${bad ? 'FAIL' : 'ok  '} ${rel}: ${c.passed}/${c.total} (${ms} ms)`);
}

// One process: takes files from the queue until it is empty. A process whose file crashes it or
// runs past the timeout is replaced by a fresh one for the files left.
function worker(queue) {
  return new Promise((done) => {
    const child = fork(join(root, 'scripts', 'unit-worker.mjs'), [], {
      cwd: root,
      env,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let file = null;
    let started = 0;
    let timer = null;
    const next = () => {
      clearTimeout(timer);
      file = queue.shift() ?? null;
      if (file === null) {
        child.send({ done: true });
        return;
      }
      started = Date.now();
      timer = setTimeout(() => {
        record(file, `[timed out after ${FILE_TIMEOUT_MS} ms]`, Date.now() - started, true);
        file = null;
        child.kill('SIGKILL');
      }, FILE_TIMEOUT_MS);
      child.send({ file });
    };
    child.on('message', (message) => {
      if (message.ready) return next();
      if (file === null) return; // the file already failed (timed out, or crashed the process)
      record(message.file, message.output, Date.now() - started, message.crashed);
      file = null;
      if (!message.crashed) next();
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (file !== null) record(file, `[the process ended: ${signal ?? `exit ${code}`}]`, Date.now() - started, true);
      done(queue.length ? worker(queue) : undefined);
    });
  });
}

const files = selectFiles();
// polars' native binary, which npm leaves out on Node 20 (scripts/ensure-polars.mjs): a check of a
// moment when it is there, as after `npm test`, which prepares it before this runner starts
try {
  const done = ensurePolars(root);
  if (done !== null) console.log(done);
} catch (err) {
  console.log(err.message); // the polars files then fail with their own message
}
const ownTemplates = !env[DEMO_TEMPLATES_ENV];
if (ownTemplates) env[DEMO_TEMPLATES_ENV] = mkdtempSync(join(tmpdir(), 'service-test-demos-'));
const queue = [...files];
const workers = Math.max(1, Math.min(Number(process.env.UNIT_TEST_PROCESSES) || 2, availableParallelism(), files.length));
const started = Date.now();
await Promise.all(Array.from({ length: workers }, () => worker(queue)));
if (ownTemplates) rmSync(env[DEMO_TEMPLATES_ENV], { recursive: true, force: true });

for (const [name, output] of failures) console.log(`\n===== ${name} =====\n${output.slice(-6000)}`);
console.log(`\n${fileCount} files in ${((Date.now() - started) / 1000).toFixed(1)} s (type-check not run: npm run typecheck)`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
