/**
 * Starts the real service for a test: a fresh embedded store in a temporary directory, the app
 * listening on 127.0.0.1 at a free port, optionally seeded with the demo data.
 *
 *   const svc = await startService();                         // one all-access test user
 *   const svc = await startService({ demo: { preset: 'small', anchor: '2025-01-15' } });
 *   ... svc.apiUrl, svc.apiKey, svc.store ...
 *   await svc.close();
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/src/http/app';
import type { ConsoleOptions } from '../../server/src/console/console-files';
import type { Clock, RouteModule } from '../../server/src/http/route-module';
import { generateApiKey, hashApiKey, type RateLimitOptions } from '../../server/src/auth';
import { seedDemo } from '../../server/src/demo';
import { DuckDbStore, type ImportBatch, type Store, type SubscriptionGrant } from '../../server/src/store';

/** Options of {@link startService}. */
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

/** A running service. */
export interface StartedService {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** `http://127.0.0.1:<port>/api`. */
  apiUrl: string;
  /** A key that works: the demo user's when seeded, else the test user's (all packages, all areas). */
  apiKey: string;
  /** The store behind the service. */
  store: Store;
  /** The store's data directory. */
  dir: string;
  /** Stops the server, closes the store and removes the directory. */
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
 * Starts the service on 127.0.0.1, port 0, with a fresh store in a temporary directory.
 *
 * @param options - Demo seeding, a batch to import, clock, rate limit, routes.
 * @returns The running service.
 */
export async function startService(options: StartServiceOptions = {}): Promise<StartedService> {
  const dir = mkdtempSync(join(tmpdir(), 'service-test-'));
  const store = await (options.openStore ?? ((d: string) => DuckDbStore.open(d)))(dir);
  try {
    let apiKey: string;
    if (options.demo) {
      const seeded = await seedDemo(store, {
        preset: options.demo.preset ?? 'small',
        seed: options.demo.seed ?? 1,
        anchor: options.demo.anchor,
      });
      apiKey = seeded.apiKey;
    } else {
      apiKey = await addUser(store, 'test');
    }
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
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const url = `http://127.0.0.1:${port}`;
    return {
      url,
      apiUrl: `${url}/api`,
      apiKey,
      store,
      dir,
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
