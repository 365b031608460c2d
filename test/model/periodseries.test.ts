import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { Periodseries, type CapacityPeriod, type Period } from '../../src/model';
import { CET, Frequency, Resolution } from '../../src/time';
import * as s from './samples';
import { withoutFrameDisplay } from '../helpers/plain-display';

withoutFrameDisplay(test);

const VE = s.isA(ValueError);
const none = new Resolution(Frequency.NONE, CET);
const H = 3_600_000;

test('columns and capacity-period views', () => {
  const ps = s.periods();
  assert.is(ps.length, 2);
  assert.ok(ps.hasCapacity());
  // 2020-01-01T00:00+01:00 = 2019-12-31T23:00Z.
  assert.is(ps.begins[0], Date.UTC(2019, 11, 31, 23));
  const first = ps.at(0) as CapacityPeriod;
  assert.equal(
    [first.begin.toISO(), first.end.toISO(), first.value, first.installed],
    ['2020-01-01T00:00:00.000+01:00', '2020-01-06T00:00:00.000+01:00', 8113, 8600],
  );
  assert.is(ps.data.length, 2);
  assert.is([...ps].length, 2);
  assert.is(ps.at(2), undefined);
  assert.is(ps.at(-1)?.end.toISODate(), '2020-02-01');
});

test('plain periods (no installed key in the first item)', () => {
  const ps = Periodseries.fromItems([{ begin: '2020-01-01', end: '2020-01-02', value: null }], { resolution: none });
  assert.not.ok(ps.hasCapacity());
  assert.equal(ps.at(0) as Period, { begin: ps.begin(), end: ps.end(), value: null });
  assert.not.ok('installed' in (ps.at(0) as object));
});

test('begin, end, empty series', () => {
  assert.is(s.periods().begin().toISO(), '2020-01-01T00:00:00.000+01:00');
  assert.is(s.periods().end().toISO(), '2020-02-01T00:00:00.000+01:00');
  const empty = new Periodseries({ resolution: none });
  assert.not.ok(empty.hasData());
  assert.throws(() => empty.begin(), VE);
  assert.throws(() => empty.end(), VE);
  assert.ok(empty.toString().endsWith('EMPTY>'));
});

test('inconsistent columns raise ValueError', () => {
  assert.throws(() => new Periodseries({ resolution: none, begins: [0], ends: [], values: [1] }), VE);
  assert.throws(() => new Periodseries({ resolution: none, begins: [0], ends: [H], values: [1], capacities: [] }), VE);
  assert.throws(() => Periodseries.fromItems([{ begin: '2020-01-01', end: 'soon' }], { resolution: none }), VE);
});

test('validate: non-empty, sorted, no overlap; grid only for a frequency', () => {
  const make = (pairs: [number, number][], resolution = none) =>
    new Periodseries({ resolution, begins: pairs.map((p) => p[0] * H), ends: pairs.map((p) => p[1] * H), values: pairs.map(() => 1) });
  make([
    [0, 1.5],
    [1.5, 3],
    [5, 6],
  ]).validate(); // off-grid and gaps are fine for NONE
  assert.throws(() => make([[1, 1]]).validate(), VE);
  assert.throws(
    () =>
      make([
        [0, 2],
        [1, 3],
      ]).validate(),
    (e: unknown) => e instanceof ValueError && /overlap/.test(e.message),
  );
  assert.throws(
    () =>
      make([
        [2, 3],
        [0, 1],
      ]).validate(),
    VE,
  );
  assert.throws(() => make([[0, 1.5]], new Resolution(Frequency.PT1H, CET)).validate(), VE);
  make([[0, 2]], new Resolution(Frequency.PT1H, CET)).validate();
});

test('name, with(), equals', () => {
  const ps = s.periods();
  assert.is(ps.name, null);
  assert.is(ps.unit, 'MW');
  assert.is(ps.withName('nuclear').name, 'nuclear');
  assert.is(ps.name, null);
  assert.ok(ps.equals(s.periods()));
  assert.not.ok(ps.equals(ps.with({ capacities: null })));
  assert.not.ok(ps.equals(ps.with({ values: [1, 2] })));
});

test('toJSON uses the wire key `capacity`', () => {
  assert.equal(s.periods().toJSON().data, [
    { begin: '2020-01-01T00:00:00+01:00', end: '2020-01-06T00:00:00+01:00', v: 8113, capacity: 8600 },
    { begin: '2020-01-06T00:00:00+01:00', end: '2020-02-01T00:00:00+01:00', v: 8600, capacity: 8600 },
  ]);
  assert.equal(s.periods().toJSON().resolution, { frequency: 'NONE', timezone: 'CET' });
});

test('toString and display', () => {
  assert.is(
    s.periods().toString(),
    '<Periodseries: resolution=<NONE, CET>, instance=<Instance: issued="2020-06-01T00:00:00Z", tag="ec">, begin="2020-01-01T00:00:00+01:00", end="2020-02-01T00:00:00+01:00", count=2>',
  );
  // without the frame layer: the periods as a plain table
  const html = s.display(s.periods())['text/html'];
  assert.ok(html!.includes('<th>begin</th><th>end</th><th>value</th><th>installed</th>'), html);
  assert.ok(html!.includes('<td>2020-01-01T00:00:00+01:00</td>'), html);
});

test.run();
