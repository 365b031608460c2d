/**
 * The periods section (docs/protocol.md#periods): load a `PERIOD` curve (e.g. available
 * capacity with the installed capacity per period).
 *
 * @module
 */
import { PeriodseriesList, type Periodseries } from '../../model';
import { periodsLoad, type CurveInput, type PeriodsLoadOptions, type SaveResult } from '../../wire';
import { curveList, runMany, splitManyOptions, type CallOptions, type ManyOptions } from './load-many';
import { SAVE_KINDS, saveSeries, type SaveOptions } from './saving';
import { Section, fetchPeriodseries, transportOf } from './section';

/**
 * The periods operations of a client.
 *
 * @param transport - The client's HTTP transport.
 * @example
 * const ps = await client.periods.load('DE Nuclear Capacity Available MW REMIT', { begin: '2024-01-01', end: '2024-02-01' });
 * ps.hasCapacity() //=> true
 */
export class PeriodsSection extends Section {
  /**
   * Loads the periods overlapping `[begin, end)`, clipped to it. Date-times without an offset
   * are wall-clock time in `timeZone` (else the curve's zone); `unit` converts the values and
   * the installed capacities. Everything is validated before any request is sent.
   *
   * @param curve - The curve or its name; a Curve must be of type PERIOD.
   * @param options - `begin` and `end` (required), `timeZone`, `unit`.
   * @returns The period-based series.
   * @throws ValidationError naming the parameter (missing or invalid date, unknown zone, a Curve
   *   of another type) before any request, or from the service (400); ForbiddenError (403);
   *   NotFoundError (404); UnauthorizedError, HTTPError, InternalServerError, ParseException.
   * @example
   * const ps = await client.periods.load(curve, { begin: '2024-01-01', end: '2024-02-01', unit: 'GW' });
   * ps.unit //=> 'GW'
   */
  async load(curve: CurveInput, options: PeriodsLoadOptions & CallOptions): Promise<Periodseries> {
    const line = periodsLoad(curve, options ?? {});
    return fetchPeriodseries(this, line, options?.signal);
  }

  /**
   * `load` for many PERIOD curves (see `TimeseriesSection.loadMany`): concurrent, throttled, with
   * progress; one PartialLoadError names every failed curve and keeps the others in `partial`.
   *
   * @param curves - PERIOD curves or their names.
   * @param options - The options of {@link load}, plus `concurrency`, `progress`, `signal`.
   * @returns A PeriodseriesList in input order.
   * @throws ValidationError before any request; PartialLoadError.
   * @example
   * (await client.periods.loadMany([nuclear, coal], { begin: '2024-01-01', end: '2024-02-01' })).length //=> 2
   */
  async loadMany(curves: Iterable<CurveInput>, options: PeriodsLoadOptions & ManyOptions): Promise<PeriodseriesList> {
    const [many, rest] = splitManyOptions(options ?? {});
    const list = curveList(curves);
    const lines = list.map((c) => periodsLoad(c, rest));
    return runMany(
      list,
      async (_c, i) => fetchPeriodseries(this, lines[i]!, many.signal),
      many,
      (xs) => new PeriodseriesList(xs),
    );
  }
  /**
   * Saves period series to a PERIOD curve (docs/data-out.md#saving), as `timeseries.save`: one
   * atomic import through the service's import route, never retried. Each series replaces the
   * curve's periods from its first begin to its last end.
   *
   * @param curve - The curve or its name (a name is looked up first).
   * @param series - A Periodseries, or a list of them (not overlapping), in the curve's zone.
   * @param options - `dryRun`, `signal`.
   * @returns What the service wrote.
   * @throws ValidationError naming `series`, `curve` or `dryRun` before the save is sent, or
   *   from the service (400); ForbiddenError for a key that may not import; NotFoundError.
   * @example
   * (await client.periods.save('DE Nuclear Capacity Available MW REMIT', ps)).values //=> 3
   */
  async save(curve: CurveInput, series: Periodseries | Iterable<Periodseries>, options: SaveOptions = {}): Promise<SaveResult> {
    return saveSeries(transportOf(this), SAVE_KINDS.periods, curve, series, options ?? {});
  }
}
