import * as fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { Timeseries } from '../../../src/model';
import { CET, Frequency, Resolution, zoneByName } from '../../../src/time';
import {
  decodeTimeseries,
  decodeTimeseriesList,
  encodeTimeseries,
  encodeTimeseriesList,
  epochInt64,
  SharedTimes,
  TimeseriesStream,
  type TimesGiven,
} from '../../../src/wire/arrow';
import { parseTimeseries, parseTimeseriesList, serializeTimeseries, serializeTimeseriesList } from '../../../src/wire';
import { tableFromIPC } from '@uwdata/flechette';
import { FORECAST_CURVE } from '../json/samples';

const same = (a: Timeseries, b: Timeseries): void => {
  assert.ok(a.equals(b), 'series differ');
  assert.equal(serializeTimeseries(a), serializeTimeseries(b));
};

/** 2024-03-31 in CET, 15 minutes: 92 steps (the clock jumps from 02:00 to 03:00). */
const dstDay = (): Timeseries => {
  const start = Date.UTC(2024, 2, 30, 23); // 00:00 CET
  const times = Float64Array.from({ length: 92 }, (_, i) => start + i * 900_000);
  const values = Float64Array.from({ length: 92 }, (_, i) => (i % 7 === 3 ? Number.NaN : i * 1.25));
  return new Timeseries({ resolution: new Resolution(Frequency.PT15M, CET), times, values, unit: 'MWh/h' });
};

test('a DST day keeps its 92 steps, its missing values (as nulls) and its zone in the date type', () => {
  const ts = dstDay();
  const bytes = encodeTimeseries(ts);
  const table = tableFromIPC(bytes);
  assert.is(table.numRows, 92);
  const [date] = table.schema.fields;
  assert.is(date?.name, 'date');
  assert.is((date?.type as { timezone?: string } | undefined)?.timezone, 'CET');
  assert.is(table.getChild('value').nullCount, 13);
  assert.is(table.getChild('value').at(3), null);
  assert.is(table.getChild('date').at(8), Date.UTC(2024, 2, 31, 1)); // 03:00 CEST, the 9th step
  same(decodeTimeseries(bytes), ts);
});

test('SharedTimes: a series whose times equal one read before takes that array (views of it); other times, a new one', () => {
  const day = dstDay();
  const shared = new SharedTimes();
  const first = decodeTimeseries(encodeTimeseries(day), { times: shared });
  const second = decodeTimeseries(encodeTimeseries(day.with({ values: day.values.map((v) => v * 2) })), { times: shared });
  assert.ok(second.times.buffer === first.times.buffer, 'one array for both');
  assert.is(second.values[1], 2.5);
  // same length and ends, one time in the middle moved: not the same axis
  const moved = day.times.slice();
  moved[40] = moved[40]! + 60_000;
  const third = decodeTimeseries(encodeTimeseries(day.with({ times: moved })), { times: shared });
  assert.ok(third.times.buffer !== first.times.buffer);
  assert.is(third.times[40], moved[40]);
  // without the option every series has its own
  assert.ok(decodeTimeseries(encodeTimeseries(day)).times.buffer !== first.times.buffer);
  // several batches (70,000 quarter-hours: two record batches) are compared batch by batch
  const start = Date.UTC(2024, 0, 1);
  const long = new Timeseries({
    resolution: new Resolution(Frequency.PT15M, CET),
    times: Float64Array.from({ length: 70_000 }, (_, i) => start + i * 900_000),
    values: new Float64Array(70_000).fill(1),
  });
  const a = decodeTimeseries(encodeTimeseries(long), { times: shared });
  assert.ok(decodeTimeseries(encodeTimeseries(long), { times: shared }).times.buffer === a.times.buffer);
  assert.is(a.times[69_999], start + 69_999 * 900_000);
});

test('an ensemble with curve, instance and named scenarios keeps every member of the JSON answer', () => {
  const json = {
    curve: FORECAST_CURVE,
    resolution: { frequency: 'P1D', timezone: 'CET' },
    instance: { issued: '2020-06-01T00:00:00+00:00', tag: 'gfs-ens', scenarios: 3, created: '2020-06-01T07:40:00+02:00', modified: null },
    contract: null,
    scenario_names: ['low', 'mid', 'high'],
    unit: 'MWh/h',
    denominator: null,
    data: [
      { d: '2020-06-02T00:00:00+02:00', v: 4249.56, s: [4230.24, 4200.12, 3958.99] },
      { d: '2020-06-03T00:00:00+02:00', v: null, s: [5438.17, null, 4628.31] },
    ],
  };
  const ts = parseTimeseries(json);
  const bytes = encodeTimeseries(ts);
  const table = tableFromIPC(bytes);
  assert.equal(
    table.schema.fields.map((f) => f.name),
    ['date', 'value', 'low', 'mid', 'high'],
  );
  const back = decodeTimeseries(bytes);
  same(back, ts);
  assert.equal(serializeTimeseries(back), json);
  assert.is(back.instance?.tag, 'gfs-ens');
});

test('a scenarios-only series has no value column and stays scenarios-only', () => {
  const ts = new Timeseries({
    resolution: new Resolution(Frequency.P1D, CET),
    times: [Date.UTC(2024, 0, 1, -1)],
    values: null,
    scenarios: [[1], [null]],
  });
  const bytes = encodeTimeseries(ts);
  assert.equal(
    tableFromIPC(bytes).schema.fields.map((f) => f.name),
    ['date', 'e00', 'e01'],
  );
  const back = decodeTimeseries(bytes);
  assert.not.ok(back.hasValues());
  same(back, ts);
});

test('an empty series and an empty list round-trip', () => {
  const empty = new Timeseries({ resolution: new Resolution(Frequency.PT1H, zoneByName('Europe/Gas_Day')), times: [], values: [] });
  const back = decodeTimeseries(encodeTimeseries(empty));
  assert.is(back.length, 0);
  assert.is(back.resolution.timezone, 'Europe/Gas_Day');
  same(back, empty);
  assert.is(decodeTimeseriesList(encodeTimeseriesList([])).length, 0);
});

test('a list keeps its members in order, with a member column and one batch group each', () => {
  const a = dstDay();
  const b = new Timeseries({ resolution: a.resolution, times: a.times.slice(0, 4), values: null, scenarios: [[1, 2, 3, 4]] });
  const c = new Timeseries({ resolution: a.resolution, times: [], values: [] });
  const bytes = encodeTimeseriesList([a, c, b]);
  const table = tableFromIPC(bytes);
  assert.equal(
    table.schema.fields.map((f) => f.name),
    ['member', 'date', 'value', 'e00'],
  );
  assert.is(table.getChild('member').at(92), 2);
  const back = decodeTimeseriesList(bytes);
  assert.is(back.length, 3);
  same(back[0] as Timeseries, a);
  same(back[1] as Timeseries, c);
  same(back[2] as Timeseries, b);
});

test('long series are cut into record batches of 65,536 rows and read back whole', () => {
  const n = 140_000;
  const times = Float64Array.from({ length: n }, (_, i) => Date.UTC(2020, 0, 1) + i * 900_000);
  const values = Float64Array.from({ length: n }, (_, i) => Math.sin(i));
  const ts = new Timeseries({ resolution: new Resolution(Frequency.PT15M, zoneByName('UTC')), times, values });
  const bytes = encodeTimeseries(ts);
  assert.is(tableFromIPC(bytes).getChild('date').data.length, 3);
  same(decodeTimeseries(bytes), ts);
});

/** A batch's times as `given` makes them. */
function timesFor(times: Float64Array, start: number, end: number, given: TimesGiven): Float64Array {
  if (given === 'copy') return times.subarray(start, end);
  if (given === 'own') return times.slice(start, end);
  const words = epochInt64(times, start, end);
  return new Float64Array(words.buffer, words.byteOffset, end - start);
}

/**
 * The pieces of a TimeseriesStream fed `size` rows at a time, joined (`own`: copies of the times,
 * given away; `int64`: the times' int64 values, made here, as the embedded store hands them over).
 */
function streamed(ts: Timeseries, size: number, given: TimesGiven = 'copy'): Uint8Array {
  const empty = new Float64Array(0);
  const head = new Timeseries({
    resolution: ts.resolution,
    curve: ts.curve,
    unit: ts.unit,
    denominator: ts.denominator,
    times: empty,
    values: ts.hasValues() ? empty : null,
    scenarios: ts.scenarios.map(() => empty),
    scenarioNames: ts.scenarioNames,
  });
  const out = new TimeseriesStream(head, ts.length);
  const parts = [out.start()];
  const values = ts.valuesOrNull();
  for (let start = 0; start < Math.max(1, ts.length); start += size) {
    const end = Math.min(ts.length, start + size);
    parts.push(
      ...out.batch(
        {
          times: timesFor(ts.times, start, end, given),
          values: values === null ? null : values.subarray(start, end),
          scenarios: ts.scenarios.map((s) => s.subarray(start, end)),
        },
        given,
      ),
    );
  }
  parts.push(out.end());
  return Buffer.concat(parts);
}

test('epochInt64: epoch ms as int64 across the 32-bit words, negatives included, into new memory or over the times', () => {
  // hand-written: 2^32 - 1, 2^32, -1 ms, 1969-12-31 00:00Z, 2024-01-01 00:00 CET, +/- 2^53
  const times = Float64Array.of(4294967295, 4294967296, -1, -86_400_000, 1_704_063_600_000, 2 ** 53, -(2 ** 53));
  const expected = [4294967295n, 4294967296n, -1n, -86400000n, 1704063600000n, 9007199254740992n, -9007199254740992n];
  assert.equal([...epochInt64(times, 0, times.length)], expected);
  assert.is(times[2], -1, 'the times are left alone');
  assert.equal([...epochInt64(times, 1, 3)], expected.slice(1, 3));
  const own = times.slice();
  const over = epochInt64(own, 2, 5, true);
  assert.is(over.buffer, own.buffer);
  assert.equal([...new BigInt64Array(own.buffer, 16, 3)], expected.slice(2, 5));
  assert.equal([...own.subarray(0, 2)], [4294967295, 4294967296], 'rows before the range are left alone');
});

test('a series written batch by batch (TimeseriesStream) is byte for byte the whole-series stream', () => {
  const n = 140_000;
  const times = Float64Array.from({ length: n }, (_, i) => Date.UTC(2020, 0, 1) + i * 900_000);
  const values = Float64Array.from({ length: n }, (_, i) => (i % 9 === 0 ? Number.NaN : i / 4));
  const long = new Timeseries({ resolution: new Resolution(Frequency.PT15M, CET), times, values, unit: 'MWh/h' });
  const climate = new Timeseries({
    resolution: new Resolution(Frequency.PT15M, CET),
    times: times.subarray(0, 300),
    values: null,
    scenarios: [values.subarray(0, 300), values.subarray(300, 600)],
    scenarioNames: ['1991', '1992'],
  });
  const empty = new Timeseries({
    resolution: new Resolution(Frequency.PT15M, CET),
    times: new Float64Array(0),
    values: new Float64Array(0),
  });
  for (const ts of [long, dstDay(), climate, empty]) {
    const bytes = streamed(ts, TimeseriesStream.batchRows);
    assert.ok(Buffer.from(encodeTimeseries(ts)).equals(bytes), `${ts.length} rows`);
    // times given away: their Arrow form written over them, the same bytes
    assert.ok(Buffer.from(encodeTimeseries(ts)).equals(streamed(ts, TimeseriesStream.batchRows, 'own')), `${ts.length} rows, own times`);
    // times given as their int64 values: the same bytes again
    assert.ok(
      Buffer.from(encodeTimeseries(ts)).equals(streamed(ts, TimeseriesStream.batchRows, 'int64')),
      `${ts.length} rows, int64 times`,
    );
    same(decodeTimeseries(bytes), ts);
  }
  // other batch sizes make another valid stream of the same series
  same(decodeTimeseries(streamed(long, 10_000)), long);
  const out = new TimeseriesStream(long, 3);
  assert.throws(() => out.batch({ times, values: null, scenarios: [] }), /value column/);
});

test('a cut stream, bytes of another shape or no Arrow at all are ParseExceptions, never a short series', () => {
  const n = 140_000;
  const times = Float64Array.from({ length: n }, (_, i) => Date.UTC(2020, 0, 1) + i * 900_000);
  const ts = new Timeseries({ resolution: new Resolution(Frequency.PT15M, zoneByName('UTC')), times, values: new Float64Array(n) });
  const bytes = encodeTimeseries(ts);
  for (const cut of [bytes.byteLength - 100, Math.floor(bytes.byteLength / 2), 600]) {
    assert.throws(
      () => decodeTimeseries(bytes.subarray(0, cut)),
      (e: unknown) => e instanceof ParseException,
      `cut at ${cut}`,
    );
  }
  assert.throws(() => decodeTimeseriesList(bytes), /expected shape timeseries-list, got "timeseries"/);
  assert.throws(
    () => decodeTimeseries(new TextEncoder().encode('{"curve": null}')),
    (e: unknown) => e instanceof ParseException,
  );
});

/** Random series: grid steps in a random zone, random missing values and scenarios. */
const seriesArb = fc
  .record({
    zone: fc.constantFrom('CET', 'UTC', 'Europe/London', 'America/New_York', 'Europe/Gas_Day'),
    start: fc.integer({ min: 0, max: 2000 }),
    cells: fc.array(fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }), { maxLength: 60 }),
    scenarios: fc.integer({ min: 0, max: 3 }),
    values: fc.boolean(),
  })
  .map(({ zone, start, cells, scenarios, values }) => {
    const t0 = Date.UTC(2020, 0, 1) + start * 3_600_000;
    const times = cells.map((_, i) => t0 + i * 3_600_000);
    const scen = Array.from({ length: scenarios }, (_, k) => cells.map((c) => (c === null ? null : c + k)));
    return new Timeseries({
      resolution: new Resolution(Frequency.PT1H, zoneByName(zone)),
      times,
      values: values || scenarios === 0 ? cells : null,
      scenarios: scen,
    });
  });

test('property: random series and lists survive Arrow exactly and JSON equally', () => {
  fc.assert(
    fc.property(seriesArb, (ts) => {
      const viaJson = parseTimeseries(JSON.parse(JSON.stringify(serializeTimeseries(ts))));
      const viaArrow = decodeTimeseries(encodeTimeseries(ts));
      // Arrow keeps even what JSON cannot say (an empty scenarios-only series), so it is compared
      // with the original, and both are compared as JSON text
      return viaArrow.equals(ts) && JSON.stringify(serializeTimeseries(viaArrow)) === JSON.stringify(serializeTimeseries(viaJson));
    }),
    { numRuns: 150 },
  );
  fc.assert(
    fc.property(fc.array(seriesArb, { maxLength: 4 }), (members) => {
      const list = members.filter((m) => m.resolution.frequency.equals(Frequency.PT1H));
      const viaJson = parseTimeseriesList(JSON.parse(JSON.stringify(serializeTimeseriesList(list))));
      const viaArrow = decodeTimeseriesList(encodeTimeseriesList(list));
      return JSON.stringify(serializeTimeseriesList(viaArrow)) === JSON.stringify(serializeTimeseriesList(viaJson));
    }),
    { numRuns: 60 },
  );
});

test.run();
