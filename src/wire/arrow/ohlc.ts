/**
 * OHLC lists as Arrow streams (docs/arrow.md#ohlc): one row per record with `traded_at` and
 * `delivery` (`Date32`), `period` (`Utf8`), `front` (`Int32`, null when none) and the seven
 * float64 numbers, null where missing. Written from the store's columns; read into the same
 * `OHLCList` as the JSON answer.
 *
 * @module
 */
import { dateDay, float64, int32, utf8, type Batch, type Column } from '@uwdata/flechette';
import type { Zone } from 'luxon';
import type { Curve, OHLCList } from '../../model';
import { ContractPeriod } from '../../model';
import { parseOHLCList, serializeCurve, type OhlcColumns } from '../json';
import { dayBatch, floatBatch, intBatch, textBatch } from './columns';
import { readStream, ROLE, writeStream, type MemberLayout, type OutColumn, type ReadStream } from './stream';

const NUMBERS = [
  ['open', 'open'],
  ['high', 'high'],
  ['low', 'low'],
  ['close', 'close'],
  ['settlement', 'settlement'],
  ['volume', 'volume'],
  ['openInterest', 'open_interest'],
] as const;

/**
 * Writes an OHLC list, given as columns (as the store reads them), as an Arrow IPC stream.
 *
 * @param head - Curve, unit and denominator.
 * @param rows - The records in columns (prices NaN for null, `front` negative for none).
 * @param zone - The zone of the trading days and deliveries.
 * @returns The stream bytes.
 * @example
 * decodeOHLCList(encodeOHLCColumns({ curve: null, unit: 'EUR', denominator: 'MWh' }, rows, CET)).length //=> rows.traded.length
 */
export function encodeOHLCColumns(
  head: { curve: Curve | null; unit: string | null; denominator: string | null },
  rows: OhlcColumns,
  zone: Zone,
): Uint8Array {
  const header = { curve: head.curve ? serializeCurve(head.curve) : null, unit: head.unit, denominator: head.denominator };
  return writeStream('ohlc-list', header, ...ohlcParts(rows, zone));
}

/**
 * The layout and columns of OHLC records given as columns (for answers that carry them, as SRMC).
 *
 * @param rows - The records in columns.
 * @param zone - The zone of the trading days and deliveries.
 * @returns The `service.layout` and the columns.
 * @example
 * ohlcParts(rows, CET)[0][0].rows //=> rows.traded.length
 */
export function ohlcParts(rows: OhlcColumns, zone: Zone): [MemberLayout[], OutColumn[]] {
  const n = rows.traded.length;
  const tags = rows.period.map((tag) => ContractPeriod.byTag(tag).tag);
  const one = (name: string, type: OutColumn['type'], batch: Batch<unknown>): OutColumn => ({ name, type, role: name, batches: [batch] });
  const nan = new Float64Array(n).fill(Number.NaN);
  const columns: OutColumn[] = [
    one('traded_at', dateDay(), dayBatch(rows.traded, zone)),
    one('period', utf8(), textBatch(tags)),
    one(
      'front',
      int32(),
      intBatch(rows.front, (i) => rows.front[i]! >= 0),
    ),
    one('delivery', dateDay(), dayBatch(rows.delivery, zone)),
    ...NUMBERS.map(([field, name]) => one(name, float64(), floatBatch(rows[field] ?? nan, 0, n))),
  ];
  return [[{ rows: n, values: true, scenarios: 0 }], columns];
}

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Reads an OHLC list from an Arrow IPC stream written by {@link encodeOHLCColumns}.
 *
 * @param bytes - The stream.
 * @returns The list, equal to the one the JSON answer gives.
 * @throws ParseException for bytes that are no such stream, bad metadata, a cut stream or bad
 *   records.
 * @example
 * decodeOHLCList(bytes)[0].product.period.tag //=> 'MONTH'
 */
export function decodeOHLCList(bytes: Uint8Array): OHLCList {
  const stream = readStream(bytes, 'ohlc-list');
  return parseOHLCList({ ...(stream.header as object), data: ohlcRecords(stream) });
}

/**
 * The OHLC records of a read stream in their JSON form (for answers that carry them, as SRMC).
 *
 * @param stream - The stream as read.
 * @returns One JSON record per row.
 * @example
 * ohlcRecords(readStream(bytes, 'srmc'))[0].product.period //=> 'month'
 */
export function ohlcRecords(stream: ReadStream): { product: Record<string, unknown> }[] {
  const roles = stream.table.schema.fields.map((f) => f.metadata?.get(ROLE) ?? '');
  const columns = stream.table.children as Column<unknown>[];
  const of = (role: string): Column<unknown> | undefined => columns[roles.indexOf(role)];
  const at = (role: string, i: number): unknown => of(role)?.at(i) ?? null;
  return Array.from({ length: stream.table.numRows }, (_, i) => ({
    product: {
      traded_at: isoDay(at('traded_at', i) as number),
      period: at('period', i),
      front: at('front', i),
      delivery: isoDay(at('delivery', i) as number),
    },
    ...Object.fromEntries(NUMBERS.map(([, name]) => [name, at(name, i)])),
  }));
}
