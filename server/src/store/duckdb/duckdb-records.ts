/**
 * Conversions from rows of the embedded store's tables to the store's records.
 *
 * @module
 */
import type { CurveRecord, InstanceRecord, KeyRecord, PlaceRecord, UserRecord } from '../types';

type Row = Record<string, unknown>;

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/**
 * Freezes a record and its arrays, so cached records cannot be changed by callers.
 *
 * @param record - A record of plain data.
 * @returns The same record, frozen.
 * @example
 * Object.isFrozen(frozen({ a: [1] }).a) //=> true
 */
export function frozen<T extends object>(record: T): T {
  for (const value of Object.values(record)) {
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object') Object.freeze(item);
      Object.freeze(value);
    }
  }
  return Object.freeze(record);
}

/**
 * A `curves` row as a record.
 *
 * @param r - The row.
 * @returns The curve.
 * @example
 * curveFromRow(row).name //=> 'DE Wind Power Production MWh/h 15min Actual'
 */
export function curveFromRow(r: Row): CurveRecord {
  return {
    name: str(r.name),
    curveType: str(r.curve_type),
    area: str(r.area),
    areaSink: strOrNull(r.area_sink),
    placeKey: strOrNull(r.place_key),
    categories: strs(r.categories),
    frequency: str(r.frequency),
    timezone: str(r.timezone),
    unit: str(r.unit),
    denominator: strOrNull(r.denominator),
    dataType: str(r.data_type),
    source: strOrNull(r.source),
    commodity: strOrNull(r.commodity),
    instanceIssuedTimezone: strOrNull(r.instance_issued_timezone),
    package: str(r.package),
  };
}

/**
 * A `places` row as a record.
 *
 * @param r - The row.
 * @returns The place.
 * @example
 * placeFromRow(row).kind //=> 'producer'
 */
export function placeFromRow(r: Row): PlaceRecord {
  return {
    key: str(r.key),
    kind: str(r.kind),
    name: str(r.name),
    unit: strOrNull(r.unit),
    fuels: strs(r.fuels),
    latitude: numOrNull(r.latitude),
    longitude: numOrNull(r.longitude),
    areas: strs(r.areas),
    parentKey: strOrNull(r.parent_key),
  };
}

/**
 * A `users` row as a record; grants are stored as `package:area` texts.
 *
 * @param r - The row.
 * @returns The user.
 * @example
 * userFromRow(row).subscriptions //=> [{ package: 'power', area: 'DE' }]
 */
export function userFromRow(r: Row): UserRecord {
  return {
    id: str(r.id),
    name: str(r.name),
    email: strOrNull(r.email),
    organization: strOrNull(r.organization),
    blocked: r.blocked === true,
    subscriptions: strs(r.grants).map((g) => {
      const at = g.indexOf(':');
      return { package: g.slice(0, at), area: g.slice(at + 1) };
    }),
  };
}

/**
 * An `api_keys` row as a record.
 *
 * @param r - The row.
 * @returns The key (hash only).
 * @example
 * keyFromRow(row).hash.length //=> 64
 */
export function keyFromRow(r: Row): KeyRecord {
  return {
    hash: str(r.hash),
    userId: str(r.user_id),
    label: str(r.label),
    created: Number(r.created),
    blocked: r.blocked === true,
  };
}

/**
 * An `instances` row as a record.
 *
 * @param r - The row.
 * @param curve - The name of the instance's curve.
 * @returns The instance.
 * @example
 * instanceFromRow(row, 'DE Wind ... Forecast').tag //=> 'ec'
 */
export function instanceFromRow(r: Row, curve: string): InstanceRecord {
  return {
    curve,
    issued: Number(r.issued),
    tag: str(r.tag),
    created: numOrNull(r.created),
    modified: numOrNull(r.modified),
    scenarioNames: strs(r.scenario_names),
  };
}
