// Sample series, OHLC records and checks shared by the plot tests (not a test file itself).
// Instants are written as UTC with the CET/CEST wall-clock time they stand for in a comment.
import { DateTime } from 'luxon';
import * as assert from 'uvu/assert';
import { ContractPeriod, Curve, CurveType, DataType, Instance, OHLC, OHLCList, Periodseries, Product, Timeseries } from '../../src/model';
import { compileSpec, type Chart } from '../../src/plot';
import { CET, Frequency, Resolution } from '../../src/time';

export const H = 3_600_000;

/** 2024-01-01 00:00 CET (+01:00) = 2023-12-31T23:00Z. */
export const JAN1_CET = Date.UTC(2023, 11, 31, 23);

export const windCurve = (): Curve =>
  new Curve({
    name: 'DE Wind Power Production MWh/h H Actual',
    curveType: CurveType.TIMESERIES,
    frequency: Frequency.PT1H,
    timezone: 'CET',
    unit: 'MWh/h',
    dataType: DataType.ACTUAL,
  });

export const priceCurve = (): Curve =>
  new Curve({
    name: 'DE Futures Power Base EUR/MWh EEX OHLC',
    curveType: CurveType.OHLC,
    frequency: Frequency.P1D,
    timezone: 'CET',
    unit: 'EUR',
    denominator: 'MWh',
    dataType: DataType.OHLC,
  });

/** Hourly CET series of `hours` steps from `begin` (epoch ms) with values `f(i)`. */
export function hourly(
  begin: number,
  hours: number,
  f: (i: number) => number,
  init: { name?: string; unit?: string; curve?: Curve; instance?: Instance } = {},
): Timeseries {
  return new Timeseries({
    resolution: new Resolution(Frequency.PT1H, CET),
    times: Float64Array.from({ length: hours }, (_, i) => begin + i * H),
    values: Float64Array.from({ length: hours }, (_, i) => f(i)),
    unit: init.unit ?? 'MWh/h',
    curve: init.curve ?? null,
    name: init.name ?? null,
    instance: init.instance ?? null,
  });
}

/** Hourly CET ensemble: scenario k has value `f(i) + k`. */
export function ensemble(begin: number, hours: number, members: number, withMean = false): Timeseries {
  const scenarios = Array.from({ length: members }, (_, k) => Float64Array.from({ length: hours }, (_, i) => i + k));
  return new Timeseries({
    resolution: new Resolution(Frequency.PT1H, CET),
    times: Float64Array.from({ length: hours }, (_, i) => begin + i * H),
    values: withMean ? Float64Array.from({ length: hours }, (_, i) => i + (members - 1) / 2) : null,
    scenarios,
    unit: 'MWh/h',
    name: 'DE Wind EC ens',
  });
}

/** An instance issued at `iso` (UTC) with tag `ec`. */
export function instance(iso: string, tag = 'ec'): Instance {
  return new Instance({ issued: DateTime.fromISO(iso, { zone: 'UTC' }), tag });
}

export function product(traded: string, period: ContractPeriod, delivery: string, front = 1): Product {
  return new Product({ traded, period, front, delivery });
}

export function candles(): OHLCList {
  const o = (traded: string, open: number, close: number): OHLC =>
    new OHLC({
      product: product(traded, ContractPeriod.MONTH, '2024-06-01'),
      open,
      high: Math.max(open, close) + 2,
      low: Math.min(open, close) - 2,
      close,
      settlement: (open + close) / 2,
      volume: 100,
    });
  return new OHLCList([o('2024-05-03', 52, 49), o('2024-05-02', 50, 52), o('2024-05-06', 49, 55)], { curve: priceCurve() });
}

export function forwardDay(): OHLCList {
  const s = (period: ContractPeriod, delivery: string, settlement: number, front = 1): OHLC =>
    new OHLC({ product: product('2024-05-02', period, delivery, front), settlement });
  return new OHLCList(
    [
      s(ContractPeriod.MONTH, '2024-06-01', 60),
      s(ContractPeriod.MONTH, '2024-07-01', 65, 2),
      s(ContractPeriod.QUARTER, '2024-07-01', 70),
      s(ContractPeriod.WEEKEND, '2024-06-01', 55),
    ],
    { curve: priceCurve() },
  );
}

export function outages(): Periodseries {
  // 2024-01-01 00:00 CET .. 2024-01-02 00:00 CET, then 2024-01-03 12:00 CET .. 2024-01-05 00:00 CET
  return new Periodseries({
    resolution: new Resolution(Frequency.NONE, CET),
    begins: [JAN1_CET, JAN1_CET + 60 * H],
    ends: [JAN1_CET + 24 * H, JAN1_CET + 96 * H],
    values: [400, 250],
    unit: 'MW',
    name: 'FR Nuclear outages',
  });
}

/** The texts of an SVG's visible `<text>` elements, in document order. */
export function svgTexts(svg: string): string[] {
  const out: string[] = [];
  for (const m of svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)) {
    if (/opacity="0"/.test(m[1] as string)) continue;
    out.push((m[2] as string).replace(/&amp;/g, '&'));
  }
  return out;
}

/** Checks what every builder must give: a spec Vega-Lite compiles without warnings, an SVG and a PNG. */
export async function assertRenders(chart: Chart): Promise<void> {
  assert.is(chart.spec.$schema, 'https://vega.github.io/schema/vega-lite/v5.json');
  assert.equal(compileSpec(chart.spec).warnings, []);
  const svg = await chart.toSVG();
  assert.ok(svg.startsWith('<svg'), 'SVG document');
  const png = await chart.toPNG({ scale: 1 });
  assert.equal(Array.from(png.subarray(0, 8)), [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
}

/** The data rows of a chart's spec. */
export function rows(chart: Chart): Record<string, unknown>[] {
  return (chart.spec.data as { values: Record<string, unknown>[] }).values;
}

/** The spec as a plain object, for reading nested fields in tests. */
export function specOf(chart: Chart): any {
  return chart.spec;
}

/** A small Vega-Lite scatter spec with inline data (200 x 100 plot area), for the renderer tests. */
export const POINTS_SPEC = {
  $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
  width: 200,
  height: 100,
  data: {
    values: [
      { a: 1, b: 2 },
      { a: 2, b: 4 },
    ],
  },
  mark: 'point',
  encoding: { x: { field: 'a', type: 'quantitative' }, y: { field: 'b', type: 'quantitative' } },
};
