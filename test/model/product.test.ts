import { DateTime } from 'luxon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { ContractPeriod, Product } from '../../src/model';
import * as s from './samples';

test('dates are calendar dates at 00:00 UTC', () => {
  const p = s.product();
  assert.is(p.traded.toISO(), '2020-01-02T00:00:00.000Z');
  assert.is(p.delivery.toISODate(), '2020-02-01');
  assert.is(p.period, ContractPeriod.MONTH);
  assert.is(p.front, 1);
  // A date-time keeps only its own calendar date: 2020-01-02T23:30+01:00 is still the 2nd.
  const late = p.with({ traded: DateTime.fromISO('2020-01-02T23:30:00+01:00', { setZone: true }) });
  assert.is(late.traded.toISODate(), '2020-01-02');
  assert.is(p.with({ traded: '2020-01-03T10:00:00+01:00' }).traded.toISODate(), '2020-01-03');
});

test('invalid input raises ValueError', () => {
  const VE = s.isA(ValueError);
  assert.throws(() => s.product().with({ traded: 'tomorrow' }), VE);
  assert.throws(() => s.product().with({ delivery: '2020-02-30' }), VE);
  assert.throws(() => s.product().with({ front: -1 }), VE);
});

test('front may be absent', () => {
  assert.is(new Product({ traded: '2020-01-02', period: ContractPeriod.DAY, delivery: '2020-01-03' }).front, null);
});

test('equals, toJSON (traded_at), toString', () => {
  const p = s.product();
  assert.ok(p.equals(s.product()));
  assert.not.ok(p.equals(p.with({ front: 2 })));
  assert.equal(p.toJSON(), { traded_at: '2020-01-02', period: 'month', front: 1, delivery: '2020-02-01' });
  assert.is(p.toString(), '<Product: traded=2020-01-02, period=month, front=1, delivery=2020-02-01>');
});

test.run();
