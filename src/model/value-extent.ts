/**
 * Where a curve's values are, for a series loaded empty: the first and last value times that the
 * service named beside its empty answer (docs/protocol.md#data-extent). Kept beside the series
 * rather than in it: a series is the reference's data object, and this is a hint for its display
 * (docs/notebooks.md#empty).
 *
 * @module
 */
import type { DateTime } from 'luxon';
import type { Timeseries } from './timeseries';

/** The first and last value times of a curve, in the series' zone. */
export interface ValueExtent {
  readonly first: DateTime;
  readonly last: DateTime;
}

const extents = new WeakMap<Timeseries, ValueExtent>();

/**
 * Notes where the values of an empty series' curve are.
 *
 * @param series - The empty series.
 * @param extent - The curve's first and last value times.
 * @example
 * noteValueExtent(empty, { first, last }); valueExtentOf(empty)?.first === first //=> true
 */
export function noteValueExtent(series: Timeseries, extent: ValueExtent): void {
  extents.set(series, extent);
}

/**
 * Where the values of an empty series' curve are, when the service said so.
 *
 * @param series - A series.
 * @returns The curve's first and last value times, or null.
 * @example
 * valueExtentOf(await client.timeseries.load(curve, { begin: '1990-01-01', end: '1990-01-02' }))?.first.year //=> 2024
 */
export function valueExtentOf(series: Timeseries): ValueExtent | null {
  return extents.get(series) ?? null;
}
