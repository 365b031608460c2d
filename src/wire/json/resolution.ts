/**
 * Resolution JSON (docs/protocol.md#resolution-json): `{"frequency": "PT15M", "timezone": "CET"}`.
 *
 * @module
 */
import { Frequency, Resolution, zoneByName } from '../../time';
import { asObject, at, fail, modelAt, readString } from './read';

/** The wire form of a resolution. */
export interface ResolutionJson {
  /** Frequency tag, e.g. `'PT15M'`. */
  frequency: string;
  /** Zone name, e.g. `'CET'` or `'Europe/Gas_Day'`. */
  timezone: string;
}

/**
 * Parses a resolution: a Frequency tag (case-insensitive, `PT60M` = `PT1H`) and a zone name.
 *
 * @param json - The resolution object.
 * @param path - Where it sits in the body, for messages.
 * @returns The resolution.
 * @throws ParseException when missing, not an object, or the tag or zone is unknown.
 * @example
 * parseResolution({ frequency: 'pt60m', timezone: 'CET' }).toString() //=> '<Resolution: frequency=PT1H, timezone=CET>'
 */
export function parseResolution(json: unknown, path = 'resolution'): Resolution {
  const obj = asObject(json, path);
  const tag = readString(obj, 'frequency', path);
  if (!Frequency.isValidTag(tag)) fail(at(path, 'frequency'), 'unknown Frequency tag', tag);
  const timezone = readString(obj, 'timezone', path);
  const zone = modelAt(at(path, 'timezone'), () => zoneByName(timezone));
  return new Resolution(Frequency.byTag(tag), zone);
}

/**
 * Writes a resolution.
 *
 * @param resolution - The resolution.
 * @returns `{frequency, timezone}`.
 * @example
 * serializeResolution(new Resolution(Frequency.P1D, GAS_DAY)) //=> { frequency: 'P1D', timezone: 'Europe/Gas_Day' }
 */
export function serializeResolution(resolution: Resolution): ResolutionJson {
  return { frequency: resolution.frequency.tag, timezone: resolution.timezone };
}
