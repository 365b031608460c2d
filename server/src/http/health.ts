/**
 * Liveness and readiness for load balancers (docs/deploy.md): `GET /health` answers 200 while the
 * process serves HTTP at all; `GET /ready` answers 200 only while the store answers and the node
 * is not shutting down, with what it found, else 503. Neither needs an API key.
 *
 * @module
 */
import type { FastifyInstance } from 'fastify';
import type { ReadStoreHealth, Store } from '../store';
import type { DrainState } from './connections';

/**
 * Adds `/health` and `/ready` to the app; `/ready` turns 503 as soon as the node starts to drain
 * or close (so the load balancer stops sending requests while in-flight ones finish).
 *
 * @param app - The app.
 * @param store - The store to probe.
 * @param state - The app's drain state (see `trackConnections`).
 * @returns Nothing.
 * @example
 * registerHealth(app, store, { draining: false });
 * (await app.inject({ url: '/ready' })).json().status //=> 'ready'
 */
export function registerHealth(app: FastifyInstance, store: Store, state: DrainState): void {
  app.get('/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/ready', async (_request, reply) => {
    const health = await store.health();
    const closing = state.draining;
    const ready = health.ok && !closing;
    reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
    return {
      status: ready ? 'ready' : 'not ready',
      ...(closing ? { reason: 'shutting down' } : health.ok ? {} : { reason: 'store unavailable' }),
      store: {
        engine: health.engine,
        ok: health.ok,
        latency_ms: Math.round(health.latencyMs * 10) / 10,
        ...(health.error ? { error: health.error } : {}),
      },
      notifications: health.notifications,
      ...(health.readStore ? { read_store: readStoreJson(health.readStore) } : {}),
    };
  });
}

function readStoreJson(health: ReadStoreHealth): Record<string, unknown> {
  const { standby, primaryBehind, primaryFailed } = health.reads;
  return {
    ok: health.ok,
    ...(health.lagBytes === undefined ? {} : { lag_bytes: health.lagBytes }),
    ...(health.error ? { error: health.error } : {}),
    reads: { standby, primary_behind: primaryBehind, primary_failed: primaryFailed },
  };
}
