import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../src/exceptions';
import { align, Timeseries } from '../../src/model';
import { CET, Frequency, Resolution, UTC } from '../../src/time';

const hourlyCet = new Resolution(Frequency.PT1H, CET);
const H = 3_600_000;
// 2024-03-31 in CET: 00:00 CET = 2024-03-30T23:00Z; 01:00 CET = 00:00Z; 03:00 CEST = 01:00Z; 04:00 CEST = 02:00Z.
const T0 = Date.UTC(2024, 2, 30, 23);
const series = (name: string, first: number, values: (number | null)[], unit = 'MWh/h', denominator: string | null = null): Timeseries =>
  new Timeseries({ resolution: hourlyCet, name, unit, denominator, times: values.map((_, i) => T0 + (first + i) * H), values });
const plain = (x: Float64Array): (number | null)[] => [...x].map((v) => (Number.isNaN(v) ? null : v));
const names = (e: unknown, re: RegExp): boolean => e instanceof ValidationError && re.test(e.message);

test('slice: [begin, end) in the series zone, across the spring-forward hour', () => {
  const a = series('a', 0, [10, 11, 12, 13, 14]); // 00:00, 01:00, 03:00, 04:00, 05:00 local
  const s = a.slice('2024-03-31T01:00', '2024-03-31T04:00');
  assert.equal([...s.times], [T0 + H, T0 + 2 * H]);
  assert.equal(plain(s.values), [11, 12]);
  assert.is(s.name, 'a');
  assert.is(a.slice(null, T0 + H).length, 1);
  assert.is(a.slice(T0 + 3 * H).length, 2);
  assert.is(a.slice('2024-04-02').length, 0);
});

test('map: nulls come in as NaN, null results are missing, scenarios mapped too', () => {
  const a = series('a', 0, [-1, null, 3]);
  assert.equal(plain(a.map((v) => Math.max(v, 0)).values), [0, null, 3]);
  assert.equal(plain(a.map((_v, i, t) => (i === 0 ? null : (t - T0) / H)).values), [null, 1, 2]);
  const ens = new Timeseries({ resolution: hourlyCet, times: [T0], values: [1], scenarios: [[2], [3]] });
  const m = ens.map((v) => v * 10);
  assert.equal([plain(m.values), m.scenarios.map(plain)], [[10], [[20], [30]]]);
});

test('minus: inner join keeps common steps across DST; outer gives the union with nulls', () => {
  const a = series('DE price', 0, [50, 60, 70, 80], 'EUR', 'MWh'); // 23Z..02Z
  const b = series('FR price', 1, [5, 6, 7, 8], 'EUR', 'MWh'); // 00Z..03Z
  const inner = a.minus(b);
  assert.equal([...inner.times], [T0 + H, T0 + 2 * H, T0 + 3 * H]);
  assert.equal(plain(inner.values), [55, 64, 73]);
  assert.equal([inner.name, inner.unit, inner.denominator, inner.curve], ['DE price - FR price', 'EUR', 'MWh', null]);
  const outer = a.minus(b, { join: 'outer', name: 'spread' });
  assert.equal([...outer.times], [T0, T0 + H, T0 + 2 * H, T0 + 3 * H, T0 + 4 * H]);
  assert.equal(plain(outer.values), [null, 55, 64, 73, null]);
  assert.is(outer.name, 'spread');
  assert.equal(plain(a.plus(b).values), [65, 76, 87]);
});

test('numbers: every column, unit and curve kept, name derived', () => {
  const a = series('load', 0, [1000, null]);
  const k = a.multipliedBy(0.001);
  assert.equal(plain(k.values), [1, null]);
  assert.equal([k.name, k.unit], ['load * 0.001', 'MWh/h']);
  assert.equal(plain(a.plus(1).values), [1001, null]);
  assert.equal(plain(a.dividedBy(4).values), [250, null]);
  assert.is(a.minus(b0()).name, 'load - x');
  function b0(): Timeseries {
    return series('x', 0, [1, 1]);
  }
});

test('unit rules: +/- need equal units; times cancels a denominator; dividedBy builds quotes and ratios', () => {
  const load = series('load', 0, [2, 4], 'MWh/h');
  const price = series('price', 0, [50, 60], 'EUR', 'MWh');
  const energy = series('energy', 0, [2, 4], 'MWh');
  assert.throws(
    () => load.minus(price),
    (e: unknown) => names(e, /Cannot subtract 'price' \(EUR\/MWh\) from 'load' \(MWh\/h\): the units differ/),
  );
  assert.throws(
    () => load.plus(series('g', 0, [1, 1], 'GWh/h')),
    (e: unknown) => names(e, /'g' \(GWh\/h\) to 'load' \(MWh\/h\)/),
  );
  const cost = price.multipliedBy(energy);
  assert.equal([cost.unit, cost.denominator, plain(cost.values)], ['EUR', null, [100, 240]]);
  assert.equal([energy.multipliedBy(price).unit, energy.multipliedBy(price).denominator], ['EUR', null]);
  assert.is(load.multipliedBy(price).unit, 'MWh/h*EUR/MWh');
  const ratio = load.dividedBy(load.multipliedBy(2));
  assert.equal([ratio.unit, ratio.denominator, plain(ratio.values)], [null, null, [0.5, 0.5]]);
  const eur = series('eur', 0, [100, 240], 'EUR');
  const quote = eur.dividedBy(energy);
  assert.equal([quote.unit, quote.denominator, plain(quote.values)], ['EUR', 'MWh', [50, 60]]);
  assert.is(price.dividedBy(load).unit, '(EUR/MWh)/(MWh/h)');
  assert.is(load.dividedBy(ratio).unit, 'MWh/h');
});

test('frequency or zone mismatch names both series', () => {
  const a = series('a', 0, [1]);
  const daily = new Timeseries({ resolution: new Resolution(Frequency.P1D, CET), name: 'd', unit: 'MWh/h', times: [T0], values: [1] });
  const utc = new Timeseries({ resolution: new Resolution(Frequency.PT1H, UTC), name: 'u', unit: 'MWh/h', times: [T0], values: [1] });
  assert.throws(
    () => a.plus(daily),
    (e: unknown) => names(e, /'a' \(PT1H\) and 'd' \(P1D\) have different frequencies/),
  );
  assert.throws(
    () => a.plus(utc),
    (e: unknown) => names(e, /'a' \(CET\) and 'u' \(UTC\) are in different zones/),
  );
  assert.throws(
    () => align(a, daily),
    (e: unknown) => names(e, /'a' \(PT1H\) and 'd' \(P1D\)/),
  );
});

test('scenarios: pairwise by name, broadcast against a plain series', () => {
  const ens = new Timeseries({
    resolution: hourlyCet,
    name: 'e',
    unit: 'MWh/h',
    times: [T0, T0 + H],
    values: [10, 20],
    scenarios: [
      [1, 2],
      [3, 4],
    ],
  });
  const base = series('b', 0, [1, 1]);
  const d = ens.minus(base);
  assert.equal(
    [plain(d.values), d.scenarios.map(plain), d.scenarioNames],
    [
      [9, 19],
      [
        [0, 1],
        [2, 3],
      ],
      ['e00', 'e01'],
    ],
  );
  const climate = new Timeseries({
    resolution: hourlyCet,
    name: 'c',
    unit: 'MWh/h',
    times: [T0, T0 + H],
    scenarios: [[1, 2]],
    scenarioNames: ['y1'],
  });
  const c = climate.plus(base);
  assert.equal([c.hasValues(), c.scenarios.map(plain)], [false, [[2, 3]]]);
  assert.throws(
    () => climate.plus(ens),
    (e: unknown) => names(e, /different scenarios/),
  );
});

test('align: inner and outer, variadic or one list; metadata kept', () => {
  const a = series('a', 0, [1, 2, 3]);
  const b = series('b', 1, [20, 30, 40]);
  const c = series('c', 2, [300]);
  const inner = align(a, b, c);
  assert.equal(
    inner.map((s) => [...s.times]),
    [[T0 + 2 * H], [T0 + 2 * H], [T0 + 2 * H]],
  );
  assert.equal(
    inner.map((s) => plain(s.values)),
    [[3], [30], [300]],
  );
  const outer = align([a, b, c], { join: 'outer' });
  assert.equal([...(outer[0] as Timeseries).times], [T0, T0 + H, T0 + 2 * H, T0 + 3 * H]);
  assert.equal(
    outer.map((s) => plain(s.values)),
    [
      [1, 2, 3, null],
      [null, 20, 30, 40],
      [null, null, 300, null],
    ],
  );
  assert.equal(
    outer.map((s) => s.name),
    ['a', 'b', 'c'],
  );
});

test.run();
