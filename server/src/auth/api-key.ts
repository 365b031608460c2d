/**
 * API keys: generation, hashing (keys are stored only as hex SHA-256 hashes) and constant-time
 * comparison of hashes.
 *
 * @module
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Prefix of the keys this service generates (helps people recognise a leaked key). */
export const API_KEY_PREFIX = 'svc_';

/**
 * Generates a new random API key: `svc_` and 43 URL-safe base64 characters (256 random bits).
 *
 * @returns The plain key (show it once; store only {@link hashApiKey} of it).
 * @example
 * generateApiKey().length //=> 47
 */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * The stored form of a key: hex SHA-256 of its UTF-8 text.
 *
 * @param key - The plain key.
 * @returns 64 lower-case hex digits.
 * @example
 * hashApiKey('abc') //=> 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * The public id of a key (what the key routes and `service keys list` show and take): 16 hex
 * digits derived from the key's hash, so that neither the key nor its stored hash is ever shown.
 *
 * @param hash - The key's hash ({@link hashApiKey}).
 * @returns 16 lower-case hex digits.
 * @example
 * keyIdOf(hashApiKey('abc')).length //=> 16
 */
export function keyIdOf(hash: string): string {
  return createHash('sha256').update(`service key id\n${hash}`, 'utf8').digest('hex').slice(0, 16);
}

/**
 * Compares two key hashes in constant time.
 *
 * @param a - One hex hash.
 * @param b - The other hex hash.
 * @returns True when equal.
 * @example
 * hashesEqual(hashApiKey('k'), hashApiKey('k')) //=> true
 */
export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
