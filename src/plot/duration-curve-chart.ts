/**
 * Duration curves: each series' values sorted from highest to lowest against the share of time
 * they are reached.
 *
 * @module
 */
import { Chart } from './chart';
import { checkMaxPoints } from './downsample';
import { seriesOf, valueTitle, type SeriesInput, type SeriesSourceOptions } from './series-source';
import { seriesColor, topLevel, valueEncoding, type ChartOptions } from './spec-parts';

/** Options of {@link durationCurveChart}. */
export interface DurationCurveChartOptions extends ChartOptions, SeriesSourceOptions {
  /** Most points per curve (evenly spaced ranks, first and last kept). Default 50,000. */
  maxPoints?: number;
}

/**
 * The points of a duration curve: values (missing ones left out) from highest to lowest, each
 * with the share of time, in percent, during which the value is reached or exceeded.
 *
 * @param values - The values (NaN = missing).
 * @param maxPoints - Most points to return.
 * @returns Shares `p` (0-100] and values `v`, by falling value.
 * @example
 * durationPoints(Float64Array.of(1, 3, NaN, 2), 10) //=> [{ p: 100 / 3, v: 3 }, { p: 200 / 3, v: 2 }, { p: 100, v: 1 }]
 */
export function durationPoints(values: ArrayLike<number>, maxPoints: number): { p: number; v: number }[] {
  const kept: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isNaN(v)) kept.push(v);
  }
  const sorted = Float64Array.from(kept).sort().reverse();
  const n = sorted.length;
  const m = Math.min(n, maxPoints);
  const out: { p: number; v: number }[] = [];
  for (let k = 0; k < m; k++) {
    const i = m === n ? k : Math.round((k * (n - 1)) / (m - 1));
    out.push({ p: (100 * (i + 1)) / n, v: sorted[i]! });
  }
  return out;
}

/**
 * A duration curve chart: for each series the values sorted from highest to lowest, against
 * the share of time (%) at or above each value. The unit is the value-axis title.
 *
 * @param input - A Timeseries, several, or a table.
 * @param options - `maxPoints`, title, size, table columns.
 * @returns The chart.
 * @throws ValueError when there is nothing to plot.
 * @throws ValidationError for a bad `maxPoints`, width or height.
 * @example
 * const chart = durationCurveChart([price2023, price2024]);
 * chart.spec.encoding.x.title //=> 'Share of time (%)'
 */
export function durationCurveChart(input: SeriesInput, options: DurationCurveChartOptions = {}): Chart {
  const maxPoints = checkMaxPoints(options.maxPoints);
  const series = seriesOf(input, options);
  const rows: Record<string, unknown>[] = [];
  for (const s of series) {
    for (const point of durationPoints(s.values, maxPoints)) rows.push(series.length > 1 ? { ...point, s: s.label } : point);
  }
  const encoding: Record<string, unknown> = {
    x: { field: 'p', type: 'quantitative', title: 'Share of time (%)', scale: { domain: [0, 100], nice: false } },
    y: valueEncoding('v', valueTitle(series, options.valueTitle)),
  };
  if (series.length > 1)
    encoding.color = seriesColor(
      's',
      series.map((s) => s.label),
    );
  const spec = topLevel(options, series.length === 1 ? series[0]!.name : null, {
    data: { values: rows },
    mark: { type: 'line', strokeWidth: 1.5, clip: true },
    encoding,
  });
  return new Chart({ kind: 'duration-curve', spec, series: series.length, points: rows.length, fallback: options.fallback });
}
