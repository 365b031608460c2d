import { tableFromIPC } from '@uwdata/flechette';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CET } from '../../../src/time';
import { ohlcListBytes, serializeOHLCList } from '../../../src/wire';
import { decodeOHLCList, encodeOHLCColumns } from '../../../src/wire/arrow';
import type { OhlcColumns } from '../../../src/wire/json';

// local midnights in CET: 2024-03-29 (+01:00), 2024-04-02 (+02:00, after the change), 2024-05-01
const MAR29 = Date.UTC(2024, 2, 28, 23);
const APR02 = Date.UTC(2024, 3, 1, 22);
const MAY01 = Date.UTC(2024, 3, 30, 22);

const ROWS: OhlcColumns = {
  traded: Float64Array.of(MAR29, APR02),
  period: ['month', 'QUARTER'],
  front: Int32Array.of(1, -1),
  delivery: Float64Array.of(MAY01, Date.UTC(2024, 5, 30, 22)),
  open: Float64Array.of(70.5, Number.NaN),
  high: null,
  low: Float64Array.of(69, 71),
  close: Float64Array.of(70, 72.25),
  settlement: Float64Array.of(70.1, 72.3),
  volume: Float64Array.of(1200, Number.NaN),
  openInterest: null,
};
const HEAD = { curve: null, unit: 'EUR', denominator: 'MWh' };

test('OHLC columns: local dates across the DST change, period tags, null fronts and prices, as the JSON answer', () => {
  const bytes = encodeOHLCColumns(HEAD, ROWS, CET);
  const table = tableFromIPC(bytes);
  assert.equal(
    table.schema.fields.map((f) => f.name),
    ['traded_at', 'period', 'front', 'delivery', 'open', 'high', 'low', 'close', 'settlement', 'volume', 'open_interest'],
  );
  assert.is(table.getChild('traded_at').at(1), Date.UTC(2024, 3, 2)); // Date32 of 2024-04-02
  assert.is(table.getChild('period').at(1), 'quarter'); // the tag as the JSON answer writes it
  assert.is(table.getChild('front').at(1), null);
  assert.is(table.getChild('high').nullCount, 2);
  const json = JSON.parse(new TextDecoder().decode(ohlcListBytes(HEAD, ROWS, CET)));
  assert.equal(serializeOHLCList(decodeOHLCList(bytes)), json);
  assert.is(json.data[1].product.traded_at, '2024-04-02');
});

test('an empty OHLC list round-trips', () => {
  const empty: OhlcColumns = {
    ...ROWS,
    traded: new Float64Array(0),
    period: [],
    front: new Int32Array(0),
    delivery: new Float64Array(0),
    open: null,
    low: null,
    close: null,
    settlement: null,
    volume: null,
  };
  assert.is(decodeOHLCList(encodeOHLCColumns(HEAD, empty, CET)).length, 0);
});

test.run();
