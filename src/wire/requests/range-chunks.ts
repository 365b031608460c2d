/**
 * Long loads (docs/data-out.md#long-loads): a range longer than one request may ask for
 * (wire/limits.ts) is split into chunks on step boundaries of the frequency produced, in the
 * zone of the answer, so that the chunks' answers joined end to end are the answer a single
 * request would give: every step once, none lost at an edge (daylight-saving changes and month
 * ends included, since the edges are step starts on the zone's wall clock).
 *
 * @module
 */
import { DateTime, type Zone } from 'luxon';
import { ValidationError } from '../../exceptions';
import { floorMillis, type Frequency, shiftMillis } from '../../time';
import { formatDateTime, resolveMillis, type WireDateTime } from '../formats';
import { MAX_SERIES_STEPS, maxRangeMillis } from '../limits';

/** One chunk of a long range: `begin` (inclusive) and `end` (exclusive) as request texts with offsets. */
export interface RangeChunk {
  /** Start, e.g. `2024-10-27 00:00:00+02:00`. */
  readonly begin: string;
  /** End (exclusive). */
  readonly end: string;
  /** Start as epoch ms. */
  readonly beginMs: number;
  /** End as epoch ms. */
  readonly endMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The longest one step of the frequency can last in any zone (a day of 25 hours, a month of 31 days and one hour). */
function longestStep(frequency: Frequency): number {
  if (frequency.unit === 'minute') return frequency.size * MINUTE;
  if (frequency.unit === 'day') return frequency.size * (DAY + HOUR);
  return frequency.size * 31 * DAY + HOUR;
}

/**
 * How many steps of a frequency one request may ask for: {@link MAX_SERIES_STEPS} for sub-daily
 * frequencies, for coarser ones as many of their longest steps as fit in the range limit.
 *
 * @param frequency - The frequency produced (not `NONE`).
 * @returns The number of steps.
 * @example
 * stepsPerRequest(Frequency.PT15M) //=> 500000
 * stepsPerRequest(Frequency.P1M) //=> 1176
 */
export function stepsPerRequest(frequency: Frequency): number {
  if (frequency.unit === 'minute') return MAX_SERIES_STEPS;
  return Math.floor(maxRangeMillis(frequency) / longestStep(frequency));
}

function text(ms: number, zone: Zone): string {
  return formatDateTime(DateTime.fromMillis(ms, { zone }));
}

/**
 * Splits `[begin, end)` into chunks of at most `maxSteps` steps of `frequency` in `zone` (and
 * never more than one request may ask for). The inner edges are step starts counted from the
 * step that holds `begin`; the first chunk starts at `begin`, the last ends at `end`. `NONE`
 * (tick and period data) is split into windows of the longest range a request may ask for.
 *
 * @param begin - The decoded `begin` (wall-clock time in `zone` without an offset).
 * @param end - The decoded `end`.
 * @param frequency - The frequency produced.
 * @param zone - The zone of the answer: the request's `timezone`, else the curve's.
 * @param maxSteps - At most this many steps per chunk (default {@link stepsPerRequest}).
 * @returns The chunks in order; one chunk when the range fits.
 * @throws ValidationError (parameter `chunkSteps`) for a `maxSteps` that is not a positive integer.
 * @example
 * // daily in Europe/Berlin, one step a chunk: the 25-hour 2024-10-27 is one chunk
 * rangeChunks(parseDateTimeText('2024-10-26')!, parseDateTimeText('2024-10-29')!, Frequency.P1D, zoneByName('Europe/Berlin'), 1)
 *   .map((c) => [c.begin, c.end])
 * //=> [['2024-10-26 00:00:00+02:00', '2024-10-27 00:00:00+02:00'],
 * //    ['2024-10-27 00:00:00+02:00', '2024-10-28 00:00:00+01:00'],
 * //    ['2024-10-28 00:00:00+01:00', '2024-10-29 00:00:00+01:00']]
 */
export function rangeChunks(begin: WireDateTime, end: WireDateTime, frequency: Frequency, zone: Zone, maxSteps?: number): RangeChunk[] {
  if (maxSteps !== undefined && (!Number.isInteger(maxSteps) || maxSteps < 1)) {
    throw new ValidationError(`chunkSteps must be a positive integer, got ${String(maxSteps)}`, 'chunkSteps');
  }
  const b = resolveMillis(begin, zone);
  const e = resolveMillis(end, zone);
  const edges: number[] = [];
  if (frequency.unit === 'none') {
    const window = maxRangeMillis(null);
    for (let x = b + window; x < e; x += window) edges.push(x);
  } else {
    const n = Math.min(maxSteps ?? Number.POSITIVE_INFINITY, stepsPerRequest(frequency));
    const anchor = floorMillis(b, frequency, zone);
    for (let k = 1, x = shiftMillis(anchor, frequency, n, zone); x < e; x = shiftMillis(anchor, frequency, ++k * n, zone)) edges.push(x);
  }
  const bounds = [b, ...edges, Math.max(e, b)];
  return bounds.slice(1).map((x, i) => ({ begin: text(bounds[i]!, zone), end: text(x, zone), beginMs: bounds[i]!, endMs: x }));
}
