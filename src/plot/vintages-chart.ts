/**
 * Forecast vintages: several instances of one curve on one chart, older issues lighter, with
 * the actual values on top if given.
 *
 * @module
 */
import { ValueError } from '../exceptions';
import { Timeseries } from '../model';
import { valuesOrMembersMean } from '../engine/members-mean';
import { Chart } from './chart';
import { checkMaxPoints } from './downsample';
import { lineRows } from './line-chart';
import { seriesOf, uniqueLabels, valueTitle, type PlotSeries } from './series-source';
import { seriesColor, timeEncoding, topLevel, valueEncoding, zoomParams, type ChartOptions } from './spec-parts';
import type { ZoneInput } from '../time';

/** Options of {@link forecastVintagesChart}. */
export interface ForecastVintagesChartOptions extends ChartOptions {
  /** Actual values to draw on top, in black. */
  actual?: Timeseries | null;
  /** Label of the actual values in the legend; default `'actual'`. */
  actualLabel?: string;
  /** Most points per series (min/max buckets beyond). Default 50,000. */
  maxPoints?: number;
  /** Show time in this zone instead of the series' zone. */
  zone?: ZoneInput;
}

const LIGHT = [198, 219, 239];
const DARK = [8, 48, 107];

/**
 * A blue ramp from light (oldest) to dark (newest).
 *
 * @param count - Number of colours.
 * @returns Hex colours, lightest first.
 * @example
 * vintageColors(2) //=> ['#c6dbef', '#08306b']
 */
export function vintageColors(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const f = count === 1 ? 1 : i / (count - 1);
    return `#${LIGHT.map((c, j) =>
      Math.round(c + f * (DARK[j]! - c))
        .toString(16)
        .padStart(2, '0'),
    ).join('')}`;
  });
}

/** The line of one vintage: its values, or the mean of its scenarios when it has no values. */
function vintageOf(ts: Timeseries, zone: ZoneInput | undefined): PlotSeries {
  const [first] = seriesOf(ts, { zone });
  const base = first as PlotSeries;
  const label = ts.instance ? ts.instance.columnHeader().trim() : base.label;
  if (ts.hasValues()) return { ...base, label };
  return { ...base, label, values: valuesOrMembersMean(ts) };
}

/**
 * A forecast-vintages chart: one line per instance of a curve, coloured from light (oldest
 * issue) to dark (newest), labelled with the instance (`'2024-01-01 00:00 ec'`), and the
 * actual values in black when given. Time is wall-clock time in the first series' zone.
 *
 * @param input - The instances' series (an array or a TimeseriesList), in any order.
 * @param options - Actual values, `maxPoints`, zone, title, size.
 * @returns The chart.
 * @throws ValueError when no series is given or an item is not a Timeseries.
 * @throws ValidationError for a bad `maxPoints`, width or height.
 * @example
 * const chart = forecastVintagesChart([forecast0h, forecast6h, forecast12h], { actual });
 * chart.spec.encoding.color.scale.range.at(-1) //=> 'black'
 */
export function forecastVintagesChart(input: Iterable<Timeseries>, options: ForecastVintagesChartOptions = {}): Chart {
  const maxPoints = checkMaxPoints(options.maxPoints);
  const list = [...input];
  if (list.length === 0) throw new ValueError('Nothing to plot: no forecast vintages given');
  list.forEach((ts, i) => {
    if (!Timeseries.isTimeseries(ts)) throw new ValueError(`Chart input item ${i} is not a Timeseries`);
  });
  const zone = options.zone ?? list[0]?.resolution.zone;
  const vintages = list
    .map((ts, i) => ({ s: vintageOf(ts, zone), i }))
    .sort((a, b) => (a.s.issued ?? Infinity) - (b.s.issued ?? Infinity) || a.i - b.i)
    .map((x) => x.s);
  let series = uniqueLabels(
    vintages,
    vintages.map(() => ''),
  );
  const colors = vintageColors(series.length);
  if (options.actual) {
    const actual = seriesOf(options.actual, { zone })[0] as PlotSeries;
    series = uniqueLabels([...series, { ...actual, label: options.actualLabel ?? 'actual' }], series.map(() => '').concat(''));
    colors.push('black');
  }
  const first = series[0]!;
  const { rows, ordered } = lineRows(series, maxPoints);
  if (series.length === 1) rows.forEach((row) => (row.s = first.label));
  const spec = topLevel(options, list[0]?.name ?? null, {
    data: { values: rows },
    params: zoomParams(),
    mark: { type: 'line', strokeWidth: 1.25, clip: true },
    encoding: {
      x: timeEncoding('t', first.zoneName),
      y: valueEncoding('v', valueTitle(series, options.valueTitle)),
      color: seriesColor(
        's',
        series.map((s) => s.label),
        colors,
      ),
      ...(ordered ? { order: { field: 'i', type: 'quantitative' } } : {}),
    },
  });
  return new Chart({ kind: 'forecast-vintages', spec, series: series.length, points: rows.length, fallback: options.fallback });
}
