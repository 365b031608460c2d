import { ValidationError } from '../../exceptions';
import type { Area, CurveType, CurveTypeTag, DataType, DataTypeTag } from '../../model';
import type { Frequency, FrequencyTag } from '../../time';
import { QueryBuilder } from '../encode';
import { AREA, BOOLEAN, CURVE_TYPE, DATA_TYPE, defaultParam, FREQUENCY, integer, listParam, optionalParam, STRING } from '../params';
import { PAGE_NUMBER } from './common';
import { requestLine, type RequestLine } from './request-line';

/** Paging of the metadata searches. */
export interface PagingOptions {
  /** Page number, first page 1 (default 1; always sent). */
  page?: number | null;
  /** Items per page (default 50; always sent). */
  pageSize?: number | null;
}

/** Filters of `metadata.curves` (docs/protocol.md#metadata); all optional, each narrows the result. */
export interface MetadataCurvesOptions extends PagingOptions {
  /** Free-text search (all words must match). */
  q?: string | null;
  /** Area, e.g. `Area.DE` or `'DE'`. */
  area?: Area | string | null;
  /** Curve type, e.g. `'INSTANCE'`. */
  curveType?: CurveType | CurveTypeTag | null;
  /** Data type, e.g. `'FORECAST'`. */
  dataType?: DataType | DataTypeTag | null;
  /** Categories the curves must all have. */
  category?: string | readonly string[] | null;
  /** Exact category combination, e.g. `'Wind Power Production'`. */
  exactCategory?: string | null;
  /** Commodity, e.g. `'Power'`. */
  commodity?: string | null;
  /** Sources; a `null` element means "curves without a source". */
  source?: string | readonly (string | null)[] | null;
  /** Only curves in the user's subscriptions. */
  onlySubscribed?: boolean | null;
  /** Frequency of the curves. */
  frequency?: Frequency | FrequencyTag | null;
  /** `true`: only place curves; `false`: only curves without a place. */
  hasPlace?: boolean | null;
}

/** Filters of `metadata.places` (docs/protocol.md#metadata). */
export interface MetadataPlacesOptions extends PagingOptions {
  /** Free-text search. */
  q?: string | null;
  /** Area of the places. */
  area?: Area | string | null;
  /** Fuel(s), e.g. `'Nuclear'`. */
  fuel?: string | readonly string[] | null;
  /** Place type tag(s), e.g. `'producer'` (wire name `type`). */
  kind?: string | readonly string[] | null;
  /** Return places as a hierarchy (default false; always sent). */
  tree?: boolean | null;
}

const P = Object.freeze({
  q: optionalParam('q', STRING),
  area: optionalParam('area', AREA),
  curveType: optionalParam('curve-type', CURVE_TYPE),
  dataType: optionalParam('data-type', DATA_TYPE),
  category: listParam('category', STRING),
  exactCategory: optionalParam('exact-category', STRING),
  commodity: optionalParam('commodity', STRING),
  source: listParam('source', STRING, { nullText: 'null' }),
  onlySubscribed: optionalParam('only-subscribed', BOOLEAN),
  frequency: optionalParam('frequency', FREQUENCY),
  hasPlace: optionalParam('has-place', BOOLEAN),
  fuel: listParam('fuel', STRING),
  kind: listParam('type', STRING),
  tree: defaultParam('tree', BOOLEAN, false),
  page: defaultParam('page', PAGE_NUMBER, 1),
  pageSize: defaultParam('page-size', integer({ min: 1 }), 50),
});

/**
 * Request line of `metadata.categories`: `GET /metadata/categories/`.
 *
 * @returns The request line.
 * @example
 * metadataCategories()
 * //=> { path: '/metadata/categories/', query: '' }
 */
export function metadataCategories(): RequestLine {
  return requestLine(['metadata', 'categories']);
}

/**
 * Request line of `metadata.exactCategories`: `GET /metadata/exact-categories/`.
 *
 * @returns The request line.
 * @example
 * metadataExactCategories()
 * //=> { path: '/metadata/exact-categories/', query: '' }
 */
export function metadataExactCategories(): RequestLine {
  return requestLine(['metadata', 'exact-categories']);
}

/**
 * Request line of `metadata.curve(name)`: `GET /metadata/curves/{name}/`.
 *
 * @param name - The exact curve name.
 * @returns The request line.
 * @throws {ValidationError} When `name` is not a non-empty string (parameter `name`).
 * @example
 * metadataCurve('DE>FR Exchange MWh/h H Actual')
 * //=> { path: '/metadata/curves/DE%3EFR%20Exchange%20MWh%2Fh%20H%20Actual/', query: '' }
 */
export function metadataCurve(name: string): RequestLine {
  if (typeof name !== 'string' || name === '') throw new ValidationError('Provide a curve name', 'name');
  return requestLine(['metadata', 'curves', name]);
}

/**
 * Request line of `metadata.curves` (curve search): `GET /metadata/curves/?q&area&curve-type&
 * data-type&category&exact-category&commodity&source&only-subscribed&frequency&has-place&page&page-size`.
 *
 * @param options - The filters and paging.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid filter, before any request.
 * @example
 * metadataCurves({ q: 'de wind' })
 * //=> { path: '/metadata/curves/', query: 'q=de+wind&page=1&page-size=50' }
 */
export function metadataCurves(options: MetadataCurvesOptions = {}): RequestLine {
  const o = options;
  const query = new QueryBuilder()
    .put(P.q, o.q)
    .put(P.area, o.area)
    .put(P.curveType, o.curveType)
    .put(P.dataType, o.dataType)
    .put(P.category, o.category)
    .put(P.exactCategory, o.exactCategory)
    .put(P.commodity, o.commodity)
    .put(P.source, o.source)
    .put(P.onlySubscribed, o.onlySubscribed)
    .put(P.frequency, o.frequency)
    .put(P.hasPlace, o.hasPlace)
    .put(P.page, o.page)
    .put(P.pageSize, o.pageSize);
  return requestLine(['metadata', 'curves'], query);
}

/**
 * Request line of `metadata.places` (place search): `GET /metadata/places/?q&area&fuel&type&tree&page&page-size`.
 *
 * @param options - The filters and paging.
 * @returns The request line.
 * @throws {ValidationError} Naming the first invalid filter, before any request.
 * @example
 * metadataPlaces()
 * //=> { path: '/metadata/places/', query: 'tree=false&page=1&page-size=50' }
 */
export function metadataPlaces(options: MetadataPlacesOptions = {}): RequestLine {
  const o = options;
  const query = new QueryBuilder()
    .put(P.q, o.q)
    .put(P.area, o.area)
    .put(P.fuel, o.fuel)
    .put(P.kind, o.kind)
    .put(P.tree, o.tree)
    .put(P.page, o.page)
    .put(P.pageSize, o.pageSize);
  return requestLine(['metadata', 'places'], query);
}

/** The parameter descriptors the service's decoders (server package) read with, under names of their own. */
export { P as METADATA_PARAMS };
