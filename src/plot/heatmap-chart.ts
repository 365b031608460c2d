/**
 * Heatmaps of a time series: hour of day against date, coloured by value.
 *
 * @module
 */
import { ValueError } from '../exceptions';
import { Frequency } from '../time';
import { Chart } from './chart';
import { seriesOf, valueTitle, type PlotSeries, type SeriesInput, type SeriesSourceOptions } from './series-source';
import { jsonNumber, timeEncoding, topLevel, type ChartOptions } from './spec-parts';
import { DAY_MS, HOUR_MS, wallClockMillis } from './wall-clock';

/** Options of {@link heatmapChart}. */
export interface HeatmapChartOptions extends ChartOptions, SeriesSourceOptions {
  /** Vega colour scheme; default `'viridis'`. */
  scheme?: string;
}

/** One heatmap cell: the wall-clock day (ms at its midnight), the hour and the mean value. */
export interface HeatmapCell {
  /** Wall-clock milliseconds of the day's midnight. */
  readonly day: number;
  /** Hour of the day on the wall clock, 0-23. */
  readonly hour: number;
  /** Mean of the values in that hour. */
  readonly value: number;
}

/**
 * Averages a series into (wall-clock day, hour of day) cells. On the day clocks go forward the
 * missing hour has no cell; on the day they go back the repeated hour averages both.
 *
 * @param series - The series.
 * @returns The cells with at least one value, by day then hour.
 * @example
 * // 2024-03-31 in CET: 00:00+01:00 .. 03:00+02:00, hourly; 02:00 does not exist
 * hourCells(seriesOf(ts)).map((c) => c.hour) //=> [0, 1, 3]
 */
export function hourCells(series: PlotSeries): HeatmapCell[] {
  const wall = wallClockMillis(series.times, series.zone);
  const sums = new Map<number, { sum: number; count: number }>();
  for (let i = 0; i < wall.length; i++) {
    const w = wall[i]!;
    const v = series.values[i]!;
    if (Number.isNaN(w) || Number.isNaN(v)) continue;
    const key = Math.floor(w / HOUR_MS);
    const cell = sums.get(key);
    if (cell) {
      cell.sum += v;
      cell.count++;
    } else sums.set(key, { sum: v, count: 1 });
  }
  return [...sums.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([key, { sum, count }]) => {
      const day = Math.floor((key * HOUR_MS) / DAY_MS) * DAY_MS;
      return { day, hour: Math.round((key * HOUR_MS - day) / HOUR_MS), value: sum / count };
    });
}

/**
 * A heatmap: dates along the x axis, hours of the day (wall clock in the series' zone) down the
 * y axis, each cell coloured by the hour's mean value; the unit titles the colour legend.
 *
 * @param input - One Timeseries (hourly or finer), or a table with one value column.
 * @param options - Colour scheme, zone override, title, size, table columns.
 * @returns The chart.
 * @throws ValueError when more than one series is given or the series is coarser than hourly.
 * @throws ValidationError for a bad width or height.
 * @example
 * const chart = heatmapChart(spotPrices);
 * chart.spec.encoding.y.title //=> 'Hour of day (CET)'
 */
export function heatmapChart(input: SeriesInput, options: HeatmapChartOptions = {}): Chart {
  const series = seriesOf(input, options);
  if (series.length !== 1) throw new ValueError(`A heatmap shows one series, got ${series.length}`);
  const s = series[0]!;
  if (s.frequency?.isIterable && s.frequency.lt(Frequency.PT1H)) {
    throw new ValueError(`A heatmap needs hourly or finer data, got ${s.frequency.tag}`);
  }
  const rows = hourCells(s).map((c) => ({ d: c.day, d2: c.day + DAY_MS, h: c.hour, v: jsonNumber(c.value) }));
  const unit = valueTitle(series, options.valueTitle);
  const x = timeEncoding('d', s.zoneName, 'Date');
  const spec = topLevel(options, s.name, {
    data: { values: rows },
    mark: { type: 'rect' },
    encoding: {
      x,
      x2: { field: 'd2' },
      y: { field: 'h', type: 'ordinal', title: `Hour of day (${s.zoneName})`, scale: { domain: Array.from({ length: 24 }, (_, h) => h) } },
      color: { field: 'v', type: 'quantitative', title: unit, scale: { scheme: options.scheme ?? 'viridis' } },
      tooltip: [
        { field: 'd', type: 'temporal', timeUnit: 'utcyearmonthdate', format: '%Y-%m-%d', title: `Date (${s.zoneName})` },
        { field: 'h', type: 'ordinal', title: 'Hour' },
        { field: 'v', type: 'quantitative', title: unit ?? 'Value', format: ',.2f' },
      ],
    },
  });
  return new Chart({ kind: 'heatmap', spec, series: 1, points: rows.length, fallback: options.fallback });
}
