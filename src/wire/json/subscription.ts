/**
 * Subscription JSON (docs/protocol.md#subscription-json).
 *
 * @module
 */
import { CollectionPermission, Subscription, SubscriptionAccess, SubscriptionType } from '../../model';
import { asObject, optString, readTag, type JsonObject } from './read';

/** The wire form of a subscription; the type decides which optional members are present. */
export interface SubscriptionJson {
  /** Access tag, or null. */
  access: string | null;
  /** Type tag, or null. */
  type: string | null;
  /** Human-readable label. */
  label: string;
  /** Package, for `PACKAGE` and `PACKAGE_AREA`. */
  package?: string | null;
  /** Area tag as text, for `PACKAGE_AREA`. */
  area?: string | null;
  /** Collection id, for `COLLECTION`. */
  collection?: string | null;
  /** `r` or `rw`, for `COLLECTION`. */
  collection_perms?: string;
}

function isPackage(type: SubscriptionType | null): boolean {
  return type === SubscriptionType.PACKAGE || type === SubscriptionType.PACKAGE_AREA;
}

/**
 * Parses a subscription. Members that do not apply to its type are ignored: `package` is read for
 * `PACKAGE` and `PACKAGE_AREA`, `area` for `PACKAGE_AREA`, `collection` and the required
 * `collection_perms` for `COLLECTION`. A missing label reads as `''`.
 *
 * @param json - The subscription object.
 * @param path - Where it sits in the body, for messages.
 * @returns The subscription.
 * @throws ParseException for a bad member or an unknown tag.
 * @example
 * parseSubscription({ access: 'PAYING', type: 'PACKAGE', label: 'Power', package: 'power', area: 'DE' }).area //=> null
 */
export function parseSubscription(json: unknown, path = 'subscription'): Subscription {
  const obj: JsonObject = asObject(json, path);
  const type = readTag(SubscriptionType, obj, 'type', path, false);
  const collection = type === SubscriptionType.COLLECTION;
  return new Subscription({
    access: readTag(SubscriptionAccess, obj, 'access', path, false),
    type,
    label: optString(obj, 'label', path) ?? '',
    package: isPackage(type) ? optString(obj, 'package', path) : null,
    area: type === SubscriptionType.PACKAGE_AREA ? optString(obj, 'area', path) : null,
    collection: collection ? optString(obj, 'collection', path) : null,
    collectionPerms: collection ? readTag(CollectionPermission, obj, 'collection_perms', path, true) : null,
  });
}

/**
 * Writes a subscription with the members of its type.
 *
 * @param subscription - The subscription.
 * @returns The wire object.
 * @example
 * serializeSubscription(new Subscription({ access: SubscriptionAccess.FREEMIUM, type: SubscriptionType.FREEMIUM, label: 'Freemium' }))
 * //=> { access: 'FREEMIUM', type: 'FREEMIUM', label: 'Freemium' }
 */
export function serializeSubscription(subscription: Subscription): SubscriptionJson {
  const type = subscription.type;
  const json: SubscriptionJson = { access: subscription.access?.tag ?? null, type: type?.tag ?? null, label: subscription.label };
  if (isPackage(type)) json.package = subscription.package;
  if (type === SubscriptionType.PACKAGE_AREA) json.area = subscription.area;
  if (type === SubscriptionType.COLLECTION) {
    json.collection = subscription.collection;
    if (subscription.collectionPerms) json.collection_perms = subscription.collectionPerms.tag;
  }
  return json;
}
