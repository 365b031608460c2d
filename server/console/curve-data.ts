/**
 * What a curve page does with loaded data: the chart spec (the project's chart builders in
 * src/plot) and the table of values (also its CSV).
 *
 * @module
 */
import { OHLCList } from '../../src/model/ohlc-list';
import { Periodseries } from '../../src/model/periodseries';
import { Timeseries } from '../../src/model/timeseries';
import { forwardCurveChart } from '../../src/plot/forward-curve-chart';
import { lineChart } from '../../src/plot/line-chart';
import { scenarioFanChart } from '../../src/plot/scenario-fan';

/** A table: column names and rows of cells (text or numbers; null is empty). */
export interface ValueTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly (string | number | null)[])[];
}

/** What the chart shows, for the text beside it. */
export type ChartKind = 'line' | 'ensemble' | 'steps' | 'forward-curve';

/** ISO times without milliseconds (the values are on whole seconds). */
const ISO = { suppressMilliseconds: true } as const;

const num = (v: number): number | null => (Number.isNaN(v) ? null : v);

/**
 * The chart of loaded data, or null when there is nothing to draw.
 *
 * @param data - A Timeseries, Periodseries or OHLCList.
 * @param size - Width and height in pixels.
 * @returns The Vega-Lite spec and what it shows.
 */
export function chartOf(data: unknown, size: { width: number; height: number }): { spec: object; kind: ChartKind } | null {
  if (Timeseries.isTimeseries(data)) {
    if (data.length === 0) return null;
    if (data.scenarios.length > 0) {
      return { spec: scenarioFanChart(data, { ...size, mean: true, median: false, bands: [[0, 1]] }).spec, kind: 'ensemble' };
    }
    return { spec: lineChart(data, size).spec, kind: 'line' };
  }
  if (Periodseries.isPeriodseries(data)) {
    if (data.length === 0) return null;
    return { spec: forwardCurveChart(data, size).spec, kind: 'steps' };
  }
  if (data instanceof OHLCList) {
    if (data.length === 0) return null;
    return { spec: forwardCurveChart(data, size).spec, kind: 'forward-curve' };
  }
  return null;
}

/**
 * The values as a table.
 *
 * @param data - A Timeseries, Periodseries or OHLCList.
 * @returns Columns and rows.
 */
export function tableOf(data: unknown): ValueTable {
  if (Timeseries.isTimeseries(data)) {
    const hasValues = data.scenarios.length === 0 || data.data.some((item) => 'value' in item);
    const columns = ['date', ...(hasValues ? ['value'] : []), ...data.scenarioNames];
    const rows = data.data.map((item) => {
      const row: (string | number | null)[] = [item.date.toISO(ISO)];
      if (hasValues) row.push('value' in item ? (item.value ?? null) : null);
      if ('scenarios' in item) for (const s of item.scenarios ?? []) row.push(s);
      return row;
    });
    return { columns, rows };
  }
  if (Periodseries.isPeriodseries(data)) {
    return { columns: ['begin', 'end', 'value'], rows: data.data.map((p) => [p.begin.toISO(ISO), p.end.toISO(ISO), p.value]) };
  }
  if (data instanceof OHLCList) {
    return {
      columns: ['traded', 'period', 'front', 'delivery', 'open', 'high', 'low', 'close', 'settlement', 'volume', 'open_interest'],
      rows: [...data].map((o) => [
        o.product.traded.toISODate(),
        o.product.period.tag,
        o.product.front,
        o.product.delivery.toISODate(),
        o.open,
        o.high,
        o.low,
        o.close,
        o.settlement,
        o.volume,
        o.openInterest,
      ]),
    };
  }
  return { columns: [], rows: [] };
}

/** A CSV cell: quoted when it holds a comma, quote or line break. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(num(value) ?? '') : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The table as CSV (RFC 4180, header line, `\r\n` line ends).
 *
 * @param table - The table.
 * @returns The CSV text.
 */
export function csvOf(table: ValueTable): string {
  return [table.columns, ...table.rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
