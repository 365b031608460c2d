/**
 * Opens the store a command names: the shared PostgreSQL store with `--store postgres://...`,
 * else the embedded DuckDB store in `--data DIR`.
 *
 * @module
 */
import { DuckDbStore, PostgresStore, type DuckDbStoreOptions, type PostgresStoreOptions, type Store } from '../store';
import { ValidationError } from 'service/exceptions';

/** Where a command's store is. */
export interface StoreLocation {
  /** The data directory of the embedded store. */
  data: string;
  /** A `postgres://` URL; when given, the shared store is used and `data` is not. */
  store?: string;
}

/**
 * Opens the store.
 *
 * @param where - `--data` and `--store`.
 * @param shared - Pool size and statement time-out of the shared store.
 * @param embedded - Options of the embedded store.
 * @returns The open store.
 * @throws ValueError when it cannot be opened.
 * @example
 * const store = await openStore({ data: 'data', store: 'postgres://svc@db/service' });
 */
export function openStore(where: StoreLocation, shared: PostgresStoreOptions = {}, embedded: DuckDbStoreOptions = {}): Promise<Store> {
  return where.store !== undefined ? PostgresStore.open(where.store, shared) : DuckDbStore.open(where.data, embedded);
}

/**
 * Refuses `--data` together with `--store` (one store per command).
 *
 * @param data - The `--data` value, if given.
 * @param store - The `--store` value, if given.
 * @returns Nothing.
 * @throws ValidationError naming `store` when both are given.
 * @example
 * oneStore(undefined, 'postgres://db/service')
 */
export function oneStore(data: string | undefined, store: string | undefined): void {
  if (data !== undefined && store !== undefined) throw new ValidationError('Give either --data or --store, not both', 'store');
}
