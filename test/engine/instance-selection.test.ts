// Selection rules of docs/semantics.md#instances on hand-built instance columns; every instant and
// wall-clock time is worked out by hand in the comments (CET +01:00 until 2024-03-31 01:00Z,
// +02:00 after).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  RollingFill,
  availableAt,
  instanceColumns,
  knownInstances,
  latestInstance,
  relativeInstances,
  selectInstances,
  timeOfDayIn,
} from '../../src/engine/instance-selection';
import { CET, GAS_DAY, UTC } from '../../src/time';

const H = 3_600_000;
const utc = (day: number, hour: number, minute = 0): number => Date.UTC(2024, 2, day, hour, minute);

// 0: 03-30 00:00Z ec   1: 03-30 12:00Z EC (created 18:00Z)   2: 03-31 00:00Z gfs
// 3: 03-30 11:00Z ec (12:00+01:00)   4: 03-31 10:00Z ''  (12:00+02:00)   5: 03-30 00:00Z ''
const cols = instanceColumns([
  { issued: utc(30, 0), tag: 'ec', created: utc(30, 6), modified: null },
  { issued: utc(30, 12), tag: 'EC', created: utc(30, 18), modified: utc(31, 1) },
  { issued: utc(31, 0), tag: 'gfs', created: null, modified: null },
  { issued: utc(30, 11), tag: 'ec', created: null, modified: null },
  { issued: utc(31, 10), tag: '', created: null, modified: null },
  { issued: utc(30, 0), tag: '', created: utc(30, 5), modified: null },
]);

test('instanceColumns keeps order and turns null times into NaN', () => {
  assert.equal([...cols.issued.slice(0, 2)], [utc(30, 0), utc(30, 12)]);
  assert.equal(cols.tags, ['ec', 'EC', 'gfs', 'ec', '', '']);
  assert.ok(Number.isNaN(cols.created[2]) && Number.isNaN(cols.modified[0]));
  assert.is(cols.modified[1], utc(31, 1));
});

test('selectInstances: newest issued first, ties by tag, or oldest first; limit', () => {
  // issued: 4 (31 10Z) > 2 (31 00Z) > 1 (30 12Z) > 3 (30 11Z) > 5 ('' 30 00Z) = 0 ('ec' 30 00Z)
  assert.equal([...selectInstances(cols)], [4, 2, 1, 3, 5, 0]);
  assert.equal([...selectInstances(cols, {}, { order: 'oldest' })], [5, 0, 3, 1, 2, 4]);
  assert.equal([...selectInstances(cols, {}, { limit: 2 })], [4, 2]);
  assert.equal([...selectInstances(cols, {}, { limit: 0 })], []);
});

test('selectInstances: tags and exclude-tags ignore case; the blank tag is a tag', () => {
  assert.equal([...selectInstances(cols, { tags: ['Ec'] })], [1, 3, 0]);
  assert.equal([...selectInstances(cols, { tags: [''] })], [4, 5]);
  assert.equal([...selectInstances(cols, { excludeTags: ['EC', ''] })], [2]);
  assert.equal([...selectInstances(cols, { tags: ['ec', 'gfs'], excludeTags: ['GFS'] })], [1, 3, 0]);
  assert.equal([...selectInstances(cols, { tags: [] })].length, 6);
});

test('selectInstances: issued-at bounds inclusive, issuedBefore exclusive', () => {
  assert.equal([...selectInstances(cols, { issuedAtEarliest: utc(30, 11), issuedAtLatest: utc(31, 0) })], [2, 1, 3]);
  assert.equal([...selectInstances(cols, { issuedAtEarliest: utc(30, 11) + 1, issuedAtLatest: utc(31, 0) - 1 })], [1]);
  assert.equal([...selectInstances(cols, { issuedAtEarliest: utc(30, 0), issuedBefore: utc(31, 0) }, { order: 'oldest' })], [5, 0, 3, 1]);
});

test('selectInstances: issued-time-of-day on the issue zone wall clock, across the DST change', () => {
  const noon = 12 * H;
  // UTC: only 1 (12:00Z); CET: 3 (11:00Z = 12:00+01:00) and 4 (10:00Z = 12:00+02:00)
  assert.equal([...selectInstances(cols, { issuedTimeOfDay: [noon], zone: UTC })], [1]);
  assert.equal([...selectInstances(cols, { issuedTimeOfDay: [noon], zone: CET })], [4, 3]);
  // two times of day; 03-30 00:00Z and 03-31 00:00Z are both 01:00+01:00 in CET (the change is at 01:00Z)
  assert.equal([...selectInstances(cols, { issuedTimeOfDay: [noon, 1 * H], zone: CET })], [4, 2, 3, 5, 0]);
  assert.equal([...selectInstances(cols, { issuedTimeOfDay: [noon + 1], zone: CET })], []);
});

test('latestInstance: the newest match or -1', () => {
  assert.is(latestInstance(cols, { tags: ['ec'] }), 1);
  assert.is(latestInstance(cols, { tags: ['ec'], issuedAtLatest: utc(30, 11, 59) }), 3);
  assert.is(latestInstance(cols, { tags: ['icon'] }), -1);
});

test('timeOfDayIn reads the wall clock of a zone', () => {
  // 2024-03-31T01:30Z is 03:30+02:00 in CET and 21:30 of the gas day (CET - 6 h)
  assert.is(timeOfDayIn(utc(31, 1, 30), CET), 3.5 * H);
  assert.is(timeOfDayIn(utc(31, 1, 30), GAS_DAY), 21.5 * H);
  assert.is(timeOfDayIn(utc(30, 23, 30), UTC), 23.5 * H);
});

test('relativeInstances: issue day = value day (curve zone) minus days ahead (issue zone)', () => {
  // CET midnights: 03-30 = 03-29T23:00Z, 03-31 = 03-30T23:00Z, 04-01 = 03-31T22:00Z
  const days = Float64Array.of(utc(29, 23), utc(30, 23), utc(31, 22));
  // day-ahead, latest ec: 03-30 <- issued 03-29 (none); 03-31 <- issued 03-30 UTC: 0, 1, 3 -> 1 (12Z); 04-01 <- 03-31: none ec
  assert.equal([...relativeInstances(cols, days, CET, UTC, { tag: 'ec', daysAhead: 1 })], [-1, 1, -1]);
  assert.equal([...relativeInstances(cols, days, CET, UTC, { tag: 'ec', daysAhead: 1, issued: 'earliest' })], [-1, 0, -1]);
  // intraday (0): 03-30 <- 03-30: 1 (latest ec); 03-31 <- 03-31: none ec; any tag: 4 (31 10Z)
  assert.equal([...relativeInstances(cols, days, CET, UTC, { tag: 'EC', daysAhead: 0 })], [1, -1, -1]);
  assert.equal([...relativeInstances(cols, days, CET, UTC, { daysAhead: 0 })], [1, 4, -1]);
  // earliest of any tag: on 03-30, 5 ('') and 0 ('ec') both at 00:00Z -> the first tag, ''; on 03-31, 2 (00Z)
  assert.equal([...relativeInstances(cols, days, CET, UTC, { daysAhead: 0, issued: 'earliest' })], [5, 2, -1]);
});

test('relativeInstances: issue days in a CET issue zone; 23:30Z is the next CET day', () => {
  const late = instanceColumns([{ issued: utc(30, 23, 30), tag: 'ec', created: null, modified: null }]);
  const days = Float64Array.of(utc(29, 23), utc(30, 23), utc(31, 22));
  // 03-30T23:30Z = 2024-03-31 00:30+01:00: issued on 03-31 in CET, on 03-30 in UTC
  assert.equal([...relativeInstances(late, days, CET, CET, { tag: 'ec', daysAhead: 1 })], [-1, -1, 0]);
  assert.equal([...relativeInstances(late, days, CET, UTC, { tag: 'ec', daysAhead: 1 })], [-1, 0, -1]);
});

test('relativeInstances: each time-of-day rule at its boundary', () => {
  const day = Float64Array.of(utc(30, 23)); // 03-31 CET, day-ahead: issued 03-30 UTC
  const rule = { tag: 'ec', daysAhead: 1 };
  // time-of-day exact: 11:00 -> 3; after is inclusive: 12:00 -> 1, 12:00:00.001 -> none
  assert.equal([...relativeInstances(cols, day, CET, UTC, { ...rule, timeOfDay: 11 * H })], [3]);
  assert.equal([...relativeInstances(cols, day, CET, UTC, { ...rule, afterTimeOfDay: 12 * H })], [1]);
  assert.equal([...relativeInstances(cols, day, CET, UTC, { ...rule, afterTimeOfDay: 12 * H + 1 })], [-1]);
  // before is exclusive: 11:00 keeps only 0 (00Z), 11:00:00.001 keeps 3
  assert.equal([...relativeInstances(cols, day, CET, UTC, { ...rule, beforeTimeOfDay: 11 * H })], [0]);
  assert.equal([...relativeInstances(cols, day, CET, UTC, { ...rule, beforeTimeOfDay: 11 * H + 1 })], [3]);
  // modified-at-latest: 1 was modified 03-31 01:00Z (next day) -> never; 3 has no created -> its issue 11:00;
  // 0 created 06:00: at 10:59:59.999 only 0 passes, at 11:00 also 3
  assert.equal([...relativeInstances(cols, day, CET, UTC, { ...rule, modifiedAtLatest: 11 * H - 1 })], [0]);
  assert.equal([...relativeInstances(cols, day, CET, UTC, { ...rule, modifiedAtLatest: 11 * H })], [3]);
  assert.equal([...relativeInstances(cols, day, CET, UTC, { ...rule, modifiedAtLatest: 24 * H - 1 })], [3]);
  assert.equal([...relativeInstances(cols, day, CET, UTC, { ...rule, modifiedAtLatest: 6 * H - 1 })], [-1]);
});

test('knownInstances: the newest issued before the cut-off days-ahead earlier', () => {
  const days = Float64Array.of(utc(29, 23), utc(30, 23), utc(31, 22)); // CET 03-30, 03-31, 04-01
  // one day ahead, no time: issued before 03-30T00Z (none), before 03-31T00Z (1, 12Z), before 04-01T00Z (4, 31st 10Z)
  assert.equal([...knownInstances(cols, days, CET, UTC, { daysAhead: 1 })], [-1, 1, 4]);
  // before 11:00 (exclusive): 3 (issued 11:00Z) is out; 5 and 0 (00Z) tie, the blank tag comes first
  assert.equal([...knownInstances(cols, days, CET, UTC, { daysAhead: 1, beforeTimeOfDay: 11 * H })], [-1, 5, 4]);
  assert.equal([...knownInstances(cols, days, CET, UTC, { daysAhead: 1, beforeTimeOfDay: 11 * H + 1 })], [-1, 3, 4]);
  // intraday: by the end of the day itself
  assert.equal([...knownInstances(cols, days, CET, UTC, { daysAhead: 0 })], [1, 4, 4]);
  // a CET issue zone, before 12:00: on 03-30 that is 11:00Z (1 at 12Z and 3 at 11Z are out: 5, the first of the
  // 00Z pair); on 03-31 it is 12:00 CEST = 10:00Z (4 at 10Z is out: 2, issued 00Z)
  assert.equal([...knownInstances(cols, days, CET, CET, { daysAhead: 1, beforeTimeOfDay: 12 * H })], [-1, 5, 2]);
});

test('availableAt: created, else issued', () => {
  assert.equal([availableAt(cols, 0), availableAt(cols, 2)], [utc(30, 6), utc(31, 0)]);
});

test('RollingFill: newest first, hours-ahead from availability, values that exist only', () => {
  const grid = Float64Array.from({ length: 6 }, (_, i) => utc(30, 6 + i)); // 06Z..11Z
  const at = (from: number, n: number) => Float64Array.from({ length: n }, (_, i) => from + i * H);
  const fill = new RollingFill(grid, 2);
  assert.is(fill.earliest(utc(30, 7)), utc(30, 9));
  // newest: available 07Z, values 06Z..11Z = 10..15 (NaN at 10Z) -> fills 09Z, 11Z
  assert.is(fill.add(4, utc(30, 7), at(utc(30, 6), 6), Float64Array.of(10, 11, 12, 13, NaN, 15)), 2);
  // older: available 03Z + 2 h = from 05Z, values 06Z..10Z = 20..24 -> fills the empty 06Z, 07Z, 08Z, 10Z
  assert.is(fill.add(1, utc(30, 3), at(utc(30, 6), 5), Float64Array.of(20, 21, 22, 23, 24)), 4);
  assert.equal([...fill.values], [20, 21, 22, 13, 24, 15]);
  assert.equal([...fill.source], [1, 1, 1, 4, 1, 4]);
  assert.is(fill.remaining, 0);
  // hours-ahead 0: an instance fills from the moment it is available; a later one cannot fill earlier steps
  const zero = new RollingFill(grid, 0);
  assert.is(zero.add(0, utc(30, 8), at(utc(30, 0), 12), at(100, 12)), 4);
  assert.equal(
    [...zero.values].map((v) => (Number.isNaN(v) ? null : v)),
    [null, null, 100 + 8 * H, 100 + 9 * H, 100 + 10 * H, 100 + 11 * H],
  );
  assert.equal([zero.remaining, zero.source[0]], [2, -1]);
});

test.run();
