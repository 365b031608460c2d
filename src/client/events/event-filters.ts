/**
 * Filter objects of the push feed (docs/protocol.md#feed-filters), as the client builds them: a
 * {@link CurveNameFilter} (exact curve names) or a {@link CurveAttributeFilter} (areas, data
 * types, commodities, categories, exact categories); both take event types, a data range
 * (`begin`, `end`) and instance tags. An event is delivered when it matches any filter of the
 * subscription; a filter matches when every field it sets matches.
 *
 * @module
 */
import { DateTime, FixedOffsetZone } from 'luxon';
import { ValidationError } from '../../exceptions';
import { Area, Curve, DataType, EventType } from '../../model';
import { UTC } from '../../time';
import { formatInstant, lastOffsetMinutes, parseInstant } from '../../wire/json';

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

/** A filter on the wire (keys present only when set). */
export interface EventFilterJson {
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
  const ms = parseInstant(value.trim(), UTC);
  if (ms !== ms) fail(`${key} is not a date-time: ${JSON.stringify(value)}`);
  const offset = lastOffsetMinutes();
  if (offset === offset) return formatInstant(ms, FixedOffsetZone.instance(offset)).replace('T', ' ');
  return formatInstant(ms, UTC).slice(0, -6).replace('T', ' ');
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
export function encodeEventFilter(filter: EventFilter): EventFilterJson {
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) fail('expected a filter object');
  const f = filter as CurveNameFilter & CurveAttributeFilter;
  for (const key of Object.keys(f)) if (!KNOWN.has(key)) fail(`unknown filter key ${JSON.stringify(key)}`);
  const isName = f.curveNames !== undefined && f.curveNames !== null;
  if (isName) {
    const mixed = ATTRIBUTES.filter((k) => (f as unknown as Record<string, unknown>)[k] !== undefined);
    if (mixed.length) fail(`curveNames cannot be combined with ${mixed.join(', ')}`);
  }
  const out: EventFilterJson = {};
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
export function encodeEventFilters(filters: OneOrMany<EventFilter>): EventFilterJson[] {
  const list = Array.isArray(filters) ? (filters as readonly EventFilter[]) : [filters as EventFilter];
  if (list.length === 0) fail('at least one filter is required');
  return list.map(encodeEventFilter);
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
}

/**
 * Reads filters echoed by the server (kind decided by the presence of `curve_names`; missing or
 * `null` keys are unset).
 *
 * @param json - The `filters` member of a response.
 * @returns The filters, or `null` when the server sent none.
 * @throws ValidationError (parameter `filters`) when the echo holds a bad tag.
 * @example
 * parseEventFilters([{ curve_names: ['X'] }]) //=> [{ curveNames: ['X'] }]
 */
export function parseEventFilters(json: unknown): EventFilter[] | null {
  if (!Array.isArray(json)) return null;
  return json.map((item: Record<string, unknown>) => {
    const common: FilterCommon = {};
    const eventTypes = strings(item?.event_types);
    if (eventTypes) common.eventTypes = eventTypes.map((t) => EventType.byTag(t));
    if (typeof item?.begin === 'string') common.begin = item.begin;
    if (typeof item?.end === 'string') common.end = item.end;
    if (strings(item?.tags)) common.tags = strings(item.tags);
    if (strings(item?.exclude_tags)) common.excludeTags = strings(item.exclude_tags);
    const names = strings(item?.curve_names);
    if (names) return { ...common, curveNames: names };
    const f: CurveAttributeFilter = { ...common };
    try {
      if (strings(item?.areas)) f.areas = (strings(item.areas) as string[]).map((a) => Area.byTag(a));
      if (strings(item?.data_types)) f.dataTypes = (strings(item.data_types) as string[]).map((d) => DataType.byTag(d));
    } catch (err) {
      fail(`the server echoed an invalid filter: ${(err as Error).message}`);
    }
    if (strings(item?.commodities)) f.commodities = strings(item.commodities);
    if (strings(item?.categories)) f.categories = strings(item.categories);
    if (strings(item?.exact_categories)) f.exactCategories = strings(item.exact_categories);
    return f;
  });
}
