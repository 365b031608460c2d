import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { frontNumbers, pickRows, selectContract } from '../../../src/engine/ohlc';
import { D } from './days';

// Month contracts listed on Wed 2024-01-31 and on Thu 2024-02-01 (the first trading day of
// February). On 01-31 Feb, Mar and Apr all start after the day: fronts 1, 2, 3. On 02-01 the
// February contract starts on the day itself, so it is no longer counted (front 0: in delivery);
// March becomes front 1, April 2, May 3.
const traded = Float64Array.of(D.jan31, D.jan31, D.jan31, D.feb1, D.feb1, D.feb1, D.feb1);
const period = ['month', 'month', 'month', 'month', 'month', 'month', 'month'];
const delivery = Float64Array.of(D.feb1, D.mar1, D.apr1, D.feb1, D.mar1, D.apr1, D.may1);

test('front numbering before and after a month boundary', () => {
  assert.equal(Array.from(frontNumbers(traded, period, delivery)), [1, 2, 3, 0, 1, 2, 3]);
});

test('rows in any order, periods counted separately and case-insensitively', () => {
  // Thu 2024-02-01: day contracts for Fri 02-02 (front 1) and Sat 02-03 (front 2); quarter Q2 (from
  // 2024-04-01) is the first quarter starting after the day (front 1), Q3 front 2.
  const t = Float64Array.of(D.feb1, D.feb1, D.feb1, D.feb1, D.feb1);
  const p = ['Quarter', 'day', 'quarter', 'DAY', 'month'];
  const d = Float64Array.of(D.jul1, D.feb3, D.apr1, D.feb2, D.mar1);
  assert.equal(Array.from(frontNumbers(t, p, d)), [2, 2, 1, 1, 1]);
});

test('rows already in store order (one check, no sort) number as the same rows shuffled', () => {
  // 3 trading days x (4 months + 2 quarters), in the order the stores return them
  const days = [D.jan31, D.feb1, D.feb5];
  const rows: [number, string, number][] = days.flatMap((day) => [
    ...[D.feb1, D.mar1, D.apr1, D.may1].map((d): [number, string, number] => [day, 'month', d]),
    ...[D.apr1, D.jul1].map((d): [number, string, number] => [day, 'quarter', d]),
  ]);
  const number = (xs: [number, string, number][]) =>
    frontNumbers(
      Float64Array.from(xs, (r) => r[0]),
      xs.map((r) => r[1]),
      Float64Array.from(xs, (r) => r[2]),
    );
  const inOrder = Array.from(number(rows));
  assert.equal(inOrder.slice(0, 6), [1, 2, 3, 4, 1, 2]);
  assert.equal(inOrder.slice(6, 12), [0, 1, 2, 3, 1, 2]);
  // a fixed shuffle (reversed, then every other row first) gives each row the same front
  const order = rows.map((_, i) => i).reverse();
  const shuffled = [...order.filter((_, k) => k % 2 === 0), ...order.filter((_, k) => k % 2 === 1)];
  const fronts = number(shuffled.map((i) => rows[i] as [number, string, number]));
  assert.equal(
    shuffled.map((_, k) => fronts[k]),
    shuffled.map((i) => inOrder[i]),
  );
});

test('only the latest contract in delivery gets front 0, older ones none', () => {
  const t = Float64Array.of(D.feb5, D.feb5, D.feb5);
  const d = Float64Array.of(D.feb1, D.feb2, D.feb6);
  assert.equal(Array.from(frontNumbers(t, ['day', 'day', 'day'], d)), [-1, 0, 1]);
  assert.equal(frontNumbers(new Float64Array(0), [], new Float64Array(0)).length, 0);
});

test('selectContract follows the front across the roll, or one delivery', () => {
  const fronts = frontNumbers(traded, period, delivery);
  // front 1 is February on 01-31 (row 0) and March on 02-01 (row 4)
  assert.equal(Array.from(selectContract(period, delivery, fronts, { period: 'MONTH', front: 1 })), [0, 4]);
  // the March contract on both days (rows 1 and 4)
  assert.equal(Array.from(selectContract(period, delivery, fronts, { period: 'month', delivery: D.mar1 })), [1, 4]);
  assert.equal(Array.from(selectContract(period, delivery, fronts, { period: 'quarter', front: 1 })), []);
  // the settlements of front 1 on both days
  assert.equal(Array.from(pickRows(Float64Array.of(60, 55, 50, 0, 56, 51, 48), Int32Array.of(0, 4))), [60, 56]);
});

test.run();
