import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValueError } from '../../src/exceptions';
import { OHLCField } from '../../src/model';
import { forwardCurveChart } from '../../src/plot';
import { assertRenders, candles, forwardDay, H, JAN1_CET, outages, rows, specOf, svgTexts } from './samples';

test('renders: valid spec, SVG and PNG (OHLC and periods)', async () => {
  await assertRenders(forwardCurveChart(forwardDay()));
  await assertRenders(forwardCurveChart(outages()));
});

test('OHLC: each contract a step over its delivery period, coloured by period kind', () => {
  const chart = forwardCurveChart(forwardDay());
  assert.equal(
    rows(chart).map((r) => [r.b, r.e, r.v, r.s]),
    [
      // month June 2024, then weekend 1-2 June (ends Monday 3 June), sorted by begin, longer first
      [Date.UTC(2024, 5, 1), Date.UTC(2024, 6, 1), 60, 'month'],
      [Date.UTC(2024, 5, 1), Date.UTC(2024, 5, 3), 55, 'weekend'],
      // quarter Q3 2024 (July-September), month July
      [Date.UTC(2024, 6, 1), Date.UTC(2024, 9, 1), 70, 'quarter'],
      [Date.UTC(2024, 6, 1), Date.UTC(2024, 7, 1), 65, 'month'],
    ],
  );
  const spec = specOf(chart);
  assert.is(spec.mark.type, 'rule');
  assert.equal(spec.encoding.x2, { field: 'e' });
  assert.is(spec.encoding.x.title, 'Delivery');
  assert.is(spec.encoding.y.title, 'EUR/MWh');
  assert.equal(spec.encoding.color.scale.domain, ['month', 'weekend', 'quarter']);
  assert.is(spec.title, 'DE Futures Power Base EUR/MWh EEX OHLC (traded 2024-05-02)');
});

test('OHLC: another field, and several trading days labelled by day', () => {
  const chart = forwardCurveChart(candles(), { field: OHLCField.CLOSE });
  assert.equal(
    rows(chart)
      .map((r) => r.v)
      .sort(),
    [49, 52, 55],
  );
  assert.equal(specOf(chart).encoding.color.scale.domain.length, 3);
  assert.ok(rows(chart).some((r) => r.s === '2024-05-02 month'));
});

test("periods: wall-clock begin and end in the series' zone", async () => {
  const chart = forwardCurveChart(outages());
  // 2024-01-01 00:00 CET .. 2024-01-02 00:00 CET; 2024-01-03 12:00 CET .. 2024-01-05 00:00 CET
  assert.equal(
    rows(chart).map((r) => [r.b, r.e, r.v]),
    [
      [Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 2), 400],
      [Date.UTC(2024, 0, 3, 12), Date.UTC(2024, 0, 5), 250],
    ],
  );
  const spec = specOf(chart);
  assert.is(spec.encoding.x.title, 'Delivery (CET)');
  assert.is(spec.encoding.y.title, 'MW');
  assert.is(spec.title, 'FR Nuclear outages');
  assert.is(spec.encoding.color, undefined);
  const labels = svgTexts(await chart.toSVG());
  assert.ok(labels.includes('Delivery (CET)'));
  assert.ok(labels.includes('02 Jan'));
});

test('periods in another zone and several series', () => {
  const chart = forwardCurveChart([outages(), outages().withName('again')], { zone: 'UTC' });
  // 2024-01-01 00:00 CET = 2023-12-31 23:00 UTC
  assert.is(rows(chart)[0]!.b, JAN1_CET);
  assert.is(rows(chart)[0]!.e, JAN1_CET + 24 * H);
  assert.is(specOf(chart).encoding.x.title, 'Delivery (UTC)');
  assert.equal(specOf(chart).encoding.color.scale.domain, ['FR Nuclear outages', 'again']);
});

test('errors: empty, mixed input, unknown OHLC field', () => {
  assert.throws(
    () => forwardCurveChart([]),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => forwardCurveChart([outages(), ...forwardDay()] as never),
    (e: unknown) => e instanceof ValueError,
  );
  assert.throws(
    () => forwardCurveChart(forwardDay(), { field: 'median' }),
    (e: unknown) => e instanceof ValueError,
  );
});

test.run();
