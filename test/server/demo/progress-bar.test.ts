import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { progressBar, renderProgress } from '../../../server/src/demo';

test('renders a bar', () => {
  assert.is(renderProgress(1, 4, 'DE actuals', 8), '[##------]  25% (1/4) DE actuals');
  assert.is(renderProgress(0, 0, 'x', 4), '[####] 100% (0/0) x');
});

test('prints one line per step off a terminal', () => {
  const lines: string[] = [];
  const bar = progressBar({ write: (t: string) => lines.push(t) });
  bar(1, 2, 'a');
  bar(2, 2, 'b');
  assert.equal(lines, [`${renderProgress(1, 2, 'a')}\n`, `${renderProgress(2, 2, 'b')}\n`]);
});

test('redraws one line on a terminal and ends it after the last step', () => {
  const out: string[] = [];
  const bar = progressBar({ write: (t: string) => out.push(t), isTTY: true, columns: 100 });
  bar(1, 2, 'a');
  bar(2, 2, 'b');
  assert.ok(out[0]!.startsWith('\r\x1b[2K[') && !out[0]!.endsWith('\n'));
  assert.ok(out[1]!.endsWith('(2/2) b\n'));
});

test.run();
