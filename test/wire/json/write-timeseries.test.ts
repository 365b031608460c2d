import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Timeseries, TimeseriesList } from '../../../src/model';
import { CET, Frequency, Resolution, UTC, zoneByName } from '../../../src/time';
import {
  JsonBytes,
  parseTimeseries,
  parseTimeseriesList,
  serializeTimeseries,
  serializeTimeseriesList,
  timeseriesBytes,
  timeseriesListBytes,
} from '../../../src/wire';

// The byte writers give exactly the bytes of JSON.stringify of the object serialisers: over every
// time-series body of the recorded wire pairs, and over hand-made edge cases.

interface Pair {
  request: string;
  body: unknown;
}

const pairs = JSON.parse(readFileSync(join(__dirname, '../../fixtures/wire-pairs.json'), 'utf8')) as Pair[];
const decode = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

/** A source of used buffers: every byte 0xff, larger than asked. */
const dirty = { take: (bytes: number) => new Uint8Array(bytes + 100).fill(0xff) };

function sameBytes(ts: Timeseries): void {
  const expected = Buffer.from(JSON.stringify(serializeTimeseries(ts)));
  assert.ok(
    Buffer.from(timeseriesBytes(ts)).equals(expected),
    `${decode(timeseriesBytes(ts)).slice(0, 400)}\n!==\n${expected.toString().slice(0, 400)}`,
  );
  assert.ok(Buffer.from(timeseriesBytes(ts, dirty)).equals(expected), 'written into a used buffer');
}

function kind(request: string): 'one' | 'list' | null {
  const path = (request.split(' ')[1] as string).split('?')[0] as string;
  const seg = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const [section, , b] = seg;
  if (section === 'timeseries') return 'one';
  if (section === 'instances' || section === 'ensembles') {
    if (seg.length === 2) return 'list';
    if (b === 'tags' || b === 'list' || seg[3] === 'absolute') return null;
    return 'one';
  }
  if (section === 'ohlc' && b === 'timeseries') return 'one';
  return null;
}

let shapes = 0;
pairs.forEach((pair, i) => {
  const k = kind(pair.request);
  if (k === null) return;
  shapes++;
  test(`pair ${i}: the byte writer gives the serializer's bytes (${pair.request.slice(0, 80)})`, () => {
    if (k === 'one') {
      const ts = parseTimeseries(pair.body);
      sameBytes(ts);
      assert.equal(JSON.parse(decode(timeseriesBytes(ts))), JSON.parse(JSON.stringify(serializeTimeseries(ts))));
    } else {
      const list = parseTimeseriesList(pair.body);
      const expected = Buffer.from(JSON.stringify(serializeTimeseriesList([...list])));
      assert.ok(Buffer.from(timeseriesListBytes([...list])).equals(expected));
      assert.ok(Buffer.from(timeseriesListBytes([...list], dirty)).equals(expected));
    }
  });
});

test('the fixtures hold time series, lists and ensembles', () => {
  assert.ok(shapes >= 20, `${shapes} time-series bodies`);
});

const H = 3_600_000;

test('missing, non-finite, negative zero and awkward numbers are written as JSON.stringify writes them', () => {
  const values = [
    NaN,
    Infinity,
    -Infinity,
    -0,
    0,
    1,
    -1,
    0.1,
    0.05,
    -0.05,
    0.5,
    1.25,
    -12.3,
    0.1 + 0.2,
    1e-7,
    123456789.12,
    1e15,
    1e16,
    // biome-ignore lint/correctness/noPrecisionLoss: a literal that does not round-trip is the point of this case
    99999999999999.99,
    1e21,
    5e-324,
    Number.MAX_VALUE,
    -Number.MIN_VALUE,
    2 ** 53,
    1 / 3,
    12345.678,
    1234567890123.45,
    0.07,
    4.35,
    1.005,
  ];
  const ts = new Timeseries({ resolution: new Resolution(Frequency.PT1H, UTC), times: values.map((_, i) => i * H), values });
  sameBytes(ts);
  for (const x of values) {
    const out = new JsonBytes(4);
    out.number(x);
    assert.is(decode(out.bytes()), JSON.stringify(x), String(x));
  }
});

test('random two-decimal and float values match String(x)', () => {
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < 20_000; i++) {
    const r = random();
    const x =
      i % 3 === 0 ? Math.round((r - 0.5) * 1e9) / 100 : i % 3 === 1 ? (r - 0.5) * 10 ** Math.floor(r * 30 - 10) : Math.round(r * 1e6) / 10;
    const out = new JsonBytes(8);
    out.number(x);
    assert.is(decode(out.bytes()), JSON.stringify(x), String(x));
  }
});

test('15-minute values across both CET changes, sub-minute and millisecond instants', () => {
  const begin = Date.UTC(2020, 2, 28, 23);
  const times = Array.from({ length: 96 * 220 }, (_, i) => begin + i * 900_000);
  sameBytes(new Timeseries({ resolution: new Resolution(Frequency.PT15M, CET), times, values: times.map((_, i) => i / 4) }));
  const odd = [
    Date.UTC(2020, 9, 25, 0, 59, 59),
    Date.UTC(2020, 9, 25, 1, 0, 0, 5),
    Date.UTC(2020, 9, 25, 1, 30, 15, 250),
    Date.UTC(2020, 9, 25, 2),
  ];
  sameBytes(new Timeseries({ resolution: new Resolution(Frequency.NONE, CET), times: odd, values: [1, 2, 3, 4] }));
  const kathmandu = zoneByName('Asia/Kathmandu');
  sameBytes(new Timeseries({ resolution: new Resolution(Frequency.PT1H, kathmandu), times: [0, H, 2 * H], values: [1, null, 3] }));
  sameBytes(
    new Timeseries({
      resolution: new Resolution(Frequency.PT1H, zoneByName('America/St_Johns')),
      times: [Date.UTC(1950, 0, 1), Date.UTC(2020, 10, 1, 5)],
      values: [1, 2],
    }),
  );
});

test('zones with an offset of seconds (local mean time) are written as the serialiser writes them', () => {
  // St. John's at -03:30:52 in 1930 (found by the property test: the clock texts assumed whole minutes)
  for (const [zone, start, step] of [
    ['America/St_Johns', Date.UTC(1930, 3, 1, 17, 4, 25, 856), 1_234_567],
    ['America/St_Johns', Date.UTC(1930, 3, 1), 900_000],
    ['Africa/Monrovia', Date.UTC(1971, 11, 31), 3_600_000],
  ] as const) {
    const times = Float64Array.from({ length: 200 }, (_, i) => start + i * step);
    const ts = new Timeseries({ resolution: new Resolution(Frequency.NONE, zoneByName(zone)), times, values: times.map((_, i) => i / 4) });
    const text = new TextDecoder().decode(timeseriesBytes(ts));
    assert.is(text, JSON.stringify(serializeTimeseries(ts)), zone);
    assert.ok(text.includes(zone === 'Africa/Monrovia' ? '-00:44:30"' : '-03:30:52"'), zone);
  }
});

test('scenarios with and without a mean, named and default, and empty series', () => {
  const times = [0, H, 2 * H];
  const scenarios = [
    [1, NaN, 3],
    [0.25, -0, Infinity],
  ];
  sameBytes(new Timeseries({ resolution: new Resolution(Frequency.PT1H, CET), times, values: [2, 3, null], scenarios }));
  sameBytes(
    new Timeseries({
      resolution: new Resolution(Frequency.PT1H, CET),
      times,
      values: null,
      scenarios,
      scenarioNames: ['a "quoted" ü', 'b'],
    }),
  );
  sameBytes(new Timeseries({ resolution: new Resolution(Frequency.PT1H, CET), unit: 'EUR/MWh °C', times: [], values: [] }));
  sameBytes(new Timeseries({ resolution: new Resolution(Frequency.PT1H, CET), times: [], values: null, scenarios: [[], []] }));
  const list = new TimeseriesList([new Timeseries({ resolution: new Resolution(Frequency.PT1H, CET), times, values: [1, 2, 3] })]);
  assert.ok(Buffer.from(timeseriesListBytes([...list])).equals(Buffer.from(JSON.stringify(serializeTimeseriesList([...list])))));
  assert.is(decode(timeseriesListBytes([])), '[]');
});

test.run();
