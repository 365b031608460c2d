import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { ContractPeriod, OHLCList } from '../../../src/model';
import { parseOHLC, parseOHLCList, parseProduct, serializeOHLC, serializeOHLCList, serializeProduct } from '../../../src/wire';
import { OHLC_CURVE, OHLC_DATA } from './samples';

const fails = (fn: () => unknown, message: string) =>
  assert.throws(fn, (e: unknown) => e instanceof ParseException && e.message === message, message);

const LIST = { curve: OHLC_CURVE, unit: 'EUR', denominator: 'MWh', data: OHLC_DATA };

test('the OHLC list of docs/protocol.md#ohlc-json round-trips exactly', () => {
  const list = parseOHLCList(LIST);
  assert.ok(OHLCList.isOHLCList(list));
  assert.is(list.length, 2);
  assert.is(list[0]?.openInterest, 10678);
  assert.is(list[1]?.product.period, ContractPeriod.DAY);
  assert.is(list.curve?.name, OHLC_CURVE.name);
  assert.equal(serializeOHLCList(list), LIST);
});

test("missing prices are null; traded_at keeps the date as written; unit defaults to the curve's", () => {
  const o = parseOHLC({
    product: { traded_at: '2020-01-03T23:30:00-05:00', period: 'Quarter', front: 2, delivery: '2020-07-01' },
    settlement: 30.1,
  });
  assert.equal(serializeOHLC(o), {
    product: { traded_at: '2020-01-03', period: 'quarter', front: 2, delivery: '2020-07-01' },
    open: null,
    high: null,
    low: null,
    close: null,
    settlement: 30.1,
    volume: null,
    open_interest: null,
  });
  const list = parseOHLCList({ curve: OHLC_CURVE, data: [] });
  assert.is(list.unit, 'EUR');
  assert.is(list.denominator, 'MWh');
  assert.equal(serializeProduct(parseProduct({ traded_at: '2020-01-02', period: 'mdec', delivery: '2020-12-01' })), {
    traded_at: '2020-01-02',
    period: 'mdec',
    front: null,
    delivery: '2020-12-01',
  });
});

test('data must be an array; product members are required', () => {
  fails(() => parseOHLCList({ curve: OHLC_CURVE }), 'data: expected an array, got nothing');
  fails(() => parseOHLCList({ data: null }), 'data: expected an array, got null');
  fails(() => parseOHLCList({ data: [OHLC_DATA[0], { settlement: 1 }] }), 'data[1].product: expected an object, got nothing');
  fails(
    () => parseOHLCList({ data: [{ product: { period: 'month', delivery: '2020-02-01' } }] }),
    'data[0].product.traded_at: expected an ISO 8601 date, got nothing',
  );
  fails(
    () => parseOHLCList({ data: [{ product: { traded_at: '2020-01-02', delivery: '2020-02-01' } }] }),
    'data[0].product.period: expected a ContractPeriod tag, got nothing',
  );
  fails(
    () => parseOHLCList({ data: [{ product: { traded_at: '2020-01-02', period: 'month' } }] }),
    'data[0].product.delivery: expected an ISO 8601 date, got nothing',
  );
  fails(() => parseOHLCList({ data: [{ ...OHLC_DATA[0], close: '34' }] }), 'data[0].close: expected a number or null, got "34"');
  fails(() => parseOHLCList('[]'), 'response: expected an object, got []');
});

test.run();
