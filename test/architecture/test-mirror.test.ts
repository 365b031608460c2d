/**
 * Tests mirror sources: `src/engine/resample.ts` is tested by
 * `test/engine/resample.test.ts`; the server package's `server/src/http/app.ts` by
 * `test/server/http/app.test.ts` and `server/src/cli/main.ts` by `test/server/cli/main.test.ts`. Fails when a test folder mirrors no `src/` folder (a typo or a
 * folder left behind by a move) or when a test reaches the built package (`dist/`, or `service`
 * by name, which resolves to `dist/`) instead of the sources. Prints, without failing, the
 * `src/` files that have no test of their own and the tests that mirror no single file
 * (cross-cutting ones), as the habit's "a script lists src/ files that have no test".
 *
 *   node --import tsx test/architecture/test-mirror.test.ts
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findReferences, listTsFiles, readSource } from './source-scan';

const root = join(__dirname, '..', '..');

/** Test folders that mirror no `src/` folder, and why. */
const OWN_FOLDERS: Readonly<Record<string, string>> = {
  'test/architecture': 'rules over the whole of src/',
  'test/console': 'mirrors server/console/ (the web console, in a browser) and scripts/build-console.mjs',
  'test/e2e': 'client and service together',
  'test/fixtures': 'data the tests read',
  'test/helpers': 'shared test helpers (startService, fault server)',
  'test/kernel': 'mirrors kernel/ (the notebook kernel) and notebooks/',
  'test/notebooks': 'mirrors notebooks/ (their content)',
  'test/reports': 'mirrors scripts/jupyter/ (npm run report: parameters, report pages)',
  'test/package': 'the packed package: load modes and public API',
  'test/packaging': 'tiny user projects installed by test/package (not tests themselves)',
  'test/reliability': 'the running service under fuzzing, limits and kill -9 (the whole service, loopback)',
  'test/types': 'user code compiled by the type-check, never run',
};

const testFiles = listTsFiles(root, 'test').filter((f) => f.endsWith('.test.ts'));
const srcFiles = [...listTsFiles(root, 'src'), ...listTsFiles(root, 'server/src')];

/** The source folder a test path mirrors: `test/engine` -> `src/engine`, `test/server/routes` -> `server/src/routes`. */
const sourceOf = (testPath: string): string => {
  const rest = testPath.slice('test/'.length);
  if (rest === 'server') return 'server/src';
  return rest.startsWith('server/') ? `server/src/${rest.slice('server/'.length)}` : `src/${rest}`;
};

const isDir = (p: string): boolean => existsSync(join(root, p)) && statSync(join(root, p)).isDirectory();
const ownFolder = (file: string): string | undefined => Object.keys(OWN_FOLDERS).find((d) => file === d || file.startsWith(`${d}/`));

/** The src path a test path mirrors: `test/engine/resample.test.ts` -> `src/engine/resample`. */
const mirrored = (testFile: string): string => sourceOf(testFile.replace(/\.test\.ts$/, ''));

test('every test folder mirrors a src/ folder or is one of the listed own folders', () => {
  const folders = [...new Set(testFiles.map((f) => f.slice(0, f.lastIndexOf('/'))))];
  const lost = folders.filter((d) => d !== 'test' && ownFolder(d) === undefined && !isDir(sourceOf(d)));
  assert.equal(lost, [], `test folders without a src/ counterpart:\n${lost.join('\n')}`);
});

test('tests use the sources, not the build: no dist/ imports, no import of the package by name', () => {
  const bad: string[] = [];
  for (const path of listTsFiles(root, 'test').concat(listTsFiles(root, 'bench'))) {
    if (path.startsWith('test/package/') || path.startsWith('test/packaging/')) continue;
    for (const ref of findReferences(readSource(root, path))) {
      if (/(^|\/)dist(\/|$)/.test(ref.specifier) && ref.specifier.startsWith('.')) bad.push(`${path}:${ref.line} ${ref.specifier}`);
      if (/^service(\/|$)/.test(ref.specifier)) bad.push(`${path}:${ref.line} ${ref.specifier}`);
    }
  }
  assert.equal(bad, [], `tests should import ../src, not the build:\n${bad.join('\n')}`);
});

test('lists src files without a test of their own, and tests that mirror no single file', () => {
  const tested = new Set(testFiles.map(mirrored));
  const untested = srcFiles.filter((f) => {
    if (f.endsWith('/index.ts')) return false; // re-exports only
    const stem = f.replace(/\.ts$/, '');
    // A folder's test (test/model/areas.test.ts) counts for the files in it.
    return !tested.has(stem) && !tested.has(stem.slice(0, stem.lastIndexOf('/')));
  });
  const crossCutting = testFiles
    .filter((t) => ownFolder(t) === undefined)
    .filter((t) => {
      const m = mirrored(t);
      return !existsSync(join(root, `${m}.ts`)) && !isDir(m);
    });
  console.log(`\n${untested.length} of ${srcFiles.length} src files have no test of their own (index.ts files not counted):`);
  for (const f of untested) console.log(`  ${f}`);
  console.log(`\n${crossCutting.length} tests mirror no single src file (cross-cutting):`);
  for (const t of crossCutting) console.log(`  ${t}`);
  assert.ok(srcFiles.length > 0 && testFiles.length > 0);
  assert.ok(untested.length < srcFiles.length, 'some src files are tested');
});

test('the mirror mapping: a test file names its source, a folder test names its folder', () => {
  assert.is(mirrored('test/engine/resample.test.ts'), 'src/engine/resample');
  assert.is(mirrored('test/model/areas.test.ts'), 'src/model/areas');
  assert.is(mirrored('test/server/store/duckdb/duckdb-read.test.ts'), 'server/src/store/duckdb/duckdb-read');
  assert.is(mirrored('test/server/http/app.test.ts'), 'server/src/http/app');
  assert.is(mirrored('test/server/cli/main.test.ts'), 'server/src/cli/main');
  assert.is(ownFolder('test/helpers/start-service.ts'), 'test/helpers');
  assert.is(ownFolder('test/helperz/x.test.ts'), undefined);
});

test.run();
