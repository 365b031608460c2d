/**
 * Load modes: the package as users get it. Packs the project
 * (`npm pack --ignore-scripts`, after `tsc -p tsconfig.json` when `dist/` is older than `src/`),
 * installs the tarball into temporary copies of `test/packaging/{cjs,esm,ts-types}` and checks:
 * `require('service')` and `import ... from 'service'` give the same named exports, those of
 * `test/fixtures/public-api.json` (which public-api.test.ts keeps equal to the sources); the
 * subpaths `service/exceptions` and `service/plot` load in both; the declarations type-check user
 * code with `moduleResolution` node10 (tslab) and nodenext, also with tslab's own TypeScript 5.0,
 * and a deliberate type error is reported; the manifest keeps top-level main/types, exports and
 * typesVersions in step; the client package has no bin and packs no server code (the `service`
 * command is the server package's, ARCHITECTURE.md#two-packages).
 *
 * The tarball is unpacked and its declared dependencies symlinked rather than `npm install`ed
 * (19 s per project, and it needs a warm npm cache): see `packed-project.ts`.
 *
 *   node --import tsx test/package/load-modes.test.ts
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildIfChanged, installInto, pack, readManifest, root, runAsync, type Manifest, type Outcome } from './packed-project';
import { valueNames, type PublicApi } from './public-api';

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
/** The TypeScript that tslab compiles notebook cells with (5.0.4, a dependency of the tslab devDependency). */
const tslabTsc = join(root, 'node_modules', '@tslab', 'typescript-for-tslab', 'bin', 'tsc');
const MODES = ['node10', 'nodenext'] as const;
type Mode = (typeof MODES)[number];
type Job = 'cjs' | 'esm' | `types ${Mode}` | `type-error ${Mode}` | 'types tslab' | 'attw' | 'publint' | 'named node' | 'named deno';
const bin = (name: string): string => join(root, 'node_modules', '.bin', name);

interface Prepared {
  readonly work: string;
  readonly build: { readonly ran: boolean; readonly ok: boolean; readonly output: string };
  readonly files: readonly string[];
  readonly manifest: Manifest;
  readonly api: PublicApi;
  /** `node index.js` in the cjs and esm projects, and the compiles of the ts-types project, all started at once. */
  readonly jobs: Readonly<Record<Job, Promise<Outcome>>>;
}

/**
 * A module that imports every value export of the public API by name (from the root and both
 * subpaths) and prints how many it got: an ES module for Node and for Deno, which (unlike Node) does
 * not guess the names of a CommonJS module, so it needs the package's ES entries.
 */
function namedImports(api: PublicApi): string {
  const lines: string[] = [];
  const all: string[] = [];
  for (const [path, names] of Object.entries(api)) {
    const values = valueNames(names);
    const alias = path.replace(/\W/g, '_');
    lines.push(`import { ${values.map((n) => `${n} as ${alias}__${n}`).join(', ')} } from '${path}';`);
    all.push(...values.map((n) => `${alias}__${n}`));
  }
  lines.push(`const got = [${all.join(', ')}];`);
  lines.push(`console.log(JSON.stringify({ names: got.length, undefined: got.filter((v) => v === undefined).length }));`);
  return `${lines.join('\n')}\n`;
}

function startJobs(work: string, tarball: string, api: PublicApi): Record<Job, Promise<Outcome>> {
  writeFileSync(join(work, 'esm', 'named.mjs'), namedImports(api));
  const node = (project: string): Promise<Outcome> => runAsync(process.execPath, ['index.js'], join(work, project), 120_000);
  const tscJob = (config: string, compiler = tsc): Promise<Outcome> =>
    runAsync(process.execPath, [compiler, '-p', config, '--pretty', 'false'], join(work, 'ts-types'), 180_000);
  return {
    cjs: node('cjs'),
    esm: node('esm'),
    'types node10': tscJob('tsconfig.node10.json'),
    'types nodenext': tscJob('tsconfig.nodenext.json'),
    'type-error node10': tscJob('tsconfig.type-error.node10.json'),
    'type-error nodenext': tscJob('tsconfig.type-error.nodenext.json'),
    'types tslab': tscJob('tsconfig.node10.json', tslabTsc),
    attw: runAsync(process.execPath, [bin('attw'), tarball, '--format', 'ascii'], work, 180_000),
    publint: runAsync(process.execPath, [bin('publint'), tarball, '--strict'], work, 120_000),
    'named node': runAsync(process.execPath, ['named.mjs'], join(work, 'esm'), 120_000),
    'named deno': runAsync(bin('deno'), ['run', '--allow-all', 'named.mjs'], join(work, 'esm'), 180_000),
  };
}

let prepared: Prepared | Error | undefined;
let workDir: string | undefined;

/** Builds if needed, packs, installs the three projects and starts their runs (once). */
function prepare(): Prepared {
  if (prepared instanceof Error) throw prepared;
  if (prepared) return prepared;
  try {
    const work = realpathSync(mkdtempSync(join(tmpdir(), 'service-load-modes-')));
    workDir = work;
    const times: string[] = [];
    let mark = performance.now();
    const lap = (what: string): void => {
      const now = performance.now();
      times.push(`${what} ${((now - mark) / 1000).toFixed(1)} s`);
      mark = now;
    };
    const build = buildIfChanged();
    if (build.ran) lap('build');
    const { tarball, files } = pack(work);
    lap('npm pack');
    for (const project of ['cjs', 'esm', 'ts-types']) installInto(work, tarball, project);
    lap('install');
    // The checked-in list, which public-api.test.ts keeps equal to the sources.
    const api = (JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'public-api.json'), 'utf8')) as { api: PublicApi }).api;
    const jobs = startJobs(work, tarball, api);
    console.log(`load-modes: ${times.join(', ')}`);
    prepared = { work, build, files, manifest: readManifest(), api, jobs };
    return prepared;
  } catch (err) {
    prepared = err instanceof Error ? err : new Error(String(err));
    throw prepared;
  }
}

/** The facts a project's `node index.js` printed (its one JSON line). */
async function factsOf(project: 'cjs' | 'esm'): Promise<Record<string, unknown>> {
  const r = await prepare().jobs[project];
  assert.is(r.status, 0, `node index.js in the ${project} project failed:\n${r.text}`);
  return JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as Record<string, unknown>;
}

test.after(async () => {
  if (prepared !== undefined && !(prepared instanceof Error)) await Promise.allSettled(Object.values(prepared.jobs));
  if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true });
});

test('dist/ is current: built now when its sources changed since the last build, and the build succeeds', () => {
  const { build } = prepare();
  if (build.ran) console.log(`built dist/ (tsc -p tsconfig.json): ${build.ok ? 'ok' : 'FAILED'}`);
  assert.ok(build.ok, `tsc -p tsconfig.json failed:\n${build.output.slice(-4000)}`);
});

test('the tarball holds the built entry points, and no sources, tests or server code', () => {
  const { files } = prepare();
  for (const f of [
    'package.json',
    'dist/index.js',
    'dist/index.d.ts',
    'dist/exceptions.js',
    'dist/exceptions.d.ts',
    'dist/plot/index.js',
    'dist/plot/index.d.ts',
    'dist/time/index.js',
    'dist/model/index.js',
  ]) {
    assert.ok(files.includes(f), `${f} is packed`);
  }
  const strays = files.filter(
    (f) =>
      /^(src|test|bench|scripts|notebooks|kernel|server|bin|\.ci)\//.test(f) ||
      /\.test\.(js|ts)$/.test(f) ||
      /^dist\/(server|cli)\//.test(f),
  );
  assert.equal(strays, [], 'nothing but dist/ (without the service) and the manifest files');
});

test('the manifest: top-level main/types (tslab, Node10), import and require targets packed, typesVersions match exports', () => {
  const { files, manifest } = prepare();
  type Conditions = Record<'import' | 'require', { types: string; default: string }>;
  const dot = manifest.exports['.'] as unknown as Conditions;
  assert.is(`./${manifest.main}`, dot.require.default, 'main = exports["."].require.default');
  assert.is(`./${manifest.types}`, dot.require.types, 'types = exports["."].require.types');
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const targets =
      typeof target === 'string' ? [target] : Object.values(target as unknown as Conditions).flatMap((c) => [c.types, c.default]);
    for (const file of targets) assert.ok(files.includes(file.replace(/^\.\//, '')), `exports["${subpath}"] -> ${file} is packed`);
    if (typeof target === 'string') continue;
    const c = target as unknown as Conditions;
    assert.match(c.import.default, /\.mjs$/, `exports["${subpath}"].import is the ES entry`);
    assert.match(c.import.types, /\.d\.mts$/, `exports["${subpath}"].import has ES declarations`);
    assert.match(c.require.default, /\.js$/, `exports["${subpath}"].require is the CommonJS build`);
    if (subpath === '.') continue;
    // Node10 resolution ignores exports: typesVersions must send the subpath to the same file.
    const key = subpath.replace(/^\.\//, '');
    assert.equal(manifest.typesVersions['*']?.[key], [c.require.types.replace(/^\.\//, '')], `typesVersions["*"]["${key}"]`);
  }
  assert.is(manifest.bin, undefined, 'the `service` command belongs to the server package');
});

test('the packed tarball passes @arethetypeswrong/cli (every resolution mode) and publint --strict', async () => {
  const attw = await prepare().jobs.attw;
  assert.is(attw.status, 0, `attw:\n${attw.text}`);
  assert.not.match(attw.text, /❌|🐛|⚠️|Masquerading|Resolution failed/, attw.text);
  const publint = await prepare().jobs.publint;
  assert.is(publint.status, 0, `publint:\n${publint.text}`);
  assert.match(publint.text, /All good!/, publint.text);
});

test('every public value can be imported by name from Node ESM and from Deno (the ES entries)', async () => {
  const { api } = prepare();
  const expected = Object.values(api).reduce((n, names) => n + valueNames(names).length, 0);
  for (const job of ['named node', 'named deno'] as const) {
    const r = await prepare().jobs[job];
    assert.is(r.status, 0, `${job}:\n${r.text}`);
    const line = r.stdout.trim().split('\n').pop() ?? '';
    assert.equal(JSON.parse(line), { names: expected, undefined: 0 }, `${job}: ${line}`);
  }
});

test('require() loads the packed copy, with every value export of test/fixtures/public-api.json', async () => {
  const cjs = await factsOf('cjs');
  const { work, api } = prepare();
  assert.ok(String(cjs.resolved).startsWith(join(work, 'cjs', 'node_modules', 'service')), `resolved ${String(cjs.resolved)}`);
  const note = '(the build differs from test/fixtures/public-api.json: see public-api.test.ts)';
  assert.equal(cjs.root, valueNames(api.service!), `require("service") keys ${note}`);
  assert.equal(cjs.exceptions, valueNames(api['service/exceptions']!), `require("service/exceptions") keys ${note}`);
  assert.equal(cjs.plot, valueNames(api['service/plot']!), `require("service/plot") keys ${note}`);
  for (const name of ['ServiceClient', 'PartnerConnection', 'Frequency', 'Timeseries', 'toTable', 'toDataFrame', 'ValidationError']) {
    assert.ok((cjs.root as string[]).includes(name), name);
  }
  assert.not.ok((cjs.root as string[]).includes('wire'), 'the wire codecs are service/wire, not the root');
  assert.ok((cjs.plot as string[]).includes('lineChart'));
});

test('import gives the same named exports as require(), for the root and both subpaths', async () => {
  const cjs = await factsOf('cjs');
  const esm = await factsOf('esm');
  assert.ok(
    String(esm.resolved).startsWith(`file://${join(prepare().work, 'esm', 'node_modules', 'service')}`),
    `resolved ${String(esm.resolved)}`,
  );
  assert.equal(esm.root, cjs.root);
  assert.equal(esm.exceptions, cjs.exceptions);
  assert.equal(esm.plot, cjs.plot);
  assert.is(esm.sameAsRequire, true, 'import and require share one instance of the package');
});

test('the subpaths share one set of error classes with the root', async () => {
  assert.is((await factsOf('cjs')).sameErrorClasses, true);
  assert.is((await factsOf('esm')).sameErrorClasses, true);
});

test('the packed code works: tables, SVG through vega (a declared dependency), validation before requests', async () => {
  for (const project of ['cjs', 'esm'] as const) {
    const f = await factsOf(project);
    assert.is(f.tableRows, 2, `${project}: two hourly values, two rows`);
    assert.is(f.svgStart, '<svg', `${project}: lineChart(ts).toSVG()`);
  }
  const cjs = await factsOf('cjs');
  assert.is(cjs.methodTableRows, 2, 'ts.toTable() is attached in the packed build');
  assert.equal(cjs.validation, { name: 'ValidationError', parameter: 'begin', isValidationError: true });
});

test('without the optional danfojs, toDataFrame throws one ImportError naming what to install', async () => {
  const danfo = (await factsOf('cjs')).danfo as { name: string; message: string; isImportError: boolean } | null;
  assert.ok(danfo !== null, 'toDataFrame threw');
  assert.is(danfo.name, 'ImportError');
  assert.ok(danfo.isImportError);
  assert.match(danfo.message, /npm install danfojs/);
});

/** Explains the usual cause when an expected type error vanished (a type became `any`). */
function hint(text: string): string {
  if (!text.includes('TS2578')) return '';
  const luxon = '@types/luxon' in (prepare().manifest.dependencies ?? {});
  return (
    '\nAn expected type error vanished, so a type the package exposes resolved to `any` for its users.' +
    (luxon
      ? ''
      : " The package's .d.ts files import 'luxon', whose types (@types/luxon) are only a devDependency: list @types/luxon in dependencies.")
  );
}

for (const mode of MODES) {
  test(`the declarations type-check user code with moduleResolution ${mode}`, async () => {
    const r = await prepare().jobs[`types ${mode}`];
    assert.is(r.status, 0, `tsc -p tsconfig.${mode}.json:\n${r.text}${hint(r.text)}`);
  });

  test(`a deliberate type error is reported with moduleResolution ${mode}, once per entry point`, async () => {
    const r = await prepare().jobs[`type-error ${mode}`];
    assert.is.not(r.status, 0, 'the compile must fail');
    const errors = r.text.split('\n').filter((l) => /error TS\d+/.test(l));
    assert.equal(
      errors.map((l) => l.replace(/^.*type-error\.ts\((\d+),\d+\): error (TS\d+).*$/, '$2 at $1')),
      ['TS2322 at 7', 'TS2322 at 8', 'TS2322 at 9'],
      r.text,
    );
  });
}

test("tslab's own TypeScript (5.0) reads the declarations: node10 user code type-checks as in a notebook cell", async () => {
  const r = await prepare().jobs['types tslab'];
  assert.is(r.status, 0, `${tslabTsc} -p tsconfig.node10.json:\n${r.text}${hint(r.text)}`);
});

test.run();
