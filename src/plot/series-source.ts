/**
 * The common input of the time-series chart builders: one or more model time series, or a
 * table, turned into labelled columns with their zone and unit.
 *
 * @module
 */
import type { Zone } from 'luxon';
import { ValueError } from '../exceptions';
import { Timeseries } from '../model';
import { toZone, zoneName, type Frequency, type ZoneInput } from '../time';
import { isTableLike, seriesFromTable, type TableLike, type TableSourceOptions } from './table-source';

/** One line of a chart: a label, instants and values, with the zone and unit to show. */
export interface PlotSeries {
  /** Legend label. */
  readonly label: string;
  /** The series' own name (for a chart title), or null when it has none. */
  readonly name: string | null;
  /** Instants, epoch milliseconds, ascending. */
  readonly times: Float64Array;
  /** Values (NaN = missing). */
  readonly values: Float64Array;
  /** The zone whose wall-clock time the chart shows. */
  readonly zone: Zone;
  /** Name of that zone for axis titles (`'CET'`). */
  readonly zoneName: string;
  /** Unit for the value axis (`'MWh/h'`, `'EUR/MWh'`), or null. */
  readonly unit: string | null;
  /** Issue instant of the series' instance (epoch ms), or null. */
  readonly issued: number | null;
  /** The series' frequency, or null when unknown (tables). */
  readonly frequency: Frequency | null;
}

/**
 * What the time-series builders accept: a Timeseries, several (an array or a TimeseriesList),
 * or an Arquero-like table.
 *
 * @example
 * const input: SeriesInput = [windForecast, solarForecast];
 */
export type SeriesInput = Timeseries | Iterable<Timeseries> | TableLike;

/** How to read the input of a time-series chart. */
export interface SeriesSourceOptions extends TableSourceOptions {
  /** Show time in this zone instead of the (first) series' zone. */
  zone?: ZoneInput;
  /** Draw each scenario of a scenario series as its own line (default: only when there is no mean). */
  scenarios?: boolean;
}

/**
 * The unit of a series for axis titles: `unit/denominator` for prices, else the unit.
 *
 * @param unit - The unit, or null.
 * @param denominator - The denominator, or null.
 * @returns The text, or null when there is no unit.
 * @example
 * unitLabel('EUR', 'MWh') //=> 'EUR/MWh'
 */
export function unitLabel(unit: string | null, denominator: string | null): string | null {
  if (unit === null || unit === '') return denominator ? `1/${denominator}` : null;
  return denominator ? `${unit}/${denominator}` : unit;
}

function fromTimeseries(ts: Timeseries, options: SeriesSourceOptions): PlotSeries[] {
  const zone = options.zone === undefined ? ts.resolution.zone : toZone(options.zone);
  const base = {
    times: ts.times,
    zone,
    zoneName: options.zone === undefined ? ts.resolution.timezone : zoneName(zone),
    unit: unitLabel(ts.unit, ts.denominator),
    issued: ts.instance ? ts.instance.issued.toMillis() : null,
    frequency: ts.resolution.frequency,
  };
  const name = ts.name ?? (ts.instance ? ts.instance.columnHeader().trim() : null);
  const out: PlotSeries[] = [];
  if (ts.hasValues()) out.push({ ...base, label: name ?? 'value', name, values: ts.values });
  if (!ts.hasValues() || options.scenarios === true) {
    ts.scenarios.forEach((column, k) => {
      const scenario = ts.scenarioNames[k]!;
      out.push({ ...base, label: name ? `${name} ${scenario}` : scenario, name, values: column });
    });
  }
  return out;
}

/**
 * Makes names unique: a repeated name gets its extra text (e.g. the instance header), then a
 * running number.
 *
 * @param names - The names.
 * @param extras - A distinguishing text per name, or ''.
 * @returns The unique names, in the same order.
 * @example
 * uniqueNames(['wind', 'wind', 'solar'], ['', '', '']) //=> ['wind', 'wind (2)', 'solar']
 */
export function uniqueNames(names: readonly string[], extras: readonly string[]): string[] {
  const count = (list: readonly string[], l: string): number => list.filter((x) => x === l).length;
  let labels = names.map((l, i) => (count(names, l) > 1 && extras[i] ? `${l} ${extras[i]}` : l));
  const seen = new Map<string, number>();
  labels = labels.map((l) => {
    if (count(labels, l) === 1) return l;
    const n = (seen.get(l) ?? 0) + 1;
    seen.set(l, n);
    return n === 1 ? l : `${l} (${n})`;
  });
  return labels;
}

/**
 * Makes series labels unique with {@link uniqueNames}.
 *
 * @param series - The series.
 * @param extras - A distinguishing text per series (e.g. the instance header), or ''.
 * @returns The series with unique labels.
 * @example
 * uniqueLabels([a, a], ['', '']).map((s) => s.label) //=> ['wind', 'wind (2)']
 */
export function uniqueLabels(series: readonly PlotSeries[], extras: readonly string[]): PlotSeries[] {
  const labels = uniqueNames(
    series.map((s) => s.label),
    extras,
  );
  return series.map((s, i) => (s.label === labels[i] ? s : { ...s, label: labels[i]! }));
}

/**
 * Reads the input of a time-series chart.
 *
 * @param input - A Timeseries, several, or a table.
 * @param options - Zone override, scenario lines and the table options.
 * @returns The series to draw (at least one), with unique labels, all shown in the first
 *   series' zone unless `zone` is given.
 * @throws ValueError when there is nothing to draw or an item is not a Timeseries.
 * @example
 * seriesOf(ts).map((s) => s.zoneName) //=> ['CET']
 */
export function seriesOf(input: SeriesInput, options: SeriesSourceOptions = {}): PlotSeries[] {
  let series: PlotSeries[];
  let extras: string[];
  if (isTableLike(input)) {
    series = seriesFromTable(input, options);
    extras = series.map(() => '');
  } else {
    const list = Timeseries.isTimeseries(input) ? [input] : [...(input as Iterable<Timeseries>)];
    series = [];
    extras = [];
    list.forEach((ts, i) => {
      if (!Timeseries.isTimeseries(ts)) throw new ValueError(`Chart input item ${i} is not a Timeseries`);
      for (const s of fromTimeseries(ts, options)) {
        series.push(s);
        extras.push(ts.instance ? ts.instance.columnHeader().trim() : '');
      }
    });
  }
  if (series.length === 0) throw new ValueError('Nothing to plot: no series given');
  const first = series[0]!;
  series = series.map((s) => (s.zone === first.zone ? s : { ...s, zone: first.zone, zoneName: first.zoneName }));
  return uniqueLabels(series, extras);
}

/**
 * The value-axis title: the series' units, each once (`'MWh/h'`), or the given title.
 *
 * @param series - The series.
 * @param title - An explicit title, if any.
 * @returns The title, or null when no unit is known.
 * @example
 * valueTitle(seriesOf(ts)) //=> 'MWh/h'
 */
export function valueTitle(series: readonly PlotSeries[], title?: string | null): string | null {
  if (title !== undefined) return title;
  const units = [...new Set(series.map((s) => s.unit).filter((u): u is string => u !== null))];
  return units.length > 0 ? units.join(', ') : null;
}
