// Run with TZ=America/New_York (the test command sets it): the axes must still read CET.
import * as aq from 'arquero';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError, ValueError } from '../../src/exceptions';
import { Timeseries } from '../../src/model';
import { lineChart } from '../../src/plot';
import { MAX_TOOLTIP_POINTS } from '../../src/plot/line-chart';
import { CET, Frequency, Resolution } from '../../src/time';
import { assertRenders, ensemble, H, hourly, JAN1_CET, priceCurve, rows, specOf, svgTexts } from './samples';

test('the process zone is not CET, so the wall-clock checks below can fail', () => {
  // 2024-01-01T00:00Z: New York is UTC-05:00 (offset +300 min); CET would be -60
  assert.not.equal(new Date(Date.UTC(2024, 0, 1)).getTimezoneOffset(), -60);
});

test('renders: valid spec, SVG and PNG', async () => {
  await assertRenders(lineChart(hourly(JAN1_CET, 48, (i) => i, { name: 'wind' })));
});

test('winter: a CET series starting 2024-01-01 00:00 CET shows that clock time on the axis', async () => {
  const chart = lineChart(hourly(JAN1_CET, 48, (i) => i));
  // data: 2023-12-31T23:00Z (00:00 CET) is stored as the wall clock 2024-01-01 00:00 read as UTC
  assert.is(rows(chart)[0]!.t, Date.UTC(2024, 0, 1));
  const labels = svgTexts(await chart.toSVG());
  // the first tick is midnight 2024-01-01 CET, labelled with the year; New York time would be 18:00 on 31 Dec
  assert.is(labels[0], '2024');
  assert.ok(labels.includes('06:00'));
  assert.ok(labels.includes('02 Jan'));
  assert.ok(labels.includes('Time (CET)'));
});

test('summer: 2024-07-01 00:00 CEST (22:00Z the day before) is labelled Jul', async () => {
  const chart = lineChart(hourly(Date.UTC(2024, 5, 30, 22), 24, (i) => i));
  assert.is(rows(chart)[0]!.t, Date.UTC(2024, 6, 1));
  const labels = svgTexts(await chart.toSVG());
  assert.is(labels[0], 'Jul');
  assert.ok(labels.includes('12:00'));
});

test('the zone option shows another wall clock and names it', async () => {
  const chart = lineChart(
    hourly(JAN1_CET, 24, (i) => i),
    { zone: 'UTC' },
  );
  // 2023-12-31T23:00Z read in UTC
  assert.is(rows(chart)[0]!.t, JAN1_CET);
  assert.is(specOf(chart).encoding.x.title, 'Time (UTC)');
  assert.ok(svgTexts(await chart.toSVG()).includes('Time (UTC)'));
});

test('the value axis shows the unit of the curve (unit/denominator)', async () => {
  const ts = new Timeseries({
    resolution: new Resolution(Frequency.PT1H, CET),
    curve: priceCurve(),
    times: [JAN1_CET, JAN1_CET + H],
    values: [50, 60],
  });
  const chart = lineChart(ts);
  assert.is(specOf(chart).encoding.y.title, 'EUR/MWh');
  assert.is(specOf(chart).title, 'DE Futures Power Base EUR/MWh EEX OHLC');
  assert.ok(svgTexts(await chart.toSVG()).includes('EUR/MWh'));
  assert.is(specOf(lineChart(ts, { valueTitle: 'Price' })).encoding.y.title, 'Price');
});

test('several series: one colour each, labels made unique, units listed once', async () => {
  const a = hourly(JAN1_CET, 3, (i) => i);
  const b = hourly(JAN1_CET, 3, (i) => 2 * i);
  const c = hourly(JAN1_CET, 3, (i) => 3 * i, { name: 'solar', unit: 'MW' });
  const chart = lineChart([a, b, c]);
  const spec = specOf(chart);
  assert.equal(spec.encoding.color.scale.domain, ['value', 'value (2)', 'solar']);
  assert.is(spec.encoding.y.title, 'MWh/h, MW');
  assert.is(spec.title, undefined);
  assert.equal(
    rows(chart).map((r) => r.s),
    ['value', 'value', 'value', 'value (2)', 'value (2)', 'value (2)', 'solar', 'solar', 'solar'],
  );
  assert.is(chart.series, 3);
  await assertRenders(chart);
});

test('missing values become null, so the line breaks there', () => {
  const chart = lineChart(hourly(JAN1_CET, 3, (i) => (i === 1 ? NaN : i)));
  assert.equal(
    rows(chart).map((r) => r.v),
    [0, null, 2],
  );
});

test('a million points are cut to maxPoints, keeping the extremes', async () => {
  const n = 1_000_000;
  const values = new Float64Array(n).fill(10);
  values[500_001] = 999;
  const ts = new Timeseries({
    resolution: new Resolution(Frequency.PT5M, CET),
    times: Float64Array.from({ length: n }, (_, i) => JAN1_CET + i * 300_000),
    values,
  });
  const chart = lineChart(ts, { maxPoints: 2000 });
  assert.ok(chart.points <= 2000, `${chart.points} points`);
  assert.ok(rows(chart).some((r) => r.v === 999));
  await assertRenders(chart);
});

test('a year of 15-minute values is drawn in full by default', () => {
  // 2024 in CET: 366 days minus 1 h (March) plus 1 h (October) = 8784 h = 35,136 quarter hours
  const n = 35_136;
  const ts = new Timeseries({
    resolution: new Resolution(Frequency.PT15M, CET),
    times: Float64Array.from({ length: n }, (_, i) => JAN1_CET + i * 900_000),
    values: new Float64Array(n).fill(1),
  });
  assert.is(lineChart(ts).points, n);
});

test('when clocks go back the rows carry their order, so the line follows time', async () => {
  // 2024-10-27 00:00 CEST = 10-26T22:00Z; hourly wall clock: 00, 01, 02 (CEST), 02 (CET), 03
  const chart = lineChart(hourly(Date.UTC(2024, 9, 26, 22), 5, (i) => i));
  const spec = specOf(chart);
  assert.equal(
    rows(chart).map((r) => r.t),
    [0, 1, 2, 2, 3].map((h) => Date.UTC(2024, 9, 27, h)),
  );
  assert.equal(
    rows(chart).map((r) => r.i),
    [0, 1, 2, 3, 4],
  );
  assert.equal(spec.encoding.order, { field: 'i', type: 'quantitative' });
  await assertRenders(chart);
  assert.is(specOf(lineChart(hourly(JAN1_CET, 5, (i) => i))).encoding.order, undefined);
});

test('step lines hold each value until the next step', () => {
  assert.is(
    specOf(
      lineChart(
        hourly(JAN1_CET, 3, (i) => i),
        { step: true },
      ),
    ).layer[0].mark.interpolate,
    'step-after',
  );
});

test('tooltips: invisible points with time (wall clock), series and value, up to MAX_TOOLTIP_POINTS rows', () => {
  const two = specOf(lineChart([hourly(JAN1_CET, 3, (i) => i, { name: 'a' }), hourly(JAN1_CET, 3, (i) => i, { name: 'b' })]));
  assert.is(two.layer.length, 2);
  assert.equal(two.layer[1].mark, { type: 'point', filled: true, opacity: 0, size: 60, clip: true });
  assert.equal(
    two.layer[1].encoding.tooltip.map((t: { field: string; title: string }) => [t.field, t.title]),
    [
      ['t', 'Time (CET)'],
      ['s', 'Series'],
      ['v', 'MWh/h'],
    ],
  );
  assert.equal(two.layer[0].params[0].bind, 'scales');
  const long = specOf(lineChart(hourly(JAN1_CET, MAX_TOOLTIP_POINTS + 1, (i) => i)));
  assert.is(long.layer.length, 1, 'no tooltip points beyond the limit');
  assert.is(specOf(lineChart(hourly(JAN1_CET, MAX_TOOLTIP_POINTS, (i) => i))).layer.length, 2);
});

test('scenario series: one line per scenario when there is no mean; with scenarios: true also beside the mean', () => {
  assert.is(lineChart(ensemble(JAN1_CET, 4, 3)).series, 3);
  assert.equal(specOf(lineChart(ensemble(JAN1_CET, 4, 3))).encoding.color.scale.domain, [
    'DE Wind EC ens e00',
    'DE Wind EC ens e01',
    'DE Wind EC ens e02',
  ]);
  assert.is(lineChart(ensemble(JAN1_CET, 4, 3, true)).series, 1);
  assert.is(lineChart(ensemble(JAN1_CET, 4, 3, true), { scenarios: true }).series, 4);
});

test('tables: the date column and every numeric column, in the zone given', async () => {
  // 2024-01-01T00:00Z and 01:00Z in Europe/Oslo (+01:00) read 01:00 and 02:00
  const table = aq.table({
    date: [new Date(Date.UTC(2024, 0, 1, 1)), new Date(Date.UTC(2024, 0, 1))],
    wind: [2, 1],
    solar: [4, 3],
    note: ['b', 'a'],
  });
  const chart = lineChart(table, { zone: 'Europe/Oslo', unit: 'MW' });
  const spec = specOf(chart);
  assert.equal(spec.encoding.color.scale.domain, ['wind', 'solar']);
  assert.is(spec.encoding.x.title, 'Time (Europe/Oslo)');
  assert.is(spec.encoding.y.title, 'MW');
  assert.equal(rows(chart).slice(0, 2), [
    { t: Date.UTC(2024, 0, 1, 1), v: 1, s: 'wind' },
    { t: Date.UTC(2024, 0, 1, 2), v: 2, s: 'wind' },
  ]);
  await assertRenders(chart);
});

test('errors: nothing to plot, not a series, bad sizes', () => {
  assert.throws(
    () => lineChart([]),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => lineChart([{}] as never),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () =>
      lineChart(
        hourly(JAN1_CET, 2, (i) => i),
        { width: 0 },
      ),
    (e: unknown) => e instanceof ValidationError && e.parameter === 'width',
  );
  assert.throws(
    () =>
      lineChart(
        hourly(JAN1_CET, 2, (i) => i),
        { maxPoints: 2 },
      ),
    (e: unknown) => e instanceof ValidationError,
  );
});

test.run();
