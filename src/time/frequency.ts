import type { DateTime, Duration } from 'luxon';
import { ValueError } from '../exceptions';
import { shiftDateTime, stepDuration, stepsBetween, truncateDateTime, type StepUnit } from './date-time-steps';
import { toDateTime, type TimeInput } from './to-date-time';

const BRAND = Symbol.for('service.time.Frequency');

/**
 * A tag in its canonical spelling, all upper case or all lower case (enumeration tags are read
 * without regard to case).
 *
 * @example
 * const tag: AnyCase<'PEAK'> = 'peak';
 */
export type AnyCase<T extends string> = T | Uppercase<T> | Lowercase<T>;

/**
 * The tags of {@link Frequency} (any case, and the alias `PT60M`), as a literal type for options:
 * `'P2D'` fails to compile.
 *
 * @example
 * const tag: FrequencyTag = 'PT15M';
 */
export type FrequencyTag = AnyCase<
  'P1Y' | 'SEASON' | 'P3M' | 'P1M' | 'P1W' | 'P1D' | 'PT1H' | 'PT60M' | 'PT30M' | 'PT15M' | 'PT10M' | 'PT5M' | 'NONE'
>;
const byTag = new Map<string, Frequency>();
const ordered: Frequency[] = [];

/**
 * The step of a time series (docs/model.md#frequency), from `P1Y` (ordinal 1, coarsest) to `PT5M`
 * (ordinal 11), plus `NONE` (ordinal 12) for data without a fixed step. Instances are frozen
 * singletons; compare with `equals`, `compare`, `lt`, `le`, `gt`, `ge` (a *smaller* frequency is
 * a *longer* period: `P1Y < P1D`, `PT1H > P1D`).
 *
 * Floors and steps are DST-correct: `P1D` and coarser are calendar steps on the local wall clock
 * and always land on true local midnight; `PT1H` and finer are absolute time. `SEASON` is summer
 * (Apr-Sep) or winter (Oct-Mar); `P1W` starts on Monday.
 *
 * @example
 * Frequency.byTag('pt60m') === Frequency.PT1H //=> true
 * @example
 * Frequency.P1Y.lt(Frequency.P1D) //=> true
 */
export class Frequency {
  /** Yearly, short name `Y`. */
  static readonly P1Y = new Frequency('P1Y', 1, 'Y', 'month', 12);
  /** Summer (Apr-Sep) or winter (Oct-Mar), short name `S`. */
  static readonly SEASON = new Frequency('SEASON', 2, 'S', 'month', 6);
  /** Quarterly, short name `Q`. */
  static readonly P3M = new Frequency('P3M', 3, 'Q', 'month', 3);
  /** Monthly, short name `M`. */
  static readonly P1M = new Frequency('P1M', 4, 'M', 'month', 1);
  /** Weekly from Monday, short name `W`. */
  static readonly P1W = new Frequency('P1W', 5, 'W', 'day', 7);
  /** Daily, short name `D`. */
  static readonly P1D = new Frequency('P1D', 6, 'D', 'day', 1);
  /** Hourly, short name `H` (alias tag `PT60M`). */
  static readonly PT1H = new Frequency('PT1H', 7, 'H', 'minute', 60);
  /** 30 minutes, short name `30min`. */
  static readonly PT30M = new Frequency('PT30M', 8, '30min', 'minute', 30);
  /** 15 minutes, short name `15min`. */
  static readonly PT15M = new Frequency('PT15M', 9, '15min', 'minute', 15);
  /** 10 minutes, short name `10min`. */
  static readonly PT10M = new Frequency('PT10M', 10, '10min', 'minute', 10);
  /** 5 minutes, short name `5min`. */
  static readonly PT5M = new Frequency('PT5M', 11, '5min', 'minute', 5);
  /** No fixed step (tick or period data); not iterable, no short name. */
  static readonly NONE = new Frequency('NONE', 12, null, 'none', 0);

  /** The canonical wire tag, e.g. `'PT15M'`. */
  readonly tag: string;
  /** Position in the ordering, 1 (`P1Y`) to 12 (`NONE`). */
  readonly ordinal: number;
  /** Short name used in curve names (`'15min'`, `'H'`, `'D'`, ...), `null` for `NONE`. */
  readonly shortName: string | null;
  /** Whether the frequency has a fixed step (false only for `NONE`). */
  readonly isIterable: boolean;
  /** Unit of one step: calendar `month` or `day`, absolute `minute`, or `none`. */
  readonly unit: StepUnit;
  /** Size of one step in {@link Frequency.unit} (12 months, 7 days, 15 minutes, ...; 0 for `NONE`). */
  readonly size: number;

  private constructor(tag: string, ordinal: number, shortName: string | null, unit: StepUnit, size: number) {
    this.tag = tag;
    this.ordinal = ordinal;
    this.shortName = shortName;
    this.isIterable = unit !== 'none';
    this.unit = unit;
    this.size = size;
    Object.defineProperty(this, BRAND, { value: true });
    Object.freeze(this);
    byTag.set(tag.toLowerCase(), this);
    ordered.push(this);
  }

  /**
   * All frequencies, coarsest first (`P1Y` ... `PT5M`, `NONE`).
   *
   * @returns A frozen array of the twelve frequencies.
   * @example
   * Frequency.all().map((f) => f.tag).slice(0, 3) //=> ['P1Y', 'SEASON', 'P3M']
   */
  static all(): readonly Frequency[] {
    return ALL;
  }

  /**
   * The frequency for a tag, matched case-insensitively; `PT60M` is an alias of `PT1H`.
   *
   * @param tag - The tag, e.g. `'PT15M'`, `'p1d'`, `'PT60M'`.
   * @returns The frequency.
   * @throws ValueError for an unknown tag.
   * @example
   * Frequency.byTag('season') === Frequency.SEASON //=> true
   */
  static byTag(tag: string): Frequency {
    const found = typeof tag === 'string' ? byTag.get(tag.trim().toLowerCase()) : undefined;
    if (found === undefined) throw new ValueError(`Invalid frequency: ${JSON.stringify(tag)}`);
    return found;
  }

  /**
   * Whether a tag names a frequency (case-insensitive, `PT60M` included).
   *
   * @param tag - The text to check.
   * @returns `true` when {@link Frequency.byTag} would succeed.
   * @example
   * Frequency.isValidTag('PT60M') //=> true
   */
  static isValidTag(tag: unknown): boolean {
    return typeof tag === 'string' && byTag.has(tag.trim().toLowerCase());
  }

  /**
   * Whether a value is a Frequency (brand check; works across copies of this package).
   *
   * @param value - Anything.
   * @returns `true` for a Frequency.
   */
  static isFrequency(value: unknown): value is Frequency {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  /**
   * Orders two frequencies: negative when `this` is coarser (a longer period), 0 when equal,
   * positive when finer.
   *
   * @param other - The frequency to compare with.
   * @returns `this.ordinal - other.ordinal`.
   * @example
   * Frequency.P1Y.compare(Frequency.P1D) //=> -5
   */
  compare(other: Frequency): number {
    return this.ordinal - other.ordinal;
  }

  /**
   * Whether `this` is coarser than `other` (`P1Y.lt(P1D)`).
   *
   * @param other - The frequency to compare with.
   * @returns `true` when `this.ordinal < other.ordinal`.
   * @example
   * Frequency.P1M.lt(Frequency.PT1H) //=> true
   */
  lt(other: Frequency): boolean {
    return this.ordinal < other.ordinal;
  }

  /**
   * Whether `this` is coarser than or equal to `other`.
   *
   * @param other - The frequency to compare with.
   * @returns `true` when `this.ordinal <= other.ordinal`.
   * @example
   * Frequency.P1D.le(Frequency.P1D) //=> true
   */
  le(other: Frequency): boolean {
    return this.ordinal <= other.ordinal;
  }

  /**
   * Whether `this` is finer than `other` (`PT1H.gt(P1D)`).
   *
   * @param other - The frequency to compare with.
   * @returns `true` when `this.ordinal > other.ordinal`.
   * @example
   * Frequency.PT1H.gt(Frequency.P1D) //=> true
   */
  gt(other: Frequency): boolean {
    return this.ordinal > other.ordinal;
  }

  /**
   * Whether `this` is finer than or equal to `other` ("daily or finer" is `f.ge(P1D)`).
   *
   * @param other - The frequency to compare with.
   * @returns `true` when `this.ordinal >= other.ordinal`.
   * @example
   * Frequency.PT15M.ge(Frequency.P1D) //=> true
   */
  ge(other: Frequency): boolean {
    return this.ordinal >= other.ordinal;
  }

  /**
   * Whether `other` is the same frequency (by tag, so copies of the package agree).
   *
   * @param other - Anything.
   * @returns `true` for the same frequency.
   * @example
   * Frequency.PT1H.equals(Frequency.byTag('PT60M')) //=> true
   */
  equals(other: unknown): boolean {
    return Frequency.isFrequency(other) && other.tag === this.tag;
  }

  /**
   * A luxon Duration of `n` steps (`P1W` gives weeks, `SEASON` 6-month multiples).
   *
   * @param n - Number of steps (may be negative).
   * @returns The duration.
   * @throws ValueError for `NONE`.
   * @example
   * Frequency.SEASON.getDelta(2).toISO() //=> 'P12M'
   */
  getDelta(n: number): Duration {
    return stepDuration(this.unit, this.size, n);
  }

  /**
   * Floors a date-time to the start of its step in its own zone (docs/model.md#truncation, DST-correct).
   *
   * @param dt - The date-time (a DateTime keeps its zone; strings and Dates are read in CET).
   * @returns The start of the step containing `dt`; `NONE` returns it unchanged.
   * @throws ValueError for an invalid date-time.
   * @example
   * Frequency.SEASON.truncate('2021-01-15T12:00:00').toISO() //=> '2020-10-01T00:00:00.000+02:00'
   */
  truncate(dt: TimeInput): DateTime {
    return truncateDateTime(toDateTime(dt), this.unit, this.size);
  }

  /**
   * Shifts a date-time by `n` steps (docs/model.md#shifting): calendar steps on the local wall clock
   * for `P1D` and coarser, absolute time for `PT1H` and finer.
   *
   * @param dt - The date-time (a DateTime keeps its zone; strings and Dates are read in CET).
   * @param n - Number of steps, negative to go back.
   * @returns The shifted date-time in the same zone.
   * @throws ValueError for `NONE`, a non-integer `n` or an invalid date-time.
   * @example
   * Frequency.P1D.shift('2024-03-31', 1).diff(toDateTime('2024-03-31')).as('hours') //=> 23
   */
  shift(dt: TimeInput, n: number): DateTime {
    return shiftDateTime(toDateTime(dt), this.unit, this.size, n);
  }

  /**
   * Number of steps from `a` to `b` (negative when `b` is earlier); both must be on the grid,
   * and `b` is read in the zone of `a`.
   *
   * @param a - The first date-time.
   * @param b - The second date-time.
   * @returns The number of steps.
   * @throws ValueError for `NONE` or when a date-time is not on the grid.
   * @example
   * Frequency.PT15M.between('2024-10-27', '2024-10-28') //=> 100
   */
  between(a: TimeInput, b: TimeInput): number {
    if (this.unit === 'none') throw new ValueError('Frequency NONE cannot be stepped');
    const from = toDateTime(a);
    const to = toDateTime(b, from.zone);
    if (!this.matches(from) || !this.matches(to)) {
      throw new ValueError(`Both date-times must be on the ${this.tag} grid`);
    }
    return stepsBetween(from, to, this.unit, this.size);
  }

  /**
   * Whether a date-time is on the grid (truncation leaves it unchanged).
   *
   * @param dt - The date-time (a DateTime keeps its zone; strings and Dates are read in CET).
   * @returns `true` when aligned; always `true` for `NONE`.
   * @throws ValueError for an invalid date-time.
   * @example
   * Frequency.P1W.matches('2024-04-01') //=> true
   */
  matches(dt: TimeInput): boolean {
    const value = toDateTime(dt);
    return this.truncate(value).toMillis() === value.toMillis();
  }

  /**
   * The tag.
   *
   * @returns The canonical tag.
   * @example
   * String(Frequency.PT15M) //=> 'PT15M'
   */
  toString(): string {
    return this.tag;
  }

  /**
   * The tag, for JSON.
   *
   * @returns The canonical tag.
   * @example
   * JSON.stringify({ frequency: Frequency.P1D }) //=> '{"frequency":"P1D"}'
   */
  toJSON(): string {
    return this.tag;
  }

  /**
   * How Node's `util.inspect` (and the REPL) shows a frequency.
   *
   * @returns `Frequency.<tag>`.
   * @example
   * util.inspect(Frequency.P1M) //=> 'Frequency.P1M'
   */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `Frequency.${this.tag}`;
  }
}

byTag.set('pt60m', Frequency.PT1H);
const ALL: readonly Frequency[] = Object.freeze([...ordered]);
