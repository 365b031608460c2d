import { IANAZone, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from 'luxon';

/** Minutes between CET/CEST and gas-day time: a gas day starts at 06:00 CET. */
const SHIFT_MINUTES = 6 * 60;

const GAS_DAY_TYPE = 'gas-day';
const GAS_DAY_NAME = 'Europe/Gas_Day';

/**
 * Formats an offset in minutes as luxon does for its own zones.
 *
 * @param minutes - Offset in minutes (may be negative).
 * @param format - `narrow` (`-5`, `+5:30`), `short` (`-05:00`) or `techie` (`-0500`).
 * @returns The formatted offset.
 */
function formatMinutes(minutes: number, format: ZoneOffsetFormat): string {
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  const hours = Math.trunc(abs / 60);
  const mins = Math.trunc(abs % 60);
  const hh = String(hours).padStart(2, '0');
  const mm = String(mins).padStart(2, '0');
  if (format === 'narrow') return mins > 0 ? `${sign}${hours}:${mm}` : `${sign}${hours}`;
  if (format === 'techie') return `${sign}${hh}${mm}`;
  return `${sign}${hh}:${mm}`;
}

/**
 * The `Europe/Gas_Day` zone: the CET/CEST offset at each instant shifted by -6 hours, so that
 * local midnight is 06:00 CET/CEST. Winter is UTC-05:00 and summer UTC-04:00, switching at the
 * same instants as CET (01:00 UTC on the last Sunday of March and October). The rules come from
 * the runtime's `CET` tz data for every year; unlike the reference client there is no 2037
 * cut-off. Works wherever luxon takes a zone (`setZone`, `fromMillis`, `startOf('day')`,
 * `plus({ days: 1 })`). Use the shared instance {@link GasDayZone.instance} (`GAS_DAY`).
 *
 * @example
 * DateTime.fromISO('2024-03-31T06:00:00+02:00').setZone(GasDayZone.instance).toISO()
 * //=> '2024-03-31T00:00:00.000-04:00'
 */
export class GasDayZone extends Zone {
  /** The shared instance. */
  static readonly instance: GasDayZone = new GasDayZone();

  private readonly cet: Zone;

  private constructor() {
    super();
    this.cet = IANAZone.create('CET');
    Object.freeze(this);
  }

  /**
   * The zone's type, `'gas-day'` (luxon zone protocol).
   */
  override get type(): string {
    return GAS_DAY_TYPE;
  }

  /**
   * The zone's name on the wire, `'Europe/Gas_Day'`.
   *
   * @example
   * GasDayZone.instance.name //=> 'Europe/Gas_Day'
   */
  override get name(): string {
    return GAS_DAY_NAME;
  }

  /**
   * Whether the offset never changes: `false`.
   */
  override get isUniversal(): boolean {
    return false;
  }

  /**
   * Whether the zone is usable: always `true`.
   */
  override get isValid(): true {
    return true;
  }

  /**
   * Offset from UTC in minutes at an instant: CET's offset minus 360.
   *
   * @param ts - Epoch milliseconds.
   * @returns -300 in winter, -240 in summer (NaN for a non-finite instant).
   * @example
   * GasDayZone.instance.offset(Date.UTC(2024, 0, 15)) //=> -300
   */
  override offset(ts: number): number {
    return this.cet.offset(ts) - SHIFT_MINUTES;
  }

  /**
   * Display name of the offset at an instant.
   *
   * @param ts - Epoch milliseconds.
   * @param options - luxon's `format` (`short` or `long`); the locale is ignored.
   * @returns `'Gas Day Time'` for `long`, otherwise `UTC` plus the narrow offset.
   * @example
   * GasDayZone.instance.offsetName(Date.UTC(2024, 6, 1), { format: 'short' }) //=> 'UTC-4'
   */
  override offsetName(ts: number, options?: ZoneOffsetOptions): string {
    if (options?.format === 'long') return 'Gas Day Time';
    return `UTC${formatMinutes(this.offset(ts), 'narrow')}`;
  }

  /**
   * The offset at an instant as text.
   *
   * @param ts - Epoch milliseconds.
   * @param format - `narrow`, `short` or `techie`.
   * @returns The formatted offset.
   * @example
   * GasDayZone.instance.formatOffset(Date.UTC(2024, 0, 1), 'short') //=> '-05:00'
   */
  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return formatMinutes(this.offset(ts), format);
  }

  /**
   * Whether another zone is the gas-day zone (checked by type and name, so copies from another
   * load of this package compare equal).
   *
   * @param other - Any luxon zone.
   * @returns `true` for the gas-day zone.
   * @example
   * GasDayZone.instance.equals(IANAZone.create('CET')) //=> false
   */
  override equals(other: Zone): boolean {
    return other instanceof GasDayZone || (other?.type === GAS_DAY_TYPE && other.name === GAS_DAY_NAME);
  }

  /**
   * The zone's name, for logs.
   *
   * @returns `'Europe/Gas_Day'`.
   * @example
   * String(GasDayZone.instance) //=> 'Europe/Gas_Day'
   */
  override toString(): string {
    return GAS_DAY_NAME;
  }

  /**
   * The zone's name, for JSON.
   *
   * @returns `'Europe/Gas_Day'`.
   * @example
   * JSON.stringify({ zone: GasDayZone.instance }) //=> '{"zone":"Europe/Gas_Day"}'
   */
  toJSON(): string {
    return GAS_DAY_NAME;
  }
}
