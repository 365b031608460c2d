// One descriptor per parameter kind, shared by both ends: the client coerces user input to wire
// text with `encode`, the service reads query text back with `decode`. Both raise
// `ValidationError(reason, parameter)` naming the parameter by its wire name, as the reference
// client does (docs/protocol.md#validation).
import { DateTime, type Zone } from 'luxon';
import { ValidationError } from '../exceptions';
import { Aggregation, Area, ContractPeriod, CurveType, DataType, EnumBase, Fill, Filter, OHLCField, type EnumClass } from '../model';
import { Frequency, REQUEST_ZONE_NAMES, zoneByName, zoneName, type TimeInput } from '../time';
import type { QueryValues } from './encode';
import {
  formatBoolean,
  formatDate,
  formatDateTime,
  formatThreshold,
  formatTimeOfDay,
  parseBooleanText,
  parseDateText,
  parseDateTimeText,
  parseIntegerText,
  parseNumberText,
  parseThresholdText,
  parseTimeOfDayText,
  type Threshold,
  type TimeOfDay,
  type WireDateTime,
} from './formats';

/**
 * How one kind of value travels: user input → wire text (client) and wire text → normalised
 * value (server). Both functions throw `ValidationError` naming `name`.
 */
export interface ParamKind<I, O> {
  /** What the parameter takes, as used in "Provide …" messages, e.g. `'a datetime'`. */
  readonly label: string;
  /** Client side: validates a present input and returns its wire text. */
  encode(input: I, name: string): string;
  /** Server side: validates one query text and returns the normalised value. */
  decode(text: string, name: string): O;
}

/** A query parameter: its wire name and kind, plus whether it is required, defaulted or a list. */
export interface Param<I, O, D> {
  /** The wire name, e.g. `'issued-at-latest'`. */
  readonly name: string;
  /** The value kind. */
  readonly kind: ParamKind<I, O>;
  /** Client side: the texts to send (`[]` to omit). */
  encode(input: I | null | undefined): string[];
  /** Server side: the decoded value from the request's query. */
  decode(query: QueryValues): D;
}

/** A repeated-key list parameter: one occurrence per element. */
export interface ListParam<I, O> {
  /** The wire name, e.g. `'tags'`. */
  readonly name: string;
  /** The element kind. */
  readonly kind: ParamKind<I, O>;
  /** Client side: one text per element (a single value counts as one; `[]` to omit). */
  encode(input: I | null | readonly (I | null)[] | undefined): string[];
  /** Server side: the decoded elements (`[]` when absent). */
  decode(query: QueryValues): O[];
}

const fail = (reason: string, name: string): never => {
  throw new ValidationError(reason, name);
};
const quoted = (v: unknown): string => (typeof v === 'string' ? `'${v}'` : String(v));

/**
 * An optional parameter: omitted when the input is `null`/`undefined`; `undefined` when absent.
 *
 * @param name - The wire name.
 * @param kind - The value kind.
 * @returns The descriptor.
 * @example
 * optionalParam('unit', STRING).encode('GWh/h')
 * //=> ['GWh/h']
 */
export function optionalParam<I, O>(name: string, kind: ParamKind<I, O>): Param<I, O, O | undefined> {
  return {
    name,
    kind,
    encode: (input) => (input === null || input === undefined ? [] : [kind.encode(input, name)]),
    decode: (query) => {
      const text = query.get(name);
      return text === undefined ? undefined : kind.decode(text, name);
    },
  };
}

/**
 * A required parameter: a missing value is a `ValidationError` ("Provide …") on both ends.
 *
 * @param name - The wire name.
 * @param kind - The value kind.
 * @returns The descriptor.
 * @throws {ValidationError} From `encode`/`decode` when the value is missing or invalid.
 * @example
 * requiredParam('begin', DATE_TIME).encode('2020-06-01')
 * //=> ['2020-06-01']
 */
export function requiredParam<I, O>(name: string, kind: ParamKind<I, O>): Param<I, O, O> {
  return {
    name,
    kind,
    encode: (input) => [input === null || input === undefined ? fail(`Provide ${kind.label}`, name) : kind.encode(input, name)],
    decode: (query) => {
      const text = query.get(name);
      return text === undefined ? fail(`Provide ${kind.label}`, name) : kind.decode(text, name);
    },
  };
}

/**
 * A parameter that is always sent: the default replaces a missing input on both ends.
 *
 * @param name - The wire name.
 * @param kind - The value kind.
 * @param fallback - The default input (sent when the caller gives none).
 * @returns The descriptor.
 * @example
 * defaultParam('limit', integer({ min: 1, max: 25 }), 25).encode(undefined)
 * //=> ['25']
 */
export function defaultParam<I, O>(name: string, kind: ParamKind<I, O>, fallback: I): Param<I, O, O> {
  return {
    name,
    kind,
    encode: (input) => [kind.encode(input === null || input === undefined ? fallback : input, name)],
    decode: (query) => kind.decode(query.get(name) ?? kind.encode(fallback, name), name),
  };
}

/**
 * A repeated-key list parameter: a single value or an array; `[]`/absent is omitted. With
 * `nullText`, a `null` element is sent as that text (curve search sends `source=null`).
 *
 * @param name - The wire name.
 * @param kind - The element kind.
 * @param options - `nullText`: the text for `null` elements (otherwise they are rejected).
 * @returns The descriptor; `decode` gives `[]` when absent.
 * @throws {ValidationError} From `encode` for elements of the wrong kind.
 * @example
 * listParam('tags', STRING).encode(['ec', 'gfs'])
 * //=> ['ec', 'gfs']
 */
export function listParam<I, O>(name: string, kind: ParamKind<I, O>, options: { nullText?: string } = {}): ListParam<I, O> {
  const item = (v: I | null): string =>
    v === null && options.nullText !== undefined
      ? options.nullText
      : v === null || v === undefined
        ? fail(`Provide ${kind.label} or a list of them`, name)
        : kind.encode(v, name);
  return {
    name,
    kind,
    encode: (input) => {
      if (input === null || input === undefined) return [];
      return Array.isArray(input) ? (input as readonly (I | null)[]).map(item) : [item(input as I)];
    },
    decode: (query) => query.getAll(name).map((text) => kind.decode(text, name)),
  };
}

function checkRange(n: number, name: string, min?: number, max?: number): number {
  if (min !== undefined && n < min) fail(`Must be higher than ${min}, was ${n}`, name);
  if (max !== undefined && n > max) fail(`Must be lower than ${max}, was ${n}`, name);
  return n;
}

/** A date-time input: a `Date`, a luxon `DateTime`, or an ISO text (`YYYY-MM-DD[ HH:MM[:SS[.f]]][±HH:MM]`). */
export type DateTimeInput = TimeInput;

function toDateTimeOrFail(input: unknown, name: string, label: string): DateTime | string {
  if (typeof input === 'string') return input;
  if (DateTime.isDateTime(input) && input.isValid) return input;
  if (input instanceof Date && !Number.isNaN(input.getTime())) return DateTime.fromJSDate(input, { zone: 'utc' });
  return fail(`Provide ${label}`, name);
}

/**
 * Date-time kind (`begin`, `end`, `issued-at-*`, `delivery` of instances). Texts are sent
 * verbatim after a format check; a DateTime as `YYYY-MM-DD HH:MM:SS[.ffffff]±HH:MM` in its own
 * zone; a `Date` likewise in UTC. Decodes to a {@link WireDateTime} (zone resolved later).
 *
 * @example
 * DATE_TIME.encode(new Date('2020-06-02T00:00:00Z'), 'end')
 * //=> '2020-06-02 00:00:00+00:00'
 */
export const DATE_TIME: ParamKind<DateTimeInput, WireDateTime> = {
  label: 'a datetime',
  encode(input, name) {
    const value = toDateTimeOrFail(input, name, this.label);
    if (typeof value !== 'string') return formatDateTime(value);
    return parseDateTimeText(value) ? value : fail(`Not a valid datetime: '${value}'`, name);
  },
  decode: (text, name) => parseDateTimeText(text) ?? fail(`Not a valid datetime: '${text}'`, name),
};

/**
 * Date kind (`begin`, `end`, `date`, `delivery` of OHLC and SRMC). Texts are sent verbatim after
 * a format check (a date-time text passes too); a DateTime as its calendar date in its zone, a
 * `Date` as its UTC date. Decodes to `YYYY-MM-DD`.
 *
 * @example
 * DATE.encode(DateTime.fromISO('2020-12-01T10:00:00+01:00', { setZone: true }), 'date')
 * //=> '2020-12-01'
 */
export const DATE: ParamKind<DateTimeInput, string> = {
  label: 'a date',
  encode(input, name) {
    const value = toDateTimeOrFail(input, name, this.label);
    if (typeof value !== 'string') return formatDate(value);
    return parseDateText(value) ? value : fail(`Not a valid date: '${value}'`, name);
  },
  decode: (text, name) => parseDateText(text) ?? fail(`Not a valid date: '${text}'`, name),
};

/** A time-of-day input: a text (`HH:MM[:SS[.mmm]]`), a luxon DateTime (its wall-clock time), or fields. */
export type TimeOfDayInput = string | DateTime | { hour: number; minute?: number; second?: number; millisecond?: number };

/**
 * Time-of-day kind (`time-of-day`, `issued-time-of-day`, ...): texts verbatim after a format
 * check; DateTimes and field objects as `HH:MM:SS.mmm`. Decodes to a {@link TimeOfDay}.
 *
 * @example
 * TIME_OF_DAY.encode({ hour: 12 }, 'time-of-day')
 * //=> '12:00:00.000'
 */
export const TIME_OF_DAY: ParamKind<TimeOfDayInput, TimeOfDay> = {
  label: 'a time',
  encode(input, name) {
    if (typeof input === 'string') return parseTimeOfDayText(input) ? input : fail(`Not a valid time: '${input}'`, name);
    if (DateTime.isDateTime(input) && input.isValid) return formatTimeOfDay(input);
    if (typeof input === 'object' && input !== null && !DateTime.isDateTime(input)) {
      const t = { hour: input.hour, minute: input.minute ?? 0, second: input.second ?? 0, millisecond: input.millisecond ?? 0 };
      const ok = (
        [
          [t.hour, 23],
          [t.minute, 59],
          [t.second, 59],
          [t.millisecond, 999],
        ] as const
      ).every(([v, max]) => Number.isInteger(v) && v >= 0 && v <= max);
      if (ok) return formatTimeOfDay(t);
    }
    return fail(`Provide ${this.label}`, name);
  },
  decode: (text, name) => parseTimeOfDayText(text) ?? fail(`Not a valid time: '${text}'`, name),
};

/**
 * Boolean kind (`only-subscribed`, `has-place`, `tree`): `true` / `false`.
 *
 * @example
 * BOOLEAN.encode(true, 'tree')
 * //=> 'true'
 */
export const BOOLEAN: ParamKind<boolean, boolean> = {
  label: 'a boolean (true or false)',
  encode(input, name) {
    return typeof input === 'boolean' ? formatBoolean(input) : fail(`Provide ${this.label}`, name);
  },
  decode: (text, name) => parseBooleanText(text) ?? fail(`Provide a boolean (true or false), was '${text}'`, name),
};

/**
 * String kind (`q`, `unit`, `tag`, `commodity`, ...): sent verbatim.
 *
 * @example
 * STRING.encode('°C', 'unit')
 * //=> '°C'
 */
export const STRING: ParamKind<string, string> = {
  label: 'a string',
  encode(input, name) {
    return typeof input === 'string' ? input : fail(`Provide ${this.label}`, name);
  },
  decode: (text) => text,
};

/**
 * String kind restricted to exact values (case-sensitive), e.g. `issued`: `earliest` / `latest`.
 *
 * @param values - The allowed texts.
 * @returns The kind.
 * @example
 * oneOf(['earliest', 'latest']).encode('latest', 'issued')
 * //=> 'latest'
 */
export function oneOf<T extends string>(values: readonly T[]): ParamKind<T, T> {
  const check = (v: unknown, name: string): T =>
    typeof v === 'string' && (values as readonly string[]).includes(v)
      ? (v as T)
      : fail(`Allowed values are ${values.map((x) => `'${x}'`).join(', ')}`, name);
  return { label: `one of ${values.join(', ')}`, encode: check, decode: check };
}

/**
 * Bounded integer kind (`limit`, `page`, `days-ahead`, `front`, ...), bounds inclusive.
 *
 * @param bounds - `min` and `max`, each optional.
 * @returns The kind.
 * @example
 * integer({ min: 1, max: 25 }).encode(10, 'limit')
 * //=> '10'
 */
export function integer(bounds: { min?: number; max?: number } = {}): ParamKind<number, number> {
  return {
    label: 'an integer',
    encode: (input, name) =>
      String(Number.isSafeInteger(input) ? checkRange(input, name, bounds.min, bounds.max) : fail('Provide an integer', name)),
    decode: (text, name) =>
      checkRange(parseIntegerText(text) ?? fail(`Provide an integer, was '${text}'`, name), name, bounds.min, bounds.max),
  };
}

/**
 * Bounded number kind (SRMC factors), bounds inclusive. A number is sent as JavaScript writes
 * it; a numeric text is sent verbatim after the checks (so `'7.0'` stays `7.0`).
 *
 * @param bounds - `min` and `max`, each optional.
 * @returns The kind.
 * @example
 * number({ min: 0.01, max: 1 }).encode(0.35, 'efficiency')
 * //=> '0.35'
 */
export function number(bounds: { min?: number; max?: number } = {}): ParamKind<number | string, number> {
  const read = (v: unknown, name: string): number =>
    (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' ? parseNumberText(v) : undefined) ??
    fail(`Provide a number, was ${quoted(v)}`, name);
  return {
    label: 'a number',
    encode: (input, name) => {
      checkRange(read(input, name), name, bounds.min, bounds.max);
      return String(input);
    },
    decode: (text, name) => checkRange(read(text, name), name, bounds.min, bounds.max),
  };
}

/** Case-insensitive tag lookup of an enumeration-like class (model enums, `Frequency`, `Area`). */
export interface TagLookup<E extends { readonly tag: string }> {
  /** Member for a tag (may throw for unknown tags). */
  byTag(tag: string): E;
  /** Whether the tag names a member. */
  isValidTag(tag: unknown): boolean;
  /** Whether a value is a member. */
  isMember(value: unknown): value is E;
}

/**
 * Enumeration kind: a member is sent as its canonical tag; a text is checked case-insensitively
 * and sent exactly as typed (docs/protocol.md#parameter-formats). Decodes to the member.
 *
 * @param label - The enumeration's name for messages, e.g. `'Frequency'`.
 * @param lookup - The class's lookups.
 * @returns The kind.
 * @example
 * enumKind('CurveType', enumLookup(CurveType)).encode('instance', 'curve-type')
 * //=> 'instance'
 */
export function enumKind<E extends { readonly tag: string }>(label: string, lookup: TagLookup<E>): ParamKind<E | string, E> {
  const invalid = (v: unknown, name: string): never => fail(`Not a valid ${label}: ${quoted(v)}`, name);
  return {
    label: `a ${label}`,
    encode: (input, name) =>
      typeof input === 'string'
        ? lookup.isValidTag(input)
          ? input
          : invalid(input, name)
        : lookup.isMember(input)
          ? input.tag
          : invalid(input, name),
    decode: (text, name) => (lookup.isValidTag(text) ? lookup.byTag(text) : invalid(text, name)),
  };
}

/**
 * The {@link TagLookup} of a model enumeration class.
 *
 * @param cls - e.g. `CurveType`.
 * @returns Its lookups.
 * @example
 * enumLookup(CurveType).byTag('ohlc') === CurveType.OHLC
 * //=> true
 */
export function enumLookup<T extends EnumBase>(cls: EnumClass<T>): TagLookup<T> {
  return {
    byTag: (tag) => EnumBase.byTag.call(cls, tag) as T,
    isValidTag: (tag) => EnumBase.isValidTag.call(cls, tag),
    isMember: (value): value is T => EnumBase.isMember.call(cls, value),
  };
}

/**
 * Frequency kind (`frequency`): `PT60M` is accepted as `PT1H`; a text is sent as typed.
 *
 * @example
 * FREQUENCY.encode(Frequency.P1D, 'frequency')
 * //=> 'P1D'
 */
export const FREQUENCY: ParamKind<Frequency | string, Frequency> = enumKind<Frequency>('Frequency', {
  byTag: (tag) => Frequency.byTag(tag),
  isValidTag: (tag) => typeof tag === 'string' && Frequency.isValidTag(tag),
  isMember: (value): value is Frequency => Frequency.isFrequency(value),
});

/**
 * Zone kind (`timezone`): one of `REQUEST_ZONE_NAMES` (docs/protocol.md#request-zones). A luxon Zone is sent as
 * its wire name; a text is sent as typed (the five IANA names in any case, `Europe/Gas_Day`
 * exactly). The service matches all six ignoring case and decodes to the luxon Zone.
 *
 * @example
 * ZONE.encode('utc', 'timezone')
 * //=> 'utc'
 */
export const ZONE: ParamKind<Zone | string, Zone> = {
  label: 'a timezone',
  encode(input, name) {
    let text: unknown = input;
    if (typeof input === 'object' && input !== null) {
      try {
        text = zoneName(input);
      } catch {
        text = String((input as { name?: unknown }).name);
      }
    }
    if (typeof text !== 'string') return fail(`Not a supported timezone: ${quoted(text)}`, name);
    const lower = text.toLowerCase();
    const ok = text === 'Europe/Gas_Day' || REQUEST_ZONE_NAMES.some((z) => z !== 'Europe/Gas_Day' && z.toLowerCase() === lower);
    return ok ? text : fail(`Not a supported timezone: '${text}'`, name);
  },
  decode(text, name) {
    const canonical = REQUEST_ZONE_NAMES.find((z) => z.toLowerCase() === text.toLowerCase());
    return canonical ? zoneByName(canonical) : fail(`Not a supported timezone: '${text}'`, name);
  },
};

/** Aggregation kind (`aggregation`); `MEAN` decodes to `AVERAGE` but is sent as typed. */
export const AGGREGATION: ParamKind<Aggregation | string, Aggregation> = enumKind('Aggregation', enumLookup(Aggregation));
/** Hour-filter kind (`hour-filter`): `BASE`, `PEAK`, `OFFPEAK`, `WORKDAYS`, `WEEKEND`. */
export const HOUR_FILTER: ParamKind<Filter | string, Filter> = enumKind('Filter', enumLookup(Filter));
/** Curve-type kind (`curve-type`). */
export const CURVE_TYPE: ParamKind<CurveType | string, CurveType> = enumKind('CurveType', enumLookup(CurveType));
/** Data-type kind (`data-type`). */
export const DATA_TYPE: ParamKind<DataType | string, DataType> = enumKind('DataType', enumLookup(DataType));
/** Contract-period kind (`period`); wire tags are lower case (`month`). */
export const CONTRACT_PERIOD: ParamKind<ContractPeriod | string, ContractPeriod> = enumKind('ContractPeriod', enumLookup(ContractPeriod));
/** OHLC-field kind (the `{field}` path segment); wire tags are lower case (`settlement`). */
export const OHLC_FIELD: ParamKind<OHLCField | string, OHLCField> = enumKind('OHLCField', enumLookup(OHLCField));
/** Area kind (`area`, `carbon-tax-area`); the empty tag (no area) is valid and sent as `area=`. */
export const AREA: ParamKind<Area | string, Area> = enumKind('Area', {
  byTag: (tag) => Area.byTag(tag),
  isValidTag: (tag) => Area.isValidTag(tag),
  isMember: (value): value is Area => Area.isArea(value),
});

/**
 * Fill kind (`fill`): `no-fill`, `fill-holes`, `forward-fill`, any case, sent lower-cased.
 *
 * @example
 * FILL.encode('Forward-Fill', 'fill')
 * //=> 'forward-fill'
 */
export const FILL: ParamKind<Fill | string, Fill> = {
  label: 'a fill',
  encode(input, name) {
    const text = Fill.isMember(input) ? input.tag : typeof input === 'string' ? input.toLowerCase() : input;
    return Fill.isValidTag(text) && typeof text === 'string' ? text : fail(fillMessage(text), name);
  },
  decode: (text, name) => (Fill.isValidTag(text) ? Fill.byTag(text) : fail(fillMessage(text), name)),
};

function fillMessage(value: unknown): string {
  return `Not a valid fill ${quoted(value)}. Allowed values are: ${Fill.all()
    .map((f) => `'${f.tag}'`)
    .join(', ')}`;
}

/**
 * Threshold kind (`threshold`): a count (integer ≥ 0) or a percentage (0 ≤ x < 100, sent as
 * `x.xx%`). The service also accepts `100.00%`, which the reference sends for 99.995 ≤ x < 100.
 *
 * @example
 * THRESHOLD.encode({ kind: 'percent', percent: 0.125 }, 'threshold')
 * //=> '0.12%'
 */
export const THRESHOLD: ParamKind<Threshold, Threshold> = {
  label: 'a threshold',
  encode(input, name) {
    if (input.kind === 'count') {
      if (!Number.isSafeInteger(input.count)) fail('Provide an integer', name);
      checkRange(input.count, name, 0);
    } else if (!(typeof input.percent === 'number' && input.percent >= 0 && input.percent < 100)) {
      fail(`Percentage must be a number from 0 up to (not including) 100, was ${quoted(input.percent)}`, name);
    }
    return formatThreshold(input);
  },
  decode: (text, name) =>
    parseThresholdText(text) ?? fail(`Provide an integer of at least 0 or a percentage like 12.50%, was '${text}'`, name),
};
