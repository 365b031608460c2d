// How `npm run report` reads nbconvert's output (scripts/jupyter/nbconvert-log.mjs): a kernel that
// ended before its first reply is told apart from a failure in a cell, and only the first runs the
// notebook again with a new kernel, at most the given number of starts
// (docs/notebooks.md#a-kernel-that-does-not-start).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error: a plain ES module of the report scripts, without type declarations
import { NbconvertLog, runUntilKernelStarts } from '../../scripts/jupyter/nbconvert-log.mjs';

interface Log {
  write(chunk: string): void;
  end(): void;
  kernelDiedAtStart(): boolean;
  excerpt(maxLines?: number): string;
}

const DIED = [
  '[NbConvertApp] Converting notebook x.ipynb to notebook',
  'tslab kernel: could not bind its sockets (/tmp/kernel-1.json): Address already in use',
  'Traceback (most recent call last):',
  '    raise RuntimeError("Kernel died before replying to kernel_info")',
  'RuntimeError: Kernel died before replying to kernel_info',
  '',
].join('\n');

const CELL_FAILED = [
  '[NbConvertApp] Executing cell:',
  "[NbConvertApp] content: {'name': 'stderr', 'text': 'boom\\n'}",
  'An error occurred while executing the following cell:',
  '------------------',
  'throw new Error("boom")',
  // a kernel that dies while a cell runs is not one that did not start
  'RuntimeError: Kernel died before replying to kernel_info',
  '',
].join('\n');

function logOf(text: string, split = 7): Log {
  const log: Log = new NbconvertLog();
  for (let i = 0; i < text.length; i += split) log.write(text.slice(i, i + split));
  log.end();
  return log;
}

test('a kernel that ended before its first reply is a start failure; a failed cell is not', () => {
  assert.ok(logOf(DIED).kernelDiedAtStart());
  assert.not.ok(logOf(CELL_FAILED).kernelDiedAtStart());
  assert.not.ok(logOf('[NbConvertApp] Writing 100 bytes to x.ipynb\n').kernelDiedAtStart());
  assert.match(logOf(DIED).excerpt(12), /could not bind its sockets/);
});

/** A run whose attempts print the given outputs in turn, with code 1 unless the output is ''. */
function scripted(outputs: string[]) {
  const calls: number[] = [];
  const runOnce = async (log: Log): Promise<number> => {
    const text = outputs[calls.length] ?? '';
    calls.push(calls.length + 1);
    log.write(text);
    log.end();
    return text === '' ? 0 : 1;
  };
  return { calls, runOnce };
}

test('a notebook runs again with a new kernel after a start failure, and then succeeds', async () => {
  const { calls, runOnce } = scripted([DIED, '']);
  const retries: number[] = [];
  const { code } = await runUntilKernelStarts(runOnce, { attempts: 3, onRetry: (n: number) => retries.push(n) });
  assert.is(code, 0);
  assert.equal(calls, [1, 2]);
  assert.equal(retries, [2]);
});

test('at most the given number of starts; the last failure is the one reported', async () => {
  const { calls, runOnce } = scripted([DIED, DIED, DIED, '']);
  const { code, log } = await runUntilKernelStarts(runOnce, { attempts: 3 });
  assert.is(code, 1);
  assert.equal(calls, [1, 2, 3]);
  assert.ok((log as Log).kernelDiedAtStart());
});

test('a failure in a cell, or a stop asked for, is not run again', async () => {
  const cell = scripted([CELL_FAILED, '']);
  assert.is((await runUntilKernelStarts(cell.runOnce, { attempts: 3 })).code, 1);
  assert.equal(cell.calls, [1]);
  const stopped = scripted([DIED, '']);
  assert.is((await runUntilKernelStarts(stopped.runOnce, { attempts: 3, stop: () => true })).code, 1);
  assert.equal(stopped.calls, [1]);
});

test.run();
