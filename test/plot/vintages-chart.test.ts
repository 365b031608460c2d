import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { Timeseries } from '../../src/model';
import { forecastVintagesChart } from '../../src/plot';
import { vintageColors } from '../../src/plot/vintages-chart';
import { CET, Frequency, Resolution } from '../../src/time';
import { assertRenders, hourly, instance, JAN1_CET, rows, specOf, windCurve } from './samples';

const vintage = (issued: string, shift: number) =>
  hourly(JAN1_CET, 24, (i) => i + shift, { curve: windCurve(), instance: instance(issued) });

test('vintageColors runs from light to dark blue', () => {
  assert.equal(vintageColors(2), ['#c6dbef', '#08306b']);
  assert.equal(vintageColors(1), ['#08306b']);
  // midpoint of (198, 219, 239) and (8, 48, 107): (103, 133.5 -> 134, 173)
  assert.is(vintageColors(3)[1], '#6786ad');
});

test('renders: valid spec, SVG and PNG', async () => {
  await assertRenders(forecastVintagesChart([vintage('2023-12-31T00:00', 0), vintage('2023-12-31T12:00', 1)]));
});

test('vintages are ordered by issue time, labelled by instance, oldest lightest', () => {
  const chart = forecastVintagesChart([vintage('2023-12-31T12:00', 1), vintage('2023-12-30T12:00', 2), vintage('2023-12-31T00:00', 0)]);
  const color = specOf(chart).encoding.color;
  assert.equal(color.scale.domain, ['2023-12-30 12:00 ec', '2023-12-31 00:00 ec', '2023-12-31 12:00 ec']);
  assert.equal(color.scale.range, vintageColors(3));
  assert.is(specOf(chart).title, 'DE Wind Power Production MWh/h H Actual');
  assert.is(specOf(chart).encoding.y.title, 'MWh/h');
  assert.is(specOf(chart).encoding.x.title, 'Time (CET)');
  // first row of the oldest vintage: 2024-01-01 00:00 CET, value 0 + 2
  assert.equal(rows(chart)[0], { t: Date.UTC(2024, 0, 1), v: 2, s: '2023-12-30 12:00 ec' });
});

test('actual values are drawn in black, last', async () => {
  const chart = forecastVintagesChart([vintage('2023-12-31T00:00', 0)], {
    actual: hourly(JAN1_CET, 24, (i) => i, { name: 'actual wind' }),
  });
  const color = specOf(chart).encoding.color;
  assert.equal(color.scale.domain, ['2023-12-31 00:00 ec', 'actual']);
  assert.equal(color.scale.range, ['#08306b', 'black']);
  assert.is(chart.series, 2);
  await assertRenders(chart);
});

test('a scenarios-only vintage is drawn as the mean of its scenarios', () => {
  const ens = new Timeseries({
    resolution: new Resolution(Frequency.PT1H, CET),
    times: [JAN1_CET],
    scenarios: [[1], [3]],
    instance: instance('2023-12-31T00:00', 'ec-ens'),
  });
  assert.is(rows(forecastVintagesChart([ens]))[0]!.v, 2);
});

test('errors: no vintages, not a series', () => {
  assert.throws(
    () => forecastVintagesChart([]),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => forecastVintagesChart([1] as never),
    (e: unknown) => e instanceof ValueError,
  );
});

test.run();
