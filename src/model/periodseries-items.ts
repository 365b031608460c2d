/**
 * The item views of a period-based series (docs/model.md#periodseries), built on demand
 * from the columns, and the conversion of item arrays to columns.
 *
 * @module
 */
import { DateTime, type Zone } from 'luxon';
import { ValueError } from '../exceptions';
import { toDateTime, type TimeInput } from '../time';
import { cell } from './columns';

/**
 * A period with a value: `begin` inclusive, `end` exclusive.
 *
 * @example
 * ps.at(0) //=> { begin: DateTime(2020-01-01T00:00+01:00), end: DateTime(2020-01-06T00:00+01:00), value: 8113 }
 */
export interface Period {
  /** Start (inclusive), in the series' zone. */
  readonly begin: DateTime;
  /** End (exclusive), in the series' zone. */
  readonly end: DateTime;
  /** The value (available capacity for capacity curves), or null. */
  readonly value: number | null;
}

/**
 * A period with a value and the total installed capacity.
 *
 * @example
 * ps.at(0).installed //=> 8600
 */
export interface CapacityPeriod extends Period {
  /** Total installed capacity, or null. */
  readonly installed: number | null;
}

/**
 * A period given to `Periodseries.fromItems`. When the first item has an `installed` key, every
 * item is a capacity period.
 *
 * @example
 * const p: PeriodItemInput = { begin: '2020-01-01', end: '2020-01-06', value: 8113, installed: 8600 };
 */
export interface PeriodItemInput {
  /** Start (inclusive): Date, DateTime or ISO string (without offset: wall-clock in the zone). */
  readonly begin: TimeInput;
  /** End (exclusive). */
  readonly end: TimeInput;
  /** The value (null or missing = none). */
  readonly value?: number | null;
  /** Total installed capacity. */
  readonly installed?: number | null;
}

/**
 * Columns of a period-based series, as {@link periodColumnsFromItems} builds them.
 *
 * @example
 * const columns: PeriodColumns = periodColumnsFromItems([{ begin: '2020-01-01', end: '2020-01-02', value: 1 }], CET);
 * columns.begins.length //=> 1
 */
export interface PeriodColumns {
  /** Period starts, epoch milliseconds. */
  readonly begins: Float64Array;
  /** Period ends, epoch milliseconds. */
  readonly ends: Float64Array;
  /** Values. */
  readonly values: Float64Array;
  /** Installed capacities, or null when the periods are not capacity periods. */
  readonly capacities: Float64Array | null;
}

/**
 * Builds one period view from the columns.
 *
 * @param columns - The columns.
 * @param zone - The series' zone.
 * @param i - The index (0 <= i < length).
 * @returns A frozen Period, or CapacityPeriod when there are capacities.
 * @example
 * periodAt({ begins, ends, values, capacities: null }, CET, 0).value //=> 8113
 */
export function periodAt(columns: PeriodColumns, zone: Zone, i: number): Period | CapacityPeriod {
  const begin = DateTime.fromMillis(columns.begins[i]!, { zone });
  const end = DateTime.fromMillis(columns.ends[i]!, { zone });
  const value = cell(columns.values, i);
  if (columns.capacities === null) return Object.freeze({ begin, end, value });
  return Object.freeze({ begin, end, value, installed: cell(columns.capacities, i) });
}

/**
 * Converts period inputs to columns; the first item decides whether there are capacities.
 *
 * @param items - The periods.
 * @param zone - Zone for date-times without an offset.
 * @returns The columns.
 * @throws ValueError when a date-time is invalid.
 * @example
 * periodColumnsFromItems([{ begin: '2020-01-01', end: '2020-01-02', value: 1 }], CET).capacities //=> null
 */
export function periodColumnsFromItems(items: readonly PeriodItemInput[], zone: Zone): PeriodColumns {
  const n = items.length;
  const begins = new Float64Array(n);
  const ends = new Float64Array(n);
  const values = new Float64Array(n);
  const withCapacity = n > 0 && 'installed' in items[0]!;
  const capacities = withCapacity ? new Float64Array(n) : null;
  for (let i = 0; i < n; i++) {
    const item = items[i]!;
    if (!item || item.begin === undefined || item.end === undefined) {
      throw new ValueError(`Period item ${i} needs begin and end`);
    }
    begins[i] = toDateTime(item.begin, zone).toMillis();
    ends[i] = toDateTime(item.end, zone).toMillis();
    values[i] = item.value ?? NaN;
    if (capacities) capacities[i] = item.installed ?? NaN;
  }
  return { begins, ends, values, capacities };
}
