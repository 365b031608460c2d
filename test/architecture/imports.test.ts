/**
 * Architecture rules over `src/**\/*.ts` and `server/src/**\/*.ts` (ARCHITECTURE.md#layers,
 * ARCHITECTURE.md#two-packages): the rules of `rules.ts`,
 * 12, 14): layers import only downward (time < model < engine < wire < plot < frame <
 * client | server < cli; exceptions usable by all; client and server never meet; the server package
 * reaches the client package only by name and only its shared vocabulary), axios only in
 * `src/client/http/`, danfojs only in `src/frame/danfo.ts`, vega/vega-lite/resvg only in
 * `src/plot/vega-runtime.ts`, no clock reads in time/model/engine, error classes only in
 * `src/exceptions.ts`. Imports are found with regular expressions (`source-scan.ts`), checked
 * against TypeScript's own import scanner so the regexes cannot silently miss one.
 * Accepted exceptions are listed, each with a reason, in `allow-list.ts`.
 * No import cycle anywhere, also inside a layer (`import-graph.ts`: a graph walk over the runtime
 * imports; type-only imports are erased by TypeScript and do not count).
 *
 *   node --import tsx test/architecture/imports.test.ts
 */
import { join } from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ALLOWED, type Allowance } from './allow-list';
import { buildGraph, findCycles, isTypeOnly } from './import-graph';
import {
  checkClock,
  checkDynamicLoads,
  checkErrorClasses,
  checkFile,
  checkLayers,
  checkPackages,
  mayImport,
  mayImportPackage,
  placeOf,
  type Violation,
} from './rules';
import { blank, findReferences, listTsFiles, readSource, sourceOf, type SourceFile } from './source-scan';

const root = join(__dirname, '..', '..');
const files: SourceFile[] = [...listTsFiles(root, 'src'), ...listTsFiles(root, 'server/src')].map((p) => readSource(root, p));

const show = (v: Violation): string => `${v.file}:${v.line}  [${v.rule}] ${v.target}: ${v.message}`;
const matches = (a: Allowance, v: Violation): boolean => a.rule === v.rule && a.file === v.file && a.target === v.target;

// --- the scanner -------------------------------------------------------------------------------

test('blank keeps length and lines, and removes comments but not code', () => {
  const text = [
    "/** import { X } from '../client'; new Date() */",
    "const url = 'http://x/*y*/'; // import '../server'",
    'const re = /["\'`]\\/\\//g; const half = a / b / c;',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the scanner's input is TypeScript text holding a template literal
    'const t = `a ${f(`b ${g("c")}`)} // not a comment`;',
    "import { a } from '../time';",
  ].join('\n');
  const code = blank(text, false);
  assert.is(code.length, text.length);
  assert.is(code.split('\n').length, 5);
  assert.not.ok(code.includes('../client'), 'block comment blanked');
  assert.not.ok(code.includes('../server'), 'line comment blanked');
  assert.ok(code.includes("'http://x/*y*/'"), 'strings are not comments');
  assert.ok(code.includes('a / b / c'), 'division is not a regex');
  assert.ok(code.includes('// not a comment'), 'template text is not a comment');
  assert.ok(code.includes("from '../time'"));
  const bare = blank(text, true);
  assert.not.ok(bare.includes('http'), 'string contents blanked');
  assert.ok(bare.includes('g("'), 'template substitutions stay code');
  assert.not.ok(bare.includes('not a comment'));
});

test('findReferences finds every kind of reference, across lines, and none in comments', () => {
  const file = sourceOf(
    'src/frame/x.ts',
    [
      'import { a,', // 1
      '  b } from "../model";', // 2
      "import type { T } from '../time';", // 3
      "import * as n from '../engine';", // 4
      "export { c } from './c';", // 5
      "export * as w from '../wire';", // 6
      "import '../plot/side';", // 7
      "const lazy = () => import('../plot');", // 8
      "const d = require('danfojs');", // 9
      "declare module '../model/timeseries' {}", // 10
      ' * import { Z } from "../client";', // 11: inside no comment, but not a statement start
      "/* import { Y } from '../server'; */", // 12
      'const cell = `', // 13
      "import { W } from '../cli';", // 14: text of a template literal
      "const r = require('../server');`;", // 15
    ].join('\n'),
  );
  assert.equal(
    findReferences(file).map((r) => `${r.line} ${r.kind} ${r.specifier}`),
    [
      '1 import ../model',
      '3 import type ../time',
      '4 import ../engine',
      '5 export from ./c',
      '6 export from ../wire',
      '7 side effect ../plot/side',
      '8 dynamic import ../plot',
      '9 require danfojs',
      '10 augmentation ../model/timeseries',
    ],
  );
});

test("the regexes find every module reference TypeScript's scanner finds, in every src file", () => {
  const missed: string[] = [];
  for (const file of files) {
    const mine = findReferences(file).map((r) => r.specifier);
    for (const ref of ts.preProcessFile(file.text, true, true).importedFiles) {
      const at = mine.indexOf(ref.fileName);
      if (at < 0) missed.push(`${file.path}: ${ref.fileName}`);
      else mine.splice(at, 1);
    }
  }
  assert.equal(missed, [], `references the regexes missed:\n${missed.join('\n')}`);
  assert.ok(files.length > 50, `scanned ${files.length} files`);
});

// --- the rules on made-up files (each must be able to fail) ----------------------------------

test('placeOf and mayImport encode the layer order', () => {
  assert.is(placeOf('src/engine/ohlc/front-numbers.ts'), 'engine');
  assert.is(placeOf('src/exceptions.ts'), 'exceptions');
  assert.is(placeOf('src/index.ts'), 'root');
  assert.is(placeOf('src'), 'root');
  assert.is(placeOf('src/util/x.ts'), 'outside');
  assert.is(placeOf('server/src/store/store.ts'), 'server');
  assert.is(placeOf('server/src/cli/main.ts'), 'cli');
  assert.is(placeOf('server/src/http/app.ts'), 'server');
  assert.is(placeOf('server/src/server/app.ts'), 'outside', 'no folder named like its parent');
  assert.is(placeOf('src/server/app.ts'), 'outside', 'the service lives in its own package');
  assert.is(placeOf('server/src/wire/x.ts'), 'outside', 'the shared vocabulary lives in the client package only');
  assert.is(placeOf('server/src/index.ts'), 'outside');
  const order = ['time', 'model', 'engine', 'wire', 'plot', 'frame', 'client', 'cli'] as const;
  for (let i = 0; i < order.length; i++) {
    for (let j = 0; j < order.length; j++) {
      assert.is(mayImport(order[i], order[j]), j <= i, `${order[i]} -> ${order[j]}`);
    }
  }
  assert.ok(mayImport('server', 'wire'));
  assert.ok(mayImport('cli', 'server'));
  assert.not.ok(mayImport('server', 'client'));
  assert.not.ok(mayImport('client', 'server'));
  assert.not.ok(mayImport('server', 'cli'));
  assert.ok(mayImport('time', 'exceptions'));
  assert.not.ok(mayImport('exceptions', 'time'), 'exceptions imports nothing of ours');
  assert.ok(mayImport('root', 'client'));
  assert.not.ok(mayImport('root', 'server'), 'the package root does not load the service');
  assert.not.ok(mayImport('cli', 'root'), 'nothing imports the package root');
});

test('checkLayers reports upward, sideways-forbidden and outside imports with their line', () => {
  const bad = sourceOf(
    'src/model/series.ts',
    [
      "import { Frequency } from '../time';",
      "import type { Table } from '../frame/to-table';",
      "import { x } from '../../test/helpers/x';",
    ].join('\n'),
  );
  assert.equal(
    checkLayers(bad).map((v) => `${v.line} ${v.target}`),
    ['2 ../frame/to-table', '3 ../../test/helpers/x'],
  );
  const sideways = sourceOf('server/src/routes/a.ts', "import { ServiceClient } from '../client';");
  assert.is(checkLayers(sideways).length, 1);
  assert.equal(checkLayers(sourceOf('server/src/cli/main.ts', "import { createApp } from '../http/app';")), []);
});

test('checkLayers: the server reaches the client package only by name, and only its shared vocabulary', () => {
  const server = sourceOf(
    'server/src/routes/a.ts',
    [
      "import { Frequency } from 'service/time';", // 1 ok
      "import { ValidationError } from 'service/exceptions';", // 2 ok
      "import { timeseriesBytes } from '#wire';", // 3 ok: the protocol layer, through the workspace
      "import { ServiceClient } from 'service';", // 4 the root loads the client
      "import { lineChart } from 'service/plot';", // 5 not shared vocabulary
      "import { x } from 'service/wire/json';", // 6 a file deep inside
      "import { Area } from '../../../src/model';", // 7 a relative path into the other package
      "import Fastify from 'fastify';", // 8 not ours: other rules
      "import { y } from 'service/wire';", // 9 not an entry point of the client package
    ].join('\n'),
  );
  assert.equal(
    checkLayers(server).map((v) => `${v.line} ${v.target}`),
    ['4 service', '5 service/plot', '6 service/wire/json', '7 ../../../src/model', '9 service/wire'],
  );
  const client = sourceOf(
    'src/client/a.ts',
    [
      "import { createApp } from 'service-server';",
      "import { x } from '../../server/src/http/app';",
      "import { y } from '#wire';",
    ].join('\n'),
  );
  assert.equal(
    checkLayers(client).map((v) => `${v.line} ${v.target}`),
    ['1 service-server', '2 ../../server/src/http/app', '3 #wire'],
    'the client never imports the server, nor itself by name',
  );
  assert.ok(mayImportPackage('cli', 'service/engine'));
  assert.not.ok(mayImportPackage('wire', 'service/time'), 'inside the client package imports are relative');
});

test('checkPackages confines axios, danfojs and the rendering libraries', () => {
  const text =
    "import axios from 'axios';\nimport type { DataFrame } from 'danfojs';\nimport type * as V from 'vega-lite';\nconst r = require('@resvg/resvg-js');";
  assert.equal(
    checkPackages(sourceOf('src/client/sections/a.ts', text)).map((v) => v.rule),
    ['axios', 'danfojs', 'vega', 'vega'],
  );
  assert.equal(checkPackages(sourceOf('src/client/http/transport.ts', "import axios from 'axios';")), []);
  assert.equal(checkPackages(sourceOf('src/frame/danfo.ts', "const d = require('danfojs');")), []);
  assert.equal(checkPackages(sourceOf('src/plot/vega-runtime.ts', "import type * as V from 'vega';")), []);
  assert.equal(checkPackages(sourceOf('src/plot/chart.ts', "import { x } from 'vegan';")), [], 'only vega packages');
  const store =
    "import { DuckDBInstance } from '@duckdb/node-api';\nimport type { Pool } from 'pg';\nimport Fastify from 'fastify';\nimport { x } from 'pgx';";
  assert.equal(
    checkPackages(sourceOf('src/wire/json/read.ts', store)).map((v) => `${v.line} ${v.rule}`),
    ['1 server-only', '2 server-only', '3 server-only'],
  );
  assert.equal(checkPackages(sourceOf('server/src/store/duckdb/duckdb-io.ts', store)), []);
});

test('checkDynamicLoads reports computed names only', () => {
  const file = sourceOf('src/plot/a.ts', "require(name);\nrequire('vega');\nawait import(spec);\n// require(x)");
  assert.equal(
    checkDynamicLoads(file).map((v) => v.line),
    [1, 3],
  );
});

test('checkClock reports Date.now() and new Date() in time/model/engine only', () => {
  const text = [
    'const a = Date.now();',
    'const b = new Date();',
    'const c = new Date;',
    'const d = new Date(ms);',
    'const e = DateTime.now();',
    "const f = 'new Date()';",
    '// Date.now()',
    'const g = new DateTime();',
  ].join('\n');
  assert.equal(
    checkClock(sourceOf('src/engine/x.ts', text)).map((v) => v.line),
    [1, 2, 3],
  );
  assert.equal(checkClock(sourceOf('src/time/x.ts', text)).length, 3);
  assert.equal(checkClock(sourceOf('src/client/x.ts', text)), [], 'the client may read the clock');
});

test('checkErrorClasses reports error classes outside src/exceptions.ts', () => {
  const text =
    'class A extends Error {}\nexport class B\n  extends TypeError {}\ninterface C extends Error { code: string }\nclass D extends ErrorBase {}';
  assert.equal(
    checkErrorClasses(sourceOf('src/wire/x.ts', text)).map((v) => v.line),
    [1, 2],
  );
  assert.equal(checkErrorClasses(sourceOf('src/exceptions.ts', text)), []);
});

test('isTypeOnly: import type, export type and all-type brace lists are erased', () => {
  assert.ok(isTypeOnly("import type { A } from './a'"));
  assert.ok(isTypeOnly("export type { A } from './a'"));
  assert.ok(isTypeOnly("import { type A, type B } from './a'"));
  assert.not.ok(isTypeOnly("import { type A, b } from './a'"));
  assert.not.ok(isTypeOnly("import { a } from './a'"));
  assert.not.ok(isTypeOnly("export * from './a'"));
  assert.not.ok(isTypeOnly("import './a'"));
});

test('findCycles finds loops inside a layer, self-imports, and none in a tree', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a', 'd']],
    ['d', []],
    ['e', ['e']],
    ['f', ['d']],
  ]);
  assert.equal(findCycles(graph), [
    ['a', 'b', 'c', 'a'],
    ['e', 'e'],
  ]);
  assert.equal(
    findCycles(
      new Map([
        ['a', ['b', 'c']],
        ['b', ['c']],
        ['c', []],
      ]),
    ),
    [],
  );
});

test('buildGraph follows runtime imports and re-exports, not type-only ones', () => {
  const made = [
    sourceOf('server/src/http/app.ts', "import { a } from '../auth';\nimport type { R } from './route-module';\nexport * from '../store';"),
    sourceOf('server/src/auth/index.ts', "import { type X, type Y } from '../http/app';\nexport { z } from '../http/app';"),
  ];
  const graph = buildGraph(root, made);
  assert.equal(graph.get('server/src/http/app.ts'), ['server/src/auth/index.ts', 'server/src/store/index.ts']);
  assert.equal(graph.get('server/src/auth/index.ts'), ['server/src/http/app.ts']);
  assert.equal(findCycles(graph), [['server/src/auth/index.ts', 'server/src/http/app.ts', 'server/src/auth/index.ts']]);
});

// --- the real tree -----------------------------------------------------------------------------

test('every src and server/src file sits in a known layer', () => {
  const lost = files.filter((f) => placeOf(f.path) === 'outside').map((f) => f.path);
  assert.equal(lost, [], `files outside the layers (add the folder to LAYER_RANK in rules.ts if it is a new layer):\n${lost.join('\n')}`);
});

test('src/ and server/src/ follow every architecture rule (apart from the allow-list)', () => {
  const all = files.flatMap(checkFile);
  const open = all.filter((v) => !ALLOWED.some((a) => matches(a, v)));
  const accepted = all.filter((v) => ALLOWED.some((a) => matches(a, v)));
  if (accepted.length > 0) console.log(`accepted by allow-list.ts:\n  ${accepted.map(show).join('\n  ')}`);
  assert.ok(open.length === 0, `${open.length} violation(s):\n  ${open.map(show).join('\n  ')}`);
});

test('src/ and server/src/ have no runtime import cycle, inside a layer or across', () => {
  const graph = buildGraph(root, files);
  assert.ok([...graph.values()].reduce((n, deps) => n + deps.length, 0) > files.length, 'the graph has edges');
  const cycles = findCycles(graph);
  assert.equal(
    cycles.map((c) => c.join(' -> ')),
    [],
    `import cycles (move what both sides need into a module of its own):\n${cycles.map((c) => c.join(' -> ')).join('\n')}`,
  );
});

test('every allow-list entry still matches a violation and gives a reason', () => {
  const all = files.flatMap(checkFile);
  for (const a of ALLOWED) {
    assert.ok(
      all.some((v) => matches(a, v)),
      `stale allow-list entry (remove it): ${a.file} [${a.rule}] ${a.target}`,
    );
    assert.ok(a.reason.trim().length > 20, `allow-list entry without a real reason: ${a.file}`);
  }
});

test.run();
