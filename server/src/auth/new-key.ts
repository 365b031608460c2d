/**
 * A new API key for a user, as `service keys create` and `POST {api}/keys/` make it: the user is
 * created when new, or keeps what it has unless a field is given (given grants replace the
 * user's, for every key of the user); the key is stored as its hash only.
 *
 * @module
 */
import type { KeyRecord, Store, SubscriptionGrant, UserRecord } from '../store';
import { generateApiKey, hashApiKey } from './api-key';

/** What a new key is made of. */
export interface NewKeyRequest {
  /** The user's id. */
  user: string;
  /** What the key is for. */
  label: string;
  /** The user's display name, e-mail, organisation: set when given. */
  name?: string;
  email?: string;
  organization?: string;
  /** The user's grants: replace the user's when given (a new user gets none otherwise). */
  grants?: SubscriptionGrant[];
}

/**
 * Creates a key (and the user, when new) in one atomic write.
 *
 * @param store - The store.
 * @param request - User, label and the user's fields.
 * @returns The secret (show it once), the key record, the user as written and whether it existed.
 * @example
 * (await createKey(store, { user: 'ana', label: 'laptop' })).secret //~> 'svc_...'
 */
export async function createKey(
  store: Store,
  request: NewKeyRequest,
): Promise<{ secret: string; key: KeyRecord; user: UserRecord; existed: boolean }> {
  const existing = await store.getUser(request.user);
  const user: UserRecord = {
    id: request.user,
    name: request.name ?? existing?.name ?? request.user,
    email: request.email ?? existing?.email ?? null,
    organization: request.organization ?? existing?.organization ?? null,
    blocked: existing?.blocked ?? false,
    subscriptions: request.grants ?? existing?.subscriptions.map((g) => ({ ...g })) ?? [],
  };
  const secret = generateApiKey();
  const key: KeyRecord = { hash: hashApiKey(secret), userId: user.id, label: request.label, created: Date.now(), blocked: false };
  await store.importBatch({ users: [user], keys: [key] });
  return { secret, key, user, existed: existing !== null };
}
