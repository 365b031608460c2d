// Long ranges split on step boundaries in Europe/Berlin, edges worked out by hand: the spring
// and autumn changes (15-minute and hourly steps), a 25-hour day (daily steps), month ends
// (monthly steps), and the number of steps one request may ask for.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../src/exceptions';
import { Frequency, zoneByName } from '../../../src/time';
import { parseDateTimeText, rangeChunks, stepsPerRequest } from '../../../src/wire';

const BERLIN = zoneByName('Europe/Berlin');
const chunks = (begin: string, end: string, frequency: Frequency, steps?: number) =>
  rangeChunks(parseDateTimeText(begin)!, parseDateTimeText(end)!, frequency, BERLIN, steps).map((c) => [c.begin, c.end]);

test('15-minute steps across the spring change: 02:00-03:00 does not exist, an hour is four steps', () => {
  // 01:00+01:00 = 00:00Z; four steps later 01:00Z = 03:00+02:00; the end 04:00+02:00 = 02:00Z
  assert.equal(chunks('2024-03-31 01:00', '2024-03-31 04:00', Frequency.PT15M, 4), [
    ['2024-03-31 01:00:00+01:00', '2024-03-31 03:00:00+02:00'],
    ['2024-03-31 03:00:00+02:00', '2024-03-31 04:00:00+02:00'],
  ]);
});

test('hourly steps across the autumn change: the edge is the second 02:00', () => {
  // 00:00+02:00 = 2024-10-26T22:00Z; 3 steps: 22Z, 23Z, 00Z; the edge 01:00Z = 02:00+01:00
  assert.equal(chunks('2024-10-27 00:00', '2024-10-27 05:00', Frequency.PT1H, 3), [
    ['2024-10-27 00:00:00+02:00', '2024-10-27 02:00:00+01:00'],
    ['2024-10-27 02:00:00+01:00', '2024-10-27 05:00:00+01:00'],
  ]);
  // a begin inside a step: steps are counted from the step that holds it (00:00+02:00)
  assert.equal(chunks('2024-10-27 00:30', '2024-10-27 03:00', Frequency.PT1H, 2), [
    ['2024-10-27 00:30:00+02:00', '2024-10-27 02:00:00+02:00'],
    ['2024-10-27 02:00:00+02:00', '2024-10-27 03:00:00+01:00'],
  ]);
});

test('daily steps: the 25-hour 2024-10-27 and the 23-hour 2024-03-31 are one chunk each', () => {
  assert.equal(chunks('2024-10-26', '2024-10-29', Frequency.P1D, 1), [
    ['2024-10-26 00:00:00+02:00', '2024-10-27 00:00:00+02:00'],
    ['2024-10-27 00:00:00+02:00', '2024-10-28 00:00:00+01:00'],
    ['2024-10-28 00:00:00+01:00', '2024-10-29 00:00:00+01:00'],
  ]);
  assert.equal(chunks('2024-03-30', '2024-04-01', Frequency.P1D, 1), [
    ['2024-03-30 00:00:00+01:00', '2024-03-31 00:00:00+01:00'],
    ['2024-03-31 00:00:00+01:00', '2024-04-01 00:00:00+02:00'],
  ]);
});

test('monthly steps end on month ends, the first chunk starting mid-month', () => {
  assert.equal(chunks('2024-01-15', '2024-05-01', Frequency.P1M, 2), [
    ['2024-01-15 00:00:00+01:00', '2024-03-01 00:00:00+01:00'],
    ['2024-03-01 00:00:00+01:00', '2024-05-01 00:00:00+02:00'],
  ]);
  // the leap-year February: 2024-02-29 ends with the month
  assert.equal(chunks('2024-02-01', '2024-03-15', Frequency.P1M, 1), [
    ['2024-02-01 00:00:00+01:00', '2024-03-01 00:00:00+01:00'],
    ['2024-03-01 00:00:00+01:00', '2024-03-15 00:00:00+01:00'],
  ]);
});

test('without chunkSteps a range is split at the per-request limit; offsets in the texts count', () => {
  assert.is(stepsPerRequest(Frequency.PT15M), 500_000);
  // 36,525 days of at most 25 hours: 35,064 days; of months of at most 31 days and an hour: 1,176
  assert.is(stepsPerRequest(Frequency.P1D), 35_064);
  assert.is(stepsPerRequest(Frequency.P1M), 1_176);
  // 500,000 quarter-hours = 5,208 days 8 hours from 2000-01-01T00:00+01:00 (1999-12-31T23:00Z):
  // 2000-01-01T00:00Z + 5,208 days = 2014-04-05T00:00Z, less 1 hour plus 8: 2014-04-05T07:00Z = 09:00+02:00
  assert.equal(chunks('2000-01-01', '2020-01-01', Frequency.PT15M), [
    ['2000-01-01 00:00:00+01:00', '2014-04-05 09:00:00+02:00'],
    ['2014-04-05 09:00:00+02:00', '2020-01-01 00:00:00+01:00'],
  ]);
  assert.equal(chunks('2000-01-01', '2020-01-01', Frequency.PT1H).length, 1);
  // an offset given with the begin is kept as that instant
  assert.equal(chunks('2024-10-27T02:00:00+01:00', '2024-10-27T04:00:00+01:00', Frequency.PT1H, 1), [
    ['2024-10-27 02:00:00+01:00', '2024-10-27 03:00:00+01:00'],
    ['2024-10-27 03:00:00+01:00', '2024-10-27 04:00:00+01:00'],
  ]);
});

test('chunkSteps must be a positive integer', () => {
  for (const bad of [0, -1, 1.5, Number.NaN]) {
    assert.throws(
      () => chunks('2024-01-01', '2024-01-02', Frequency.PT1H, bad),
      (err: unknown) => err instanceof ValidationError && err.parameter === 'chunkSteps',
    );
  }
});

test.run();
