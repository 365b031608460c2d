/**
 * Seeds the demo dataset into a store, in chunks (one per area and family) written through
 * `store.importBatch`, the same import path a user's own data takes.
 */
import type { ImportBatch, SeriesBlock } from '../store/types';
import { AGGREGATES } from './area-profiles';
import { buildCatalogue, type DemoCatalogue } from './catalogue';
import { demoApiKey, demoKeyRecord } from './demo-user';
import { parseAnchor, utcMidnight } from './demo-time';
import type { Preset } from './demo-window';
import { aggregateActuals, areaActuals, borderActuals } from './emit-actuals';
import { areaClimate } from './emit-climate';
import { areaDerived } from './emit-derived';
import { areaForecasts } from './emit-forecasts';
import { borderForecasts, fillingForecasts } from './emit-forecasts-misc';
import { forexSeries, ohlcRows } from './emit-market';
import { areaPeriods, areaRemit } from './emit-periods';
import { areaPlaces, siteTemperatureOffset } from './emit-places';
import { sitesOf } from './catalogue-places';
import { placeKey } from './places-data';
import { buildWorld, type World } from './world';

/** Anything with the store's write path. */
export interface DemoStore {
  importBatch(batch: ImportBatch): Promise<unknown>;
}

/** Options of {@link seedDemo}. */
export interface SeedDemoOptions {
  /** `small` (5 areas, 3 months) or `full` (26 areas, 2 years). */
  preset: Preset;
  /** Random seed (default 1): same seed and anchor, same data. */
  seed?: number;
  /** Anchor date `YYYY-MM-DD` (default: today in UTC, from `clock`). */
  anchor?: string;
  /**
   * Epoch ms of "now" (default `Date.now`); only used when `anchor` is absent: the anchor is then
   * today's UTC date and no forecast run or REMIT message is created later than this instant.
   */
  clock?: () => number;
  /** Called after each chunk with the chunks done, their total and what was written. */
  onProgress?: (done: number, total: number, label: string) => void;
}

/** What {@link seedDemo} wrote. */
export interface SeedDemoResult {
  /** The demo user's plain API key (the store holds only its hash). */
  apiKey: string;
  /** Number of curves. */
  curves: number;
  /** Number of values: series values (each scenario counts), periods and OHLC rows. */
  values: number;
}

/** One chunk of the dataset. */
interface DemoTask {
  label: string;
  /** Builds the chunk's batches (none for pure computation steps). */
  run(): ImportBatch[];
}

/**
 * Counts the values of a batch: series cells (per scenario), periods and OHLC rows.
 *
 * @param batch - The batch.
 * @returns The count.
 * @example
 * countValues({}) //=> 0
 */
export function countValues(batch: ImportBatch): number {
  let n = 0;
  for (const s of batch.series ?? []) n += s.times.length * ((s.values ? 1 : 0) + s.scenarios.length);
  for (const p of batch.periods ?? []) n += p.begins.length;
  for (const o of batch.ohlc ?? []) n += o.traded.length;
  return n;
}

/**
 * The chunks of a dataset, in write order. Each task is run once, in order (later tasks use the
 * world the second task builds).
 *
 * Not split: the list of seeding tasks in write order; each entry is short and reads in sequence.
 *
 * @param cat - The catalogue.
 * @param seed - The seed.
 * @param apiKey - The demo key to store (hashed).
 * @returns The tasks.
 * @example
 * demoTasks(buildCatalogue('small', '2025-03-15'), 1, 'k')[0].label //=> 'catalogue'
 */
function demoTasks(cat: DemoCatalogue, seed: number, apiKey: string): DemoTask[] {
  let world: World | null = null;
  const need = (): World => {
    if (!world) world = buildWorld(seed, cat);
    return world;
  };
  const tags = cat.areas.map((a) => a.tag);
  const aggregated = new Set(['DE', ...Object.values(AGGREGATES).flat()]);
  const zoneSeries = new Map<string, SeriesBlock>();
  const tasks: DemoTask[] = [
    {
      label: 'catalogue',
      run: () => [
        {
          curves: cat.curves,
          places: cat.places,
          users: cat.users,
          keys: [demoKeyRecord(apiKey, utcMidnight(cat.window.anchor))],
        },
      ],
    },
    {
      label: 'weather and market coupling',
      run: () => {
        need();
        return [];
      },
    },
  ];
  for (const tag of tags) {
    tasks.push({
      label: `${tag} actuals`,
      run: () => {
        const series = [...areaActuals(need(), tag), ...areaDerived(need(), tag), ...areaPlaces(need(), tag)];
        if (aggregated.has(tag)) for (const s of series) zoneSeries.set(s.curve, s);
        return [{ series }];
      },
    });
  }
  tasks.push({ label: 'exchanges', run: () => [{ series: borderActuals(need()) }] });
  if (cat.preset === 'full') {
    tasks.push({
      label: 'aggregate and TSO areas',
      run: () => {
        const s = aggregateActuals(need(), zoneSeries);
        zoneSeries.clear();
        return [{ series: s }];
      },
    });
  }
  for (const tag of tags) {
    tasks.push({
      label: `${tag} normals and climate`,
      run: () => {
        const area = need().areas.get(tag)!.area;
        const offsets = new Map<string, number>();
        for (const s of sitesOf(cat.preset).filter((x) => x.area === tag && x.kind === 'city')) {
          const spec = cat.spec(placeKey(s.kind, s.name), 'city:normal');
          if (spec) offsets.set(spec.record.name, siteTemperatureOffset(s, area));
        }
        return [{ series: areaClimate(need(), tag, offsets) }];
      },
    });
    tasks.push({
      label: `${tag} capacities and REMIT`,
      run: () => {
        const remit = areaRemit(need(), tag);
        return [{ periods: [...areaPeriods(need(), tag), ...remit.periods], instances: remit.instances }];
      },
    });
  }
  tasks.push({ label: 'futures and FX', run: () => [{ ohlc: cat.ohlc.map((d) => ohlcRows(need(), d)), series: forexSeries(need()) }] });
  for (const tag of tags) {
    const models = new Set<string>();
    for (const s of cat.specs)
      if (s.record.curveType === 'INSTANCE' && (s.subject === tag || s.record.area === tag)) s.tags.forEach((t) => models.add(t));
    for (const model of models) tasks.push({ label: `${tag} ${model} forecasts`, run: () => areaForecasts(need(), tag, model) });
  }
  if (cat.preset === 'full') {
    tasks.push({ label: 'exchange and filling forecasts', run: () => [...borderForecasts(need()), ...fillingForecasts(need())] });
  }
  return tasks;
}

/**
 * Seeds the demo dataset: catalogue, user and key first, then the data in chunks.
 *
 * @param store - The store (only `importBatch` is used).
 * @param opts - Preset, seed, anchor, clock, progress callback.
 * @returns The demo key and what was written.
 * @throws ValueError for an unknown preset or an invalid anchor; whatever the store throws.
 * @example
 * const { apiKey } = await seedDemo(store, { preset: 'small', anchor: '2025-03-15' });
 * apiKey.startsWith('svc_') //=> true
 */
export async function seedDemo(store: DemoStore, opts: SeedDemoOptions): Promise<SeedDemoResult> {
  const seed = opts.seed ?? 1;
  const clock = opts.clock ?? Date.now;
  const now = opts.anchor === undefined ? clock() : Infinity;
  const anchor = parseAnchor(opts.anchor, () => now);
  const cat = buildCatalogue(opts.preset, anchor, now);
  const apiKey = demoApiKey(seed);
  const tasks = demoTasks(cat, seed, apiKey);
  let values = 0;
  for (let i = 0; i < tasks.length; i++) {
    for (const batch of tasks[i]!.run()) {
      values += countValues(batch);
      await store.importBatch(batch);
    }
    opts.onProgress?.(i + 1, tasks.length, tasks[i]!.label);
  }
  return { apiKey, curves: cat.curves.length, values };
}
