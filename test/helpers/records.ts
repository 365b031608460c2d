/**
 * Store records for tests, built from one set of defaults: a German hourly power actual in CET
 * (`curveRecord`). A test states only the fields its curves differ in, so what matters to the
 * test is what it writes.
 *
 * @example
 * curveRecord('DE Wind MWh/h H Actual').frequency //=> 'PT1H'
 * curveRecord('X', { curveType: 'INSTANCE', instanceIssuedTimezone: 'UTC' }).curveType //=> 'INSTANCE'
 */
import type { CurveRecord, PeriodBlock } from '../../server/src/store';

/** The fields every test curve has unless it says otherwise. */
const CURVE_DEFAULTS: Readonly<Omit<CurveRecord, 'name'>> = Object.freeze({
  curveType: 'TIMESERIES',
  area: 'DE',
  areaSink: null,
  placeKey: null,
  categories: ['Test'],
  frequency: 'PT1H',
  timezone: 'CET',
  unit: 'MWh/h',
  denominator: null,
  dataType: 'ACTUAL',
  source: null,
  commodity: 'Power',
  instanceIssuedTimezone: null,
  package: 'power',
});

/**
 * A curve record: {@link CURVE_DEFAULTS} with the given fields.
 *
 * @param name - The curve's name.
 * @param fields - The fields that differ from the defaults.
 * @returns A new record (its `categories` array is the test's own).
 */
export function curveRecord(name: string, fields: Partial<CurveRecord> = {}): CurveRecord {
  return { name, ...CURVE_DEFAULTS, categories: [...CURVE_DEFAULTS.categories], ...fields };
}

/**
 * An instance's period block: one `[begin, end, value]` triple per period, every period with an
 * installed capacity of 1200.
 *
 * @param curve - The curve name.
 * @param issued - The instance's issue time.
 * @param tag - The instance's tag.
 * @param parts - The periods.
 * @returns The block.
 * @example
 * periodBlock('X', 0, 'a', [[0, 3_600_000, 5]]).capacities[0] //=> 1200
 */
export function periodBlock(curve: string, issued: number, tag: string, parts: [number, number, number][]): PeriodBlock {
  return {
    curve,
    issued,
    tag,
    begins: Float64Array.from(parts.map((p) => p[0])),
    ends: Float64Array.from(parts.map((p) => p[1])),
    values: Float64Array.from(parts.map((p) => p[2])),
    capacities: Float64Array.from(parts.map(() => 1200)),
  };
}
