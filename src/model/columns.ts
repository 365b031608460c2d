/**
 * Column helpers of the columnar series: conversion to `Float64Array` (null -> NaN), equality
 * with NaN = NaN, generated scenario names and the step checks of `validate()`.
 *
 * @module
 */
import { ValueError } from '../exceptions';
import { floorMillis, type Resolution } from '../time';

/**
 * A numeric column as callers may give it: a typed array, or numbers with null for missing.
 *
 * @example
 * const values: ColumnInput = [1, null, 3];
 * toFloat64(values).length //=> 3
 */
export type ColumnInput = Float64Array | readonly (number | null | undefined)[];

/**
 * Turns a column into a `Float64Array`: a typed array is taken as it is (the series owns it from
 * then on), an array is copied with null/undefined as NaN.
 *
 * @param column - The column.
 * @returns The typed column.
 * @example
 * Array.from(toFloat64([1, null])) //=> [1, NaN]
 */
export function toFloat64(column: ColumnInput): Float64Array {
  if (column instanceof Float64Array) return column;
  const out = new Float64Array(column.length);
  for (let i = 0; i < column.length; i++) {
    const v = column[i];
    out[i] = v === null || v === undefined ? NaN : v;
  }
  return out;
}

/**
 * Reads one cell: NaN becomes null.
 *
 * @param column - The column.
 * @param i - The index.
 * @returns The number, or null when missing.
 * @example
 * cell(new Float64Array([NaN]), 0) //=> null
 */
export function cell(column: Float64Array, i: number): number | null {
  const v = column[i]!;
  return Number.isNaN(v) ? null : v;
}

/**
 * Compares two columns value by value, NaN equal to NaN.
 *
 * @param a - First column, or null.
 * @param b - Second column, or null.
 * @returns True when both are null, or have equal length and values.
 * @example
 * columnEquals(new Float64Array([1, NaN]), new Float64Array([1, NaN])) //=> true
 */
export function columnEquals(a: Float64Array | null, b: Float64Array | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y && !(Number.isNaN(x) && Number.isNaN(y))) return false;
  }
  return true;
}

/**
 * The names the reference gives unnamed scenarios: `e00`, `e01`, ... (`e100` beyond 99).
 *
 * @param count - Number of scenarios.
 * @returns The names.
 * @example
 * defaultScenarioNames(3) //=> ['e00', 'e01', 'e02']
 */
export function defaultScenarioNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `e${String(i).padStart(2, '0')}`);
}

/**
 * Checks that step starts are strictly increasing (sorted, no duplicates) and, for an
 * iterable frequency, lie on the resolution's grid.
 *
 * @param times - Step starts in epoch milliseconds.
 * @param resolution - The series' resolution.
 * @param what - Name used in messages (`'Timeseries'`).
 * @returns Nothing.
 * @throws ValueError naming the first offending index.
 * @example
 * checkSteps(new Float64Array([0, 0]), resolution, 'Timeseries') // throws ValueError (duplicate)
 */
export function checkSteps(times: Float64Array, resolution: Resolution, what: string): void {
  const freq = resolution.frequency;
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    if (!Number.isFinite(t)) throw new ValueError(`${what}: invalid date-time at index ${i}`);
    if (i > 0 && t <= times[i - 1]!) {
      const kind = t === times[i - 1] ? 'duplicate date-time' : 'date-times not sorted';
      throw new ValueError(`${what}: ${kind} at index ${i}`);
    }
    if (freq.isIterable && floorMillis(t, freq, resolution.zone) !== t) {
      throw new ValueError(`${what}: date-time at index ${i} does not match the resolution ${freq.tag} ${resolution.timezone}`);
    }
  }
}

/**
 * Checks periods: each `begin < end`, sorted by begin without duplicates or overlaps, and, for an
 * iterable frequency, boundaries on the resolution's grid.
 *
 * @param begins - Period starts, epoch milliseconds.
 * @param ends - Period ends, epoch milliseconds.
 * @param resolution - The series' resolution.
 * @returns Nothing.
 * @throws ValueError naming the first offending index.
 * @example
 * checkPeriods(new Float64Array([0]), new Float64Array([0]), resolution) // throws ValueError (empty period)
 */
export function checkPeriods(begins: Float64Array, ends: Float64Array, resolution: Resolution): void {
  const freq = resolution.frequency;
  for (let i = 0; i < begins.length; i++) {
    const b = begins[i]!;
    const e = ends[i]!;
    if (!Number.isFinite(b) || !Number.isFinite(e)) throw new ValueError(`Periodseries: invalid date-time at index ${i}`);
    if (b >= e) throw new ValueError(`Periodseries: period at index ${i} does not end after it begins`);
    if (i > 0 && b < ends[i - 1]!) {
      const kind = b <= begins[i - 1]! ? 'periods not sorted or duplicated' : 'periods overlap';
      throw new ValueError(`Periodseries: ${kind} at index ${i}`);
    }
    if (freq.isIterable && (floorMillis(b, freq, resolution.zone) !== b || floorMillis(e, freq, resolution.zone) !== e)) {
      throw new ValueError(`Periodseries: period at index ${i} does not match the resolution ${freq.tag} ${resolution.timezone}`);
    }
  }
}
