// Arrow answers from the client cache (src/client/sections/cached-arrow.ts): a time series or a
// list of them is decoded once per cached entry and each load gets columns of its own; other
// answers are decoded from a copy; the cache's bytes are never changed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Periodseries, Timeseries, TimeseriesList } from '../../../src/model';
import { CET, Frequency, Resolution } from '../../../src/time';
import { decodeCached } from '../../../src/client/sections/cached-arrow';
import {
  decodePeriodseries,
  decodeTimeseries,
  decodeTimeseriesList,
  encodePeriodseries,
  encodeTimeseries,
  encodeTimeseriesList,
} from '../../../src/wire/arrow';

// 2024-01-15 00:00 CET, hourly
const T0 = Date.UTC(2024, 0, 14, 23);
const H = 3_600_000;
const series = (offset: number) =>
  new Timeseries({
    resolution: new Resolution(Frequency.PT1H, CET),
    times: Float64Array.from({ length: 3 }, (_, i) => T0 + i * H),
    values: Float64Array.of(offset + 1, offset + 2, offset + 3),
    scenarios: [Float64Array.of(offset + 10, offset + 20, offset + 30)],
    scenarioNames: ['e00'],
    unit: 'MWh/h',
  });

test('a cached time series is decoded once; each load owns its columns; the bytes stay as they were', () => {
  const bytes = encodeTimeseries(series(0));
  const before = Uint8Array.from(bytes);
  const entry = {};
  let calls = 0;
  const counting = (b: Uint8Array) => {
    calls++;
    return decodeTimeseries(b);
  };
  // the decoder is known by identity: a wrapper is treated as another kind (decoded from a copy)
  decodeCached(entry, bytes, counting);
  decodeCached(entry, bytes, counting);
  assert.is(calls, 2);
  const first = decodeCached(entry, bytes, decodeTimeseries);
  first.values[0] = -1;
  first.times[0] = 0;
  (first.scenarios[0] as Float64Array)[2] = -3;
  const second = decodeCached(entry, bytes, decodeTimeseries);
  assert.ok(second.equals(series(0)));
  assert.equal([...second.values], [1, 2, 3]);
  assert.equal(second.scenarioNames, ['e00']);
  assert.equal(bytes, before);
  // another entry is decoded on its own
  assert.equal([...decodeCached({}, encodeTimeseries(series(5)), decodeTimeseries).values], [6, 7, 8]);
});

test('a cached list of series: copies of every member, the frequency kept', () => {
  const bytes = encodeTimeseriesList(new TimeseriesList([series(0), series(100)]));
  const before = Uint8Array.from(bytes);
  const entry = {};
  const first = decodeCached(entry, bytes, decodeTimeseriesList);
  (first[1] as Timeseries).values[0] = -1;
  const second = decodeCached(entry, bytes, decodeTimeseriesList);
  assert.equal(
    [...second].map((ts) => [...ts.values]),
    [
      [1, 2, 3],
      [101, 102, 103],
    ],
  );
  assert.is(second.frequency, first.frequency);
  assert.equal(bytes, before);
});

test('other answers are decoded from a copy of the bytes each time', () => {
  const ps = new Periodseries({
    resolution: new Resolution(Frequency.P1D, CET),
    begins: Float64Array.of(T0),
    ends: Float64Array.of(T0 + 24 * H),
    values: Float64Array.of(42),
  });
  const bytes = encodePeriodseries(ps);
  const before = Uint8Array.from(bytes);
  const entry = {};
  const first = decodeCached(entry, bytes, decodePeriodseries);
  (first.values as Float64Array)[0] = -1;
  assert.equal([...decodeCached(entry, bytes, decodePeriodseries).values], [42]);
  assert.equal(bytes, before);
});

test.run();
