/**
 * One page of a paged search result (docs/model.md#page, docs/protocol.md#paging).
 *
 * @module
 */
import { PageError } from '../exceptions';
import {
  hasBrand,
  INSPECT,
  itemsTable,
  JUPYTER_DISPLAY,
  listEquals,
  recordsBundle,
  recordsText,
  setBrand,
  type DisplayBundle,
  type RecordTable,
} from './display';
import { inspectDisplay, type InspectOptionsLike } from './inspect-display';

const BRAND = Symbol.for('service.model.Page');

/**
 * Loads a page of the same query by number (1-based). The client builds one per query.
 *
 * @example
 * const loader: PageLoader<Curve> = (page) => client.metadata.curves({ q: 'wind', page });
 */
export type PageLoader<T> = (page: number) => Promise<Page<T>>;

/**
 * Paging facts of a {@link Page} (the `X-…` headers) and the loader of its neighbours.
 *
 * @example
 * const init: PageInit<Curve> = { page: 1, pageSize: 50, totalItems: 0, lastPage: 1 };
 * new Page([], init).hasNextPage() //=> false
 */
export interface PageInit<T> {
  /** This page's number (`X-Current-Page`, first page is 1). */
  page: number;
  /** Page size used (`X-Page-Size`). */
  pageSize: number;
  /** Matching items over all pages (`X-Total-Items`). */
  totalItems: number;
  /** Number of the last page = number of pages (`X-Last-Page`). */
  lastPage: number;
  /** Loads other pages of the same query; without one, page navigation raises PageError. */
  loader?: PageLoader<T> | null;
}

/** Pages loaded per loader, so navigating back and forth never loads a page twice. */
const caches = new WeakMap<PageLoader<unknown>, Map<number, Promise<Page<unknown>>>>();

/**
 * A page of search results: an immutable `Array` of the items plus paging facts and
 * navigation. `getNextPage()`/`getPreviousPage()` go through the loader; each page number is
 * loaded at most once per loader (failed loads are retried on the next call).
 *
 * @param items - The items of this page.
 * @param init - Paging facts and the loader.
 * @throws PageError when a paging number is not a non-negative integer.
 * @example
 * const page = new Page(curves, { page: 1, pageSize: 50, totalItems: 120, lastPage: 3, loader });
 * page.hasNextPage() //=> true
 * (await page.getNextPage()).page //=> 2
 */
export class Page<T> extends Array<T> {
  /** This page's number (1-based). */
  readonly page: number;
  /** Page size used. */
  readonly pageSize: number;
  /** Matching items over all pages. */
  readonly totalItems: number;
  /** Number of pages (equal to `lastPage`). */
  readonly totalPages: number;
  /** Always 1. */
  readonly firstPage: number;
  /** Number of the last page. */
  readonly lastPage: number;
  readonly #loader: PageLoader<T> | null;

  /** Derived arrays (`map`, `filter`, `slice`) are plain arrays. */
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  constructor(items: Iterable<T>, init: PageInit<T>) {
    super();
    for (const [name, value] of [
      ['page', init.page],
      ['pageSize', init.pageSize],
      ['totalItems', init.totalItems],
      ['lastPage', init.lastPage],
    ] as const) {
      if (!Number.isInteger(value) || value < 0) throw new PageError(`Page.${name} must be a non-negative integer, got ${value}`);
    }
    for (const item of items) super.push(item);
    this.page = init.page;
    this.pageSize = init.pageSize;
    this.totalItems = init.totalItems;
    this.lastPage = init.lastPage;
    this.totalPages = init.lastPage;
    this.firstPage = 1;
    this.#loader = init.loader ?? null;
    if (this.#loader) this.#cache()?.set(this.page, Promise.resolve(this as Page<unknown>));
    Object.freeze(this);
  }

  /**
   * Tells whether a value is a Page (brand check).
   *
   * @param value - Anything.
   * @returns True for a Page.
   * @example
   * Page.isPage([]) //=> false
   */
  static isPage(value: unknown): value is Page<unknown> {
    return hasBrand(value, BRAND);
  }

  /**
   * Tells whether a later page exists.
   *
   * @returns True when `page < lastPage`.
   * @example
   * page.hasNextPage() //=> true
   */
  hasNextPage(): boolean {
    return this.page < this.lastPage;
  }

  /**
   * Tells whether an earlier page exists.
   *
   * @returns True when `page > firstPage`.
   * @example
   * page.hasPreviousPage() //=> false
   */
  hasPreviousPage(): boolean {
    return this.page > this.firstPage;
  }

  /**
   * The next page, loaded through the loader unless already loaded.
   *
   * @returns A promise of the next page.
   * @throws PageError when there is no next page or no loader.
   * @example
   * (await page.getNextPage()).page //=> 2
   */
  async getNextPage(): Promise<Page<T>> {
    if (!this.hasNextPage()) throw new PageError(`There is no next page (page ${this.page} of ${this.lastPage})`);
    return this.#load(this.page + 1);
  }

  /**
   * Every item of this page and of all the pages after it, loading them one by one.
   *
   * @returns The items, in page order.
   * @throws PageError when a later page is needed but there is no loader; the loader's errors.
   * @example
   * (await firstPage.all()).length === firstPage.totalItems //=> true
   */
  async all(): Promise<T[]> {
    const out: T[] = [];
    for await (const item of this) out.push(item);
    return out;
  }

  /**
   * Walks the items of this page and then of every later page (`for await`).
   *
   * @returns An async iterator of items.
   * @example
   * for await (const curve of page) console.log(curve.name);
   */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let page: Page<T> = this;
    for (;;) {
      for (const item of Array.from(page)) yield item;
      if (!page.hasNextPage()) return;
      page = await page.getNextPage();
    }
  }

  /**
   * The previous page, loaded through the loader unless already loaded.
   *
   * @returns A promise of the previous page.
   * @throws PageError when there is no previous page or no loader.
   * @example
   * (await page2.getPreviousPage()).page //=> 1
   */
  async getPreviousPage(): Promise<Page<T>> {
    if (!this.hasPreviousPage()) throw new PageError(`There is no previous page (page ${this.page})`);
    return this.#load(this.page - 1);
  }

  #cache(): Map<number, Promise<Page<unknown>>> | null {
    const loader = this.#loader as PageLoader<unknown> | null;
    if (loader === null) return null;
    let cache = caches.get(loader);
    if (cache === undefined) {
      cache = new Map();
      caches.set(loader, cache);
    }
    return cache;
  }

  #load(number: number): Promise<Page<T>> {
    const loader = this.#loader;
    const cache = this.#cache();
    if (loader === null || cache === null) throw new PageError('Page loading is not supported for this page');
    const cached = cache.get(number);
    if (cached) return cached as Promise<Page<T>>;
    const pending = loader(number).then((loaded) => {
      if (!Page.isPage(loaded)) throw new PageError(`The page loader returned no Page for page ${number}`);
      const info = { page: loaded.page, pageSize: loaded.pageSize, totalItems: loaded.totalItems, lastPage: loaded.lastPage };
      return new Page<T>(loaded as Page<T>, { ...info, loader });
    });
    cache.set(number, pending as Promise<Page<unknown>>);
    pending.catch(() => cache.delete(number));
    return pending;
  }

  /**
   * Compares paging facts and items (with the items' own `equals` where they have one).
   *
   * @param other - Another page.
   * @returns True when equal.
   * @example
   * page.equals(new Page([...page], { page: 1, pageSize: 50, totalItems: 120, lastPage: 3 })) //=> true
   */
  equals(other: Page<T>): boolean {
    if (!Page.isPage(other)) return false;
    return (
      this.page === other.page &&
      this.pageSize === other.pageSize &&
      this.totalItems === other.totalItems &&
      this.lastPage === other.lastPage &&
      listEquals<unknown>(this, other)
    );
  }

  /**
   * The items, as a plain array (their own `toJSON` applies when serialised).
   *
   * @returns The items.
   * @example
   * JSON.stringify(new Page([1, 2], { page: 1, pageSize: 2, totalItems: 2, lastPage: 1 })) //=> '[1,2]'
   */
  toJSON(): T[] {
    return Array.from(this);
  }

  /**
   * A one-line summary of the paging facts.
   *
   * @returns The text.
   * @example
   * page.toString() //=> '<Page: page=1 of 3, page_size=50, total_items=120, items=50>'
   */
  override toString(): string {
    return `<Page: page=${this.page} of ${this.lastPage}, page_size=${this.pageSize}, total_items=${this.totalItems}, items=${this.length}>`;
  }

  /** The caption and a row per item. */
  #table(): RecordTable {
    return itemsTable(`Page ${this.page} of ${this.lastPage} · ${this.length} of ${this.totalItems} items`, this);
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else the text table (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options, () => recordsText(this.#table(), this.toString()));
  }

  /**
   * The notebook display bundle: the paging facts over a table with a row per item (a curve's
   * name, type, resolution, unit, ...; head and tail of a long page).
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * page[Symbol.for('Jupyter.display')]()['text/html'].includes('Page 1 of 3') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return recordsBundle(this.#table(), this.toString());
  }
}
setBrand(Page.prototype, BRAND);
