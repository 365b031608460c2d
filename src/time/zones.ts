import { FixedOffsetZone, IANAZone, Zone } from 'luxon';
import { ValueError } from '../exceptions';
import { GasDayZone } from './gas-day-zone';

/**
 * A time zone as callers may give it: a luxon `Zone` or a zone name (`'CET'`,
 * `'Europe/Gas_Day'`, any IANA name).
 *
 * @example
 * const zone: ZoneInput = 'Europe/Oslo';
 * toZone(zone).name //=> 'Europe/Oslo'
 */
export type ZoneInput = Zone | string;

/**
 * Coordinated Universal Time.
 */
export const UTC: Zone = FixedOffsetZone.utcInstance;

/**
 * Central European Time with EU summer time (UTC+01:00 / UTC+02:00); the default zone.
 *
 * @example
 * CET.offset(Date.UTC(2024, 6, 1)) //=> 120
 */
export const CET: Zone = IANAZone.create('CET');

/**
 * Western European Time with EU summer time (UTC+00:00 / UTC+01:00).
 *
 * @example
 * WET.offset(Date.UTC(2024, 6, 1)) //=> 60
 */
export const WET: Zone = IANAZone.create('WET');

/**
 * Eastern European Time with EU summer time (UTC+02:00 / UTC+03:00).
 *
 * @example
 * EET.offset(Date.UTC(2024, 0, 1)) //=> 120
 */
export const EET: Zone = IANAZone.create('EET');

/**
 * Turkey time, `Europe/Istanbul` (UTC+03:00 all year since 2016).
 *
 * @example
 * TRT.offset(Date.UTC(2024, 0, 1)) //=> 180
 */
export const TRT: Zone = IANAZone.create('Europe/Istanbul');

/**
 * The gas-day zone `Europe/Gas_Day`: CET shifted by -6 hours (see {@link GasDayZone}).
 *
 * @example
 * GAS_DAY.offset(Date.UTC(2024, 0, 1)) //=> -300
 */
export const GAS_DAY: Zone = GasDayZone.instance;

/**
 * The default zone of the date helpers and `Resolution`: {@link CET}.
 *
 * @example
 * DEFAULT_ZONE.name //=> 'CET'
 */
export const DEFAULT_ZONE: Zone = CET;

/**
 * The six zone names the `timezone` request parameter accepts (docs/protocol.md#request-zones), canonical case.
 *
 * @example
 * REQUEST_ZONE_NAMES.includes('Europe/Gas_Day') //=> true
 */
export const REQUEST_ZONE_NAMES: readonly string[] = Object.freeze(['UTC', 'CET', 'WET', 'EET', 'Europe/Istanbul', 'Europe/Gas_Day']);

const KNOWN: ReadonlyMap<string, Zone> = new Map<string, Zone>([
  ['utc', UTC],
  ['cet', CET],
  ['wet', WET],
  ['eet', EET],
  ['europe/istanbul', TRT],
  ['europe/gas_day', GAS_DAY],
]);

const CANONICAL: ReadonlyMap<string, string> = new Map(REQUEST_ZONE_NAMES.map((n) => [n.toLowerCase(), n]));

const byName = new Map<string, Zone>();

/**
 * The zone for a name: the six wire names (any letter case, canonical constants returned) or
 * any IANA name the runtime knows.
 *
 * @param name - The zone name, e.g. `'CET'`, `'utc'`, `'Europe/Gas_Day'`, `'Europe/Oslo'`.
 * @returns The luxon zone.
 * @throws ValueError when the name is not a known zone.
 * @example
 * zoneByName('cet') === CET //=> true
 * @example
 * zoneByName('Europe/Gas_Day').offset(Date.UTC(2024, 6, 1)) //=> -240
 */
export function zoneByName(name: string): Zone {
  if (typeof name !== 'string' || name.trim() === '') {
    throw new ValueError(`Invalid time zone: ${JSON.stringify(name)}`);
  }
  const text = name.trim();
  const known = KNOWN.get(text.toLowerCase());
  if (known) return known;
  let zone = byName.get(text);
  if (zone === undefined) {
    if (!IANAZone.isValidZone(text)) throw new ValueError(`Unknown time zone: ${JSON.stringify(name)}`);
    zone = IANAZone.create(text);
    byName.set(text, zone);
  }
  return zone;
}

/**
 * Coerces a zone input to a luxon zone (`undefined` gives the fallback).
 *
 * @param zone - A luxon zone, a zone name, or `undefined`.
 * @param fallback - The zone for `undefined`; defaults to {@link DEFAULT_ZONE}.
 * @returns The luxon zone.
 * @throws ValueError for an unknown name or an invalid luxon zone.
 * @example
 * toZone('Europe/Istanbul') === TRT //=> true
 * @example
 * toZone(undefined) === CET //=> true
 */
export function toZone(zone: ZoneInput | undefined, fallback: Zone = DEFAULT_ZONE): Zone {
  if (zone === undefined || zone === null) return fallback;
  if (typeof zone === 'string') return zoneByName(zone);
  if (zone instanceof Zone || (typeof zone === 'object' && typeof (zone as Zone).offset === 'function')) {
    if (!zone.isValid) throw new ValueError(`Invalid time zone: ${String(zone.name)}`);
    return zone;
  }
  throw new ValueError(`Not a time zone: ${String(zone)}`);
}

/**
 * The wire name of a zone: canonical case for the six request zones (`'CET'`, `'UTC'`,
 * `'Europe/Istanbul'`, `'Europe/Gas_Day'`, ...), otherwise the IANA name as given.
 *
 * @param zone - A luxon zone or a zone name.
 * @returns The zone's name for `resolution.timezone` and the `timezone` parameter.
 * @throws ValueError for an unknown name or an invalid zone.
 * @example
 * zoneName(GAS_DAY) //=> 'Europe/Gas_Day'
 * @example
 * zoneName('europe/istanbul') //=> 'Europe/Istanbul'
 */
export function zoneName(zone: ZoneInput): string {
  const z = toZone(zone);
  if (z.isUniversal && z.offset(0) === 0 && (z.type === 'fixed' || z.name.toUpperCase() === 'UTC')) return 'UTC';
  const name = z.name;
  return CANONICAL.get(name.toLowerCase()) ?? name;
}
