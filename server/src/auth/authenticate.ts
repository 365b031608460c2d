/**
 * Authentication of a request by its API key (docs/semantics.md#access).
 *
 * @module
 */
import { UnauthorizedError } from 'service/exceptions';
import type { Store } from '../store';
import type { KeyRecord, UserRecord } from '../store';
import { hashApiKey, hashesEqual } from './api-key';

/** Who is calling: the user and the key they called with. */
export interface Principal {
  /** The user owning the key. */
  user: UserRecord;
  /** The key used (hash only). */
  key: KeyRecord;
}

/**
 * Request headers that carry the key under `/api` and on the push feed: `X-API-Key` only. The
 * partner mounts (`/partner/<country>/`) read `Ocp-Apim-Subscription-Key` instead (see
 * `server/src/routes/partner.ts`); `/api` does not take that header, so each key header has one place.
 */
export const API_KEY_HEADERS: readonly string[] = Object.freeze(['x-api-key']);

/**
 * Picks the API key out of request headers (the first of `names` that is present).
 *
 * @param headers - Request headers with lower-case names (as Node gives them).
 * @param names - The header names to read, in order (default {@link API_KEY_HEADERS}).
 * @returns The trimmed key, or `undefined` when none is given.
 * @example
 * apiKeyOf({ 'x-api-key': ' k ' }) //=> 'k'
 */
export function apiKeyOf(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  names: readonly string[] = API_KEY_HEADERS,
): string | undefined {
  for (const name of names) {
    const value = headers[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text === 'string' && text.trim() !== '') return text.trim();
  }
  return undefined;
}

/**
 * Looks a key up by its hash and checks that neither the key nor its user is blocked.
 *
 * @param store - The store holding users and keys.
 * @param key - The plain key from the request, if any.
 * @returns The caller.
 * @throws UnauthorizedError when the key is missing or unknown, or the key or user is blocked.
 * @example
 * (await authenticate(store, demoKey)).user.id //=> 'demo'
 */
export async function authenticate(store: Store, key: string | undefined): Promise<Principal> {
  if (key === undefined || key === '') throw new UnauthorizedError('Missing API key: send it in the X-API-Key header');
  const hash = hashApiKey(key);
  const record = await store.findKey(hash);
  if (record === null || !hashesEqual(record.hash, hash)) throw new UnauthorizedError('Invalid API key');
  if (record.blocked) throw new UnauthorizedError('This API key is blocked');
  const user = await store.getUser(record.userId);
  if (user === null) throw new UnauthorizedError('Invalid API key');
  if (user.blocked) throw new UnauthorizedError('This user is blocked');
  return { user, key: record };
}
