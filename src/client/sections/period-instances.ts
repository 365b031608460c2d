/**
 * The period-instances section (docs/protocol.md#period-instances): instances of `INSTANCE_PERIOD`
 * curves (e.g. REMIT availability, one instance per outage message) as period-based series.
 *
 * @module
 */
import { Curve, type InstanceList, type Periodseries, type PeriodseriesList } from '../../model';
import {
  parseInstanceList,
  periodInstancesGet,
  periodInstancesLatest,
  periodInstancesList,
  periodInstancesLoad,
  periodInstancesRelative,
  type CurveInput,
  type PeriodInstancesGetOptions,
  type PeriodInstancesLatestOptions,
  type PeriodInstancesListOptions,
  type PeriodInstancesLoadOptions,
  type PeriodInstancesRelativeOptions,
  type RequestLine,
  type SaveResult,
} from '../../wire';
import type { CallOptions } from './load-many';
import { SAVE_KINDS, saveSeries, type InstanceSaveOptions } from './saving';
import { Section, fetchPeriodseries, fetchPeriodseriesList, sendLine, transportOf } from './section';

/**
 * The period-instance operations of a client. Every option is checked before a request is sent
 * (`limit` 1-20, `daysAhead` 0 or more, dates, zones); a failed check throws `ValidationError`
 * naming the parameter. `tags` and `excludeTags` take a tag or a list of tags.
 *
 * @param transport - The client's HTTP transport.
 * @example
 * const list = await client.periodInstances.list('DE Nuclear Capacity Available MW REMIT', { limit: 5 });
 * list.length //=> 5
 */
export class PeriodInstancesSection extends Section {
  /**
   * Lists instances (no data), newest first. With a Curve object, the times are shown in its
   * zones; with a name they keep the offsets the service sent.
   *
   * @param curve - The curve or its name; a Curve must be of type INSTANCE_PERIOD.
   * @param options - `tags`, `excludeTags`, `limit` (1-20, default 20), `issuedAtLatest`,
   *   `issuedAtEarliest` (both inclusive).
   * @returns The instances, an `InstanceList` (an array with the curve).
   * @throws ValidationError before any request or from the service; NotFoundError, ForbiddenError
   *   and the transport's errors.
   * @example
   * (await client.periodInstances.list(curve, { excludeTags: 'x' }))[0].tag //~> 'GGXXxM8VKmeHWrbHHx3rAg'
   */
  async list(curve: CurveInput, options: PeriodInstancesListOptions & CallOptions = {}): Promise<InstanceList> {
    const line = periodInstancesList(curve, options ?? {});
    return parseInstanceList(await this.#body(line, options?.signal), Curve.isCurve(curve) ? curve : null);
  }

  /**
   * Loads the newest matching instances with their periods in `[begin, end)`.
   *
   * @param curve - The curve or its name; a Curve must be of type INSTANCE_PERIOD.
   * @param options - `begin`, `end` (required), `tags`, `excludeTags`, `limit` (1-20, default 3),
   *   `issuedAtLatest`, `issuedAtEarliest`, `timeZone`, `unit`.
   * @returns The period series, newest instance first, each with its `instance`.
   * @throws ValidationError before any request or from the service; NotFoundError, ForbiddenError
   *   and the transport's errors.
   * @example
   * (await client.periodInstances.load(curve, { begin: '2024-01-01', end: '2024-02-01' })).length //=> 3
   */
  async load(curve: CurveInput, options: PeriodInstancesLoadOptions & CallOptions): Promise<PeriodseriesList> {
    return fetchPeriodseriesList(this, periodInstancesLoad(curve, options ?? {}), options?.signal);
  }

  /**
   * Loads the newest instance (issued at or before `issuedAtLatest` when given).
   *
   * @param curve - The curve or its name; a Curve must be of type INSTANCE_PERIOD.
   * @param options - `begin`, `end` (required), `issuedAtLatest`, `timeZone`, `unit`.
   * @returns The period series with its `instance`.
   * @throws ValidationError; NotFoundError when no instance matches; ForbiddenError and the
   *   transport's errors.
   * @example
   * (await client.periodInstances.latest(curve, { begin: '2024-01-01', end: '2024-02-01' })).instance !== null //=> true
   */
  async latest(curve: CurveInput, options: PeriodInstancesLatestOptions & CallOptions): Promise<Periodseries> {
    return fetchPeriodseries(this, periodInstancesLatest(curve, options ?? {}), options?.signal);
  }

  /**
   * Loads one instance by issue date-time and tag (the tag is sent trimmed, in its own case).
   *
   * @param curve - The curve or its name; a Curve must be of type INSTANCE_PERIOD.
   * @param options - `begin`, `end`, `issued` (required; without an offset: wall-clock time in
   *   the curve's issue zone), `tag` (default the blank tag), `timeZone`, `unit`.
   * @returns The period series with its `instance`.
   * @throws ValidationError; NotFoundError when there is no such instance; ForbiddenError and the
   *   transport's errors.
   * @example
   * (await client.periodInstances.get(curve, { begin: '2024-01-01', end: '2024-02-01', issued: '2024-01-03 10:54:51', tag: 'AbC1' })).instance?.tag //=> 'AbC1'
   */
  async get(curve: CurveInput, options: PeriodInstancesGetOptions & CallOptions): Promise<Periodseries> {
    return fetchPeriodseries(this, periodInstancesGet(curve, options ?? {}), options?.signal);
  }

  /**
   * What was known `daysAhead` days before each day, joined into one period series: for each day
   * of `[begin, end)`, the newest instance issued before `beforeTimeOfDay` (else before the end)
   * of the day `daysAhead` days earlier (in the curve's issue zone).
   *
   * @param curve - The curve or its name; a Curve must be of type INSTANCE_PERIOD.
   * @param options - `begin`, `end`, `daysAhead` (required, 0 or more), `beforeTimeOfDay`,
   *   `timeZone`, `unit`.
   * @returns The joined period series (no `instance`).
   * @throws ValidationError before any request or from the service; NotFoundError, ForbiddenError
   *   and the transport's errors.
   * @example
   * (await client.periodInstances.relative(curve, { begin: '2024-03-30', end: '2024-04-02', daysAhead: 1 })).length //~> 3
   */
  async relative(curve: CurveInput, options: PeriodInstancesRelativeOptions & CallOptions): Promise<Periodseries> {
    return fetchPeriodseries(this, periodInstancesRelative(curve, options ?? {}), options?.signal);
  }

  async #body(line: RequestLine, signal?: AbortSignal): Promise<unknown> {
    return (await sendLine(this, line, signal)).body;
  }
  /**
   * Saves instances of an INSTANCE_PERIOD curve as period series (docs/data-out.md#saving), as
   * `instances.save`: one atomic import, never retried.
   *
   * @param curve - The curve or its name (a name is looked up first).
   * @param series - A Periodseries or a list of them, in the curve's zone.
   * @param options - `issued` and `tag` (default each series' own instance), `dryRun`, `signal`.
   * @returns What the service wrote.
   * @throws ValidationError naming `issued`, `tag`, `series`, `curve` or `dryRun` before the save
   *   is sent, or from the service (400); ForbiddenError (403).
   * @example
   * (await client.periodInstances.save(curve, ps, { issued: '2025-01-14T06:00:00Z' })).blocks //=> 1
   */
  async save(curve: CurveInput, series: Periodseries | Iterable<Periodseries>, options: InstanceSaveOptions = {}): Promise<SaveResult> {
    return saveSeries(transportOf(this), SAVE_KINDS.periodInstances, curve, series, options ?? {});
  }
}
