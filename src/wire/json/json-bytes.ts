/**
 * A growing byte buffer for the fast JSON text writers: ASCII text, numbers as `JSON.stringify`
 * writes them (shortest round-trip text; not finite → `null`) and columns of instants written
 * incrementally (the zone's offset looked up once per offset segment, the date part once per
 * local day, the time of day from digit pairs), so no string or object is made per value.
 *
 * @module
 */
import type { Zone } from 'luxon';
import { ValueError } from '../../exceptions';
import { offsetSegments } from '../../engine';
import { civilFromDays } from '../../time';
import { formatInstant, offsetText } from './format-instants';

const DAY_MS = 86_400_000;
const ZERO = 48;
/** Digits of 0..99 as two char codes: tens at `2k`, ones at `2k + 1`. */
const PAIRS = Uint8Array.from({ length: 200 }, (_, j) => ZERO + (j % 2 === 0 ? Math.floor(j / 20) : Math.floor(j / 2) % 10));
const LIMIT = 1e15;

/**
 * JSON text as bytes. Writers reserve room first (`room`), then write without bounds checks.
 *
 * @example
 * const out = new JsonBytes();
 * out.ascii('[');
 * out.number(1.5);
 * out.ascii(']');
 * new TextDecoder().decode(out.bytes()) //=> '[1.5]'
 */
export class JsonBytes {
  private buf: Uint8Array;
  /** Bytes written so far. */
  length = 0;

  /**
   * @param capacity - Initial capacity in bytes.
   */
  constructor(capacity = 1024) {
    this.buf = new Uint8Array(Math.max(16, capacity));
  }

  /**
   * Makes room for `n` more bytes.
   *
   * @param n - Bytes about to be written.
   */
  room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.length + n, this.buf.length * 2));
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  /**
   * Appends text (UTF-8 for anything beyond ASCII).
   *
   * @param text - The text.
   */
  ascii(text: string): void {
    const n = text.length;
    this.room(n * 3);
    const buf = this.buf;
    let p = this.length;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) {
        this.length = p;
        this.utf8(text.slice(i));
        return;
      }
      buf[p++] = c;
    }
    this.length = p;
  }

  /**
   * Appends bytes prepared with {@link asciiBytes} (short constants: a loop beats `set`).
   *
   * @param bytes - The bytes.
   */
  put(bytes: Uint8Array): void {
    const n = bytes.length;
    this.room(n);
    const buf = this.buf;
    let p = this.length;
    for (let i = 0; i < n; i++) buf[p++] = bytes[i]!;
    this.length = p;
  }

  private utf8(text: string): void {
    const bytes = new TextEncoder().encode(text);
    this.room(bytes.length);
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
  }

  /**
   * Appends a number as `JSON.stringify` writes it: the shortest round-trip text, `null` for NaN
   * and the infinities, `0` for -0. Integers and values with up to two decimals below 10^13 are
   * written from digits; anything else through `String(x)`.
   *
   * @param x - The number.
   */
  number(x: number): void {
    this.room(32);
    this.length = writeNumber(this.buf, this.length, x);
  }

  /**
   * The bytes written (a view, not a copy).
   *
   * @returns The bytes.
   */
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }

  /** The underlying buffer, for the column writers in this module. */
  get raw(): Uint8Array {
    return this.buf;
  }
}

/**
 * The bytes of an ASCII constant, for {@link JsonBytes.put}.
 *
 * @param text - ASCII text.
 * @returns Its bytes.
 * @example
 * asciiBytes('null') //=> Uint8Array [110, 117, 108, 108]
 */
export function asciiBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/**
 * Writes a number at `p` as `JSON.stringify` writes it (see {@link JsonBytes.number}); the caller
 * has made room for 32 bytes.
 *
 * @param buf - The buffer.
 * @param p - Where to write.
 * @param x - The number.
 * @returns The position after it.
 */
export function writeNumber(buf: Uint8Array, p: number, x: number): number {
  if (x - x !== 0) return writeAscii(buf, p, 'null');
  let m = x;
  let decimals = 0;
  if (!Number.isInteger(x)) {
    m = Math.round(x * 100);
    if (m / 100 !== x) return writeAscii(buf, p, String(x));
    decimals = 2;
  }
  if (m >= LIMIT || m <= -LIMIT) return writeAscii(buf, p, String(x));
  let q = p;
  if (m < 0) {
    buf[q++] = 45;
    m = -m;
  }
  if (m >= 2_147_483_648) return writeAscii(buf, q, decimals === 0 ? String(m) : String(m / 100));
  let mi = m | 0;
  if (decimals === 2 && mi % 10 === 0) {
    decimals = 1;
    mi = (mi / 10) | 0;
  }
  return writeUnsigned(buf, q, mi, decimals);
}

function writeAscii(buf: Uint8Array, p: number, text: string): number {
  for (let i = 0; i < text.length; i++) buf[p++] = text.charCodeAt(i);
  return p;
}

/** Writes a non-negative int32 `m` with `decimals` digits after a point (0-2). */
function writeUnsigned(buf: Uint8Array, p: number, m: number, decimals: number): number {
  let rest = m | 0;
  let digits = 1;
  for (let t = rest; t >= 10; t = (t / 10) | 0) digits++;
  if (digits <= decimals) digits = decimals + 1; // 0.05 → "0.05": a zero before the point
  const len = digits + (decimals > 0 ? 1 : 0);
  let q = p + len - 1;
  for (let k = 0; k < decimals; k++) {
    const next = (rest / 10) | 0;
    buf[q--] = ZERO + rest - next * 10;
    rest = next;
  }
  if (decimals > 0) buf[q--] = 46;
  while (q >= p + 1) {
    const next = (rest / 100) | 0;
    const pair = (rest - next * 100) * 2;
    buf[q--] = PAIRS[pair + 1]!;
    buf[q--] = PAIRS[pair]!;
    rest = next;
  }
  if (q === p) buf[q] = ZERO + rest;
  return p + len;
}

/**
 * Writes instants of a column, one at a time in index order, in a zone's local time with its
 * offset (the text of `formatInstants`), each between double quotes.
 *
 * @example
 * const w = new InstantWriter(times, CET);
 * for (let i = 0; i < times.length; i++) w.write(out, i); // "2020-06-01T00:00:00+02:00"
 */
export class InstantWriter {
  private readonly starts: Float64Array;
  private readonly offsets: Float64Array;
  private readonly offsetBytes: Uint8Array[];
  private readonly last: number;
  private k = 0;
  private lo = Infinity;
  private hi = -Infinity;
  private day = Number.NaN;
  private readonly date = new Uint8Array(11);

  /**
   * @param times - Epoch milliseconds (any order; ascending is fastest).
   * @param zone - The zone to show them in.
   * @throws ValueError when a value is not finite.
   */
  constructor(
    private readonly times: Float64Array,
    private readonly zone: Zone,
  ) {
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < times.length; i++) {
      const t = times[i]!;
      if (!Number.isFinite(t)) throw new ValueError(`Cannot write the date-time ${t}`);
      if (t < min) min = t;
      if (t > max) max = t;
    }
    const segments = times.length
      ? offsetSegments(zone, Math.floor(min), Math.floor(max))
      : { starts: new Float64Array([-Infinity]), offsets: new Float64Array([0]) };
    this.starts = segments.starts;
    this.offsets = segments.offsets;
    this.offsetBytes = Array.from(segments.offsets, (o) => Uint8Array.from(offsetText(o / 60_000), (c) => c.charCodeAt(0)));
    this.last = this.starts.length - 1;
  }

  /**
   * Writes `"<date-time>"` of instant `i`.
   *
   * @param out - Where to write.
   * @param i - The index in the column.
   * @throws ValueError when the year is outside 0–9999.
   */
  write(out: JsonBytes, i: number): void {
    out.room(64);
    out.length = this.writeAt(out.raw, out.length, i);
  }

  /**
   * Writes `"<date-time>"` of instant `i` at `p`; the caller has made room for 64 bytes.
   *
   * @param buf - The buffer.
   * @param p - Where to write.
   * @param i - The index in the column.
   * @returns The position after it.
   * @throws ValueError when the year is outside 0–9999.
   */
  writeAt(buf: Uint8Array, p: number, i: number): number {
    const t = Math.floor(this.times[i]!);
    if (t < this.lo || t >= this.hi) this.seek(t);
    const offset = this.offsets[this.k]!;
    const local = t + offset;
    const days = Math.floor(local / DAY_MS);
    if (days !== this.day) this.setDay(days);
    const rem = (local - days * DAY_MS) | 0;
    const minute = (rem / 60_000) | 0;
    if (minute * 60_000 !== rem) return writeAscii(buf, p, `"${formatInstant(t, this.zone)}"`);
    buf[p++] = 34;
    const date = this.date;
    for (let j = 0; j < 11; j++) buf[p + j] = date[j]!;
    p += 11;
    const hour = (minute / 60) | 0;
    const h = hour * 2;
    const m = (minute - hour * 60) * 2;
    buf[p] = PAIRS[h]!;
    buf[p + 1] = PAIRS[h + 1]!;
    buf[p + 2] = 58;
    buf[p + 3] = PAIRS[m]!;
    buf[p + 4] = PAIRS[m + 1]!;
    buf[p + 5] = 58;
    buf[p + 6] = ZERO;
    buf[p + 7] = ZERO;
    p += 8;
    const offset6 = this.offsetBytes[this.k]!;
    for (let j = 0; j < 6; j++) buf[p + j] = offset6[j]!;
    p += 6;
    buf[p++] = 34;
    return p;
  }

  private seek(t: number): void {
    const starts = this.starts;
    if (t < this.lo) this.k = 0;
    while (this.k < this.last && starts[this.k + 1]! <= t) this.k++;
    this.lo = starts[this.k]!;
    this.hi = this.k < this.last ? starts[this.k + 1]! : Infinity;
  }

  private setDay(days: number): void {
    const [year, month, day] = civilFromDays(days);
    if (year < 0 || year > 9999) throw new ValueError(`Year ${year} cannot be written as an ISO 8601 date-time`);
    const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T`;
    for (let j = 0; j < 11; j++) this.date[j] = text.charCodeAt(j);
    this.day = days;
  }
}
