// Text formats of parameter values (docs/protocol.md#parameter-formats): how the client writes them
// and how the service reads them back. Parsers return `undefined` for text they do not accept;
// the parameter descriptors in `params.ts` turn that into a ValidationError naming the parameter.
import { DateTime, FixedOffsetZone, type Zone } from 'luxon';
import { localMillisOf, plainWallClockMillis, type WallClockFields } from '../time';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * Formats a UTC offset in minutes as `±HH:MM`.
 *
 * @param minutes - Offset east of UTC in minutes.
 * @returns The offset text.
 * @example
 * formatOffset(-240)
 * //=> '-04:00'
 */
export function formatOffset(minutes: number): string {
  const abs = Math.abs(Math.round(minutes));
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * Formats a date-time like Python's `datetime.isoformat(sep=' ')` for an aware value:
 * `YYYY-MM-DD HH:MM:SS[.ffffff]±HH:MM` (microseconds only when not zero), wall-clock time and
 * offset of the value's own zone.
 *
 * @param dt - A valid luxon DateTime.
 * @returns The wire text.
 * @example
 * formatDateTime(DateTime.fromISO('2020-06-01T00:00:00+02:00', { setZone: true }))
 * //=> '2020-06-01 00:00:00+02:00'
 */
export function formatDateTime(dt: DateTime): string {
  const fraction = dt.millisecond ? `.${pad(dt.millisecond, 3)}000` : '';
  return `${formatDate(dt)} ${pad(dt.hour)}:${pad(dt.minute)}:${pad(dt.second)}${fraction}${formatOffset(dt.offset)}`;
}

/**
 * Formats the calendar date of a date-time in its own zone as `YYYY-MM-DD`.
 *
 * @param dt - A valid luxon DateTime.
 * @returns The date text.
 * @example
 * formatDate(DateTime.fromISO('2020-06-01T23:00:00-04:00', { setZone: true }))
 * //=> '2020-06-01'
 */
export function formatDate(dt: DateTime): string {
  return `${pad(dt.year, 4)}-${pad(dt.month)}-${pad(dt.day)}`;
}

/** A wall-clock time of day (no date, no zone). */
export interface TimeOfDay {
  /** Hour 0–23. */
  readonly hour: number;
  /** Minute 0–59. */
  readonly minute: number;
  /** Second 0–59. */
  readonly second: number;
  /** Millisecond 0–999. */
  readonly millisecond: number;
}

/**
 * Formats a time of day as `HH:MM:SS.mmm` (milliseconds always present).
 *
 * @param t - The time of day.
 * @returns The wire text.
 * @example
 * formatTimeOfDay({ hour: 12, minute: 0, second: 0, millisecond: 500 })
 * //=> '12:00:00.500'
 */
export function formatTimeOfDay(t: TimeOfDay): string {
  return `${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}.${pad(t.millisecond, 3)}`;
}

/**
 * Milliseconds since midnight of a time of day.
 *
 * @param t - The time of day.
 * @returns `hour * 3600000 + minute * 60000 + second * 1000 + millisecond`.
 * @example
 * timeOfDayMillis({ hour: 6, minute: 30, second: 0, millisecond: 0 })
 * //=> 23400000
 */
export function timeOfDayMillis(t: TimeOfDay): number {
  return ((t.hour * 60 + t.minute) * 60 + t.second) * 1000 + t.millisecond;
}

/**
 * Formats a boolean as `true` / `false`.
 *
 * @param value - The boolean.
 * @returns The wire text.
 * @example
 * formatBoolean(false)
 * //=> 'false'
 */
export function formatBoolean(value: boolean): string {
  return value ? 'true' : 'false';
}

/**
 * Formats a percentage with two decimals and a `%` sign, rounding like Python's `'{:.2f}'`:
 * the exact binary value is rounded, and exact ties go to the even digit (`0.125` → `0.12%`,
 * where `toFixed` would give `0.13`).
 *
 * @param x - A finite number.
 * @returns The text, e.g. `12.35%`.
 * @example
 * formatPercent(0.125)
 * //=> '0.12%'
 */
export function formatPercent(x: number): string {
  const eighths = x * 8;
  // Exact ties at the third decimal are exactly the odd multiples of 1/8.
  if (Number.isInteger(eighths) && Math.abs(eighths) % 2 === 1 && Math.abs(x) < 2 ** 40) {
    const below = Math.floor(x * 100);
    const n = below % 2 === 0 ? below : below + 1;
    const abs = Math.abs(n);
    return `${n < 0 ? '-' : ''}${Math.floor(abs / 100)}.${pad(abs % 100)}%`;
  }
  return `${x.toFixed(2)}%`;
}

/**
 * A date-time as written in a request: the fields as given (milliseconds: finer digits are
 * dropped) and the offset if one was given. Resolve it to an instant with {@link resolveDateTime}
 * or {@link resolveMillis} once the zone is known.
 */
export interface WireDateTime extends WallClockFields {
  /** The text exactly as received. */
  readonly text: string;
  /** Offset in minutes when the text had one (`Z` = 0), otherwise `null` (wall-clock time). */
  readonly offsetMinutes: number | null;
  /** False for a plain `YYYY-MM-DD` date. */
  readonly hasTime: boolean;
}

const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** How many texts {@link parseDateTimeText} keeps parsed (requests mostly repeat their dates). */
const RECENT_TEXTS = 256;
/** Texts parsed lately and what they gave (frozen), dropped together when full. */
const recentlyParsed = new Map<string, WireDateTime | undefined>();

function offsetOf(text: string): number {
  if (text.toUpperCase() === 'Z') return 0;
  const digits = text.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
  return text[0] === '-' ? -minutes : minutes;
}

/**
 * Parses a request date-time: `YYYY-MM-DD`, optionally followed by `T` or a space and
 * `HH:MM[:SS[.fraction]]`, optionally followed by `Z`, `±HH:MM`, `±HHMM` or `±HH`. The last
 * 256 texts are kept with what they gave (a repeated load sends the same dates), so the result
 * is frozen and may be the same object for the same text.
 *
 * @param text - The parameter text.
 * @returns The parsed fields, or `undefined` when the text is not such a date-time.
 * @example
 * parseDateTimeText('2020-06-01 00:00').hour
 * //=> 0
 */
export function parseDateTimeText(text: string): WireDateTime | undefined {
  const known = recentlyParsed.get(text);
  if (known !== undefined || recentlyParsed.has(text)) return known;
  const value = parseFresh(text);
  if (recentlyParsed.size >= RECENT_TEXTS) recentlyParsed.clear();
  recentlyParsed.set(text, value === undefined ? undefined : Object.freeze(value));
  return value;
}

function parseFresh(text: string): WireDateTime | undefined {
  const m = DATE_TIME_RE.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, off] = m;
  const value: WireDateTime = {
    text,
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h ?? 0),
    minute: Number(mi ?? 0),
    second: Number(s ?? 0),
    millisecond: frac ? Number(frac.padEnd(3, '0').slice(0, 3)) : 0,
    offsetMinutes: off ? offsetOf(off) : null,
    hasTime: h !== undefined,
  };
  if (value.offsetMinutes !== null && Math.abs(value.offsetMinutes) >= 24 * 60) return undefined;
  // year 0000 does not exist in the calendar of the protocol (ISO years 0001-9999)
  if (value.year < 1) return undefined;
  const check = DateTime.fromObject(
    { year: value.year, month: value.month, day: value.day, hour: value.hour, minute: value.minute, second: value.second },
    { zone: 'utc' },
  );
  return check.isValid && value.hour < 24 && value.minute < 60 && value.second < 60 ? value : undefined;
}

/**
 * Resolves a request date-time to an instant shown in `zone`: a value with an offset is that
 * instant; a value without one is wall-clock time in `zone` (a plain date is local midnight).
 *
 * @param value - A parsed request date-time.
 * @param zone - The zone for wall-clock values and for the result.
 * @returns The DateTime in `zone`.
 * @example
 * resolveDateTime(parseDateTimeText('2020-06-01'), IANAZone.create('CET')).toISO()
 * //=> '2020-06-01T00:00:00.000+02:00'
 */
export function resolveDateTime(value: WireDateTime, zone: Zone): DateTime {
  const fields = {
    year: value.year,
    month: value.month,
    day: value.day,
    hour: value.hour,
    minute: value.minute,
    second: value.second,
    millisecond: value.millisecond,
  };
  if (value.offsetMinutes === null) return DateTime.fromObject(fields, { zone });
  return DateTime.fromObject(fields, { zone: FixedOffsetZone.instance(value.offsetMinutes) }).setZone(zone);
}

/**
 * The instant of a request date-time, as {@link resolveDateTime} gives it, in epoch ms: an
 * offset given is applied; a wall-clock time away from the zone's offset changes is read from the
 * zone's cached offsets (no `Intl`, no DateTime), and one within a day of a change as
 * `resolveDateTime` reads it.
 *
 * @param value - A parsed request date-time.
 * @param zone - The zone for wall-clock values.
 * @returns Epoch ms.
 * @example
 * resolveMillis(parseDateTimeText('2020-06-01'), IANAZone.create('CET')) //=> 1590962400000
 */
export function resolveMillis(value: WireDateTime, zone: Zone): number {
  if (value.offsetMinutes !== null) return localMillisOf(value) - value.offsetMinutes * 60_000;
  return plainWallClockMillis(value, zone) ?? resolveDateTime(value, zone).toMillis();
}

/**
 * Parses a request date (`date`, `begin`, `end`, `delivery` of OHLC and SRMC): a date-time text
 * as {@link parseDateTimeText} accepts, reduced to its calendar date as written.
 *
 * @param text - The parameter text.
 * @returns `YYYY-MM-DD`, or `undefined` when the text is not a date.
 * @example
 * parseDateText('2020-12-01 10:00:00')
 * //=> '2020-12-01'
 */
export function parseDateText(text: string): string | undefined {
  const value = parseDateTimeText(text);
  return value && `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)}`;
}

const TIME_RE = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

/**
 * Parses a time of day: `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fraction`.
 *
 * @param text - The parameter text.
 * @returns The time, or `undefined` when the text is not a valid time of day.
 * @example
 * parseTimeOfDayText('12:00:00.500')
 * //=> { hour: 12, minute: 0, second: 0, millisecond: 500 }
 */
export function parseTimeOfDayText(text: string): TimeOfDay | undefined {
  const m = TIME_RE.exec(text);
  if (!m) return undefined;
  const t: TimeOfDay = {
    hour: Number(m[1]),
    minute: Number(m[2]),
    second: Number(m[3] ?? 0),
    millisecond: m[4] ? Number(m[4].padEnd(3, '0').slice(0, 3)) : 0,
  };
  return t.hour < 24 && t.minute < 60 && t.second < 60 ? t : undefined;
}

/**
 * Parses `true` / `false` (any letter case).
 *
 * @param text - The parameter text.
 * @returns The boolean, or `undefined` for any other text.
 * @example
 * parseBooleanText('True')
 * //=> true
 */
export function parseBooleanText(text: string): boolean | undefined {
  const lower = text.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : undefined;
}

/**
 * Parses a decimal integer (optional sign, digits only).
 *
 * @param text - The parameter text.
 * @returns The integer, or `undefined` when the text is not a safe integer.
 * @example
 * parseIntegerText('25')
 * //=> 25
 */
export function parseIntegerText(text: string): number | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * Parses a decimal number in any spelling Python or JavaScript writes (`1`, `1.0`, `.5`, `1e-05`).
 *
 * @param text - The parameter text.
 * @returns The finite number, or `undefined`.
 * @example
 * parseNumberText('7.0')
 * //=> 7
 */
export function parseNumberText(text: string): number | undefined {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The `threshold` of an aggregation: a count of missing values, or a percentage of them.
 */
export type Threshold = { readonly kind: 'count'; readonly count: number } | { readonly kind: 'percent'; readonly percent: number };

/**
 * Formats a threshold: a count as a decimal integer, a percentage as {@link formatPercent}.
 *
 * @param t - The threshold.
 * @returns The wire text.
 * @example
 * formatThreshold({ kind: 'percent', percent: 12.3456 })
 * //=> '12.35%'
 */
export function formatThreshold(t: Threshold): string {
  return t.kind === 'count' ? String(t.count) : formatPercent(t.percent);
}

/**
 * Parses a threshold: a non-negative integer (`4`) or a percentage from 0 to 100 (`12.35%`).
 *
 * @param text - The parameter text.
 * @returns The threshold, or `undefined` when the text is neither.
 * @example
 * parseThresholdText('5.00%')
 * //=> { kind: 'percent', percent: 5 }
 */
export function parseThresholdText(text: string): Threshold | undefined {
  if (text.endsWith('%')) {
    const percent = parseNumberText(text.slice(0, -1));
    return percent !== undefined && percent >= 0 && percent <= 100 ? { kind: 'percent', percent } : undefined;
  }
  const count = parseIntegerText(text);
  return count !== undefined && count >= 0 ? { kind: 'count', count } : undefined;
}
