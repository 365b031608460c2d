/**
 * How long each contract period delivers (docs/semantics.md#ohlc): the end of a contract's
 * delivery from its period tag and delivery start, as calendar steps on the local wall clock.
 *
 * @module
 */
import { ValueError } from '../../exceptions';
import { Frequency, shiftMillis, type ZoneInput } from '../../time';

/**
 * Delivery length of each contract period, as `[calendar step, count]`, finest first. `mdec` (the
 * December contract of a year, EUA style) delivers during December only, like a month.
 *
 * @example
 * CONTRACT_SPANS.quarter //=> [Frequency.P1M, 3]
 */
export const CONTRACT_SPANS: Readonly<Record<string, readonly [Frequency, number]>> = Object.freeze({
  day: Object.freeze([Frequency.P1D, 1] as const),
  weekend: Object.freeze([Frequency.P1D, 2] as const),
  week: Object.freeze([Frequency.P1D, 7] as const),
  month: Object.freeze([Frequency.P1M, 1] as const),
  mdec: Object.freeze([Frequency.P1M, 1] as const),
  quarter: Object.freeze([Frequency.P1M, 3] as const),
  season: Object.freeze([Frequency.P1M, 6] as const),
  year: Object.freeze([Frequency.P1M, 12] as const),
});

const RANKS: ReadonlyMap<string, number> = new Map(Object.keys(CONTRACT_SPANS).map((tag, i) => [tag, i]));

function spanOf(period: string): readonly [Frequency, number] {
  const span = CONTRACT_SPANS[period.toLowerCase()];
  if (span === undefined) throw new ValueError(`Unknown contract period '${period}' (valid: ${Object.keys(CONTRACT_SPANS).join(', ')})`);
  return span;
}

/**
 * How fine a contract period is: 0 for `day`, then `weekend`, `week`, `month`, `mdec`,
 * `quarter`, `season`, `year` (7). Case-insensitive.
 *
 * @param period - The period tag.
 * @returns The rank, lower is finer.
 * @throws ValueError for an unknown period.
 * @example
 * periodRank('month') < periodRank('quarter') //=> true
 */
export function periodRank(period: string): number {
  spanOf(period);
  return RANKS.get(period.toLowerCase()) as number;
}

/**
 * The end (exclusive) of a contract's delivery: its start shifted by the period's length on the
 * wall clock of `zone` (a month contract starting 2024-03-01 in CET ends 2024-04-01 00:00+02:00).
 *
 * @param period - The period tag (`day`, `weekend`, `week`, `month`, `mdec`, `quarter`, `season`, `year`).
 * @param delivery - Delivery start, epoch ms of local midnight in `zone`.
 * @param zone - The curve's zone.
 * @returns Delivery end, epoch ms.
 * @throws ValueError for an unknown period or a non-finite start.
 * @example
 * // 2024-03-01T00:00+01:00 (= 2024-02-29T23:00Z) + 1 month = 2024-04-01T00:00+02:00 (= 2024-03-31T22:00Z)
 * deliveryEnd('month', Date.UTC(2024, 1, 29, 23), CET) === Date.UTC(2024, 2, 31, 22) //=> true
 */
export function deliveryEnd(period: string, delivery: number, zone: ZoneInput): number {
  const [freq, n] = spanOf(period);
  return shiftMillis(delivery, freq, n, zone);
}
