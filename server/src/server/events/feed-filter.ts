/**
 * Event filters of the push feed (docs/protocol.md#feed-filters): reading the filter objects a client sends with
 * `curves.subscribe`, writing them back as the server accepted them, and matching events.
 *
 * Matching: an event is delivered when it matches any filter; a filter matches when every field
 * it sets matches (any value of a list field). Decisions where the reference is silent:
 * - `areas` match a curve's area or, for exchange curves, its importing area, by exact tag;
 * - `commodities`, `categories`, `exact_categories` and tags compare case-insensitively;
 * - `begin`/`end` keep events whose affected range `[begin, end)` overlaps `[begin, end)` of the
 *   filter (an event with an empty range counts as the instant it starts at); a date-time without
 *   offset is wall-clock time in the event curve's zone; events without a range always pass;
 * - `tags`/`exclude_tags` only act on events of an instance.
 *
 * @module
 */
import { FixedOffsetZone } from 'luxon';
import { Area, DataType, EventType } from 'service/model';
import { UTC, zoneByName } from 'service/time';
import { formatInstant, lastOffsetMinutes, parseInstant } from 'service/wire';
import type { CurveRecord, EventRecord } from '../store';

/**
 * Most filters one subscription may carry (the reference documents 10).
 *
 * @example
 * MAX_FILTERS //=> 10
 */
export const MAX_FILTERS = 10;

/** A filter as it travels on the wire; keys are present only when set. */
export interface FilterJson {
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

/** A `begin`/`end` bound: an instant, or a wall-clock time resolved per curve zone. */
class Bound {
  private readonly byZone = new Map<string, number>();

  constructor(
    /** The bound as echoed: `YYYY-MM-DD HH:MM:SS[+HH:MM]`. */
    readonly text: string,
    private readonly instant: number | null,
    private readonly naive: string,
  ) {}

  /** Whether the bound carries an offset (is one instant for every zone). */
  get isInstant(): boolean {
    return this.instant !== null;
  }

  /** Epoch ms of the bound for a curve zone. */
  at(zone: string): number {
    if (this.instant !== null) return this.instant;
    let ms = this.byZone.get(zone);
    if (ms === undefined) {
      ms = parseInstant(this.naive, zoneByName(zone));
      this.byZone.set(zone, ms);
    }
    return ms;
  }
}

function readBound(value: unknown, key: string, errors: string[], where: string): Bound | null {
  if (typeof value !== 'string') {
    errors.push(`${where}.${key}: expected a date-time string`);
    return null;
  }
  const text = value.trim();
  const ms = parseInstant(text, UTC);
  if (ms !== ms) {
    errors.push(`${where}.${key}: not a date-time: ${JSON.stringify(value)}`);
    return null;
  }
  const offset = lastOffsetMinutes();
  if (offset === offset) {
    const shown = formatInstant(ms, FixedOffsetZone.instance(offset)).replace('T', ' ');
    return new Bound(shown, ms, text);
  }
  const shown = formatInstant(ms, UTC).slice(0, -6).replace('T', ' ');
  return new Bound(shown, null, text);
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

const lowerSet = (items: readonly string[] | undefined) => (items === undefined ? null : new Set(items.map((t) => t.toLowerCase())));
const plainSet = (items: readonly string[] | undefined) => (items === undefined ? null : new Set(items));

/**
 * One accepted filter of a subscription.
 *
 * @example
 * const [f] = parseFeedFilters([{ areas: ['de'], data_types: ['actual'] }], []);
 * f.json //=> { areas: ['DE'], data_types: ['ACTUAL'] }
 */
export class FeedFilter {
  /** The filter as the server accepted it (echoed in responses). */
  readonly json: Readonly<FilterJson>;
  private readonly eventTypes: ReadonlySet<string> | null;
  private readonly tags: ReadonlySet<string> | null;
  private readonly excludeTags: ReadonlySet<string> | null;
  private readonly curveNames: ReadonlySet<string> | null;
  private readonly areas: ReadonlySet<string> | null;
  private readonly dataTypes: ReadonlySet<string> | null;
  private readonly commodities: ReadonlySet<string> | null;
  private readonly categories: ReadonlySet<string> | null;
  private readonly exactCategories: ReadonlySet<string> | null;

  constructor(
    json: FilterJson,
    private readonly begin: Bound | null,
    private readonly end: Bound | null,
  ) {
    this.json = Object.freeze(json);
    this.eventTypes = plainSet(json.event_types);
    this.tags = lowerSet(json.tags);
    this.excludeTags = lowerSet(json.exclude_tags);
    this.curveNames = plainSet(json.curve_names);
    this.areas = plainSet(json.areas);
    this.dataTypes = plainSet(json.data_types);
    this.commodities = lowerSet(json.commodities);
    this.categories = lowerSet(json.categories);
    this.exactCategories = lowerSet(json.exact_categories);
  }

  /**
   * Whether an event of a curve passes this filter.
   *
   * @param event - The logged event.
   * @param curve - Its curve.
   * @returns True when every field the filter sets matches.
   * @example
   * f.matches(event, deWindActual) //=> true
   */
  matches(event: EventRecord, curve: CurveRecord): boolean {
    if (this.eventTypes && !this.eventTypes.has(event.type)) return false;
    if (this.curveNames && !this.curveNames.has(curve.name)) return false;
    if (this.areas && !this.areas.has(curve.area) && !(curve.areaSink !== null && this.areas.has(curve.areaSink))) return false;
    if (this.dataTypes && !this.dataTypes.has(curve.dataType)) return false;
    if (this.commodities && !(curve.commodity !== null && this.commodities.has(curve.commodity.toLowerCase()))) return false;
    if (this.categories && !curve.categories.some((c) => this.categories?.has(c.toLowerCase()))) return false;
    if (this.exactCategories && !this.exactCategories.has(curve.categories.join(' ').toLowerCase())) return false;
    if (event.issued !== null) {
      const tag = (event.tag ?? '').toLowerCase();
      if (this.tags && !this.tags.has(tag)) return false;
      if (this.excludeTags?.has(tag)) return false;
    }
    if ((this.begin || this.end) && event.begin !== null) {
      const from = event.begin;
      const to = event.end !== null && event.end > from ? event.end : from + 1;
      if (this.begin && !(to > this.begin.at(curve.timezone))) return false;
      if (this.end && !(from < this.end.at(curve.timezone))) return false;
    }
    return true;
  }
}

function parseOne(value: unknown, where: string, errors: string[]): FeedFilter | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    errors.push(`${where}: expected a filter object`);
    return null;
  }
  const obj = value as Record<string, unknown>;
  const before = errors.length;
  for (const key of Object.keys(obj)) if (!ALL_KEYS.has(key)) errors.push(`${where}: unknown key ${JSON.stringify(key)}`);
  const set = (key: string) => obj[key] !== undefined && obj[key] !== null;
  const isNameFilter = set('curve_names');
  if (isNameFilter) {
    const mixed = ATTRIBUTE_KEYS.filter(set);
    if (mixed.length) errors.push(`${where}: curve_names cannot be combined with ${mixed.join(', ')}`);
  }
  const json: FilterJson = {};
  let begin: Bound | null = null;
  let end: Bound | null = null;
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
  if (set('begin')) begin = readBound(obj.begin, 'begin', errors, where);
  if (set('end')) end = readBound(obj.end, 'end', errors, where);
  if (begin) json.begin = begin.text;
  if (end) json.end = end.text;
  if (begin && end && begin.isInstant === end.isInstant && begin.at('UTC') >= end.at('UTC')) {
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
  return errors.length === before ? new FeedFilter(json, begin, end) : null;
}

/**
 * Reads the `filters` of a `curves.subscribe` request: an array of 1 to {@link MAX_FILTERS}
 * filter objects (a single object is taken as a list of one). Tags are checked and written in
 * their canonical case; list values are de-duplicated; `null` members count as unset.
 *
 * @param value - The `filters` member.
 * @param errors - Receives one message per problem (the request is refused when any).
 * @returns The filters, or an empty list when there were errors.
 * @example
 * const errors: string[] = [];
 * parseFeedFilters([{ areas: ['XX'] }], errors); errors //=> ['filters[0].areas: unknown value "XX"']
 */
export function parseFeedFilters(value: unknown, errors: string[]): FeedFilter[] {
  const items = value !== null && typeof value === 'object' && !Array.isArray(value) ? [value] : value;
  if (!Array.isArray(items)) {
    errors.push('filters: expected a list of filter objects');
    return [];
  }
  const before = errors.length;
  if (items.length === 0) errors.push('filters: at least one filter is required');
  if (items.length > MAX_FILTERS) errors.push(`filters: too many filters (${items.length}; at most ${MAX_FILTERS})`);
  if (errors.length > before) return [];
  const out = items.map((item, i) => parseOne(item, `filters[${i}]`, errors));
  return errors.length > before ? [] : (out as FeedFilter[]);
}

/**
 * Whether an event matches any of a subscription's filters.
 *
 * @param filters - The subscription's filters.
 * @param event - The event.
 * @param curve - Its curve.
 * @returns True when one filter matches.
 * @example
 * matchesAny(filters, event, curve) //=> true
 */
export function matchesAny(filters: readonly FeedFilter[], event: EventRecord, curve: CurveRecord): boolean {
  for (const f of filters) if (f.matches(event, curve)) return true;
  return false;
}
