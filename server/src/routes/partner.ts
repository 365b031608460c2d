/**
 * Partner (reseller) mounts (docs/semantics.md#partner-mounts, docs/protocol.md#partner): the same protocol under
 * `/partner/<country>/...`, as the reseller's per-country APIs serve it to `PartnerConnection`.
 * A mount re-registers the app's own route modules for the partner client's sections only
 * (`metadata` with curve search alone, `timeseries`, `instances`, `periods`,
 * `period_instances`), sees only the curves of its country (area or importing area in the
 * country's family, e.g. `DE` and its control areas), and takes the key from
 * `Ocp-Apim-Subscription-Key`. Everything else under a mount is a JSON 404.
 *
 * @module
 */
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { NotFoundError, UnauthorizedError } from 'service/exceptions';
import { Area } from 'service/model';
import type { RouteContext, RouteModule } from '../http/route-module';
import { pageOf, type CurveQuery, type CurveRecord, type Store, type StorePage } from '../store';

/**
 * The mounted countries: URL word to the country's area tag (the reseller's API suffixes,
 * `energyquantified-<word>`).
 *
 * @example
 * PARTNER_COUNTRIES.greatbritain //=> 'GB'
 */
export const PARTNER_COUNTRIES: Readonly<Record<string, string>> = Object.freeze({
  germany: 'DE',
  france: 'FR',
  netherlands: 'NL',
  greatbritain: 'GB',
  belgium: 'BE',
});

/**
 * Sections a partner mount serves (route module `section` names, in the spellings a module may use).
 *
 * @example
 * PARTNER_SECTIONS.includes('ohlc') //=> false
 */
const PARTNER_SECTIONS: readonly string[] = Object.freeze([
  'metadata',
  'timeseries',
  'instances',
  'periods',
  'period_instances',
  'period-instances',
  'periodInstances',
]);

/**
 * The one header that carries the key on partner mounts (lower case, as Node gives it).
 *
 * @example
 * PARTNER_KEY_HEADER //=> 'ocp-apim-subscription-key'
 */
export const PARTNER_KEY_HEADER = 'ocp-apim-subscription-key';

/** Store methods whose first argument is a curve name. */
const CURVE_READS: ReadonlySet<string> = new Set(['readSeries', 'readPeriods', 'readOhlc', 'latestTraded', 'listInstances', 'getInstance']);

/**
 * Whether a curve belongs to a set of areas: its area, or the importing area of an exchange curve.
 *
 * @param curve - The curve.
 * @param areas - Area tags.
 * @returns True when it belongs.
 * @example
 * inAreas({ area: 'CZ', areaSink: 'DE' }, new Set(['DE'])) //=> true
 */
export function inAreas(curve: Pick<CurveRecord, 'area' | 'areaSink'>, areas: ReadonlySet<string>): boolean {
  return areas.has(curve.area) || (curve.areaSink !== null && areas.has(curve.areaSink));
}

/**
 * A view of a store that holds only the curves of some areas: other curves are unknown
 * (`getCurve` gives `null`, searches skip them, data reads throw `NotFoundError`). Everything
 * else is the store itself.
 *
 * @param store - The store.
 * @param areas - Area tags whose curves stay visible.
 * @returns The narrowed store.
 * @example
 * await areaStore(store, new Set(['DE'])).getCurve('FR Wind Power Production MWh/h 15min Actual') //=> null
 */
export function areaStore(store: Store, areas: ReadonlySet<string>): Store {
  const getCurve = async (name: string): Promise<CurveRecord | null> => {
    const curve = await store.getCurve(name);
    return curve !== null && inAreas(curve, areas) ? curve : null;
  };
  const searchCurves = async (query: CurveQuery = {}): Promise<StorePage<CurveRecord>> => {
    const all = await store.searchCurves({ ...query, page: 1, pageSize: Number.MAX_SAFE_INTEGER });
    return pageOf(
      all.items.filter((c) => inAreas(c, areas)),
      query,
    );
  };
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'getCurve') return getCurve;
      if (prop === 'searchCurves') return searchCurves;
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      if (typeof prop === 'string' && CURVE_READS.has(prop)) {
        return async (name: string, ...rest: unknown[]) => {
          if ((await getCurve(name)) === null) throw new NotFoundError(`Curve '${name}' not found`);
          return (value as (...args: unknown[]) => unknown).call(target, name, ...rest);
        };
      }
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
}

/** Options of {@link registerPartnerMounts}. */
export interface PartnerMountOptions {
  /** The app's route context (store and clock); each mount narrows the store to its country. */
  context: RouteContext;
  /** The app's route modules; those of the partner sections are mounted. */
  routes: readonly RouteModule[];
  /** The app's API-key hook (key check and rate limit). */
  authHook: onRequestAsyncHookHandler;
  /** The countries to mount (default all of {@link PARTNER_COUNTRIES}). */
  countries?: readonly string[];
}

/**
 * Mounts the partner APIs on an app: `/partner/<country>/...` for each country.
 *
 * @param app - The app (not yet listening).
 * @param options - Route context, route modules, key hook, countries.
 * @returns Nothing.
 * @throws NotFoundError (at request time) for a route outside the partner sections.
 * @example
 * registerPartnerMounts(app, { context, routes: SECTION_ROUTES, authHook });
 * // GET /partner/germany/metadata/curves/?q=wind with Ocp-Apim-Subscription-Key: German curves only
 */
export function registerPartnerMounts(app: FastifyInstance, options: PartnerMountOptions): void {
  const modules = options.routes.filter((m) => PARTNER_SECTIONS.includes(m.section));
  for (const country of options.countries ?? Object.keys(PARTNER_COUNTRIES)) {
    const tag = PARTNER_COUNTRIES[country];
    if (tag === undefined) throw new NotFoundError(`No partner mount for country '${country}'`);
    const prefix = `/partner/${country}`;
    const areas = new Set(
      Area.byTag(tag)
        .getFamily()
        .map((a) => a.tag),
    );
    const context: RouteContext = { ...options.context, store: areaStore(options.context.store, areas) };
    app.register(
      async (scope) => {
        scope.addHook('onRequest', async (request) => {
          const route = request.routeOptions.url ?? '';
          if (route.startsWith(`${prefix}/metadata/`) && route !== `${prefix}/metadata/curves/`) {
            throw new NotFoundError(
              `Not found: ${request.method} ${request.url.split('?')[0]} (the partner API offers only curve search in metadata)`,
            );
          }
          const key = request.headers[PARTNER_KEY_HEADER];
          if (typeof key !== 'string' || key.trim() === '') {
            throw new UnauthorizedError('Missing API key: send it in the Ocp-Apim-Subscription-Key header');
          }
        });
        scope.addHook('onRequest', options.authHook);
        for (const module of modules) await module.register(scope, context);
      },
      { prefix },
    );
  }
}
