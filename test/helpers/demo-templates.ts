/**
 * Seeded demo stores kept for the rest of a test run, so that each test file copies one instead
 * of seeding its own (CONTRIBUTING.md#demo-templates). Seeding with a fixed anchor and seed always
 * writes the same data (the demo follows no clock then); today's demo (no anchor) is kept as
 * seeded at one moment of the day. Seeding the small demo takes a few seconds of CPU, where
 * copying its file takes a few milliseconds.
 *
 * The runners (scripts/run-tests.mjs, scripts/run-unit-tests.mjs) make a folder for the run and
 * name it in SERVICE_TEST_DEMO_TEMPLATES; without it (a test file run on its own) every store is
 * seeded afresh.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { seedDemo } from '../../server/src/demo';
import { DuckDbStore } from '../../server/src/store';
import { ABOUT, DEMO_TEMPLATES_ENV, publishTemplate, takeTemplate } from './run-kept';

/** A demo to seed: preset, seed and anchor as `seedDemo` takes them. */
export interface DemoSpec {
  preset: 'small' | 'full';
  seed: number;
  anchor?: string;
}

/** What `seedDemo` is given for a template: the demo, with the clock held for today's. */
type SeedSpec = DemoSpec & { clock?: () => number };

function copyFiles(from: string, to: string, skip?: string): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) if (name !== skip) copyFileSync(join(from, name), join(to, name));
}

/** A seeded store, with what the seed that wrote it reported. */
export interface SeededStore {
  store: DuckDbStore;
  /** The demo user's API key. */
  apiKey: string;
  /** The curves and values (points, periods and OHLC rows) the seed wrote. */
  curves: number;
  values: number;
}

/**
 * The template's folder name, and the demo to seed for it. A demo without an anchor is today's
 * (the UTC date): its template is made from a seed at one moment of that day (the clock pinned
 * there, so nothing is issued after it), and a copy is that demo as seeded then. A run that
 * passes midnight makes a template for the new day.
 */
function templateOf(demo: DemoSpec): { name: string; seeded: SeedSpec } {
  if (demo.anchor !== undefined) return { name: `${demo.preset}-${demo.seed}-${demo.anchor}`, seeded: demo };
  const now = Date.now();
  const today = new Date(now).toISOString().slice(0, 10);
  return { name: `${demo.preset}-${demo.seed}-today-${today}`, seeded: { ...demo, clock: () => now } };
}

/**
 * Opens a DuckDB store in `dir` seeded with the demo: a copy of the run's template when there is
 * one, else seeded here (and kept as the template when the run has a template folder).
 *
 * @param dir - The store's data directory (empty).
 * @param demo - The demo to seed.
 * @returns The open store, the demo user's API key and the seed's counts.
 */
export async function openSeededStore(dir: string, demo: DemoSpec): Promise<SeededStore> {
  const folder = process.env[DEMO_TEMPLATES_ENV];
  const { name, seeded } = templateOf(demo);
  const template = folder ? join(folder, name) : null;
  const lock = template === null ? null : await takeTemplate(template);
  try {
    if (template !== null && existsSync(join(template, ABOUT))) {
      const about = JSON.parse(readFileSync(join(template, ABOUT), 'utf8')) as Omit<SeededStore, 'store'>;
      copyFiles(template, dir, ABOUT);
      return { store: await DuckDbStore.open(dir), apiKey: about.apiKey, curves: about.curves, values: about.values };
    }
    return await seedAndPublish(dir, demo, seeded, template);
  } finally {
    if (lock !== null) rmSync(lock, { recursive: true, force: true });
  }
}

/** How many stores this process has seeded (not copied): demo-templates.test.ts reads it. */
export const seedCount = { value: 0 };

/** Seeds the demo into a store in `dir` and, with a template folder, publishes it as the template. */
async function seedAndPublish(dir: string, demo: DemoSpec, seeded: SeedSpec, template: string | null): Promise<SeededStore> {
  let store = await DuckDbStore.open(dir);
  seedCount.value += 1;
  try {
    const { apiKey, curves, values } = await seedDemo(store, seeded);
    if (template === null) return { store, apiKey, curves, values };
    // closed, the store's file is whole; published by a rename, so a reader never sees half of it
    await store.close();
    const partial = `${template}.${process.pid}-${Date.now()}`;
    copyFiles(dir, partial);
    publishTemplate(partial, template, { ...demo, apiKey, curves, values });
    store = await DuckDbStore.open(dir);
    return { store, apiKey, curves, values };
  } catch (err) {
    await store.close();
    throw err;
  }
}
