import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as aq from 'arquero';
import { tableFromIPC, tableToIPC, TimeUnit, Type } from '@uwdata/flechette';
import { ParseException } from '../../src/exceptions';
import {
  ARROW_FRAME_KEY,
  ARROW_LEVELS_KEY,
  ARROW_ZONE_KEY,
  frameInfo,
  fromArrowIPC,
  headerLevels,
  toArrowIPC,
  toHtml,
  toTable,
} from '../../src/frame';
import { arrowZone } from '../../src/frame/to-arrow';
import { actual, ensemble, gasDay, isA, ohlcList, WIND_NAME } from './samples';

const hdr = '2020-10-26 00:00 ec-ens';

test('the date column is a millisecond timestamp in the series zone', () => {
  const arrow = tableFromIPC(toArrowIPC(ensemble()));
  const date = arrow.schema.fields[0]!;
  assert.is(date.name, 'date');
  assert.is(date.type.typeId, Type.Timestamp);
  assert.is((date.type as { unit: number }).unit, TimeUnit.MILLISECOND);
  assert.is((date.type as { timezone: string }).timezone, 'CET');
  assert.is(arrow.schema.fields[1]!.type.typeId, Type.Float);
});

test('schema metadata holds the zone and the frame information; fields hold their levels', () => {
  const arrow = tableFromIPC(toArrowIPC(ensemble()));
  const metadata = arrow.schema.metadata!;
  assert.is(metadata.get(ARROW_ZONE_KEY), 'CET');
  const info = JSON.parse(metadata.get(ARROW_FRAME_KEY)!);
  assert.equal(info.index, ['date']);
  assert.equal(info.levelNames, ['curve', 'instance', 'scenario']);
  assert.equal(info.levels[`${WIND_NAME} | ${hdr} | e01`], [WIND_NAME, hdr, 'e01']);
  assert.is(arrow.schema.fields[3]!.metadata.get(ARROW_LEVELS_KEY), JSON.stringify([WIND_NAME, hdr, 'e01']));
});

test('round trip: fromArrowIPC restores names, levels, zone, instants and NaN', () => {
  const original = toTable(ensemble());
  const back = fromArrowIPC(toArrowIPC(ensemble()));
  assert.equal(back.columnNames(), original.columnNames());
  assert.equal([...headerLevels(back).entries()], [...headerLevels(original).entries()]);
  assert.is(JSON.stringify(frameInfo(back)), JSON.stringify(frameInfo(original)));
  // 2020-10-26 01:00+01:00 = 00:00Z, 02:00+01:00 = 01:00Z
  assert.equal(
    (back.array('date') as Date[]).map((d) => d.getTime()),
    [Date.UTC(2020, 9, 26, 0), Date.UTC(2020, 9, 26, 1)],
  );
  const e01 = Array.from(back.array(`${WIND_NAME} | ${hdr} | e01`) as ArrayLike<number>);
  assert.is(e01[0], 4200.12);
  assert.ok(Number.isNaN(e01[1]));
  assert.ok(toHtml(back).includes('2020-10-26 01:00:00+01:00'));
});

test('options pass through (single-level header)', () => {
  const back = fromArrowIPC(toArrowIPC(ensemble(), { name: 'wind', singleLevelHeader: true }));
  assert.equal(back.columnNames(), ['date', 'wind', 'wind e00', 'wind e01']);
  assert.equal(frameInfo(back)?.levelNames, ['name']);
});

test('OHLC: calendar dates as Date32 (days), front as Int32 with null, period as text', () => {
  const arrow = tableFromIPC(toArrowIPC(ohlcList()));
  const types = Object.fromEntries(arrow.schema.fields.map((f) => [f.name, f.type]));
  assert.is(types.traded!.typeId, Type.Date);
  assert.is(types.front!.typeId, Type.Int);
  assert.is(types.period!.typeId, Type.Utf8);
  assert.equal(Array.from(arrow.getChild('front')!.toArray() as ArrayLike<number | null>), [1, null]);
  const back = fromArrowIPC(toArrowIPC(ohlcList()));
  assert.ok(toHtml(back).includes('<td>2020-01-02</td>'));
});

test('Europe/Gas_Day: Arrow gets UTC (no reader knows the zone), metadata keeps the real zone', () => {
  assert.is(arrowZone('Europe/Gas_Day'), 'UTC');
  assert.is(arrowZone('Europe/Oslo'), 'Europe/Oslo');
  assert.is(arrowZone('UTC'), 'UTC');
  const bytes = toArrowIPC(gasDay());
  const arrow = tableFromIPC(bytes);
  assert.is((arrow.schema.fields[0]!.type as { timezone: string }).timezone, 'UTC');
  assert.is(arrow.schema.metadata!.get(ARROW_ZONE_KEY), 'Europe/Gas_Day');
  // 2024-01-01T05:00Z = 00:00-05:00 gas-day time
  assert.ok(toHtml(fromArrowIPC(bytes)).includes('2024-01-01 00:00:00-05:00'));
});

test('bytes from elsewhere read as a plain table without frame information', () => {
  const bytes = aq.toArrowIPC(aq.table({ a: [1, 2] }), {});
  const back = fromArrowIPC(bytes);
  assert.equal(back.columnNames(), ['a']);
  assert.is(frameInfo(back), null);
  assert.is(fromArrowIPC(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer).numRows(), 2);
});

test('broken frame metadata is a ParseException', () => {
  const arrow = aq.toArrow(aq.table({ a: [1] }));
  arrow.schema.metadata = new Map([[ARROW_FRAME_KEY, '{not json']]);
  assert.throws(() => fromArrowIPC(tableToIPC(arrow, {})!), isA(ParseException));
  assert.is(actual().length, 3);
});

test.run();
