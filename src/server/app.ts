/**
 * The service as a factory (style habit 13): {@link createApp} builds the Fastify app with every
 * section's routes under `/api`, the API-key check, the per-key rate limit and the one error
 * handler, and returns it without listening. Only the CLI (and test helpers) call `listen`.
 *
 * @module
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions, type onRequestAsyncHookHandler } from 'fastify';
import { RateLimiter, apiKeyOf, authenticate, type RateLimitOptions } from './auth';
import { registerCompression, type CompressionOptions } from './compress';
import { registerConditional } from './conditional';
import { registerErrorHandling, sendError } from './errors';
import { attachEventFeed, type EventFeedOptions } from './events';
import { importRoutes } from './import/import-route';
import { attachLive, type LiveOptions } from './live';
import { registerPartnerMounts } from './partner';
import { instancesRoutes } from './routes/instances';
import { metadataRoutes } from './routes/metadata';
import { ohlcRoutes } from './routes/ohlc';
import { periodInstancesRoutes } from './routes/period-instances';
import { periodsRoutes } from './routes/periods';
import { srmcRoutes } from './routes/srmc';
import { timeseriesRoutes } from './routes/timeseries';
import { userRoutes } from './routes/user';
import type { Store } from './store';

export { userOf } from './auth';

/** Current time in epoch ms. */
export type Clock = () => number;

/** What route handlers get besides the request: the store and the clock. */
export interface RouteContext {
  /** The service's store. */
  store: Store;
  /** Current time in epoch ms (tests pass a fixed clock). */
  clock: Clock;
}

/**
 * One section's routes (`src/server/routes/<section>.ts`). `register` adds the section's routes
 * to the `/api` scope with paths relative to it (`api.get('/user/', ...)`); the scope already
 * authenticates every request, so handlers read the caller with {@link userOf}.
 *
 * @example
 * export const userRoutes: RouteModule = {
 *   section: 'user',
 *   register(api) { api.get('/user/', async (request) => serializeUser(userOf(request))); },
 * };
 */
export interface RouteModule {
  /** The section's name, as in the spec (`metadata`, `timeseries`, `user`, ...). */
  readonly section: string;
  /** Adds the section's routes to the scope. */
  register(api: FastifyInstance, context: RouteContext): void | Promise<void>;
}

/**
 * The sections the service serves, in registration order; a new section adds its module here.
 * Route modules should take `userOf` from `./auth` and only types from this module, so that
 * loading a route module first does not enter an import cycle (`createApp` names the problem).
 *
 * @example
 * SECTION_ROUTES.map((m) => m.section) //=> ['metadata', 'timeseries', 'instances', 'periods', 'period-instances', 'ohlc', 'srmc', 'user', 'import']
 */
export const SECTION_ROUTES: readonly RouteModule[] = Object.freeze([metadataRoutes, timeseriesRoutes, instancesRoutes, periodsRoutes, periodInstancesRoutes, ohlcRoutes, srmcRoutes, userRoutes, importRoutes]);

/** Options of {@link createApp}. */
export interface AppOptions {
  /** The store to serve. */
  store: Store;
  /** Current time in epoch ms (default `Date.now`). */
  clock?: Clock;
  /** Per-key rate limit (default 50 requests/s, bursts of 100); `false` turns it off. */
  rateLimit?: RateLimitOptions | false;
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
}

/**
 * The hook that authenticates a request by its API key (`X-API-Key` or
 * `Ocp-Apim-Subscription-Key`) and applies the key's rate limit; for any scope that serves the
 * API (the `/api` scope, partner mounts).
 *
 * @param store - The store holding users and keys.
 * @param limiter - The rate limiter, or `null` for none.
 * @returns An `onRequest` hook; it throws `UnauthorizedError` (401) or `TooManyRequestsError` (429).
 * @example
 * scope.addHook('onRequest', apiKeyHook(store, new RateLimiter()));
 */
export function apiKeyHook(store: Store, limiter: RateLimiter | null): onRequestAsyncHookHandler {
  return async (request) => {
    const principal = await authenticate(store, apiKeyOf(request.headers));
    limiter?.check(principal.key.hash);
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
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    frameworkErrors: (err, request, reply) => sendError(err, request, reply),
  });
  registerErrorHandling(app);
  app.decorateRequest('principal', null);
  const limiter = options.rateLimit === false ? null : new RateLimiter(options.rateLimit ?? {}, clock);
  const context: RouteContext = { store: options.store, clock };
  const routes = options.routes ?? SECTION_ROUTES;
  routes.forEach((module, k) => {
    if (typeof module?.register !== 'function') {
      throw new TypeError(`Route module ${k} is undefined: a route module was loaded before src/server/app (import cycle); import userOf from src/server/auth`);
    }
  });
  const authHook = apiKeyHook(options.store, limiter);
  registerConditional(app, { store: options.store });
  if (options.compression !== false) registerCompression(app, options.compression ?? {});
  app.register(
    async (api) => {
      api.addHook('onRequest', authHook);
      for (const module of routes) await module.register(api, context);
    },
    { prefix: '/api' },
  );
  if (options.partners !== false) registerPartnerMounts(app, { context, routes, authHook });
  if (options.events !== false) attachEventFeed(app, { ...options.events, store: options.store });
  if (options.live) attachLive(app, options.store, { clock, ...(options.live === true ? {} : options.live) });
  return app;
}
