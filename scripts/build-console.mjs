#!/usr/bin/env node
// The web console's build (docs/service.md#web-console): esbuild bundles server/console/main.ts for
// browsers into hashed ES modules (code splitting: Vega and Vega-Lite land in a chunk that only
// the pages that chart load), its stylesheet into a hashed CSS file, and writes `index.html`
// naming them; every file also gets a Brotli (`.br`) and a gzip (`.gz`) copy, so the service
// sends them without compressing at run time. Output: server/dist/web-console/ (or --out DIR).
//
// The console runs the project's own client (src/client), which bundles for browsers as it is
// (docs/client.md#browser-use: its Node-only paths reach Node's built-ins only when taken).
//
//   node scripts/build-console.mjs [--out DIR] [--no-minify]     (part of npm run build)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the console's sources are. */
export const CONSOLE_SOURCES = join(ROOT, 'server', 'console');

/** Where `npm run build` puts the console (the service serves it from there by default). */
export const CONSOLE_OUT = join(ROOT, 'server', 'dist', 'web-console');

/** The file names under `assets/` carry a content hash; the service caches them for a year. */
const ENTRY_NAMES = 'assets/[name]-[hash]';

/**
 * The page every console URL answers with: no inline script or style (the Content-Security-Policy
 * forbids both), the module and stylesheet by their hashed names.
 * @param {string} script the entry module's path under the console root (`assets/main-XXXX.js`)
 * @param {string} style the stylesheet's path
 * @param {string[]} [preload] modules the entry imports (fetched at once rather than after the entry)
 * @returns {string}
 */
export function indexHtml(script, style, preload = []) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Service console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/${style}">
${preload.map((p) => `<link rel="modulepreload" href="/${p}">\n`).join('')}<script type="module" src="/${script}"></script>
</head>
<body>
<noscript>The service console needs JavaScript.</noscript>
<div id="app"></div>
</body>
</html>
`;
}

/**
 * Builds the console into `out` (emptied first).
 * @param {{ out?: string, minify?: boolean }} [options]
 * @returns {Promise<{ files: { file: string, bytes: number, br: number, gzip: number }[], entry: string }>}
 */
export async function buildConsole(options = {}) {
  const out = options.out ?? CONSOLE_OUT;
  const minify = options.minify ?? true;
  const esbuild = await import('esbuild');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { main: join(CONSOLE_SOURCES, 'main.ts'), style: join(CONSOLE_SOURCES, 'style.css') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify,
    sourcemap: false,
    legalComments: 'none',
    outdir: out,
    entryNames: ENTRY_NAMES,
    chunkNames: 'assets/[name]-[hash]',
    metafile: true,
    tsconfig: join(CONSOLE_SOURCES, 'tsconfig.json'),
    // The client reads `process.env` for defaults the console always passes explicitly, and looks
    // for its package.json from `__dirname` (a browser has neither; the version is then 0.0.0).
    define: { 'process.env': '{}', 'process.env.NODE_ENV': '"production"', __dirname: '"/"' },
    logLevel: 'silent',
  });
  const outputs = Object.keys(result.metafile.outputs).map((p) => resolve(ROOT, p));
  const rel = (p) =>
    p
      .slice(out.length + 1)
      .split('\\')
      .join('/');
  const entry = outputs.find((p) => /\/main-[A-Z0-9]+\.js$/.test(p));
  const style = outputs.find((p) => /\/style-[A-Z0-9]+\.css$/.test(p));
  if (!entry || !style) throw new Error(`build-console: no entry module or stylesheet in ${outputs.map(rel).join(', ')}`);
  // the CSS entry also makes an empty JS stub; it is not served
  for (const p of outputs.filter((p) => /\/style-[A-Z0-9]+\.js$/.test(p))) rmSync(p);
  const imports = importsOf(result.metafile, rel);
  writeFileSync(join(out, 'index.html'), indexHtml(rel(entry), rel(style), imports[rel(entry)] ?? []));
  const files = [];
  for (const p of [join(out, 'index.html'), ...outputs.filter((p) => !/\/style-[A-Z0-9]+\.js$/.test(p))]) {
    const body = readFileSync(p);
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
    const gz = gzipSync(body, { level: 9 });
    writeFileSync(`${p}.br`, br);
    writeFileSync(`${p}.gz`, gz);
    files.push({ file: rel(p), bytes: body.length, br: br.length, gzip: gz.length });
  }
  return { files, entry: rel(entry), imports };
}

/** For each output module, the modules it imports statically (what loading it pulls in). */
function importsOf(metafile, rel) {
  const map = {};
  for (const [p, o] of Object.entries(metafile.outputs)) {
    const abs = resolve(ROOT, p);
    if (!abs.endsWith('.js')) continue;
    map[rel(abs)] = o.imports.filter((i) => i.kind === 'import-statement').map((i) => rel(resolve(ROOT, i.path)));
  }
  return map;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const out = at > 0 ? resolve(process.argv[at + 1] ?? '') : CONSOLE_OUT;
  const r = await buildConsole({ out, minify: !process.argv.includes('--no-minify') });
  for (const f of r.files) console.log(`build-console: ${basename(out)}/${f.file} ${f.bytes} B (br ${f.br} B, gzip ${f.gzip} B)`);
}
