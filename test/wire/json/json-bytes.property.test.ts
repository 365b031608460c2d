import * as fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Timeseries } from '../../../src/model';
import { Frequency, Resolution, zoneByName } from '../../../src/time';
import { JsonBytes, serializeTimeseries, timeseriesBytes } from '../../../src/wire';

// Properties of the byte writers against JSON.stringify: every double (the word-wise digit path
// for integers and two-decimal values, the String(x) path for the rest) and random instant
// columns in zones with offset changes, in and out of order, with sub-minute instants.

const decode = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

function written(x: number, capacity = 4): string {
  const out = new JsonBytes(capacity);
  out.number(x);
  return decode(out.bytes());
}

/** Doubles near the writer's edges: 2^31, two decimals, 1e21 (where JSON switches to exponents). */
const edges = fc.oneof(
  fc.integer({ min: -(2 ** 31) - 2, max: 2 ** 31 + 2 }),
  fc.integer({ min: -(2 ** 31) - 200, max: 2 ** 31 + 200 }).map((m) => m / 100),
  fc.integer({ min: -99_999, max: 99_999 }).map((m) => m / 10),
  fc.integer({ min: -20, max: 20 }).map((k) => 1e21 + k * 65_536),
  fc.integer({ min: -20, max: 20 }).map((k) => -1e21 + k * 65_536),
  fc.constantFrom(1e21, -1e21, 999_999_999_999_999_900_000, 2 ** 53, 2 ** 53 + 2, -(2 ** 31), 2 ** 31, 2 ** 31 - 1, -0, 0.005, -0.005),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }).map((m) => (m / 100) * (1 + Number.EPSILON)),
);

test('property: any double is written as JSON.stringify writes it', () => {
  fc.assert(
    fc.property(fc.double(), (x) => written(x) === JSON.stringify(x)),
    { numRuns: 20_000 },
  );
  fc.assert(
    fc.property(fc.double({ min: -Number.MIN_VALUE * 2 ** 52, max: Number.MIN_VALUE * 2 ** 52 }), (x) => written(x) === JSON.stringify(x)),
    { numRuns: 5_000 },
  );
  fc.assert(
    fc.property(edges, (x) => written(x) === JSON.stringify(x)),
    { numRuns: 20_000 },
  );
});

test('property: numbers written one after another into a growing buffer', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.double(), edges), { maxLength: 200 }), (xs) => {
      const out = new JsonBytes(1);
      out.ascii('[');
      xs.forEach((x, i) => {
        if (i > 0) out.ascii(',');
        out.number(x);
      });
      out.ascii(']');
      return decode(out.bytes()) === JSON.stringify(xs);
    }),
    { numRuns: 500 },
  );
});

const zones = ['CET', 'UTC', 'Europe/London', 'America/New_York', 'Asia/Kathmandu', 'America/St_Johns', 'Australia/Lord_Howe'];

test('property: random instant columns are written as the object serialiser writes them', () => {
  const column = fc.record({
    zone: fc.constantFrom(...zones),
    start: fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
    step: fc.constantFrom(60_000, 900_000, 3_600_000, 86_400_000, 1_000, 7, 1_234_567),
    count: fc.integer({ min: 0, max: 300 }),
    shuffle: fc.boolean(),
    fraction: fc.boolean(),
  });
  fc.assert(
    fc.property(column, ({ zone, start, step, count, shuffle, fraction }) => {
      const times = Array.from({ length: count }, (_, i) => start + i * step + (fraction && i % 5 === 0 ? 0.5 : 0));
      if (shuffle) times.reverse();
      const ts = new Timeseries({
        resolution: new Resolution(Frequency.NONE, zoneByName(zone)),
        times,
        values: times.map((t) => (t % 7) / 4),
      });
      return decode(timeseriesBytes(ts)) === JSON.stringify(serializeTimeseries(ts));
    }),
    { numRuns: 400 },
  );
});

test('property: series with random values and members of any text length are written as the serialiser writes them', () => {
  const series = fc.record({
    zone: fc.constantFrom(...zones),
    cells: fc.array(fc.option(fc.oneof(fc.double(), edges), { nil: null }), { maxLength: 80 }),
    members: fc.integer({ min: 0, max: 60 }),
    values: fc.boolean(),
  });
  fc.assert(
    fc.property(series, ({ zone, cells, members, values }) => {
      const times = cells.map((_, i) => Date.UTC(2024, 2, 30) + i * 900_000);
      const ts = new Timeseries({
        resolution: new Resolution(Frequency.PT15M, zoneByName(zone)),
        times,
        values: values || members === 0 ? cells : null,
        scenarios: Array.from({ length: members }, (_, k) => cells.map((c) => (c === null ? -1.2345678901234567e-308 : c * (k + 1)))),
      });
      return decode(timeseriesBytes(ts)) === JSON.stringify(serializeTimeseries(ts));
    }),
    { numRuns: 300 },
  );
});

test('a non-finite instant fails with a ValueError and writes nothing', () => {
  const ts = new Timeseries({ resolution: new Resolution(Frequency.NONE, zoneByName('CET')), times: [0, 1], values: [1, 2] });
  (ts.times as Float64Array)[1] = Number.NaN;
  assert.throws(() => timeseriesBytes(ts), /Cannot write the date-time NaN/);
});

test.run();
