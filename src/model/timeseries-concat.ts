/**
 * Time series joined end to end: the chunks of a long load (docs/data-out.md#long-loads) made
 * one series again, every step kept once.
 *
 * @module
 */
import { ValueError } from '../exceptions';
import { listEquals } from './display';
import type { Timeseries } from './timeseries';

function joined(columns: readonly (Float64Array | null)[], lengths: readonly number[], total: number): Float64Array {
  const out = new Float64Array(total);
  let at = 0;
  columns.forEach((column, k) => {
    if (column === null) out.fill(Number.NaN, at, at + lengths[k]!);
    else out.set(column, at);
    at += lengths[k]!;
  });
  return out;
}

/**
 * Joins series of one resolution end to end: the times of each part must come after those of
 * the part before (no step twice); empty parts are skipped. The result has the metadata of the
 * first part (curve, instance, unit, name); a single part with data is returned as it is.
 *
 * @param parts - The parts in order, at least one.
 * @returns One series.
 * @throws ValueError for no parts, parts of another frequency, zone or scenario names, or parts
 *   whose times overlap or run backwards.
 * @example
 * concatTimeseries([ts.slice(null, t), ts.slice(t)]).equals(ts) //=> true
 */
export function concatTimeseries(parts: readonly Timeseries[]): Timeseries {
  const first = parts[0];
  if (first === undefined) throw new ValueError('Nothing to join: no series');
  const full = parts.filter((p) => p.length > 0);
  for (const p of parts) {
    if (!p.resolution.frequency.equals(first.resolution.frequency) || p.resolution.timezone !== first.resolution.timezone) {
      throw new ValueError(`Cannot join series of resolution ${p.resolution} to series of ${first.resolution}`);
    }
  }
  const shape = full[0] ?? first;
  for (let k = 1; k < full.length; k++) {
    const before = full[k - 1]!;
    const part = full[k]!;
    if (!listEquals(part.scenarioNames, shape.scenarioNames)) throw new ValueError('Cannot join series with other scenarios');
    if (part.times[0]! <= before.times[before.length - 1]!) {
      throw new ValueError(`Cannot join series that overlap: part ${k} starts at or before the end of part ${k - 1}`);
    }
  }
  if (full.length <= 1) return full[0] ?? first;
  const lengths = full.map((p) => p.length);
  const total = lengths.reduce((a, b) => a + b, 0);
  const hasValues = full.some((p) => p.hasValues());
  return first.with({
    times: joined(
      full.map((p) => p.times),
      lengths,
      total,
    ),
    values: hasValues
      ? joined(
          full.map((p) => p.valuesOrNull()),
          lengths,
          total,
        )
      : null,
    scenarios: shape.scenarios.map((_, s) =>
      joined(
        full.map((p) => p.scenarios[s]!),
        lengths,
        total,
      ),
    ),
    scenarioNames: shape.hasScenarios() ? shape.scenarioNames : null,
  });
}
