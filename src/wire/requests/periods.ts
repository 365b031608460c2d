import { checkQueryRange } from '../limits';
import { QueryBuilder } from '../encode';

import { encodeZoneAndUnit, type ResampleOptions } from '../options';
import type { DateTimeInput } from '../params';
import { BEGIN, END } from './common';
import { requestLine, type RequestLine } from './request-line';
import { curveName, SECTION_CURVE_TYPES, type CurveInput } from './segments';

/** Options of `periods.load`: the period plus `timeZone` and `unit`. */
export interface PeriodsLoadOptions extends Pick<ResampleOptions, 'timeZone' | 'unit'> {
  /** Start of the period (inclusive), required. */
  begin: DateTimeInput;
  /** End of the period (exclusive), required. */
  end: DateTimeInput;
}

/**
 * Request line of `periods.load` (`PERIOD` curves): `GET /periods/{curve}/?begin&end&timezone&unit`.
 *
 * @param curve - The curve or curve name.
 * @param options - The period, zone and unit.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid parameter, before any request.
 * @example
 * periodsLoad('P Q', { begin: '2020-01-01', end: '2020-06-01', timeZone: 'UTC', unit: 'GW' })
 * //=> { path: '/periods/P%20Q/', query: 'begin=2020-01-01&end=2020-06-01&timezone=UTC&unit=GW' }
 */
export function periodsLoad(curve: CurveInput, options: Partial<PeriodsLoadOptions>): RequestLine {
  const name = curveName(curve, SECTION_CURVE_TYPES.periods);
  const query = checkQueryRange(new QueryBuilder().put(BEGIN, options.begin).put(END, options.end), curve);
  return requestLine(['periods', name], encodeZoneAndUnit(query, options));
}
