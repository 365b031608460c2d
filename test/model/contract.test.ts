import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isContract, type Contract } from '../../src/model';
import * as s from './samples';

test('isContract accepts both kinds only', () => {
  assert.ok(isContract(s.continuous()));
  assert.ok(isContract(s.specific()));
  assert.not.ok(isContract({ type: 'CONTINUOUS', period: 'month' }));
  assert.not.ok(isContract(s.product()));
});

test('a Contract tells its kind', () => {
  const kinds = ([s.continuous(), s.specific()] as Contract[]).map((c) => [c.isContinuous(), c.isSpecific()]);
  assert.equal(kinds, [
    [true, false],
    [false, true],
  ]);
});

test.run();
