/**
 * Research charts of several series: a correlation matrix as a heatmap, and a scatter of one
 * series against another (each point one common time step).
 *
 * @module
 */
import { ValueError } from '../exceptions';
import { align } from '../model/timeseries-align';
import type { Timeseries } from '../model/timeseries';
import { Chart } from './chart';
import { jsonNumber, topLevel, type ChartOptions } from './spec-parts';

/**
 * Pearson correlation of two columns over the rows where both have a value.
 *
 * @param a - One column (NaN = missing).
 * @param b - The other, as long.
 * @returns The coefficient, or NaN with fewer than two pairs or no variance.
 * @example
 * correlation(Float64Array.of(1, 2, 3), Float64Array.of(2, 4, 7)) //~> 0.99
 */
export function correlation(a: Float64Array, b: Float64Array): number {
  let n = 0;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    n++;
    sa += x;
    sb += y;
  }
  if (n < 2) return NaN;
  const ma = sa / n;
  const mb = sb / n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    cov += (x - ma) * (y - mb);
    va += (x - ma) ** 2;
    vb += (y - mb) ** 2;
  }
  return va === 0 || vb === 0 ? NaN : cov / Math.sqrt(va * vb);
}

/** Options of {@link correlationChart}. */
export interface CorrelationChartOptions extends ChartOptions {
  /** Vega colour scheme (diverging); default `'redblue'`. */
  scheme?: string;
}

function names(list: readonly Timeseries[]): string[] {
  const taken = new Set<string>();
  return list.map((s, k) => {
    let name = s.name ?? `series ${k + 1}`;
    for (let j = 2; taken.has(name); j++) name = `${s.name ?? 'series'} (${j})`;
    taken.add(name);
    return name;
  });
}

/**
 * The correlation matrix of several series (same frequency and zone), over their common steps,
 * as a heatmap from -1 to 1 with the coefficient written in each cell.
 *
 * @param list - Two or more series.
 * @param options - Colour scheme, title, size.
 * @returns The chart; `chart.spec.data.values` holds the matrix as `{ a, b, r }` rows.
 * @throws ValueError for fewer than two series; ValidationError (from `align`) when frequencies
 *   or zones differ.
 * @example
 * correlationChart([price, wind, load]).points //=> 9
 */
export function correlationChart(list: readonly Timeseries[], options: CorrelationChartOptions = {}): Chart {
  if (list.length < 2) throw new ValueError(`A correlation chart needs at least two series, got ${list.length}`);
  const aligned = align([...list]);
  const labels = names(list);
  const rows: { a: string; b: string; r: number | null }[] = [];
  aligned.forEach((x, i) => {
    aligned.forEach((y, j) => {
      const r = correlation(x.values, y.values);
      rows.push({ a: labels[i]!, b: labels[j]!, r: jsonNumber(Math.round(r * 100) / 100) });
    });
  });
  const axis = (field: string) => ({ field, type: 'nominal', sort: labels, title: null, axis: { labelLimit: 240 } });
  const spec = topLevel(options, 'Correlation', {
    data: { values: rows },
    encoding: { x: axis('a'), y: axis('b') },
    layer: [
      {
        mark: { type: 'rect' },
        encoding: {
          color: { field: 'r', type: 'quantitative', title: 'r', scale: { domain: [-1, 1], scheme: options.scheme ?? 'redblue' } },
          tooltip: [
            { field: 'a', type: 'nominal' },
            { field: 'b', type: 'nominal' },
            { field: 'r', type: 'quantitative', format: '.2f' },
          ],
        },
      },
      { mark: { type: 'text', fontSize: 10 }, encoding: { text: { field: 'r', type: 'quantitative', format: '.2f' } } },
    ],
  });
  return new Chart({ kind: 'correlation', spec, series: list.length, points: rows.length, fallback: options.fallback });
}

/** Options of {@link scatterChart}. */
export interface ScatterChartOptions extends ChartOptions {
  /** Draw the least-squares line; default true. */
  trend?: boolean;
}

/**
 * One series against another: a point per common step (same frequency and zone), with the
 * least-squares line; the axes are titled with each series' name and unit.
 *
 * @param x - The series along the x axis.
 * @param y - The series along the y axis.
 * @param options - `trend`, title, size.
 * @returns The chart.
 * @throws ValidationError (from `align`) when frequencies or zones differ.
 * @example
 * scatterChart(residualLoad, price).spec.encoding.x.title //=> 'residual (MWh/h)'
 */
export function scatterChart(x: Timeseries, y: Timeseries, options: ScatterChartOptions = {}): Chart {
  const [ax, ay] = align(x, y) as unknown as [Timeseries, Timeseries];
  const rows: { x: number; y: number }[] = [];
  for (let i = 0; i < ax.length; i++) {
    const u = ax.values[i]!;
    const v = ay.values[i]!;
    if (!Number.isNaN(u) && !Number.isNaN(v)) rows.push({ x: u, y: v });
  }
  const title = (s: Timeseries, fallback: string): string => {
    const unit = s.denominator ? `${s.unit ?? ''}/${s.denominator}` : s.unit;
    return unit ? `${s.name ?? fallback} (${unit})` : (s.name ?? fallback);
  };
  const encoding = {
    x: { field: 'x', type: 'quantitative', title: title(x, 'x'), scale: { zero: false } },
    y: { field: 'y', type: 'quantitative', title: title(y, 'y'), scale: { zero: false } },
  };
  const layers: Record<string, unknown>[] = [{ mark: { type: 'point', filled: true, opacity: 0.4, size: 12 }, encoding }];
  if (options.trend !== false) {
    layers.push({ mark: { type: 'line', color: 'firebrick' }, transform: [{ regression: 'y', on: 'x' }], encoding });
  }
  const spec = topLevel(options, `${y.name ?? 'y'} against ${x.name ?? 'x'}`, { data: { values: rows }, layer: layers });
  return new Chart({ kind: 'scatter', spec, series: 2, points: rows.length, fallback: options.fallback });
}
