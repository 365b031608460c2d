/**
 * OHLC candles: one candle per trading day of one contract, with the settlement price.
 *
 * @module
 */
import { ValueError } from '../exceptions';
import { OHLC, OHLCList } from '../model';
import { Chart } from './chart';
import { unitLabel } from './series-source';
import { jsonNumber, topLevel, type ChartOptions } from './spec-parts';

/** Options of {@link ohlcChart}. */
export type OHLCChartOptions = ChartOptions;

const UP = '#2ca02c';
const DOWN = '#d62728';

function day(ohlc: OHLC): string {
  return ohlc.product.traded.toISODate() ?? '';
}

function num(v: number | null): number | null {
  return v === null ? null : jsonNumber(v);
}

/**
 * An OHLC candle chart: per trading day a rule from low to high, a box from open to close
 * (green when the close is at or above the open, red below) and a black tick at the
 * settlement price. Days are calendar dates (no zone). The price unit is the value-axis title.
 *
 * @param list - The records of one contract (an OHLCList or an array of OHLC).
 * @param options - Title, size, value-axis title.
 * @returns The chart.
 * @throws ValueError when the list is empty, an item is not an OHLC, or two records share a
 *   trading day (several contracts: select one, or use `forwardCurveChart`).
 * @example
 * const chart = ohlcChart(frontMonthOhlc); // an OHLCList of one contract over several trading days
 * chart.spec.layer.map((l) => l.mark.type) //=> ['rule', 'bar', 'tick']
 */
export function ohlcChart(list: OHLCList | readonly OHLC[], options: OHLCChartOptions = {}): Chart {
  const items = [...list];
  if (items.length === 0) throw new ValueError('Nothing to plot: no OHLC records');
  items.forEach((o, i) => {
    if (!OHLC.isOHLC(o)) throw new ValueError(`Chart input item ${i} is not an OHLC`);
  });
  items.sort((a, b) => a.product.traded.toMillis() - b.product.traded.toMillis());
  for (let i = 1; i < items.length; i++) {
    if (day(items[i]!) === day(items[i - 1]!)) {
      throw new ValueError(
        `Two OHLC records on ${day(items[i]!)}: candles need one contract (use forwardCurveChart for one day's contracts)`,
      );
    }
  }
  const rows = items.map((o) => ({
    d: day(o),
    o: num(o.open),
    h: num(o.high),
    l: num(o.low),
    c: num(o.close),
    st: num(o.settlement),
    vol: num(o.volume),
  }));
  const meta = OHLCList.isOHLCList(list) ? list : null;
  const unit = options.valueTitle === undefined ? unitLabel(meta?.unit ?? null, meta?.denominator ?? null) : options.valueTitle;
  const y = (field: string): Record<string, unknown> => ({ field, type: 'quantitative', title: unit, scale: { zero: false, padding: 12 } });
  const tooltip = [
    { field: 'd', type: 'nominal', title: 'Trading day' },
    { field: 'o', type: 'quantitative', title: 'Open' },
    { field: 'h', type: 'quantitative', title: 'High' },
    { field: 'l', type: 'quantitative', title: 'Low' },
    { field: 'c', type: 'quantitative', title: 'Close' },
    { field: 'st', type: 'quantitative', title: 'Settlement' },
    { field: 'vol', type: 'quantitative', title: 'Volume' },
  ];
  const contract = meta?.contract ? meta.contract.columnHeader() : null;
  const title = meta?.curve ? (contract ? `${meta.curve.name} — ${contract}` : meta.curve.name) : contract;
  const spec = topLevel(options, title, {
    data: { values: rows },
    encoding: {
      x: { field: 'd', type: 'ordinal', title: 'Trading day', sort: 'ascending', axis: { labelOverlap: 'greedy', labelAngle: -45 } },
    },
    layer: [
      { mark: { type: 'rule', color: '#555' }, encoding: { y: y('l'), y2: { field: 'h' } } },
      {
        mark: { type: 'bar', width: { band: 0.7 } },
        encoding: { y: y('o'), y2: { field: 'c' }, color: { condition: { test: 'datum.c >= datum.o', value: UP }, value: DOWN }, tooltip },
      },
      { mark: { type: 'tick', color: 'black', thickness: 2 }, encoding: { y: y('st'), tooltip } },
    ],
  });
  return new Chart({ kind: 'ohlc', spec, series: 1, points: rows.length, fallback: options.fallback });
}
