/**
 * The signed-in session: the API key lives in `sessionStorage` only (gone when the tab closes,
 * never in a URL or a cookie) and goes out in the API's usual `X-API-Key` header through one
 * {@link ServiceClient} per key.
 *
 * @module
 */
import { ServiceClient } from './client-package';

const KEY_ITEM = 'service-console-api-key';
const USER_ITEM = 'service-console-user';
const ADMIN_ITEM = 'service-console-administrator';

/** The API's root on the service that served the console. */
export function apiUrl(): string {
  return `${location.origin}/api`;
}

/**
 * A client for a key: JSON answers (the console has no use for Arrow), no answer cache, a short
 * time-out so that a service that has gone shows as an error soon.
 *
 * @param apiKey - The key.
 * @returns The client.
 */
function clientFor(apiKey: string): ServiceClient {
  return new ServiceClient({ apiKey, apiUrl: apiUrl(), transport: 'json', timeout: 30, httpDelay: 0.05, retry: { tries: 1 } });
}

/** The key of this tab's session, or null when signed out. */
function storedKey(): string | null {
  try {
    return sessionStorage.getItem(KEY_ITEM);
  } catch {
    return null;
  }
}

let current: { key: string; client: ServiceClient } | null = null;

/**
 * The signed-in client, or null when signed out.
 *
 * @returns The client of the stored key.
 */
export function signedInClient(): ServiceClient | null {
  const key = storedKey();
  if (key === null) {
    current = null;
    return null;
  }
  if (current?.key !== key) current = { key, client: clientFor(key) };
  return current.client;
}

/**
 * Checks a key against the service (`GET /api/user/`) and keeps it for this tab.
 *
 * @param apiKey - The key typed in.
 * @returns The user's display name.
 * @throws The service's error (401 for a wrong key) or a transport error.
 */
export async function signIn(apiKey: string): Promise<string> {
  const client = clientFor(apiKey);
  const user = await client.user.user();
  const name = user.name ?? user.email ?? 'signed in';
  sessionStorage.setItem(KEY_ITEM, apiKey);
  sessionStorage.setItem(USER_ITEM, name);
  // the administrator has the all-packages, all-areas grant (docs/protocol.md#admin-keys)
  const administrator = (user.subscriptions ?? []).some((s) => s.package === '*' && (s.area ?? '*') === '*');
  if (administrator) sessionStorage.setItem(ADMIN_ITEM, 'yes');
  else sessionStorage.removeItem(ADMIN_ITEM);
  current = { key: apiKey, client };
  return name;
}

/** The signed-in user's display name, or null when signed out. */
export function signedInUser(): string | null {
  return storedKey() === null ? null : (sessionStorage.getItem(USER_ITEM) ?? 'your API key');
}

/** Whether the signed-in key is the administrator's (it may import and manage keys). */
export function signedInAdministrator(): boolean {
  return storedKey() !== null && sessionStorage.getItem(ADMIN_ITEM) === 'yes';
}

/** Forgets the key. */
export function signOut(): void {
  sessionStorage.removeItem(KEY_ITEM);
  sessionStorage.removeItem(USER_ITEM);
  sessionStorage.removeItem(ADMIN_ITEM);
  current = null;
}
