// The note a whole build leaves (scripts/build.mjs, `isBuildCurrent`), on a small made-up project:
// it holds until a file the build reads changes in content (whatever its time), a file is added
// or removed under a source folder, or an output is rebuilt or removed; and `--if-changed` skips
// the build only while it holds (npm's `prepare`, which `npm install` runs twice).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { importScript } from '../helpers/project-scripts';

interface BuildScript {
  BUILD_NOTE: string;
  OUTPUTS: readonly string[];
  buildInputsHash(root: string): string;
  noteBuild(root: string): void;
  isBuildCurrent(root: string): boolean;
}

const ROOT = resolve(__dirname, '..', '..');
let dir = '';
let build: BuildScript;

function write(rel: string, text: string): void {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), text);
}

test.before(async () => {
  build = await importScript<BuildScript>('build.mjs');
  dir = mkdtempSync(join(tmpdir(), 'service-build-note-'));
  write('src/index.ts', 'export const a = 1;\n');
  write('server/src/cli/main.ts', 'export const b = 2;\n');
  write('server/console/main.ts', 'export const c = 3;\n');
  write('package.json', '{ "name": "made-up" }\n');
  write('tsconfig.json', '{}\n');
  write('scripts/build.mjs', '// a copy is put here by the last check\n');
  for (const rel of build.OUTPUTS) write(rel, 'built\n');
});

test.after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('no note: the build does not hold', () => {
  assert.is(build.isBuildCurrent(dir), false);
});

test('after a note, the build holds', () => {
  build.noteBuild(dir);
  assert.ok(statSync(join(dir, build.BUILD_NOTE)).isFile());
  assert.is(build.isBuildCurrent(dir), true);
});

test('a source changed in content, with its old time, breaks it; the old content restores it', () => {
  const file = join(dir, 'src/index.ts');
  const { atime, mtime } = statSync(file);
  writeFileSync(file, 'export const a = 2;\n');
  utimesSync(file, atime, mtime);
  assert.is(build.isBuildCurrent(dir), false);
  writeFileSync(file, 'export const a = 1;\n');
  assert.is(build.isBuildCurrent(dir), true, 'the hash is of contents, not times');
});

test('a file added under a source folder breaks it, and so does a build input that appears', () => {
  write('server/console/extra.css', 'a {}\n');
  assert.is(build.isBuildCurrent(dir), false);
  rmSync(join(dir, 'server/console/extra.css'));
  assert.is(build.isBuildCurrent(dir), true);
  write('server/tsconfig.json', '{}\n');
  assert.is(build.isBuildCurrent(dir), false, 'a missing input counts as missing');
  rmSync(join(dir, 'server/tsconfig.json'));
  assert.is(build.isBuildCurrent(dir), true);
});

test('an output written again or removed breaks it', () => {
  const out = join(dir, 'server/dist/cli/main.js');
  const later = new Date(statSync(out).mtimeMs + 5000);
  utimesSync(out, later, later);
  assert.is(build.isBuildCurrent(dir), false);
  build.noteBuild(dir);
  assert.is(build.isBuildCurrent(dir), true);
  rmSync(join(dir, 'dist/index.mjs'));
  assert.is(build.isBuildCurrent(dir), false);
  write('dist/index.mjs', 'built\n');
});

test('a note that is not JSON does not hold', () => {
  build.noteBuild(dir);
  writeFileSync(join(dir, build.BUILD_NOTE), '{ not json');
  assert.is(build.isBuildCurrent(dir), false);
});

test('--if-changed skips the build while the note holds, and builds once it does not', () => {
  // The script judges the project it sits in: here the made-up one, which has no TypeScript, so
  // a build that starts fails at once.
  copyFileSync(join(ROOT, 'scripts/build.mjs'), join(dir, 'scripts/build.mjs'));
  build.noteBuild(dir);
  const run = () => spawnSync(process.execPath, [join(dir, 'scripts/build.mjs'), '--if-changed'], { cwd: dir, encoding: 'utf8' });
  const skipped = run();
  assert.is(skipped.status, 0, skipped.stderr);
  assert.match(skipped.stdout, /^build: skipped, nothing it reads has changed/);
  assert.is(build.isBuildCurrent(dir), true);

  write('src/index.ts', 'export const a = 3;\n');
  const built = run();
  assert.is.not(built.status, 0, 'a build started (and failed: no TypeScript here)');
  assert.match(`${built.stdout}${built.stderr}`, /typescript/);
  assert.is(build.isBuildCurrent(dir), false, 'a failed build leaves no note');
});

test.run();
