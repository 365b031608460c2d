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
//   node scripts/build.mjs            (npm run build)
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The public entry points, as paths of their CommonJS files under dist/. */
export const ENTRIES = ['index.js', 'exceptions.js', 'plot/index.js', 'time/index.js', 'model/index.js', 'engine/index.js'];

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

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
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
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
  return { ok: web.status === 0, output: serverOut + (web.stdout ?? '') + (web.stderr ?? '') };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--esm-only')) {
    for (const e of writeEsmEntries()) console.log(`build: dist/${e.entry.replace(/\.js$/, '.mjs')} (${e.names} names)`);
  } else {
    const r = build();
    process.stdout.write(r.output);
    if (!r.ok) process.exitCode = 1;
  }
}
