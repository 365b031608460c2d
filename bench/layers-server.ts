/**
 * The service's layers for bench/layers.ts: each answer it exists for, made through Fastify's
 * `inject()` (no socket) against an embedded store in a temporary directory, with the layer and
 * without it in alternating rounds.
 *
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../server/src/http/app';
import { generateApiKey, hashApiKey } from '../server/src/auth';
import { instancesRoutes } from '../server/src/routes/instances';
import { DuckDbStore, type CurveRecord, type ImportBatch } from '../server/src/store';
import { ReadMemo } from '../server/src/store/read-memo';
import { benchCurve } from './bench-curve';
import { pairedRounds, replaced, type PairedOptions, type Side } from './paired';
import type { LayerResult } from './layers';

const NOTHING: Side = {};
const Q = 900_000;
const FORECAST = 'DE Bench Wind Power Production MWh/h 15min Forecast';

async function answer(app: FastifyInstance, url: string, key: string, accept = 'application/json'): Promise<number> {
  const r = await app.inject({ method: 'GET', url, headers: { 'x-api-key': key, accept, 'accept-encoding': 'identity' } });
  if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
  return r.rawPayload.length;
}

/** 25 plain instances of tag `ec` (15 days of quarter-hours) and 10 of `ec-ens` with 51 members. */
function instancesBatch(key: string): ImportBatch {
  const curve: CurveRecord = benchCurve(FORECAST, { curveType: 'INSTANCE', dataType: 'FORECAST', instanceIssuedTimezone: 'UTC' });
  const first = Date.UTC(2024, 0, 1);
  const steps = 15 * 96;
  const one = (issued: number, tag: string, members: number) => {
    const names = Array.from({ length: members }, (_, m) => `e${String(m).padStart(2, '0')}`);
    const times = Float64Array.from({ length: steps }, (_, i) => issued + i * Q);
    const wave = (i: number, m: number) => Math.round((20_000 + 9_000 * Math.sin(i / 60 + issued / 3.6e7) + m * 37.5) * 100) / 100;
    return {
      record: { curve: FORECAST, issued, tag, created: issued, modified: null, scenarioNames: names },
      block: {
        curve: FORECAST,
        issued,
        tag,
        times,
        values: Float64Array.from({ length: steps }, (_, i) => wave(i, members / 2)),
        scenarios: names.map((_, m) => Float64Array.from({ length: steps }, (_, i) => wave(i, m))),
        scenarioNames: names,
      },
    };
  };
  const all = [
    ...Array.from({ length: 25 }, (_, k) => one(first + k * 6 * 3_600_000, 'ec', 0)),
    ...Array.from({ length: 10 }, (_, k) => one(first + k * 12 * 3_600_000, 'ec-ens', 51)),
  ];
  return {
    users: [{ id: 'bench', name: 'Bench', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] }],
    keys: [{ hash: hashApiKey(key), userId: 'bench', label: 'bench', created: 0, blocked: false }],
    curves: [curve],
    instances: all.map((x) => x.record),
    series: all.map((x) => x.block),
  };
}

async function withInstances<T>(work: (app: FastifyInstance, store: DuckDbStore, key: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-layers-'));
  const store = await DuckDbStore.open(dir);
  const key = generateApiKey();
  await store.importBatch(instancesBatch(key));
  const app = createApp({ store, rateLimit: false, routes: [instancesRoutes] });
  await app.ready();
  try {
    return await work(app, store, key);
  } finally {
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The service's layers, by name, for bench/layers.ts.
 *
 * @param options - Rounds of each comparison.
 * @returns Name -> the comparison.
 */
export function serverLayers(options: PairedOptions): Record<string, () => Promise<LayerResult>> {
  return {
    'read-memo': () =>
      withInstances(async (app, _store, key) => {
        const url = `/api/instances/${encodeURIComponent(FORECAST)}/?tags=ec&limit=25`;
        const paired = await pairedRounds(
          () => answer(app, url, key),
          NOTHING,
          replaced(ReadMemo.prototype, 'get', (_curve: string, _key: string, load: () => Promise<unknown>) => load()),
          options,
        );
        return {
          layer: 'read memo (instance lists, series members)',
          where: 'server/src/store/read-memo.ts',
          operation: 'instances.load of one tag: 25 instances of 15 days, JSON',
          paired,
        };
      }),
    'instance-blocks': () =>
      withInstances(async (app, store, key) => {
        const url = `/api/ensembles/${encodeURIComponent(FORECAST)}/?tags=ec-ens&limit=10`;
        const internals = store as unknown as {
          fillBlock(): void;
          writes: { run(task: () => Promise<unknown>): Promise<unknown> };
          writer: { run(sql: string): Promise<unknown> };
        };
        const fill = internals.fillBlock;
        const settle = () => internals.writes.run(async () => undefined);
        const paired = await pairedRounds(
          () => answer(app, url, key),
          {
            enter: async () => {
              await answer(app, url, key); // the reads queue the blocks they find missing
              await settle();
            },
          },
          {
            enter: async () => {
              internals.fillBlock = () => undefined;
              await internals.writes.run(() => internals.writer.run('DELETE FROM instance_blocks'));
            },
            leave: () => {
              internals.fillBlock = fill;
            },
          },
          options,
        );
        return {
          layer: 'instance blocks',
          where: 'server/src/store/duckdb/duckdb-blocks.ts',
          operation: 'ensembles.load: 10 instances of 51 members and the mean, 15 days, JSON',
          paired,
        };
      }),
  };
}
