import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { crpsOfSorted, ErrorSums, rankOfSorted } from '../../../src/engine';

/** CRPS from its definition: mean |x - y| minus half the mean |xi - xj| over all pairs. */
function crpsByDefinition(members: number[], y: number): number {
  const m = members.length;
  let abs = 0;
  let pairs = 0;
  for (const x of members) {
    abs += Math.abs(x - y);
    for (const z of members) pairs += Math.abs(x - z);
  }
  return abs / m - pairs / (2 * m * m);
}

test('the sorted closed form of CRPS equals the definition', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 30 }),
      fc.integer({ min: -1200, max: 1200 }),
      (xs, y) => {
        const sorted = Float64Array.from(xs).sort();
        return Math.abs(crpsOfSorted(sorted, y) - crpsByDefinition(xs, y)) < 1e-9;
      },
    ),
  );
  // one member: the absolute error
  assert.is(crpsOfSorted(Float64Array.of(5), 2), 3);
});

test('rank: members below, ties split without randomness', () => {
  assert.is(rankOfSorted(Float64Array.of(1, 2, 4), 0), 0);
  assert.is(rankOfSorted(Float64Array.of(1, 2, 4), 9), 3);
  assert.is(rankOfSorted(Float64Array.of(1, 2, 2, 4), 2), 2);
});

test('sums merge: two halves equal the whole', () => {
  const whole = new ErrorSums();
  const [a, b] = [new ErrorSums(), new ErrorSums()];
  const pairs = [
    [3, 1, 2],
    [0, 4, Number.NaN],
    [5, 5, 6],
  ] as const;
  pairs.forEach(([f, y, r], i) => {
    whole.add(f, y, r);
    (i < 2 ? a : b).add(f, y, r);
  });
  a.merge(b);
  assert.equal([a.mae(), a.rmse(), a.bias(), a.skill()], [whole.mae(), whole.rmse(), whole.bias(), whole.skill()]);
  assert.is(a.mape(), (100 * (2 / 1 + 4 / 4 + 0)) / 3);
});

test.run();
