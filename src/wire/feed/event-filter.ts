/**
 * Filter objects of the push feed (docs/protocol.md#feed-filters), as a user writes them: a
 * {@link CurveNameFilter} (exact curve names) or a {@link CurveAttributeFilter} (areas, data
 * types, commodities, categories, exact categories); both take event types, a data range
 * (`begin`, `end`) and instance tags. An event is delivered when it matches any filter of the
 * subscription; a filter matches when every field it sets matches.
 *
 * {@link encodeEventFilters} writes them as {@link FeedFilterJson} (the client sends that);
 * {@link parseEventFilters} reads {@link FeedFilterJson} back with the same reader the server
 * checks subscriptions with.
 *
 * @module
 */
import { DateTime } from 'luxon';
import { ValidationError } from '../../exceptions';
import { Area, Curve, DataType, EventType } from '../../model';
import { itemsTable } from '../../model/display';
import { displayAsRecord, listCell, type RecordShape } from '../../model/record-display';
import { UTC } from '../../time';
import { formatInstant } from '../json/format-instants';
import { readFeedFilters, readFilterTime, type FeedFilterJson } from './filter-json';

/** An event type: the enum or its tag (`CURVE_UPDATE`, any case). */
type EventTypeInput = EventType | string;
/** One value or several. */
export type OneOrMany<T> = T | readonly T[];

/** Fields both filter kinds take. */
interface FilterCommon {
  /** Event types to deliver (default all). */
  eventTypes?: OneOrMany<EventTypeInput>;
  /** Inclusive start of the data range of interest (date, date-time, ISO text). */
  begin?: Date | DateTime | string;
  /** Exclusive end of the data range of interest. */
  end?: Date | DateTime | string;
  /** Instance tags to deliver (events without an instance are not affected). */
  tags?: OneOrMany<string>;
  /** Instance tags not to deliver. */
  excludeTags?: OneOrMany<string>;
}

/** A filter on exact curve names. */
export interface CurveNameFilter extends FilterCommon {
  /** Curves (names or curve objects). */
  curveNames: OneOrMany<string | Curve>;
}

/** A filter on curve attributes; every attribute set narrows it. */
export interface CurveAttributeFilter extends FilterCommon {
  /** Areas (enum or tag); a curve matches by its area or, for exchanges, its importing area. */
  areas?: OneOrMany<Area | string>;
  /** Data types (enum or tag). */
  dataTypes?: OneOrMany<DataType | string>;
  /** Commodities (`Power`, `Gas`, ...). */
  commodities?: OneOrMany<string>;
  /** Categories; a curve needs at least one of them. */
  categories?: OneOrMany<string>;
  /** Exact categories (`Wind Power Production`). */
  exactCategories?: OneOrMany<string>;
}

/** Either kind of filter. */
export type EventFilter = CurveNameFilter | CurveAttributeFilter;

const COMMON = ['eventTypes', 'begin', 'end', 'tags', 'excludeTags'];
const ATTRIBUTES = ['areas', 'dataTypes', 'commodities', 'categories', 'exactCategories'];
const KNOWN = new Set([...COMMON, 'curveNames', ...ATTRIBUTES]);

function fail(reason: string): never {
  throw new ValidationError(reason, 'filters');
}

function many<T>(value: OneOrMany<T> | undefined, key: string): T[] | undefined {
  if (value === undefined || value === null) return undefined;
  const items = Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
  if (items.length === 0) fail(`${key} is empty; leave it out to match everything`);
  return items;
}

function texts(value: OneOrMany<string> | undefined, key: string): string[] | undefined {
  const items = many(value, key);
  if (items === undefined) return undefined;
  for (const t of items) if (typeof t !== 'string' || t.trim() === '') fail(`${key} must hold non-empty strings`);
  return [...new Set(items.map((t) => t.trim()))];
}

function tags<E extends { tag: string }>(
  value: OneOrMany<E | string> | undefined,
  key: string,
  lookup: (t: string) => E,
  what: string,
): string[] | undefined {
  const items = many(value, key);
  if (items === undefined) return undefined;
  return [
    ...new Set(
      items.map((item) => {
        if (typeof item !== 'string') return item.tag;
        try {
          return lookup(item).tag;
        } catch {
          return fail(`${key}: unknown ${what} ${JSON.stringify(item)}`);
        }
      }),
    ),
  ];
}

/**
 * Writes a date-time bound as the reference does, `YYYY-MM-DD HH:MM:SS[+HH:MM]`: a plain date is
 * local midnight without offset, a text keeps its offset (or has none), a DateTime its zone's.
 *
 * @param value - Date, luxon DateTime or ISO text.
 * @param key - `begin` or `end` (for messages).
 * @returns The text.
 * @throws ValidationError (parameter `filters`) for an invalid value.
 * @example
 * formatFilterTime('2023-09-01', 'begin') //=> '2023-09-01 00:00:00'
 */
export function formatFilterTime(value: Date | DateTime | string, key: string): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) fail(`${key} is an invalid Date`);
    return formatInstant(value.getTime(), UTC).replace('T', ' ');
  }
  if (DateTime.isDateTime(value)) {
    if (!value.isValid) fail(`${key} is an invalid DateTime`);
    return formatInstant(value.toMillis(), value.zone).replace('T', ' ');
  }
  if (typeof value !== 'string') fail(`${key} must be a date, a DateTime or an ISO text`);
  const time = readFilterTime(value);
  if (time === null) return fail(`${key} is not a date-time: ${JSON.stringify(value)}`);
  return time.text;
}

/**
 * Encodes one filter for `curves.subscribe`.
 *
 * @param filter - The filter.
 * @returns Its wire form, keys in the reference's order.
 * @throws ValidationError (parameter `filters`) for a non-filter, an unknown key, a bad tag or
 *   date, or curve names mixed with attributes.
 * @example
 * encodeEventFilter({ eventTypes: 'curve_update', areas: ['de', Area.FR], dataTypes: 'actual' })
 * //=> { event_types: ['CURVE_UPDATE'], areas: ['DE', 'FR'], data_types: ['ACTUAL'] }
 */
export function encodeEventFilter(filter: EventFilter): FeedFilterJson {
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) fail('expected a filter object');
  const f = filter as CurveNameFilter & CurveAttributeFilter;
  for (const key of Object.keys(f)) if (!KNOWN.has(key)) fail(`unknown filter key ${JSON.stringify(key)}`);
  const isName = f.curveNames !== undefined && f.curveNames !== null;
  if (isName) {
    const mixed = ATTRIBUTES.filter((k) => (f as unknown as Record<string, unknown>)[k] !== undefined);
    if (mixed.length) fail(`curveNames cannot be combined with ${mixed.join(', ')}`);
  }
  const out: FeedFilterJson = {};
  const eventTypes = tags(f.eventTypes, 'eventTypes', (t) => EventType.byTag(t), 'event type');
  if (eventTypes) {
    const local = eventTypes.filter((t) => !EventType.byTag(t).isCurveType());
    if (local.length) fail(`eventTypes: ${local.join(', ')} never travels on the wire`);
    out.event_types = eventTypes;
  }
  if (f.begin !== undefined && f.begin !== null) out.begin = formatFilterTime(f.begin, 'begin');
  if (f.end !== undefined && f.end !== null) out.end = formatFilterTime(f.end, 'end');
  const t = texts(f.tags, 'tags');
  if (t) out.tags = t;
  const x = texts(f.excludeTags, 'excludeTags');
  if (x) out.exclude_tags = x;
  if (isName) {
    const names = many(f.curveNames, 'curveNames') as (string | Curve)[];
    out.curve_names = texts(
      names.map((n) => (Curve.isCurve(n) ? n.name : n)),
      'curveNames',
    );
    return out;
  }
  const areas = tags(f.areas, 'areas', (a) => Area.byTag(a), 'area');
  if (areas) out.areas = areas;
  const dataTypes = tags(f.dataTypes, 'dataTypes', (d) => DataType.byTag(d), 'data type');
  if (dataTypes) out.data_types = dataTypes;
  const commodities = texts(f.commodities, 'commodities');
  if (commodities) out.commodities = commodities;
  const categories = texts(f.categories, 'categories');
  if (categories) out.categories = categories;
  const exact = texts(f.exactCategories, 'exactCategories');
  if (exact) out.exact_categories = exact;
  return out;
}

/**
 * Encodes the filters of a subscription: one filter or a list of them.
 *
 * @param filters - The filters.
 * @returns Their wire forms.
 * @throws ValidationError (parameter `filters`) for an empty list or a bad filter.
 * @example
 * encodeEventFilters({ curveNames: 'DE Wind Power Production MWh/h 15min Actual' })
 * //=> [{ curve_names: ['DE Wind Power Production MWh/h 15min Actual'] }]
 */
export function encodeEventFilters(filters: OneOrMany<EventFilter>): FeedFilterJson[] {
  const list = Array.isArray(filters) ? (filters as readonly EventFilter[]) : [filters as EventFilter];
  if (list.length === 0) fail('at least one filter is required');
  return list.map(encodeEventFilter);
}

/** The fields of a filter as the user wrote them, lists as one cell each. */
const FILTER_KEYS = ['curveNames', ...ATTRIBUTES, ...COMMON] as const;

/** How a filter read back shows itself: a row per field it sets. */
const FILTER: RecordShape<EventFilter> = {
  title: 'EventFilter',
  fields: (f) =>
    FILTER_KEYS.map((key) => {
      const v = (f as unknown as Record<string, unknown>)[key];
      return [key, v === undefined || v === null ? null : Array.isArray(v) ? listCell(v) : String(v)];
    }),
};

/** How the filters read back show themselves: a row per filter. */
const FILTERS: RecordShape<EventFilter[]> = {
  title: 'EventFilter[]',
  fields: () => [],
  line: (list) => `<EventFilter[]: ${list.length} filter${list.length === 1 ? '' : 's'}>`,
  items: (list) => itemsTable(`EventFilter[] · ${list.length} filter${list.length === 1 ? '' : 's'}`, list),
};

/**
 * Reads filters as the server echoes them (`curve_names` makes a name filter; missing or `null`
 * keys are unset; keys this protocol does not know are skipped), checked by the reader the server
 * checks subscriptions with.
 *
 * @param json - The `filters` member of a response.
 * @returns The filters, or `null` when the server sent none; in a notebook they show as a table
 *   (docs/notebooks.md#display).
 * @throws ValidationError (parameter `filters`) when the echo is not a valid filter list, naming the field.
 * @example
 * parseEventFilters([{ curve_names: ['X'] }]) //=> [{ curveNames: ['X'] }]
 */
export function parseEventFilters(json: unknown): EventFilter[] | null {
  if (json === null || json === undefined) return null;
  const errors: string[] = [];
  const filters = readFeedFilters(json, errors, { ignoreUnknownKeys: true });
  if (errors.length) fail(`the server echoed an invalid filter: ${errors.join('; ')}`);
  return displayAsRecord(
    filters.map((json) => displayAsRecord(eventFilterOf(json), FILTER)),
    FILTERS,
  );
}

/**
 * The user's form of a wire filter (tags as enums), the inverse of {@link encodeEventFilter} on
 * canonical filters.
 *
 * @param json - A checked filter.
 * @returns The filter.
 * @example
 * eventFilterOf({ areas: ['DE'] }) //=> { areas: [Area.DE] }
 */
export function eventFilterOf(json: FeedFilterJson): EventFilter {
  const common: FilterCommon = {};
  if (json.event_types) common.eventTypes = json.event_types.map((t) => EventType.byTag(t));
  if (json.begin !== undefined) common.begin = json.begin;
  if (json.end !== undefined) common.end = json.end;
  if (json.tags) common.tags = json.tags;
  if (json.exclude_tags) common.excludeTags = json.exclude_tags;
  if (json.curve_names) return { ...common, curveNames: json.curve_names };
  const f: CurveAttributeFilter = { ...common };
  if (json.areas) f.areas = json.areas.map((a) => Area.byTag(a));
  if (json.data_types) f.dataTypes = json.data_types.map((d) => DataType.byTag(d));
  if (json.commodities) f.commodities = json.commodities;
  if (json.categories) f.categories = json.categories;
  if (json.exact_categories) f.exactCategories = json.exact_categories;
  return f;
}
