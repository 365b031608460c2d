/**
 * Load modes: the package as users get it. Packs the project
 * (`npm pack --ignore-scripts`, after `tsc -p tsconfig.json` when `dist/` is older than `src/`),
 * installs the tarball into temporary copies of `test/packaging/{cjs,esm,ts-types}` and checks:
 * `require('service')` and `import ... from 'service'` give the same named exports, those of
 * `test/fixtures/public-api.json` (which public-api.test.ts keeps equal to the sources); the
 * subpaths `service/exceptions` and `service/plot` load in both; the declarations type-check user
 * code with `moduleResolution` node10 (tslab) and nodenext, also with tslab's own TypeScript 5.0,
 * and a deliberate type error is reported; the manifest keeps top-level main/types, exports and
 * typesVersions in step; the bin runs.
 *
 * The tarball is unpacked and its declared dependencies symlinked rather than `npm install`ed
 * (19 s per project, and it needs a warm npm cache): see `packed-project.ts`.
 *
 *   node --import tsx test/package/load-modes.test.ts
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { distIsStale, installInto, pack, readManifest, root, run, runAsync, type Manifest, type Outcome } from './packed-project';
import { valueNames, type PublicApi } from './public-api';

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
/** The TypeScript that tslab compiles notebook cells with (5.0.4, a dependency of the tslab devDependency). */
const tslabTsc = join(root, 'node_modules', '@tslab', 'typescript-for-tslab', 'bin', 'tsc');
const MODES = ['node10', 'nodenext'] as const;
type Mode = (typeof MODES)[number];
type Job = 'cjs' | 'esm' | `types ${Mode}` | `type-error ${Mode}` | 'types tslab';

interface Prepared {
  readonly work: string;
  readonly build: { readonly ran: boolean; readonly ok: boolean; readonly output: string };
  readonly files: readonly string[];
  readonly manifest: Manifest;
  readonly api: PublicApi;
  /** `node index.js` in the cjs and esm projects, and the compiles of the ts-types project, all started at once. */
  readonly jobs: Readonly<Record<Job, Promise<Outcome>>>;
}

function startJobs(work: string): Record<Job, Promise<Outcome>> {
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
    let build = { ran: false, ok: true, output: '' };
    if (distIsStale()) {
      const r = run(process.execPath, [tsc, '-p', 'tsconfig.json'], root, 300_000);
      build = { ran: true, ok: r.status === 0, output: r.text };
      lap('build');
    }
    const { tarball, files } = pack(work);
    lap('npm pack');
    for (const project of ['cjs', 'esm', 'ts-types']) installInto(work, tarball, project);
    lap('install');
    const jobs = startJobs(work);
    // The checked-in list, which public-api.test.ts keeps equal to the sources.
    const api = (JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'public-api.json'), 'utf8')) as { api: PublicApi }).api;
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

test('dist/ is current: built now when older than src/, and the build succeeds', () => {
  const { build } = prepare();
  if (build.ran) console.log(`built dist/ (tsc -p tsconfig.json): ${build.ok ? 'ok' : 'FAILED'}`);
  assert.ok(build.ok, `tsc -p tsconfig.json failed:\n${build.output.slice(-4000)}`);
});

test('the tarball holds the built entry points and the bin, and no sources or tests', () => {
  const { files } = prepare();
  for (const f of [
    'package.json',
    'dist/index.js',
    'dist/index.d.ts',
    'dist/exceptions.js',
    'dist/exceptions.d.ts',
    'dist/plot/index.js',
    'dist/plot/index.d.ts',
    'bin/service.js',
  ]) {
    assert.ok(files.includes(f), `${f} is packed`);
  }
  const strays = files.filter((f) => /^(src|test|bench|scripts|notebooks|kernel|\.ci)\//.test(f) || /\.test\.(js|ts)$/.test(f));
  assert.equal(strays, [], 'nothing but dist/, bin/ and the manifest files');
});

test('the manifest: top-level main/types (tslab, Node10), exports targets packed, typesVersions match exports', () => {
  const { files, manifest } = prepare();
  const dot = manifest.exports['.'] as Record<string, string>;
  assert.is(`./${manifest.main}`, dot.require, 'main = exports["."].require');
  assert.is(`./${manifest.types}`, dot.types, 'types = exports["."].types');
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    for (const file of typeof target === 'string' ? [target] : Object.values(target)) {
      assert.ok(files.includes(file.replace(/^\.\//, '')), `exports["${subpath}"] -> ${file} is packed`);
    }
    if (subpath === '.' || typeof target === 'string') continue;
    // Node10 resolution ignores exports: typesVersions must send the subpath to the same file.
    const key = subpath.replace(/^\.\//, '');
    assert.equal(manifest.typesVersions['*']?.[key], [target.types.replace(/^\.\//, '')], `typesVersions["*"]["${key}"]`);
  }
  for (const bin of Object.values(manifest.bin)) assert.ok(files.includes(bin), `bin ${bin} is packed`);
});

test('require() loads the packed copy, with every value export of test/fixtures/public-api.json', async () => {
  const cjs = await factsOf('cjs');
  const { work, api } = prepare();
  assert.ok(String(cjs.resolved).startsWith(join(work, 'cjs', 'node_modules', 'service')), `resolved ${String(cjs.resolved)}`);
  const note = '(the build differs from test/fixtures/public-api.json: see public-api.test.ts)';
  assert.equal(cjs.root, valueNames(api.service), `require("service") keys ${note}`);
  assert.equal(cjs.exceptions, valueNames(api['service/exceptions']), `require("service/exceptions") keys ${note}`);
  assert.equal(cjs.plot, valueNames(api['service/plot']), `require("service/plot") keys ${note}`);
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

test('the bin of the packed package runs (service --help)', () => {
  const dir = join(prepare().work, 'cjs');
  const r = run(process.execPath, [join('node_modules', 'service', 'bin', 'service.js'), '--help'], dir, 60_000);
  assert.is(r.status, 0, r.text);
  assert.match(r.stdout, /Usage: service <command>/);
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
