/**
 * Curve definitions a client sends to create a curve (docs/data-out.md#saving): checked field by
 * field before any request, each problem a `ValidationError` naming the field, and written in
 * the definition shape of the import format (docs/import-formats.md#curve-definitions).
 *
 * @module
 */
import { ValidationError } from '../../exceptions';
import { Curve, type Area, type CurveType, type DataType } from '../../model';
import { type Frequency, zoneByName, zoneName, type ZoneInput } from '../../time';
import { serializeCurve } from '../json';
import { AREA, CURVE_TYPE, DATA_TYPE, FREQUENCY } from '../params';

/**
 * A new curve, as `client.metadata.createCurve` takes it. Enumerations take their members or
 * tags in any case; `timezone` any IANA zone, `CET` or `Europe/Gas_Day`.
 *
 * @example
 * const def: CurveDefinition = { name: 'DE Residual Load MWh/h H Actual', curveType: 'TIMESERIES', dataType: 'ACTUAL',
 *   frequency: 'PT1H', timezone: 'CET', unit: 'MWh/h', area: 'DE' };
 */
export interface CurveDefinition {
  /** The name, the curve's identifier. */
  name: string;
  /** `TIMESERIES`, `SCENARIO_TIMESERIES`, `INSTANCE`, `PERIOD`, `INSTANCE_PERIOD` or `OHLC`. */
  curveType: CurveType | string;
  /** `ACTUAL`, `FORECAST`, ... */
  dataType: DataType | string;
  /** Frequency of the data (`NONE` for periods). */
  frequency: Frequency | string;
  /** Zone of the data's date-times. */
  timezone: ZoneInput;
  /** Unit, e.g. `MWh/h`. */
  unit: string;
  /** Area tag (the exporting area of an exchange curve). */
  area?: Area | string | null;
  /** Importing area of an exchange curve. */
  areaSink?: Area | string | null;
  /** Denominator of a price unit. */
  denominator?: string | null;
  /** Category words. */
  categories?: readonly string[] | null;
  /** Source of the data. */
  source?: string | null;
  /** Commodity, e.g. `Power`. */
  commodity?: string | null;
  /** Zone of instance `issued` times (curve types with instances; default UTC). */
  instanceIssuedTimezone?: ZoneInput | null;
  /** Subscription package; default as the import's (docs/import-formats.md#curve-definitions). */
  package?: string | null;
}

/**
 * The fields of a curve definition in the import format (docs/import-formats.md#curve-definitions),
 * in the order of a curves CSV file's columns.
 *
 * @example
 * CURVE_DEFINITION_FIELDS.slice(0, 3) //=> ['name', 'curve_type', 'data_type']
 */
export const CURVE_DEFINITION_FIELDS: readonly string[] = Object.freeze([
  'name',
  'curve_type',
  'data_type',
  'frequency',
  'timezone',
  'unit',
  'area',
  'area_sink',
  'denominator',
  'categories',
  'source',
  'commodity',
  'instance_issued_timezone',
  'package',
  'place_key',
]);

/** A definition in the import format's field names (JSON `curves` entries). */
export type CurveDefinitionJson = Record<string, string | string[]>;

const fail = (reason: string, field: string): never => {
  throw new ValidationError(reason, field);
};

function requiredText(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') fail(`Provide ${field} as a non-empty string`, field);
  return (value as string).trim();
}

function optionalText(value: unknown, field: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') fail(`${field} must be a string, got ${typeof value}`, field);
  return (value as string).trim() === '' ? null : (value as string).trim();
}

function zoneText(value: unknown, field: string): string {
  if (value === null || value === undefined || value === '') fail(`Provide ${field}: a time zone such as CET or Europe/Berlin`, field);
  try {
    return zoneName(typeof value === 'string' ? zoneByName(value) : (value as ZoneInput));
  } catch {
    return fail(`${field} is not a known time zone: ${JSON.stringify(String(value))}`, field);
  }
}

/**
 * Checks a curve definition and writes it in the import format. A Curve object (one loaded from
 * the service, or built by hand) is taken as its definition.
 *
 * @param definition - The definition, or a Curve.
 * @returns The definition with the import format's field names.
 * @throws ValidationError naming the first bad field (`name`, `curveType`, `dataType`,
 *   `frequency`, `timezone`, `unit`, `area`, `areaSink`, `categories`, ...).
 * @example
 * curveDefinitionJson({ name: 'X', curveType: 'timeseries', dataType: 'ACTUAL', frequency: 'PT1H', timezone: 'CET', unit: 'MW' }).curve_type
 * //=> 'TIMESERIES'
 */
export function curveDefinitionJson(definition: CurveDefinition | Curve): CurveDefinitionJson {
  if (Curve.isCurve(definition)) return curveDefinitionJson(definitionOfCurve(definition));
  if (definition === null || typeof definition !== 'object') fail('Provide a curve definition (an object) or a Curve', 'definition');
  const d = definition;
  const out: CurveDefinitionJson = {
    name: requiredText(d.name, 'name'),
    curve_type: CURVE_TYPE.decode(CURVE_TYPE.encode(d.curveType ?? fail('Provide curveType', 'curveType'), 'curveType'), 'curveType').tag,
    data_type: DATA_TYPE.decode(DATA_TYPE.encode(d.dataType ?? fail('Provide dataType', 'dataType'), 'dataType'), 'dataType').tag,
    frequency: FREQUENCY.decode(FREQUENCY.encode(d.frequency ?? fail('Provide frequency', 'frequency'), 'frequency'), 'frequency').tag,
    timezone: zoneText(d.timezone, 'timezone'),
    unit: requiredText(d.unit, 'unit'),
  };
  for (const [field, wire] of [
    ['area', 'area'],
    ['areaSink', 'area_sink'],
  ] as const) {
    const area = d[field];
    if (area !== null && area !== undefined && area !== '') out[wire] = AREA.decode(AREA.encode(area, field), field).tag;
  }
  for (const [field, wire] of [
    ['denominator', 'denominator'],
    ['source', 'source'],
    ['commodity', 'commodity'],
    ['package', 'package'],
  ] as const) {
    const text = optionalText(d[field], field);
    if (text !== null) out[wire] = text;
  }
  if (d.instanceIssuedTimezone !== null && d.instanceIssuedTimezone !== undefined) {
    out.instance_issued_timezone = zoneText(d.instanceIssuedTimezone, 'instanceIssuedTimezone');
  }
  if (d.categories !== null && d.categories !== undefined) {
    if (!Array.isArray(d.categories) || d.categories.some((c) => typeof c !== 'string' || /\s/.test(c.trim()) || c.trim() === '')) {
      fail('categories must be a list of words (strings without spaces)', 'categories');
    }
    out.categories = d.categories.map((c) => c.trim());
  }
  return out;
}

/**
 * The definition of a Curve object: its metadata fields (no place, no subscription).
 *
 * @param curve - The curve.
 * @returns The definition.
 * @example
 * definitionOfCurve(curve).frequency //=> 'PT15M'
 */
export function definitionOfCurve(curve: Curve): CurveDefinition {
  const json = serializeCurve(curve);
  return {
    name: json.name,
    curveType: json.curve_type,
    dataType: json.data_type,
    frequency: json.resolution.frequency,
    timezone: json.resolution.timezone,
    unit: json.unit ?? '',
    area: json.area,
    areaSink: json.area_sink,
    denominator: json.denominator,
    categories: json.categories,
    source: json.source,
    commodity: json.commodity,
    instanceIssuedTimezone: json.instance_issued_timezone,
  };
}

/**
 * The Curve a checked definition describes (what a dry run of `createCurve` answers).
 *
 * @param json - A definition as {@link curveDefinitionJson} writes it.
 * @returns The curve.
 * @example
 * curveOfDefinition(curveDefinitionJson(def)).name === def.name //=> true
 */
export function curveOfDefinition(json: CurveDefinitionJson): Curve {
  const text = (key: string): string | null => (typeof json[key] === 'string' ? (json[key] as string) : null);
  const area = text('area');
  const sink = text('area_sink');
  return new Curve({
    name: text('name') as string,
    curveType: CURVE_TYPE.decode(text('curve_type') as string, 'curveType'),
    dataType: DATA_TYPE.decode(text('data_type') as string, 'dataType'),
    frequency: FREQUENCY.decode(text('frequency') as string, 'frequency'),
    timezone: text('timezone') as string,
    instanceIssuedTimezone: text('instance_issued_timezone'),
    unit: text('unit'),
    area: area === null ? null : AREA.decode(area, 'area'),
    areaSink: sink === null ? null : AREA.decode(sink, 'areaSink'),
    categories: Array.isArray(json.categories) ? json.categories : [],
    denominator: text('denominator'),
    source: text('source'),
    commodity: text('commodity'),
  });
}
