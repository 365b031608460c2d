import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { type Periodseries, PeriodseriesList } from '../../src/model';
import * as s from './samples';

test('holds period-based series only', () => {
  const list = new PeriodseriesList([s.periods(), s.periods().withName('b')]);
  assert.is(list.length, 2);
  assert.throws(() => new PeriodseriesList([s.hourly() as unknown as Periodseries]), s.isA(ValueError));
  assert.throws(() => list.push(s.periods()), s.isA(TypeError));
});

test('concat, equals, toJSON, toString', () => {
  const list = s.periodseriesList();
  const two = list.concat(s.periods().withName('b'));
  assert.ok(PeriodseriesList.isPeriodseriesList(two));
  assert.is(two.length, 2);
  assert.is(list.length, 1);
  assert.ok(list.equals(new PeriodseriesList([s.periods()])));
  assert.not.ok(list.equals(two));
  assert.is(two.toJSON().length, 2);
  assert.is(two.toString(), '<PeriodseriesList: count=2, names=[null, "b"]>');
  assert.not.ok(PeriodseriesList.isPeriodseriesList(two.filter(() => true)));
});

test.run();
