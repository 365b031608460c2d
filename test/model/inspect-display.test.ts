import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inspect } from 'node:util';
import { runInThisContext } from 'node:vm';
import { JUPYTER_DISPLAY, type DisplayBundle } from '../../src/model/display';
import { inspectDisplay, printingCellResult, type InspectOptionsLike } from '../../src/model/inspect-display';

class Shown {
  [JUPYTER_DISPLAY](): DisplayBundle {
    return { 'text/plain': 'TEXT', 'text/html': '<b>HTML</b>' };
  }
  toString(): string {
    return '<Shown>';
  }
  [Symbol.for('nodejs.util.inspect.custom')](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options, () => 'text table');
  }
}

/** A stand-in for tslab's executor: a function compiled as `.../tslab/dist/executor.js` that prints a value as tslab prints a cell's last value. */
const printLastValue = runInThisContext('(value) => { console.log(value); }', {
  filename: '/opt/kernel/node_modules/tslab/dist/executor.js',
}) as (value: unknown) => void;
/** A stand-in for a cell: code compiled as tslab compiles a cell. */
const cellConsoleLog = runInThisContext('(value) => { console.log(value); }', { filename: 'evalmachine.<anonymous>' }) as (
  value: unknown,
) => void;

function inTslab<T>(run: (sent: unknown[], written: string[]) => T): T {
  const jupyter = require('tslab/dist/jupyter') as { lastWriteDisplayData: unknown };
  const sent: unknown[] = [];
  const written: string[] = [];
  const write = process.stdout.write;
  jupyter.lastWriteDisplayData = (message: unknown) => sent.push(message);
  process.stdout.write = ((chunk: string) => written.push(chunk) > 0) as typeof process.stdout.write;
  try {
    return run(sent, written);
  } finally {
    jupyter.lastWriteDisplayData = null;
    process.stdout.write = write;
  }
}

test('outside a notebook: the compact text at the top, one line inside another value', () => {
  assert.is(inspect(new Shown()), 'text table');
  assert.is(inspect([new Shown()]), '[ <Shown> ]');
  assert.is(inspect({ a: new Shown() }), '{ a: <Shown> }');
  assert.is(printingCellResult(), false);
});

test("tslab printing a cell's last value: the bundle goes out as one display message and no text line is left", () => {
  inTslab((sent, written) => {
    printLastValue(new Shown());
    assert.equal(sent, [{ data: { 'text/plain': 'TEXT', 'text/html': '<b>HTML</b>' }, metadata: {}, transient: {} }]);
    assert.equal(written, []);
    // the next output is passed on as usual
    console.log('after');
    assert.equal(written, ['after\n']);
  });
});

test('tslab, console.log written in a cell: the text, no display message', () => {
  inTslab((sent, written) => {
    cellConsoleLog(new Shown());
    assert.equal(sent, []);
    assert.equal(written, ['text table\n']);
  });
});

test('tslab, the last value is an array of them: one line each, no display message', () => {
  inTslab((sent, written) => {
    printLastValue([new Shown()]);
    assert.equal(sent, []);
    assert.equal(written, ['[ <Shown> ]\n']);
  });
});

test('a failing rich rendering falls back to the text', () => {
  class Broken extends Shown {
    override [JUPYTER_DISPLAY](): DisplayBundle {
      throw new Error('no');
    }
  }
  inTslab((sent, written) => {
    printLastValue(new Broken());
    assert.equal(sent, []);
    assert.equal(written, ['text table\n']);
  });
});

test.run();
