import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  addDays,
  addMonths,
  dayStarts,
  localDate,
  localMidnight,
  monthDates,
  parseAnchor,
  weekday,
  zoneOffset,
} from '../../../server/src/demo/demo-time';
import { ValueError } from '../../../src/exceptions';

test('local midnights in CET, WET and the gas day (offsets worked out by hand)', () => {
  // 2024-07-01 00:00 CEST (+02:00) = 2024-06-30T22:00Z
  assert.is(localMidnight('2024-07-01', 'CET'), Date.UTC(2024, 5, 30, 22));
  // 2024-01-15 00:00 CET (+01:00) = 2024-01-14T23:00Z
  assert.is(localMidnight('2024-01-15', 'CET'), Date.UTC(2024, 0, 14, 23));
  // 2024-07-01 00:00 WEST (+01:00) = 2024-06-30T23:00Z; in winter WET is UTC
  assert.is(localMidnight('2024-07-01', 'WET'), Date.UTC(2024, 5, 30, 23));
  assert.is(localMidnight('2024-01-15', 'WET'), Date.UTC(2024, 0, 15, 0));
  // gas day 2024-01-15 starts 06:00 CET = 05:00Z; gas day 2024-07-01 starts 06:00 CEST = 04:00Z
  assert.is(localMidnight('2024-01-15', 'Europe/Gas_Day'), Date.UTC(2024, 0, 15, 5));
  assert.is(localMidnight('2024-07-01', 'Europe/Gas_Day'), Date.UTC(2024, 6, 1, 4));
  // 05:30Z on 2024-01-15 is 06:30 CET: gas day 2024-01-15; 04:30Z is 05:30 CET: still gas day 2024-01-14
  assert.is(localDate(Date.UTC(2024, 0, 15, 5, 30), 'Europe/Gas_Day'), '2024-01-15');
  assert.is(localDate(Date.UTC(2024, 0, 15, 4, 30), 'Europe/Gas_Day'), '2024-01-14');
  assert.is(zoneOffset('Europe/Gas_Day', Date.UTC(2024, 0, 15)), -5 * 3600000);
});

test('DST days are 23 and 25 hours long in CET', () => {
  const spring = dayStarts('2024-03-31', '2024-04-02', 'CET');
  assert.is(spring[1]! - spring[0]!, 23 * 3600000);
  const autumn = dayStarts('2024-10-27', '2024-10-29', 'CET');
  assert.is(autumn[1]! - autumn[0]!, 25 * 3600000);
});

test('date arithmetic', () => {
  assert.is(addDays('2024-02-28', 2), '2024-03-01');
  assert.is(addDays('2025-01-01', -1), '2024-12-31');
  assert.is(addMonths('2024-05-31', -3), '2024-02-29');
  assert.is(addMonths('2023-01-31', 1), '2023-02-28');
  assert.is(addMonths('2024-11-15', 3), '2025-02-15');
  assert.equal(monthDates('2024-01-15', '2024-04-01'), ['2024-02-01', '2024-03-01']);
  assert.is(weekday('2024-03-31'), 7);
  assert.is(weekday('2024-04-01'), 1);
});

test('anchor: a valid date, or today in UTC from the clock', () => {
  assert.is(
    parseAnchor('2025-03-15', () => 0),
    '2025-03-15',
  );
  // 2025-01-15T23:30Z is still 15 January in UTC
  assert.is(
    parseAnchor(undefined, () => Date.UTC(2025, 0, 15, 23, 30)),
    '2025-01-15',
  );
  for (const bad of ['2025-02-29', '2025-13-01', '15.01.2025', '']) {
    assert.throws(
      () => parseAnchor(bad, () => 0),
      (e: unknown) => e instanceof ValueError,
      bad,
    );
  }
});

test.run();
