/**
 * `service seed`: fills an empty data directory with the demo dataset and writes the demo user's
 * key to `DIR/demo-api-key`, and the key of an administrator (a user with every package in every
 * area, who may import: save from a notebook, docs/data-out.md#saving) to `DIR/admin-api-key`.
 * `service serve --demo` uses the same steps on first start.
 *
 * @module
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ValidationError, ValueError } from 'service/exceptions';
import { historyCurves, MAX_HISTORY_YEARS, parseAnchor, progressBar, seedDemo, seedLongHistory } from '../demo';
import { generateApiKey, hashApiKey } from '../auth';
import { redacted, type Store } from '../store';
import { oneStore, openStore } from './open-store';
import { dateOption, intOption, presetOption, required, storeOption, type Preset } from './cli-args';
import { progressStreamOf, type CliIO } from './cli-io';

/** File (in the data directory) holding the demo user's API key. */
export const DEMO_KEY_FILE = 'demo-api-key';

/** File (in the data directory) holding the demo administrator's API key (random, made at seeding). */
export const ADMIN_KEY_FILE = 'admin-api-key';

/**
 * Adds the demo's administrator (`admin`, every package in every area) with a new random key, and
 * writes the key to {@link ADMIN_KEY_FILE} in the data directory (readable by its owner only).
 *
 * @param store - The store being seeded.
 * @param data - The data directory.
 * @param created - Epoch ms stamped on the key.
 * @returns The file's path.
 * @example
 * await addDemoAdmin(store, 'data', Date.now()) //=> 'data/admin-api-key'
 */
async function addDemoAdmin(store: Store, data: string, created: number): Promise<string> {
  const key = generateApiKey();
  await store.importBatch({
    users: [
      { id: 'admin', name: 'Administrator', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] },
    ],
    keys: [{ hash: hashApiKey(key), userId: 'admin', label: 'demo administrator', created, blocked: false }],
  });
  const file = join(data, ADMIN_KEY_FILE);
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return file;
}

/** Options of `service seed`. */
export interface SeedOptions {
  /** The data directory (where the demo key file goes; `''` with `store`: no key file). */
  data: string;
  /** A `postgres://` URL: seed the shared store instead of the embedded one in `data`. */
  store?: string;
  /** Dataset size. */
  preset: Preset;
  /** Random seed (same seed and anchor, same data). */
  seed: number;
  /** Anchor date `YYYY-MM-DD` (default: today, UTC). */
  anchor?: string;
  /** Long histories (docs/demo-data.md#long-histories): years before the anchor and the curves. */
  history?: { years: number; curves: string };
}

/**
 * Parses the arguments of `service seed`.
 *
 * @param args - Arguments after `seed`.
 * @returns The options.
 * @throws ValidationError for a missing or bad option.
 * @example
 * parseSeed(['--data', 'd', '--demo', 'small']) //=> { data: 'd', preset: 'small', seed: 1, anchor: undefined }
 */
export function parseSeed(args: string[]): SeedOptions {
  const { values } = parseArgs({
    args,
    options: {
      data: { type: 'string' },
      store: { type: 'string' },
      demo: { type: 'string' },
      seed: { type: 'string' },
      anchor: { type: 'string' },
      'history-years': { type: 'string' },
      curves: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const store = storeOption(values.store);
  oneStore(values.data, store);
  const preset = required(presetOption(values.demo), 'demo');
  const anchor = dateOption(values.anchor, 'anchor');
  return {
    data: store === undefined ? required(values.data, 'data') : '',
    ...(store === undefined ? {} : { store }),
    preset,
    seed: intOption(values.seed, 'seed', 0, 2 ** 31 - 1, 1),
    anchor,
    ...historyOption(values['history-years'], values.curves, preset, anchor),
  };
}

function historyOption(years: string | undefined, curves: string | undefined, preset: Preset, anchor: string | undefined) {
  if (years === undefined && curves === undefined) return {};
  if (years === undefined) throw new ValidationError('--curves needs --history-years (how many years of history)', 'history-years');
  const history = { years: intOption(years, 'history-years', 1, MAX_HISTORY_YEARS, 0), curves: required(curves, 'curves') };
  // refuses a pattern that picks nothing before anything is seeded
  historyCurves(preset, parseAnchor(anchor, Date.now), history.curves);
  return { history };
}

/**
 * Seeds the demo dataset into a store and writes the demo key file.
 *
 * @param store - The (empty) store.
 * @param options - Data directory, preset, seed, anchor.
 * @param io - Where progress goes.
 * @returns The demo user's API key.
 * @example
 * await seedInto(store, { data: 'd', preset: 'small', seed: 1 }, io) //~> 'svc_...'
 */
export async function seedInto(store: Store, options: SeedOptions, io: CliIO): Promise<string> {
  io.err(`Seeding the ${options.preset} demo dataset into ${options.store === undefined ? options.data : redacted(options.store)} ...`);
  const started = Date.now();
  const result = await seedDemo(store, {
    preset: options.preset,
    seed: options.seed,
    anchor: options.anchor,
    onProgress: progressBar(progressStreamOf(io)),
  });
  if (options.history) {
    const history = await seedLongHistory(store, {
      preset: options.preset,
      anchor: parseAnchor(options.anchor, Date.now),
      seed: options.seed,
      ...options.history,
      onProgress: progressBar(progressStreamOf(io)),
    });
    io.err(
      `Long histories: ${history.curves.length} curves, ${history.values} values from ${options.history.years} years before the anchor`,
    );
  }
  if (options.data !== '') {
    writeFileSync(join(options.data, DEMO_KEY_FILE), `${result.apiKey}\n`, { mode: 0o600 });
    io.err(`Administrator's API key (may import) written to ${await addDemoAdmin(store, options.data, Date.now())}`);
  }
  io.err(
    `Seeded the ${options.preset} demo dataset: ${result.curves} curves, ${result.values} values in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.apiKey;
}

/**
 * Runs `service seed`: refuses a data directory that already holds curves.
 *
 * @param options - The parsed options.
 * @param io - Output.
 * @returns The exit status (0 done, 1 failed).
 * @throws ValueError when the store already holds data.
 * @example
 * await runSeed({ data: 'd', preset: 'small', seed: 1 }, io) //=> 0
 */
export async function runSeed(options: SeedOptions, io: CliIO): Promise<number> {
  const store = await openStore(options);
  try {
    if ((await store.stats()).curves > 0) {
      throw new ValueError(
        options.store === undefined
          ? `The store in ${options.data} already holds data; seed an empty directory`
          : `The store at ${redacted(options.store)} already holds data; seed an empty database`,
      );
    }
    const key = await seedInto(store, options, io);
    io.out(key);
    if (options.data !== '') io.err(`Demo API key written to ${join(options.data, DEMO_KEY_FILE)}`);
    return 0;
  } finally {
    await store.close();
  }
}
