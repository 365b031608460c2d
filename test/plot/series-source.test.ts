import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { Timeseries, TimeseriesList } from '../../src/model';
import { seriesOf, uniqueLabels, uniqueNames, unitLabel, valueTitle } from '../../src/plot/series-source';
import { CET, Frequency, Resolution, UTC } from '../../src/time';
import { ensemble, hourly, instance, JAN1_CET, priceCurve, windCurve } from './samples';

test('unitLabel: unit/denominator for prices, the unit alone otherwise', () => {
  assert.is(unitLabel('EUR', 'MWh'), 'EUR/MWh');
  assert.is(unitLabel('MWh/h', null), 'MWh/h');
  assert.is(unitLabel(null, null), null);
  assert.is(unitLabel(null, 'MWh'), '1/MWh');
});

test('a Timeseries: label, name, zone and unit from the series and its curve', () => {
  const ts = new Timeseries({ resolution: new Resolution(Frequency.PT1H, CET), curve: priceCurve(), times: [JAN1_CET], values: [1] });
  const [s] = seriesOf(ts);
  assert.is(s!.label, 'DE Futures Power Base EUR/MWh EEX OHLC');
  assert.is(s!.name, 'DE Futures Power Base EUR/MWh EEX OHLC');
  assert.is(s!.zoneName, 'CET');
  assert.is(s!.unit, 'EUR/MWh');
  assert.is(s!.frequency, Frequency.PT1H);
  assert.ok(s!.times === ts.times);
});

test('an unnamed series is labelled value and has no name', () => {
  const [s] = seriesOf(hourly(JAN1_CET, 1, () => 1));
  assert.is(s!.label, 'value');
  assert.is(s!.name, null);
});

test("several series share the first one's zone; the zone option overrides", () => {
  const utc = new Timeseries({ resolution: new Resolution(Frequency.PT1H, UTC), times: [0], values: [1], name: 'b' });
  const list = seriesOf([hourly(JAN1_CET, 1, () => 1, { name: 'a' }), utc]);
  assert.equal(
    list.map((s) => s.zoneName),
    ['CET', 'CET'],
  );
  assert.equal(
    seriesOf([utc], { zone: 'Europe/Oslo' }).map((s) => s.zoneName),
    ['Europe/Oslo'],
  );
});

test('TimeseriesList input and vintages distinguished by their instance', () => {
  const a = hourly(JAN1_CET, 1, () => 1, { curve: windCurve(), instance: instance('2023-12-31T00:00') });
  const b = hourly(JAN1_CET, 1, () => 2, { curve: windCurve(), instance: instance('2023-12-31T06:00') });
  const labels = seriesOf(new TimeseriesList([a, b])).map((s) => s.label);
  assert.equal(labels, [
    'DE Wind Power Production MWh/h H Actual 2023-12-31 00:00 ec',
    'DE Wind Power Production MWh/h H Actual 2023-12-31 06:00 ec',
  ]);
  // issued 2023-12-31T06:00Z
  assert.is(seriesOf(b)[0]!.issued, Date.UTC(2023, 11, 31, 6));
});

test('scenario series: scenarios when there is no mean, both with scenarios: true', () => {
  assert.equal(
    seriesOf(ensemble(JAN1_CET, 2, 2)).map((s) => s.label),
    ['DE Wind EC ens e00', 'DE Wind EC ens e01'],
  );
  assert.equal(
    seriesOf(ensemble(JAN1_CET, 2, 2, true), { scenarios: true }).map((s) => s.label),
    ['DE Wind EC ens', 'DE Wind EC ens e00', 'DE Wind EC ens e01'],
  );
});

test('uniqueNames and uniqueLabels', () => {
  assert.equal(uniqueNames(['wind', 'wind', 'solar'], ['', '', '']), ['wind', 'wind (2)', 'solar']);
  assert.equal(uniqueNames(['wind', 'wind'], ['a', 'b']), ['wind a', 'wind b']);
  assert.equal(uniqueNames(['wind', 'wind'], ['a', 'a']), ['wind a', 'wind a (2)']);
  const s = seriesOf(hourly(JAN1_CET, 1, () => 1))[0]!;
  assert.equal(
    uniqueLabels([s, s], ['', '']).map((x) => x.label),
    ['value', 'value (2)'],
  );
});

test('valueTitle lists each unit once, or takes the given title', () => {
  const s = seriesOf([hourly(JAN1_CET, 1, () => 1), hourly(JAN1_CET, 1, () => 1), hourly(JAN1_CET, 1, () => 1, { unit: 'MW' })]);
  assert.is(valueTitle(s), 'MWh/h, MW');
  assert.is(valueTitle(s, 'Power'), 'Power');
  assert.is(valueTitle(s, null), null);
});

test('errors: nothing to plot, not a Timeseries', () => {
  assert.throws(
    () => seriesOf([]),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => seriesOf([5] as never),
    (e: unknown) => e instanceof ValueError && /item 0/.test(e.message),
  );
});

test.run();
