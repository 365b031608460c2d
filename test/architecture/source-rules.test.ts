/**
 * Source rules over `src/**\/*.ts` and `server/src/**\/*.ts` that are not about the import
 * graph (`.dependency-cruiser.cjs` and `dependency-graph.test.ts` check that): no module loaded by
 * a computed name, no clock reads in time/model/engine, error classes only in `src/exceptions.ts`
 * (`rules.ts`). Accepted exceptions are listed, each with a reason, in `allow-list.ts`. Also the
 * scanner (`source-scan.ts`) that these rules and `test-mirror.test.ts` read sources with: its
 * regexes are checked against TypeScript's own import scanner so they cannot silently miss one.
 *
 *   node --import tsx test/architecture/source-rules.test.ts
 */
import { join } from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ALLOWED, type Allowance } from './allow-list';
import { checkClock, checkDynamicLoads, checkErrorClasses, checkFile, type Violation } from './rules';
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

// --- the real tree -----------------------------------------------------------------------------

test('src/ and server/src/ follow every source rule (apart from the allow-list)', () => {
  const all = files.flatMap(checkFile);
  const open = all.filter((v) => !ALLOWED.some((a) => matches(a, v)));
  const accepted = all.filter((v) => ALLOWED.some((a) => matches(a, v)));
  if (accepted.length > 0) console.log(`accepted by allow-list.ts:\n  ${accepted.map(show).join('\n  ')}`);
  assert.ok(open.length === 0, `${open.length} violation(s):\n  ${open.map(show).join('\n  ')}`);
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
