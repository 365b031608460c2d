/**
 * Scenario fans: quantile bands over the members of an ensemble forecast or the climate years
 * of a scenario series, with the median and the mean as lines.
 *
 * @module
 */
import { ValidationError, ValueError } from '../exceptions';
import { Timeseries } from '../model';
import type { ZoneInput } from '../time';
import { alignSeries } from './align';
import { Chart } from './chart';
import { bucketBounds, bucketStarts, checkMaxPoints, reduceBuckets } from './downsample';
import { seriesOf, type PlotSeries } from './series-source';
import { jsonNumber, timeEncoding, topLevel, valueEncoding, zoomParams, type ChartOptions } from './spec-parts';
import { wallClockMillis } from './wall-clock';

/** Options of {@link scenarioFanChart}. */
export interface ScenarioFanChartOptions extends ChartOptions {
  /** Quantile bands as `[low, high]` probabilities, outermost first; default `[[0.1, 0.9], [0.25, 0.75]]`. */
  bands?: readonly (readonly [number, number])[];
  /** Draw the median line; default true. */
  median?: boolean;
  /** Draw the mean line (the series' own mean when it has one, else the members' mean); default true. */
  mean?: boolean;
  /** Most time steps; longer series keep each bucket's band extremes and average the lines. Default 50,000. */
  maxPoints?: number;
  /** Show time in this zone instead of the series' zone. */
  zone?: ZoneInput;
}

const BAND_COLORS = ['#c6dbef', '#9ecae1', '#6baed6', '#4292c6'];
const MEDIAN_COLOR = '#08306b';
const MEAN_COLOR = '#e6550d';

/**
 * The `p` quantile of sorted numbers, interpolating linearly between neighbours (the default
 * of R and NumPy).
 *
 * @param sorted - Ascending numbers, no NaN.
 * @param p - Probability in [0, 1].
 * @returns The quantile, or NaN for no numbers.
 * @example
 * quantileSorted([1, 2, 3, 4], 0.5) //=> 2.5
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const a = sorted[lo]!;
  return lo + 1 < n ? a + (h - lo) * (sorted[lo + 1]! - a) : a;
}

function checkBands(bands: readonly (readonly [number, number])[]): void {
  bands.forEach(([lo, hi], i) => {
    if (!(lo >= 0 && hi <= 1 && lo < hi)) throw new ValidationError(`band ${i} must be [low, high] with 0 <= low < high <= 1`, 'bands');
  });
}

function percent(p: number): string {
  return `${Number((p * 100).toFixed(1))}`;
}

interface Members {
  times: Float64Array;
  columns: readonly Float64Array[];
  mean: Float64Array | null;
  label: PlotSeries;
}

function membersOf(input: Timeseries | Iterable<Timeseries>, zone: ZoneInput | undefined): Members {
  if (Timeseries.isTimeseries(input)) {
    if (!input.hasScenarios()) throw new ValueError('A scenario fan needs a series with scenarios (or several member series)');
    const label = seriesOf(input, { zone })[0] as PlotSeries;
    return { times: input.times, columns: input.scenarios, mean: input.valuesOrNull(), label };
  }
  const series = seriesOf(input, { zone });
  if (series.length < 2) throw new ValueError('A scenario fan needs at least two member series');
  const aligned = alignSeries(series);
  return { times: aligned.times, columns: aligned.columns, mean: null, label: series[0]! };
}

/** The fan's columns at each step: the bands' low and high quantiles, the median and the mean. */
interface FanColumns {
  lows: Float64Array[];
  highs: Float64Array[];
  median: Float64Array;
  mean: Float64Array;
}

/** Quantiles across the members at each step, skipping missing values. */
function fanColumns(members: Members, bands: readonly (readonly [number, number])[]): FanColumns {
  const { times, columns } = members;
  const n = times.length;
  const k = columns.length;
  const lows = bands.map(() => new Float64Array(n));
  const highs = bands.map(() => new Float64Array(n));
  const median = new Float64Array(n);
  const mean = members.mean ?? new Float64Array(n);
  const buffer = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    let m = 0;
    let sum = 0;
    for (let j = 0; j < k; j++) {
      const v = columns[j]![i] as number;
      if (!Number.isNaN(v)) {
        buffer[m++] = v;
        sum += v;
      }
    }
    const sorted = buffer.subarray(0, m).sort();
    bands.forEach(([lo, hi], b) => {
      lows[b]![i] = quantileSorted(sorted, lo);
      highs[b]![i] = quantileSorted(sorted, hi);
    });
    median[i] = quantileSorted(sorted, 0.5);
    if (members.mean === null) mean[i] = m > 0 ? sum / m : NaN;
  }
  return { lows, highs, median, mean };
}

/** The chart's data rows (`t`, `med`, `mean`, `l0`/`h0`, ...), thinned to `maxPoints` buckets. */
function fanRows(members: Members, full: FanColumns, maxPoints: number): Record<string, unknown>[] {
  const n = members.times.length;
  let wall = wallClockMillis(members.times, members.label.zone);
  let cols = full;
  if (n > maxPoints) {
    const bounds = bucketBounds(n, maxPoints);
    wall = bucketStarts(wall, bounds);
    cols = {
      lows: full.lows.map((c) => reduceBuckets(c, bounds, 'min')),
      highs: full.highs.map((c) => reduceBuckets(c, bounds, 'max')),
      median: reduceBuckets(full.median, bounds, 'mean'),
      mean: reduceBuckets(full.mean, bounds, 'mean'),
    };
  }
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < wall.length; i++) {
    const row: Record<string, unknown> = {
      t: wall[i],
      med: jsonNumber(cols.median[i]!),
      mean: jsonNumber(cols.mean[i]!),
    };
    cols.lows.forEach((low, b) => {
      row[`l${b}`] = jsonNumber(low[i] as number);
      row[`h${b}`] = jsonNumber(cols.highs[b]![i] as number);
    });
    rows.push(row);
  }
  return rows;
}

/** The layers: one area per band, then the median and mean lines, under one colour legend. */
function fanLayers(
  bands: readonly (readonly [number, number])[],
  options: ScenarioFanChartOptions,
  unit: string | null,
): Record<string, unknown>[] {
  const bandLabels = bands.map(([lo, hi]) => `${percent(lo)}–${percent(hi)} %`);
  const domain = [...bandLabels];
  const range = bands.map((_, b) => BAND_COLORS[Math.min(BAND_COLORS.length - 1, b + Math.max(0, 2 - bands.length))]!);
  const showMedian = options.median !== false;
  const showMean = options.mean !== false;
  if (showMedian) {
    domain.push('median');
    range.push(MEDIAN_COLOR);
  }
  if (showMean) {
    domain.push('mean');
    range.push(MEAN_COLOR);
  }
  // Each layer names itself in a `key` field, so one colour scale (and one legend) covers them all.
  const color = {
    field: 'key',
    type: 'nominal',
    title: null,
    scale: { domain, range },
    legend: { orient: 'bottom', direction: 'horizontal' },
  };
  const keyed = (key: string): Record<string, unknown>[] => [{ calculate: JSON.stringify(key), as: 'key' }];
  const layer: Record<string, unknown>[] = bands.map((_, b) => ({
    transform: keyed(bandLabels[b]!),
    mark: { type: 'area', clip: true },
    encoding: { y: valueEncoding(`l${b}`, unit), y2: { field: `h${b}` }, color },
  }));
  if (showMedian) {
    layer.push({
      transform: keyed('median'),
      mark: { type: 'line', strokeWidth: 1.5, clip: true },
      encoding: { y: valueEncoding('med', unit), color },
    });
  }
  if (showMean) {
    layer.push({
      transform: keyed('mean'),
      mark: { type: 'line', strokeWidth: 1.5, strokeDash: [4, 2], clip: true },
      encoding: { y: valueEncoding('mean', unit), color },
    });
  }
  (layer[0] as Record<string, unknown>).params = zoomParams();
  return layer;
}

/**
 * A scenario fan: at each time step, quantile bands across the scenarios (or member series),
 * the median and the mean. Time is wall-clock time in the series' zone; the unit is the
 * value-axis title.
 *
 * @param input - A Timeseries with scenarios (ensemble or climate), or several member series.
 * @param options - Bands, median, mean, `maxPoints`, zone, title, size.
 * @returns The chart.
 * @throws ValueError when the series has no scenarios or fewer than two members are given.
 * @throws ValidationError for bad bands, `maxPoints`, width or height.
 * @example
 * const chart = scenarioFanChart(ensemble, { bands: [[0.05, 0.95]] });
 * chart.spec.layer.length //=> 3
 */
export function scenarioFanChart(input: Timeseries | Iterable<Timeseries>, options: ScenarioFanChartOptions = {}): Chart {
  const maxPoints = checkMaxPoints(options.maxPoints);
  const bands = options.bands ?? [
    [0.1, 0.9],
    [0.25, 0.75],
  ];
  checkBands(bands);
  const members = membersOf(input, options.zone);
  const rows = fanRows(members, fanColumns(members, bands), maxPoints);
  const unit = options.valueTitle === undefined ? members.label.unit : options.valueTitle;
  const spec = topLevel(options, members.label.name, {
    data: { values: rows },
    encoding: { x: timeEncoding('t', members.label.zoneName) },
    layer: fanLayers(bands, options, unit),
  });
  return new Chart({ kind: 'scenario-fan', spec, series: members.columns.length, points: rows.length, fallback: options.fallback });
}
