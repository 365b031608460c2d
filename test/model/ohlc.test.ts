import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { OHLC, OHLCField } from '../../src/model';
import * as s from './samples';

const VE = s.isA(ValueError);

test('getField by enum', () => {
  const o = s.ohlc();
  assert.is(o.getField(OHLCField.OPEN), 35.4);
  assert.is(o.getField(OHLCField.LOW), 34);
  assert.is(o.getField(OHLCField.VOLUME), 394);
  assert.is(o.getField(OHLCField.OPEN_INTEREST), 10678);
});

test('getField by name: tag, enum name, camelCase, any case', () => {
  const o = s.ohlc();
  assert.is(o.getField('settlement'), 34);
  assert.is(o.getField('HIGH'), 35.4);
  assert.is(o.getField('open_interest'), 10678);
  assert.is(o.getField('OPEN_INTEREST'), 10678);
  assert.is(o.getField('openInterest'), 10678);
});

test('getField of an unset field is null', () => {
  const o = new OHLC({ product: s.product(), settlement: 26.56 });
  assert.is(o.getField('open'), null);
  assert.is(o.getField(OHLCField.SETTLEMENT), 26.56);
});

test('getField with an invalid field raises ValueError', () => {
  const o = s.ohlc();
  assert.throws(() => o.getField('median'), VE);
  assert.throws(() => o.getField(''), VE);
  assert.throws(() => o.getField('product'), VE);
  assert.throws(() => o.getField(3 as unknown as string), VE);
});

test('with(), equals, toJSON, toString', () => {
  const o = s.ohlc();
  const c = o.with({ close: 34.5 });
  assert.is(o.close, 34);
  assert.is(c.close, 34.5);
  assert.not.ok(o.equals(c));
  assert.equal(o.toJSON(), {
    product: { traded_at: '2020-01-02', period: 'month', front: 1, delivery: '2020-02-01' },
    open: 35.4,
    high: 35.4,
    low: 34,
    close: 34,
    settlement: 34,
    volume: 394,
    open_interest: 10678,
  });
  assert.is(
    new OHLC({ product: s.product(), settlement: 1 }).toString(),
    '<OHLC: traded=2020-01-02, period=month, front=1, delivery=2020-02-01, settlement=1>',
  );
});

test.run();
