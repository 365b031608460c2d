#!/usr/bin/env node
// The test command: type-checks src/ and test/, then runs every test/**/*.test.ts file with uvu
// through tsx. A file that starts a browser, PostgreSQL, a kernel or any child process runs in its
// own process; the others share long-lived processes that take one file after another, so the
// code under test loads once per process (CONTRIBUTING.md#unit-tests): the unit files
// (scripts/unit-tests.mjs) in the unit runner, where opening a port fails the file, and the files
// that only listen on loopback in the loopback runner, where a file that leaves a server, socket
// or timer open fails. Ends with the line `N passed, N failed`.
//
// Files run side by side within a budget of slots, twice the number of cores by default (many
// files spend much of their time waiting on a service, a kernel or a browser). A file takes one
// slot; a job that keeps a core busy throughout (each type-check project, the checks marked so in
// LONG) takes two. The files in LONG start first, longest first, so that none is left running
// alone at the end; the type-checks run beside the files rather than before them (beside the
// build, when one is due).
//
//   node scripts/run-tests.mjs            all tests
//   node scripts/run-tests.mjs time model only files whose path contains one of the words
//   TEST_SLOTS=2 node scripts/run-tests.mjs   another budget (1: one file at a time)
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { availableParallelism, tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { isBuildCurrent, nativeTsc } from './build.mjs';
import { listensOnly, outsideReasons } from './unit-tests.mjs';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2);
const env = { ...process.env, TZ: 'America/New_York', NO_COLOR: '1', FORCE_COLOR: '0' };
// Seeded demo stores that the run's files copy instead of seeding their own
// (test/helpers/demo-templates.ts, CONTRIBUTING.md#demo-templates); removed at the end.
const DEMO_TEMPLATES_ENV = 'SERVICE_TEST_DEMO_TEMPLATES';
const ownTemplates = !env[DEMO_TEMPLATES_ENV];
if (ownTemplates) env[DEMO_TEMPLATES_ENV] = mkdtempSync(join(tmpdir(), 'service-test-demos-'));
const FILE_TIMEOUT_MS = 10 * 60 * 1000;
const SLOTS = Number(process.env.TEST_SLOTS) || 2 * availableParallelism();

/**
 * The files that take longest (notebooks on their kernels, reports in a browser, packing and
 * installing the package, PostgreSQL clusters, whole-repository checks), longest first, as path
 * prefixes, each with its slots: two for those that keep a core busy throughout, one for those
 * that mostly wait on a kernel, a browser or a server. They start before the other files.
 */
const LONG = [
  ['test/reports/browser', 1],
  ['test/kernel/notebooks', 1],
  ['test/reports/reports', 1],
  ['test/kernel/', 1],
  ['test/package/load-modes', 2],
  ['test/e2e/doc-examples', 2],
  ['test/package/client-install', 1],
  ['test/reliability/failover', 1],
  ['test/server/store/postgres/', 1],
  ['test/reliability/', 1],
  ['test/console/browser', 1],
  ['test/reports/notebook-worker', 1],
  ['test/server/demo/seed-demo', 1],
  ['test/architecture/dependency-graph', 2],
  ['test/architecture/biome', 2],
  ['test/architecture/knip', 2],
];

/** How many of the LONG files start before the shared runs of unit and loopback files. */
const SHARED_AFTER = 3;

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
async function build() {
  // Both packages: tsc, the ES module entries, then the server (scripts/build.mjs).
  const { code, output } = await run(process.execPath, [join(root, 'scripts', 'build.mjs')], FILE_TIMEOUT_MS);
  if (code === 0) {
    passed += 1;
    console.log('ok   build (dist/ or server/dist/ was not built from the sources now in place)');
  } else {
    failed += 1;
    failures.push(['build', output]);
    console.log('FAIL build');
  }
}

/** The type-check: tsc --noEmit over each project, as two jobs that count as one result. */
const TSC_PROJECTS = [
  // src, server/src, test and bench
  'tsconfig.test.json',
  // the web console: browser code (DOM types, bundler resolution)
  'server/console/tsconfig.json',
];
const typechecks = [];

async function typecheckProject(project) {
  const tsc = nativeTsc(root);
  const started = Date.now();
  const { code, output } = await run(process.execPath, [tsc, '-p', project], FILE_TIMEOUT_MS);
  typechecks.push({ project, code, output, ms: Date.now() - started });
  if (typechecks.length < TSC_PROJECTS.length) return;
  const bad = typechecks.filter((t) => t.code !== 0);
  const ms = Math.max(...typechecks.map((t) => t.ms));
  if (bad.length === 0) {
    passed += 1;
    console.log(`ok   typecheck (tsc --noEmit over src, server/src, test, bench, server/console; checked reads throughout) (${ms} ms)`);
  } else {
    failed += 1;
    failures.push(['typecheck', bad.map((t) => `tsc -p ${t.project}\n${t.output}`).join('\n')]);
    console.log(`FAIL typecheck (${bad.map((t) => t.project).join(', ')})`);
  }
}

/**
 * What a file needs from outside npm (scripts/prepare-test-tools.mjs): Jupyter and the
 * kernelspecs (notebook and report tests), chromium (browser tests), PostgreSQL's binaries, and
 * polars' native binary (the unit files, and files that load nodejs-polars).
 */
function toolsOf(file, reasons) {
  const rel = relative(root, file);
  const tools = [];
  if (/^test\/(kernel|reports)\//.test(rel)) tools.push('jupyter');
  if (/^test\/(reports|console)\/|browser/.test(rel)) tools.push('chromium');
  if (reasons.some((r) => r.startsWith('runs PostgreSQL'))) tools.push('postgres');
  if (reasons.length === 0 || readFileSync(file, 'utf8').includes('nodejs-polars')) tools.push('polars');
  return tools;
}

/**
 * Starts scripts/prepare-test-tools.mjs for these tools, beside the first files: polars first
 * (quick, and the unit files wait for it), then the apt-get ones, Jupyter and chromium first, as
 * the longest files (notebooks and reports) wait for them. Returns the set of tools done (ready
 * or failed: a failure is printed, and the files that need the tool fail with their own message)
 * and calls `onDone` as each one finishes.
 */
function prepareTools(tools, onDone) {
  const done = new Set();
  const order = ['polars', 'jupyter', 'chromium', 'postgres'].filter((t) => tools.has(t));
  if (order.length === 0) return done;
  const child = spawn(process.execPath, [join(root, 'scripts', 'prepare-test-tools.mjs'), ...order], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const finish = (tool) => {
    done.add(tool);
    onDone();
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    const m = /^(ready|failed) (\w+)/.exec(line);
    if (m === null || m[1] === 'failed') console.log(line);
    if (m !== null) finish(m[2]);
  });
  child.on('close', () => {
    for (const tool of order) if (!done.has(tool)) finish(tool);
  });
  return done;
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

/**
 * Runs files through the unit runner (two processes, many files each: the modules under test load
 * once per process rather than once per file) and counts what it reports: the unit files, or with
 * `--loopback` the files that only listen on loopback.
 */
async function runSharedFiles(files, kind, flags = []) {
  const started = Date.now();
  const runner = join(root, 'scripts', 'run-unit-tests.mjs');
  const { code, output } = await run(process.execPath, [runner, ...flags, '--files', ...files], 3 * FILE_TIMEOUT_MS);
  for (const line of output.split('\n')) if (/^(ok {2}|FAIL) test\//.test(line)) console.log(line);
  const total = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/m.exec(output);
  const label = `${files.length} ${kind} files in two processes`;
  if (total === null) {
    failed += 1;
    failures.push([label, output]);
    console.log(`FAIL ${label} (the runner stopped before its summary, exit ${code})`);
    return;
  }
  passed += Number(total[1]);
  skipped += Number(total[3] ?? 0);
  const bad = Number(total[2]) > 0 || code !== 0 ? Math.max(Number(total[2]), 1) : 0;
  failed += bad;
  if (bad) failures.push([label, output]);
  console.log(`${bad ? 'FAIL' : 'ok  '} ${label}: ${total[1]} passed (${Date.now() - started} ms)`);
}

/**
 * Runs jobs in order, each once the slots it needs are free and the tools it needs are ready
 * (`ready(job)`): a job never overtakes an earlier ready one, but jobs whose tools are still
 * being prepared are passed over until they are. Returns a function that looks again, for when
 * a tool becomes ready.
 */
function runJobs(jobs, slots, ready) {
  let free = slots;
  let running = 0;
  const waiting = [...jobs];
  let finished;
  const all = new Promise((done) => {
    finished = done;
  });
  const pump = () => {
    for (let i = 0; i < waiting.length; ) {
      const job = waiting[i];
      if (!ready(job)) {
        i += 1;
        continue;
      }
      const weight = Math.min(job.weight, slots);
      if (weight > free) break;
      waiting.splice(i, 1);
      free -= weight;
      running += 1;
      job.run().finally(() => {
        free += weight;
        running -= 1;
        pump();
      });
    }
    if (waiting.length === 0 && running === 0) finished();
  };
  return { pump, all };
}

const files = findTests(join(root, 'test')).filter((f) => filters.length === 0 || filters.some((w) => relative(root, f).includes(w)));
const rank = (file) => {
  const i = LONG.findIndex(([prefix]) => relative(root, file).startsWith(prefix));
  return i < 0 ? LONG.length : i;
};
const ordered = files.map((file, i) => ({ file, i, rank: rank(file) })).sort((a, b) => a.rank - b.rank || a.i - b.i);
const testDir = join(root, 'test');
const reasonsOf = new Map(files.map((f) => [f, outsideReasons(f, testDir)]));
const job = ({ file, rank }) => ({ weight: LONG[rank]?.[1] ?? 1, tools: toolsOf(file, reasonsOf.get(file)), run: () => runFile(file) });
// files that only listen on loopback share processes too
const loopbackFiles = ordered.filter((f) => listensOnly(reasonsOf.get(f.file))).map((f) => f.file);
const long = ordered.filter((f) => f.rank < LONG.length && !loopbackFiles.includes(f.file)).map(job);
const others = ordered.filter((f) => f.rank === LONG.length);
const unitFiles = others.filter((f) => reasonsOf.get(f.file).length === 0).map((f) => f.file);
const rest = others.filter((f) => !unitFiles.includes(f.file) && !loopbackFiles.includes(f.file)).map(job);
const loopbackTools = [...new Set(loopbackFiles.flatMap((f) => toolsOf(f, reasonsOf.get(f))))];
const shared = [
  ...(loopbackFiles.length
    ? [{ weight: 2, tools: loopbackTools, run: () => runSharedFiles(loopbackFiles, 'loopback', ['--loopback']) }]
    : []),
  ...(unitFiles.length ? [{ weight: 2, tools: ['polars'], run: () => runSharedFiles(unitFiles, 'unit') }] : []),
];
const checks = TSC_PROJECTS.map((project) => ({ weight: 2, tools: [], run: () => typecheckProject(project) }));
// The type-checks need no build: when there is one to do, they run beside it (it keeps about one
// core and a half busy), and the files start after it; otherwise they take their slots as the
// files do.
const building = !isBuildCurrent(root);
// The two shared runs take one to two minutes each, one file after another: they start right
// after the three notebook runs, the longest files, rather than behind every other long file.
const first = long.slice(0, SHARED_AFTER);
const later = long.slice(SHARED_AFTER);
const jobs = building ? [...first, ...shared, ...later, ...rest] : [...first, ...shared, ...later, ...checks, ...rest];

// the tools (apt-get, mostly waiting on the network and the disk) are prepared during the build
let scheduler = null;
const prepared = prepareTools(new Set(jobs.flatMap((j) => j.tools)), () => scheduler?.pump());
const checked = building ? Promise.all(checks.map((c) => c.run())) : null;
if (building) await build();
scheduler = runJobs(jobs, SLOTS, (j) => j.tools.every((t) => prepared.has(t)));
scheduler.pump();
await Promise.all([scheduler.all, checked]);
if (ownTemplates) rmSync(env[DEMO_TEMPLATES_ENV], { recursive: true, force: true });

for (const [name, output] of failures) {
  console.log(`\n===== ${name} =====\n${output.slice(-6000)}`);
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
