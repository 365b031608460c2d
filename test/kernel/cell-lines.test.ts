// A tslab cell's compiled code keeps the cell's line N on line N + 1 (kernel/cell-lines.mjs, used
// by kernel/tslab-kernel.mjs), so a toolkit error thrown in a cell names the cell's own line
// (src/model/error-display.ts counts one less): the one-line cell `await load(...)` said line 2.
// The layout is checked on TypeScript's output as tslab makes it (tslab's converter), and the
// line of an error thrown from cells run as tslab's executor runs them.
import { runInThisContext } from 'node:vm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../src/exceptions';
import { notebookErrorText } from '../../src/model/error-display';
import { importScript } from '../helpers/project-scripts';

interface Converted {
  output?: string;
  declOutput?: string;
  hasToplevelAwait?: boolean;
  diagnostics: readonly { messageText: string }[];
}
interface Converter {
  convert(prevDecl: string, src: string): Converted;
  close(): void;
}

const { createConverter } = require('tslab/dist/converter') as {
  createConverter(o: { isJS: boolean; isBrowser: boolean }): Converter;
};
let keepCellLines: (js: string) => string = (js) => js;
let converter: Converter | null = null;

const HEADER = 'Object.defineProperty(exports, "__esModule", { value: true });';

test.before(async () => {
  ({ keepCellLines } = await importScript<{ keepCellLines(js: string): string }>('../kernel/cell-lines.mjs'));
  converter = createConverter({ isJS: false, isBrowser: false });
});

test.after(() => converter?.close());

test('the header goes onto the first line: a one-line cell with a value runs on line 2', () => {
  const js = `${HEADER}\nexports.tsLastExpr = void 0;\nexports.tsLastExpr = await exports.load(exports.WIND);\n`;
  assert.is(keepCellLines(js), `${HEADER} exports.tsLastExpr = void 0;\nexports.tsLastExpr = await exports.load(exports.WIND);\n`);
});

test('an export line goes to the front of the next line; the cell value line stays', () => {
  const js = [
    HEADER,
    'exports.b = exports.tsLastExpr = void 0;',
    'const b = 2; // two',
    'exports.b = b;',
    'exports.tsLastExpr = exports.f(b);',
    '',
  ].join('\n');
  assert.equal(keepCellLines(js).split('\n'), [
    `${HEADER} exports.b = exports.tsLastExpr = void 0;`,
    'const b = 2; // two',
    'exports.b = b; exports.tsLastExpr = exports.f(b);',
    '',
  ]);
  const last = [HEADER, 'exports.c = void 0;', 'const c = 1;', 'exports.c = c;'].join('\n');
  assert.equal(keepCellLines(last).split('\n'), [`${HEADER} exports.c = void 0;`, 'const c = 1;', 'exports.c = c;']);
});

test("code that is not TypeScript's CommonJS output, or whose header holds a line comment, is left as it is", () => {
  assert.is(keepCellLines('f();\ng();'), 'f();\ng();');
  const commented = `var x = 1; // helper\n${HEADER}\nf();`;
  assert.is(keepCellLines(commented), commented);
});

/**
 * Compiles cells with tslab's converter after the declarations of earlier cells (what tslab keeps
 * of them), lays them out, runs them as tslab does; the text of the error one throws.
 */
async function errorOfCells(prevDecls: string, cells: readonly string[], exports: Record<string, unknown>): Promise<string> {
  const global = globalThis as { __tslab__?: unknown };
  global.__tslab__ = { exports, require };
  let prevDecl = prevDecls;
  try {
    for (const src of cells) {
      const converted = converter!.convert(prevDecl, src);
      assert.equal(
        converted.diagnostics.map((d) => d.messageText),
        [],
        src,
      );
      prevDecl = converted.declOutput ?? '';
      if (!converted.output) continue;
      // tslab's executor: the wrapper's start on the first line, its call on a line after the code
      const prefix = converted.hasToplevelAwait ? '(async function(exports, require) { ' : '(function(exports, require) { ';
      try {
        await runInThisContext(`${prefix}${keepCellLines(converted.output)}\n})(__tslab__.exports, __tslab__.require)`);
      } catch (e) {
        return notebookErrorText(e as Error);
      }
    }
  } finally {
    delete global.__tslab__;
  }
  throw new Error('no cell threw');
}

const refuse = (): never => {
  throw new ValidationError('must be before end', 'begin');
};

test('a toolkit error names the cell line: one-line await cell, after declarations and an import', async () => {
  const declare = 'declare function load(name: string): Promise<number>;';
  const oneLine = await errorOfCells(declare, ['await load("DE Wind")'], { load: refuse });
  assert.match(oneLine, /^ValidationError: Field="begin", message: must be before end\n {4}at evalmachine\.<anonymous>:1:\d+$/, oneLine);
  const later = await errorOfCells(
    declare,
    ['import { join } from "node:path";\nconst a = join("x", "y");\nlet n = await Promise.resolve(1);\nawait load(a + n)'],
    { load: refuse },
  );
  assert.match(later, /\n {4}at (async )?evalmachine\.<anonymous>:4:\d+$/, later);
  const sync = await errorOfCells('declare function check(): number;', ['const x = 1;\ncheck()'], { check: refuse });
  assert.match(sync, /\n {4}at evalmachine\.<anonymous>:2:\d+$/, sync);
});

test.run();
