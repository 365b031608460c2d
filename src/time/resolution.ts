import { DateTime, type Zone } from 'luxon';
import { ValueError } from '../exceptions';
import { stepStarts } from './floor-millis';
import { Frequency } from './frequency';
import { getDatetime, systemClock, type Clock } from './helpers';
import { toDateTime, type TimeInput } from './to-date-time';
import { DEFAULT_ZONE, toZone, zoneName, type ZoneInput } from './zones';

const BRAND = Symbol.for('service.time.Resolution');

/**
 * A resolution on the wire: `{"frequency": "PT15M", "timezone": "CET"}`.
 *
 * @example
 * const dict: ResolutionDict = { frequency: 'P1D', timezone: 'Europe/Gas_Day' };
 * Resolution.fromDict(dict).zone === GAS_DAY //=> true
 */
export interface ResolutionDict {
  /** The frequency tag. */
  frequency: string;
  /** The zone name. */
  timezone: string;
}

/**
 * A frequency in a time zone: the grid of a time series. Immutable. All results are DateTimes
 * in the resolution's zone; inputs in other zones are converted first.
 *
 * @param frequency - The frequency (or its tag).
 * @param zone - The zone (or its name); defaults to CET.
 * @throws ValueError for an unknown tag or zone.
 * @example
 * new Resolution(Frequency.PT15M, 'CET').enumerate('2024-10-27', '2024-10-28').length //=> 100
 */
export class Resolution {
  /** The frequency. */
  readonly frequency: Frequency;
  /** The zone, a luxon Zone. */
  readonly zone: Zone;
  /** The zone's wire name (`'CET'`, `'Europe/Gas_Day'`, ...). */
  readonly timezone: string;

  constructor(frequency: Frequency | string, zone: ZoneInput = DEFAULT_ZONE) {
    this.frequency = Frequency.isFrequency(frequency) ? frequency : Frequency.byTag(frequency);
    this.zone = toZone(zone);
    this.timezone = zoneName(this.zone);
    Object.defineProperty(this, BRAND, { value: true });
    Object.freeze(this);
  }

  /**
   * A resolution from its wire form.
   *
   * @param dict - `{frequency, timezone}`.
   * @returns The resolution.
   * @throws ValueError for a missing or unknown frequency or zone.
   * @example
   * Resolution.fromDict({ frequency: 'PT1H', timezone: 'UTC' }).toString()
   * //=> '<Resolution: frequency=PT1H, timezone=UTC>'
   */
  static fromDict(dict: ResolutionDict): Resolution {
    if (typeof dict !== 'object' || dict === null) throw new ValueError('Resolution must be an object');
    if (typeof dict.frequency !== 'string') throw new ValueError('Resolution frequency must be a string');
    if (typeof dict.timezone !== 'string') throw new ValueError('Resolution timezone must be a string');
    return new Resolution(Frequency.byTag(dict.frequency), dict.timezone);
  }

  /**
   * Whether a value is a Resolution (brand check; works across copies of this package).
   *
   * @param value - Anything.
   * @returns `true` for a Resolution.
   */
  static isResolution(value: unknown): value is Resolution {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  /**
   * A date-time from wall-clock fields in this zone, snapped down to the grid.
   *
   * @param year - The year.
   * @param month - The month, 1-12 (default 1).
   * @param day - The day (default 1).
   * @param hour - The hour (default 0).
   * @param minute - The minute (default 0).
   * @param second - The second (default 0).
   * @param millis - The millisecond (default 0).
   * @returns The floored DateTime.
   * @throws ValueError for an out-of-range field.
   * @example
   * new Resolution(Frequency.P1W).datetime(2024, 4, 3, 15).toISO() //=> '2024-04-01T00:00:00.000+02:00'
   */
  datetime(year: number, month = 1, day = 1, hour = 0, minute = 0, second = 0, millis = 0): DateTime {
    return this.floor(getDatetime(year, month, day, hour, minute, second, millis, this.zone));
  }

  /**
   * All step starts in `[begin, end)`; `begin` is rounded up to the grid.
   *
   * @param begin - Inclusive start.
   * @param end - Exclusive end.
   * @returns The DateTimes in this zone.
   * @throws ValueError for `NONE` or invalid date-times.
   * @example
   * new Resolution(Frequency.PT1H, 'CET').enumerate('2024-03-31', '2024-04-01').length //=> 23
   */
  enumerate(begin: TimeInput, end: TimeInput): DateTime[] {
    if (!this.isIterable()) throw new ValueError(`Resolution ${this.frequency.tag} cannot be enumerated`);
    const from = toDateTime(begin, this.zone).toMillis();
    const to = toDateTime(end, this.zone).toMillis();
    return Array.from(stepStarts(from, to, this.frequency, this.zone), (ms) => DateTime.fromMillis(ms, { zone: this.zone }));
  }

  /**
   * Snaps a date-time down to the grid, in this zone.
   *
   * @param dt - The date-time.
   * @returns The start of the step containing `dt`.
   * @throws ValueError for an invalid date-time.
   * @example
   * new Resolution(Frequency.P1M).floor('2020-03-30T10:00:00+02:00').toISO() //=> '2020-03-01T00:00:00.000+01:00'
   */
  floor(dt: TimeInput): DateTime {
    return this.frequency.truncate(toDateTime(dt, this.zone));
  }

  /**
   * Snaps a date-time up to the grid, in this zone (unchanged when already on it).
   *
   * @param dt - The date-time.
   * @returns The first step start at or after `dt`.
   * @throws ValueError for an invalid date-time (`NONE` returns `dt` unchanged).
   * @example
   * new Resolution(Frequency.P1D).ceil('2024-03-31T00:00:01').toISO() //=> '2024-04-01T00:00:00.000+02:00'
   */
  ceil(dt: TimeInput): DateTime {
    const value = toDateTime(dt, this.zone);
    const floored = this.frequency.truncate(value);
    return floored.toMillis() === value.toMillis() ? floored : this.frequency.shift(floored, 1);
  }

  /**
   * Shifts a date-time by `steps` steps, in this zone.
   *
   * @param dt - The date-time.
   * @param steps - Number of steps, negative to go back.
   * @returns The shifted DateTime.
   * @throws ValueError for `NONE` or a non-integer `steps`.
   * @example
   * new Resolution(Frequency.SEASON).shift('2020-10-01', 1).toISO() //=> '2021-04-01T00:00:00.000+02:00'
   */
  shift(dt: TimeInput, steps: number): DateTime {
    return this.frequency.shift(toDateTime(dt, this.zone), steps);
  }

  /**
   * One step forward (the reference's `>>`).
   *
   * @param dt - The date-time.
   * @returns The DateTime one step later.
   * @throws ValueError for `NONE`.
   * @example
   * new Resolution(Frequency.PT1H).next('2024-03-31T01:00:00').toISO() //=> '2024-03-31T03:00:00.000+02:00'
   */
  next(dt: TimeInput): DateTime {
    return this.shift(dt, 1);
  }

  /**
   * One step back (the reference's `<<`).
   *
   * @param dt - The date-time.
   * @returns The DateTime one step earlier.
   * @throws ValueError for `NONE`.
   * @example
   * new Resolution(Frequency.P1D).previous('2024-04-01').toISO() //=> '2024-03-31T00:00:00.000+01:00'
   */
  previous(dt: TimeInput): DateTime {
    return this.shift(dt, -1);
  }

  /**
   * The start of the current step.
   *
   * @param clock - The clock; defaults to the system clock.
   * @returns The floored current time in this zone.
   * @example
   * new Resolution(Frequency.P1D, 'UTC').now(() => Date.UTC(2024, 0, 2, 5)).toISO() //=> '2024-01-02T00:00:00.000Z'
   */
  now(clock: Clock = systemClock): DateTime {
    return this.floor(DateTime.fromMillis(clock(), { zone: this.zone }));
  }

  /**
   * Whether a date-time is in this zone and on the grid (strings are read in this zone).
   *
   * @param dt - The date-time.
   * @returns `true` when it is a step start of this resolution.
   * @throws ValueError for an invalid date-time.
   * @example
   * new Resolution(Frequency.P1D, 'CET').matches(toDateTime('2024-01-01', 'UTC')) //=> false
   */
  matches(dt: TimeInput): boolean {
    const value = DateTime.isDateTime(dt) ? toDateTime(dt) : toDateTime(dt, this.zone);
    return value.zone.equals(this.zone) && this.frequency.matches(value);
  }

  /**
   * Whether the frequency has a fixed step (not `NONE`).
   *
   * @returns `true` when steps can be enumerated.
   * @example
   * new Resolution(Frequency.NONE).isIterable() //=> false
   */
  isIterable(): boolean {
    return this.frequency.isIterable;
  }

  /**
   * The wire form.
   *
   * @returns `{frequency, timezone}`.
   * @example
   * new Resolution(Frequency.PT15M).toDict() //=> { frequency: 'PT15M', timezone: 'CET' }
   */
  toDict(): ResolutionDict {
    return { frequency: this.frequency.tag, timezone: this.timezone };
  }

  /**
   * Whether another resolution has the same frequency and zone.
   *
   * @param other - Anything.
   * @returns `true` when equal.
   * @example
   * new Resolution('P1D', 'cet').equals(new Resolution(Frequency.P1D, CET)) //=> true
   */
  equals(other: unknown): boolean {
    return Resolution.isResolution(other) && other.frequency.equals(this.frequency) && other.timezone === this.timezone;
  }

  /**
   * The snapshot for JSON (docs/model.md#snapshots), `{frequency, timezone}`; `serializeResolution`
   * (`src/wire/json`) writes the wire form.
   *
   * @returns `{frequency, timezone}`.
   * @example
   * JSON.stringify(new Resolution(Frequency.P1D)) //=> '{"frequency":"P1D","timezone":"CET"}'
   */
  toJSON(): ResolutionDict {
    return this.toDict();
  }

  /**
   * A short description.
   *
   * @returns `<Resolution: frequency=TAG, timezone=NAME>`.
   * @example
   * String(new Resolution(Frequency.P1D, 'Europe/Gas_Day')) //=> '<Resolution: frequency=P1D, timezone=Europe/Gas_Day>'
   */
  toString(): string {
    return `<Resolution: frequency=${this.frequency.tag}, timezone=${this.timezone}>`;
  }

  /**
   * How Node's `util.inspect` (and the REPL) shows a resolution.
   *
   * @returns The same text as `toString()`.
   * @example
   * util.inspect(new Resolution(Frequency.P1D)) //=> '<Resolution: frequency=P1D, timezone=CET>'
   */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toString();
  }
}
