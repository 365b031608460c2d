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
/** Four-digit groups `0000`..`9999` as little-endian words (the first digit in the low byte). */
const QUADS = Uint32Array.from({ length: 10_000 }, (_, n) => {
  const d = (k: number) => ZERO + (Math.floor(n / 10 ** (3 - k)) % 10);
  return (d(0) | (d(1) << 8) | (d(2) << 16) | (d(3) << 24)) >>> 0;
});
const NULL_WORD = word('null');
const INT32_LIMIT = 2_147_483_648;

/**
 * Up to four ASCII characters as one little-endian word, for `DataView.setUint32(p, w, true)`.
 *
 * @param text - At most four ASCII characters.
 * @returns The word (missing characters are zero bytes).
 */
function word(text: string): number {
  let w = 0;
  for (let j = 0; j < text.length; j++) w |= text.charCodeAt(j) << (8 * j);
  return w >>> 0;
}

/**
 * The words of an ASCII constant, for {@link putWords}.
 *
 * @param text - ASCII text.
 * @returns Its characters four to a word (the last word padded with zero bytes).
 * @example
 * asciiWords('null') //=> Uint32Array [1819047278]
 */
export function asciiWords(text: string): Uint32Array {
  return Uint32Array.from({ length: Math.ceil(text.length / 4) }, (_, k) => word(text.slice(4 * k, 4 * k + 4)));
}

/**
 * Writes `len` bytes held in `words` (from {@link asciiWords}) at `p`, four at a time. Up to three
 * bytes past `p + len` are overwritten with padding: the writers write left to right into room
 * reserved with a margin, so the next write covers them.
 *
 * @param view - The buffer's view.
 * @param p - Where to write.
 * @param words - The words.
 * @param len - The number of bytes they hold.
 * @returns The position after them.
 */
export function putWords(view: DataView, p: number, words: Uint32Array, len: number): number {
  for (let j = 0; j < words.length; j++) view.setUint32(p + 4 * j, words[j]!, true);
  return p + len;
}

/**
 * Where a writer may take its buffer from instead of allocating one (a server keeping the buffers
 * of answers it has sent): a free buffer of at least `bytes` bytes, or none. What it hands out may
 * hold old bytes; the writers write every byte they return.
 */
export interface ByteSource {
  take(bytes: number): Uint8Array | undefined;
}

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
  private dv: DataView;
  /** Bytes written so far. */
  length = 0;

  /**
   * @param capacity - Initial capacity in bytes.
   * @param source - Where to take a buffer of that capacity from, when it has one.
   */
  constructor(capacity = 1024, source?: ByteSource) {
    const size = Math.max(16, capacity);
    this.buf = source?.take(size) ?? new Uint8Array(size);
    this.dv = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
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
    this.dv = new DataView(next.buffer);
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
    this.length = writeNumber(this.dv, this.length, x);
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

  /** A view of the underlying buffer, for the column writers' word writes. */
  get view(): DataView {
    return this.dv;
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
 * has made room for 32 bytes. Integers and values exact at two decimals of magnitude below 2^31
 * (`Math.round(x * 100) / 100 === x`: then no shorter decimal names the same double, so these are
 * the shortest round-trip digits) are written from four-digit groups; anything else through
 * `String(x)`.
 *
 * @param view - The buffer's view.
 * @param p - Where to write.
 * @param x - The number.
 * @returns The position after it.
 */
export function writeNumber(view: DataView, p: number, x: number): number {
  if (x === (x | 0)) {
    // int32, and -0 (written as 0, as JSON.stringify does)
    if (x < 0) {
      view.setUint8(p++, 45);
      return writeDigits(view, p, -x);
    }
    return writeDigits(view, p, x);
  }
  if (x - x !== 0) {
    view.setUint32(p, NULL_WORD, true);
    return p + 4;
  }
  const m = Math.round(x * 100);
  if (m / 100 !== x || m >= INT32_LIMIT || m <= -INT32_LIMIT) return writeText(view, p, String(x));
  let u = m;
  if (m < 0) {
    view.setUint8(p++, 45);
    u = -m;
  }
  const whole = (u / 100) | 0;
  const cents = u - whole * 100;
  p = writeDigits(view, p, whole);
  view.setUint8(p++, 46);
  const tens = (cents / 10) | 0;
  view.setUint8(p++, ZERO + tens);
  const ones = cents - tens * 10;
  if (ones !== 0) view.setUint8(p++, ZERO + ones);
  return p;
}

/** Writes text of ASCII characters at `p`. */
function writeText(view: DataView, p: number, text: string): number {
  for (let i = 0; i < text.length; i++) view.setUint8(p++, text.charCodeAt(i));
  return p;
}

/** Writes the digits of an integer 0 <= u <= 2^31 at `p`, four at a time (see {@link putWords}). */
function writeDigits(view: DataView, p: number, u: number): number {
  if (u < 10_000) return writeGroup(view, p, u);
  if (u < 100_000_000) {
    const high = (u / 10_000) | 0;
    p = writeGroup(view, p, high);
    view.setUint32(p, QUADS[u - high * 10_000]!, true);
    return p + 4;
  }
  const top = Math.floor(u / 100_000_000);
  const rest = u - top * 100_000_000;
  const high = (rest / 10_000) | 0;
  p = writeGroup(view, p, top);
  view.setUint32(p, QUADS[high]!, true);
  view.setUint32(p + 4, QUADS[rest - high * 10_000]!, true);
  return p + 8;
}

/** Writes 0 <= u < 10,000 without leading zeros as one word write. */
function writeGroup(view: DataView, p: number, u: number): number {
  const len = u < 100 ? (u < 10 ? 1 : 2) : u < 1000 ? 3 : 4;
  view.setUint32(p, QUADS[u]! >>> (8 * (4 - len)), true);
  return p + len;
}

/** The `HH:MM:00<offset>"` texts (15 bytes, four words each) of the minutes of a day at one offset. */
interface ClockWords {
  words: Uint32Array;
  /** 1 where the minute's words are made. */
  made: Uint8Array;
}

/**
 * The clock texts of every offset met so far, shared by all writers (they depend on nothing but
 * the offset; 24 KB each, made a minute at a time when first written; a service meets a handful
 * of offsets, and the time zone database has a few hundred in all).
 */
const CLOCKS = new Map<number, ClockWords>();

const QUOTE = 34;
const DASH = 45;
const T = 84;

/**
 * The words of `"YYYY-MM-DDT` (12 bytes) of a civil date, for 0 <= year <= 9999.
 *
 * @param out - Three words.
 * @param year - The year.
 * @param month - 1-12.
 * @param day - 1-31.
 */
function dateWords(out: Uint32Array, year: number, month: number, day: number): void {
  const y = QUADS[year]!;
  const m = QUADS[month]! >>> 16; // the last two digits
  const d = QUADS[day]! >>> 16;
  out[0] = (QUOTE | (y << 8)) >>> 0;
  out[1] = ((y >>> 24) | (DASH << 8) | (m << 16)) >>> 0;
  out[2] = (DASH | (d << 8) | (T << 24)) >>> 0;
}

/**
 * Writes instants of a column, one at a time in index order, in a zone's local time with its
 * offset (the text of `formatInstants`), each between double quotes. The text is written in words
 * of four bytes: the quoted date once per local day, the time of day and offset made once per
 * minute of the day and offset.
 *
 * @example
 * const w = new InstantWriter(times, CET);
 * for (let i = 0; i < times.length; i++) w.write(out, i); // "2020-06-01T00:00:00+02:00"
 */
export class InstantWriter {
  private starts: Float64Array = new Float64Array(0);
  private offsets: Float64Array = new Float64Array(0);
  private offsetTexts: string[] = [];
  /** The instants the offset segments cover (widened when an instant falls outside). */
  private coverLo = Infinity;
  private coverHi = -Infinity;
  private last = 0;
  private k = 0;
  private lo = Infinity;
  private hi = -Infinity;
  /** The current window: UTC ms of the local midnight, and the span after it (ms) in this day and offset. */
  private base = Number.NaN;
  private from = 0;
  private to = 0;
  private clock: ClockWords = { words: new Uint32Array(0), made: new Uint8Array(0) };
  /** `"YYYY-MM-DDT` of the current day, three words. */
  private readonly date = new Uint32Array(3);
  /** Whether the current offset has seconds (`-03:30:52`): its texts are made whole, not from clock words. */
  private seconds = false;

  /**
   * @param times - Epoch milliseconds (any order; ascending is fastest).
   * @param zone - The zone to show them in.
   */
  constructor(
    private readonly times: Float64Array,
    private readonly zone: Zone,
  ) {}

  /**
   * Writes `"<date-time>"` of instant `i`.
   *
   * @param out - Where to write.
   * @param i - The index in the column.
   * @throws ValueError when the instant is not finite or its year is outside 0–9999.
   */
  write(out: JsonBytes, i: number): void {
    out.room(64);
    out.length = this.writeAt(out.view, out.length, i);
  }

  /**
   * Writes `"<date-time>"` of instant `i` at `p`; the caller has made room for 64 bytes.
   *
   * @param view - The buffer's view.
   * @param p - Where to write.
   * @param i - The index in the column.
   * @returns The position after it.
   * @throws ValueError when the instant is not finite or its year is outside 0–9999.
   */
  writeAt(view: DataView, p: number, i: number): number {
    const t = this.times[i]!;
    let d = t - this.base;
    if (!(d >= this.from && d < this.to)) {
      this.moveTo(t);
      d = t - this.base;
    }
    const minute = d / 60_000;
    if (this.seconds || minute !== (minute | 0) || !(d >= this.from && d < this.to)) {
      return writeText(view, p, `"${formatInstant(Math.floor(t), this.zone)}"`);
    }
    const date = this.date;
    view.setUint32(p, date[0]!, true);
    view.setUint32(p + 4, date[1]!, true);
    view.setUint32(p + 8, date[2]!, true);
    const clock = this.clock;
    if (clock.made[minute] === 0) this.makeClock(minute);
    const words = clock.words;
    const w = minute * 4;
    view.setUint32(p + 12, words[w]!, true);
    view.setUint32(p + 16, words[w + 1]!, true);
    view.setUint32(p + 20, words[w + 2]!, true);
    view.setUint32(p + 24, words[w + 3]!, true);
    return p + 27;
  }

  /** Sets the window (local day within one offset segment) around instant `t`. */
  private moveTo(t: number): void {
    if (!Number.isFinite(t)) throw new ValueError(`Cannot write the date-time ${t}`);
    const ms = Math.floor(t);
    if (ms < this.coverLo || ms > this.coverHi) this.cover(ms);
    if (ms < this.lo || ms >= this.hi) this.seek(ms);
    const offset = this.offsets[this.k]!;
    const days = Math.floor((ms + offset) / DAY_MS);
    const [year, month, day] = civilFromDays(days);
    if (year < 0 || year > 9999) throw new ValueError(`Year ${year} cannot be written as an ISO 8601 date-time`);
    dateWords(this.date, year, month, day);
    this.base = days * DAY_MS - offset;
    this.from = Math.max(0, this.lo - this.base);
    this.to = Math.min(DAY_MS, this.hi - this.base);
    this.seconds = offset % 60_000 !== 0;
    if (this.seconds) return;
    let clock = CLOCKS.get(offset);
    if (clock === undefined) {
      clock = { words: new Uint32Array(1440 * 4), made: new Uint8Array(1440) };
      CLOCKS.set(offset, clock);
    }
    this.clock = clock;
  }

  /**
   * Finds the offset segments of the zone over the instants seen so far and `ms` (the first time:
   * `ms` and the column's last instant, which spans a time-ordered column at once).
   */
  private cover(ms: number): void {
    let lo = Math.min(this.coverLo, ms);
    let hi = Math.max(this.coverHi, ms);
    const end = Math.floor(this.times[this.times.length - 1]!);
    if (this.coverLo === Infinity && Number.isFinite(end)) {
      lo = Math.min(lo, end);
      hi = Math.max(hi, end);
    }
    const segments = offsetSegments(this.zone, lo, hi);
    this.starts = segments.starts;
    this.offsets = segments.offsets;
    this.offsetTexts = Array.from(segments.offsets, (o) => offsetText(o / 60_000));
    this.last = this.starts.length - 1;
    this.coverLo = lo;
    this.coverHi = hi;
    this.k = 0;
    this.lo = Infinity;
    this.hi = -Infinity;
  }

  private makeClock(minute: number): void {
    const hour = Math.floor(minute / 60);
    const two = (n: number) => String(n).padStart(2, '0');
    this.clock.words.set(asciiWords(`${two(hour)}:${two(minute - hour * 60)}:00${this.offsetTexts[this.k]}"`), minute * 4);
    this.clock.made[minute] = 1;
  }

  private seek(t: number): void {
    const starts = this.starts;
    if (t < this.lo) this.k = 0;
    while (this.k < this.last && starts[this.k + 1]! <= t) this.k++;
    this.lo = starts[this.k]!;
    this.hi = this.k < this.last ? starts[this.k + 1]! : Infinity;
  }
}
