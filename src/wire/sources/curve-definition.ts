/**
 * Curve definitions of import files and source descriptions: checked field by field, turned into curve records, and
 * compared with the stored curve of the same name (an import creates a new curve, or checks that
 * the definition matches the stored one; it never changes a stored curve's metadata).
 *
 * Defaults for fields a definition leaves out: `area` none, `categories` the words of the name
 * between the area and the unit are not guessed (none), `package` `market` for OHLC curves and
 * FOREX data, else the commodity in lower case, else `power`; `instance_issued_timezone` UTC for
 * curve types with instances.
 *
 * @module
 */
import { Area, CurveType, DataType } from '../../model';
import { Frequency, zoneByName } from '../../time';
import { CURVE_DEFINITION_FIELDS } from '../save/curve-definition';
import type { ProblemList, SourceLine } from './problems';

/** A curve's metadata as the store keeps it: tags and zone names as texts. */
export interface CurveRecord {
  name: string;
  curveType: string;
  area: string;
  areaSink: string | null;
  placeKey: string | null;
  categories: string[];
  frequency: string;
  timezone: string;
  unit: string;
  denominator: string | null;
  dataType: string;
  source: string | null;
  commodity: string | null;
  instanceIssuedTimezone: string | null;
  /** Subscription package the curve belongs to (`power`, `gas`, `market`, ...); with `area` decides access. */
  package: string;
}

/** A curve definition: the members of a curve object (docs/protocol.md#curve-json) or a curves CSV row. */
export interface RawCurve {
  /** Where the definition starts. */
  at: SourceLine;
  /** Members by wire name (`name`, `curve_type`, `frequency`, ...), as found. */
  fields: Record<string, unknown>;
  /** Line of each member, when it differs from `at.line` (JSON). */
  lines: Record<string, number>;
}

const KNOWN: ReadonlySet<string> = new Set(CURVE_DEFINITION_FIELDS);

/** Fields compared with a stored curve, record field to wire name. */
const COMPARED: readonly [keyof CurveRecord, string][] = [
  ['curveType', 'curve_type'],
  ['dataType', 'data_type'],
  ['frequency', 'frequency'],
  ['timezone', 'timezone'],
  ['unit', 'unit'],
  ['area', 'area'],
  ['areaSink', 'area_sink'],
  ['denominator', 'denominator'],
  ['categories', 'categories'],
  ['source', 'source'],
  ['commodity', 'commodity'],
  ['instanceIssuedTimezone', 'instance_issued_timezone'],
  ['package', 'package'],
  ['placeKey', 'place_key'],
];

function knownZone(name: string): boolean {
  try {
    zoneByName(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * Turns a curve definition into a curve record.
 *
 * Not split: a list of field checks in the order a definition is read, sharing the problem list and
 * the field-reading closures; pieces would each need all of them.
 *
 * @param raw - The definition.
 * @param problems - Receives one problem per bad field (file, line, field).
 * @returns The record, or `null` when a field is bad.
 * @example
 * curveFromDefinition({ at, lines: {}, fields: { name: 'X', curve_type: 'TIMESERIES', data_type: 'ACTUAL',
 *   frequency: 'PT1H', timezone: 'CET', unit: 'MW', area: 'DE' } }, problems)?.package //=> 'power'
 */
export function curveFromDefinition(raw: RawCurve, problems: ProblemList): CurveRecord | null {
  const before = problems.size;
  const f = raw.fields;
  const where = (field: string) => ({ file: raw.at.file, line: raw.lines[field] ?? raw.at.line });
  const bad = (field: string, message: string) => problems.add(where(field), field, message);
  for (const key of Object.keys(f)) if (!KNOWN.has(key)) bad(key, 'unknown curve field');
  const text = (field: string, required: boolean): string | null => {
    const v = f[field];
    if (v === undefined || v === null || v === '') {
      if (required) bad(field, 'required field is missing');
      return null;
    }
    if (typeof v !== 'string') {
      bad(field, `expected a string, got ${JSON.stringify(v)}`);
      return null;
    }
    return v.trim() === '' ? null : v.trim();
  };
  const tag = <T extends { tag: string }>(
    field: string,
    required: boolean,
    valid: (t: string) => boolean,
    lookup: (t: string) => T,
    what: string,
  ): string | null => {
    const t = text(field, required);
    if (t === null) return null;
    if (!valid(t)) {
      bad(field, `unknown ${what} ${JSON.stringify(t)}`);
      return null;
    }
    return lookup(t).tag;
  };
  const zone = (field: string, required: boolean): string | null => {
    const z = text(field, required);
    if (z !== null && !knownZone(z)) bad(field, `unknown time zone ${JSON.stringify(z)}`);
    return z;
  };
  const name = text('name', true);
  const curveType = tag(
    'curve_type',
    true,
    (t) => CurveType.isValidTag(t),
    (t) => CurveType.byTag(t),
    'curve type',
  );
  const dataType = tag(
    'data_type',
    true,
    (t) => DataType.isValidTag(t),
    (t) => DataType.byTag(t),
    'data type',
  );
  const frequency = tag(
    'frequency',
    true,
    (t) => Frequency.isValidTag(t),
    (t) => Frequency.byTag(t),
    'frequency',
  );
  const timezone = zone('timezone', true);
  const unit = text('unit', true);
  const area =
    tag(
      'area',
      false,
      (t) => Area.isValidTag(t),
      (t) => Area.byTag(t),
      'area',
    ) ?? '';
  const areaSink = tag(
    'area_sink',
    false,
    (t) => Area.isValidTag(t),
    (t) => Area.byTag(t),
    'area',
  );
  const issuedZone = zone('instance_issued_timezone', false);
  const commodity = text('commodity', false);
  let categories: string[] = [];
  const cats = f.categories;
  if (typeof cats === 'string') categories = cats.split(/\s+/).filter((c) => c !== '');
  else if (Array.isArray(cats) && cats.every((c) => typeof c === 'string')) categories = cats.map((c) => c.trim()).filter((c) => c !== '');
  else if (cats !== undefined && cats !== null) bad('categories', 'expected a list of strings (CSV: words separated by spaces)');
  if (
    problems.size > before ||
    name === null ||
    curveType === null ||
    dataType === null ||
    frequency === null ||
    timezone === null ||
    unit === null
  ) {
    return null;
  }
  const hasInstances = CurveType.byTag(curveType).hasInstances;
  const pkg = text('package', false) ?? (curveType === 'OHLC' || dataType === 'FOREX' ? 'market' : (commodity?.toLowerCase() ?? 'power'));
  return {
    name,
    curveType,
    area,
    areaSink,
    placeKey: text('place_key', false),
    categories,
    frequency,
    timezone,
    unit,
    denominator: text('denominator', false),
    dataType,
    source: text('source', false),
    commodity,
    instanceIssuedTimezone: hasInstances ? (issuedZone ?? 'UTC') : issuedZone,
    package: pkg,
  };
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

/**
 * Checks a definition against the stored curve of the same name: every field the definition
 * gives must equal the stored one.
 *
 * @param raw - The definition as read (to know which fields it gives, and their lines).
 * @param record - The definition as a record.
 * @param stored - The stored curve.
 * @param problems - Receives one problem per differing field.
 * @returns True when they agree.
 * @example
 * checkAgainstStored(raw, { ...stored, unit: 'GW' }, stored, problems) //=> false  // unit: differs from the stored curve ("MW")
 */
export function checkAgainstStored(raw: RawCurve, record: CurveRecord, stored: CurveRecord, problems: ProblemList): boolean {
  let ok = true;
  for (const [field, wire] of COMPARED) {
    const given = raw.fields[wire];
    if (given === undefined || given === null || given === '') continue;
    if (!same(record[field], stored[field])) {
      ok = false;
      problems.add(
        { file: raw.at.file, line: raw.lines[wire] ?? raw.at.line },
        wire,
        `differs from the stored curve ${JSON.stringify(stored.name)} (stored ${JSON.stringify(stored[field])}, file ${JSON.stringify(record[field])}); an import never changes a curve's metadata`,
      );
    }
  }
  return ok;
}

/**
 * Whether two definitions of one curve in the import agree.
 *
 * @param a - One record.
 * @param b - The other.
 * @returns True when every field is equal.
 * @example
 * sameCurve(a, { ...a }) //=> true
 */
export function sameCurve(a: CurveRecord, b: CurveRecord): boolean {
  return COMPARED.every(([field]) => same(a[field], b[field]));
}
