/**
 * The base of every client section: one shared transport, and one way to send a request line.
 *
 * @module
 */
import type { OHLCList, Periodseries, PeriodseriesList, Timeseries, TimeseriesList } from '../../model';
import {
  formatRequestLine,
  parseOHLCList,
  parsePeriodseries,
  parsePeriodseriesList,
  parseTimeseries,
  parseTimeseriesList,
  type RequestLine,
} from '../../wire';
import {
  decodeOHLCList,
  decodePeriodseries,
  decodePeriodseriesList,
  decodeTimeseries,
  decodeTimeseriesList,
  type SharedTimes,
} from '../../wire/arrow';
import type { HttpResponse, HttpTransport } from '../http';
import { decodeCached } from './cached-arrow';

/**
 * Base of the client's sections (`metadata`, `user`, `timeseries`, ...). A section holds the
 * client's one {@link HttpTransport} (so throttle, time-out and retries are shared by all
 * sections of a client) and sends request lines built by `src/wire/requests`.
 *
 * @param transport - The client's HTTP transport.
 * @example
 * class PingSection extends Section {
 *   async categories() { return (await this.send(metadataCategories())).body; }
 * }
 * await new PingSection(client.transport).categories() //~> ['Actual', ...]
 */
export abstract class Section {
  /** The client's HTTP transport. */
  protected readonly transport: HttpTransport;

  constructor(transport: HttpTransport) {
    this.transport = transport;
  }

  /**
   * Sends `GET` for a request line through the client's transport.
   *
   * @param line - The path and query (from a `src/wire/requests` builder).
   * @param signal - Cancels the request.
   * @returns Status, headers and parsed JSON body.
   * @throws The transport's errors: ValidationError, UnauthorizedError, ForbiddenError,
   *   NotFoundError, InternalServerError, HTTPError, ParseException.
   * @example
   * (await this.send(metadataCategories())).status //=> 200
   */
  protected send(line: RequestLine, signal?: AbortSignal): Promise<HttpResponse> {
    return this.transport.get(formatRequestLine(line), signal ? { signal } : {});
  }

  /**
   * Loads one time series from a data route: as Arrow or JSON, as the `transport` option and the
   * service decide (docs/arrow.md#client); the same series either way.
   *
   * @param line - The path and query.
   * @param signal - Cancels the request.
   * @param shared - The time columns of the panel this series is loaded for (the `...Many`
   *   loads): an Arrow answer whose times equal one of them takes it instead of a new array.
   * @returns The series.
   * @throws The transport's errors; ParseException for a bad answer.
   * @example
   * (await this.series(timeseriesLoad(curve, { begin, end }))).length //=> 96
   */
  protected series(line: RequestLine, signal?: AbortSignal, shared?: SharedTimes): Promise<Timeseries> {
    const fromArrow = shared === undefined ? decodeTimeseries : (bytes: Uint8Array) => decodeTimeseries(bytes, { times: shared });
    return this.data(line, signal, fromArrow, (json) => parseTimeseries(json));
  }

  /**
   * Loads a list of time series (`instances.load`), as {@link series}.
   *
   * @param line - The path and query.
   * @param signal - Cancels the request.
   * @returns The list.
   * @throws The transport's errors; ParseException for a bad answer.
   * @example
   * (await this.seriesList(instancesLoad(curve, { tags: 'ec', limit: 3 }))).length //=> 3
   */
  protected seriesList(line: RequestLine, signal?: AbortSignal): Promise<TimeseriesList> {
    return this.data(line, signal, decodeTimeseriesList, parseTimeseriesList);
  }

  /**
   * Loads one period series from a data route, as {@link series}.
   *
   * @param line - The path and query.
   * @param signal - Cancels the request.
   * @returns The series.
   * @throws The transport's errors; ParseException for a bad answer.
   * @example
   * (await this.periodseries(periodsLoad(curve, { begin, end }))).hasCapacity() //=> true
   */
  protected periodseries(line: RequestLine, signal?: AbortSignal): Promise<Periodseries> {
    return this.data(line, signal, decodePeriodseries, (json) => parsePeriodseries(json));
  }

  /**
   * Loads a list of period series (`period_instances.load`), as {@link series}.
   *
   * @param line - The path and query.
   * @param signal - Cancels the request.
   * @returns The list.
   * @throws The transport's errors; ParseException for a bad answer.
   * @example
   * (await this.periodseriesList(periodInstancesLoad(curve, { begin, end }))).length //=> 3
   */
  protected periodseriesList(line: RequestLine, signal?: AbortSignal): Promise<PeriodseriesList> {
    return this.data(line, signal, decodePeriodseriesList, parsePeriodseriesList);
  }

  /**
   * Loads an OHLC list (`ohlc.load`, `ohlc.latest`), as {@link series}.
   *
   * @param line - The path and query.
   * @param signal - Cancels the request.
   * @returns The list.
   * @throws The transport's errors; ParseException for a bad answer.
   * @example
   * (await this.ohlcList(ohlcLatest(curve, {}))).length //=> 12
   */
  protected ohlcList(line: RequestLine, signal?: AbortSignal): Promise<OHLCList> {
    return this.data(line, signal, decodeOHLCList, (json) => parseOHLCList(json));
  }

  /**
   * `GET` of a data route that may be answered as Arrow (see the `transport` client option):
   * the Arrow bytes are read with `fromArrow`, a JSON answer with `fromJson`.
   *
   * @param line - The path and query.
   * @param signal - Cancels the request.
   * @param fromArrow - Reads an Arrow answer.
   * @param fromJson - Reads a JSON answer.
   * @returns What either reader gives.
   * @throws The transport's errors; ParseException for a bad answer.
   * @example
   * await this.data(srmcLatest(curve, {}), undefined, decodeSRMC, parseSRMC)
   */
  protected async data<T>(
    line: RequestLine,
    signal: AbortSignal | undefined,
    fromArrow: (bytes: Uint8Array) => T,
    fromJson: (json: unknown) => T,
  ): Promise<T> {
    const res = await this.transport.get(formatRequestLine(line), { ...(signal ? { signal } : {}), data: true });
    if (res.arrow === undefined) return fromJson(res.body);
    return res.shared === undefined ? fromArrow(res.arrow) : decodeCached(res.shared, res.arrow, fromArrow);
  }
}
