/**
 * The timeseries section (docs/protocol.md#timeseries): load a `TIMESERIES` or
 * `SCENARIO_TIMESERIES` curve, optionally aggregated, in another zone or unit.
 *
 * @module
 */
import { TimeseriesList, type Timeseries } from '../../model';
import { timeseriesLoad, type CurveInput, type SaveResult, type TimeseriesLoadOptions } from '../../wire';
import { curveList, runMany, splitManyOptions, type CallOptions, type ManyOptions } from './load-many';
import { SharedTimes } from '../../wire/arrow';
import { SAVE_KINDS, saveSeries, type SaveOptions } from './saving';
import { Section } from './section';

/**
 * The timeseries operations of a client.
 *
 * @param transport - The client's HTTP transport.
 * @example
 * const ts = await client.timeseries.load('DE Wind Power Production MWh/h 15min Actual', { begin: '2024-01-01', end: '2024-01-02' });
 * ts.length //=> 96
 */
export class TimeseriesSection extends Section {
  /**
   * Loads a time series in `[begin, end)`. Date-times without an offset are wall-clock time in
   * `timeZone` (else the curve's zone). `aggregation`, `hourFilter`, `threshold` and
   * `thresholdPct` are checked and sent only together with `frequency`, as the reference client.
   * Everything is validated before any request is sent.
   *
   * @param curve - The curve or its name; a Curve must be of type TIMESERIES or SCENARIO_TIMESERIES.
   * @param options - `begin` and `end` (required), and the resample options `timeZone`,
   *   `frequency`, `aggregation`, `hourFilter`, `threshold` or `thresholdPct`, `unit`; `signal`.
   * @returns The time series (scenario curves come with all scenarios and their names).
   * @throws ValidationError naming the parameter (missing or invalid date, unknown zone, unknown
   *   enum tag, both thresholds, a Curve of another type) before any request, or from the
   *   service (400); ForbiddenError (403) outside the subscriptions; NotFoundError (404) for an
   *   unknown curve; UnauthorizedError, HTTPError, InternalServerError, ParseException.
   * @example
   * const daily = await client.timeseries.load(curve, { begin: '2024-03-31', end: '2024-04-01', frequency: 'P1D', hourFilter: 'PEAK' });
   * daily.resolution.frequency.tag //=> 'P1D'
   */
  async load(curve: CurveInput, options: TimeseriesLoadOptions & CallOptions): Promise<Timeseries> {
    const line = timeseriesLoad(curve, options ?? {});
    return this.series(line, options?.signal);
  }

  /**
   * Loads many curves with one options object: concurrently through the client's transport
   * (never faster than its throttle), with a progress bar in a notebook or on a terminal.
   *
   * @param curves - Curve names or Curve objects (TIMESERIES or SCENARIO_TIMESERIES).
   * @param options - The options of {@link load} for every curve, plus `concurrency` (default
   *   8), `progress` (default true) and `signal`.
   * @returns A TimeseriesList in input order.
   * @throws ValidationError before any request for bad options (as `load`) or an empty list;
   *   PartialLoadError naming every curve that failed, its `partial` holding the
   *   TimeseriesList of those that loaded.
   * @example
   * const panel = await client.timeseries.loadMany(['DE Price Spot EUR/MWh EPEX H Actual', 'FR Price Spot EUR/MWh EPEX H Actual'], { begin: '2025-01-01', end: '2025-02-01' });
   * panel.length //=> 2
   */
  async loadMany(curves: Iterable<CurveInput>, options: TimeseriesLoadOptions & ManyOptions): Promise<TimeseriesList> {
    const [many, rest] = splitManyOptions(options ?? {});
    const list = curveList(curves);
    const lines = list.map((c) => timeseriesLoad(c, rest));
    const shared = new SharedTimes();
    return runMany(
      list,
      async (_c, i) => this.series(lines[i]!, many.signal, shared),
      many,
      (xs) => new TimeseriesList(xs),
    );
  }

  /**
   * Saves series to a TIMESERIES or SCENARIO_TIMESERIES curve (docs/data-out.md#saving), through
   * the service's import route with a key that may import (grant `*:*`). All series go in one
   * atomic import: all are written or none. Each replaces the curve's stored values from its
   * first to its last step (steps it leaves out in between are removed); one `CURVE_UPDATE`
   * event per series reaches the push feed. A save is sent once and never retried.
   *
   * @param curve - The curve or its name (a name is looked up first: one GET).
   * @param series - A Timeseries, or a list of them (not overlapping), at the curve's frequency
   *   and in its zone; a SCENARIO_TIMESERIES curve takes series with scenarios.
   * @param options - `dryRun` (the service checks, writes nothing), `signal`.
   * @returns What the service wrote: `values`, `blocks`, `events`, `lastEventId`, ...
   * @throws ValidationError before the save is sent, naming `series` (another frequency or zone
   *   than the curve's, a step off the curve's grid, empty, scenarios that do not fit the curve
   *   type, overlapping series), `curve` (a curve of another type) or `dryRun`; from the
   *   service (400) with every problem; ForbiddenError (403) for a key that may not import;
   *   NotFoundError for an unknown curve name; UnauthorizedError, HTTPError, InternalServerError.
   * @example
   * const residual = consumption.minus(wind).minus(solar).withName('residual');
   * (await client.timeseries.save('DE Residual Load MWh/h H Actual', residual)).values //=> 744
   */
  async save(curve: CurveInput, series: Timeseries | Iterable<Timeseries>, options: SaveOptions = {}): Promise<SaveResult> {
    return saveSeries(this.transport, SAVE_KINDS.timeseries, curve, series, options ?? {});
  }
}
