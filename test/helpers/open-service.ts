/**
 * The real service in the test's process: a fresh embedded store in a temporary directory,
 * optionally seeded with the demo data, and the app answering through Fastify's `inject()`, with
 * no port. Route tests use it; clients and socket tests start it on loopback (start-service.ts).
 *
 *   const svc = await openService({ rateLimit: false });   // one all-access test user
 *   const res = await svc.fetch('/api/user/', { headers: { 'X-API-Key': svc.apiKey } });
 *   await svc.close();
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createApp } from '../../server/src/http/app';
import type { ConsoleOptions } from '../../server/src/console/console-files';
import type { Clock, RouteModule } from '../../server/src/http/route-module';
import { generateApiKey, hashApiKey, type RateLimitOptions } from '../../server/src/auth';
import { seedDemo } from '../../server/src/demo';
import { openSeededStore } from './demo-templates';
import { DuckDbStore, type ImportBatch, type Store, type SubscriptionGrant } from '../../server/src/store';

/** How the test service is set up. */
export interface StartServiceOptions {
  /** Seed the demo dataset (default: not seeded; a test user with access to everything is added). */
  demo?: { preset?: 'small' | 'full'; seed?: number; anchor?: string };
  /** Import this batch after seeding. */
  batch?: ImportBatch;
  /** The app's clock (default `Date.now`). */
  clock?: Clock;
  /** Rate limit (default: the service's default). */
  rateLimit?: RateLimitOptions | false;
  /** Route modules (default: every section). */
  routes?: readonly RouteModule[];
  /** Failed authentications per client address (default: the service's default). */
  authFailureLimit?: RateLimitOptions | false;
  /** Opens the store (default: a DuckDB store in the temporary directory). */
  openStore?: (dir: string) => Promise<Store>;
  /** Origins allowed to call `/api` from a browser (default none). */
  corsOrigins?: readonly string[];
  /** The web console (default: the service's default, the built files in server/dist/web-console). */
  console?: ConsoleOptions | false;
}

/** The service answering in the process, with no port. */
export interface OpenedService {
  /** The app. */
  app: FastifyInstance;
  /** A key that works: the demo user's when seeded, else the test user's (all packages, all areas). */
  apiKey: string;
  /** The store behind the service. */
  store: Store;
  /** The store's data directory. */
  dir: string;
  /**
   * The app's answer to a request, through Fastify's `inject()`, as a fetch `Response` (the body
   * as the app wrote it: not decompressed).
   *
   * @param path - Path and query, `/api/...`.
   * @param init - Method, headers and body.
   */
  fetch(path: string, init?: { method?: InjectOptions['method']; headers?: Record<string, string>; body?: string }): Promise<Response>;
  /** Closes the app and the store and removes the directory. */
  close(): Promise<void>;
}

/** Options of {@link addUser}. */
export interface AddUserOptions {
  /** Grants (default: every package in every area). */
  grants?: SubscriptionGrant[];
  /** Create the user blocked. */
  blocked?: boolean;
  /** Create the key blocked. */
  keyBlocked?: boolean;
  /** Display name (default: the id). */
  name?: string;
}

/**
 * Adds a user with one key to a store.
 *
 * @param store - The store.
 * @param id - The user id.
 * @param options - Grants, blocked flags, name.
 * @returns The user's plain API key.
 */
export async function addUser(store: Store, id: string, options: AddUserOptions = {}): Promise<string> {
  const key = generateApiKey();
  await store.importBatch({
    users: [
      {
        id,
        name: options.name ?? id,
        email: `${id}@example.org`,
        organization: 'Test Energy',
        blocked: options.blocked ?? false,
        subscriptions: options.grants ?? [{ package: '*', area: '*' }],
      },
    ],
    keys: [{ hash: hashApiKey(key), userId: id, label: 'test', created: 0, blocked: options.keyBlocked ?? false }],
  });
  return key;
}

/**
 * The store of a test service and a key that works on it: the demo's (a copy of the run's seeded
 * template when the store is the default one, test/helpers/demo-templates.ts) or a test user's.
 */
async function openTestStore(dir: string, options: StartServiceOptions): Promise<{ store: Store; apiKey: string }> {
  const demo = options.demo ? { preset: options.demo.preset ?? 'small', seed: options.demo.seed ?? 1, anchor: options.demo.anchor } : null;
  if (demo !== null && options.openStore === undefined) return openSeededStore(dir, demo);
  const store = await (options.openStore ?? ((d: string) => DuckDbStore.open(d)))(dir);
  try {
    const apiKey = demo !== null ? (await seedDemo(store, demo)).apiKey : await addUser(store, 'test');
    return { store, apiKey };
  } catch (err) {
    await store.close();
    throw err;
  }
}

/**
 * The service in the process: a fresh store in a temporary directory and the app, not listening.
 *
 * @param options - Demo seeding, a batch to import, clock, rate limit, routes.
 * @returns The service; its `fetch` answers through `inject()`.
 */
export async function openService(options: StartServiceOptions = {}): Promise<OpenedService> {
  const dir = mkdtempSync(join(tmpdir(), 'service-test-'));
  let opened: { store: Store; apiKey: string };
  try {
    opened = await openTestStore(dir, options);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const { store, apiKey } = opened;
  try {
    if (options.batch) await store.importBatch(options.batch);
    const app = createApp({
      store,
      clock: options.clock,
      rateLimit: options.rateLimit,
      routes: options.routes,
      authFailureLimit: options.authFailureLimit,
      corsOrigins: options.corsOrigins,
      console: options.console,
    });
    return {
      app,
      apiKey,
      store,
      dir,
      async fetch(path, init = {}) {
        const method = init.method ?? 'GET';
        const r = await app.inject({ method, url: path, headers: init.headers, payload: init.body });
        const headers = new Headers();
        for (const [name, value] of Object.entries(r.headers)) {
          for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) headers.append(name, String(one));
        }
        const bodiless = r.statusCode === 204 || r.statusCode === 304 || method === 'HEAD';
        return new Response(bodiless ? null : r.rawPayload, { status: r.statusCode, headers });
      },
      async close() {
        await app.close();
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
