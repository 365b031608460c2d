/**
 * The metadata section (docs/protocol.md#metadata): categories, exact categories, one curve by
 * name, curve search and place search. The partner client gets {@link PartnerMetadataSection}
 * (curve search only, docs/protocol.md#partner); the default client gets {@link MetadataSection}.
 *
 * @module
 */
import { Page, type Curve, type Place } from '../../model';
import {
  metadataCategories,
  metadataCurve,
  metadataCurves,
  metadataExactCategories,
  metadataPlaces,
  parseCurve,
  parseCurveList,
  parsePageHeaders,
  parsePlaceList,
  parseStringList,
  type MetadataCurvesOptions,
  type MetadataPlacesOptions,
  type RequestLine,
  curveDefinitionJson,
  curveOfDefinition,
  type CurveDefinition,
} from '../../wire';
import type { CallOptions } from './load-many';
import { sendSave, type SaveOptions } from './saving';
import { Section, sendLine, transportOf } from './section';

/**
 * What a search returns: a promise of its first page that can also be walked item by item over
 * every page (`for await (const curve of client.metadata.curves({...}))`) or collected whole
 * (`.all()`).
 *
 * @example
 * const every: Curve[] = await client.metadata.curves({ area: 'DE' }).all();
 */
export type PagedResult<T> = Promise<Page<T>> &
  AsyncIterable<T> & {
    /** Every item of every page from the requested one on. */
    all(): Promise<T[]>;
  };

/**
 * Turns a promise of a page into a {@link PagedResult}.
 *
 * @param first - The promise of the first page.
 * @returns The same promise, async-iterable over all items, with `all()`.
 * @example
 * for await (const c of pagedResult(loadPage(1))) console.log(c.name);
 */
function pagedResult<T>(first: Promise<Page<T>>): PagedResult<T> {
  const out = first as PagedResult<T>;
  Object.defineProperty(out, Symbol.asyncIterator, {
    value: async function* walk(): AsyncGenerator<T> {
      yield* await first;
    },
  });
  Object.defineProperty(out, 'all', { value: async (): Promise<T[]> => (await first).all() });
  return out;
}

/**
 * The metadata operations of the partner client: curve search only.
 *
 * @param transport - The client's HTTP transport.
 * @example
 * const page = await partner.metadata.curves({ q: 'de wind', dataType: 'FORECAST' });
 * page.totalItems //~> 12
 */
export class PartnerMetadataSection extends Section {
  /**
   * Searches curves. Every given filter narrows the result; the result is one page, whose
   * `getNextPage()`/`getPreviousPage()` repeat the search with another page number.
   *
   * @param options - `q` (all words must match the name), `area`, `curveType`, `dataType`,
   *   `category` (the curve has all of them), `exactCategory`, `commodity`, `source`,
   *   `onlySubscribed`, `frequency`, `hasPlace` (true: only curves of places; false: only
   *   curves without one), `page` (default 1) and `pageSize` (default 50).
   *   A `signal` cancels the request.
   * @returns A promise of the page of curves (ordered by name); the promise is also
   *   async-iterable over the curves of every page from this one on, and `.all()` collects them.
   * @throws ValidationError naming the first invalid filter (before any request, or from the
   *   service); UnauthorizedError, HTTPError, InternalServerError from the request.
   * @example
   * const page = await client.metadata.curves({ area: 'DE', dataType: 'ACTUAL', pageSize: 10 });
   * page.page //=> 1
   * (await page.getNextPage()).page //=> 2
   * for await (const curve of client.metadata.curves({ area: 'DE' })) console.log(curve.name);
   */
  curves(options: MetadataCurvesOptions & CallOptions = {}): PagedResult<Curve> {
    const opts = options ?? {};
    return pagedResult(
      Promise.resolve().then(() =>
        loadPage(this, metadataCurves(opts), parseCurveList, (page) => this.curves({ ...opts, page }), opts.signal),
      ),
    );
  }
}

/**
 * Loads one search page and wraps it with the loader of its neighbours.
 *
 * @param section - The section asking.
 * @param line - The request line.
 * @param parse - The body parser.
 * @param loader - Loads another page of the same search.
 * @param signal - Cancels the request.
 * @returns The page.
 * @throws The request's and the parser's errors.
 * @example
 * await loadPage(this, metadataCurves({}), parseCurveList, (page) => this.curves({ page })) //~> Page [...]
 */
async function loadPage<T>(
  section: Section,
  line: RequestLine,
  parse: (body: unknown) => T[],
  loader: (page: number) => Promise<Page<T>>,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const res = await sendLine(section, line, signal);
  return new Page(parse(res.body), { ...parsePageHeaders(res.headers), loader });
}

/**
 * The metadata operations of the default client.
 *
 * @param transport - The client's HTTP transport.
 * @example
 * [...await client.metadata.categories()].includes('Wind') //=> true
 */
export class MetadataSection extends PartnerMetadataSection {
  #categoriesCache: Promise<string[]> | null = null;
  #exactCategoriesCache: Promise<string[]> | null = null;

  /**
   * The category words used in curve names. Cached per client once loaded (an empty answer or
   * a failure is not cached).
   *
   * @returns The categories, in the service's order.
   * @throws UnauthorizedError, HTTPError, InternalServerError, ParseException from the request.
   * @example
   * (await client.metadata.categories()).has('Wind') //=> true
   */
  async categories(): Promise<Set<string>> {
    this.#categoriesCache ??= this.#cached(metadataCategories(), () => (this.#categoriesCache = null));
    return new Set(await this.#categoriesCache);
  }

  /**
   * The category combinations that exist in curve names (usable as `exactCategory`). Cached per
   * client once loaded (an empty answer or a failure is not cached).
   *
   * @returns The exact categories, in the service's order.
   * @throws UnauthorizedError, HTTPError, InternalServerError, ParseException from the request.
   * @example
   * (await client.metadata.exactCategories()).has('Wind Power Production') //=> true
   */
  async exactCategories(): Promise<Set<string>> {
    this.#exactCategoriesCache ??= this.#cached(metadataExactCategories(), () => (this.#exactCategoriesCache = null));
    return new Set(await this.#exactCategoriesCache);
  }

  /**
   * One curve by its exact name.
   *
   * @param name - The curve name.
   * @returns The curve.
   * @throws ValidationError when `name` is not a non-empty string; NotFoundError when no curve
   *   has that name; UnauthorizedError, HTTPError, InternalServerError from the request.
   * @example
   * (await client.metadata.curve('DE Wind Power Production MWh/h 15min Actual')).curveType.tag //=> 'TIMESERIES'
   */
  async curve(name: string, options: CallOptions = {}): Promise<Curve> {
    return parseCurve((await sendLine(this, metadataCurve(name), options?.signal)).body);
  }

  /**
   * Creates a curve (docs/data-out.md#saving) through the service's import route, with a key that
   * may import (grant `*:*`). A curve of that name that exists already is checked instead: every
   * field the definition gives must equal the stored one (a curve's metadata never changes), and
   * nothing is written. The definition is checked before anything is sent.
   *
   * @param definition - `name`, `curveType`, `dataType`, `frequency`, `timezone`, `unit`, and any
   *   of `area`, `areaSink`, `denominator`, `categories`, `source`, `commodity`,
   *   `instanceIssuedTimezone`, `package`; or a Curve (e.g. one loaded from another service).
   * @param options - `dryRun` (check only), `signal`.
   * @returns The stored curve (loaded back, one GET); for a dry run, the curve as defined.
   * @throws ValidationError naming the bad field (`name`, `curveType`, `frequency`, `timezone`,
   *   ...) before any request, or from the service (400: a stored curve that differs);
   *   ForbiddenError (403) for a key that may not import; UnauthorizedError, HTTPError.
   * @example
   * const curve = await client.metadata.createCurve({ name: 'DE Residual Load MWh/h H Actual', curveType: 'TIMESERIES',
   *   dataType: 'ACTUAL', frequency: 'PT1H', timezone: 'CET', unit: 'MWh/h', area: 'DE' });
   * curve.frequency.tag //=> 'PT1H'
   */
  async createCurve(definition: CurveDefinition | Curve, options: SaveOptions = {}): Promise<Curve> {
    const json = curveDefinitionJson(definition);
    const result = await sendSave(transportOf(this), { curves: [json] }, options ?? {});
    if (result.dryRun) return curveOfDefinition(json);
    return this.curve(json.name as string, options?.signal ? { signal: options.signal } : {});
  }

  /**
   * Searches places. Every given filter narrows the result; the result is one page, whose
   * neighbours load through the same search.
   *
   * @param options - `q` (all words must match name or key), `area`, `fuel` (any of them),
   *   `kind` (place type tags, any of them), `tree` (true: top-level places with their units as
   *   `children`; default false), `page` (default 1) and `pageSize` (default 50).
   * @returns A page of places, ordered by name.
   * @throws ValidationError naming the first invalid filter; UnauthorizedError, HTTPError,
   *   InternalServerError from the request.
   * @example
   * const page = await client.metadata.places({ kind: 'producer', fuel: 'Nuclear', tree: true });
   * page[0].children.length > 0 //=> true
   */
  places(options: MetadataPlacesOptions & CallOptions = {}): PagedResult<Place> {
    const opts = options ?? {};
    return pagedResult(
      Promise.resolve().then(() =>
        loadPage(this, metadataPlaces(opts), parsePlaceList, (page) => this.places({ ...opts, page }), opts.signal),
      ),
    );
  }

  async #cached(line: RequestLine, forget: () => void): Promise<string[]> {
    try {
      const list = parseStringList((await sendLine(this, line)).body);
      if (list.length === 0) forget();
      return list;
    } catch (err) {
      forget();
      throw err;
    }
  }
}
