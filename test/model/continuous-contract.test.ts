import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { ContinuousContract, ContractPeriod } from '../../src/model';
import * as s from './samples';

test('kind predicates and header', () => {
  const c = s.continuous();
  assert.ok(c.isContinuous());
  assert.not.ok(c.isSpecific());
  assert.is(c.columnHeader(), 'month front-1 close');
  assert.is(new ContinuousContract({ period: ContractPeriod.QUARTER, front: 2 }).columnHeader(), 'quarter front-2');
});

test('front must be a non-negative integer or absent', () => {
  assert.throws(() => s.continuous().with({ front: 1.5 }), s.isA(ValueError));
  assert.is(new ContinuousContract({ period: ContractPeriod.MONTH }).front, null);
  assert.is(s.continuous().with({ front: 0 }).front, 0);
});

test('equals, toJSON, toString', () => {
  const c = s.continuous();
  assert.ok(c.equals(s.continuous()));
  assert.not.ok(c.equals(c.with({ front: 2 })));
  assert.not.ok(c.equals(s.specific()));
  assert.equal(c.toJSON(), { type: 'CONTINUOUS', period: 'month', front: 1, field: 'close' });
  assert.is(c.toString(), '<ContinuousContract: period=month, front=1, field=close>');
});

test.run();
