/**
 * The service as a factory: {@link createApp} builds the Fastify app with every
 * section's routes under `/api`, the API-key check, the per-key rate limit and the one error
 * handler, and returns it without listening. Only the CLI (and test helpers) call `listen`.
 *
 * @module
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions, type onRequestAsyncHookHandler } from 'fastify';
import { TooManyRequestsError, UnauthorizedError } from 'service/exceptions';
import { API_KEY_HEADERS, RateLimiter, SharedRateLimiter, apiKeyOf, authenticate, type Principal, type RateLimitOptions } from '../auth';
import { assertWellFormedQuery } from '#wire';
import { offerArrow } from './arrow-reply';
import { registerCompression, type CompressionOptions } from './compress';
import { registerConditional } from './conditional';
import { registerCors } from './cors';
import { registerConsole, type ConsoleOptions } from '../console/console-files';
import { registerHealth } from './health';
import { CONNECTION_DEFAULTS, trackConnections, type ConnectionOptions, type DrainState } from './connections';
import { registerErrorHandling, sendError } from './errors';
import { attachEventFeed, type EventFeedOptions } from '../feed';
import { importRoutes } from '../import/import-route';
import { attachLive, type LiveOptions } from '../demo/live';
import { PARTNER_KEY_HEADER, registerPartnerMounts } from '../routes/partner';
import { instancesRoutes } from '../routes/instances';
import { keysRoutes } from '../routes/keys';
import { metadataRoutes } from '../routes/metadata';
import { ohlcRoutes } from '../routes/ohlc';
import { periodInstancesRoutes } from '../routes/period-instances';
import { periodsRoutes } from '../routes/periods';
import { srmcRoutes } from '../routes/srmc';
import { timeseriesRoutes } from '../routes/timeseries';
import { userRoutes } from '../routes/user';
import type { Clock, RouteContext, RouteModule } from './route-module';
import type { Store } from '../store';

/**
 * The sections the service serves, in registration order; a new section adds its module here.
 *
 * @example
 * SECTION_ROUTES.map((m) => m.section) //=> ['metadata', 'timeseries', 'instances', 'periods', 'period-instances', 'ohlc', 'srmc', 'user', 'import', 'keys']
 */
export const SECTION_ROUTES: readonly RouteModule[] = Object.freeze([
  metadataRoutes,
  timeseriesRoutes,
  instancesRoutes,
  periodsRoutes,
  periodInstancesRoutes,
  ohlcRoutes,
  srmcRoutes,
  userRoutes,
  importRoutes,
  keysRoutes,
]);

/** Options of {@link createApp}. */
export interface AppOptions {
  /** The store to serve. */
  store: Store;
  /** Current time in epoch ms (default `Date.now`). */
  clock?: Clock;
  /** Per-key rate limit (default 50 requests/s, bursts of 100); `false` turns it off. */
  rateLimit?: RateLimitOptions | false;
  /** Failed authentications per client address (default {@link DEFAULT_AUTH_FAILURE_LIMIT}); `false` turns it off. */
  authFailureLimit?: RateLimitOptions | false;
  /** The route modules (default {@link SECTION_ROUTES}). */
  routes?: readonly RouteModule[];
  /** Fastify logger setting (default off). */
  logger?: FastifyServerOptions['logger'];
  /** The push feed at `/api/events/` (default on; `false` turns it off). */
  events?: Omit<EventFeedOptions, 'store'> | false;
  /** Partner mounts `/partner/<country>/...` (default on). */
  partners?: boolean;
  /** Live demo mode: new forecast instances and revised actuals every few seconds (default off). */
  live?: LiveOptions | boolean;
  /** Compression of answers (default on: zstd/br/gzip from 1 KiB); `false` turns it off. */
  compression?: CompressionOptions | false;
  /** Origins whose pages may call `/api` from a browser (CORS, docs/client.md#browser-use; default none). */
  corsOrigins?: readonly string[];
  /** The web console at `/` (default on, from the built files in `server/dist/web-console`); `false` turns it off. */
  console?: ConsoleOptions | false;
  /** How kept-alive connections are recycled (docs/deploy.md#connections; defaults {@link CONNECTION_DEFAULTS}). */
  connections?: ConnectionOptions;
}

/** Largest request body of every route but the import (64 KiB): no other route takes one. */
const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Default limit on failed authentications per client address: bursts of 30, then 1 per second. */
const DEFAULT_AUTH_FAILURE_LIMIT: Readonly<Required<RateLimitOptions>> = Object.freeze({ ratePerSecond: 1, burst: 30 });

/** Options of {@link apiKeyHook}. */
interface ApiKeyHookOptions {
  /** The headers that carry the key (default {@link API_KEY_HEADERS}: `X-API-Key`). */
  headers?: readonly string[];
  /** Failed authentications per client address (`null`: not limited). */
  failures?: RateLimiter | null;
}

/**
 * The hook that authenticates a request by its API key and applies the key's rate limit; for any
 * scope that serves the API (the `/api` scope with `X-API-Key`, partner mounts with
 * `Ocp-Apim-Subscription-Key`). It runs on `onRequest`, before any body is read. Failed
 * authentications take a token from the caller's address: once its bucket is empty, every request
 * from that address is a 429 with `Retry-After` (the key is not even looked at) until it refills.
 *
 * @param store - The store holding users and keys.
 * @param limiter - The per-key rate limiter, or `null` for none.
 * @param options - Key headers and the failed-authentication limiter.
 * @returns An `onRequest` hook; it throws `UnauthorizedError` (401) or `TooManyRequestsError` (429).
 * @example
 * scope.addHook('onRequest', apiKeyHook(store, new RateLimiter(), { failures: new RateLimiter(DEFAULT_AUTH_FAILURE_LIMIT) }));
 */
function apiKeyHook(
  store: Store,
  limiter: RateLimiter | SharedRateLimiter | null,
  options: ApiKeyHookOptions = {},
): onRequestAsyncHookHandler {
  const failures = options.failures ?? null;
  const headers = options.headers ?? API_KEY_HEADERS;
  return async (request) => {
    const address = request.ip;
    const wait = failures?.waitFor(address) ?? 0;
    if (wait > 0) {
      throw new TooManyRequestsError(
        `Too many failed authentications from your address: at most ${failures?.burst} at once, then ${failures?.ratePerSecond} per second; retry after ${Math.ceil(wait)} s`,
        wait,
      );
    }
    let principal: Principal;
    try {
      principal = await authenticate(store, apiKeyOf(request.headers, headers));
    } catch (err) {
      if (err instanceof UnauthorizedError) failures?.take(address);
      throw err;
    }
    await limiter?.check(principal.key.hash);
    store.noteKeyUse(principal.key.hash, Date.now());
    request.principal = principal;
  };
}

/**
 * Builds the service's HTTP app (not listening). Curve names arrive percent-encoded in one path
 * segment and are decoded after routing, so `%2F` inside a name is kept; a trailing slash is
 * optional; path parameters may be up to 2000 characters long.
 *
 * @param options - Store, clock, rate limit, route modules, logger.
 * @returns The Fastify app; call `listen` (CLI) or `inject` (tests) on it.
 * @example
 * const app = createApp({ store });
 * (await app.inject({ url: '/api/user/', headers: { 'x-api-key': key } })).statusCode //=> 200
 */
export function createApp(options: AppOptions): FastifyInstance {
  const clock = options.clock ?? Date.now;
  const connections = { ...CONNECTION_DEFAULTS, ...options.connections };
  const app = Fastify({
    logger: options.logger ?? false,
    keepAliveTimeout: connections.keepAliveTimeoutMs,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    // no route but the import takes a body; the import route sets its own limit (and checks the
    // caller's grant before reading it)
    bodyLimit: DEFAULT_BODY_LIMIT,
    frameworkErrors: (err, request, reply) => sendError(err, request, reply),
  });
  registerErrorHandling(app, options.console === false ? undefined : registerConsole(app, options.console ?? {}));
  // a malformed query is a 400 naming the parameter, before any route reads it
  app.addHook('onRequest', async (request) => {
    const at = request.url.indexOf('?');
    if (at >= 0) assertWellFormedQuery(request.url.slice(at + 1));
  });
  app.decorateRequest('principal', null);
  // A store that several nodes share keeps the buckets, so a key's limit holds across nodes.
  const shared = options.store.takeToken?.bind(options.store);
  const limiter =
    options.rateLimit === false
      ? null
      : shared
        ? new SharedRateLimiter(shared, options.rateLimit ?? {})
        : new RateLimiter(options.rateLimit ?? {}, clock);
  const context: RouteContext = { store: options.store, clock };
  const routes = options.routes ?? SECTION_ROUTES;
  const failures =
    options.authFailureLimit === false ? null : new RateLimiter(options.authFailureLimit ?? DEFAULT_AUTH_FAILURE_LIMIT, clock);
  const authHook = apiKeyHook(options.store, limiter, { failures });
  const drain: DrainState = { draining: false };
  trackConnections(app, drain, connections);
  registerHealth(app, options.store, drain);
  // every answer says that Arrow is offered, so an 'auto' client asks for it from its first data
  // load on when it has made any other request before (docs/arrow.md#client)
  app.addHook('onRequest', async (_request, reply) => offerArrow(reply));
  registerConditional(app, { store: options.store });
  if (options.compression !== false) registerCompression(app, options.compression ?? {});
  app.register(
    async (api) => {
      // CORS first: a preflight carries no key and is answered before the key check
      if (options.corsOrigins?.length) await registerCors(api, options.corsOrigins);
      api.addHook('onRequest', authHook);
      for (const module of routes) await module.register(api, context);
    },
    { prefix: '/api' },
  );
  if (options.partners !== false) {
    registerPartnerMounts(app, {
      context,
      routes,
      authHook: apiKeyHook(options.store, limiter, { failures, headers: [PARTNER_KEY_HEADER] }),
    });
  }
  if (options.events !== false) attachEventFeed(app, { authFailures: failures, ...options.events, store: options.store });
  if (options.live) attachLive(app, options.store, { clock, ...(options.live === true ? {} : options.live) });
  return app;
}
