// Per-request bounds shared by both ends: the client refuses a range beyond them before sending
// (ValidationError naming `end`), the service answers 400 naming `end` before reading the store
// or building any grid. The limits bound the work of one request by the steps it can produce:
// at most MAX_RANGE_DAYS days for any range (routes that build a per-day grid), and at most
// MAX_SERIES_STEPS steps of the frequency produced (a sub-daily series).
import { ValidationError } from '../exceptions';
import { Frequency } from '../time';
import type { QueryBuilder } from './encode';
import { parseDateText, parseDateTimeText, type WireDateTime } from './formats';

/** The longest range any request may ask for, in days: 100 years (36,525 days). */
export const MAX_RANGE_DAYS = 36_525;
/** The most steps one series may span at the frequency produced (500,000: 14 years of PT15M, 57 of PT1H). */
export const MAX_SERIES_STEPS = 500_000;

const DAY_MS = 86_400_000;

/**
 * The longest range a request producing `frequency` may ask for, in ms: {@link MAX_SERIES_STEPS}
 * steps for sub-daily frequencies, {@link MAX_RANGE_DAYS} days for daily and coarser ones and
 * for `NONE` (tick or period data, bounded by the range alone).
 *
 * @param frequency - The frequency of the series produced, or `null` when not known.
 * @returns The limit in ms.
 * @example
 * maxRangeMillis(Frequency.PT15M) / 86_400_000 //=> 5208.333333333333
 * maxRangeMillis(Frequency.P1D) / 86_400_000 //=> 36525
 */
export function maxRangeMillis(frequency: Frequency | null): number {
  const days = MAX_RANGE_DAYS * DAY_MS;
  if (frequency === null || frequency.unit !== 'minute') return days;
  return Math.min(days, MAX_SERIES_STEPS * frequency.size * 60_000);
}

function describeLimit(frequency: Frequency | null): string {
  const ms = maxRangeMillis(frequency);
  if (ms === MAX_RANGE_DAYS * DAY_MS) return `${MAX_RANGE_DAYS} days (100 years)`;
  const days = Math.floor(ms / DAY_MS);
  return `${days} days (${MAX_SERIES_STEPS} steps of ${frequency?.tag}, about ${(days / 365.25).toFixed(1)} years)`;
}

/**
 * The wall-clock reading of a request date-time as epoch ms, shifted by its offset when it has
 * one: the same number on both ends, whatever zone the service resolves plain values in.
 */
function nominalMillis(value: WireDateTime): number {
  const ms = Date.UTC(value.year, value.month - 1, value.day, value.hour, value.minute, value.second, value.millisecond);
  const fixed = value.year < 100 ? new Date(ms).setUTCFullYear(value.year) : ms;
  return fixed - (value.offsetMinutes ?? 0) * 60_000;
}

/**
 * Whether a request range is within the limit for the frequency it produces (see
 * {@link maxRangeMillis}), measured as {@link checkRangeLimit} measures it.
 *
 * @param begin - The decoded `begin`.
 * @param end - The decoded `end`.
 * @param frequency - The frequency produced, or `null` when not known.
 * @returns True when one request may ask for it.
 * @example
 * rangeFits(parseDateTimeText('2000-01-01')!, parseDateTimeText('2020-01-01')!, Frequency.PT15M) //=> false
 */
export function rangeFits(begin: WireDateTime, end: WireDateTime, frequency: Frequency | null): boolean {
  return nominalMillis(end) - nominalMillis(begin) <= maxRangeMillis(frequency);
}

/**
 * Refuses a request range longer than the limit for the frequency it produces (see
 * {@link maxRangeMillis}). The span is measured on the date-times as written (an offset, when
 * given, is applied), so the client and the service agree on it.
 *
 * @param begin - The decoded `begin`.
 * @param end - The decoded `end`.
 * @param frequency - The frequency produced (the requested `frequency`, else the curve's), or
 *   `null` when not known (the client without a Curve object).
 * @returns Nothing.
 * @throws ValidationError naming `end` with both dates and the limit.
 * @example
 * checkRangeLimit(parseDateTimeText('1000-01-01')!, parseDateTimeText('3000-01-01')!, Frequency.P1D)
 * //=> throws ValidationError('The range from begin 1000-01-01 to end 3000-01-01 is longer than the limit of 36525 days (100 years) per request', 'end')
 */
export function checkRangeLimit(begin: WireDateTime, end: WireDateTime, frequency: Frequency | null): void {
  if (rangeFits(begin, end, frequency)) return;
  throw new ValidationError(
    `The range from begin ${begin.text} to end ${end.text} is longer than the limit of ${describeLimit(frequency)} per request`,
    'end',
  );
}

/**
 * The frequency of a curve argument when it is a Curve object that carries one (the client
 * knows it without a request); `null` for a name.
 *
 * @param curve - A curve name or object.
 * @returns The frequency, or `null`.
 * @example
 * curveFrequency({ name: 'X', frequency: Frequency.PT15M }) === Frequency.PT15M //=> true
 */
export function curveFrequency(curve: unknown): Frequency | null {
  const f = (curve as { frequency?: unknown } | null)?.frequency;
  if (Frequency.isFrequency(f)) return f;
  return typeof f === 'string' && Frequency.isValidTag(f) ? Frequency.byTag(f) : null;
}

/** How {@link checkQueryRange} reads a built query. */
export interface QueryRangeOptions {
  /** `begin`/`end` are dates (OHLC, SRMC): only their calendar date counts, as on the service. */
  dates?: boolean;
  /**
   * The series whose steps count: `'output'`, the query's `frequency`, else the curve's
   * (timeseries, relative); `'curve'`, the curve's own (rolling fills a grid of the curve's steps).
   */
  series?: 'output' | 'curve';
}

/**
 * Client side of {@link checkRangeLimit}: reads `begin`, `end` (and, for a series, `frequency`)
 * back from a built query and refuses a range beyond the limit before any request is sent.
 *
 * @param query - The built query.
 * @param curve - The curve argument (a Curve object lends its frequency).
 * @param options - How to read the query.
 * @returns The same query.
 * @throws ValidationError naming `end`.
 * @example
 * checkQueryRange(new QueryBuilder().add('begin', ['1000-01-01']).add('end', ['3000-01-01']), 'X')
 * //=> throws ValidationError(..., 'end')
 */
export function checkQueryRange(query: QueryBuilder, curve: unknown, options: QueryRangeOptions = {}): QueryBuilder {
  const range = queryRange(query, curve, options);
  if (range !== null) checkRangeLimit(range.begin, range.end, range.frequency);
  return query;
}

/**
 * Reads `begin`, `end` and the frequency whose steps count back from a built query (as
 * {@link checkQueryRange} reads them).
 *
 * @param query - The built query.
 * @param curve - The curve argument (a Curve object lends its frequency).
 * @param options - How to read the query.
 * @returns The range, or null when `begin` or `end` is missing.
 * @example
 * queryRange(new QueryBuilder().add('begin', ['2024-01-01']).add('end', ['2024-02-01']), 'X')?.frequency //=> null
 */
export function queryRange(
  query: QueryBuilder,
  curve: unknown,
  options: QueryRangeOptions = {},
): { begin: WireDateTime; end: WireDateTime; frequency: Frequency | null } | null {
  const last = (name: string) =>
    query
      .entries()
      .filter(([k]) => k === name)
      .at(-1)?.[1];
  const read = (text: string | undefined) => {
    const day = options.dates && text !== undefined ? parseDateText(text) : text;
    return day === undefined ? undefined : parseDateTimeText(day);
  };
  const begin = read(last('begin'));
  const end = read(last('end'));
  if (!begin || !end) return null;
  const tag = options.series === 'output' ? last('frequency') : undefined;
  const frequency = !options.series ? null : tag !== undefined && Frequency.isValidTag(tag) ? Frequency.byTag(tag) : curveFrequency(curve);
  return { begin, end, frequency };
}
