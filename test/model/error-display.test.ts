import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inspect } from 'node:util';
import { runInThisContext } from 'node:vm';
import { NotFoundError, ValidationError } from '../../src/exceptions';
import '../../src/model';
import { cellFrames, notebookErrorText, tslabLines } from '../../src/model/error-display';

const STACK = [
  'ValidationError: Field="begin", message: begin must be before end',
  '    at checkRange (/opt/nb/node_modules/service/dist/wire/requests/range.js:12:11)',
  '    at TimeseriesSection.load (/opt/nb/node_modules/service/dist/client/sections/timeseries.js:40:9)',
  '    at evalmachine.<anonymous>:3:26',
  '    at Script.runInThisContext (node:vm:137:12)',
  '    at execute (/opt/nb/node_modules/tslab/dist/executor.js:163:34)',
  '    at async <anonymous>:2:1',
  '    at ext:core/01_core.js:10:3',
  '    at new Promise (<anonymous>)',
].join('\n');

test('cell frames: only code without a file (tslab and Deno cells), nothing of the package, Node, Deno or tslab', () => {
  assert.equal(cellFrames(STACK), [
    '    at evalmachine.<anonymous>:3:26',
    '    at async <anonymous>:2:1',
    '    at new Promise (<anonymous>)',
  ]);
});

test('in a notebook: class, message naming the parameter, the cell frames', () => {
  const e = new ValidationError('begin must be before end', 'begin');
  e.stack = STACK;
  assert.is(
    notebookErrorText(e),
    'ValidationError: Field="begin", message: begin must be before end\n    at evalmachine.<anonymous>:2:26\n    at async <anonymous>:2:1\n    at new Promise (<anonymous>)',
  );
});

test("tslab's cell lines: one less than the compiled line; the wrapper's call (column 3, last) left out", () => {
  // tslab runs `(function(exports, require) { Object.defineProperty(exports, "__esModule", ...);\n<cell>\n})(...)`
  assert.equal(tslabLines(['    at evalmachine.<anonymous>:2:7', '    at evalmachine.<anonymous>:4:3']), [
    '    at evalmachine.<anonymous>:1:7',
  ]);
  assert.equal(tslabLines(['    at f (evalmachine.<anonymous>:3:9)', '    at evalmachine.<anonymous>:6:1']), [
    '    at f (evalmachine.<anonymous>:2:9)',
    '    at evalmachine.<anonymous>:5:1',
  ]);
  assert.equal(tslabLines(['    at async <anonymous>:2:1']), ['    at async <anonymous>:2:1']);
  // a one-line cell with a top-level await (kernel/cell-lines.mjs keeps it on line 2): thrown
  // before the cell's await, with tslab's call; after it, as an async frame alone
  assert.equal(tslabLines(['    at evalmachine.<anonymous>:2:36', '    at evalmachine.<anonymous>:3:3']), [
    '    at evalmachine.<anonymous>:1:36',
  ]);
  assert.equal(tslabLines(['    at async evalmachine.<anonymous>:2:22']), ['    at async evalmachine.<anonymous>:1:22']);
});

test('printed by tslab (console.error in a kernel): the short form, no frame into the package or the kernel', () => {
  const jupyter = require('tslab/dist/jupyter') as { lastWriteDisplayData: unknown };
  jupyter.lastWriteDisplayData = () => undefined;
  try {
    const thrower = runInThisContext("(E) => { throw new E('no curve', 'DE Wind'); }", { filename: 'evalmachine.<anonymous>' }) as (
      e: unknown,
    ) => void;
    let caught: unknown;
    try {
      thrower(NotFoundError);
    } catch (e) {
      caught = e;
    }
    const text = inspect(caught);
    const lines = text.split('\n');
    assert.is(lines[0], 'NotFoundError: no curve');
    assert.is(lines.length, 2, text);
    assert.ok(lines[1]!.includes('evalmachine.<anonymous>:1:'), lines[1]);
  } finally {
    jupyter.lastWriteDisplayData = null;
  }
});

test("made in Deno's kernel: `stack` is the short text (Deno shows it as it is); setting it replaces it", () => {
  const global = globalThis as { Deno?: unknown };
  global.Deno = { jupyter: { display: async () => undefined } };
  try {
    const thrower = runInThisContext("(E) => { throw new E('Not a valid datetime', 'begin'); }", { filename: '<anonymous>' }) as (
      e: unknown,
    ) => void;
    let caught: Error | undefined;
    try {
      thrower(ValidationError);
    } catch (e) {
      caught = e as Error;
    }
    const lines = (caught?.stack ?? '').split('\n');
    assert.is(lines[0], 'ValidationError: Field="begin", message: Not a valid datetime');
    assert.equal(lines.slice(1), ['    at <anonymous>:1:16'], caught?.stack);
    assert.is(Object.keys(caught ?? {}).includes('stack'), false);
    (caught as Error).stack = 'replaced';
    assert.is(caught?.stack, 'replaced');
  } finally {
    delete global.Deno;
  }
  assert.ok((new ValidationError('x', 'begin').stack ?? '').includes('error-display.test.ts'), 'outside Deno: the whole stack');
});

test('outside a notebook: the whole stack and the fields, as Node prints errors', () => {
  const e = new ValidationError('begin must be before end', 'begin');
  const text = inspect(e);
  assert.ok(text.startsWith('ValidationError: Field="begin", message: begin must be before end\n    at '), text);
  assert.ok(text.includes('error-display.test.ts'));
  assert.ok(text.includes("parameter: 'begin'"), text);
});

test.run();
