/**
 * The instances section (docs/protocol.md#instances): forecasts of `INSTANCE` curves, one
 * instance at a time (`get`, `latest`), many (`list`, `load`), stitched (`relative`, `rolling`)
 * or one delivery period from many (`absolute`), and the curve's tags (cached per curve).
 *
 * @module
 */
import { Curve, TimeseriesList, type AbsoluteResult, type Instance, type Timeseries } from '../../model';
import {
  decodeAbsoluteResult,
  curveName,
  instancesAbsolute,
  instancesGet,
  instancesLatest,
  instancesList,
  instancesLoad,
  instancesRelative,
  instancesRolling,
  instancesTags,
  parseAbsoluteResult,
  parseInstanceList,
  parseStringList,
  SECTION_CURVE_TYPES,
  type CurveInput,
  type InstancesAbsoluteOptions,
  type InstancesGetOptions,
  type InstancesLatestOptions,
  type InstancesListOptions,
  type InstancesLoadOptions,
  type InstancesRelativeOptions,
  type InstancesRollingOptions,
  type RequestLine,
  type SaveResult,
} from '../../wire';
import { curveList, runMany, splitManyOptions, type CallOptions, type ManyOptions } from './load-many';
import { SharedTimes } from '../../wire/arrow';
import { SAVE_KINDS, saveSeries, type InstanceSaveOptions } from './saving';
import { Section, fetchData, fetchSeries, fetchSeriesList, sendLine, transportOf } from './section';

/**
 * The instance operations of a client. Every option is checked before a request is sent
 * (`limit` 1-25, or 1-10 with `ensembles`; `hoursAhead` 0-24; `daysAhead` 0 or more; dates,
 * times of day, zones and enumeration tags); a failed check throws `ValidationError` naming the
 * parameter. `tags` and `excludeTags` take a tag or a list of tags.
 *
 *
 * @param transport - The client's HTTP transport.
 * @example
 * const ts = await client.instances.latest('DE Wind Power Production MWh/h 15min Forecast', { tags: 'ec' });
 * ts.instance?.tag //=> 'ec'
 */
export class InstancesSection extends Section {
  readonly #tagsCache = new Map<string, Promise<string[]>>();

  /**
   * The tags of a curve's instances. Cached per curve once loaded (an empty answer or a failure
   * is not cached).
   *
   * @param curve - The curve or its name; a Curve must be of type INSTANCE.
   * @returns The tags.
   * @throws ValidationError for a bad curve (before any request); NotFoundError, ForbiddenError,
   *   UnauthorizedError, HTTPError, InternalServerError, ParseException from the request.
   * @example
   * await client.instances.tags('DE Wind Power Production MWh/h 15min Forecast') //=> Set { 'ec', 'ec-ens', 'gfs' }
   */
  async tags(curve: CurveInput): Promise<Set<string>> {
    const name = curveName(curve, SECTION_CURVE_TYPES.instances);
    let cached = this.#tagsCache.get(name);
    if (cached === undefined) {
      const forget = () => this.#tagsCache.delete(name);
      cached = this.#body(instancesTags(curve)).then(parseStringList);
      cached.then((tags) => tags.length === 0 && forget(), forget);
      this.#tagsCache.set(name, cached);
    }
    return new Set(await cached);
  }

  /**
   * Lists instances (no data), newest first. With a Curve object, the times are shown in its
   * zones; with a name they keep the offsets the service sent.
   *
   * @param curve - The curve or its name; a Curve must be of type INSTANCE.
   * @param options - `tags`, `excludeTags`, `limit` (1-25, default 25), `issuedAtLatest`,
   *   `issuedAtEarliest` (both inclusive), `issuedTimeOfDay` (one or more times of day in the
   *   curve's issue zone).
   * @returns The instances.
   * @throws ValidationError before any request or from the service; NotFoundError, ForbiddenError
   *   and the transport's errors.
   * @example
   * (await client.instances.list(curve, { tags: ['ec', 'gfs'], limit: 10 })).length //=> 10
   */
  async list(curve: CurveInput, options: InstancesListOptions & CallOptions = {}): Promise<Instance[]> {
    const line = instancesList(curve, options ?? {});
    return parseInstanceList(await this.#body(line, options?.signal), Curve.isCurve(curve) ? curve : null);
  }

  /**
   * Loads the newest matching instances with their data (mean and members with `ensembles`).
   *
   * @param curve - The curve or its name; a Curve must be of type INSTANCE.
   * @param options - The selection of {@link InstancesSection.list}, `limit` (1-25, default 5;
   *   1-10 with `ensembles`), `ensembles`, and the resample options `timeZone`, `frequency`,
   *   `aggregation`, `hourFilter`, `threshold` or `thresholdPct`, `unit`.
   * @returns The series, newest instance first, each with its `instance`.
   * @throws ValidationError before any request or from the service; NotFoundError, ForbiddenError
   *   and the transport's errors.
   * @example
   * (await client.instances.load(curve, { tags: 'ec', limit: 3, frequency: 'P1D' })).length //=> 3
   */
  async load(curve: CurveInput, options: InstancesLoadOptions & CallOptions = {}): Promise<TimeseriesList> {
    return fetchSeriesList(this, instancesLoad(curve, options ?? {}), options?.signal);
  }

  /**
   * Loads the newest matching instance.
   *
   * @param curve - The curve or its name; a Curve must be of type INSTANCE.
   * @param options - `tags`, `issuedAtLatest`, `issuedTimeOfDay`, `ensembles` and the resample options.
   * @returns The series with its `instance`.
   * @throws ValidationError; NotFoundError when no instance matches; ForbiddenError and the
   *   transport's errors.
   * @example
   * (await client.instances.latest(curve, { ensembles: true })).hasScenarios() //=> true
   */
  async latest(curve: CurveInput, options: InstancesLatestOptions & CallOptions = {}): Promise<Timeseries> {
    return fetchSeries(this, instancesLatest(curve, options ?? {}), options?.signal);
  }

  /**
   * Loads one instance by issue date-time and tag (tags ignore case).
   *
   * @param curve - The curve or its name; a Curve must be of type INSTANCE.
   * @param options - `issued` (required; without an offset: wall-clock time in the curve's issue
   *   zone), `tag` (default the blank tag), `ensembles` and the resample options.
   * @returns The series with its `instance`.
   * @throws ValidationError; NotFoundError when there is no such instance; ForbiddenError and
   *   the transport's errors.
   * @example
   * (await client.instances.get(curve, { issued: '2024-03-30 12:00', tag: 'EC' })).instance?.tag //=> 'ec'
   */
  async get(curve: CurveInput, options: InstancesGetOptions & CallOptions): Promise<Timeseries> {
    return fetchSeries(this, instancesGet(curve, options ?? {}), options?.signal);
  }

  /**
   * One instance per day stitched into one series: for each day of `[begin, end)`, the instance
   * issued `daysAhead` days earlier (the earliest or latest that passes the time-of-day limits).
   *
   * @param curve - The curve or its name; a Curve must be of type INSTANCE.
   * @param options - `begin`, `end`, `tag` (required; `''` the blank tag), `daysAhead` (0 or
   *   more, default 1), `issued` (`'earliest'` or `'latest'`, default latest), `timeOfDay`,
   *   `afterTimeOfDay`, `beforeTimeOfDay`, `modifiedAtLatest`, and the resample options.
   * @returns The stitched series (no `instance`).
   * @throws ValidationError before any request or from the service; NotFoundError, ForbiddenError
   *   and the transport's errors.
   * @example
   * (await client.instances.relative(curve, { begin: '2024-03-30', end: '2024-04-02', tag: 'ec', daysAhead: 1 })).length //=> 71
   */
  async relative(curve: CurveInput, options: InstancesRelativeOptions & CallOptions): Promise<Timeseries> {
    return fetchSeries(this, instancesRelative(curve, options ?? {}), options?.signal);
  }

  /**
   * A series whose every value comes from the newest instance available at least `hoursAhead`
   * hours before the value's time.
   *
   * @param curve - The curve or its name; a Curve must be of type INSTANCE.
   * @param options - `begin`, `end` (required), `hoursAhead` (0-24, default 0), `tags`,
   *   `excludeTags`, and the resample options.
   * @returns The stitched series (no `instance`).
   * @throws ValidationError before any request or from the service; NotFoundError, ForbiddenError
   *   and the transport's errors.
   * @example
   * (await client.instances.rolling(curve, { begin: '2024-03-30', end: '2024-03-31', hoursAhead: 6 })).length //=> 24
   */
  async rolling(curve: CurveInput, options: InstancesRollingOptions & CallOptions): Promise<Timeseries> {
    return fetchSeries(this, instancesRolling(curve, options ?? {}), options?.signal);
  }

  /**
   * The value of one delivery period from every instance issued in `[begin, end)`, oldest first.
   *
   * @param curve - The curve or its name; a Curve must be of type INSTANCE.
   * @param options - `delivery`, `begin`, `end` (required), `frequency` and `timeZone` of the
   *   delivery, `unit`, `tags`, `excludeTags`, and with `frequency` `aggregation`, `hourFilter`.
   * @returns The result with one item per instance.
   * @throws ValidationError before any request or from the service; NotFoundError, ForbiddenError
   *   and the transport's errors.
   * @example
   * (await client.instances.absolute(curve, { delivery: '2024-03-31 06:00', begin: '2024-03-29', end: '2024-03-31' })).size() //=> 6
   */
  async absolute(curve: CurveInput, options: InstancesAbsoluteOptions & CallOptions): Promise<AbsoluteResult> {
    return fetchData(this, instancesAbsolute(curve, options ?? {}), options?.signal, decodeAbsoluteResult, parseAbsoluteResult);
  }

  /**
   * `latest` for many curves (see `TimeseriesSection.loadMany`): concurrent, throttled, with
   * progress; one PartialLoadError names every failed curve and keeps the others in `partial`.
   *
   * @param curves - INSTANCE curves or their names.
   * @param options - The options of {@link latest}, plus `concurrency`, `progress`, `signal`.
   * @returns A TimeseriesList in input order.
   * @throws ValidationError before any request; PartialLoadError.
   * @example
   * (await client.instances.latestMany([wind, solar], { tags: 'ec' })).length //=> 2
   */
  async latestMany(curves: Iterable<CurveInput>, options: InstancesLatestOptions & ManyOptions = {}): Promise<TimeseriesList> {
    const [many, rest] = splitManyOptions(options ?? {});
    const list = curveList(curves);
    const lines = list.map((c) => instancesLatest(c, rest));
    const shared = new SharedTimes();
    return runMany(
      list,
      async (_c, i) => fetchSeries(this, lines[i]!, many.signal, shared),
      many,
      (xs) => new TimeseriesList(xs),
    );
  }

  /**
   * `relative` for many curves (see `TimeseriesSection.loadMany`).
   *
   * @param curves - INSTANCE curves or their names.
   * @param options - The options of {@link relative}, plus `concurrency`, `progress`, `signal`.
   * @returns A TimeseriesList in input order.
   * @throws ValidationError before any request; PartialLoadError.
   * @example
   * (await client.instances.relativeMany([wind, solar], { begin, end, tag: 'ec' })).length //=> 2
   */
  async relativeMany(curves: Iterable<CurveInput>, options: InstancesRelativeOptions & ManyOptions): Promise<TimeseriesList> {
    const [many, rest] = splitManyOptions(options ?? {});
    const list = curveList(curves);
    const lines = list.map((c) => instancesRelative(c, rest));
    const shared = new SharedTimes();
    return runMany(
      list,
      async (_c, i) => fetchSeries(this, lines[i]!, many.signal, shared),
      many,
      (xs) => new TimeseriesList(xs),
    );
  }

  async #body(line: RequestLine, signal?: AbortSignal): Promise<unknown> {
    return (await sendLine(this, line, signal)).body;
  }
  /**
   * Saves forecast instances to an INSTANCE curve (docs/data-out.md#saving), as
   * `timeseries.save`: one atomic import through the service's import route, never retried. A
   * new instance is created; a stored one (same issue time and tag) keeps its `created` and gets
   * `modified`, and its values are replaced from the series' first to its last step. Ensembles:
   * a series with scenarios (and a value as their mean).
   *
   * @param curve - The curve or its name (a name is looked up first).
   * @param series - A Timeseries or a list of them, at the curve's frequency and in its zone.
   * @param options - `issued` and `tag` (default each series' own instance), `dryRun`, `signal`.
   * @returns What the service wrote.
   * @throws ValidationError naming `issued` (missing or not a date-time), `tag`, `series`, `curve`
   *   or `dryRun` before the save is sent, or from the service (400); ForbiddenError (403).
   * @example
   * (await client.instances.save(curve, forecast, { issued: '2025-01-14T06:00:00Z', tag: 'mine' })).instances //=> 1
   */
  async save(curve: CurveInput, series: Timeseries | Iterable<Timeseries>, options: InstanceSaveOptions = {}): Promise<SaveResult> {
    return saveSeries(transportOf(this), SAVE_KINDS.instances, curve, series, options ?? {});
  }
}
