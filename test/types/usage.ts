/**
 * Typical user code, written against the public entry points only (src/index.ts = `service`,
 * src/exceptions.ts = `service/exceptions`, src/plot/index.ts = `service/plot`). It is never
 * executed: the test command's type-check (`tsc -p tsconfig.test.json`, which includes `test/`)
 * compiles it, so a change that breaks ordinary use of the API fails the tests.
 * The `@ts-expect-error` lines make sure the types are real: if a type degraded to `any`, the
 * expected error would vanish and the type-check would fail.
 */
import { Aggregation, Filter, Frequency, ServiceClient, type Timeseries, toTable } from '../../src';
import { NotFoundError, ValidationError } from '../../src/exceptions';
import { lineChart, type Chart } from '../../src/plot';

/** Loads a week of daily peak averages, tabulates and plots them, and handles bad input. */
export async function weeklyPeakReport(apiKey: string): Promise<{ rows: number; svg: string; problem?: string }> {
  const client = new ServiceClient({ apiKey, timeout: 30 });

  const ts: Timeseries = await client.timeseries.load('DE Wind Power Production MWh/h 15min Actual', {
    begin: '2024-03-25',
    end: '2024-04-01',
    timeZone: 'CET',
    frequency: Frequency.P1D,
    aggregation: Aggregation.AVERAGE,
    hourFilter: Filter.PEAK,
    unit: 'GW',
  });
  const frequencyTag: string = ts.resolution.frequency.tag;
  void frequencyTag;

  // Tables: the free function and the attached method give the same Arquero table.
  const table = toTable(ts, { singleLevelHeader: true });
  const same = ts.toTable({ singleLevelHeader: true });
  const columns: string[] = table.columnNames();
  const rows: number = same.numRows();
  void columns;

  // Plots: a Vega-Lite chart, rendered to SVG without a browser.
  const chart: Chart = lineChart(ts, { maxPoints: 2000 });
  const svg: string = await chart.toSVG();

  // Errors: the spec's classes with their named fields.
  try {
    await client.timeseries.load('DE Wind Power Production MWh/h 15min Actual', { begin: 'not a date', end: '2024-04-01' });
  } catch (err) {
    if (err instanceof ValidationError) {
      const parameter: string | undefined = err.parameter;
      return { rows, svg, problem: `${parameter ?? '?'}: ${err.reason}` };
    }
    if (err instanceof NotFoundError) return { rows, svg, problem: err.reason };
    throw err;
  }
  return { rows, svg };
}

/** Lines the type-check must reject: they prove the imported types are not `any`. */
export function misuse(ts: Timeseries, client: ServiceClient): void {
  // @ts-expect-error -- a Timeseries is not a number
  const n: number = ts;
  // @ts-expect-error -- load needs begin and end
  void client.timeseries.load('X', {});
  // @ts-expect-error -- ValidationError.parameter is a string or undefined
  const p: number = new ValidationError('bad', 'begin').parameter;
  // @ts-expect-error -- Frequency has no such member
  void Frequency.P7D;
  void n;
  void p;
}

/** Option types that catch mistakes at compile time (the run time keeps its own checks). */
export async function typedOptions(client: ServiceClient): Promise<void> {
  const range = { begin: '2024-01-01', end: '2024-01-02' };
  // literal tags in any case, and the enum members
  await client.timeseries.load('X', { ...range, frequency: 'P1D', aggregation: 'MAX', hourFilter: 'PEAK', thresholdPct: 5 });
  await client.timeseries.load('X', { ...range, frequency: 'pt60m', aggregation: Aggregation.SUM, hourFilter: 'offpeak', threshold: 2 });
  await client.timeseries.load('X', { ...range, frequency: Frequency.P1W, hourFilter: Filter.PEAK });
  // @ts-expect-error -- 'P2D' is not a frequency
  await client.timeseries.load('X', { ...range, frequency: 'P2D' });
  // @ts-expect-error -- 'PEAKS' is not an hour filter
  await client.timeseries.load('X', { ...range, frequency: 'P1D', hourFilter: 'PEAKS' });
  // @ts-expect-error -- 'MEDIAN' is not an aggregation
  await client.timeseries.load('X', { ...range, frequency: 'P1D', aggregation: 'MEDIAN' });
  // @ts-expect-error -- threshold and thresholdPct exclude each other
  await client.timeseries.load('X', { ...range, frequency: 'P1D', threshold: 1, thresholdPct: 5 });
  // @ts-expect-error -- aggregation without frequency has no effect
  await client.timeseries.load('X', { ...range, aggregation: 'MAX' });
  // @ts-expect-error -- hourFilter without frequency has no effect
  await client.instances.latest('X', { hourFilter: 'PEAK' });
  // @ts-expect-error -- a threshold without frequency has no effect
  await client.instances.relative('X', { ...range, tag: 'ec', threshold: 1 });
  // @ts-expect-error -- 'FORCAST' is not a data type
  void client.metadata.curves({ dataType: 'FORCAST' });
  // @ts-expect-error -- 'fortnight' is not a contract period
  await client.ohlc.load('X', { ...range, period: 'fortnight' });
  // the client-side resample takes the same literals
  const ts = await client.timeseries.load('X', range);
  ts.resample('P1M', { hourFilter: 'PEAK', aggregation: 'MAX' });
  // @ts-expect-error -- 'PEAKS' is not an hour filter
  ts.resample('P1M', { hourFilter: 'PEAKS' });
  // @ts-expect-error -- threshold and thresholdPct exclude each other
  ts.resample('P1D', { threshold: 1, thresholdPct: 5 });
  // values are always a Float64Array: no `!` needed
  const first: number = ts.values[0] ?? Number.NaN;
  void first;
}
