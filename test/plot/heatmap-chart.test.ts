import * as aq from 'arquero';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { Timeseries } from '../../src/model';
import { heatmapChart } from '../../src/plot';
import { hourCells } from '../../src/plot/heatmap-chart';
import { seriesOf } from '../../src/plot/series-source';
import { CET, Frequency, Resolution } from '../../src/time';
import { assertRenders, hourly, JAN1_CET, rows, specOf, svgTexts } from './samples';

test('renders: valid spec, SVG and PNG', async () => {
  await assertRenders(heatmapChart(hourly(JAN1_CET, 72, (i) => i % 24)));
});

test('cells are wall-clock day and hour: spring forward has no 02:00', () => {
  // 2024-03-31 00:00 CET = 03-30T23:00Z; hourly instants 23Z, 00Z, 01Z, 02Z read 00, 01, 03, 04
  const cells = hourCells(seriesOf(hourly(Date.UTC(2024, 2, 30, 23), 4, (i) => i))[0]!);
  assert.equal(
    cells.map((c) => c.hour),
    [0, 1, 3, 4],
  );
  assert.ok(cells.every((c) => c.day === Date.UTC(2024, 2, 31)));
});

test('fall back: both 02:00 hours are averaged into one cell', () => {
  // 2024-10-27 00:00 CEST = 10-26T22:00Z; values 1..5 at 00, 01, 02 (CEST), 02 (CET), 03
  const cells = hourCells(seriesOf(hourly(Date.UTC(2024, 9, 26, 22), 5, (i) => i + 1))[0]!);
  assert.equal(
    cells.map((c) => [c.hour, c.value]),
    [
      [0, 1],
      [1, 2],
      [2, 3.5],
      [3, 5],
    ],
  );
});

test('15-minute values are averaged per hour', () => {
  const ts = new Timeseries({
    resolution: new Resolution(Frequency.PT15M, CET),
    times: [0, 1, 2, 3].map((q) => JAN1_CET + q * 900_000),
    values: [1, 2, 3, 6],
  });
  assert.equal(rows(heatmapChart(ts)), [{ d: Date.UTC(2024, 0, 1), d2: Date.UTC(2024, 0, 2), h: 0, v: 3 }]);
});

test('axes: dates and hours of day in the zone, unit on the colour legend', async () => {
  const chart = heatmapChart(hourly(JAN1_CET, 48, (i) => i, { name: 'DE Spot' }));
  const spec = specOf(chart);
  assert.is(spec.encoding.x.title, 'Date (CET)');
  assert.is(spec.encoding.y.title, 'Hour of day (CET)');
  assert.is(spec.encoding.color.title, 'MWh/h');
  assert.is(spec.encoding.color.scale.scheme, 'viridis');
  assert.is(spec.title, 'DE Spot');
  // the first cell is 2024-01-01 00:00 CET (2023-12-31T23:00Z)
  assert.equal(rows(chart)[0], { d: Date.UTC(2024, 0, 1), d2: Date.UTC(2024, 0, 2), h: 0, v: 0 });
  const labels = svgTexts(await chart.toSVG());
  assert.ok(labels.includes('Hour of day (CET)'));
  assert.ok(labels.includes('23'));
  assert.is(
    specOf(
      heatmapChart(
        hourly(JAN1_CET, 2, (i) => i),
        { scheme: 'blues' },
      ),
    ).encoding.color.scale.scheme,
    'blues',
  );
});

test('a table with one value column', () => {
  const table = aq.table({ date: [new Date(JAN1_CET)], price: [42] });
  const chart = heatmapChart(table, { zone: 'CET' });
  assert.equal(rows(chart), [{ d: Date.UTC(2024, 0, 1), d2: Date.UTC(2024, 0, 2), h: 0, v: 42 }]);
});

test('errors: several series, coarser than hourly', () => {
  assert.throws(
    () => heatmapChart([hourly(JAN1_CET, 2, (i) => i), hourly(JAN1_CET, 2, (i) => i)]),
    (e: unknown) => e instanceof ValueError,
  );
  const daily = new Timeseries({ resolution: new Resolution(Frequency.P1D, CET), times: [JAN1_CET], values: [1] });
  assert.throws(
    () => heatmapChart(daily),
    (e: unknown) => e instanceof ValueError && /hourly/.test(e.message),
  );
});

test.run();
