import { checkQueryRange } from '../limits';
import { QueryBuilder } from '../encode';

import { encodeResample, type ResampleOptions } from '../options';
import type { DateTimeInput } from '../params';
import { BEGIN, END } from './common';
import { requestLine, type RequestLine } from './request-line';
import { curveName, SECTION_CURVE_TYPES, type CurveInput } from './segments';

/** Options of `timeseries.load`: the period and the {@link ResampleOptions}. */
export type TimeseriesLoadOptions = ResampleOptions & {
  /** Start of the period (inclusive), required. */
  begin: DateTimeInput;
  /** End of the period (exclusive), required. */
  end: DateTimeInput;
};

/**
 * Request line of `timeseries.load` (`TIMESERIES` and `SCENARIO_TIMESERIES` curves):
 * `GET /timeseries/{curve}/?begin&end&timezone&frequency&aggregation&hour-filter&threshold&unit`.
 *
 * @param curve - The curve or curve name.
 * @param options - The period and resample options.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter, before any request.
 * @example
 * timeseriesLoad('X Y', { begin: '2020-01-01', end: '2020-01-06' })
 * //=> { path: '/timeseries/X%20Y/', query: 'begin=2020-01-01&end=2020-01-06' }
 */
export function timeseriesLoad(curve: CurveInput, options: Partial<TimeseriesLoadOptions>): RequestLine {
  const name = curveName(curve, SECTION_CURVE_TYPES.timeseries);
  return requestLine(['timeseries', name], checkQueryRange(timeseriesQuery(curve, options), curve, { series: 'output' }));
}

/**
 * The query of `timeseries.load`, every option checked except the range limit (a long load is
 * split into chunks by the client, docs/data-out.md#long-loads).
 *
 * @param curve - The curve or curve name.
 * @param options - The period and resample options.
 * @returns The query.
 * @throws {ValidationError} Naming the first invalid parameter.
 * @example
 * timeseriesQuery('X', { begin: '1990-01-01', end: '2030-01-01', frequency: 'PT15M' }).toString()
 * //=> 'begin=1990-01-01&end=2030-01-01&frequency=PT15M'
 */
export function timeseriesQuery(curve: CurveInput, options: Partial<TimeseriesLoadOptions>): QueryBuilder {
  curveName(curve, SECTION_CURVE_TYPES.timeseries);
  return encodeResample(new QueryBuilder().put(BEGIN, options.begin).put(END, options.end), options);
}
