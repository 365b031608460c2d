import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../../src/exceptions';
import { ProblemList, formatProblem } from '../../../src/wire/sources';

test('problems read file:line: field: message', () => {
  assert.is(formatProblem({ file: 'a.csv', line: 3, field: 'date', message: 'bad' }), 'a.csv:3: date: bad');
  assert.is(
    formatProblem({ file: 'a.csv', line: 0, field: null, message: 'cannot read the file: ENOENT' }),
    'a.csv:0: cannot read the file: ENOENT',
  );
});

test('the list keeps the first problems, counts all, and throws one ValueError listing them', () => {
  const problems = new ProblemList(2);
  problems.throwIfAny();
  for (let line = 1; line <= 5; line++) problems.add({ file: 'b.csv', line }, 'value', 'not a number');
  assert.is(problems.size, 5);
  assert.is(problems.items.length, 2);
  try {
    problems.throwIfAny();
    assert.unreachable();
  } catch (err) {
    assert.instance(err, ValueError);
    assert.is(
      (err as Error).message,
      'Import failed with 5 problems; nothing was imported:\n  b.csv:1: value: not a number\n  b.csv:2: value: not a number\n  ... and 3 more',
    );
  }
});

test.run();
