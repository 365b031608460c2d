/**
 * Stacked area charts: a production mix, one band per series.
 *
 * @module
 */
import { alignSeries } from './align';
import { Chart } from './chart';
import { bucketBounds, bucketStarts, checkMaxPoints, reduceBuckets } from './downsample';
import { seriesOf, valueTitle, type SeriesInput, type SeriesSourceOptions } from './series-source';
import { jsonNumber, seriesColor, timeEncoding, timeTooltip, topLevel, valueEncoding, zoomParams, type ChartOptions } from './spec-parts';
import { wallClockMillis } from './wall-clock';

/** Options of {@link stackedAreaChart}. */
export interface StackedAreaChartOptions extends ChartOptions, SeriesSourceOptions {
  /** Most time steps; longer grids are averaged over equal runs of steps. Default 50,000. */
  maxPoints?: number;
  /** Stack to 100 % (shares) instead of absolute values. */
  normalize?: boolean;
}

/**
 * A stacked area chart (a production mix): the series are aligned on the union of their
 * time steps, missing values count as zero, and the first series is the bottom band. Time is
 * wall-clock time in the first series' zone; the unit is the value-axis title.
 *
 * @param input - Several Timeseries (array or TimeseriesList), or a table with one column per band.
 * @param options - Title, size, `maxPoints`, `normalize`, zone override, table columns.
 * @returns The chart.
 * @throws ValueError when there is nothing to plot.
 * @throws ValidationError for a bad `maxPoints`, width or height.
 * @example
 * const chart = stackedAreaChart([nuclear, wind, solar]);
 * chart.spec.encoding.y.stack //=> 'zero'
 */
export function stackedAreaChart(input: SeriesInput, options: StackedAreaChartOptions = {}): Chart {
  const maxPoints = checkMaxPoints(options.maxPoints);
  const series = seriesOf(input, options);
  const first = series[0]!;
  const aligned = alignSeries(series);
  let wall = wallClockMillis(aligned.times, first.zone);
  let columns = aligned.columns;
  if (wall.length > maxPoints) {
    const bounds = bucketBounds(wall.length, maxPoints);
    wall = bucketStarts(wall, bounds);
    columns = columns.map((c) => reduceBuckets(c, bounds, 'mean'));
  }
  const rows: Record<string, unknown>[] = [];
  columns.forEach((column, k) => {
    const label = series[k]!.label;
    for (let i = 0; i < wall.length; i++) {
      const v = column[i]!;
      rows.push({ t: wall[i], v: Number.isNaN(v) ? 0 : jsonNumber(v), s: label, k });
    }
  });
  const labels = series.map((s) => s.label);
  const title = options.normalize
    ? options.valueTitle === undefined
      ? 'Share'
      : options.valueTitle
    : valueTitle(series, options.valueTitle);
  const y = { ...valueEncoding('v', title), stack: options.normalize ? 'normalize' : 'zero' };
  if (options.normalize) Object.assign(y, { axis: { format: '.0%' } });
  const spec = topLevel(options, null, {
    data: { values: rows },
    params: zoomParams(),
    mark: { type: 'area', interpolate: 'linear', clip: true },
    encoding: {
      x: timeEncoding('t', first.zoneName),
      y,
      color: seriesColor('s', labels),
      order: { field: 'k', type: 'quantitative' },
      tooltip: [
        timeTooltip('t', first.zoneName),
        { field: 's', type: 'nominal', title: 'Series' },
        { field: 'v', type: 'quantitative', title: valueTitle(series) ?? 'Value', format: ',.2f' },
      ],
    },
  });
  return new Chart({ kind: 'stacked-area', spec, series: series.length, points: rows.length, fallback: options.fallback });
}
