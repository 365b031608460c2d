/**
 * Shared pieces of the Vega-Lite specs: the top level, the wall-clock time axis, the legend and
 * the options every builder takes.
 *
 * @module
 */
import { ValidationError } from '../exceptions';
import type { ChartFallback } from './chart';
import type { VegaLiteSpec } from './vega-runtime';

/** The Vega-Lite v5 schema URL every spec names. */
export const VEGALITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v5.json';

/** Default chart size in pixels (the plotting area). */
const DEFAULT_WIDTH = 720;
/** Default chart height in pixels (the plotting area). */
const DEFAULT_HEIGHT = 320;

/**
 * Time-axis label formats by tick granularity (Vega's multi-format): 24-hour clock, day-month
 * dates, month names and years.
 */
const TIME_AXIS_FORMAT = Object.freeze({
  year: '%Y',
  quarter: '%b',
  month: '%b',
  week: '%d %b',
  date: '%d %b',
  hours: '%H:%M',
  minutes: '%H:%M',
  seconds: '%H:%M:%S',
  milliseconds: '%H:%M:%S.%L',
});

/** Tooltip format of wall-clock times. */
const TOOLTIP_TIME_FORMAT = '%Y-%m-%d %H:%M';

/** Options every chart builder takes. */
export interface ChartOptions {
  /** Chart title; default the series name when there is one series. Null for none. */
  title?: string | null;
  /** Width of the plotting area in pixels; default 720. */
  width?: number;
  /** Height of the plotting area in pixels; default 320. */
  height?: number;
  /** Title of the value axis; default the unit(s) of the series. */
  valueTitle?: string | null;
  /** Static images in the notebook bundle: `'svg'` (default), `'png'` or `'both'`. */
  fallback?: ChartFallback;
}

function size(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!(Number.isFinite(value) && value > 0)) throw new ValidationError(`${name} must be a positive number, got ${String(value)}`, name);
  return value;
}

/**
 * The top level of a spec: schema, title, size, white background and shared config.
 *
 * @param options - The chart options.
 * @param title - The default title (when `options.title` is undefined).
 * @param body - The rest of the spec (data, mark or layer, encoding, ...).
 * @returns The spec.
 * @throws ValidationError when width or height is not a positive number.
 * @example
 * topLevel({}, 'Wind', { mark: 'line' }).width //=> 720
 */
export function topLevel(options: ChartOptions, title: string | null, body: Record<string, unknown>): VegaLiteSpec {
  const chosen = options.title === undefined ? title : options.title;
  const spec: Record<string, unknown> = { $schema: VEGALITE_SCHEMA };
  if (chosen !== null && chosen !== '') spec.title = chosen;
  spec.width = size(options.width, DEFAULT_WIDTH, 'width');
  spec.height = size(options.height, DEFAULT_HEIGHT, 'height');
  spec.background = 'white';
  Object.assign(spec, body);
  spec.config = { view: { stroke: null }, axis: { labelFontSize: 11, titleFontSize: 12 }, legend: { labelLimit: 480 } };
  return spec;
}

/**
 * The x encoding of wall-clock time: a UTC scale over wall-clock milliseconds, 24-hour labels
 * and the zone in the title.
 *
 * @param field - The data field holding wall-clock milliseconds.
 * @param zoneName - The zone shown (`'CET'`), or null for calendar dates without a zone.
 * @param what - What the axis shows; default `'Time'`.
 * @returns The encoding.
 * @example
 * timeEncoding('t', 'CET').title //=> 'Time (CET)'
 */
export function timeEncoding(field: string, zoneName: string | null, what = 'Time'): Record<string, unknown> {
  return {
    field,
    type: 'temporal',
    scale: { type: 'utc' },
    title: zoneName ? `${what} (${zoneName})` : what,
    axis: { format: { ...TIME_AXIS_FORMAT }, labelOverlap: true, labelFlush: true },
  };
}

/**
 * A tooltip entry showing wall-clock time: a temporal field on a UTC time unit, so it prints
 * the wall clock rather than the viewer's local time.
 *
 * @param field - The data field holding wall-clock milliseconds.
 * @param zoneName - The zone, for the tooltip title, or null for calendar dates (shown without a clock time).
 * @param what - What it is; default `'Time'`.
 * @returns The tooltip field definition.
 * @example
 * timeTooltip('t', 'CET').timeUnit //=> 'utcyearmonthdatehoursminutes'
 */
export function timeTooltip(field: string, zoneName: string | null, what = 'Time'): Record<string, unknown> {
  if (zoneName === null) return { field, type: 'temporal', timeUnit: 'utcyearmonthdate', format: '%Y-%m-%d', title: what };
  return { field, type: 'temporal', timeUnit: 'utcyearmonthdatehoursminutes', format: TOOLTIP_TIME_FORMAT, title: `${what} (${zoneName})` };
}

/**
 * The quantitative value encoding with its axis title.
 *
 * @param field - The data field.
 * @param title - The axis title (the unit), or null.
 * @returns The encoding.
 * @example
 * valueEncoding('v', 'MWh/h').title //=> 'MWh/h'
 */
export function valueEncoding(field: string, title: string | null): Record<string, unknown> {
  return { field, type: 'quantitative', title };
}

/**
 * The colour encoding of series labels, in the given order, with the legend below the chart.
 *
 * @param field - The data field holding labels.
 * @param labels - The labels in legend order.
 * @param range - Colours, one per label; default Vega's `tableau10`/`tableau20` scheme.
 * @returns The encoding.
 * @example
 * seriesColor('s', ['wind', 'solar']).scale //=> { domain: ['wind', 'solar'], scheme: 'tableau10' }
 */
export function seriesColor(field: string, labels: readonly string[], range?: readonly string[]): Record<string, unknown> {
  const scale = range
    ? { domain: [...labels], range: [...range] }
    : { domain: [...labels], scheme: labels.length > 10 ? 'tableau20' : 'tableau10' };
  return {
    field,
    type: 'nominal',
    title: null,
    scale,
    legend: { orient: 'bottom', direction: 'vertical', columns: labels.length > 8 ? 2 : 1 },
  };
}

/**
 * A number for JSON: NaN and infinities become null (missing).
 *
 * @param v - The number.
 * @returns The number or null.
 * @example
 * jsonNumber(NaN) //=> null
 */
export function jsonNumber(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}

/**
 * Zoom and pan along the time axis (mouse wheel and drag) in notebook front-ends.
 *
 * @returns The `params` of a spec or layer.
 * @example
 * zoomParams()[0].bind //=> 'scales'
 */
export function zoomParams(): Record<string, unknown>[] {
  return [{ name: 'zoom', select: { type: 'interval', encodings: ['x'] }, bind: 'scales' }];
}
