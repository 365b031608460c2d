/**
 * One trading day's contracts merged into a forward curve (docs/semantics.md#ohlc,
 * `latest/periods/{field}`).
 *
 * @module
 */
import type { ZoneInput } from '../../time';
import { deliveryEnd, periodRank } from './contract-span';

/**
 * The contracts of one trading day: period tag, delivery start and the value to plot.
 *
 * @example
 * const day: ForwardCurveContracts = { period: ['month'], delivery: Float64Array.of(may1), values: Float64Array.of(50) };
 * mergeForwardCurve(day, CET).values //=> Float64Array [50]
 */
export interface ForwardCurveContracts {
  /** Contract period tag of each contract. */
  readonly period: readonly string[];
  /** Delivery start of each contract, epoch ms of local midnight. */
  readonly delivery: Float64Array;
  /** The value of each contract (a field or a derived price), NaN = none. */
  readonly values: Float64Array;
}

/**
 * Periods as columns: `[begins[i], ends[i])` has `values[i]`.
 *
 * @example
 * const periods: ForwardCurvePeriods = { begins: Float64Array.of(0), ends: Float64Array.of(1), values: Float64Array.of(5) };
 * periods.ends[0] - periods.begins[0] //=> 1
 */
export interface ForwardCurvePeriods {
  /** Period starts, epoch ms, ascending. */
  readonly begins: Float64Array;
  /** Period ends (exclusive), epoch ms. */
  readonly ends: Float64Array;
  /** Period values. */
  readonly values: Float64Array;
}

/**
 * Merges one day's contracts into a non-overlapping forward curve: at every moment the finest
 * contract covering it wins (day, weekend, week, month, mdec, quarter, season, year; the earlier
 * delivery on a tie), and coarser contracts fill the rest. Contracts without a value are left
 * out; adjacent pieces of the same contract are joined; moments no contract covers are gaps.
 *
 * @param input - The contracts.
 * @param zone - The curve's zone (delivery ends are calendar steps on its wall clock).
 * @returns The periods, ascending.
 * @throws ValueError for an unknown period tag.
 * @example
 * // May 2024 at 50 inside Q2 2024 at 45: April 45, May 50, June 45
 * mergeForwardCurve({ period: ['month', 'quarter'], delivery: Float64Array.of(may1, apr1), values: Float64Array.of(50, 45) }, CET).values
 * //=> Float64Array [45, 50, 45]
 */
export function mergeForwardCurve(input: ForwardCurveContracts, zone: ZoneInput): ForwardCurvePeriods {
  const contracts: { begin: number; end: number; rank: number; value: number }[] = [];
  for (let i = 0; i < input.values.length; i++) {
    const value = input.values[i]!;
    if (value !== value) continue;
    const begin = input.delivery[i]!;
    contracts.push({ begin, end: deliveryEnd(input.period[i]!, begin, zone), rank: periodRank(input.period[i]!), value });
  }
  contracts.sort((a, b) => a.rank - b.rank || a.begin - b.begin);
  const bounds = [...new Set(contracts.flatMap((c) => [c.begin, c.end]))].sort((a, b) => a - b);
  const begins: number[] = [];
  const ends: number[] = [];
  const values: number[] = [];
  let previous = -1;
  for (let k = 0; k + 1 < bounds.length; k++) {
    const a = bounds[k]!;
    const b = bounds[k + 1]!;
    const winner = contracts.findIndex((c) => c.begin <= a && c.end >= b);
    if (winner >= 0 && winner === previous && ends[ends.length - 1] === a) {
      ends[ends.length - 1] = b;
    } else if (winner >= 0) {
      begins.push(a);
      ends.push(b);
      values.push(contracts[winner]!.value);
    }
    previous = winner;
  }
  return { begins: Float64Array.from(begins), ends: Float64Array.from(ends), values: Float64Array.from(values) };
}
