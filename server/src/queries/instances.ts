/**
 * The instance queries shared by the instances and period-instances sections: locating an
 * instance curve for a request, selecting instance records by the selection parameters, the
 * instance a path names, and a store view whose reads are replaced (for stitched series).
 *
 * @module
 */
import type { FastifyRequest } from 'fastify';
import type { Zone } from 'luxon';
import { instanceColumns, selectInstances, type InstanceFilter } from 'service/engine';
import { NotFoundError } from 'service/exceptions';
import type { Curve } from 'service/model';
import { zoneByName } from 'service/time';
import { resolveDateTime, resolveMillis, timeOfDayMillis } from '#wire';
import type { InstanceSelectionQuery } from '#wire';
import { decodeIssued } from '../requests';
import { userOf } from '../auth';
import type { RouteContext } from '../http/route-module';
import { curveOf, dataCurve } from './resample-series';
import type { CurveRecord, InstanceRecord, Store } from '../store';

/**
 * The curve of an instance request with what every instance operation needs.
 *
 * @example
 * const t: InstanceTarget = await instanceTarget(context, request, ['INSTANCE']);
 * t.issueZone.name //=> 'UTC'
 */
export interface InstanceTarget {
  /** The stored curve. */
  record: CurveRecord;
  /** The model curve, with place and the caller's subscription. */
  curve: Curve;
  /** The curve's zone. */
  zone: Zone;
  /** The curve's instance issue zone (UTC when it has none). */
  issueZone: Zone;
}

/**
 * Finds the curve of a request (path parameter `curve`) and checks it (404 unknown, 400 other
 * type, 403 outside the subscriptions).
 *
 * @param context - Store and clock.
 * @param request - The request.
 * @param curveTypes - The accepted curve types.
 * @returns The target.
 * @throws NotFoundError, ValidationError (parameter `curve`), ForbiddenError.
 * @example
 * (await instanceTarget(context, request, SECTION_CURVE_TYPES.instances)).record.curveType //=> 'INSTANCE'
 */
export async function instanceTarget(
  context: RouteContext,
  request: FastifyRequest,
  curveTypes: readonly string[],
): Promise<InstanceTarget> {
  const user = userOf(request);
  const record = await dataCurve(context.store, user, (request.params as { curve: string }).curve, curveTypes);
  const curve = await curveOf(context.store, user, record);
  return { record, curve, zone: zoneByName(record.timezone), issueZone: zoneByName(record.instanceIssuedTimezone ?? 'UTC') };
}

/**
 * Selects instances of a curve as a decoded query asks (tags, exclude-tags, issue bounds in the
 * issue zone, issue times of day, limit), newest first.
 *
 * @param store - The store.
 * @param target - The curve.
 * @param query - The decoded selection.
 * @returns The chosen records, newest first.
 * @example
 * (await selectRecords(store, target, decodeInstancesList('limit=2'))).length //~> 2
 */
export async function selectRecords(store: Store, target: InstanceTarget, query: InstanceSelectionQuery): Promise<InstanceRecord[]> {
  const at = (v: typeof query.issuedAtLatest) => (v ? resolveMillis(v, target.issueZone) : undefined);
  const filter: InstanceFilter = {
    tags: query.tags,
    excludeTags: query.excludeTags,
    issuedAtEarliest: at(query.issuedAtEarliest),
    issuedAtLatest: at(query.issuedAtLatest),
    issuedTimeOfDay: query.issuedTimeOfDay.map(timeOfDayMillis),
    zone: target.issueZone,
  };
  const records = await store.listInstances(target.record.name, {
    tags: filter.tags,
    excludeTags: filter.excludeTags,
    issuedAtEarliest: filter.issuedAtEarliest,
    issuedAtLatest: filter.issuedAtLatest,
  });
  return Array.from(selectInstances(instanceColumns(records), filter, { limit: query.limit }), (i) => records[i]!);
}

/**
 * The instance named by the path parameters `issued` (wall-clock in the issue zone without an
 * offset) and `tag` (optional, any case).
 *
 * @param store - The store.
 * @param target - The curve.
 * @param request - The request.
 * @returns The stored instance.
 * @throws ValidationError (parameter `issued`) for a bad date-time; NotFoundError when absent.
 * @example
 * (await pathInstance(store, target, request)).tag //=> 'ec'
 */
export async function pathInstance(store: Store, target: InstanceTarget, request: FastifyRequest): Promise<InstanceRecord> {
  const params = request.params as { issued: string; tag?: string };
  const issued = resolveDateTime(decodeIssued(params.issued), target.issueZone);
  const found = await store.getInstance(target.record.name, { issued: issued.toMillis(), tag: params.tag ?? '' });
  if (found === null) throw new NotFoundError(`No instance (${params.issued}, '${params.tag ?? ''}') of curve '${target.record.name}'`);
  return found;
}

/**
 * A view of the store whose series or period reads are replaced (stitched results, reads without
 * members); everything else goes to the store itself.
 *
 * @param store - The store.
 * @param reads - The replacing `readSeries` and/or `readPeriods`.
 * @returns The view.
 * @example
 * const plain = storeView(store, { readSeries: (c, r, i) => store.readSeries(c, r, i, { scenarios: false }) });
 */
export function storeView(store: Store, reads: Partial<Pick<Store, 'readSeries' | 'readPeriods'>>): Store {
  return new Proxy(store, {
    get(target, property) {
      const own = (reads as Record<PropertyKey, unknown>)[property];
      if (own !== undefined) return own;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A view of the store that answers the whole-series reads of some instances from one batched read
 * (`Store.readInstanceSeries`, where the store has it); other reads go to the store. Each
 * prefetched block is handed out once.
 *
 * @param store - The store.
 * @param curve - The curve name.
 * @param instances - The instances to read.
 * @param scenarios - Whether with members.
 * @returns The view (the store itself when it cannot read in batches or there are fewer than two).
 * @example
 * const view = await prefetchedInstances(store, name, records, false);
 */
export async function prefetchedInstances(
  store: Store,
  curve: string,
  instances: readonly InstanceRecord[],
  scenarios: boolean,
): Promise<Store> {
  if (store.readInstanceSeries === undefined || instances.length < 2) return store;
  const keys = instances.map((r) => ({ issued: r.issued, tag: r.tag }));
  const blocks = await store.readInstanceSeries(curve, keys, { scenarios });
  const ready = new Map(keys.map((k, i) => [`${k.issued}|${k.tag.toLowerCase()}`, blocks[i]!]));
  return storeView(store, {
    readSeries(c, range, instance, options) {
      const key = instance ? `${instance.issued}|${instance.tag.toLowerCase()}` : '';
      const block = ready.get(key);
      const whole = range.begin === undefined && range.end === undefined;
      if (c !== curve || block === undefined || !whole || (options?.scenarios ?? true) !== scenarios) {
        return store.readSeries(c, range, instance, options);
      }
      ready.delete(key);
      return Promise.resolve(block);
    },
  });
}
