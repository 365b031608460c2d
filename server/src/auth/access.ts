/**
 * Access to curve data: a user reads a curve's data when one of their subscription grants
 * (package + area, area `*` = every area) covers it (docs/semantics.md#access). Metadata is open to
 * every user.
 *
 * @module
 */
import { ForbiddenError } from 'service/exceptions';
import { Area } from 'service/model';
import { grantCovers } from '../store';
import type { CurveRecord, SubscriptionGrant, UserRecord } from '../store';

/** A subscription as the wire writes it (docs/protocol.md#subscription-json). */
export interface SubscriptionJson {
  access: string;
  type: string;
  label: string;
  package: string;
  area?: string;
}

/**
 * The first grant of a user that covers a curve.
 *
 * @param user - The user.
 * @param curve - The curve.
 * @returns The grant, or `null` when the user has no access.
 * @example
 * grantFor(demoUser, deWind) //=> { package: 'power', area: 'DE' }
 */
export function grantFor(user: UserRecord, curve: CurveRecord): SubscriptionGrant | null {
  return user.subscriptions.find((g) => grantCovers(g, curve)) ?? null;
}

/**
 * Tells whether a user may load a curve's data.
 *
 * @param user - The user.
 * @param curve - The curve.
 * @returns True when a grant covers the curve.
 * @example
 * canRead(demoUser, deWind) //=> true
 */
export function canRead(user: UserRecord, curve: CurveRecord): boolean {
  return grantFor(user, curve) !== null;
}

/**
 * Refuses a data request for a curve outside the user's subscriptions.
 *
 * @param user - The user.
 * @param curve - The curve.
 * @returns Nothing.
 * @throws ForbiddenError naming the curve when no grant covers it.
 * @example
 * assertCanRead(demoUser, esWind)
 * //=> throws ForbiddenError("No access to curve 'ES Wind ...': your subscriptions do not cover package 'power' in area 'ES'")
 */
export function assertCanRead(user: UserRecord, curve: CurveRecord): void {
  if (canRead(user, curve)) return;
  const area = curve.area === '' ? 'no area' : `area '${curve.area}'`;
  throw new ForbiddenError(`No access to curve '${curve.name}': your subscriptions do not cover package '${curve.package}' in ${area}`);
}

function title(text: string): string {
  return text === '*' ? 'All packages' : text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A grant in the wire's Subscription shape: `PACKAGE_AREA` with the area's name in the label, or
 * `PACKAGE` for an all-areas grant.
 *
 * @param grant - The grant.
 * @param access - The access tag (default `PAYING`; `NONE` for a curve the user cannot read).
 * @returns The subscription JSON.
 * @example
 * serializeGrant({ package: 'power', area: 'DE' })
 * //=> { access: 'PAYING', type: 'PACKAGE_AREA', label: 'Power – Germany', package: 'power', area: 'DE' }
 */
export function serializeGrant(grant: SubscriptionGrant, access = 'PAYING'): SubscriptionJson {
  if (grant.area === '*') return { access, type: 'PACKAGE', label: title(grant.package), package: grant.package };
  const areaName = grant.area !== '' && Area.isValidTag(grant.area) ? Area.byTag(grant.area).name : grant.area;
  return {
    access,
    type: 'PACKAGE_AREA',
    label: `${title(grant.package)} – ${areaName || 'No area'}`,
    package: grant.package,
    area: grant.area,
  };
}

/**
 * The `subscription` of a curve's JSON for a user: the grant that covers it, or, without access,
 * the package and area it would need with access `NONE`.
 *
 * @param user - The user.
 * @param curve - The curve.
 * @returns The subscription JSON.
 * @example
 * curveSubscription(demoUser, esWind).access //=> 'NONE'
 */
export function curveSubscription(user: UserRecord, curve: CurveRecord): SubscriptionJson {
  const grant = grantFor(user, curve);
  return grant ? serializeGrant(grant) : serializeGrant({ package: curve.package, area: curve.area }, 'NONE');
}
