/**
 * The demo user and its API key (docs/demo-data.md#users; docs/semantics.md#access). The key is
 * derived from the seed, so the same seed always gives the same key; the store keeps only its
 * SHA-256 hash.
 */
import { createHash } from 'node:crypto';
import { API_KEY_PREFIX, hashApiKey } from '../auth/api-key';
import type { KeyRecord, UserRecord } from '../store/types';

/** The id of the demo user. */
const DEMO_USER_ID = 'demo';

/** Areas the demo user may not load power data for, so that a 403 can be shown. */
export const DEMO_DENIED_AREAS: readonly string[] = Object.freeze(['GB']);

/**
 * The demo user: `power` subscriptions for every given area except those in
 * {@link DEMO_DENIED_AREAS}, and `gas` and `market` for all areas.
 *
 * @param areas - Every area tag that has power curves in the dataset.
 * @returns The user record.
 * @example
 * demoUser(['DE', 'GB']).subscriptions
 * //=> [{ package: 'power', area: 'DE' }, { package: 'gas', area: '*' }, { package: 'market', area: '*' }]
 */
export function demoUser(areas: readonly string[]): UserRecord {
  const power = areas.filter((a) => !DEMO_DENIED_AREAS.includes(a)).map((area) => ({ package: 'power', area }));
  return {
    id: DEMO_USER_ID,
    name: 'Demo User',
    email: 'demo@example.org',
    organization: 'Demo Energy AS',
    blocked: false,
    subscriptions: [...power, { package: 'gas', area: '*' }, { package: 'market', area: '*' }],
  };
}

/**
 * The demo API key of a seed: the service's key prefix and 43 URL-safe base64 characters of a
 * SHA-256 digest of the seed, so the same seed always gives the same key.
 *
 * @param seed - The dataset seed.
 * @returns The plain key.
 * @example
 * demoApiKey(42) === demoApiKey(42) //=> true
 */
export function demoApiKey(seed: number): string {
  return API_KEY_PREFIX + createHash('sha256').update(`service-demo-api-key|${seed}`).digest('base64url');
}

/**
 * The key record of the demo key.
 *
 * @param key - The plain key.
 * @param created - Epoch ms of creation (the anchor, so the data stays deterministic).
 * @returns The record.
 * @example
 * demoKeyRecord('abc', 0).userId //=> 'demo'
 */
export function demoKeyRecord(key: string, created: number): KeyRecord {
  return { hash: hashApiKey(key), userId: DEMO_USER_ID, label: 'demo key', created, blocked: false };
}
