import { ValidationError } from '../exceptions';
import type { Aggregation } from '../model';

/**
 * How many selected input values one output step may miss before it becomes null
 * (docs/semantics.md#thresholds): `{ count: 2 }` allows 2 missing values, `{ percent: 5 }` allows
 * a missing share of at most 5 % of the expected values.
 *
 * @example
 * const threshold: Threshold = { percent: 5 };
 * checkThreshold(threshold) //=> { percent: 5 }
 */
export type Threshold = { readonly count: number } | { readonly percent: number };

/**
 * The default threshold: no value may be missing.
 *
 * @example
 * NO_MISSING //=> { count: 0 }
 */
export const NO_MISSING: Threshold = Object.freeze({ count: 0 });

type Kind = 'AVERAGE' | 'SUM' | 'MIN' | 'MAX';

function kindOf(aggregation: Aggregation): Kind {
  switch (aggregation.tag) {
    case 'AVERAGE':
    case 'MEAN':
      return 'AVERAGE';
    case 'SUM':
    case 'MIN':
    case 'MAX':
      return aggregation.tag;
    default:
      throw new ValidationError(`Unknown aggregation ${String(aggregation)}`, 'aggregation');
  }
}

/**
 * Checks a threshold: a count must be a non-negative integer, a percent within 0-100.
 *
 * @param threshold - The threshold to check.
 * @returns The same threshold.
 * @throws ValidationError with parameter `threshold` when it is out of range.
 * @example
 * checkThreshold({ percent: 12.5 }) //=> { percent: 12.5 }
 */
export function checkThreshold(threshold: Threshold): Threshold {
  if ('count' in threshold) {
    if (!Number.isInteger(threshold.count) || threshold.count < 0) {
      throw new ValidationError(`Threshold must be a non-negative integer, got ${threshold.count}`, 'threshold');
    }
  } else if (!(threshold.percent >= 0 && threshold.percent <= 100)) {
    throw new ValidationError(`Threshold percent must be within 0-100, got ${threshold.percent}`, 'threshold');
  }
  return threshold;
}

function accumulate(kind: Kind, values: Float64Array, slots: Int32Array, acc: Float64Array, present: Float64Array): void {
  const n = values.length;
  if (kind === 'MIN') {
    for (let i = 0; i < n; i++) {
      const k = slots[i]!;
      const v = values[i]!;
      if (k < 0 || v !== v) continue;
      if (present[k] === 0 || v < acc[k]!) acc[k] = v;
      present[k]!++;
    }
  } else if (kind === 'MAX') {
    for (let i = 0; i < n; i++) {
      const k = slots[i]!;
      const v = values[i]!;
      if (k < 0 || v !== v) continue;
      if (present[k] === 0 || v > acc[k]!) acc[k] = v;
      present[k]!++;
    }
  } else {
    for (let i = 0; i < n; i++) {
      const k = slots[i]!;
      const v = values[i]!;
      if (k < 0 || v !== v) continue;
      acc[k]! += v;
      present[k]!++;
    }
  }
}

/**
 * Aggregates one value column into output steps (docs/semantics.md#aggregation items 5-7): AVERAGE,
 * SUM, MIN or MAX over the selected non-null values of each step. A step is null (NaN) when it
 * has no selected non-null value, or when more values are missing than the threshold allows,
 * where missing = expected - present.
 *
 * @param values - Input values, NaN for null.
 * @param slots - Per value its output step, or -1 when filtered out (from `assignSteps`).
 * @param expected - Per output step the expected number of values (from `expectedCounts`).
 * @param aggregation - The aggregation (`MEAN` is taken as `AVERAGE`).
 * @param threshold - The allowed number or share of missing values.
 * @returns One value per output step, NaN for null.
 * @throws ValidationError with parameter `aggregation` for an unknown aggregation.
 * @example
 * aggregateColumn(Float64Array.of(1, 2, NaN), Int32Array.of(0, 0, 0), Float64Array.of(3), Aggregation.SUM, { count: 1 })
 * //=> Float64Array [3]
 */
export function aggregateColumn(
  values: Float64Array,
  slots: Int32Array,
  expected: Float64Array,
  aggregation: Aggregation,
  threshold: Threshold,
): Float64Array {
  const kind = kindOf(aggregation);
  const m = expected.length;
  const acc = new Float64Array(m);
  const present = new Float64Array(m);
  accumulate(kind, values, slots, acc, present);
  const byCount = 'count' in threshold;
  const allowed = byCount ? threshold.count : threshold.percent;
  for (let k = 0; k < m; k++) {
    const have = present[k]!;
    if (have === 0) {
      acc[k] = NaN;
      continue;
    }
    const missing = Math.max(0, expected[k]! - have);
    const tooMany = byCount ? missing > allowed : missing * 100 > allowed * expected[k]!;
    if (tooMany) acc[k] = NaN;
    else if (kind === 'AVERAGE') acc[k]! /= have;
  }
  return acc;
}
