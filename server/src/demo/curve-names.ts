/**
 * Curve names and records of the demo catalogue, built with the naming grammar of
 * docs/demo-data.md#curve-names: `<area>[ @<Place>] <Category>… <unit>[ <source>][ <freq>] <DataType>`.
 */
import type { CurveRecord } from '../store/types';

/** The name label (last word) of each data type. */
export const DATA_TYPE_LABELS: Readonly<Record<string, string>> = Object.freeze({
  ACTUAL: 'Actual',
  FORECAST: 'Forecast',
  BACKCAST: 'Backcast',
  NORMAL: 'Normal',
  CLIMATE: 'Climate',
  SCENARIO: 'Scenario',
  SYNTHETIC: 'Synthetic',
  VALUE: 'Value',
  CAPACITY: 'Capacity',
  REMIT: 'REMIT',
  OHLC: 'OHLC',
  FOREX: 'Forex',
});

/** The short name of each frequency tag in curve names (`NONE` has none). */
export const FREQUENCY_SHORT: Readonly<Record<string, string>> = Object.freeze({
  P1Y: 'Y',
  SEASON: 'S',
  P3M: 'Q',
  P1M: 'M',
  P1W: 'W',
  P1D: 'D',
  PT1H: 'H',
  PT30M: '30min',
  PT15M: '15min',
  PT10M: '10min',
  PT5M: '5min',
  NONE: '',
});

const SINGLE_UNITS = new Set(['MWh/h', 'MW', 'MWh', 'GWh', '°C', '%']);

/**
 * Splits a name unit into the curve's `unit` and `denominator` (`EUR/MWh` -> `EUR` + `MWh`;
 * `MWh/h`, `MW`, `°C` ... are single units).
 *
 * @param unit - The unit as written in the name.
 * @returns The unit and denominator (null for single units).
 * @example
 * splitUnit('pence/therm') //=> { unit: 'pence', denominator: 'therm' }
 */
export function splitUnit(unit: string): { unit: string; denominator: string | null } {
  if (SINGLE_UNITS.has(unit) || !unit.includes('/')) return { unit, denominator: null };
  const i = unit.indexOf('/');
  return { unit: unit.slice(0, i), denominator: unit.slice(i + 1) };
}

/** What a demo curve is; everything else of its record follows from these fields. */
export interface CurveDef {
  /** Area tag (`''` for none); the exporting area of an exchange curve. */
  area: string;
  /** Importing area of an exchange curve. */
  sink?: string;
  /** The place: its key and its name token. */
  place?: { key: string; token: string };
  categories: string[];
  /** The unit as written in the name (`EUR/MWh`). */
  unit: string;
  source?: string;
  /** Frequency tag (`PT15M`, `NONE`, ...). */
  frequency: string;
  timezone: string;
  dataType: string;
  curveType: string;
  commodity?: string;
  /** Zone of instance `issued` values, for INSTANCE and INSTANCE_PERIOD curves. */
  issuedZone?: string;
  package: string;
}

/**
 * The name of a curve.
 *
 * @param def - The curve definition.
 * @returns The name.
 * @example
 * curveName({ area: 'DE', categories: ['Price', 'Spot'], unit: 'EUR/MWh', source: 'EPEX',
 *   frequency: 'PT1H', timezone: 'CET', dataType: 'ACTUAL', curveType: 'TIMESERIES', package: 'power' })
 * //=> 'DE Price Spot EUR/MWh EPEX H Actual'
 */
export function curveName(def: CurveDef): string {
  const words: string[] = [];
  if (def.sink) words.push(`${def.area}>${def.sink}`);
  else if (def.area) words.push(def.area);
  if (def.place) words.push(`@${def.place.token}`);
  words.push(...def.categories, def.unit);
  if (def.source) words.push(def.source);
  const short = def.dataType === 'OHLC' ? '' : FREQUENCY_SHORT[def.frequency];
  if (short) words.push(short);
  words.push(DATA_TYPE_LABELS[def.dataType]!);
  return words.join(' ');
}

/**
 * The store record of a curve.
 *
 * @param def - The curve definition.
 * @returns The record, with name, split unit and instance zone set.
 * @example
 * makeCurve({ area: 'DE', categories: ['Wind', 'Power', 'Installed'], unit: 'MW', frequency: 'NONE',
 *   timezone: 'CET', dataType: 'CAPACITY', curveType: 'PERIOD', commodity: 'Power', package: 'power' }).name
 * //=> 'DE Wind Power Installed MW Capacity'
 */
export function makeCurve(def: CurveDef): CurveRecord {
  const { unit, denominator } = splitUnit(def.unit);
  const hasInstances = def.curveType === 'INSTANCE' || def.curveType === 'INSTANCE_PERIOD';
  return {
    name: curveName(def),
    curveType: def.curveType,
    area: def.area,
    areaSink: def.sink ?? null,
    placeKey: def.place?.key ?? null,
    categories: [...def.categories],
    frequency: def.frequency,
    timezone: def.timezone,
    unit,
    denominator,
    dataType: def.dataType,
    source: def.source ?? null,
    commodity: def.commodity ?? null,
    instanceIssuedTimezone: hasInstances ? (def.issuedZone ?? 'UTC') : null,
    package: def.package,
  };
}
