/**
 * Chart rendering benchmark: a line chart of one year of 15-minute values (CET, 2024: 35,136
 * points, drawn in full) built, rendered to SVG and rasterised to PNG without a browser; and
 * a million 5-minute points downsampled to 5,000 with min/max buckets. Prints the median of
 * several runs for each step.
 *
 * Run: `TZ=America/New_York node --import tsx bench/render.ts`
 *
 * Recorded run (Node 20.20, vega 5.33.1, vega-lite 5.23.0, resvg-js 2.6.2; shared 2-core
 * machine), medians of 7 runs:
 *   year of 15-min: build spec (35136 points)   24 ms
 *   year of 15-min: SVG (537 KB)               481 ms
 *   year of 15-min: PNG zoom 2 (182 KB)        238 ms
 *   1M 5-min -> 5,000: build spec               36 ms
 *   1M 5-min -> 5,000: SVG (85 KB)             125 ms
 *   1M 5-min -> 5,000: PNG zoom 2 (43 KB)      357 ms
 * On a quiet machine earlier the year chart took 290 ms to SVG and 130 ms to PNG.
 */
import { performance } from 'node:perf_hooks';
import { Timeseries } from '../src/model';
import { lineChart, renderPng, type Chart } from '../src/plot';
import { CET, Frequency, Resolution } from '../src/time';
import { median } from './median-time';

const RUNS = 7;

function series(frequency: Frequency, stepMs: number, n: number): Timeseries {
  // 2024-01-01 00:00 CET (+01:00) = 2023-12-31T23:00Z
  const begin = Date.UTC(2023, 11, 31, 23);
  const times = Float64Array.from({ length: n }, (_, i) => begin + i * stepMs);
  const values = Float64Array.from({ length: n }, (_, i) => 50 + 30 * Math.sin(i / 96) + 10 * Math.sin(i / 7) + (i % 5));
  return new Timeseries({
    resolution: new Resolution(frequency, CET),
    times,
    values,
    unit: 'MWh/h',
    name: 'DE Wind Power Production MWh/h 15min Actual',
  });
}

function time<T>(work: () => T): [number, T] {
  const start = performance.now();
  const result = work();
  return [performance.now() - start, result];
}

async function timeAsync<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

interface Row {
  step: string;
  ms: number;
  size: string;
}

async function measure(label: string, ts: Timeseries, maxPoints: number | undefined, png: boolean): Promise<Row[]> {
  const build: number[] = [];
  const svg: number[] = [];
  const raster: number[] = [];
  let svgBytes = 0;
  let pngBytes = 0;
  let points = 0;
  await lineChart(ts, { maxPoints }).toSVG(); // warm-up: loads vega, JIT
  for (let run = 0; run < RUNS; run++) {
    const [b, chart] = time<Chart>(() => lineChart(ts, { maxPoints }));
    const [s, text] = await timeAsync(() => chart.toSVG());
    build.push(b);
    svg.push(s);
    svgBytes = text.length;
    points = chart.points;
    if (png) {
      const [p, bytes] = time(() => renderPng(text, { scale: 2 }));
      raster.push(p);
      pngBytes = bytes.length;
    }
  }
  const rows: Row[] = [
    { step: `${label}: build spec (${points} points)`, ms: median(build), size: '' },
    { step: `${label}: SVG`, ms: median(svg), size: `${Math.round(svgBytes / 1024)} KB` },
  ];
  if (png) rows.push({ step: `${label}: PNG (zoom 2)`, ms: median(raster), size: `${Math.round(pngBytes / 1024)} KB` });
  return rows;
}

// 2024 in CET: 8,784 hours (366 days, minus 1 h in March, plus 1 h in October) = 35,136 quarter hours
const year = series(Frequency.PT15M, 900_000, 35_136);
const million = series(Frequency.PT5M, 300_000, 1_000_000);

async function main(): Promise<void> {
  const rows = [...(await measure('year of 15-min', year, undefined, true)), ...(await measure('1M 5-min -> 5,000', million, 5_000, true))];
  console.log(`Chart rendering, median of ${RUNS} runs`);
  for (const row of rows) console.log(`${row.step.padEnd(48)} ${row.ms.toFixed(1).padStart(8)} ms  ${row.size}`);
}

void main();
