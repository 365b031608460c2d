/**
 * The instances section (docs/protocol.md#instances): forecasts of `INSTANCE` curves, one
 * instance at a time (`get`, `latest`), many (`list`, `load`), stitched (`relative`, `rolling`)
 * or one delivery period from many (`absolute`), and the curve's tags (cached per curve).
 *
 * @module
 */
import { DateTime } from 'luxon';
import { ValidationError } from '../../exceptions';
import { alignActual, evaluateSkill, type SkillResult } from '../../engine';
import { Curve, Timeseries, TimeseriesList, type AbsoluteResult, type InstanceList } from '../../model';
import { shiftMillis, UTC } from '../../time';
import {
  decodeAbsoluteResult,
  curveName,
  metadataCurve,
  parseCurve,
  timeseriesLoad,
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
import { checkSkillOptions, datesIn, issueWindows, loadWindows, type InstancesSkillOptions } from './instances-skill';

/** Days of actual loaded before the first issue, for the persistence reference. */
const PERSISTENCE_DAYS = 2;

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
   * @returns The instances, an `InstanceList` (an array with the curve).
   * @throws ValidationError before any request or from the service; NotFoundError, ForbiddenError
   *   and the transport's errors.
   * @example
   * (await client.instances.list(curve, { tags: ['ec', 'gfs'], limit: 10 })).length //=> 10
   */
  async list(curve: CurveInput, options: InstancesListOptions & CallOptions = {}): Promise<InstanceList> {
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

  /**
   * How good a forecast curve is, by lead time (docs/skill.md): every instance of the tags issued
   * in `[begin, end)` against the actual, errors bucketed by lead time (value time minus issue
   * time) and aggregated per tag and bucket, and per instance. Instances are loaded in bulk
   * (`instances.load` answers of up to 25, or 10 with members, over windows of issue time, run
   * concurrently within the throttle as `loadMany` does, with its progress display), then the
   * actual over their reach (or the Timeseries given).
   *
   * @param curve - The forecast curve (type INSTANCE) or its name.
   * @param options - `actual` (required: curve, name or Timeseries), `begin` and `end` (required,
   *   issue times; without an offset in the curve's issue zone), `tags`, `leadTimes`, `frequency`,
   *   `metrics`, `reference`, and `concurrency`, `progress`, `onProgress`, `signal`.
   * @returns The result: `rows`, `toTable()`, `byIssue()`, `toJSON()`.
   * @throws ValidationError before any request for bad options, naming the option; naming `curve`
   *   for a curve that is not of type INSTANCE, `frequency` for one finer than the curve's,
   *   `actual` for an actual that cannot be aligned (coarser, another zone for daily steps) or has no
   *   values at the forecasts' times, `tags` for tags the curve does not have, `begin` for a period
   *   without instances; PartialLoadError naming the batches that failed; the requests' errors.
   * @example
   * const r = await client.instances.skill('DE Wind Power Production MWh/h 15min Forecast', {
   *   actual: 'DE Wind Power Production MWh/h 15min Actual', begin: '2025-01-01', end: '2025-02-01',
   *   tags: ['ec', 'gfs'], leadTimes: 'day-ahead',
   * });
   * r.metric('ec', 'mae')[1] //~> 1210.5
   */
  async skill(curve: CurveInput, options: InstancesSkillOptions): Promise<SkillResult> {
    const plan = checkSkillOptions(curve, options);
    const signal = plan.many.signal;
    const meta = Curve.isCurve(curve) ? curve : parseCurve(await this.#body(metadataCurve(curve as string), signal));
    if (meta.curveType.tag !== 'INSTANCE') {
      throw new ValidationError(`The forecast curve must be of type INSTANCE, but '${meta.name}' is ${meta.curveType.tag}`, 'curve');
    }
    const issueZone = meta.instanceIssuedZone ?? UTC;
    const [begin, end] = datesIn(options, issueZone);
    const frequency = plan.frequency ?? meta.frequency;
    if (frequency.gt(meta.frequency)) {
      throw new ValidationError(`frequency ${frequency.tag} is finer than the curve's ${meta.frequency.tag}`, 'frequency');
    }
    const refTag = plan.reference === 'persistence' ? null : plan.reference.tag;
    const tags =
      plan.tags ??
      [...(await this.tags(meta))]
        .map((t) => t.toLowerCase())
        .filter((t) => t !== refTag)
        .sort();
    const loadTags = [...new Set(refTag === null ? tags : [...tags, refTag])];
    const limit = plan.members ? 10 : 25;
    const at = (ms: number) => DateTime.fromMillis(ms, { zone: 'utc' });
    const listed = await Promise.all(
      loadTags.map((tag) => this.list(meta, { tags: tag, limit: 25, issuedAtEarliest: at(begin), issuedAtLatest: at(end - 1000), signal })),
    );
    const windows = loadTags.flatMap((tag, k) =>
      issueWindows(
        tag,
        listed[k]!.map((i) => i.issued.toMillis()),
        25,
        begin,
        end,
        limit,
      ),
    );
    const resample = frequency.equals(meta.frequency) ? {} : { frequency };
    const forecasts = await loadWindows(
      windows,
      limit,
      (w) =>
        this.load(meta, {
          tags: w.tag,
          limit,
          issuedAtEarliest: at(w.from),
          issuedAtLatest: at(w.to),
          ensembles: plan.members,
          ...resample,
          signal,
        }),
      plan.many,
    );
    if (!forecasts.some((f) => tags.includes((f.instance?.tag ?? '').toLowerCase()))) await this.#emptySelection(meta, tags);
    let actual: Timeseries;
    if (Timeseries.isTimeseries(plan.actual)) actual = plan.actual;
    else {
      const first = Math.min(...forecasts.map((f) => f.times[0] ?? Number.POSITIVE_INFINITY), begin);
      const last = Math.max(...forecasts.map((f) => f.times[f.length - 1] ?? Number.NEGATIVE_INFINITY));
      const line = timeseriesLoad(plan.actual, {
        begin: at(first - PERSISTENCE_DAYS * 86_400_000),
        end: at(shiftMillis(last, frequency, 1, meta.zone)),
      });
      actual = await fetchSeries(this, line, signal);
    }
    const result = evaluateSkill(forecasts, alignActual(actual, frequency, meta.zone), {
      leadTimes: plan.leadTimes,
      metrics: plan.metrics,
      reference: plan.reference,
      tags,
      issueZone,
      curve: meta.name,
    });
    if (!result.rows.some((r) => r.n > 0)) {
      throw new ValidationError(`The actual '${actual.name ?? ''}' has no values at the forecasts' times`, 'actual');
    }
    return result;
  }

  /** Throws the ValidationError of a selection without instances: `tags` when the curve has none of them, else `begin`. */
  async #emptySelection(curve: Curve, tags: readonly string[]): Promise<never> {
    const known = [...(await this.tags(curve))].map((t) => t.toLowerCase());
    const unknown = tags.filter((t) => !known.includes(t));
    if (unknown.length === tags.length) {
      throw new ValidationError(
        `The curve '${curve.name}' has no instances tagged ${unknown.join(', ')} (it has ${known.join(', ') || 'none'})`,
        'tags',
      );
    }
    throw new ValidationError(`No instance of ${tags.join(', ')} was issued between begin and end`, 'begin');
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
