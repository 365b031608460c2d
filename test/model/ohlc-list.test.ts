import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { type OHLC, OHLCList } from '../../src/model';
import * as s from './samples';

test('records and metadata; unit defaults to the curve', () => {
  const list = s.ohlcList();
  assert.is(list.length, 1);
  assert.is(list[0]?.settlement, 34);
  assert.equal([list.unit, list.denominator, list.curve?.name, list.contract], ['EUR', 'MWh', 'Futures Coal API-2 USD/t ICE OHLC', null]);
  const fromCurve = new OHLCList([], { curve: s.ohlcCurve() });
  assert.equal([fromCurve.unit, fromCurve.denominator], ['USD', 't']);
  assert.equal([new OHLCList().unit, new OHLCList().curve], [null, null]);
});

test('only OHLC items; immutable', () => {
  assert.throws(() => new OHLCList([s.product() as unknown as OHLC]), s.isA(ValueError));
  const list = s.ohlcList();
  assert.throws(() => list.push(s.ohlc()), s.isA(TypeError));
  // The array method with(index, value) gives a plain array and leaves the list alone.
  const replaced = list.with(0, s.ohlc().with({ close: 1 }));
  assert.not.ok(OHLCList.isOHLCList(replaced));
  assert.is(replaced[0]?.close, 1);
  assert.is(list[0]?.close, 34);
});

test('concat keeps the metadata; withMetadata changes it', () => {
  const list = s.ohlcList();
  const two = list.concat(s.ohlc());
  assert.ok(OHLCList.isOHLCList(two));
  assert.equal([two.length, two.unit, two.curve?.name], [2, 'EUR', list.curve?.name]);
  const usd = list.withMetadata({ unit: 'USD', contract: s.continuous() });
  assert.equal([usd.unit, list.unit], ['USD', 'EUR']);
  assert.ok(usd.contract?.isContinuous());
  assert.not.ok(list.equals(usd));
  assert.ok(list.equals(s.ohlcList()));
});

test('toJSON and toString', () => {
  const json = s.ohlcList().toJSON();
  assert.equal([json.unit, json.denominator, (json.data as unknown[]).length], ['EUR', 'MWh', 1]);
  assert.is(s.ohlcList().toString(), '<OHLCList: curve="Futures Coal API-2 USD/t ICE OHLC", unit=EUR/MWh, count=1>');
  assert.ok(s.display(s.ohlcList())['text/html']!.includes('<td>10678</td>'));
});

test.run();
