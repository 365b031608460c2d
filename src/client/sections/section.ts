/**
 * The base of every client section: one shared transport, and one way to send a request line.
 *
 * @module
 */
import { DateTime } from 'luxon';
import type { OHLCList, Periodseries, PeriodseriesList, Timeseries, TimeseriesList } from '../../model';
import { noteValueExtent } from '../../model/value-extent';
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

/** Each section's transport, out of the section's own members (completion lists only a section's public methods). */
const transports = new WeakMap<Section, HttpTransport>();

/**
 * Base of the client's sections (`metadata`, `user`, `timeseries`, ...). A section is given the
 * client's one {@link HttpTransport} (so throttle, time-out and retries are shared by all
 * sections of a client) and sends request lines built by `src/wire/requests` through the
 * functions below; it keeps no member of its own beyond its public methods, so completion in a
 * notebook lists only those (docs/notebooks.md#completion).
 *
 * @param transport - The client's HTTP transport.
 * @example
 * class PingSection extends Section {
 *   async categories() { return (await sendLine(this, metadataCategories())).body; }
 * }
 * await new PingSection(clientTransport(client)).categories() //~> ['Actual', ...]
 */
export abstract class Section {
  constructor(transport: HttpTransport) {
    transports.set(this, transport);
  }
}

/**
 * The client's HTTP transport a section sends through.
 *
 * @param section - The section.
 * @returns Its transport.
 * @example
 * transportOf(client.timeseries) === clientTransport(client) //=> true
 */
export function transportOf(section: Section): HttpTransport {
  const transport = transports.get(section);
  if (transport === undefined) throw new TypeError('not a section made with a transport');
  return transport;
}

/**
 * Sends `GET` for a request line through the client's transport.
 *
 * @param section - The section asking.
 * @param line - The path and query (from a `src/wire/requests` builder).
 * @param signal - Cancels the request.
 * @returns Status, headers and parsed JSON body.
 * @throws The transport's errors: ValidationError, UnauthorizedError, ForbiddenError,
 *   NotFoundError, InternalServerError, HTTPError, ParseException.
 * @example
 * (await sendLine(section, metadataCategories())).status //=> 200
 */
export function sendLine(section: Section, line: RequestLine, signal?: AbortSignal): Promise<HttpResponse> {
  return transportOf(section).get(formatRequestLine(line), signal ? { signal } : {});
}

/**
 * Loads one time series from a data route: as Arrow or JSON, as the `transport` option and the
 * service decide (docs/arrow.md#client); the same series either way.
 *
 * @param section - The section asking.
 * @param line - The path and query.
 * @param signal - Cancels the request.
 * @param shared - The time columns of the panel this series is loaded for (the `...Many`
 *   loads): an Arrow answer whose times equal one of them takes it instead of a new array.
 * @returns The series.
 * @throws The transport's errors; ParseException for a bad answer.
 * @example
 * (await fetchSeries(section, timeseriesLoad(curve, { begin, end }))).length //=> 96
 */
export async function fetchSeries(section: Section, line: RequestLine, signal?: AbortSignal, shared?: SharedTimes): Promise<Timeseries> {
  const fromArrow = shared === undefined ? decodeTimeseries : (bytes: Uint8Array) => decodeTimeseries(bytes, { times: shared });
  const { value, headers } = await fetchAnswer(section, line, signal, fromArrow, (json) => parseTimeseries(json));
  const first = headers['x-first-value'];
  const last = headers['x-last-value'];
  if (value.length === 0 && first !== undefined && last !== undefined) {
    const zone = value.resolution.zone;
    const extent = { first: DateTime.fromISO(first, { zone }), last: DateTime.fromISO(last, { zone }) };
    if (extent.first.isValid && extent.last.isValid) noteValueExtent(value, extent);
  }
  return value;
}

/**
 * Loads a list of time series (`instances.load`), as {@link fetchSeries}.
 *
 * @param section - The section asking.
 * @param line - The path and query.
 * @param signal - Cancels the request.
 * @returns The list.
 * @throws The transport's errors; ParseException for a bad answer.
 * @example
 * (await fetchSeriesList(section, instancesLoad(curve, { tags: 'ec', limit: 3 }))).length //=> 3
 */
export function fetchSeriesList(section: Section, line: RequestLine, signal?: AbortSignal): Promise<TimeseriesList> {
  return fetchData(section, line, signal, decodeTimeseriesList, parseTimeseriesList);
}

/**
 * Loads one period series from a data route, as {@link fetchSeries}.
 *
 * @param section - The section asking.
 * @param line - The path and query.
 * @param signal - Cancels the request.
 * @returns The series.
 * @throws The transport's errors; ParseException for a bad answer.
 * @example
 * (await fetchPeriodseries(section, periodsLoad(curve, { begin, end }))).hasCapacity() //=> true
 */
export function fetchPeriodseries(section: Section, line: RequestLine, signal?: AbortSignal): Promise<Periodseries> {
  return fetchData(section, line, signal, decodePeriodseries, (json) => parsePeriodseries(json));
}

/**
 * Loads a list of period series (`period_instances.load`), as {@link fetchSeries}.
 *
 * @param section - The section asking.
 * @param line - The path and query.
 * @param signal - Cancels the request.
 * @returns The list.
 * @throws The transport's errors; ParseException for a bad answer.
 * @example
 * (await fetchPeriodseriesList(section, periodInstancesLoad(curve, { begin, end }))).length //=> 3
 */
export function fetchPeriodseriesList(section: Section, line: RequestLine, signal?: AbortSignal): Promise<PeriodseriesList> {
  return fetchData(section, line, signal, decodePeriodseriesList, parsePeriodseriesList);
}

/**
 * Loads an OHLC list (`ohlc.load`, `ohlc.latest`), as {@link fetchSeries}.
 *
 * @param section - The section asking.
 * @param line - The path and query.
 * @param signal - Cancels the request.
 * @returns The list.
 * @throws The transport's errors; ParseException for a bad answer.
 * @example
 * (await fetchOhlcList(section, ohlcLatest(curve, {}))).length //=> 12
 */
export function fetchOhlcList(section: Section, line: RequestLine, signal?: AbortSignal): Promise<OHLCList> {
  return fetchData(section, line, signal, decodeOHLCList, (json) => parseOHLCList(json));
}

/**
 * `GET` of a data route that may be answered as Arrow (see the `transport` client option):
 * the Arrow bytes are read with `fromArrow`, a JSON answer with `fromJson`.
 *
 * @param section - The section asking.
 * @param line - The path and query.
 * @param signal - Cancels the request.
 * @param fromArrow - Reads an Arrow answer.
 * @param fromJson - Reads a JSON answer.
 * @returns What either reader gives.
 * @throws The transport's errors; ParseException for a bad answer.
 * @example
 * await fetchData(section, srmcLatest(curve, {}), undefined, decodeSRMC, parseSRMC)
 */
export async function fetchData<T>(
  section: Section,
  line: RequestLine,
  signal: AbortSignal | undefined,
  fromArrow: (bytes: Uint8Array) => T,
  fromJson: (json: unknown) => T,
): Promise<T> {
  return (await fetchAnswer(section, line, signal, fromArrow, fromJson)).value;
}

/** {@link fetchData}, with the answer's headers. */
async function fetchAnswer<T>(
  section: Section,
  line: RequestLine,
  signal: AbortSignal | undefined,
  fromArrow: (bytes: Uint8Array) => T,
  fromJson: (json: unknown) => T,
): Promise<{ value: T; headers: Readonly<Record<string, string>> }> {
  const res = await transportOf(section).get(formatRequestLine(line), { ...(signal ? { signal } : {}), data: true });
  const { headers } = res;
  if (res.arrow === undefined) return { value: fromJson(res.body), headers };
  return { value: res.shared === undefined ? fromArrow(res.arrow) : decodeCached(res.shared, res.arrow, fromArrow), headers };
}
