import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CET, GAS_DAY } from '../../src/time';
import {
  DAY_MS,
  civilFromDays,
  daysFromCivil,
  daysInMonth,
  localMillis,
  localToInstant,
  localToInstantNear,
  mod,
} from '../../src/time/wall-clock';

const cet = (ms: number) => CET.offset(ms);

test('day numbers of known dates', () => {
  assert.is(daysFromCivil(1970, 1, 1), 0);
  assert.is(daysFromCivil(1969, 12, 31), -1);
  assert.is(daysFromCivil(2000, 3, 1), 11017); // 30 years (7 leap days) + Jan + Feb 2000 (29 days)
  assert.is(daysFromCivil(2024, 3, 31), 19813);
  assert.equal(civilFromDays(19813), [2024, 3, 31]);
  assert.equal(civilFromDays(-1), [1969, 12, 31]);
  assert.equal(civilFromDays(daysFromCivil(1600, 2, 29)), [1600, 2, 29]);
});

test('day numbers agree with Date.UTC for every day 1890-2110', () => {
  for (let d = daysFromCivil(1890, 1, 1); d <= daysFromCivil(2110, 12, 31); d++) {
    const [y, m, day] = civilFromDays(d);
    if (Date.UTC(y, m - 1, day) !== d * DAY_MS) assert.unreachable(`day ${d} -> ${y}-${m}-${day}`);
  }
});

test('daysInMonth, mod, localMillis', () => {
  assert.equal(
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2023, m)),
    [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31],
  );
  assert.is(daysInMonth(2024, 2), 29);
  assert.is(daysInMonth(1900, 2), 28);
  assert.is(daysInMonth(2000, 2), 29);
  assert.is(mod(-1, 7), 6);
  assert.is(mod(14, 7), 0);
  assert.is(localMillis(2024, 3, 31, 2, 30, 15, 500), Date.UTC(2024, 2, 31, 2, 30, 15, 500));
});

test('localToInstant: plain, gap (forward), ambiguous (standard time)', () => {
  // 2024-07-01 12:00 CEST = 10:00Z
  assert.is(localToInstant(Date.UTC(2024, 6, 1, 12), cet), Date.UTC(2024, 6, 1, 10));
  // 2024-03-31 02:30 does not exist; read with +01:00 -> 01:30Z (= 03:30+02:00)
  assert.is(localToInstant(Date.UTC(2024, 2, 31, 2, 30), cet), Date.UTC(2024, 2, 31, 1, 30));
  // 2024-03-31 03:00 exists (+02:00) -> 01:00Z; 01:59 exists (+01:00) -> 00:59Z
  assert.is(localToInstant(Date.UTC(2024, 2, 31, 3), cet), Date.UTC(2024, 2, 31, 1));
  assert.is(localToInstant(Date.UTC(2024, 2, 31, 1, 59), cet), Date.UTC(2024, 2, 31, 0, 59));
  // 2024-10-27 02:30 exists twice (00:30Z and 01:30Z): standard time +01:00 -> 01:30Z
  assert.is(localToInstant(Date.UTC(2024, 9, 27, 2, 30), cet), Date.UTC(2024, 9, 27, 1, 30));
  // gas-day midnights: 2024-03-31 00:00 at -04:00 = 04:00Z
  assert.is(
    localToInstant(Date.UTC(2024, 2, 31), (ms) => GAS_DAY.offset(ms)),
    Date.UTC(2024, 2, 31, 4),
  );
});

test('localToInstantNear keeps the guessed side of the repeated hour', () => {
  // 2024-10-27 02:00 local: guess +02:00 -> 00:00Z; guess +01:00 -> 01:00Z
  assert.is(localToInstantNear(Date.UTC(2024, 9, 27, 2), 120, cet), Date.UTC(2024, 9, 27, 0));
  assert.is(localToInstantNear(Date.UTC(2024, 9, 27, 2), 60, cet), Date.UTC(2024, 9, 27, 1));
  // a wrong guess outside the change is corrected: 2024-07-01 12:00 with guess +01:00 -> 10:00Z
  assert.is(localToInstantNear(Date.UTC(2024, 6, 1, 12), 60, cet), Date.UTC(2024, 6, 1, 10));
  // in the gap it moves forward: 2024-03-31 02:30 -> 01:30Z (03:30+02:00)
  assert.is(localToInstantNear(Date.UTC(2024, 2, 31, 2, 30), 60, cet), Date.UTC(2024, 2, 31, 1, 30));
});

test.run();
