/**
 * Store records to model objects: the one mapping the sections, the resampling path and the push
 * feed use to turn a stored curve, place or instance into the model object the wire writers take.
 *
 * @module
 */
import { DateTime, type Zone } from 'luxon';
import { Area, Curve, CurveType, DataType, Instance, Place, PlaceType, type Subscription } from 'service/model';
import { Frequency } from 'service/time';
import { parseSubscription } from '#wire';
import { curveSubscription } from '../auth';
import type { CurveRecord, InstanceRecord, PlaceRecord, UserRecord } from '../store';

/**
 * Builds the model curve of a stored curve record.
 *
 * @param record - The stored curve.
 * @param extras - `place`: the curve's place (default none); `subscription`: the caller's access.
 * @returns The curve.
 * @throws ValueError when the record holds an unknown tag or zone (the store validates on import).
 * @example
 * curveFromRecord(record).resolution.toDict() //=> { frequency: 'PT15M', timezone: 'CET' }
 */
export function curveFromRecord(record: CurveRecord, extras: { place?: Place | null; subscription?: Subscription | null } = {}): Curve {
  return new Curve({
    name: record.name,
    curveType: CurveType.byTag(record.curveType),
    frequency: Frequency.byTag(record.frequency),
    timezone: record.timezone,
    instanceIssuedTimezone: record.instanceIssuedTimezone,
    area: Area.byTag(record.area),
    areaSink: record.areaSink ? Area.byTag(record.areaSink) : null,
    place: extras.place ?? null,
    categories: record.categories,
    unit: record.unit,
    denominator: record.denominator,
    dataType: DataType.byTag(record.dataType),
    source: record.source,
    commodity: record.commodity,
    subscription: extras.subscription ?? null,
  });
}

/**
 * Builds the model place of a stored place record.
 *
 * @param record - The stored place.
 * @param extras - `children` (units) and `curves` of the place (default none).
 * @returns The place.
 * @throws ValueError when the record holds an unknown place type or area tag.
 * @example
 * placeFromRecord(brokdorf).location //=> [53.85, 9.35]
 */
export function placeFromRecord(record: PlaceRecord, extras: { children?: Place[]; curves?: Curve[] } = {}): Place {
  const located = record.latitude !== null && record.longitude !== null;
  return new Place({
    kind: PlaceType.byTag(record.kind),
    key: record.key,
    name: record.name,
    unit: record.unit,
    fuels: record.fuels,
    areas: record.areas.map((tag) => Area.byTag(tag)),
    location: located ? [record.latitude as number, record.longitude as number] : null,
    children: extras.children ?? [],
    curves: extras.curves ?? [],
  });
}

/**
 * The caller's subscription of a curve as a model object (the grant that covers it, or the one
 * it would need with access `NONE`).
 *
 * @param user - The caller.
 * @param record - The curve.
 * @returns The subscription.
 * @example
 * subscriptionOf(demoUser, gbWind).access.tag //=> 'NONE'
 */
export function subscriptionOf(user: UserRecord, record: CurveRecord): Subscription {
  return parseSubscription(curveSubscription(user, record));
}

/**
 * The model instance of a stored one, its times in the issue zone.
 *
 * @param record - The stored instance.
 * @param issueZone - The curve's issue zone.
 * @returns The instance (`scenarios` = number of members).
 * @example
 * instanceFromRecord({ curve: 'X', issued: 0, tag: 'ec', created: null, modified: null, scenarioNames: [] }, UTC).tag //=> 'ec'
 */
export function instanceFromRecord(record: InstanceRecord, issueZone: Zone): Instance {
  const at = (ms: number | null) => (ms === null ? null : DateTime.fromMillis(ms, { zone: issueZone }));
  return new Instance({
    issued: DateTime.fromMillis(record.issued, { zone: issueZone }),
    tag: record.tag,
    scenarios: record.scenarioNames.length,
    created: at(record.created),
    modified: at(record.modified),
  });
}
