/**
 * The metadata section (docs/protocol.md#metadata, docs/semantics.md#metadata): categories, exact categories, one
 * curve by name, curve search and place search. Searches are paged with the `X-…` headers of
 * docs/protocol.md#paging. Metadata is open to every user; a curve's `subscription` tells the caller's
 * access to its data (`NONE` when no grant covers it).
 *
 * Decisions where the wire reference is silent:
 * - `area=` (the empty "no area" tag, which the reference client lets through) applies no area
 *   filter, as the reference's canned answer to that request line shows;
 * - a curve's `place` is the place without its children and curves; a place's `curves` carry that
 *   same shallow place (as the reference fixtures show);
 * - `tree=true` searches the top-level places (plants, rivers, ...) and nests every unit under
 *   its plant (with the unit's own curves); without `tree` all places, units included, are listed.
 *
 * @module
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from 'service/exceptions';
import type { Curve, Place } from 'service/model';
import {
  serializeCurve,
  serializeCurveList,
  serializePageHeaders,
  serializePlaceList,
  serializeStringList,
  type CurveJson,
  type PlaceJson,
} from '#wire';
import { decodeMetadataCurves, decodeMetadataPlaces, type MetadataCurvesQuery } from '../requests';
import { userOf } from '../auth';
import { curveFromRecord, placeFromRecord, subscriptionOf } from '../queries/records';
import type { RouteContext, RouteModule } from '../http/route-module';
import type { CurveQuery, CurveRecord, PlaceRecord, Store, StorePage, UserRecord } from '../store';

/** Page size used to read "all" matching records of a sub-query (curves of places, units of plants). */
const ALL = Number.MAX_SAFE_INTEGER;

/** Builds curve JSON for one request, reading each place once. */
class CurveWriter {
  private readonly places = new Map<string, Promise<Place | null>>();

  constructor(
    private readonly store: Store,
    private readonly user: UserRecord,
  ) {}

  /** The shallow place of a curve (no children, no curves). */
  placeOf(key: string | null): Promise<Place | null> {
    if (key === null) return Promise.resolve(null);
    let place = this.places.get(key);
    if (place === undefined) {
      place = this.store.getPlace(key).then((p) => (p ? placeFromRecord(p) : null));
      this.places.set(key, place);
    }
    return place;
  }

  /** Model curves with their shallow place and the caller's subscription. */
  async curves(records: readonly CurveRecord[]): Promise<Curve[]> {
    const places = await Promise.all(records.map((r) => this.placeOf(r.placeKey)));
    return records.map((r, i) => curveFromRecord(r, { place: places[i], subscription: subscriptionOf(this.user, r) }));
  }
}

function queryOf(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at < 0 ? '' : request.url.slice(at + 1);
}

/**
 * Maps the decoded curve-search parameters to the store's query. The empty area tag applies no
 * filter; `only-subscribed=true` narrows to the caller's grants.
 *
 * @param query - The decoded parameters.
 * @param user - The caller.
 * @returns The store query.
 * @example
 * curveQueryOf(decodeMetadataCurves('area=de&data-type=forecast'), user)
 * //=> { area: 'DE', dataType: 'FORECAST', page: 1, pageSize: 50 }
 */
export function curveQueryOf(query: MetadataCurvesQuery, user: UserRecord): CurveQuery {
  const out: CurveQuery = { page: query.page, pageSize: query.pageSize };
  if (query.q !== undefined) out.q = query.q;
  if (query.area !== undefined && query.area.tag !== '') out.area = query.area.tag;
  if (query.curveType !== undefined) out.curveType = query.curveType.tag;
  if (query.dataType !== undefined) out.dataType = query.dataType.tag;
  if (query.category.length > 0) out.categories = query.category;
  if (query.exactCategory !== undefined) out.exactCategory = query.exactCategory;
  if (query.commodity !== undefined) out.commodity = query.commodity;
  if (query.source.length > 0) out.sources = query.source;
  if (query.onlySubscribed === true) out.grants = user.subscriptions;
  if (query.frequency !== undefined) out.frequency = query.frequency.tag;
  if (query.hasPlace !== undefined) out.hasPlace = query.hasPlace;
  return out;
}

function groupInto<T>(groups: Map<string, T[]>, key: string, item: T): void {
  const list = groups.get(key);
  if (list) list.push(item);
  else groups.set(key, [item]);
}

function paged<T>(reply: FastifyReply, page: StorePage<unknown>, body: T): T {
  reply.headers(serializePageHeaders({ page: page.page, pageSize: page.pageSize, totalItems: page.total, lastPage: page.lastPage }));
  return body;
}

async function curveJson(context: RouteContext, request: FastifyRequest): Promise<CurveJson> {
  const name = (request.params as { name: string }).name;
  const record = await context.store.getCurve(name);
  if (record === null) throw new NotFoundError(`Curve '${name}' not found`);
  const [curve] = await new CurveWriter(context.store, userOf(request)).curves([record]);
  // one curve per record
  return serializeCurve(curve!);
}

async function curveSearch(context: RouteContext, request: FastifyRequest, reply: FastifyReply): Promise<CurveJson[]> {
  const user = userOf(request);
  const page = await context.store.searchCurves(curveQueryOf(decodeMetadataCurves(queryOf(request)), user));
  const curves = await new CurveWriter(context.store, user).curves(page.items);
  return paged(reply, page, serializeCurveList(curves));
}

async function placeSearch(context: RouteContext, request: FastifyRequest, reply: FastifyReply): Promise<PlaceJson[]> {
  const { store } = context;
  const user = userOf(request);
  const query = decodeMetadataPlaces(queryOf(request));
  const area = query.area !== undefined && query.area.tag !== '' ? query.area.tag : undefined;
  const page = await store.searchPlaces({
    q: query.q,
    area,
    fuels: query.fuel,
    kinds: query.kind,
    page: query.page,
    pageSize: query.pageSize,
    ...(query.tree ? { parentKey: null } : {}),
  });
  const units = new Map<string, PlaceRecord[]>();
  if (query.tree && page.items.length > 0) {
    for (const unit of (await store.searchPlaces({ pageSize: ALL })).items) {
      if (unit.parentKey !== null) groupInto(units, unit.parentKey, unit);
    }
  }
  const curvesOf = new Map<string, CurveRecord[]>();
  if (page.items.length > 0) {
    for (const c of (await store.searchCurves({ hasPlace: true, pageSize: ALL })).items) {
      groupInto(curvesOf, c.placeKey as string, c);
    }
  }
  const writer = new CurveWriter(store, user);
  const build = async (record: PlaceRecord, children: Place[]): Promise<Place> =>
    placeFromRecord(record, { children, curves: await writer.curves(curvesOf.get(record.key) ?? []) });
  const places = await Promise.all(
    page.items.map(async (record) => build(record, await Promise.all((units.get(record.key) ?? []).map((u) => build(u, []))))),
  );
  return paged(reply, page, serializePlaceList(places));
}

/**
 * The metadata section's routes: `GET /metadata/categories/`, `/metadata/exact-categories/`,
 * `/metadata/curves/{name}/`, `/metadata/curves/` and `/metadata/places/`.
 *
 * @example
 * createApp({ store, routes: [userRoutes, metadataRoutes] });
 */
export const metadataRoutes: RouteModule = {
  section: 'metadata',
  register(api, context) {
    api.get('/metadata/categories/', async () => serializeStringList(await context.store.categories()));
    api.get('/metadata/exact-categories/', async () => serializeStringList(await context.store.exactCategories()));
    api.get('/metadata/curves/:name/', async (request) => curveJson(context, request));
    api.get('/metadata/curves/', async (request, reply) => curveSearch(context, request, reply));
    api.get('/metadata/places/', async (request, reply) => placeSearch(context, request, reply));
  },
};
