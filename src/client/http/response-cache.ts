/**
 * The client's answer cache: successful (200) answers kept under a key made of the API URL, a
 * hash of the API key and the request line, in memory (least recently used evicted beyond the
 * size bound) and optionally in a directory shared by processes (`DiskCache`). The transport
 * revalidates a cached answer with `If-None-Match` and uses it on `304`; in `offline` mode it
 * answers only from here. Error answers (403, 404, ...) are stored in `record` mode only (a
 * snapshot for an `offline` replay, which throws them again); the other modes never serve one.
 * Arrow answers (docs/arrow.md#client) are kept as their bytes under their own key (the
 * representation asked for is part of it), so an Arrow entry is revalidated with its own tag.
 *
 * @module
 */
import { displayBundle, INSPECT, JUPYTER_DISPLAY, type DisplayBundle, type SummaryRow } from '../../model/display';
import { inspectDisplay, type InspectOptionsLike } from '../../model/inspect-display';
import { displayAsRecord, type RecordShape } from '../../model/record-display';
import type { ResolvedCacheOptions } from './cache-options';
import { ARROW_MEDIA_TYPE } from '../../wire/arrow';
import { DiskCache, JSON_MEDIA_TYPE } from './disk-cache';
import { inNode, nodeProcess } from '../node-only';
import { utf8Length } from './utf8';

/** A cached answer. */
export interface CachedAnswer {
  /** 200, or the status of an error answer kept by a recording. */
  readonly status: number;
  /** The answer's ETag, or null (then it cannot be revalidated, only used offline). */
  readonly etag: string | null;
  /** Response headers (lower-case names). */
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body (shared: callers must not change it); an error answer's body text; null for an Arrow answer. */
  readonly body: unknown;
  /** The bytes of an Arrow answer: the cache's own, to be read but never changed or kept by a reader. */
  readonly arrow?: Uint8Array;
  /** Size of the body in bytes. */
  readonly bytes: number;
}

/** How a request asks for its answer: JSON (every route) or Arrow (data routes, docs/arrow.md). */
export type Representation = 'json' | 'arrow';

/**
 * Counters of a cache since it was made (or cleared).
 *
 * @example
 * client.cache?.stats() //=> { hits: 3, misses: 1, revalidations: 3, bytes: 405112, entries: 1 }
 */
export interface CacheStats {
  /** Answers served from the cache (offline, or after a 304). */
  hits: number;
  /** Requests the cache could not answer (nothing cached, or a new body was downloaded). */
  misses: number;
  /** `304 Not Modified` answers received for cached entries. */
  revalidations: number;
  /** Bytes of body text held in memory. */
  bytes: number;
  /** Entries held in memory. */
  entries: number;
}

/** How the counters show themselves: a row each. */
const CACHE_STATS: RecordShape<CacheStats> = {
  title: 'CacheStats',
  fields: (c) => [
    ['hits', c.hits],
    ['misses', c.misses],
    ['revalidations', c.revalidations],
    ['bytes', c.bytes],
    ['entries', c.entries],
  ],
};

/** How many request lines' keys {@link ResponseCache.keyOf} keeps. */
const RECENT_KEYS = 512;

/** Headers worth keeping with an entry (the ones the sections read). */
const KEPT = /^(content-type|etag|link|x-.*)$/;

function keptHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (KEPT.test(name)) kept[name] = value;
  return kept;
}

/**
 * Hex SHA-256 of a text under Node (the keys the cache directory's file names are made of); in a
 * browser, which has no synchronous digest and no cache directory, the text itself keys the
 * in-memory cache.
 *
 * @param text - The text.
 * @returns The key.
 * @example
 * sha256Hex('abc') //=> 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 */
function sha256Hex(text: string): string {
  if (!inNode()) return text;
  return nodeProcess('cache').getBuiltinModule('node:crypto').createHash('sha256').update(text).digest('hex');
}

/**
 * What the answer cache of one client holds and how the transport reads and fills it: keys,
 * lookups, stores and counters. The client shows it as a {@link ResponseCache}, whose only
 * members are the user's (`stats()`, `clear()`, `diskBytes()`, `options`), so completion does
 * not list the transport's steps (docs/notebooks.md#completion).
 */
export class AnswerStore {
  readonly #memory = new Map<string, CachedAnswer>();
  readonly #disk: DiskCache | null;
  readonly #keyHash: string;
  readonly #apiUrl: string;
  #held = 0;
  /** Keys of recent request lines (a repeated load hashes nothing). */
  readonly #recentKeys = new Map<string, string>();
  #counts = { hits: 0, misses: 0, revalidations: 0 };

  /**
   * @param options - Directory, size bound, mode.
   * @param apiUrl - The client's API URL (part of every key).
   * @param apiKey - The client's key (its hash is part of every key).
   */
  constructor(
    readonly options: ResolvedCacheOptions,
    apiUrl: string,
    apiKey: string,
  ) {
    this.#apiUrl = apiUrl;
    this.#keyHash = sha256Hex(apiKey);
    this.#disk = options.dir === null ? null : new DiskCache(options.dir, options.maxBytes);
  }

  /** Whether the cache answers without asking the service. */
  get offline(): boolean {
    return this.options.mode === 'offline';
  }

  /** Whether the cache keeps error answers too (`record` mode). */
  get recording(): boolean {
    return this.options.mode === 'record';
  }

  /**
   * The key of a request: API URL, key hash, request line and the representation asked for (a
   * JSON request keeps the key it had before Arrow existed).
   *
   * @param pathAndQuery - The request's path and query below the API URL.
   * @param asked - The representation the request asks for.
   * @returns A hex key.
   */
  keyOf(pathAndQuery: string, asked: Representation = 'json'): string {
    const accept = asked === 'arrow' ? `\nAccept ${ARROW_MEDIA_TYPE}` : '';
    const line = `GET ${pathAndQuery}${accept}`;
    let key = this.#recentKeys.get(line);
    if (key === undefined) {
      key = sha256Hex(`${this.#apiUrl}\n${this.#keyHash}\n${line}`);
      if (this.#recentKeys.size >= RECENT_KEYS) this.#recentKeys.clear();
      this.#recentKeys.set(line, key);
    }
    return key;
  }

  /**
   * The cached answer of a key (memory first, then the directory), or null. The same object is
   * returned for as long as the entry is kept unchanged (its Arrow bytes are the cache's own).
   *
   * @param key - From {@link keyOf}.
   * @returns The answer, or null.
   */
  async lookup(key: string): Promise<CachedAnswer | null> {
    const hit = this.#memory.get(key);
    if (hit !== undefined) {
      this.#memory.delete(key);
      this.#memory.set(key, hit);
      if (this.#disk !== null) await this.#disk.touch(key);
      return hit;
    }
    if (this.#disk === null) return null;
    const entry = await this.#disk.read(key);
    if (entry === null) return null;
    const status = entry.status ?? 200;
    // A recorded error answer is read back by an offline replay only.
    if (status !== 200 && !this.offline) return null;
    const bytes = entry.body.byteLength;
    let answer: CachedAnswer;
    if (status !== 200) {
      answer = { status, etag: entry.etag, headers: entry.headers, body: entry.body.toString('utf8'), bytes };
    } else if (entry.type === ARROW_MEDIA_TYPE) {
      // a plain, 8-byte aligned copy (the file's Buffer is a view at any offset)
      answer = { status, etag: entry.etag, headers: entry.headers, body: null, arrow: new Uint8Array(entry.body), bytes };
    } else {
      try {
        answer = { status, etag: entry.etag, headers: entry.headers, body: JSON.parse(entry.body.toString('utf8')), bytes };
      } catch {
        await this.#disk.remove(key);
        return null;
      }
    }
    this.#remember(key, answer);
    return answer;
  }

  /**
   * Keeps a 200 answer: JSON (its text and parsed body) or Arrow (a copy of its bytes).
   *
   * @param key - From {@link keyOf}.
   * @param headers - The answer's headers.
   * @param answer - `{ text, body }` of a JSON answer or `{ arrow }` of an Arrow one.
   */
  async store(
    key: string,
    headers: Readonly<Record<string, string>>,
    answer: { text: string; body: unknown } | { arrow: Uint8Array },
  ): Promise<void> {
    const kept = keptHeaders(headers);
    const etag = headers.etag ?? null;
    if ('arrow' in answer) {
      const arrow = new Uint8Array(answer.arrow); // a copy (a Buffer's slice() would be a view)
      this.#remember(key, { status: 200, etag, headers: kept, body: null, arrow, bytes: arrow.byteLength });
      if (this.#disk !== null)
        await this.#disk.write(key, {
          etag,
          headers: kept,
          type: ARROW_MEDIA_TYPE,
          body: Buffer.from(arrow.buffer, arrow.byteOffset, arrow.byteLength),
        });
      return;
    }
    this.#remember(key, { status: 200, etag, headers: kept, body: answer.body, bytes: utf8Length(answer.text) });
    if (this.#disk !== null)
      await this.#disk.write(key, { etag, headers: kept, type: JSON_MEDIA_TYPE, body: Buffer.from(answer.text, 'utf8') });
  }

  /**
   * Keeps an error answer, in `record` mode only (other modes keep none): a replay in `offline`
   * mode throws it again.
   *
   * @param key - From {@link keyOf}.
   * @param status - The answer's status (4xx).
   * @param headers - The answer's headers.
   * @param text - The body text (the problem answer).
   */
  async storeProblem(key: string, status: number, headers: Readonly<Record<string, string>>, text: string): Promise<void> {
    if (!this.recording) return;
    const kept = keptHeaders(headers);
    this.#remember(key, { status, etag: null, headers: kept, body: text, bytes: utf8Length(text) });
    if (this.#disk !== null)
      await this.#disk.write(key, { status, etag: null, headers: kept, type: JSON_MEDIA_TYPE, body: Buffer.from(text, 'utf8') });
  }

  /** Counts a hit. */
  hit(): void {
    this.#counts.hits++;
  }

  /** Counts a miss. */
  miss(): void {
    this.#counts.misses++;
  }

  /** Counts a 304 revalidation (also a hit). */
  revalidated(): void {
    this.#counts.revalidations++;
    this.#counts.hits++;
  }

  /**
   * The counters and the bytes held in memory.
   *
   * @returns A snapshot.
   */
  stats(): CacheStats {
    return displayAsRecord({ ...this.#counts, bytes: this.#held, entries: this.#memory.size }, CACHE_STATS);
  }

  /**
   * Bytes held by the cache directory (0 without one).
   *
   * @returns The size.
   */
  async diskBytes(): Promise<number> {
    return this.#disk === null ? 0 : this.#disk.bytes();
  }

  /**
   * Empties the cache (memory and directory) and resets the counters.
   *
   * @returns When done.
   */
  async clear(): Promise<void> {
    this.#memory.clear();
    this.#held = 0;
    this.#counts = { hits: 0, misses: 0, revalidations: 0 };
    if (this.#disk !== null) await this.#disk.clear();
  }

  /**
   * Drops one entry (memory and directory), e.g. one replaced by the other representation.
   *
   * @param key - From {@link keyOf}.
   * @returns When done.
   */
  async forget(key: string): Promise<void> {
    const old = this.#memory.get(key);
    if (old !== undefined) {
      this.#memory.delete(key);
      this.#held -= old.bytes;
    }
    if (this.#disk !== null) await this.#disk.remove(key);
  }

  #remember(key: string, answer: CachedAnswer): void {
    const old = this.#memory.get(key);
    if (old !== undefined) {
      this.#memory.delete(key);
      this.#held -= old.bytes;
    }
    if (answer.bytes > this.options.maxBytes) return;
    this.#memory.set(key, answer);
    this.#held += answer.bytes;
    for (const [k, v] of this.#memory) {
      if (this.#held <= this.options.maxBytes) break;
      this.#memory.delete(k);
      this.#held -= v.bytes;
    }
  }
}

/**
 * The answer cache of one client (`client.cache`): its options, counters and size, and `clear()`.
 *
 * @example
 * const client = new ServiceClient({ apiKey, cache: true });
 * await client.timeseries.load(curve, { begin, end });   // miss: downloaded and kept
 * await client.timeseries.load(curve, { begin, end });   // 304: served from the cache
 * client.cache?.stats().revalidations //=> 1
 */
export class ResponseCache {
  readonly #store: AnswerStore;

  /** @param store - What the cache holds (the transport's). */
  constructor(store: AnswerStore) {
    this.#store = store;
  }

  /** Directory, size bound and mode. */
  get options(): ResolvedCacheOptions {
    return this.#store.options;
  }

  /**
   * The counters and the bytes held in memory.
   *
   * @returns A snapshot.
   */
  stats(): CacheStats {
    return this.#store.stats();
  }

  /**
   * Bytes held by the cache directory (0 without one).
   *
   * @returns The size.
   */
  diskBytes(): Promise<number> {
    return this.#store.diskBytes();
  }

  /**
   * Empties the cache (memory and directory) and resets the counters.
   *
   * @returns When done.
   */
  clear(): Promise<void> {
    return this.#store.clear();
  }

  /** What the cache shows: mode, directory and the counters (never its entries). */
  #summary(): SummaryRow[] {
    const stats = this.stats();
    return [
      ['mode', this.options.mode],
      ['dir', this.options.dir ?? 'None'],
      ['entries', stats.entries],
      ['bytes', stats.bytes],
      ['hits', stats.hits],
      ['misses', stats.misses],
      ['revalidations', stats.revalidations],
    ];
  }

  /**
   * A one-line description.
   *
   * @returns The text.
   * @example
   * String(client.cache) //=> '<ResponseCache: mode=revalidate, dir=None, entries=1, bytes=405112, hits=3, misses=1, revalidations=3>'
   */
  toString(): string {
    return `<ResponseCache: ${this.#summary()
      .map(([label, value]) => `${label}=${value}`)
      .join(', ')}>`;
  }

  /** Node's inspect hook: the notebook display as a cell's last value in tslab, else `toString()`, never the entries (docs/notebooks.md#display). */
  [INSPECT](depth?: number, options?: InspectOptionsLike): string {
    return inspectDisplay(this, depth, options);
  }

  /**
   * The notebook display: mode, directory and counters.
   *
   * @returns `text/plain` and `text/html`.
   * @example
   * client.cache?.[Symbol.for('Jupyter.display')]()['text/html'].includes('revalidations') //=> true
   */
  [JUPYTER_DISPLAY](): DisplayBundle {
    return displayBundle('ResponseCache', this.toString(), this.#summary());
  }
}
