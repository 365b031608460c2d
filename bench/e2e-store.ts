/**
 * The store of the client end-to-end benchmarks (bench/client-e2e.ts, bench/arrow.ts): one year
 * (2023) of CET 15-minute actuals and one 51-member ensemble instance of 15 days, and a user with
 * access to everything.
 *
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey, hashApiKey } from '../server/src/auth';
import { DuckDbStore } from '../server/src/store';
import { benchCurve } from './bench-curve';
import { startServiceProcess } from './service-process';

/** The actual curve (one year, 2023). */
export const ACTUAL = 'DE Bench Wind Power Production MWh/h 15min Actual';
/** The instance curve (one ensemble instance). */
export const FORECAST = 'DE Bench Wind Power Production MWh/h 15min Forecast';
/** Issue time of the ensemble instance (tag `ec-ens`). */
const ISSUED = Date.UTC(2023, 5, 1);

const Q = 900_000;
const BEGIN = Date.UTC(2022, 11, 31, 23); // 2023-01-01 00:00 CET
const END = Date.UTC(2023, 11, 31, 23); // 2024-01-01 00:00 CET
const NAMES = Array.from({ length: 51 }, (_, m) => `e${String(m).padStart(2, '0')}`);

const wave = (i: number, m = 0) => Math.round((20_000 + 15_000 * Math.sin(i / 700 + m / 9) + (i % 97) * 13.7 + m * 11.3) * 100) / 100;

/**
 * Imports the benchmark data and a user whose key is `key`.
 *
 * @param store - A fresh store.
 * @param key - The API key to accept.
 * @returns Nothing.
 * @example
 * await seedEndToEnd(store, generateApiKey());
 */
async function seedEndToEnd(store: DuckDbStore, key: string): Promise<void> {
  const n = (END - BEGIN) / Q;
  const steps = 15 * 96;
  await store.importBatch({
    users: [{ id: 'bench', name: 'Bench', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] }],
    keys: [{ hash: hashApiKey(key), userId: 'bench', label: 'bench', created: 0, blocked: false }],
    curves: [
      benchCurve(ACTUAL, { instanceIssuedTimezone: 'UTC' }),
      benchCurve(FORECAST, { curveType: 'INSTANCE', dataType: 'FORECAST', instanceIssuedTimezone: 'UTC' }),
    ],
    instances: [{ curve: FORECAST, issued: ISSUED, tag: 'ec-ens', created: ISSUED, modified: null, scenarioNames: NAMES }],
    series: [
      {
        curve: ACTUAL,
        issued: null,
        tag: null,
        times: Float64Array.from({ length: n }, (_, i) => BEGIN + i * Q),
        values: Float64Array.from({ length: n }, (_, i) => wave(i)),
        scenarios: [],
        scenarioNames: [],
      },
      {
        curve: FORECAST,
        issued: ISSUED,
        tag: 'ec-ens',
        times: Float64Array.from({ length: steps }, (_, i) => ISSUED + i * Q),
        values: Float64Array.from({ length: steps }, (_, i) => wave(i, 25)),
        scenarios: NAMES.map((_, m) => Float64Array.from({ length: steps }, (_, i) => wave(i, m))),
        scenarioNames: NAMES,
      },
    ],
  });
}

/** A running benchmark service (see {@link serveEndToEnd}). */
export interface EndToEndService {
  /** `http://127.0.0.1:<port>/api`. */
  apiUrl: string;
  /** A key that works. */
  key: string;
  /** The ensemble instance's issue time as the path segment. */
  issued: string;
  /** Stops the service and removes its store. */
  close(): Promise<void>;
}

/**
 * A fresh store in a temporary directory, seeded with {@link seedEndToEnd}, served on 127.0.0.1 by
 * `service serve` in its own process (bench/service-process.ts), as it ships.
 *
 * @param prefix - The temporary directory's name prefix.
 * @returns The running service.
 * @example
 * const svc = await serveEndToEnd('bench-arrow-'); await svc.close();
 */
export async function serveEndToEnd(prefix: string): Promise<EndToEndService> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const store = await DuckDbStore.open(dir);
  const key = generateApiKey();
  await seedEndToEnd(store, key);
  await store.close();
  const service = await startServiceProcess(dir);
  return {
    apiUrl: service.apiUrl,
    key,
    issued: new Date(ISSUED).toISOString().replace('.000Z', 'Z'),
    async close() {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
