import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { ContractPeriod, OHLC, OHLCList } from '../../src/model';
import { ohlcChart } from '../../src/plot';
import { assertRenders, candles, forwardDay, product, rows, specOf, svgTexts } from './samples';

test('renders: valid spec, SVG and PNG', async () => {
  await assertRenders(ohlcChart(candles()));
});

test('one candle per trading day, sorted, with open/high/low/close/settlement', async () => {
  const chart = ohlcChart(candles());
  assert.equal(rows(chart)[0], { d: '2024-05-02', o: 50, h: 54, l: 48, c: 52, st: 51, vol: 100 });
  assert.equal(
    rows(chart).map((r) => r.d),
    ['2024-05-02', '2024-05-03', '2024-05-06'],
  );
  const spec = specOf(chart);
  assert.equal(
    spec.layer.map((l: any) => l.mark.type),
    ['rule', 'bar', 'tick'],
  );
  assert.is(spec.layer[1].encoding.color.condition.test, 'datum.c >= datum.o');
  assert.is(spec.title, 'DE Futures Power Base EUR/MWh EEX OHLC');
  assert.is(spec.layer[0].encoding.y.title, 'EUR/MWh');
  const labels = svgTexts(await chart.toSVG());
  assert.ok(labels.includes('2024-05-06'));
  assert.ok(labels.includes('EUR/MWh'));
});

test('settlement-only records still draw their ticks; missing prices are null', async () => {
  const list = new OHLCList([new OHLC({ product: product('2024-05-02', ContractPeriod.MONTH, '2024-06-01'), settlement: 60 })], {
    unit: 'EUR',
    denominator: 'MWh',
  });
  const chart = ohlcChart(list);
  assert.equal(rows(chart)[0], { d: '2024-05-02', o: null, h: null, l: null, c: null, st: 60, vol: null });
  await assertRenders(chart);
});

test('a plain array of OHLC works; the value title can be set', () => {
  const chart = ohlcChart([...candles()], { valueTitle: 'Price' });
  assert.is(specOf(chart).layer[0].encoding.y.title, 'Price');
  assert.is(specOf(chart).title, undefined);
});

test('errors: empty, not OHLC, two contracts on one day', () => {
  assert.throws(
    () => ohlcChart([]),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => ohlcChart([{}] as never),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => ohlcChart(forwardDay()),
    (e: unknown) => e instanceof ValueError && /forwardCurveChart/.test(e.message),
  );
});

test.run();
