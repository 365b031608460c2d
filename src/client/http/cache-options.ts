/**
 * The client's `cache` option: `true` for an in-memory cache, or an object naming a directory
 * (shared by processes), a size bound and a mode.
 *
 * @module
 */
import { InitializationError } from '../../exceptions';

/**
 * How a cached answer is used: `revalidate` (default) asks the service with `If-None-Match` and
 * uses the cached body on `304`, and keeps successful answers only; `record` does the same but
 * also keeps the service's error answers (400, 403, 404, ...), for a later `offline` replay;
 * `offline` answers only from the cache, without any request (a recorded error answer is thrown
 * again as the same error), and fails on a miss.
 */
export type CacheMode = 'revalidate' | 'record' | 'offline';

/**
 * The `cache` client option in object form.
 *
 * @example
 * const cache: CacheOptions = { dir: '/home/me/.cache/service', maxBytes: 500e6 };
 * cache.dir //=> '/home/me/.cache/service'
 */
export interface CacheOptions {
  /** Directory of an on-disk cache (created when missing; several processes may share it). */
  dir?: string;
  /** Size bound in bytes, least recently used entries evicted first (default 256 MiB). */
  maxBytes?: number;
  /** `revalidate` (default), `record` or `offline`. */
  mode?: CacheMode;
}

/** The cache option after defaults and checks. */
export interface ResolvedCacheOptions {
  /** On-disk directory, or null for memory only. */
  readonly dir: string | null;
  /** Size bound in bytes (memory, and separately the directory). */
  readonly maxBytes: number;
  /** The mode. */
  readonly mode: CacheMode;
}

/** Default size bound: 256 MiB. */
const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;

/**
 * Checks the `cache` client option.
 *
 * @param value - `undefined`/`false` (no cache), `true` or a {@link CacheOptions}.
 * @returns The resolved options, or null for no cache.
 * @throws InitializationError naming the bad field.
 * @example
 * resolveCacheOptions(true) //=> { dir: null, maxBytes: 268435456, mode: 'revalidate' }
 */
export function resolveCacheOptions(value: boolean | CacheOptions | undefined): ResolvedCacheOptions | null {
  if (value === undefined || value === false) return null;
  if (value === true) return Object.freeze({ dir: null, maxBytes: DEFAULT_CACHE_BYTES, mode: 'revalidate' });
  if (value === null || typeof value !== 'object')
    throw new InitializationError(`cache must be true, false or { dir, maxBytes, mode }, got ${String(value)}`);
  const { dir, maxBytes = DEFAULT_CACHE_BYTES, mode = 'revalidate' } = value;
  if (dir !== undefined && (typeof dir !== 'string' || dir.trim() === ''))
    throw new InitializationError('cache.dir must be a non-empty path');
  if (typeof maxBytes !== 'number' || !Number.isFinite(maxBytes) || maxBytes <= 0) {
    throw new InitializationError(`cache.maxBytes must be a positive number of bytes, got ${String(maxBytes)}`);
  }
  if (mode !== 'revalidate' && mode !== 'record' && mode !== 'offline')
    throw new InitializationError(`cache.mode must be 'revalidate', 'record' or 'offline', got ${String(mode)}`);
  return Object.freeze({ dir: dir ?? null, maxBytes, mode });
}
