/**
 * Engine-neutral matching and paging of metadata searches (docs/semantics.md#metadata), shared by the
 * store engines: metadata is small, so engines keep it in memory and filter it here.
 *
 * @module
 */
import type { CurveQuery, PageQuery, PlaceQuery, StorePage } from './store';
import type { CurveRecord, PlaceRecord, SubscriptionGrant } from './types';

/** Default page size of a search (docs/protocol.md#paging). */
const DEFAULT_PAGE_SIZE = 50;

const WORD_SPLIT = /[\s>@\-/]+/;

/**
 * Splits text into lower-case search words (at spaces and `> @ - /`).
 *
 * @param text - Any text.
 * @returns The non-empty words.
 * @example
 * searchWords('DE>FR Exchange Day-Ahead') //=> ['de', 'fr', 'exchange', 'day', 'ahead']
 */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(WORD_SPLIT)
    .filter((w) => w.length > 0);
}

/**
 * Tells whether every word of a query starts some word of the text (case-insensitive).
 *
 * @param query - The free-text query (`q`).
 * @param text - The text searched (a curve or place name).
 * @returns True when all query words match; an empty query matches everything.
 * @example
 * matchesText('de wind', 'DE Wind Power Production MWh/h 15min Actual') //=> true
 * matchesText('wind fr', 'DE Wind Power Production MWh/h 15min Actual') //=> false
 */
export function matchesText(query: string, text: string): boolean {
  const wanted = searchWords(query);
  if (wanted.length === 0) return true;
  const words = searchWords(text);
  return wanted.every((w) => words.some((word) => word.startsWith(w)));
}

function same(a: string | null | undefined, b: string): boolean {
  return a != null && a.toLowerCase() === b.toLowerCase();
}

/**
 * Tells whether a grant gives access to a curve: the packages agree and the grant's area is the
 * curve's area (or its sink area), or `*` (every area). A package `*` covers every package.
 *
 * @param grant - A subscription grant.
 * @param curve - The curve.
 * @returns True when the grant covers the curve.
 * @example
 * grantCovers({ package: 'power', area: '*' }, curve) //=> true   // curve.package 'power'
 */
export function grantCovers(grant: SubscriptionGrant, curve: CurveRecord): boolean {
  if (grant.package !== '*' && !same(curve.package, grant.package)) return false;
  return grant.area === '*' || same(curve.area, grant.area) || same(curve.areaSink, grant.area);
}

/**
 * Tells whether a curve passes every filter of a curve search.
 *
 * @param curve - The curve.
 * @param query - The filters (paging fields are ignored).
 * @returns True when the curve matches.
 * @example
 * matchesCurve(curve, { area: 'de', categories: ['wind'] }) //=> true   // DE Wind Power ...
 */
export function matchesCurve(curve: CurveRecord, query: CurveQuery): boolean {
  if (query.q !== undefined && !matchesText(query.q, curve.name)) return false;
  if (query.area !== undefined && !(same(curve.area, query.area) || same(curve.areaSink, query.area))) return false;
  if (query.curveType !== undefined && !same(curve.curveType, query.curveType)) return false;
  if (query.dataType !== undefined && !same(curve.dataType, query.dataType)) return false;
  if (query.frequency !== undefined && !same(curve.frequency, query.frequency)) return false;
  if (query.commodity !== undefined && !same(curve.commodity, query.commodity)) return false;
  if (query.placeKey !== undefined && curve.placeKey !== query.placeKey) return false;
  if (query.hasPlace !== undefined && (curve.placeKey !== null) !== query.hasPlace) return false;
  if (query.categories !== undefined) {
    for (const c of query.categories) if (!curve.categories.some((own) => same(own, c))) return false;
  }
  if (query.exactCategory !== undefined && !same(curve.categories.join(' '), query.exactCategory)) return false;
  if (query.sources !== undefined && query.sources.length > 0) {
    const ok = query.sources.some((s) => (s === null ? curve.source === null : same(curve.source, s)));
    if (!ok) return false;
  }
  if (query.grants !== undefined && !query.grants.some((g) => grantCovers(g, curve))) return false;
  return true;
}

/**
 * Tells whether a place passes every filter of a place search.
 *
 * @param place - The place.
 * @param query - The filters (paging fields are ignored).
 * @returns True when the place matches.
 * @example
 * matchesPlace(brokdorf, { kinds: ['PRODUCER'], fuels: ['nuclear'] }) //=> true
 */
export function matchesPlace(place: PlaceRecord, query: PlaceQuery): boolean {
  if (query.q !== undefined && !matchesText(query.q, `${place.name} ${place.key}`)) return false;
  if (query.area !== undefined && !place.areas.some((a) => same(a, query.area as string))) return false;
  if (query.fuels !== undefined && query.fuels.length > 0) {
    if (!query.fuels.some((f) => place.fuels.some((own) => same(own, f)))) return false;
  }
  if (query.kinds !== undefined && query.kinds.length > 0) {
    if (!query.kinds.some((k) => same(place.kind, k))) return false;
  }
  if (query.parentKey !== undefined && place.parentKey !== query.parentKey) return false;
  return true;
}

/**
 * Cuts one page out of an ordered list.
 *
 * @param items - All matching items, in order.
 * @param query - `page` (1-based, default 1) and `pageSize` (default 50).
 * @returns The page with the total and the last page number (at least 1).
 * @example
 * pageOf(['a', 'b', 'c'], { page: 2, pageSize: 2 })
 * //=> { items: ['c'], total: 3, page: 2, pageSize: 2, lastPage: 2 }
 */
export function pageOf<T>(items: readonly T[], query: PageQuery): StorePage<T> {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const pageSize = Math.max(1, Math.floor(query.pageSize ?? DEFAULT_PAGE_SIZE));
  const start = (page - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    total: items.length,
    page,
    pageSize,
    lastPage: Math.max(1, Math.ceil(items.length / pageSize)),
  };
}

/**
 * Orders by a text key the way searches list their results (code-unit order, stable).
 *
 * @param items - The items.
 * @param keyOf - The text key of an item.
 * @returns A new sorted array.
 * @example
 * sortedBy([{ n: 'b' }, { n: 'a' }], (x) => x.n) //=> [{ n: 'a' }, { n: 'b' }]
 */
export function sortedBy<T>(items: Iterable<T>, keyOf: (item: T) => string): T[] {
  return [...items].sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}

/**
 * Lists the distinct category words and exact categories of a set of curves, sorted.
 *
 * @param curves - The curves.
 * @returns `categories` (single words) and `exact` (categories joined by single spaces).
 * @example
 * categoriesOf([{ categories: ['Wind', 'Power', 'Production'] }]).exact //=> ['Wind Power Production']
 */
export function categoriesOf(curves: Iterable<Pick<CurveRecord, 'categories'>>): { categories: string[]; exact: string[] } {
  const words = new Set<string>();
  const exact = new Set<string>();
  for (const curve of curves) {
    for (const c of curve.categories) words.add(c);
    if (curve.categories.length > 0) exact.add(curve.categories.join(' '));
  }
  const order = (x: string) => x;
  return { categories: sortedBy(words, order), exact: sortedBy(exact, order) };
}
