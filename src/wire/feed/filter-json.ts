/**
 * Filter objects of the push feed as they travel on the wire (docs/protocol.md#feed-filters): the
 * one type both ends use, and the reader that checks one and writes it in its canonical form
 * (tags in their canonical case, lists de-duplicated, `begin`/`end` as
 * `YYYY-MM-DD HH:MM:SS[+HH:MM]`). The server reads `curves.subscribe` filters with it; the client
 * reads the filters the server echoes with it.
 *
 * @module
 */
import { FixedOffsetZone } from 'luxon';
import { Area, DataType, EventType } from '../../model';
import { UTC } from '../../time';
import { formatInstant } from '../json/format-instants';
import { lastOffsetMinutes, parseInstant } from '../json/parse-instant';

/**
 * Most filters one subscription may carry (the reference documents 10).
 *
 * @example
 * MAX_FILTERS //=> 10
 */
export const MAX_FILTERS = 10;

/** A filter on the wire; keys are present only when set, in this order. */
export interface FeedFilterJson {
  event_types?: string[];
  begin?: string;
  end?: string;
  tags?: string[];
  exclude_tags?: string[];
  curve_names?: string[];
  areas?: string[];
  data_types?: string[];
  commodities?: string[];
  categories?: string[];
  exact_categories?: string[];
}

const COMMON_KEYS = ['event_types', 'begin', 'end', 'tags', 'exclude_tags'] as const;
const NAME_KEYS = ['curve_names'] as const;
const ATTRIBUTE_KEYS = ['areas', 'data_types', 'commodities', 'categories', 'exact_categories'] as const;
const ALL_KEYS: ReadonlySet<string> = new Set([...COMMON_KEYS, ...NAME_KEYS, ...ATTRIBUTE_KEYS]);
const WIRE_EVENT_TYPES = EventType.all()
  .filter((t) => t.isCurveType())
  .map((t) => t.tag);

/** A `begin`/`end` bound read from its text. */
export interface FeedFilterTime {
  /** The canonical text: `YYYY-MM-DD HH:MM:SS`, with `+HH:MM` when the text had an offset. */
  text: string;
  /** Epoch ms when the text had an offset (one instant in every zone), else `null` (wall-clock time). */
  instant: number | null;
}

/**
 * Reads a `begin`/`end` text: an ISO 8601 date or date-time, with or without offset, `T` or a space.
 *
 * @param text - The text.
 * @returns The bound, or `null` when the text is not a date-time.
 * @example
 * readFilterTime('2023-09-01') //=> { text: '2023-09-01 00:00:00', instant: null }
 * readFilterTime('2023-09-01T06:30-04:00')?.text //=> '2023-09-01 06:30:00-04:00'
 */
export function readFilterTime(text: string): FeedFilterTime | null {
  const ms = parseInstant(text.trim(), UTC);
  if (ms !== ms) return null;
  const offset = lastOffsetMinutes();
  if (offset === offset) return { text: formatInstant(ms, FixedOffsetZone.instance(offset)).replace('T', ' '), instant: ms };
  return { text: formatInstant(ms, UTC).slice(0, -6).replace('T', ' '), instant: null };
}

function readBound(value: unknown, key: string, errors: string[], where: string): FeedFilterTime | null {
  if (typeof value !== 'string') {
    errors.push(`${where}.${key}: expected a date-time string`);
    return null;
  }
  const time = readFilterTime(value);
  if (time === null) errors.push(`${where}.${key}: not a date-time: ${JSON.stringify(value)}`);
  return time;
}

function readList(value: unknown, key: string, errors: string[], where: string): string[] | null {
  const items = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(items) || items.length === 0 || items.some((v) => typeof v !== 'string' || v.trim() === '')) {
    errors.push(`${where}.${key}: expected a non-empty list of non-empty strings`);
    return null;
  }
  return [...new Set(items.map((v: string) => v.trim()))];
}

function readTags(
  value: unknown,
  key: string,
  errors: string[],
  where: string,
  valid: (t: string) => boolean,
  canonical: (t: string) => string,
): string[] | null {
  const items = readList(value, key, errors, where);
  if (items === null) return null;
  const bad = items.filter((t) => !valid(t));
  if (bad.length) {
    errors.push(`${where}.${key}: unknown ${bad.length > 1 ? 'values' : 'value'} ${bad.map((b) => JSON.stringify(b)).join(', ')}`);
    return null;
  }
  return [...new Set(items.map(canonical))];
}

/** How strictly {@link readFeedFilters} reads. */
export interface ReadFiltersOptions {
  /** Skip keys this protocol does not know instead of refusing them (for echoes; default false). */
  ignoreUnknownKeys?: boolean;
}

/**
 * Reads one filter object. `null` members count as unset.
 *
 * @param value - The filter object.
 * @param where - Its name in messages (`filters[0]`).
 * @param errors - Receives one message per problem, each naming the field (`filters[0].areas: ...`).
 * @param options - Strictness.
 * @returns The filter in its canonical form, or `null` when there were problems.
 * @example
 * readFeedFilter({ areas: ['de', 'DE'], data_types: 'actual' }, 'filters[0]', []) //=> { areas: ['DE'], data_types: ['ACTUAL'] }
 */
export function readFeedFilter(value: unknown, where: string, errors: string[], options: ReadFiltersOptions = {}): FeedFilterJson | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    errors.push(`${where}: expected a filter object`);
    return null;
  }
  const obj = value as Record<string, unknown>;
  const before = errors.length;
  if (!options.ignoreUnknownKeys)
    for (const key of Object.keys(obj)) if (!ALL_KEYS.has(key)) errors.push(`${where}: unknown key ${JSON.stringify(key)}`);
  const set = (key: string) => obj[key] !== undefined && obj[key] !== null;
  const isNameFilter = set('curve_names');
  if (isNameFilter) {
    const mixed = ATTRIBUTE_KEYS.filter(set);
    if (mixed.length) errors.push(`${where}: curve_names cannot be combined with ${mixed.join(', ')}`);
  }
  const json: FeedFilterJson = {};
  if (set('event_types')) {
    const v = readTags(
      obj.event_types,
      'event_types',
      errors,
      where,
      (t) => WIRE_EVENT_TYPES.includes(t.toUpperCase()),
      (t) => t.toUpperCase(),
    );
    if (v) json.event_types = v;
  }
  const begin = set('begin') ? readBound(obj.begin, 'begin', errors, where) : null;
  const end = set('end') ? readBound(obj.end, 'end', errors, where) : null;
  if (begin) json.begin = begin.text;
  if (end) json.end = end.text;
  if (begin && end && (begin.instant === null) === (end.instant === null) && !precedes(begin, end)) {
    errors.push(`${where}: begin must be before end`);
  }
  for (const key of ['tags', 'exclude_tags'] as const) {
    if (set(key)) {
      const v = readList(obj[key], key, errors, where);
      if (v) json[key] = v;
    }
  }
  if (isNameFilter) {
    const v = readList(obj.curve_names, 'curve_names', errors, where);
    if (v) json.curve_names = v;
  } else {
    if (set('areas')) {
      const v = readTags(
        obj.areas,
        'areas',
        errors,
        where,
        (t) => Area.isValidTag(t) && t !== '',
        (t) => Area.byTag(t).tag,
      );
      if (v) json.areas = v;
    }
    if (set('data_types')) {
      const v = readTags(
        obj.data_types,
        'data_types',
        errors,
        where,
        (t) => DataType.isValidTag(t),
        (t) => DataType.byTag(t).tag,
      );
      if (v) json.data_types = v;
    }
    for (const key of ['commodities', 'categories', 'exact_categories'] as const) {
      if (set(key)) {
        const v = readList(obj[key], key, errors, where);
        if (v) json[key] = v;
      }
    }
  }
  return errors.length === before ? json : null;
}

/** Whether `begin` is before `end` (both instants, or both wall-clock times compared as such). */
function precedes(begin: FeedFilterTime, end: FeedFilterTime): boolean {
  if (begin.instant !== null && end.instant !== null) return begin.instant < end.instant;
  return parseInstant(begin.text, UTC) < parseInstant(end.text, UTC);
}

/**
 * Reads the `filters` of a subscription: a list of 1 to {@link MAX_FILTERS} filter objects (a
 * single object is taken as a list of one).
 *
 * @param value - The `filters` member.
 * @param errors - Receives one message per problem, each naming the field (`filters[1].begin: ...`).
 * @param options - Strictness.
 * @returns The filters in their canonical form, or an empty list when there were problems.
 * @example
 * const errors: string[] = [];
 * readFeedFilters([{ areas: ['XX'] }], errors); errors //=> ['filters[0].areas: unknown value "XX"']
 */
export function readFeedFilters(value: unknown, errors: string[], options: ReadFiltersOptions = {}): FeedFilterJson[] {
  const items = value !== null && typeof value === 'object' && !Array.isArray(value) ? [value] : value;
  if (!Array.isArray(items)) {
    errors.push('filters: expected a list of filter objects');
    return [];
  }
  const before = errors.length;
  if (items.length === 0) errors.push('filters: at least one filter is required');
  if (items.length > MAX_FILTERS) errors.push(`filters: too many filters (${items.length}; at most ${MAX_FILTERS})`);
  if (errors.length > before) return [];
  const out: FeedFilterJson[] = [];
  items.forEach((item, i) => {
    const json = readFeedFilter(item, `filters[${i}]`, errors, options);
    if (json) out.push(json);
  });
  return errors.length > before ? [] : out;
}
