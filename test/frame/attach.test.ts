import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { AbsoluteResult, OHLCList, Periodseries, PeriodseriesList, SRMC, Timeseries, TimeseriesList } from '../../src/model';
import { FrameTable, setDanfoLoader, toTable } from '../../src/frame';
import { absolute, actual, ensemble, isA, ohlcList, periods, srmcOptions } from './samples';

test('every convertible model class has toTable, toDataFrame and toPolars, and no toDf alias', () => {
  for (const cls of [Timeseries, TimeseriesList, Periodseries, PeriodseriesList, OHLCList, AbsoluteResult, SRMC]) {
    for (const name of ['toTable', 'toDataFrame', 'toPolars']) {
      assert.type((cls.prototype as unknown as Record<string, unknown>)[name], 'function', `${cls.name}.${name}`);
      assert.not.ok(Object.keys(cls.prototype).includes(name), `${cls.name}.${name} is not enumerable`);
    }
    assert.is((cls.prototype as unknown as Record<string, unknown>).toDf, undefined, `${cls.name}.toDf`);
  }
});

test('the methods delegate to the free functions with their options', () => {
  assert.equal(ensemble().toTable({ name: 'wind', singleLevelHeader: true }).columnNames(), ['date', 'wind', 'wind e00', 'wind e01']);
  assert.equal(
    new TimeseriesList([actual(), ensemble()]).toTable().columnNames(),
    toTable(new TimeseriesList([actual(), ensemble()])).columnNames(),
  );
  assert.equal(periods().toTable({ frequency: 'P1D' }).columnNames(), ['date', 'nuclear']);
  assert.equal(new PeriodseriesList([periods()]).toTable({ frequency: 'P1D', singleLevelHeader: true }).columnNames(), ['date', 'nuclear']);
  assert.is(ohlcList().toTable().numCols(), 11);
  assert.equal(absolute().toTable({ singleLevelIndex: true }).columnNames()[0], 'instance');
  assert.ok(new SRMC({ options: srmcOptions(), ohlc: ohlcList() }).toTable() instanceof FrameTable);
});

test('Periodseries.toTable without a frequency is a ValueError', () => {
  assert.throws(() => (periods() as unknown as { toTable(): unknown }).toTable(), isA(ValueError));
});

test('toDataFrame methods go through the Danfo loader', () => {
  const seen: string[][] = [];
  class Frame {
    readonly columns: string[];
    constructor(data: Record<string, unknown[]>) {
      this.columns = Object.keys(data);
      seen.push(this.columns);
    }
  }
  setDanfoLoader(() => ({ DataFrame: Frame }));
  try {
    actual().toDataFrame({ name: 'load' });
    ohlcList().toDataFrame();
  } finally {
    setDanfoLoader(null);
  }
  assert.equal(seen[0], ['date', 'load']);
  assert.is(seen[1]?.length, 11);
});

test.run();
