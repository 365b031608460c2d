/**
 * User JSON (docs/protocol.md#user-json): name, e-mail, organisation (with its account manager) and
 * subscriptions.
 *
 * @module
 */
import type { Subscription } from '../../model';
import { itemsTable } from '../../model/display';
import { displayAsRecord, type RecordShape } from '../../model/record-display';
import { asArray, asObject, jsonBody, optString, type JsonObject } from './read';
import { parseSubscription, serializeSubscription, type SubscriptionJson } from './subscription';

/** A contact person: name and e-mail. */
export interface Contact {
  /** Name, or null. */
  readonly name: string | null;
  /** E-mail address, or null. */
  readonly email: string | null;
}

/** The user's organisation. */
export interface Organization {
  /** Name, or null. */
  readonly name: string | null;
  /** The account manager, or null. */
  readonly accountManager: Contact | null;
}

/**
 * The user of an API key, as `GET /user/` describes it. A plain object; a cell ending with one
 * shows its fields and a row per subscription (docs/notebooks.md#display).
 */
export interface User {
  /** Name, or null. */
  readonly name: string | null;
  /** E-mail address, or null. */
  readonly email: string | null;
  /** Organisation, or null. */
  readonly organization: Organization | null;
  /** Subscriptions; null when the body had none (passed through as sent). */
  readonly subscriptions: readonly Subscription[] | null;
}

/** The wire form of a user. */
export interface UserJson {
  /** Name. */
  name: string | null;
  /** E-mail address. */
  email: string | null;
  /** Organisation (left out when unknown). */
  organization?: { name: string | null; account_manager?: { name: string | null; email: string | null } };
  /** Subscriptions, or null. */
  subscriptions: SubscriptionJson[] | null;
}

/** A contact as one cell: `Name <e-mail>`. */
function contactCell(contact: Contact | null): string | null {
  if (contact === null) return null;
  return [contact.name, contact.email === null ? null : `<${contact.email}>`].filter((p) => p !== null).join(' ') || null;
}

/** How a user shows itself: name, e-mail, organisation, then a row per subscription. */
const USER: RecordShape<User> = {
  title: 'User',
  fields: (u) => [
    ['name', u.name],
    ['email', u.email],
    ['organization', u.organization?.name],
    ['organization.accountManager', contactCell(u.organization?.accountManager ?? null)],
    ['subscriptions', u.subscriptions?.length ?? 'None'],
  ],
  line: (u) =>
    `<User: name=${JSON.stringify(u.name)}, email=${u.email ?? 'None'}, organization=${JSON.stringify(u.organization?.name ?? null)}, subscriptions=${u.subscriptions?.length ?? 'None'}>`,
  items: (u) =>
    u.subscriptions === null || u.subscriptions.length === 0
      ? null
      : itemsTable(`subscriptions · ${u.subscriptions.length}`, u.subscriptions),
};

function parseContact(json: unknown, path: string): Contact {
  const obj: JsonObject = asObject(json, path);
  return Object.freeze({ name: optString(obj, 'name', path), email: optString(obj, 'email', path) });
}

/**
 * Parses the user of an API key. `organization` and its `account_manager` are optional;
 * `subscriptions` may be null or empty and is kept so.
 *
 * @param json - The user object (or its JSON text).
 * @returns A frozen user.
 * @throws ParseException for a bad member.
 * @example
 * parseUser({ name: 'Ada Example', email: 'ada@example.org', subscriptions: [] }).subscriptions //=> []
 */
export function parseUser(json: unknown): User {
  const obj = asObject(jsonBody(json), '');
  const org = obj.organization;
  let organization: Organization | null = null;
  if (org !== null && org !== undefined) {
    const o = asObject(org, 'organization');
    const manager = o.account_manager;
    organization = Object.freeze({
      name: optString(o, 'name', 'organization'),
      accountManager: manager === null || manager === undefined ? null : parseContact(manager, 'organization.account_manager'),
    });
  }
  const subs = obj.subscriptions;
  const subscriptions =
    subs === null || subs === undefined
      ? null
      : Object.freeze(asArray(subs, 'subscriptions').map((s, i) => parseSubscription(s, `subscriptions[${i}]`)));
  const user = { name: optString(obj, 'name', ''), email: optString(obj, 'email', ''), organization, subscriptions };
  return Object.freeze(displayAsRecord(user, USER));
}

/**
 * Writes a user; the organisation is left out when unknown, the account manager when none.
 *
 * @param user - The user.
 * @returns The wire object.
 * @example
 * serializeUser({ name: 'Ada', email: null, organization: null, subscriptions: [] }) //=> { name: 'Ada', email: null, subscriptions: [] }
 */
export function serializeUser(user: User): UserJson {
  const org = user.organization;
  const manager = org?.accountManager;
  const organization = org
    ? { organization: { name: org.name, ...(manager ? { account_manager: { name: manager.name, email: manager.email } } : {}) } }
    : {};
  return {
    name: user.name,
    email: user.email,
    ...organization,
    subscriptions: user.subscriptions ? user.subscriptions.map(serializeSubscription) : null,
  };
}
