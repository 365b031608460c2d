/**
 * The push-feed tests' service in the test's process: a fresh store in a temporary directory with
 * a few curves, two users (one with access to everything, one with power in DE only), the app
 * (push feed on, answering through Fastify's `inject()`, no port), and a way to import CSV text
 * through the import path. feed-fixture.ts puts it on a loopback port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp, type AppOptions } from '../../../server/src/http/app';
import { generateApiKey, hashApiKey } from '../../../server/src/auth';
import { importSources, type ImportSummary } from '../../../server/src/import';
import { DuckDbStore, type SubscriptionGrant } from '../../../server/src/store';

/** Curve definitions used by the feed tests (CSV). */
export const CURVES_CSV = `name,curve_type,data_type,frequency,timezone,unit,area,area_sink,categories,commodity,instance_issued_timezone
DE Wind Power Production MWh/h H Actual,TIMESERIES,ACTUAL,PT1H,CET,MWh/h,DE,,Wind Power Production,Power,
FR Wind Power Production MWh/h H Actual,TIMESERIES,ACTUAL,PT1H,CET,MWh/h,FR,,Wind Power Production,Power,
DE Consumption MWh/h H Forecast,INSTANCE,FORECAST,PT1H,CET,MWh/h,DE,,Consumption,Power,UTC
FR>DE Exchange Day-Ahead Schedule MWh/h H Actual,TIMESERIES,ACTUAL,PT1H,CET,MWh/h,FR,DE,Exchange Day-Ahead Schedule,Power,
`;

export const DE_WIND = 'DE Wind Power Production MWh/h H Actual';
export const FR_WIND = 'FR Wind Power Production MWh/h H Actual';
export const DE_CONS = 'DE Consumption MWh/h H Forecast';
export const FR_DE = 'FR>DE Exchange Day-Ahead Schedule MWh/h H Actual';

/**
 * CSV rows of hourly values of a curve.
 *
 * @param curve - Curve name.
 * @param firstHourUtc - Epoch ms of the first hour.
 * @param n - Number of hours.
 * @param value - Value of hour k.
 * @param instance - `issued,tag` columns to add, if any.
 */
export function hourlyCsv(
  curve: string,
  firstHourUtc: number,
  n: number,
  value: (k: number) => number,
  instance?: { issued: string; tag: string },
): string {
  const head = instance ? 'curve,date,issued,tag,value' : 'curve,date,value';
  const rows = Array.from({ length: n }, (_, k) => {
    const date = new Date(firstHourUtc + k * 3_600_000).toISOString().replace('.000Z', 'Z');
    return instance ? `${curve},${date},${instance.issued},${instance.tag},${value(k)}` : `${curve},${date},${value(k)}`;
  });
  return `${head}\n${rows.join('\n')}\n`;
}

/** The feed service in the process. */
export interface OpenedFeedService {
  app: FastifyInstance;
  store: DuckDbStore;
  /** Keys: `all` (every package and area), `de` (power in DE only). */
  keys: { all: string; de: string };
  /** Imports CSV texts (one batch) through the import path. */
  importCsv(...texts: string[]): Promise<ImportSummary>;
  close(): Promise<void>;
}

async function addUser(store: DuckDbStore, id: string, grants: SubscriptionGrant[]): Promise<string> {
  const key = generateApiKey();
  await store.importBatch({
    users: [{ id, name: id, email: null, organization: null, blocked: false, subscriptions: grants }],
    keys: [{ hash: hashApiKey(key), userId: id, label: '', created: 0, blocked: false }],
  });
  return key;
}

/** Options of the feed service: store clock and event retention; extra app options. */
export interface FeedServiceOptions {
  clock?: () => number;
  eventRetentionMs?: number;
  app?: Partial<AppOptions>;
}

/**
 * Opens the service in the process, not listening.
 *
 * @param options - Store clock and event retention; extra app options.
 */
export async function openFeedService(options: FeedServiceOptions = {}): Promise<OpenedFeedService> {
  const dir = mkdtempSync(join(tmpdir(), 'feed-test-'));
  const store = await DuckDbStore.open(dir, { clock: options.clock, eventRetentionMs: options.eventRetentionMs });
  const keys = {
    all: await addUser(store, 'all', [{ package: '*', area: '*' }]),
    de: await addUser(store, 'de', [{ package: 'power', area: 'DE' }]),
  };
  await importSources(store, [{ name: 'curves.csv', text: CURVES_CSV }]);
  const app = createApp({ store, rateLimit: false, ...options.app });
  let n = 0;
  return {
    app,
    store,
    keys,
    importCsv: (...texts) =>
      importSources(
        store,
        texts.map((text) => ({ name: `import-${++n}.csv`, text })),
        { clock: options.clock },
      ),
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
