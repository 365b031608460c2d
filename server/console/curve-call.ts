/**
 * What a curve's page loads: one client call, chosen by the curve type, with options that map one
 * to one to the page's URL query (`begin`, `end`, `frequency`, `aggregation`, `unit`, `issued`,
 * `tag`). The same description runs the call (here) and prints it for a notebook (notebook.ts),
 * so the code shown reproduces what is on screen.
 *
 * Defaults (no query): the last 7 days of a time series (the next 7 of a forecast), the latest
 * instance of an instance curve (with its ensemble when it has scenarios), the latest forward
 * curve of an OHLC curve, and the periods of the last 7 days to a year ahead of a period curve.
 *
 * @module
 */
import { DateTime } from 'luxon';
import type { Curve, ServiceClient } from './client-package';

/** The page's settings, as in the URL (empty: not set). */
export interface CurveSettings {
  begin: string;
  end: string;
  frequency: string;
  aggregation: string;
  unit: string;
  issued: string;
  tag: string;
}

/** The URL parameters of {@link CurveSettings}. */
export const SETTING_PARAMS = ['begin', 'end', 'frequency', 'aggregation', 'unit', 'issued', 'tag'] as const;

/** A client call: `client.<section>.<method>(curve, options)`. */
export interface CurveCall {
  readonly section: 'timeseries' | 'instances' | 'periods' | 'periodInstances' | 'ohlc';
  readonly method: 'load' | 'latest' | 'get';
  /** The options, in the client's names (camelCase), only those set. */
  readonly options: Readonly<Record<string, string | boolean>>;
}

/**
 * Reads the settings from a URL query.
 *
 * @param query - The page's query.
 * @returns The settings; unknown parameters are ignored.
 */
export function settingsOf(query: URLSearchParams): CurveSettings {
  const get = (name: string): string => (query.get(name) ?? '').trim();
  return {
    begin: get('begin'),
    end: get('end'),
    frequency: get('frequency'),
    aggregation: get('aggregation'),
    unit: get('unit'),
    issued: get('issued'),
    tag: get('tag'),
  };
}

/** A calendar date in a zone, `days` from today. */
function dayFromToday(curve: Curve, days: number): string {
  return DateTime.now().setZone(curve.zone).startOf('day').plus({ days }).toISODate() ?? '';
}

/**
 * The period the page shows by default for curves that take one.
 *
 * @param curve - The curve.
 * @returns `[begin, end]` as dates.
 */
function defaultPeriod(curve: Curve): [string, string] {
  if (curve.curveType.tag === 'PERIOD' || curve.curveType.tag === 'INSTANCE_PERIOD')
    return [dayFromToday(curve, -7), dayFromToday(curve, 366)];
  if (curve.dataType.tag === 'FORECAST') return [dayFromToday(curve, 0), dayFromToday(curve, 7)];
  return [dayFromToday(curve, -7), dayFromToday(curve, 1)];
}

/** Whether the curve's data come with a period (begin and end). */
export function takesPeriod(curve: Curve): boolean {
  return ['TIMESERIES', 'SCENARIO_TIMESERIES', 'PERIOD', 'INSTANCE_PERIOD'].includes(curve.curveType.tag);
}

/** Whether the curve's data can be resampled (frequency and aggregation). */
export function takesFrequency(curve: Curve): boolean {
  return ['TIMESERIES', 'SCENARIO_TIMESERIES', 'INSTANCE'].includes(curve.curveType.tag);
}

/**
 * The call that loads what the page shows.
 *
 * @param curve - The curve.
 * @param settings - The page's settings.
 * @param ensembles - Load the instance's ensemble (instance curves whose instances have scenarios).
 * @returns The call.
 */
export function callFor(curve: Curve, settings: CurveSettings, ensembles = false): CurveCall {
  const options: Record<string, string | boolean> = {};
  const set = (name: string, value: string): void => {
    if (value !== '') options[name] = value;
  };
  const type = curve.curveType.tag;
  if (takesPeriod(curve)) {
    const [begin, end] = defaultPeriod(curve);
    options.begin = settings.begin || begin;
    options.end = settings.end || end;
  }
  if (takesFrequency(curve)) {
    set('frequency', settings.frequency);
    set('aggregation', settings.aggregation);
  }
  set('unit', settings.unit);
  switch (type) {
    case 'TIMESERIES':
    case 'SCENARIO_TIMESERIES':
      return { section: 'timeseries', method: 'load', options };
    case 'PERIOD':
      return { section: 'periods', method: 'load', options };
    case 'INSTANCE':
      if (settings.issued !== '') {
        options.issued = settings.issued;
        set('tag', settings.tag);
      } else set('tags', settings.tag);
      if (ensembles) options.ensembles = true;
      return { section: 'instances', method: settings.issued !== '' ? 'get' : 'latest', options };
    case 'INSTANCE_PERIOD':
      if (settings.issued !== '') {
        options.issued = settings.issued;
        set('tag', settings.tag);
        return { section: 'periodInstances', method: 'get', options };
      }
      return { section: 'periodInstances', method: 'latest', options };
    default:
      return { section: 'ohlc', method: 'latest', options };
  }
}

/**
 * Runs a call.
 *
 * @param client - The signed-in client.
 * @param curve - The curve.
 * @param call - The call.
 * @param signal - Cancels the request.
 * @returns What the client returns (a Timeseries, Periodseries or OHLCList).
 */
export function runCall(client: ServiceClient, curve: Curve, call: CurveCall, signal: AbortSignal): Promise<unknown> {
  // The options are built from the URL by callFor; the client checks each one (a bad value is a
  // ValidationError naming it, before any request).
  const options = { ...call.options, signal } as never;
  switch (`${call.section}.${call.method}`) {
    case 'timeseries.load':
      return client.timeseries.load(curve, options);
    case 'periods.load':
      return client.periods.load(curve, options);
    case 'instances.latest':
      return client.instances.latest(curve, options);
    case 'instances.get':
      return client.instances.get(curve, options);
    case 'periodInstances.latest':
      return client.periodInstances.latest(curve, options);
    case 'periodInstances.get':
      return client.periodInstances.get(curve, options);
    default:
      return client.ohlc.latest(curve, options);
  }
}
