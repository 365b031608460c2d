/**
 * Forward curves: values over delivery periods, each period drawn as a flat step from its
 * begin to its end. Takes period-based series or one trading day's OHLC records.
 *
 * @module
 */
import { ValueError } from '../exceptions';
import { ContractPeriod, OHLC, OHLCField, OHLCList, Periodseries } from '../model';
import { toZone, zoneName, type ZoneInput } from '../time';
import { Chart } from './chart';
import { uniqueNames, unitLabel } from './series-source';
import { jsonNumber, seriesColor, timeEncoding, timeTooltip, topLevel, valueEncoding, zoomParams, type ChartOptions } from './spec-parts';
import { wallClockMillis } from './wall-clock';

/** What {@link forwardCurveChart} takes: period-based series, or OHLC records (an OHLCList or an array). */
export type ForwardCurveInput = Periodseries | Iterable<Periodseries> | Iterable<OHLC>;

/** Options of {@link forwardCurveChart}. */
export interface ForwardCurveChartOptions extends ChartOptions {
  /** The OHLC field to draw; default settlement. */
  field?: OHLCField | string;
  /** Show period-based series in this zone instead of their own. */
  zone?: ZoneInput;
}

interface Step {
  b: number;
  e: number;
  v: number | null;
  s: string;
}

interface Steps {
  rows: Step[];
  labels: string[];
  zoneName: string | null;
  unit: string | null;
  title: string | null;
}

function fromPeriods(list: Periodseries[], zone: ZoneInput | undefined): Steps {
  const shown = toZone(zone, list[0]!.resolution.zone);
  const extras = list.map((p) => (p.instance ? p.instance.columnHeader().trim() : ''));
  const named = uniqueNames(
    list.map((p) => p.name ?? 'value'),
    extras,
  );
  const rows: Step[] = [];
  list.forEach((p, k) => {
    const begins = wallClockMillis(p.begins, shown);
    const ends = wallClockMillis(p.ends, shown);
    for (let i = 0; i < p.length; i++) rows.push({ b: begins[i]!, e: ends[i]!, v: jsonNumber(p.values[i]!), s: named[k]! });
  });
  const units = [...new Set(list.map((p) => unitLabel(p.unit, p.denominator)).filter((u): u is string => u !== null))];
  return {
    rows,
    labels: named,
    zoneName: zone === undefined ? list[0]!.resolution.timezone : zoneName(shown),
    unit: units.length > 0 ? units.join(', ') : null,
    title: list.length === 1 ? list[0]!.name : null,
  };
}

function deliveryEnd(o: OHLC): number {
  const period = o.product.period;
  const delta = period === ContractPeriod.WEEKEND ? { days: 2 } : period.frequency.getDelta(1);
  return o.product.delivery.plus(delta).toMillis();
}

function fromOhlc(items: OHLC[], meta: OHLCList | null, field: OHLCField | string): Steps {
  const days = new Set(items.map((o) => o.product.traded.toISODate()));
  const rows: Step[] = items.map((o) => ({
    b: o.product.delivery.toMillis(),
    e: deliveryEnd(o),
    v: o.getField(field),
    s: days.size > 1 ? `${o.product.traded.toISODate()} ${o.product.period.tag}` : o.product.period.tag,
  }));
  rows.sort((a, b) => a.b - b.b || b.e - a.e);
  const traded = days.size === 1 ? ` (traded ${[...days][0]})` : '';
  return {
    rows,
    labels: [...new Set(rows.map((r) => r.s))],
    zoneName: null,
    unit: meta ? unitLabel(meta.unit, meta.denominator) : null,
    title: meta?.curve ? `${meta.curve.name}${traded}` : null,
  };
}

/**
 * A forward curve: each delivery period a flat step at its value, from the period's begin to
 * its end. Period-based series show wall-clock time in their zone; OHLC records (the contracts
 * traded on a day) show calendar delivery dates, one colour per contract period.
 *
 * @param input - A Periodseries, several, or OHLC records (an OHLCList or an array).
 * @param options - OHLC field (default settlement), zone, title, size, value-axis title.
 * @returns The chart.
 * @throws ValueError when the input is empty or mixes kinds, or an OHLC field is unknown.
 * @throws ValidationError for a bad width or height.
 * @example
 * const chart = forwardCurveChart(ohlcOfOneTradingDay); // an OHLCList of the contracts traded on a day
 * chart.spec.mark.type //=> 'rule'
 */
export function forwardCurveChart(input: ForwardCurveInput, options: ForwardCurveChartOptions = {}): Chart {
  const items: unknown[] = Periodseries.isPeriodseries(input) ? [input] : [...(input as Iterable<unknown>)];
  if (items.length === 0) throw new ValueError('Nothing to plot: no periods or OHLC records');
  let steps: Steps;
  if (items.every((x) => Periodseries.isPeriodseries(x))) steps = fromPeriods(items as Periodseries[], options.zone);
  else if (items.every((x) => OHLC.isOHLC(x))) {
    steps = fromOhlc(items as OHLC[], OHLCList.isOHLCList(input) ? input : null, options.field ?? OHLCField.SETTLEMENT);
  } else throw new ValueError('Forward curve input must be Periodseries or OHLC records, not a mix');
  const unit = options.valueTitle === undefined ? steps.unit : options.valueTitle;
  const encoding: Record<string, unknown> = {
    x: timeEncoding('b', steps.zoneName, 'Delivery'),
    x2: { field: 'e' },
    y: { ...valueEncoding('v', unit), scale: { zero: false, padding: 12 } },
    tooltip: [
      timeTooltip('b', steps.zoneName, 'Begin'),
      timeTooltip('e', steps.zoneName, 'End'),
      { field: 's', type: 'nominal', title: 'Series' },
      { field: 'v', type: 'quantitative', title: unit ?? 'Value', format: ',.2f' },
    ],
  };
  if (steps.labels.length > 1) encoding.color = seriesColor('s', steps.labels);
  const spec = topLevel(options, steps.title, {
    data: { values: steps.rows },
    params: zoomParams(),
    mark: { type: 'rule', strokeWidth: 2.5, color: '#4c78a8', clip: true },
    encoding,
  });
  return new Chart({ kind: 'forward-curve', spec, series: steps.labels.length, points: steps.rows.length, fallback: options.fallback });
}
