/**
 * Line charts of one or many time series.
 *
 * @module
 */
import { Chart } from './chart';
import { checkMaxPoints, minMaxIndexes } from './downsample';
import { seriesOf, valueTitle, type PlotSeries, type SeriesInput, type SeriesSourceOptions } from './series-source';
import { jsonNumber, seriesColor, timeEncoding, timeTooltip, topLevel, valueEncoding, zoomParams, type ChartOptions } from './spec-parts';
import { wallClockMillis } from './wall-clock';

/** Options of {@link lineChart}. */
export interface LineChartOptions extends ChartOptions, SeriesSourceOptions {
  /** Most points per series; longer series keep each bucket's minimum and maximum. Default 50,000. */
  maxPoints?: number;
  /** Draw steps (each value held until the next step) instead of straight segments. */
  step?: boolean;
}

/** Most data rows that get tooltip points (beyond, the static SVG would grow by ~300 bytes a row). */
export const MAX_TOOLTIP_POINTS = 2_000;

/** The data rows of line series, and whether they need an explicit drawing order. */
export interface LineRows {
  /** Rows `{t, v}` (plus `s` with several series, plus `i` when ordered). */
  readonly rows: Record<string, unknown>[];
  /** True when some wall-clock times repeat (clocks went back), so rows carry their index `i`. */
  readonly ordered: boolean;
}

/**
 * The data rows of line series: wall-clock time `t`, value `v` and, with several series, the
 * label `s`; each series downsampled to `maxPoints` with min/max buckets. When clocks go back
 * inside the data the wall-clock times repeat, and each row also gets its index `i` so the line
 * is drawn in time order rather than sorted by wall clock.
 *
 * @param series - The series.
 * @param maxPoints - Most points per series.
 * @returns The rows, series after series, each in time order.
 * @example
 * lineRows(seriesOf(ts), 50_000).rows[0] //=> { t: 1704067200000, v: 5 }
 */
export function lineRows(series: readonly PlotSeries[], maxPoints: number): LineRows {
  const labelled = series.length > 1;
  const picked = series.map((s) => {
    const wall = wallClockMillis(s.times, s.zone);
    return { s, wall, keep: minMaxIndexes(s.values, maxPoints) };
  });
  const ordered = picked.some(({ wall, keep }) => {
    for (let k = 1; k < keep.length; k++) if ((wall[keep[k]!] as number) <= (wall[keep[k - 1]!] as number)) return true;
    return false;
  });
  const rows: Record<string, unknown>[] = [];
  for (const { s, wall, keep } of picked) {
    keep.forEach((i, k) => {
      const row: Record<string, unknown> = { t: wall[i], v: jsonNumber(s.values[i]!) };
      if (labelled) row.s = s.label;
      if (ordered) row.i = k;
      rows.push(row);
    });
  }
  return { rows, ordered };
}

/**
 * A line chart of one or many time series, with time on the x axis as wall-clock time in the
 * (first) series' zone and the unit as the value-axis title. Zoom and pan with the mouse, and
 * (up to {@link MAX_TOOLTIP_POINTS} rows) a tooltip with time and value on hover, in notebooks
 * and HTML reports.
 *
 * @param input - A Timeseries, several (array or TimeseriesList), or a table.
 * @param options - Title, size, `maxPoints`, `step`, zone override, table columns.
 * @returns The chart.
 * @throws ValueError when there is nothing to plot.
 * @throws ValidationError for a bad `maxPoints`, width or height.
 * @example
 * const chart = lineChart([windForecast, solarForecast], { title: 'DE renewables' });
 * chart.spec.encoding.x.title //=> 'Time (CET)'
 */
export function lineChart(input: SeriesInput, options: LineChartOptions = {}): Chart {
  const maxPoints = checkMaxPoints(options.maxPoints);
  const series = seriesOf(input, options);
  const first = series[0]!;
  const { rows, ordered } = lineRows(series, maxPoints);
  const encoding: Record<string, unknown> = {
    x: timeEncoding('t', first.zoneName),
    y: valueEncoding('v', valueTitle(series, options.valueTitle)),
  };
  if (ordered) encoding.order = { field: 'i', type: 'quantitative' };
  if (series.length > 1)
    encoding.color = seriesColor(
      's',
      series.map((s) => s.label),
    );
  const tooltip = [
    timeTooltip('t', first.zoneName),
    ...(series.length > 1 ? [{ field: 's', type: 'nominal', title: 'Series' }] : []),
    { field: 'v', type: 'quantitative', title: valueTitle(series, options.valueTitle) ?? 'Value', format: ',.2f' },
  ];
  const line = {
    params: zoomParams(),
    mark: { type: 'line', strokeWidth: 1.25, interpolate: options.step ? 'step-after' : 'linear', clip: true },
  };
  // Invisible points on the line carry the tooltips (the time and value under the mouse). Each is
  // an item of the static SVG too (about 300 bytes), so long series go without.
  const points = { mark: { type: 'point', filled: true, opacity: 0, size: 60, clip: true }, encoding: { tooltip } };
  const spec = topLevel(options, series.length === 1 ? first.name : null, {
    data: { values: rows },
    encoding,
    layer: rows.length <= MAX_TOOLTIP_POINTS ? [line, points] : [line],
  });
  return new Chart({ kind: 'line', spec, series: series.length, points: rows.length, fallback: options.fallback });
}
