/**
 * What a section's route module is and what its handlers get: the contract between `app.ts`
 * (which registers the sections) and `routes/*.ts` (which implement them). Kept apart from
 * `app.ts` so that route modules never import the module that imports them.
 *
 * @module
 */
import type { FastifyInstance } from 'fastify';
import type { Store } from '../store';

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
 * One section's routes (`server/src/routes/<section>.ts`). `register` adds the section's routes
 * to the `/api` scope with paths relative to it (`api.get('/user/', ...)`); the scope already
 * authenticates every request, so handlers read the caller with `userOf` (`./auth`).
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
