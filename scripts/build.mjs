#!/usr/bin/env node
// The build of both packages. The client package first: `tsc -p tsconfig.json` (the CommonJS build
// and its declarations in dist/), then an ES module entry beside each public entry point
// (dist/index.mjs, dist/exceptions.mjs, dist/plot/index.mjs, dist/time/index.mjs,
// dist/model/index.mjs, dist/engine/index.mjs, each with a .d.mts). Then the server package
// (server/, ARCHITECTURE.md#two-packages): `tsc -p server/tsconfig.json` into server/dist/, against
// the client's fresh dist/ (it imports `service/time` and the like by name, and the client's
// protocol layer, dist/wire/, as `#wire`), and its web
// console (scripts/build-console.mjs) into server/dist/web-console/. An ES entry imports the CommonJS module and re-exports
// every name it has, by name, so `import { Frequency } from "service"` works in runtimes that do
// not guess a CommonJS module's names (Deno) and `import` and `require` share one instance of the
// package (one set of classes: `instanceof ValidationError` holds whichever way it was loaded).
//
// A build ends by noting what it was built from (`isBuildCurrent`): a hash of its inputs' contents
// and the times of its outputs. `--if-changed` builds only when that note no longer holds; npm's
// `prepare` uses it, as `npm install` runs `prepare` twice in this workspace (once for the root, once
// for the `node_modules/service` link to it), and a second `npm install` needs no build at all.
//
//   node scripts/build.mjs                 (npm run build)
//   node scripts/build.mjs --if-changed    (npm's prepare: skipped when the last build still holds)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The public entry points, as paths of their CommonJS files under dist/. */
export const ENTRIES = ['index.js', 'exceptions.js', 'plot/index.js', 'time/index.js', 'model/index.js', 'engine/index.js'];

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The compiler the build and the type-checks run: TypeScript 7's native `tsc`, installed under the
 * alias `typescript-native`. The `typescript` package (5.9) stays for its JavaScript API, which 7
 * does not have (CONTRIBUTING.md#two-typescripts).
 * @param {string} [root]
 * @returns {string}
 */
export function nativeTsc(root = ROOT) {
  return join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');
}

/** What the build reads, besides node_modules (whose versions package-lock.json pins): folders, then files. */
const INPUT_DIRS = ['src', 'server/src', 'server/console'];
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'server/package.json',
  'server/tsconfig.json',
  'server/wire.js',
  'server/wire.d.ts',
  'scripts/build.mjs',
  'scripts/build-console.mjs',
];

/** Files that every whole build writes: one per step (tsc, the ES entries, the server, the console). */
export const OUTPUTS = [
  'dist/index.js',
  'dist/index.d.ts',
  'dist/index.mjs',
  'server/dist/cli/main.js',
  'server/dist/web-console/index.html',
];

/** Where a build notes what it was built from, relative to the root. */
export const BUILD_NOTE = 'node_modules/.cache/service-build.json';

function filesUnder(root, dir) {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  const names = readdirSync(full, { recursive: true }).filter((name) => statSync(join(full, name)).isFile());
  return names.map((name) => `${dir}/${name.split(sep).join('/')}`).sort();
}

/**
 * A SHA-256 over the build's inputs: each file's path and contents, in a fixed order. A missing
 * file counts as missing, so removing one changes the hash too.
 * @param {string} [root]
 * @returns {string}
 */
export function buildInputsHash(root = ROOT) {
  const hash = createHash('sha256');
  const files = [...INPUT_DIRS.flatMap((dir) => filesUnder(root, dir)), ...INPUT_FILES];
  for (const rel of files) {
    const full = join(root, rel);
    hash.update(`${rel}\0`);
    hash.update(existsSync(full) ? readFileSync(full) : '(missing)');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The modification times of the outputs, by path, or null when one is missing. */
function outputTimes(root) {
  const times = {};
  for (const rel of OUTPUTS) {
    const full = join(root, rel);
    if (!existsSync(full)) return null;
    times[rel] = statSync(full).mtimeMs;
  }
  return times;
}

/**
 * Notes that the outputs now in place were built from the inputs now in place (after a whole build).
 * @param {string} [root]
 */
export function noteBuild(root = ROOT) {
  const note = join(root, BUILD_NOTE);
  mkdirSync(dirname(note), { recursive: true });
  // Written beside and renamed: a new file, never a rewrite of one that another checkout shares.
  writeFileSync(`${note}.tmp`, `${JSON.stringify({ inputs: buildInputsHash(root), outputs: outputTimes(root) }, null, 2)}\n`);
  renameSync(`${note}.tmp`, note);
}

/**
 * Whether the last whole build still holds: its note names the inputs' current hash, and every
 * output is in place with the time it had then (an output rebuilt or removed since is not).
 * @param {string} [root]
 * @returns {boolean}
 */
export function isBuildCurrent(root = ROOT) {
  let note;
  try {
    note = JSON.parse(readFileSync(join(root, BUILD_NOTE), 'utf8'));
  } catch {
    return false;
  }
  const times = outputTimes(root);
  if (times === null || note?.outputs === null || typeof note?.outputs !== 'object') return false;
  if (!OUTPUTS.every((rel) => note.outputs[rel] === times[rel])) return false;
  return note.inputs === buildInputsHash(root);
}

/**
 * The text of the ES module entry for a CommonJS module with the given export names.
 * @param {string} file the CommonJS file name, relative to the ES entry (`./index.js`)
 * @param {string[]} names its export names
 * @returns {string}
 */
export function esmEntry(file, names) {
  const bad = names.filter((n) => !IDENTIFIER.test(n));
  if (bad.length > 0) throw new Error(`build: export names that are not identifiers in ${file}: ${bad.join(', ')}`);
  return [
    `// ES module entry of ${file}, written by scripts/build.mjs: the CommonJS build's exports, by name.`,
    `import cjs from '${file}';`,
    '',
    `export const {\n${names.map((n) => `  ${n},`).join('\n')}\n} = cjs;`,
    '',
  ].join('\n');
}

/**
 * Writes the ES module entries (and their declarations) for the built CommonJS entries.
 * @param {string} [root]
 * @returns {{ entry: string, names: number }[]}
 */
export function writeEsmEntries(root = ROOT) {
  const require = createRequire(join(root, 'package.json'));
  const out = [];
  for (const entry of ENTRIES) {
    const full = join(root, 'dist', entry);
    const names = Object.keys(require(full))
      .filter((k) => k !== '__esModule' && k !== 'default')
      .sort();
    const base = `./${basename(entry)}`;
    const stem = full.replace(/\.js$/, '');
    writeFileSync(`${stem}.mjs`, esmEntry(base, names));
    writeFileSync(
      `${stem}.d.mts`,
      `// Declarations of the ES module entry (scripts/build.mjs): those of the CommonJS build.\nexport * from '${base}';\n`,
    );
    out.push({ entry, names: names.length });
  }
  return out;
}

/**
 * The whole build, into emptied dist/ folders: tsc, then the ES entries, then the server package.
 * @param {string} [root]
 * @returns {{ ok: boolean, output: string }}
 */
export function build(root = ROOT) {
  const tsc = nativeTsc(root);
  rmSync(join(root, BUILD_NOTE), { force: true });
  // From empty folders: a file left from an older layout (dist/server/ before the server moved to
  // server/) would otherwise be packed with the client.
  for (const out of [join(root, 'dist'), join(root, 'server', 'dist')]) rmSync(out, { recursive: true, force: true });
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: root, encoding: 'utf8' });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0) return { ok: false, output };
  // Each entry is loaded in a fresh Node so the build's own module cache never goes stale.
  const esm = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--esm-only'], { cwd: root, encoding: 'utf8' });
  const client = output + (esm.stdout ?? '') + (esm.stderr ?? '');
  if (esm.status !== 0) return { ok: false, output: client };
  const server = spawnSync(process.execPath, [tsc, '-p', join('server', 'tsconfig.json')], { cwd: root, encoding: 'utf8' });
  const serverOut = client + (server.stdout ?? '') + (server.stderr ?? '');
  if (server.status !== 0) return { ok: false, output: serverOut };
  // The web console (scripts/build-console.mjs), into server/dist/web-console.
  const web = spawnSync(process.execPath, [join(root, 'scripts', 'build-console.mjs')], { cwd: root, encoding: 'utf8' });
  if (web.status === 0) noteBuild(root);
  return { ok: web.status === 0, output: serverOut + (web.stdout ?? '') + (web.stderr ?? '') };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--esm-only')) {
    for (const e of writeEsmEntries()) console.log(`build: dist/${e.entry.replace(/\.js$/, '.mjs')} (${e.names} names)`);
  } else if (process.argv.includes('--if-changed') && isBuildCurrent()) {
    console.log(`build: skipped, nothing it reads has changed since the last build (${BUILD_NOTE})`);
  } else {
    const r = build();
    process.stdout.write(r.output);
    if (!r.ok) process.exitCode = 1;
  }
}
