/**
 * The curve record the benchmarks import their generated values under: a 15-minute actual in CET,
 * category `Bench`, package `power`.
 *
 * @module
 */
import type { CurveRecord } from '../server/src/store';

/**
 * A 15-minute `MWh/h` actual curve record for benchmark imports.
 *
 * @param name - The curve name.
 * @param fields - Fields that differ (for example an instance curve's `curveType`).
 * @returns The record.
 * @example
 * benchCurve('DE Bench MWh/h 15min Actual').frequency //=> 'PT15M'
 */
export function benchCurve(name: string, fields: Partial<CurveRecord> = {}): CurveRecord {
  return {
    name,
    curveType: 'TIMESERIES',
    area: 'DE',
    areaSink: null,
    placeKey: null,
    categories: ['Bench'],
    frequency: 'PT15M',
    timezone: 'CET',
    unit: 'MWh/h',
    denominator: null,
    dataType: 'ACTUAL',
    source: null,
    commodity: 'Power',
    instanceIssuedTimezone: null,
    package: 'power',
    ...fields,
  };
}
