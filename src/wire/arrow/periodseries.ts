/**
 * Period series as Arrow streams (docs/arrow.md#period-series): `begin` and `end` columns
 * (`Timestamp(ms)` in the series' zone), a float64 `value` and, for capacity curves, a float64
 * `capacity`, null where missing; lists (`period_instances.load`) add the int32 `member` column.
 *
 * @module
 */
import { float64, int32, type Column } from '@uwdata/flechette';
import { Periodseries, PeriodseriesList } from '../../model';
import { parsePeriodseries, serializePeriodseries, type PeriodseriesJson } from '../json';
import { modelAt } from '../json/read';
import { batchRanges, constantIntBatch, floatBatch, readFloats, readTimes, timeBatch, timeType } from './columns';
import { eachMember, readStream, ROLE, writeStream, type MemberLayout, type OutColumn, type ReadStream } from './stream';

/**
 * The JSON answer of a period series without its data (formats no period).
 *
 * @param ps - The series.
 * @returns Its header.
 * @example
 * periodseriesHead(ps).curve?.name //=> ps.curve?.name
 */
export function periodseriesHead(ps: Periodseries): Omit<PeriodseriesJson, 'data'> {
  const empty = new Periodseries({
    resolution: ps.resolution,
    curve: ps.curve,
    instance: ps.instance,
    unit: ps.unit,
    denominator: ps.denominator,
    begins: [],
    ends: [],
    values: [],
  });
  const { data: _data, ...head } = serializePeriodseries(empty);
  return head;
}

function layoutOf(ps: Periodseries): MemberLayout {
  return { rows: ps.length, values: true, scenarios: 0, capacity: ps.capacities !== null };
}

function columnsOf(members: readonly Periodseries[], withMember: boolean): OutColumn[] {
  const zone = members[0]?.resolution.timezone ?? 'UTC';
  const withCapacity = members.some((ps) => ps.capacities !== null);
  const member: OutColumn = { name: 'member', type: int32(), role: 'member', batches: [] };
  const begin: OutColumn = { name: 'begin', type: timeType(zone), role: 'begin', batches: [] };
  const end: OutColumn = { name: 'end', type: timeType(zone), role: 'end', batches: [] };
  const value: OutColumn = { name: 'value', type: float64(), role: 'value', batches: [] };
  const capacity: OutColumn = { name: 'capacity', type: float64(), role: 'capacity', batches: [] };
  members.forEach((ps, m) => {
    const capacities = ps.capacities ?? (withCapacity ? new Float64Array(ps.length).fill(Number.NaN) : null);
    for (const [from, to] of batchRanges(ps.length)) {
      if (to === from && members.length > 1) continue;
      member.batches.push(constantIntBatch(m, to - from));
      begin.batches.push(timeBatch(ps.begins, from, to, begin.type));
      end.batches.push(timeBatch(ps.ends, from, to, end.type));
      value.batches.push(floatBatch(ps.values, from, to));
      if (capacities !== null) capacity.batches.push(floatBatch(capacities, from, to));
    }
  });
  return [...(withMember ? [member] : []), begin, end, value, ...(withCapacity ? [capacity] : [])];
}

/**
 * Writes a period series as an Arrow IPC stream.
 *
 * @param ps - The series.
 * @returns The stream bytes.
 * @example
 * decodePeriodseries(encodePeriodseries(ps)).equals(ps) //=> true
 */
export function encodePeriodseries(ps: Periodseries): Uint8Array {
  return writeStream('periodseries', periodseriesHead(ps), ...periodseriesParts(ps));
}

/**
 * The layout and columns of one period series (for answers that carry one, as SRMC).
 *
 * @param ps - The series.
 * @returns Its `service.layout` and its columns.
 * @example
 * periodseriesParts(ps)[0][0].rows //=> ps.length
 */
export function periodseriesParts(ps: Periodseries): [MemberLayout[], OutColumn[]] {
  return [[layoutOf(ps)], columnsOf([ps], false)];
}

/**
 * Writes a list of period series (`period_instances.load`) as one Arrow IPC stream.
 *
 * @param list - The series.
 * @returns The stream bytes.
 * @example
 * decodePeriodseriesList(encodePeriodseriesList([])).length //=> 0
 */
export function encodePeriodseriesList(list: readonly Periodseries[]): Uint8Array {
  return writeStream('periodseries-list', list.map(periodseriesHead), list.map(layoutOf), columnsOf(list, true));
}

interface Received {
  begins: Float64Array;
  ends: Float64Array;
  values: Float64Array;
  capacities: Float64Array | null;
}

function received(stream: ReadStream): Received {
  const columns = stream.table.children as Column<unknown>[];
  const roles = stream.table.schema.fields.map((f) => f.metadata?.get(ROLE) ?? '');
  const of = (role: string): Column<unknown> | undefined => columns[roles.indexOf(role)];
  const times = (role: string): Float64Array => {
    const c = of(role);
    return c === undefined ? new Float64Array(0) : readTimes(c, role);
  };
  const value = of('value');
  const capacity = of('capacity');
  return {
    begins: times('begin'),
    ends: times('end'),
    values: value === undefined ? new Float64Array(0) : readFloats(value),
    capacities: capacity === undefined ? null : readFloats(capacity),
  };
}

function member(head: unknown, layout: MemberLayout, columns: Received, start: number, path: string): Periodseries {
  const shell = parsePeriodseries({ ...(head as object), data: [] }, path);
  const stop = start + layout.rows;
  return modelAt(
    path,
    () =>
      new Periodseries({
        resolution: shell.resolution,
        curve: shell.curve,
        instance: shell.instance,
        unit: shell.unit,
        denominator: shell.denominator,
        begins: columns.begins.subarray(start, stop),
        ends: columns.ends.subarray(start, stop),
        values: columns.values.subarray(start, stop),
        capacities: layout.capacity === true && columns.capacities !== null ? columns.capacities.subarray(start, stop) : null,
      }),
  );
}

/**
 * Reads a period series from an Arrow IPC stream written by {@link encodePeriodseries}.
 *
 * @param bytes - The stream.
 * @returns The series.
 * @throws ParseException for bytes that are no such stream, bad metadata or a cut stream.
 * @example
 * decodePeriodseries(encodePeriodseries(ps)).length //=> ps.length
 */
export function decodePeriodseries(bytes: Uint8Array): Periodseries {
  const stream = readStream(bytes, 'periodseries');
  return periodseriesOf(stream, stream.header, '');
}

/**
 * The one period series of a read stream, with the given header (for answers that carry one).
 *
 * @param stream - The stream as read.
 * @param head - The series' header (the JSON answer without data).
 * @param path - Where the series is in the answer, for messages.
 * @returns The series.
 * @throws ParseException for a bad header.
 * @example
 * periodseriesOf(readStream(bytes, 'srmc'), head.periodseries, 'periodseries').length //=> 12
 */
export function periodseriesOf(stream: ReadStream, head: unknown, path: string): Periodseries {
  return member(head, stream.layout[0]!, received(stream), 0, path);
}

/**
 * Reads a list of period series from an Arrow IPC stream written by {@link encodePeriodseriesList}.
 *
 * @param bytes - The stream.
 * @returns The list, members in order.
 * @throws ParseException for bytes that are no such stream, bad metadata or a cut stream.
 * @example
 * decodePeriodseriesList(encodePeriodseriesList(list)).length //=> list.length
 */
export function decodePeriodseriesList(bytes: Uint8Array): PeriodseriesList {
  const stream = readStream(bytes, 'periodseries-list');
  const columns = received(stream);
  const list = eachMember(stream, (head, layout, start, path) => member(head, layout, columns, start, path));
  return modelAt('', () => new PeriodseriesList(list));
}
