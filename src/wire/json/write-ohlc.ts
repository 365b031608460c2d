/**
 * The fast writer of OHLC lists as JSON bytes: exactly the UTF-8 bytes of
 * `JSON.stringify(serializeOHLCList(list))` for the list those columns describe, written from
 * columns (as the store reads them) without an `OHLC` object, a luxon DateTime or a string per row.
 *
 * @module
 */
import type { Zone } from 'luxon';
import type { Curve } from '../../model';
import { ContractPeriod } from '../../model';
import { serializeCurve } from './curve';
import {
  type ByteSource,
  InstantWriter,
  JsonBytes,
  asciiWords,
  putWords as importedPutWords,
  writeNumber as importedWriteNumber,
} from './json-bytes';

// Module-local bindings of the per-value helpers: loaders that compile modules to CommonJS with
// export getters (tsx, under which the tests and benches run) would otherwise call a getter per value.
const writeNumber = importedWriteNumber;
const putWords = importedPutWords;

/** OHLC rows in columns; prices NaN for null, `front` negative for none. */
export interface OhlcColumns {
  /** Trading days, epoch ms of local midnight in `zone`. */
  traded: Float64Array;
  /** Contract period tag of each row (any case). */
  period: readonly string[];
  /** Front number of each row (negative: none). */
  front: Int32Array;
  /** Delivery starts, epoch ms of local midnight in `zone`. */
  delivery: Float64Array;
  /** Prices and quantities, one column each (null: all null). */
  open: Float64Array | null;
  high: Float64Array | null;
  low: Float64Array | null;
  close: Float64Array | null;
  settlement: Float64Array | null;
  volume: Float64Array | null;
  openInterest: Float64Array | null;
}

const FIELDS = ['open', 'high', 'low', 'close', 'settlement', 'volume', 'openInterest'] as const;
/** A constant's words and length, for {@link putWords}. */
interface Constant {
  words: Uint32Array;
  len: number;
}
const constant = (text: string): Constant => ({ words: asciiWords(text), len: text.length });
const KEY_TEXTS = FIELDS.map((f) => `,"${f === 'openInterest' ? 'open_interest' : f}":`);
/** The keys before each number; the first closes the product (`},"open":`). */
const KEYS = KEY_TEXTS.map((text, k) => constant(k === 0 ? `}${text}` : text));
const FIRST = constant('{"product":{"traded_at":');
/** Closes the row before and opens the next. */
const NEXT = constant('},{"product":{"traded_at":');
const DELIVERY = constant(',"delivery":');
const NULL = constant('null');
/** `,"period":"<tag>","front":` of a period tag. */
const periodFront = (tag: string) => constant(`,"period":${JSON.stringify(ContractPeriod.byTag(tag).tag)},"front":`);
const DATE_LEN = 12; // "YYYY-MM-DD"
/**
 * Room for one row besides its period text: the keys and dates (~170 bytes), seven numbers and
 * the front of up to 24 bytes each (`-1.2345678901234567e-308`), and the word writes' margin.
 */
const ROW_ROOM = 400;

/**
 * Writes the `"YYYY-MM-DD"` text of instant `i` of a date column at `p`: its local date-time text,
 * cut after the date (the writer needs 64 bytes of room).
 */
function writeDateAt(dates: InstantWriter, view: DataView, p: number, i: number): number {
  if (dates.writeAt(view, p, i) < p + DATE_LEN) throw new RangeError('date text too short');
  view.setUint8(p + DATE_LEN - 1, 34);
  return p + DATE_LEN;
}

/**
 * Writes an OHLC list from columns as JSON bytes: byte for byte the UTF-8 of
 * `JSON.stringify(serializeOHLCList(list))` for the same rows (products with `traded_at`,
 * `period`, `front`, `delivery`; the seven numbers, null when missing).
 *
 * @param head - The list's curve, unit and denominator.
 * @param rows - The rows, in the order to write.
 * @param zone - The zone whose local dates `traded` and `delivery` are.
 * @param source - Where to take the output buffer from (default: a new one).
 * @returns The UTF-8 JSON bytes.
 * @throws ValueError for an unknown period tag or a date that cannot be written.
 * @example
 * new TextDecoder().decode(ohlcListBytes({ curve: null, unit: 'EUR', denominator: null }, emptyColumns, CET))
 * //=> '{"curve":null,"unit":"EUR","denominator":null,"data":[]}'
 */
export function ohlcListBytes(
  head: { curve: Curve | null; unit: string | null; denominator: string | null },
  rows: OhlcColumns,
  zone: Zone,
  source?: ByteSource,
): Uint8Array {
  const n = rows.traded.length;
  const out = new JsonBytes(1024 + n * 260, source);
  const text = JSON.stringify({
    curve: head.curve ? serializeCurve(head.curve) : null,
    unit: head.unit,
    denominator: head.denominator,
    data: 0,
  });
  out.ascii(`${text.slice(0, -2)}[`);
  const traded = new InstantWriter(rows.traded, zone);
  const delivery = new InstantWriter(rows.delivery, zone);
  const periods = new Map<string, { words: Uint32Array; len: number }>();
  const columns = FIELDS.map((f) => rows[f] ?? null);
  const [open, high, low, close, settlement, volume, openInterest] = columns;
  // every number column present (the usual case): the row written without a check per field
  const whole = columns.every((c) => c !== null);
  const [kOpen, kHigh, kLow, kClose, kSettlement, kVolume, kOpenInterest] = KEYS as [
    Constant,
    Constant,
    Constant,
    Constant,
    Constant,
    Constant,
    Constant,
  ];
  let lastTag: string | null = null;
  let period = NULL;
  let p = out.length;
  let view = out.view;
  let limit = 0;
  for (let i = 0; i < n; i++) {
    const tag = rows.period[i]!;
    if (tag !== lastTag) {
      const known = periods.get(tag);
      period = known ?? periodFront(tag);
      if (known === undefined) periods.set(tag, period);
      lastTag = tag;
    }
    if (p > limit - period.len) {
      out.length = p;
      out.room((ROW_ROOM + period.len) * Math.min(n - i, 256));
      view = out.view;
      limit = view.byteLength - ROW_ROOM - 64;
    }
    p = i === 0 ? putWords(view, p, FIRST.words, FIRST.len) : putWords(view, p, NEXT.words, NEXT.len);
    p = writeDateAt(traded, view, p, i);
    p = putWords(view, p, period.words, period.len);
    const front = rows.front[i]!;
    p = front < 0 ? putWords(view, p, NULL.words, NULL.len) : writeNumber(view, p, front);
    p = putWords(view, p, DELIVERY.words, DELIVERY.len);
    p = writeDateAt(delivery, view, p, i);
    if (whole) {
      p = writeNumber(view, putWords(view, p, kOpen.words, kOpen.len), open![i]!);
      p = writeNumber(view, putWords(view, p, kHigh.words, kHigh.len), high![i]!);
      p = writeNumber(view, putWords(view, p, kLow.words, kLow.len), low![i]!);
      p = writeNumber(view, putWords(view, p, kClose.words, kClose.len), close![i]!);
      p = writeNumber(view, putWords(view, p, kSettlement.words, kSettlement.len), settlement![i]!);
      p = writeNumber(view, putWords(view, p, kVolume.words, kVolume.len), volume![i]!);
      p = writeNumber(view, putWords(view, p, kOpenInterest.words, kOpenInterest.len), openInterest![i]!);
      continue;
    }
    for (let k = 0; k < FIELDS.length; k++) {
      const key = KEYS[k]!;
      p = putWords(view, p, key.words, key.len);
      const column = columns[k];
      p = column === null || column === undefined ? putWords(view, p, NULL.words, NULL.len) : writeNumber(view, p, column[i]!);
    }
  }
  if (n > 0) view.setUint8(p++, 125);
  out.length = p;
  out.ascii(']}');
  return out.bytes();
}
