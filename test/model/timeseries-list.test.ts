import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { type Timeseries, TimeseriesList } from '../../src/model';
import { Frequency } from '../../src/time';
import * as s from './samples';
import { withoutFrameDisplay } from '../helpers/plain-display';

withoutFrameDisplay(test);

const VE = s.isA(ValueError);

test('one frequency: taken from the members or given', () => {
  const list = s.timeseriesList();
  assert.is(list.length, 2);
  assert.is(list.frequency, Frequency.PT1H);
  assert.ok(Array.isArray(list));
  assert.is(new TimeseriesList().frequency, null);
  assert.is(new TimeseriesList([], Frequency.P1D).frequency, Frequency.P1D);
});

test('mixed frequencies raise ValueError', () => {
  assert.throws(
    () => new TimeseriesList([s.hourly(), s.daily()]),
    (e: unknown) => e instanceof ValueError && /PT1H|P1D/.test(e.message),
  );
  assert.throws(() => new TimeseriesList([s.hourly()], Frequency.P1D), VE);
  assert.throws(() => s.timeseriesList().concat(s.daily()), VE);
  assert.throws(() => new TimeseriesList([s.periods() as unknown as Timeseries]), VE);
});

test('immutable array: mutators throw, derived arrays are plain', () => {
  const list = s.timeseriesList();
  assert.throws(() => list.push(s.hourly()), s.isA(TypeError));
  assert.throws(() => (list as unknown as Timeseries[]).pop(), s.isA(TypeError));
  assert.is(list.length, 2);
  const names = list.map((ts) => ts.name);
  assert.equal(names, ['CZ>DE Exchange Day-Ahead Schedule MWh/h H Actual', 'copy']);
  assert.not.ok(TimeseriesList.isTimeseriesList(names));
  assert.not.ok(TimeseriesList.isTimeseriesList(list.slice(0, 1)));
});

test('concat gives a new checked list', () => {
  const list = s.timeseriesList();
  const longer = list.concat(s.hourly(), [s.hourly()]);
  assert.ok(TimeseriesList.isTimeseriesList(longer));
  assert.is(longer.length, 4);
  assert.is(list.length, 2);
  assert.is(longer.frequency, Frequency.PT1H);
});

test('equals, toJSON, toString', () => {
  const list = s.timeseriesList();
  assert.ok(list.equals(new TimeseriesList([...list])));
  assert.not.ok(list.equals(new TimeseriesList([list[0] as Timeseries])));
  assert.is(list.toJSON().length, 2);
  assert.is(
    list.toString(),
    '<TimeseriesList: frequency=PT1H, count=2, names=["CZ>DE Exchange Day-Ahead Schedule MWh/h H Actual", "copy"]>',
  );
  assert.ok(s.display(list)['text/html']!.includes('<td>copy</td>'));
});

test.run();
