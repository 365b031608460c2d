/**
 * The store of the forecast-skill bench (bench/skill.ts): a year (2023) of a 15-minute forecast
 * curve issued four times a day (00, 06, 12 and 18 UTC) under two tags, `ec` and `gfs`, each
 * instance 10 days (960 values) long, and its 15-minute actual in CET over the instances' reach.
 * A forecast value is the actual plus an error that grows with lead time, with a bias of its own
 * per tag, written with two decimals.
 *
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey, hashApiKey } from '../server/src/auth';
import { DuckDbStore, type InstanceRecord, type SeriesBlock } from '../server/src/store';
import { benchCurve } from './bench-curve';
import { startServiceProcess } from './service-process';

/** The forecast curve (type INSTANCE, issue zone UTC). */
export const SKILL_FORECAST = 'DE Bench Wind Power Production MWh/h 15min Forecast';
/** The actual curve. */
export const SKILL_ACTUAL = 'DE Bench Wind Power Production MWh/h 15min Actual';
/** The two tags, with the bias of each. */
export const SKILL_TAGS = ['ec', 'gfs'] as const;
/** First issue time (inclusive). */
export const SKILL_BEGIN = Date.UTC(2023, 0, 1);
/** Last issue time (exclusive). */
export const SKILL_END = Date.UTC(2024, 0, 1);
/** Hours between two runs of a tag. */
const RUN_HOURS = 6;
/** Values of one instance (10 days of 15 minutes). */
const SKILL_STEPS = 10 * 96;

const Q = 900_000;
const H = 3_600_000;
const ACTUAL_BEGIN = SKILL_BEGIN - H; // 2023-01-01 00:00 CET
const ACTUAL_END = SKILL_END + 11 * 24 * H - H; // 2024-01-12 00:00 CET
const round2 = (v: number) => Math.round(v * 100) / 100;
const actualAt = (ms: number) => {
  const i = (ms - ACTUAL_BEGIN) / Q;
  return round2(20_000 + 15_000 * Math.sin(i / 700) + (i % 97) * 13.7);
};

function instance(tag: string, k: number, issued: number): { record: InstanceRecord; block: SeriesBlock } {
  const bias = tag === 'ec' ? 150 : -250;
  const seed = tag === 'ec' ? 0.3 : 1.7;
  const times = Float64Array.from({ length: SKILL_STEPS }, (_, i) => issued + i * Q);
  const values = Float64Array.from({ length: SKILL_STEPS }, (_, i) => {
    const leadHours = i / 4;
    return round2(actualAt(times[i]!) + bias + (300 + 40 * leadHours) * Math.sin(k * 1.37 + i * 0.071 + seed));
  });
  return {
    record: { curve: SKILL_FORECAST, issued, tag, created: issued + 5 * H, modified: null, scenarioNames: [] },
    block: { curve: SKILL_FORECAST, issued, tag, times, values, scenarios: [], scenarioNames: [] },
  };
}

/**
 * Imports the bench data and a user whose key is `key`.
 *
 * @param store - A fresh store.
 * @param key - The API key to accept.
 * @returns How many instances were imported.
 */
async function seedSkill(store: DuckDbStore, key: string): Promise<number> {
  const runs = (SKILL_END - SKILL_BEGIN) / (RUN_HOURS * H);
  const instances = SKILL_TAGS.flatMap((tag) => Array.from({ length: runs }, (_, k) => instance(tag, k, SKILL_BEGIN + k * RUN_HOURS * H)));
  const n = (ACTUAL_END - ACTUAL_BEGIN) / Q;
  const actualTimes = Float64Array.from({ length: n }, (_, i) => ACTUAL_BEGIN + i * Q);
  await store.importBatch({
    users: [{ id: 'bench', name: 'Bench', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] }],
    keys: [{ hash: hashApiKey(key), userId: 'bench', label: 'bench', created: 0, blocked: false }],
    curves: [
      benchCurve(SKILL_ACTUAL),
      benchCurve(SKILL_FORECAST, { curveType: 'INSTANCE', dataType: 'FORECAST', instanceIssuedTimezone: 'UTC' }),
    ],
    instances: instances.map((x) => x.record),
    series: [
      {
        curve: SKILL_ACTUAL,
        issued: null,
        tag: null,
        times: actualTimes,
        values: actualTimes.map(actualAt),
        scenarios: [],
        scenarioNames: [],
      },
      ...instances.map((x) => x.block),
    ],
  });
  return instances.length;
}

/** A running skill-bench service (see {@link serveSkill}). */
export interface SkillService {
  /** `http://127.0.0.1:<port>/api`. */
  apiUrl: string;
  /** A key that works. */
  key: string;
  /** Instances imported (both tags). */
  instances: number;
  /** Stops the service and removes its store. */
  close(): Promise<void>;
}

/**
 * A fresh store in a temporary directory, seeded with the bench data, served on 127.0.0.1 by
 * `service serve` in its own process (bench/service-process.ts), as it ships.
 *
 * @returns The running service.
 */
export async function serveSkill(): Promise<SkillService> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-skill-'));
  const store = await DuckDbStore.open(dir);
  const key = generateApiKey();
  const instances = await seedSkill(store, key);
  await store.close();
  const service = await startServiceProcess(dir);
  return {
    apiUrl: service.apiUrl,
    key,
    instances,
    async close() {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
