/**
 * The service's decoding of the `metadata` queries: the request parameters read back into typed
 * queries with the parameter descriptors the client's encoders share (`#wire`,
 * src/wire/requests/metadata.ts); only the service decodes, so the decoders live in the server package.
 *
 * @module
 */
import type { Area, CurveType, DataType } from 'service/model';
import type { Frequency } from 'service/time';
import { METADATA_PARAMS as P, type QueryInput, QueryValues } from '#wire';

/** `metadata.curves` as the service reads it. */
export interface MetadataCurvesQuery {
  q?: string;
  area?: Area;
  curveType?: CurveType;
  dataType?: DataType;
  /** Required categories (empty: any). */
  category: string[];
  exactCategory?: string;
  commodity?: string;
  /** Sources (empty: any); `null` means "no source". */
  source: (string | null)[];
  onlySubscribed?: boolean;
  frequency?: Frequency;
  hasPlace?: boolean;
  page: number;
  pageSize: number;
}

/** `metadata.places` as the service reads it. */
export interface MetadataPlacesQuery {
  q?: string;
  area?: Area;
  fuel: string[];
  kind: string[];
  tree: boolean;
  page: number;
  pageSize: number;
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Reads the query of `metadata.curves` on the service.
 *
 * @param input - The request's query.
 * @returns The decoded filters (`page` 1 and `pageSize` 50 when absent).
 * @throws {ValidationError} Naming the first invalid parameter.
 * @example
 * decodeMetadataCurves('source=EEX&source=null').source
 * //=> ['EEX', null]
 */
export function decodeMetadataCurves(input: QueryInput): MetadataCurvesQuery {
  const q = QueryValues.from(input);
  return defined({
    q: P.q.decode(q),
    area: P.area.decode(q),
    curveType: P.curveType.decode(q),
    dataType: P.dataType.decode(q),
    category: P.category.decode(q),
    exactCategory: P.exactCategory.decode(q),
    commodity: P.commodity.decode(q),
    source: P.source.decode(q).map((s) => (s === 'null' ? null : s)),
    onlySubscribed: P.onlySubscribed.decode(q),
    frequency: P.frequency.decode(q),
    hasPlace: P.hasPlace.decode(q),
    page: P.page.decode(q),
    pageSize: P.pageSize.decode(q),
  });
}

/**
 * Reads the query of `metadata.places` on the service.
 *
 * @param input - The request's query.
 * @returns The decoded filters (`tree` false, `page` 1, `pageSize` 50 when absent).
 * @throws {ValidationError} Naming the first invalid parameter.
 * @example
 * decodeMetadataPlaces('type=producer&tree=true').kind
 * //=> ['producer']
 */
export function decodeMetadataPlaces(input: QueryInput): MetadataPlacesQuery {
  const q = QueryValues.from(input);
  return defined({
    q: P.q.decode(q),
    area: P.area.decode(q),
    fuel: P.fuel.decode(q),
    kind: P.kind.decode(q),
    tree: P.tree.decode(q),
    page: P.page.decode(q),
    pageSize: P.pageSize.decode(q),
  });
}
