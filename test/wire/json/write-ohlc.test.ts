import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { OHLCList } from '../../../src/model';
import { CET, UTC } from '../../../src/time';
import { ohlcListBytes, parseOHLCList, serializeOHLCList, type OhlcColumns } from '../../../src/wire';

// The OHLC byte writer gives exactly the bytes of JSON.stringify(serializeOHLCList(list)) for the
// same rows: over every OHLC list body of the recorded wire pairs, and edge cases.

interface Pair {
  request: string;
  body: unknown;
}

const pairs = JSON.parse(readFileSync(join(__dirname, '../../fixtures/wire-pairs.json'), 'utf8')) as Pair[];

function columnsOf(list: OHLCList): OhlcColumns {
  const items = [...list];
  const col = (f: (o: (typeof items)[number]) => number | null) => Float64Array.from(items, (o) => f(o) ?? Number.NaN);
  return {
    traded: col((o) => o.product.traded.toMillis()),
    period: items.map((o) => o.product.period.tag.toUpperCase()),
    front: Int32Array.from(items, (o) => o.product.front ?? -1),
    delivery: col((o) => o.product.delivery.toMillis()),
    open: col((o) => o.open),
    high: col((o) => o.high),
    low: col((o) => o.low),
    close: col((o) => o.close),
    settlement: col((o) => o.settlement),
    volume: col((o) => o.volume),
    openInterest: col((o) => o.openInterest),
  };
}

function same(list: OHLCList): void {
  const zone = [...list][0]?.product.traded.zone ?? UTC;
  const bytes = Buffer.from(ohlcListBytes({ curve: list.curve, unit: list.unit, denominator: list.denominator }, columnsOf(list), zone));
  const expected = Buffer.from(JSON.stringify(serializeOHLCList(list)));
  assert.ok(bytes.equals(expected), `${bytes.toString().slice(0, 300)}\n!==\n${expected.toString().slice(0, 300)}`);
  // written into a used buffer (every byte 0xff)
  const dirty = { take: (n: number) => new Uint8Array(n + 64).fill(0xff) };
  const head = { curve: list.curve, unit: list.unit, denominator: list.denominator };
  assert.ok(Buffer.from(ohlcListBytes(head, columnsOf(list), zone, dirty)).equals(expected));
}

let shapes = 0;
pairs.forEach((pair, i) => {
  const path = (pair.request.split(' ')[1] as string).split('?')[0] as string;
  const seg = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  if (seg[0] !== 'ohlc' || seg[2] === 'timeseries' || seg[3] === 'periods') return;
  shapes++;
  test(`pair ${i}: the OHLC byte writer gives the serializer's bytes (${pair.request.slice(0, 80)})`, () => same(parseOHLCList(pair.body)));
});

test('the fixtures hold OHLC lists', () => {
  assert.ok(shapes >= 4, `${shapes} OHLC bodies`);
});

test('missing prices, no front, CET dates across DST and an empty list', () => {
  const rows: OhlcColumns = {
    traded: Float64Array.of(Date.UTC(2024, 2, 30, 23), Date.UTC(2024, 9, 26, 22)),
    period: ['month', 'YEAR'],
    front: Int32Array.of(1, -1),
    delivery: Float64Array.of(Date.UTC(2024, 3, 30, 22), Date.UTC(2024, 11, 31, 23)),
    open: Float64Array.of(1.5, Number.NaN),
    high: Float64Array.of(2, Infinity),
    low: Float64Array.of(-0.25, 0),
    close: null,
    settlement: Float64Array.of(26.56, 0.1 + 0.2),
    volume: Float64Array.of(1e21, 12),
    openInterest: Float64Array.of(10678, Number.NaN),
  };
  const text = Buffer.from(ohlcListBytes({ curve: null, unit: 'EUR', denominator: 'MWh' }, rows, CET)).toString();
  const expected = {
    curve: null,
    unit: 'EUR',
    denominator: 'MWh',
    data: [
      {
        product: { traded_at: '2024-03-31', period: 'month', front: 1, delivery: '2024-05-01' },
        open: 1.5,
        high: 2,
        low: -0.25,
        close: null,
        settlement: 26.56,
        volume: 1e21,
        open_interest: 10678,
      },
      {
        product: { traded_at: '2024-10-27', period: 'year', front: null, delivery: '2025-01-01' },
        open: null,
        high: null,
        low: 0,
        close: null,
        settlement: 0.1 + 0.2,
        volume: 12,
        open_interest: null,
      },
    ],
  };
  assert.is(text, JSON.stringify(expected));
  const empty = {
    traded: new Float64Array(0),
    period: [],
    front: new Int32Array(0),
    delivery: new Float64Array(0),
    open: null,
    high: null,
    low: null,
    close: null,
    settlement: null,
    volume: null,
    openInterest: null,
  };
  assert.is(
    Buffer.from(ohlcListBytes({ curve: null, unit: null, denominator: null }, empty, CET)).toString(),
    '{"curve":null,"unit":null,"denominator":null,"data":[]}',
  );
});

test('rows whose every number has the longest text fit, however many there are', () => {
  const longest = -1.2345678901234567e-308;
  for (const n of [...Array.from({ length: 40 }, (_, i) => i + 1), 3000]) {
    const column = () => new Float64Array(n).fill(longest);
    const rows: OhlcColumns = {
      traded: Float64Array.from({ length: n }, (_, i) => Date.UTC(2024, 0, 1 + (i % 300)) - 3_600_000),
      period: Array.from({ length: n }, (_, i) => (i % 2 ? 'quarter' : 'MONTH')),
      front: new Int32Array(n).fill(2_147_483_647),
      delivery: Float64Array.from({ length: n }, (_, i) => Date.UTC(2025, i % 12, 1) - 3_600_000),
      open: column(),
      high: column(),
      low: column(),
      close: column(),
      settlement: column(),
      volume: column(),
      openInterest: column(),
    };
    const text = Buffer.from(ohlcListBytes({ curve: null, unit: 'EUR', denominator: 'MWh' }, rows, CET)).toString();
    const data = (JSON.parse(text) as { data: { product: { front: number }; open_interest: number }[] }).data;
    assert.is(data.length, n);
    assert.is(data[n - 1]?.open_interest, longest);
    assert.is(data[n - 1]?.product.front, 2_147_483_647);
    assert.ok(text.includes(`"close":${String(longest)},"settlement":${String(longest)}`));
  }
});

test.run();
