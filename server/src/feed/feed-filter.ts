/**
 * Matching events against the filters of a subscription (docs/protocol.md#feed-filters). The
 * filter objects themselves (their type, checks and canonical form) are the protocol's:
 * `readFeedFilters` in src/wire/feed.
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
import { zoneByName } from 'service/time';
import { parseInstant, readFeedFilters, readFilterTime, type FeedFilterJson } from '#wire';
import type { CurveRecord, EventRecord } from '../store';

/** A `begin`/`end` bound: an instant, or a wall-clock time resolved per curve zone. */
class Bound {
  private readonly byZone = new Map<string, number>();
  private readonly instant: number | null;

  /** @param text - The canonical text of a checked filter. */
  constructor(private readonly text: string) {
    this.instant = readFilterTime(text)?.instant ?? null;
  }

  /** Epoch ms of the bound for a curve zone. */
  at(zone: string): number {
    if (this.instant !== null) return this.instant;
    let ms = this.byZone.get(zone);
    if (ms === undefined) {
      ms = parseInstant(this.text, zoneByName(zone));
      this.byZone.set(zone, ms);
    }
    return ms;
  }
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
  readonly json: Readonly<FeedFilterJson>;
  private readonly begin: Bound | null;
  private readonly end: Bound | null;
  private readonly eventTypes: ReadonlySet<string> | null;
  private readonly tags: ReadonlySet<string> | null;
  private readonly excludeTags: ReadonlySet<string> | null;
  private readonly curveNames: ReadonlySet<string> | null;
  private readonly areas: ReadonlySet<string> | null;
  private readonly dataTypes: ReadonlySet<string> | null;
  private readonly commodities: ReadonlySet<string> | null;
  private readonly categories: ReadonlySet<string> | null;
  private readonly exactCategories: ReadonlySet<string> | null;

  /** @param json - A checked filter (`readFeedFilters`). */
  constructor(json: FeedFilterJson) {
    this.json = Object.freeze(json);
    this.begin = json.begin === undefined ? null : new Bound(json.begin);
    this.end = json.end === undefined ? null : new Bound(json.end);
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

/**
 * Reads the `filters` of a `curves.subscribe` request (`readFeedFilters`: 1 to
 * `MAX_FILTERS` filter objects, checked and canonical) into matchers.
 *
 * @param value - The `filters` member.
 * @param errors - Receives one message per problem (the request is refused when any).
 * @returns The filters, or an empty list when there were errors.
 * @example
 * const errors: string[] = [];
 * parseFeedFilters([{ areas: ['XX'] }], errors); errors //=> ['filters[0].areas: unknown value "XX"']
 */
export function parseFeedFilters(value: unknown, errors: string[]): FeedFilter[] {
  return readFeedFilters(value, errors).map((json) => new FeedFilter(json));
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
