// Which test files are unit tests: the ones that run inside the test process, with no listening
// port, browser, PostgreSQL, Jupyter kernel or child process. A file is a unit test unless its
// source, or a module of test/ that it imports (followed through further imports), says
// otherwise: one of OUTSIDE below, or the marker comment `// test: own process`.
// `npm run test:unit` runs them (scripts/run-unit-tests.mjs); `npm test` runs every file.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** What a file does that makes it not a unit test, and how to see it in its source. */
const OUTSIDE = [
  ['starts the service on a port', /\bstartService\b|helpers\/start-service['"]/],
  ['listens on a port', /\.listen\(|\bcreateServer\(/],
  ['starts child processes', /['"](node:)?child_process['"]/],
  ['runs PostgreSQL', /helpers\/postgres-server['"]/],
  ['opens a browser', /\bchromium\b|helpers\/browser-bundle['"]/],
  ['runs notebooks on a kernel', /helpers\/run-notebooks['"]/],
  ['is marked to run in its own process', /^\/\/ test: own process\b/m],
];

/**
 * The reasons that still let `npm test` run a file in a shared long-lived process: it listens on
 * loopback ports of that process and nothing more (no child process, browser, PostgreSQL or
 * kernel). Such a file must close what it opens, as it must in a process of its own, which would
 * otherwise not end; the loopback runner checks that it does (scripts/unit-worker.mjs).
 */
const LOOPBACK = new Set(['starts the service on a port', 'listens on a port']);

/**
 * Whether a file with these reasons (from `outsideReasons`) runs in the loopback runner: it has
 * some, and each is one of LOOPBACK.
 *
 * @param reasons - What `outsideReasons` gave for the file.
 */
export function listensOnly(reasons) {
  return reasons.length > 0 && reasons.every((r) => LOOPBACK.has(r.replace(/ \(.*\)$/, '')));
}

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** A relative import of `from` as a file of test/, or null (the code under test is not read). */
function resolveImport(from, spec, testDir) {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.mts`, join(base, 'index.ts')]) {
    if (!relative(testDir, candidate).startsWith('..') && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * Why a test file cannot run in the unit runner's shared process, or an empty list.
 *
 * @param file - The test file's absolute path.
 * @param testDir - The absolute path of test/.
 */
export function outsideReasons(file, testDir) {
  const reasons = new Map(); // reason -> the file that shows it
  const seen = new Set();
  const queue = [file];
  while (queue.length) {
    const current = queue.pop();
    if (seen.has(current)) continue;
    seen.add(current);
    const source = readFileSync(current, 'utf8');
    for (const [reason, pattern] of OUTSIDE) {
      if (pattern.test(source) && !reasons.has(reason)) reasons.set(reason, current);
    }
    for (const m of source.matchAll(IMPORT)) {
      const next = resolveImport(current, m[1], testDir);
      if (next) queue.push(next);
    }
  }
  return [...reasons].map(([reason, where]) => (where === file ? reason : `${reason} (${relative(testDir, where)})`));
}

/** Every test/**\/*.test.ts file (not fixtures/ or packaging/), sorted. */
export function findTestFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'fixtures' && name !== 'packaging') out.push(...findTestFiles(full));
    } else if (name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}
