import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OHLCList } from '../../src/model';
import { frameInfo, headerLevels, toTable } from '../../src/frame';
import { layoutAbsoluteResult, layoutOhlcList } from '../../src/frame/market-layout';
import { absolute, ohlcList, WIND_NAME } from './samples';

const orNull = (values: unknown) =>
  Array.from(values as ArrayLike<unknown>).map((v) => (typeof v === 'number' && Number.isNaN(v) ? null : v));

// --- OHLCList (docs/model.md#tables) ---

test('OHLCList: 11 columns in the reference order, no index', () => {
  const t = toTable(ohlcList());
  assert.equal(t.columnNames(), [
    'traded',
    'period',
    'front',
    'delivery',
    'open',
    'high',
    'low',
    'close',
    'settlement',
    'volume',
    'open_interest',
  ]);
  assert.equal(frameInfo(t)?.index, []);
  assert.equal(frameInfo(t)?.dates, ['traded', 'delivery']);
  assert.equal(headerLevels(t).get('open_interest'), ['open_interest']);
});

test('OHLCList: one row per record; dates at 00:00 UTC, lower-case period tag, unset values NaN, unknown front null', () => {
  const t = toTable(ohlcList());
  assert.equal(
    (t.array('traded') as Date[]).map((d) => d.toISOString()),
    ['2020-01-02T00:00:00.000Z', '2020-01-02T00:00:00.000Z'],
  );
  assert.equal(
    (t.array('delivery') as Date[]).map((d) => d.toISOString()),
    ['2020-02-01T00:00:00.000Z', '2020-03-01T00:00:00.000Z'],
  );
  assert.equal(orNull(t.array('period')), ['month', 'month']);
  assert.equal(orNull(t.array('front')), [1, null]);
  assert.equal(orNull(t.array('open')), [35.4, null]);
  assert.equal(orNull(t.array('settlement')), [34, 33]);
  assert.equal(orNull(t.array('open_interest')), [10678, null]);
});

test('OHLCList: an empty list gives the 11 columns and no rows', () => {
  const t = toTable(new OHLCList([]));
  assert.is(t.numRows(), 0);
  assert.is(t.numCols(), 11);
  assert.is(layoutOhlcList([]).columns[2]?.kind, 'integer');
});

// --- AbsoluteResult ---

test('AbsoluteResult: index issued + tag, value column "{curve name} {delivery}"', () => {
  const t = toTable(absolute());
  const label = `${WIND_NAME} 2023-10-05 12:00`;
  assert.equal(t.columnNames(), ['issued', 'tag', label]);
  assert.equal(frameInfo(t)?.index, ['issued', 'tag']);
  assert.equal(orNull(t.array('issued')), ['2023-10-01 00:00', '2023-10-02 00:00']);
  assert.equal(orNull(t.array('tag')), ['ec', 'gfs']);
  assert.equal(orNull(t.array(label)), [20479.78, null]);
  assert.equal([...headerLevels(t).keys()], [label]);
});

test('AbsoluteResult: singleLevelIndex gives one index "instance" of instance headers', () => {
  const t = toTable(absolute(), { singleLevelIndex: true });
  assert.equal(t.columnNames(), ['instance', `${WIND_NAME} 2023-10-05 12:00`]);
  assert.equal(orNull(t.array('instance')), ['2023-10-01 00:00 ec', '2023-10-02 00:00 gfs']);
  assert.equal(frameInfo(t)?.index, ['instance']);
});

test('AbsoluteResult: a given name replaces the curve name; without curve or name only the delivery', () => {
  assert.equal(toTable(absolute(), { name: 'wind' }).columnNames()[2], 'wind 2023-10-05 12:00');
  assert.equal(layoutAbsoluteResult(absolute(null)).columns[2]?.name, '2023-10-05 12:00');
  assert.is(layoutAbsoluteResult(absolute()).info.zone, 'UTC');
});

test.run();
