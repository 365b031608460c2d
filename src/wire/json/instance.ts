/**
 * Instance JSON (docs/protocol.md#instance-json) and instance lists (docs/protocol.md#instances).
 *
 * @module
 */
import { DateTime, FixedOffsetZone, type Zone } from 'luxon';
import { Instance, InstanceList, type Curve } from '../../model';
import { UTC } from '../../time';
import { formatDateTimeIso } from './format-instants';
import { lastOffsetMinutes, readInstant } from './parse-instant';
import { asArray, asObject, at, fail, jsonBody, optString, type JsonObject } from './read';

/** The wire form of an instance. */
export interface InstanceJson {
  /** Issue date-time. */
  issued: string;
  /** Tag (`''` for none). */
  tag: string;
  /** Number of ensemble members (0 = none). */
  scenarios: number;
  /** Creation date-time, or null. */
  created: string | null;
  /** Last modification date-time, or null. */
  modified: string | null;
}

/**
 * A date-time shown in `zone`, or with the offset it was sent with when `zone` is null (a text
 * without an offset is then read as UTC, never in the machine's zone).
 */
function readDateTime(value: unknown, path: string, zone: Zone | null): DateTime {
  const ms = readInstant(value, path, zone ?? UTC);
  if (zone !== null) return DateTime.fromMillis(ms, { zone });
  const offset = lastOffsetMinutes();
  return DateTime.fromMillis(ms, { zone: offset === offset ? FixedOffsetZone.instance(offset) : UTC });
}

function optDateTime(obj: JsonObject, key: string, path: string, zone: Zone | null): DateTime | null {
  const value = obj[key];
  return value === null || value === undefined ? null : readDateTime(value, at(path, key), zone);
}

/**
 * Parses an instance. With a curve, `issued` is shown in the curve's `instance_issued_timezone`
 * (UTC when it has none) and `created`/`modified` in the curve's zone; without one, each keeps the
 * offset it was sent with. A null tag reads as `''`, null scenarios as 0.
 *
 * @param json - The instance object (or its JSON text).
 * @param curve - The curve of the enclosing object, if any.
 * @param path - Where it sits in the body, for messages.
 * @returns The instance.
 * @throws ParseException for a missing `issued`, a bad date-time or a bad member.
 * @example
 * parseInstance({ issued: '2020-06-01T02:00:00+02:00', tag: 'ec' }).issued.toISO() //=> '2020-06-01T02:00:00.000+02:00'
 */
export function parseInstance(json: unknown, curve: Curve | null = null, path = ''): Instance {
  const obj = asObject(path === '' ? jsonBody(json) : json, path);
  const issuedZone = curve ? (curve.instanceIssuedZone ?? UTC) : null;
  const zone = curve ? curve.zone : null;
  const scenarios = obj.scenarios;
  if (scenarios !== null && scenarios !== undefined && (typeof scenarios !== 'number' || !Number.isInteger(scenarios) || scenarios < 0)) {
    fail(at(path, 'scenarios'), 'expected a non-negative integer or null', scenarios);
  }
  if (obj.issued === null || obj.issued === undefined) fail(at(path, 'issued'), 'expected an ISO 8601 date-time', obj.issued);
  return new Instance({
    issued: readDateTime(obj.issued, at(path, 'issued'), issuedZone),
    tag: optString(obj, 'tag', path) ?? '',
    scenarios: (scenarios as number | null | undefined) ?? 0,
    created: optDateTime(obj, 'created', path, zone),
    modified: optDateTime(obj, 'modified', path, zone),
  });
}

/**
 * Writes an instance; each date-time with the offset of its own zone.
 *
 * @param instance - The instance.
 * @returns The wire object.
 * @example
 * serializeInstance(parseInstance({ issued: '2020-06-01T00:00:00Z', tag: 'ec' }))
 * //=> { issued: '2020-06-01T00:00:00+00:00', tag: 'ec', scenarios: 0, created: null, modified: null }
 */
export function serializeInstance(instance: Instance): InstanceJson {
  return {
    issued: formatDateTimeIso(instance.issued),
    tag: instance.tag,
    scenarios: instance.scenarios,
    created: instance.created ? formatDateTimeIso(instance.created) : null,
    modified: instance.modified ? formatDateTimeIso(instance.modified) : null,
  };
}

/**
 * Parses a JSON array of instances (`/instances/{curve}/list/`, `/period-instances/{curve}/list/`).
 * The reference passes no curve here, so times keep the offsets sent.
 *
 * @param json - The array (or its JSON text).
 * @param curve - A curve to show the times in its zones, if wanted.
 * @returns The instances, in the order sent, with the curve.
 * @throws ParseException when the body is not an array or an instance is bad.
 * @example
 * parseInstanceList([{ issued: '2020-06-01T12:00:00+00:00', tag: 'ec' }])[0].tag //=> 'ec'
 */
export function parseInstanceList(json: unknown, curve: Curve | null = null): InstanceList {
  return new InstanceList(
    asArray(jsonBody(json), '').map((item, i) => parseInstance(item, curve, `[${i}]`)),
    curve,
  );
}

/**
 * Writes a list of instances.
 *
 * @param instances - The instances.
 * @returns The wire array.
 * @example
 * serializeInstanceList([]) //=> []
 */
export function serializeInstanceList(instances: readonly Instance[]): InstanceJson[] {
  return instances.map(serializeInstance);
}
