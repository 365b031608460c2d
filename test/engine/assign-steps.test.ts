import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assignSteps, hourFilterMask, offsetSegments } from '../../src/engine';
import { ValueError } from '../../src/exceptions';
import { Filter } from '../../src/model';
import { CET, Frequency } from '../../src/time';

const H = 3_600_000;
// CET days 2024-03-30 (23:00Z on 03-29, +01:00) and 2024-03-31 (23 hours, ends 22:00Z on 03-31)
const bounds = Float64Array.of(Date.UTC(2024, 2, 29, 23), Date.UTC(2024, 2, 30, 23), Date.UTC(2024, 2, 31, 22));
const segments = offsetSegments(CET, bounds[0]!, bounds[2]!);

test('values go to the step holding their start; no mask keeps all', () => {
  const times = Float64Array.of(bounds[0]!, bounds[1]! - 1, bounds[1]!, bounds[2]! - 1);
  assert.equal(Array.from(assignSteps(times, bounds, null, segments)), [0, 0, 1, 1]);
});

test('sparse values skip empty steps', () => {
  const days = Float64Array.of(bounds[0]!, bounds[1]!, bounds[2]!, bounds[2]! + 24 * H);
  const times = Float64Array.of(bounds[0]! + H, days[2]! + 5 * H);
  assert.equal(Array.from(assignSteps(times, days, null, segments)), [0, 2]);
});

test('the PEAK mask reads the local hour across the DST change', () => {
  const mask = hourFilterMask(Filter.PEAK, Frequency.P1D);
  const times = Float64Array.of(
    Date.UTC(2024, 2, 30, 7), // 03-30 08:00+01:00: peak
    Date.UTC(2024, 2, 30, 19), // 03-30 20:00+01:00: not peak
    Date.UTC(2024, 2, 31, 6), // 03-31 08:00+02:00: peak
    Date.UTC(2024, 2, 31, 17), // 03-31 19:00+02:00: peak
    Date.UTC(2024, 2, 31, 18), // 03-31 20:00+02:00: not peak
  );
  assert.equal(Array.from(assignSteps(times, bounds, mask, segments)), [0, -1, 1, 1, -1]);
});

test('unsorted, duplicate or out-of-range times are a ValueError', () => {
  const isValueError = (e: unknown) => e instanceof ValueError;
  assert.throws(() => assignSteps(Float64Array.of(bounds[1]!, bounds[0]!), bounds, null, segments), isValueError);
  assert.throws(() => assignSteps(Float64Array.of(bounds[1]!, bounds[1]!), bounds, null, segments), isValueError);
  assert.throws(() => assignSteps(Float64Array.of(bounds[0]! - H), bounds, null, segments), isValueError);
  assert.throws(() => assignSteps(Float64Array.of(bounds[2]!), bounds, null, segments), isValueError);
  assert.throws(() => assignSteps(Float64Array.of(NaN), bounds, null, segments), isValueError);
});

test.run();
