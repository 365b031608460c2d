/**
 * The column layer of the Arrow answers (docs/arrow.md): record batches built straight from the
 * model's typed arrays (no object per value) and read back into typed arrays. Times are epoch
 * milliseconds held as float64 in the model and written as Arrow `Timestamp(ms)` (int64) by
 * splitting each value into its two 32-bit words; values are float64 with a validity bitmap
 * where the model holds NaN (missing).
 *
 * @module
 */
import { type Batch, batchType, Column, dateDay, float64, int32, timestamp, TimeUnit, utf8, type DataType } from '@uwdata/flechette';
import { IANAZone, type Zone } from 'luxon';
import { ParseException } from '../../exceptions';

/**
 * Most rows in one record batch: long answers are cut into batches of this size.
 *
 * @example
 * BATCH_ROWS //=> 65536
 */
export const BATCH_ROWS = 65536;

const TWO_32 = 4294967296;

/**
 * The zone written into Arrow timestamp types: the zone itself when it is an IANA zone or UTC;
 * for zones no Arrow reader knows (`Europe/Gas_Day`) UTC, the real zone staying in the metadata.
 *
 * @param zone - The zone name.
 * @returns The Arrow timezone.
 * @example
 * arrowZone('CET') //=> 'CET'
 * arrowZone('Europe/Gas_Day') //=> 'UTC'
 */
export function arrowZone(zone: string): string {
  let known = ARROW_ZONES.get(zone);
  if (known === undefined) {
    // luxon checks a name by making an Intl formatter for it: once per name, not per answer
    known = zone === 'UTC' || IANAZone.isValidZone(zone) ? zone : 'UTC';
    ARROW_ZONES.set(zone, known);
  }
  return known;
}

/** {@link arrowZone} per zone name asked so far (a handful). */
const ARROW_ZONES = new Map<string, string>();

/** A batch of one column: the flechette batch object for the given type. */
function makeBatch(type: DataType, length: number, nullCount: number, validity: Uint8Array, values: ArrayBufferView): Batch<unknown> {
  const Kind = batchType(type) as unknown as new (o: object) => Batch<unknown>;
  return new Kind({ length, nullCount, type, validity, values });
}

/**
 * Row ranges of the batches for a column of `length` rows.
 *
 * @param length - Rows.
 * @param size - Rows per batch.
 * @returns `[start, end)` pairs (one empty range for an empty column).
 * @example
 * batchRanges(5, 2) //=> [[0, 2], [2, 4], [4, 5]]
 */
export function batchRanges(length: number, size = BATCH_ROWS): [number, number][] {
  const out: [number, number][] = [];
  for (let start = 0; start < length; start += size) out.push([start, Math.min(length, start + size)]);
  if (out.length === 0) out.push([0, 0]);
  return out;
}

/**
 * How a batch is given its times: `'copy'` epoch milliseconds, written as int64 into new memory;
 * `'own'` epoch milliseconds whose memory the batch may take (the int64 values are written over
 * them, which then no longer hold epoch ms); `'int64'` the int64 values already (each time's 8
 * bytes are its int64 epoch ms, little-endian: what the embedded store holds, handed over as is).
 */
export type TimesGiven = 'copy' | 'own' | 'int64';

/**
 * Epoch milliseconds as int64 (Arrow's `Timestamp(ms)` values), split into their two 32-bit words.
 *
 * @param times - Epoch milliseconds (whole numbers).
 * @param start - First row.
 * @param end - Row after the last.
 * @param inPlace - Write over `times[start..end)` (row i's words take the 8 bytes of time i, read
 *   just before: no time is lost) instead of into new memory.
 * @returns The int64 values.
 * @example
 * epochInt64(Float64Array.of(2 ** 32 + 5), 0, 1)[0] //=> 4294967301n
 */
export function epochInt64(times: Float64Array, start: number, end: number, inPlace = false): BigInt64Array {
  const n = end - start;
  const words = inPlace ? new Int32Array(times.buffer, times.byteOffset + 8 * start, 2 * n) : new Int32Array(2 * n);
  for (let i = 0; i < n; i++) {
    const t = times[start + i]!;
    const hi = Math.floor(t / TWO_32);
    words[2 * i] = t - hi * TWO_32;
    words[2 * i + 1] = hi;
  }
  return new BigInt64Array(words.buffer, words.byteOffset, n);
}

/**
 * A `Timestamp(ms, zone)` batch.
 *
 * @param times - Epoch milliseconds (whole numbers), or their int64 values (see `given`).
 * @param start - First row.
 * @param end - Row after the last.
 * @param type - The timestamp type.
 * @param given - What `times` holds and whether the batch may take its memory ({@link TimesGiven}).
 * @returns The batch.
 * @example
 * timeBatch(new Float64Array([0]), 0, 1, timestamp(TimeUnit.MILLISECOND, 'CET')).length //=> 1
 */
export function timeBatch(times: Float64Array, start: number, end: number, type: DataType, given: TimesGiven = 'copy'): Batch<unknown> {
  const n = end - start;
  const values =
    given === 'int64' ? new BigInt64Array(times.buffer, times.byteOffset + 8 * start, n) : epochInt64(times, start, end, given === 'own');
  return makeBatch(type, n, 0, new Uint8Array(0), values);
}

/**
 * A `Timestamp(ms, zone)` batch from epoch milliseconds, null where the time is NaN (the
 * optional times of instances).
 *
 * @param times - Epoch milliseconds (whole numbers; NaN = missing).
 * @param type - The timestamp type.
 * @returns The batch.
 * @example
 * optionalTimeBatch(new Float64Array([0, NaN]), timestamp(TimeUnit.MILLISECOND, 'UTC')).nullCount //=> 1
 */
export function optionalTimeBatch(times: Float64Array, type: DataType): Batch<unknown> {
  const n = times.length;
  const validity = new Uint8Array((n + 7) >> 3);
  let nulls = 0;
  const clean = times.map((t, i) => {
    if (t !== t) {
      nulls++;
      return 0;
    }
    validity[i >> 3] = validity[i >> 3]! | (1 << (i & 7));
    return t;
  });
  const full = timeBatch(clean, 0, n, type) as unknown as { values: ArrayBufferView };
  return makeBatch(type, n, nulls, nulls === 0 ? new Uint8Array(0) : validity, full.values);
}

/**
 * A float64 batch, null where the column holds NaN; without NaN the values are the column's own
 * bytes (no copy).
 *
 * @param column - The values (NaN = missing).
 * @param start - First row.
 * @param end - Row after the last.
 * @returns The batch.
 * @example
 * floatBatch(new Float64Array([1, NaN]), 0, 2).nullCount //=> 1
 */
export function floatBatch(column: Float64Array, start: number, end: number): Batch<unknown> {
  const n = end - start;
  const values = column.subarray(start, end);
  let nulls = 0;
  for (let i = 0; i < n; i++) if (values[i] !== values[i]) nulls++;
  if (nulls === 0) return makeBatch(float64(), n, 0, new Uint8Array(0), values);
  const validity = new Uint8Array((n + 7) >> 3);
  const clean = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v === v) {
      validity[i >> 3] = validity[i >> 3]! | (1 << (i & 7));
      clean[i] = v;
    }
  }
  return makeBatch(float64(), n, nulls, validity, clean);
}

/**
 * An int32 batch holding one number for every row (the `member` column of lists).
 *
 * @param value - The number.
 * @param length - Rows.
 * @returns The batch.
 * @example
 * constantIntBatch(2, 3).length //=> 3
 */
export function constantIntBatch(value: number, length: number): Batch<unknown> {
  return makeBatch(int32(), length, 0, new Uint8Array(0), new Int32Array(length).fill(value));
}

/**
 * The Arrow type of the `date` (and `begin`/`end`) columns.
 *
 * @param zone - The series' zone name.
 * @returns `Timestamp(ms, zone)`.
 * @example
 * timeType('CET').timezone //=> 'CET'
 */
export function timeType(zone: string): DataType {
  return timestamp(TimeUnit.MILLISECOND, arrowZone(zone));
}

/**
 * A column from its batches.
 *
 * @param type - The column's type.
 * @param batches - Its batches.
 * @returns The column.
 * @example
 * columnOf(float64(), [floatBatch(new Float64Array([1]), 0, 1)]).length //=> 1
 */
export function columnOf(type: DataType, batches: Batch<unknown>[]): Column<unknown> {
  return new Column(batches, type);
}

/** A received batch as the decoder sees it. */
interface RawBatch {
  length: number;
  nullCount: number;
  validity?: Uint8Array;
  values?: ArrayBufferView;
}

function batchesOf(column: Column<unknown>): RawBatch[] {
  return column.data as unknown as RawBatch[];
}

/** Memory that belongs to decoded answers only (the received bytes, or columns made for them). */
const RECEIVED = new WeakSet<ArrayBufferLike>();

function received(column: Float64Array): Float64Array {
  RECEIVED.add(column.buffer);
  return column;
}

/**
 * Whether a float64 column is memory of a decoded Arrow answer (a view of the received bytes, or
 * a column the decoder made): such a column belongs to the decoded objects alone, so a table can
 * take it as it is instead of copying it (docs/arrow.md#client).
 *
 * @param column - A value column.
 * @returns True for a column of a decoded answer.
 * @example
 * isReceivedColumn(decodeTimeseries(bytes).values) //=> true
 * isReceivedColumn(new Float64Array(3)) //=> false
 */
export function isReceivedColumn(column: Float64Array): boolean {
  return RECEIVED.has(column.buffer);
}

/** The epoch milliseconds of row `i` of a received timestamp batch (two 32-bit words). */
function timeAt(words: Int32Array, i: number): number {
  return words[2 * i + 1]! * TWO_32 + (words[2 * i]! >>> 0);
}

function wordsOf(batch: RawBatch): Int32Array {
  const v = batch.values as BigInt64Array;
  return new Int32Array(v.buffer, v.byteOffset, 2 * batch.length);
}

/**
 * Time columns shared by the series of one panel (`loadMany`, docs/arrow.md#client): a received
 * date column equal to one read before for the same panel is not read into a new array; the
 * series get the same `times` (as series cut from one another share theirs). Twenty curves of ten
 * years of quarter-hours hold one times array of 2.8 MB instead of twenty.
 *
 * @example
 * const shared = new SharedTimes();
 * decodeTimeseries(a, { times: shared }).times === decodeTimeseries(b, { times: shared }).times //=> true, when equal
 */
export class SharedTimes {
  /** The columns read so far (the most recent few). */
  readonly #known: Float64Array[] = [];

  /** How many columns are compared against: the panels' distinct time axes. */
  static readonly kept = 8;

  /**
   * The column read before that the batches equal, or null.
   *
   * @param batches - A received date column's batches.
   * @param length - Its length.
   * @returns The equal column, or null.
   */
  find(batches: readonly RawBatch[], length: number): Float64Array | null {
    for (const known of this.#known) if (known.length === length && equalTimes(batches, known)) return known;
    return null;
  }

  /**
   * Notes a column read (the oldest is dropped beyond {@link SharedTimes.kept}).
   *
   * @param times - The column.
   */
  add(times: Float64Array): void {
    if (this.#known.length >= SharedTimes.kept) this.#known.shift();
    this.#known.push(times);
  }
}

function equalTimes(batches: readonly RawBatch[], known: Float64Array): boolean {
  let at = 0;
  for (const batch of batches) {
    const words = wordsOf(batch);
    // the ends first: a column of another range differs there
    if (batch.length > 0 && (timeAt(words, 0) !== known[at] || timeAt(words, batch.length - 1) !== known[at + batch.length - 1]))
      return false;
    for (let i = 0; i < batch.length; i++) if (timeAt(words, i) !== known[at + i]) return false;
    at += batch.length;
  }
  return true;
}

/**
 * Reads a received timestamp column (decoded with `useBigIntTimestamp`) as epoch milliseconds.
 *
 * @param column - The column.
 * @param name - Its name, for messages.
 * @param shared - Time columns of the same panel: an equal one is returned instead of a new array.
 * @returns The times.
 * @throws ParseException for nulls (a time is never missing).
 * @example
 * readTimes(table.getChild('date'), 'date')[0] //=> 1711839600000
 */
export function readTimes(column: Column<unknown>, name: string, shared?: SharedTimes): Float64Array {
  const batches = batchesOf(column);
  if (batches.some((batch) => batch.nullCount > 0)) throw new ParseException(`Arrow answer: column ${name} has missing date-times`);
  const known = shared?.find(batches, column.length) ?? null;
  if (known !== null) return known;
  const out = new Float64Array(column.length);
  let at = 0;
  for (const batch of batches) {
    const words = wordsOf(batch);
    for (let i = 0; i < batch.length; i++) out[at + i] = timeAt(words, i);
    at += batch.length;
  }
  shared?.add(out);
  return out;
}

/**
 * Reads a received float64 column: nulls become NaN. A column of one batch without nulls is
 * taken as it is (a view of the received bytes, no copy).
 *
 * @param column - The column.
 * @returns The values.
 * @example
 * readFloats(table.getChild('value'))[0] //=> 42.5
 */
export function readFloats(column: Column<unknown>): Float64Array {
  const batches = batchesOf(column);
  const only = batches.length === 1 ? batches[0] : undefined;
  if (only !== undefined && only.nullCount === 0) return received((only.values as Float64Array).subarray(0, only.length));
  const out = received(new Float64Array(column.length));
  let at = 0;
  for (const batch of batches) {
    const values = batch.values as Float64Array;
    if (batch.nullCount === 0) out.set(values.subarray(0, batch.length), at);
    else {
      const validity = batch.validity as Uint8Array;
      for (let i = 0; i < batch.length; i++) {
        out[at + i] = (validity[i >> 3]! >> (i & 7)) & 1 ? values[i]! : Number.NaN;
      }
    }
    at += batch.length;
  }
  return out;
}

/**
 * An int32 batch with nulls where `valid` says so (the OHLC `front` column).
 *
 * @param values - The numbers.
 * @param valid - Whether row `i` has a value.
 * @returns The batch.
 * @example
 * intBatch(Int32Array.of(1, -1), (i) => i === 0).nullCount //=> 1
 */
export function intBatch(values: Int32Array, valid: (i: number) => boolean): Batch<unknown> {
  const n = values.length;
  const validity = new Uint8Array((n + 7) >> 3);
  let nulls = 0;
  for (let i = 0; i < n; i++) {
    if (valid(i)) validity[i >> 3] = validity[i >> 3]! | (1 << (i & 7));
    else nulls++;
  }
  return makeBatch(int32(), n, nulls, nulls === 0 ? new Uint8Array(0) : validity, values);
}

/**
 * A `Date32` batch (days since 1970-01-01) of the local dates of instants in a zone.
 *
 * @param instants - Epoch milliseconds (local midnights in `zone`).
 * @param zone - The zone whose calendar dates are meant.
 * @returns The batch.
 * @example
 * dayBatch(new Float64Array([Date.UTC(2024, 0, 1, -1)]), CET).values[0] //=> 19723
 */
export function dayBatch(instants: Float64Array, zone: Zone): Batch<unknown> {
  const days = new Int32Array(instants.length);
  for (let i = 0; i < days.length; i++) {
    const t = instants[i]!;
    days[i] = Math.floor((t + zone.offset(t) * 60_000) / 86_400_000);
  }
  return makeBatch(dateDay(), days.length, 0, new Uint8Array(0), days);
}

/**
 * A `Utf8` batch of texts (no nulls).
 *
 * @param texts - The texts.
 * @returns The batch.
 * @example
 * textBatch(['month', 'quarter']).length //=> 2
 */
export function textBatch(texts: readonly string[]): Batch<unknown> {
  const encoder = new TextEncoder();
  const parts = texts.map((t) => encoder.encode(t));
  const offsets = new Int32Array(texts.length + 1);
  parts.forEach((p, i) => {
    offsets[i + 1] = offsets[i]! + p.length;
  });
  const bytes = new Uint8Array(offsets[texts.length]!);
  parts.forEach((p, i) => bytes.set(p, offsets[i]!));
  const Kind = batchType(utf8()) as unknown as new (o: object) => Batch<unknown>;
  return new Kind({ length: texts.length, nullCount: 0, type: utf8(), validity: new Uint8Array(0), offsets, values: bytes });
}
