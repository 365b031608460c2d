import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pivotMembers, sortByTime } from '../../../server/src/store/pivot-members';

const f = (...xs: number[]) => Float64Array.from(xs);

test('rows in any order become one time-ordered column per member, shared times kept', () => {
  // members 12 (mean) and 10, 11; rows shuffled, one missing value stored as NaN
  const sid = f(11, 10, 12, 10, 11, 12, 10, 11, 12);
  const ts = f(200, 100, 300, 300, 100, 100, 200, 300, 200);
  const v = f(2.2, 1.1, 3.3, 3.1, 1.2, 1.3, 2.1, NaN, 2.3);
  const { times, columns } = pivotMembers(sid, ts, v, [12, 10, 11]);
  assert.equal([...times], [100, 200, 300]);
  assert.equal([...(columns[0] as Float64Array)], [1.3, 2.3, 3.3]);
  assert.equal([...(columns[1] as Float64Array)], [1.1, 2.1, 3.1]);
  assert.equal([...(columns[2] as Float64Array)].map(String), ['1.2', '2.2', 'NaN']);
});

test('members with different times are filled in on the union of the times', () => {
  const { times, columns } = pivotMembers(f(5, 6, 5, 6), f(0, 15, 30, 0), f(1, 2, 3, 4), [5, 6]);
  assert.equal([...times], [0, 15, 30]);
  assert.equal([...(columns[0] as Float64Array)].map(String), ['1', 'NaN', '3']);
  assert.equal([...(columns[1] as Float64Array)].map(String), ['4', '2', 'NaN']);
});

test('a member without rows is all NaN; no rows at all gives no steps', () => {
  const { times, columns } = pivotMembers(f(1, 1), f(10, 20), f(7, 8), [1, 2]);
  assert.equal([...times], [10, 20]);
  assert.equal([...(columns[1] as Float64Array)].map(String), ['NaN', 'NaN']);
  const none = pivotMembers(f(), f(), f(), [3, 4]);
  assert.is(none.times.length, 0);
  assert.equal(
    none.columns.map((c) => c.length),
    [0, 0],
  );
});

test('contiguous runs per member, in any member order, come back as views without copies', () => {
  // member 12's run, then 10's, then 11's; each time-ordered on the same times
  const sid = f(12, 12, 10, 10, 11, 11);
  const ts = f(0, 15, 0, 15, 0, 15);
  const v = f(5, 6, 1, 2, 3, 4);
  const { times, columns } = pivotMembers(sid, ts, v, [10, 11, 12]);
  assert.equal([...times], [0, 15]);
  assert.equal(
    columns.map((c) => [...c]),
    [
      [1, 2],
      [3, 4],
      [5, 6],
    ],
  );
  assert.ok(columns[0]?.buffer === v.buffer);
});

test('contiguous runs with different times or out of order take the general path', () => {
  const shifted = pivotMembers(f(1, 1, 2, 2), f(0, 15, 15, 30), f(1, 2, 3, 4), [1, 2]);
  assert.equal([...shifted.times], [0, 15, 30]);
  assert.equal([...(shifted.columns[1] as Float64Array)].map(String), ['NaN', '3', '4']);
  const backwards = pivotMembers(f(1, 1, 2, 2), f(15, 0, 0, 15), f(2, 1, 3, 4), [1, 2]);
  assert.equal([...backwards.times], [0, 15]);
  assert.equal([...(backwards.columns[0] as Float64Array)], [1, 2]);
});

test('sortByTime keeps sorted columns as they are and sorts the others', () => {
  const ts = f(1, 2, 3);
  assert.ok(sortByTime(ts, f(4, 5, 6))[0] === ts);
  const [t, v] = sortByTime(f(3, 1, 2), f(30, 10, 20));
  assert.equal([...t], [1, 2, 3]);
  assert.equal([...v], [10, 20, 30]);
});

test.run();
