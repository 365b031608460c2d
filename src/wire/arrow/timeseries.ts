/**
 * Time series as Arrow streams (docs/arrow.md#time-series): a `date` column (`Timestamp(ms)` in
 * the series' zone), a float64 `value` column and one float64 column per scenario, null where
 * missing; lists (`instances.load`) add an int32 `member` column and keep their members in
 * order, each in its own record batches. Everything else of the JSON answer travels as the
 * schema's `service.header`.
 *
 * @module
 */
import { float64, int32, type Column } from '@uwdata/flechette';
import { Timeseries, TimeseriesList } from '../../model';
import { parseTimeseries, serializeTimeseriesHead } from '../json';
import { modelAt } from '../json/read';
import {
  BATCH_ROWS,
  batchRanges,
  constantIntBatch,
  floatBatch,
  readFloats,
  readTimes,
  timeBatch,
  timeType,
  type SharedTimes,
  type TimesGiven,
} from './columns';
import { eachMember, readStream, ROLE, StreamPieces, writeStream, type MemberLayout, type OutColumn, type ReadStream } from './stream';

const NO_VALUES = new Float64Array(0);

function layoutOf(ts: Timeseries): MemberLayout {
  return { rows: ts.length, values: ts.hasValues(), scenarios: ts.scenarios.length };
}

/** The value or scenario column of a member, NaN-filled when the member has none. */
function memberColumn(ts: Timeseries, k: number): Float64Array {
  const column = k < 0 ? ts.valuesOrNull() : ts.scenarios[k];
  return column ?? new Float64Array(ts.length).fill(Number.NaN);
}

function columnsOf(members: readonly Timeseries[], withMember: boolean): OutColumn[] {
  const first = members[0];
  const zone = first === undefined ? 'UTC' : first.resolution.timezone;
  const widest = members.reduce<Timeseries | undefined>(
    (w, ts) => (w === undefined || ts.scenarios.length > w.scenarios.length ? ts : w),
    undefined,
  );
  const names = widest?.scenarioNames ?? [];
  const withValues = members.length === 0 || members.some((ts) => ts.hasValues());
  const member: OutColumn = { name: 'member', type: int32(), role: 'member', batches: [] };
  const date: OutColumn = { name: 'date', type: timeType(zone), role: 'date', batches: [] };
  const value: OutColumn = { name: 'value', type: float64(), role: 'value', batches: [] };
  const scenarios: OutColumn[] = names.map((name) => ({ name, type: float64(), role: 'scenario', batches: [] }));
  const add = (ts: Timeseries, m: number, start: number, end: number): void => {
    member.batches.push(constantIntBatch(m, end - start));
    date.batches.push(timeBatch(ts.times, start, end, date.type));
    if (withValues) value.batches.push(floatBatch(memberColumn(ts, -1), start, end));
    scenarios.forEach((c, k) => c.batches.push(floatBatch(memberColumn(ts, k), start, end)));
  };
  members.forEach((ts, m) => {
    for (const [start, end] of batchRanges(ts.length)) if (end > start || members.length === 1) add(ts, m, start, end);
  });
  return [...(withMember ? [member] : []), date, ...(withValues ? [value] : []), ...scenarios];
}

/**
 * Writes a time series as an Arrow IPC stream.
 *
 * @param ts - The series.
 * @returns The stream bytes.
 * @example
 * decodeTimeseries(encodeTimeseries(ts)).equals(ts) //=> true
 */
export function encodeTimeseries(ts: Timeseries): Uint8Array {
  return writeStream('timeseries', serializeTimeseriesHead(ts), ...timeseriesParts(ts));
}

/**
 * The layout and columns of one time series (for answers that carry one, as SRMC).
 *
 * @param ts - The series.
 * @returns Its `service.layout` and its columns.
 * @example
 * timeseriesParts(ts)[0][0].rows //=> ts.length
 */
export function timeseriesParts(ts: Timeseries): [MemberLayout[], OutColumn[]] {
  return [[layoutOf(ts)], columnsOf([ts], false)];
}

/**
 * Writes a list of time series (`instances.load`) as one Arrow IPC stream.
 *
 * @param list - The series, one member each.
 * @returns The stream bytes.
 * @example
 * decodeTimeseriesList(encodeTimeseriesList(list)).length //=> list.length
 */
export function encodeTimeseriesList(list: readonly Timeseries[]): Uint8Array {
  return writeStream('timeseries-list', list.map(serializeTimeseriesHead), list.map(layoutOf), columnsOf(list, true));
}

/** Some consecutive rows of a series being streamed (NaN = missing). */
export interface TimeseriesRows {
  /** Step starts, epoch ms. */
  times: Float64Array;
  /** Values, or null for a series without a value column. */
  values: Float64Array | null;
  /** One column per scenario. */
  scenarios: readonly Float64Array[];
}

/**
 * Writes one time series as an Arrow IPC stream while its rows are read
 * (docs/arrow.md#streamed): the schema first (with the row count announced), then one record
 * batch per call, so the whole series is never held. Fed batches of {@link TimeseriesStream.batchRows}
 * rows (the last one shorter), the pieces joined are the bytes of {@link encodeTimeseries}. A
 * batch's pieces are views of its value columns where they are written as they are (no missing
 * values): those columns must stay unchanged until the pieces have been sent.
 *
 * @example
 * const out = new TimeseriesStream(head, 96);
 * send(out.start()); out.batch({ times, values, scenarios: [] }).forEach(send); send(out.end());
 */
export class TimeseriesStream {
  /** Rows per record batch for output equal to {@link encodeTimeseries}. */
  static readonly batchRows = BATCH_ROWS;
  readonly #pieces: StreamPieces;
  readonly #date: OutColumn['type'];
  readonly #values: boolean;
  readonly #scenarios: number;

  /**
   * @param head - The series without rows: curve, resolution, unit, ..., a value column when the
   *   series has one and its scenario columns (names), all empty.
   * @param rows - The rows that the batches will bring, in all.
   */
  constructor(head: Timeseries, rows: number) {
    const [[layout], columns] = timeseriesParts(head);
    this.#pieces = new StreamPieces('timeseries', serializeTimeseriesHead(head), [{ ...layout!, rows }], columns);
    this.#date = columns[0]!.type;
    this.#values = head.hasValues();
    this.#scenarios = head.scenarios.length;
  }

  /**
   * The schema message.
   *
   * @returns Its bytes.
   * @example
   * out.start().byteLength > 0 //=> true
   */
  start(): Uint8Array {
    return this.#pieces.start();
  }

  /**
   * One record batch, in pieces (see {@link StreamPieces.batch}).
   *
   * @param rows - The next rows (all columns of one length; as many scenario columns as the head).
   * @param times - What `rows.times` holds and whether the batch may take its memory (see
   *   {@link TimesGiven}): `'own'` and `'int64'` for rows that are the caller's to give (no new memory).
   * @returns Its bytes, in order.
   * @throws RangeError for a value column or scenario count that differs from the head's.
   * @example
   * out.batch({ times, values, scenarios: [] }).length > 0 //=> true
   */
  batch(rows: TimeseriesRows, times: TimesGiven = 'copy'): Uint8Array[] {
    if ((rows.values !== null) !== this.#values || rows.scenarios.length !== this.#scenarios)
      throw new RangeError(`Streamed rows must have ${this.#values ? 'a' : 'no'} value column and ${this.#scenarios} scenarios`);
    const n = rows.times.length;
    return this.#pieces.batch([
      timeBatch(rows.times, 0, n, this.#date, times),
      ...(rows.values === null ? [] : [floatBatch(rows.values, 0, n)]),
      ...rows.scenarios.map((s) => floatBatch(s, 0, n)),
    ]);
  }

  /**
   * The end-of-stream marker.
   *
   * @returns Its bytes.
   * @example
   * out.end().byteLength //=> 8
   */
  end(): Uint8Array {
    return this.#pieces.end();
  }
}

/** The columns of a received answer, by role, read whole. */
interface Received {
  times: Float64Array;
  values: Float64Array;
  scenarios: Float64Array[];
}

function received(columns: readonly Column<unknown>[], roles: readonly string[], shared?: SharedTimes): Received {
  const of = (role: string): Column<unknown>[] => columns.filter((_, i) => roles[i] === role);
  const date = of('date')[0];
  const times = date === undefined ? new Float64Array(0) : readTimes(date, 'date', shared);
  const value = of('value')[0];
  return { times, values: value === undefined ? NO_VALUES : readFloats(value), scenarios: of('scenario').map(readFloats) };
}

function member(head: unknown, layout: MemberLayout, columns: Received, start: number, path: string): Timeseries {
  const shell = parseTimeseries({ ...(head as object), data: [] }, path);
  const end = start + layout.rows;
  return modelAt(
    path,
    () =>
      new Timeseries({
        resolution: shell.resolution,
        curve: shell.curve,
        instance: shell.instance,
        contract: shell.contract,
        unit: shell.unit,
        denominator: shell.denominator,
        times: columns.times.subarray(start, end),
        values: layout.values ? columns.values.subarray(start, end) : null,
        scenarios: columns.scenarios.slice(0, layout.scenarios).map((c) => c.subarray(start, end)),
        scenarioNames: layout.scenarios > 0 ? shell.scenarioNames : null,
      }),
  );
}

function rolesOf(stream: ReadStream): string[] {
  return stream.table.schema.fields.map((f) => f.metadata?.get(ROLE) ?? '');
}

/** Options of {@link decodeTimeseries}. */
export interface DecodeOptions {
  /** Time columns of the same panel: the series takes an equal one instead of a new array. */
  times?: SharedTimes;
}

/**
 * Reads a time series from an Arrow IPC stream written by {@link encodeTimeseries}.
 *
 * @param bytes - The stream.
 * @param options - `times`: share time columns with the other series of a panel.
 * @returns The series, equal to the one written.
 * @throws ParseException for bytes that are no such stream, bad metadata or a cut stream.
 * @example
 * decodeTimeseries(encodeTimeseries(ts)).length //=> ts.length
 */
export function decodeTimeseries(bytes: Uint8Array, options: DecodeOptions = {}): Timeseries {
  const stream = readStream(bytes, 'timeseries');
  return timeseriesOf(stream, stream.header, '', options.times);
}

/**
 * The one time series of a read stream, with the given header (for answers that carry one).
 *
 * @param stream - The stream as read.
 * @param head - The series' header (the JSON answer without data).
 * @param path - Where the series is in the answer, for messages.
 * @param shared - Time columns of a panel to share (see `SharedTimes`).
 * @returns The series.
 * @throws ParseException for a bad header.
 * @example
 * timeseriesOf(readStream(bytes, 'srmc'), head.timeseries, 'timeseries').length //=> 30
 */
export function timeseriesOf(stream: ReadStream, head: unknown, path: string, shared?: SharedTimes): Timeseries {
  const columns = received(stream.table.children as Column<unknown>[], rolesOf(stream), shared);
  return member(head, stream.layout[0]!, columns, 0, path);
}

/**
 * Reads a list of time series from an Arrow IPC stream written by {@link encodeTimeseriesList}.
 *
 * @param bytes - The stream.
 * @returns The list, members in order.
 * @throws ParseException for bytes that are no such stream, bad metadata or a cut stream.
 * @example
 * decodeTimeseriesList(encodeTimeseriesList([])).length //=> 0
 */
export function decodeTimeseriesList(bytes: Uint8Array): TimeseriesList {
  const stream = readStream(bytes, 'timeseries-list');
  const columns = received(stream.table.children as Column<unknown>[], rolesOf(stream));
  const list = eachMember(stream, (head, layout, start, path) => member(head, layout, columns, start, path));
  return modelAt('', () => new TimeseriesList(list));
}
