/**
 * The timeseries section (docs/protocol.md#timeseries): load a `TIMESERIES` or
 * `SCENARIO_TIMESERIES` curve, optionally aggregated, in another zone or unit.
 *
 * @module
 */
import { PartialLoadError } from '../../exceptions';
import { concatTimeseries, Curve, TimeseriesList, type Timeseries } from '../../model';
import { Frequency } from '../../time';
import {
  curveName,
  metadataCurve,
  parseCurve,
  queryRange,
  rangeChunks,
  rangeFits,
  timeseriesLoad,
  timeseriesQuery,
  ZONE,
  type CurveInput,
  type ExportResult,
  type RequestLine,
  type SaveResult,
  type TimeseriesLoadOptions,
} from '../../wire';
import { curveList, runMany, splitManyOptions, type ManyOptions } from './load-many';
import { SharedTimes } from '../../wire/arrow';
import { exportTimeseries, type ExportOptions } from './export';
import { SAVE_KINDS, saveSeries, type SaveOptions } from './saving';
import { Section, fetchSeries, sendLine, transportOf } from './section';

/**
 * Options of a long load (docs/data-out.md#long-loads), beside `timeseries.load`'s own.
 *
 * @example
 * const opts: LongLoadOptions = { chunkSteps: 100_000, concurrency: 4 };
 */
export interface LongLoadOptions extends ManyOptions {
  /**
   * At most this many steps per request (default: as many as the service answers in one, 500,000
   * sub-daily steps). A load longer than that is split into chunks on step boundaries.
   */
  chunkSteps?: number;
}

/** How a load is sent: one request, or the chunks of a long range. */
type LoadPlan = { readonly line: RequestLine } | { readonly chunks: readonly RequestLine[]; readonly curve: string };

/** The finest frequency a curve may have: a range that fits its limit fits every curve's. */
const FINEST = Frequency.PT5M;

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
   * A range longer than one request may ask for (500,000 steps of the frequency produced: 14.3
   * years of 15-minute data) is split into chunks on step boundaries, loaded concurrently through
   * the client's throttle with a progress bar as `loadMany` shows it, and joined: every step once
   * (docs/data-out.md#long-loads). With a curve name, such a range needs the curve's frequency
   * and zone first (one GET).
   *
   * @param curve - The curve or its name; a Curve must be of type TIMESERIES or SCENARIO_TIMESERIES.
   * @param options - `begin` and `end` (required), and the resample options `timeZone`,
   *   `frequency`, `aggregation`, `hourFilter`, `threshold` or `thresholdPct`, `unit`; `signal`;
   *   for long ranges `chunkSteps`, `concurrency` (default 4), `progress`, `onProgress`.
   * @returns The time series (scenario curves come with all scenarios and their names).
   * @throws ValidationError naming the parameter (missing or invalid date, unknown zone, unknown
   *   enum tag, both thresholds, a Curve of another type, a bad `chunkSteps`) before any
   *   request, or from the service (400); ForbiddenError (403) outside the subscriptions;
   *   NotFoundError (404) for an unknown curve; UnauthorizedError, HTTPError,
   *   InternalServerError, ParseException (of the first chunk that failed, for a long range).
   * @example
   * const daily = await client.timeseries.load(curve, { begin: '2024-03-31', end: '2024-04-01', frequency: 'P1D', hourFilter: 'PEAK' });
   * daily.resolution.frequency.tag //=> 'P1D'
   */
  async load(curve: CurveInput, options: TimeseriesLoadOptions & LongLoadOptions): Promise<Timeseries> {
    const [many, rest] = splitManyOptions(options ?? ({} as TimeseriesLoadOptions));
    const { chunkSteps, ...load } = rest;
    const plan = await this.#plan(curve, load, chunkSteps, many.signal);
    return this.#run(plan, { ...many, concurrency: many.concurrency ?? 4 });
  }

  /**
   * Loads many curves with one options object: concurrently through the client's transport
   * (never faster than its throttle), with a progress bar in a notebook or on a terminal. A
   * curve whose range is longer than one request is loaded in chunks, one after the other.
   *
   * @param curves - Curve names or Curve objects (TIMESERIES or SCENARIO_TIMESERIES).
   * @param options - The options of {@link load} for every curve, plus `concurrency` (default
   *   8), `progress` (default true), `onProgress`, `chunkSteps` and `signal`.
   * @returns A TimeseriesList in input order.
   * @throws ValidationError before any request for bad options (as `load`) or an empty list;
   *   PartialLoadError naming every curve that failed, its `partial` holding the
   *   TimeseriesList of those that loaded.
   * @example
   * const panel = await client.timeseries.loadMany(['DE Price Spot EUR/MWh EPEX H Actual', 'FR Price Spot EUR/MWh EPEX H Actual'], { begin: '2025-01-01', end: '2025-02-01' });
   * panel.length //=> 2
   */
  async loadMany(curves: Iterable<CurveInput>, options: TimeseriesLoadOptions & LongLoadOptions): Promise<TimeseriesList> {
    const [many, rest] = splitManyOptions(options ?? ({} as TimeseriesLoadOptions));
    const { chunkSteps, ...load } = rest;
    const list = curveList(curves);
    for (const c of list) timeseriesQuery(c, load);
    const shared = new SharedTimes();
    const inner = { concurrency: 1, progress: false, ...(many.signal ? { signal: many.signal } : {}) };
    return runMany(
      list,
      async (c) => this.#run(await this.#plan(c, load, chunkSteps, many.signal), inner, shared),
      many,
      (xs) => new TimeseriesList(xs),
    );
  }

  /**
   * How one load is sent: a single request when the range fits one (or `chunkSteps` leaves it
   * whole), else its chunks.
   *
   * @param curve - The curve or its name.
   * @param load - The load's options.
   * @param chunkSteps - Steps per chunk, when the caller set it.
   * @param signal - Cancels the curve lookup.
   * @returns The plan.
   * @throws ValidationError for bad options; the lookup's errors.
   */
  async #plan(curve: CurveInput, load: TimeseriesLoadOptions, chunkSteps: number | undefined, signal?: AbortSignal): Promise<LoadPlan> {
    const range = queryRange(timeseriesQuery(curve, load), curve, { series: 'output' });
    if (range === null || (chunkSteps === undefined && rangeFits(range.begin, range.end, range.frequency ?? FINEST))) {
      return { line: timeseriesLoad(curve, load) };
    }
    const target = Curve.isCurve(curve) ? curve : parseCurve((await sendLine(this, metadataCurve(curveName(curve, [])), signal)).body);
    const zone =
      load.timeZone === undefined || load.timeZone === null ? target.zone : ZONE.decode(ZONE.encode(load.timeZone, 'timezone'), 'timezone');
    const chunks = rangeChunks(range.begin, range.end, range.frequency ?? target.frequency, zone, chunkSteps);
    if (chunks.length === 1) return { line: timeseriesLoad(target, load) };
    return { curve: target.name, chunks: chunks.map((c) => timeseriesLoad(target, { ...load, begin: c.begin, end: c.end })) };
  }

  /**
   * Sends a plan: its one request, or its chunks (concurrently, with progress) joined.
   *
   * @param plan - The plan.
   * @param many - Concurrency, progress and signal of the chunks.
   * @param shared - The time columns of the panel a single load is for.
   * @returns The series.
   * @throws The first failed chunk's error.
   */
  async #run(plan: LoadPlan, many: ManyOptions, shared?: SharedTimes): Promise<Timeseries> {
    if ('line' in plan) return fetchSeries(this, plan.line, many.signal, shared);
    const lines = plan.chunks;
    try {
      const parts = await runMany(
        lines.map(() => plan.curve),
        (_c, i) => fetchSeries(this, lines[i]!, many.signal),
        many,
        (xs) => xs,
        'chunks',
      );
      return concatTimeseries(parts);
    } catch (err) {
      if (err instanceof PartialLoadError) throw err.failures[0]?.error ?? err;
      throw err;
    }
  }

  /**
   * Exports the whole history of curves to files (docs/data-out.md#export): one file per curve
   * (or one long file with a `curve` column), Parquet or CSV, and `curves.csv` with their
   * definitions, so the directory imports as it is (`service import`). Each curve is loaded in
   * chunks of at most `chunkSteps` steps and each chunk written as it arrives: memory stays
   * bounded by a chunk. Node only.
   *
   * @param curves - A curve-name pattern (`*` any text, `?` one character, any case), or curves
   *   and names (TIMESERIES or SCENARIO_TIMESERIES).
   * @param options - `dir` and `format` (required), `begin` and `end` (default 1950-01-01 to
   *   2050-01-01), `layout` (`curve` or `long`), `chunkSteps` (default 100,000), `progress`, `signal`.
   * @returns The files written and their rows.
   * @throws ValidationError naming the parameter before any data is loaded; InitializationError
   *   in a browser; the loads' errors (the file being written is removed).
   * @example
   * const out = await client.timeseries.export('DE * 15min Actual', { dir: 'export', format: 'parquet' });
   * out.files.length //=> 6
   */
  async export(curves: string | Iterable<CurveInput>, options: ExportOptions): Promise<ExportResult> {
    return exportTimeseries(
      curves,
      options,
      (line, signal) => fetchSeries(this, line, signal),
      async (line, signal) => (await sendLine(this, line, signal)).body,
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
    return saveSeries(transportOf(this), SAVE_KINDS.timeseries, curve, series, options ?? {});
  }
}
