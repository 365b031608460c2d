/**
 * What a test run makes once and keeps for its other files (CONTRIBUTING.md#demo-templates):
 * seeded demo stores (demo-templates.ts) and the web console's build. The runners
 * (scripts/run-tests.mjs, scripts/run-unit-tests.mjs) make a folder for the run and name it in
 * SERVICE_TEST_DEMO_TEMPLATES; without it (a test file run on its own) nothing is kept.
 *
 * A kept folder is published by a rename once whole, with a `template.json` inside; files asking
 * for it at the same time wait behind a lock folder beside it, so it is made once.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The environment variable naming the run's folder. */
export const DEMO_TEMPLATES_ENV = 'SERVICE_TEST_DEMO_TEMPLATES';

/** The file that marks a kept folder as whole, with what it holds. */
export const ABOUT = 'template.json';

/** How long a file waits for another process's making of the same folder before making its own. */
const TEMPLATE_WAIT_MS = 180_000;

/**
 * Waits until `template` is published, or takes the right to make it: a lock folder beside it,
 * made atomically, so that files starting together make it once rather than each on its own.
 * Returns the lock to remove once published, or null when the folder is there (or its making
 * took too long, or failed: the caller then makes its own and publishes it as before).
 *
 * @param template - The kept folder's path.
 * @returns The lock folder, or null.
 */
export async function takeTemplate(template: string): Promise<string | null> {
  const lock = `${template}.lock`;
  const deadline = Date.now() + TEMPLATE_WAIT_MS;
  mkdirSync(dirname(lock), { recursive: true });
  while (!existsSync(join(template, ABOUT))) {
    try {
      mkdirSync(lock);
      return lock;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (Date.now() > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return null;
}

/**
 * Publishes a whole folder as `template`, with `about` in its `template.json`: by a rename, so a
 * reader never sees half of it. When another file published it first, this copy is dropped.
 *
 * @param partial - The folder, beside `template`.
 * @param template - Where it is kept.
 * @param about - What `template.json` records.
 */
export function publishTemplate(partial: string, template: string, about: unknown): void {
  writeFileSync(join(partial, ABOUT), JSON.stringify(about ?? null));
  try {
    renameSync(partial, template);
  } catch {
    rmSync(partial, { recursive: true, force: true });
  }
}

/**
 * A folder that `make` fills once per test run, kept in the run's folder under `name` for the
 * files after it, with what `make` returned (recorded in its `template.json`, so it must be
 * plain JSON). Null when the run keeps nothing (a test file run on its own).
 *
 * @param name - The kept folder's name.
 * @param make - Fills the (new, empty) folder it is given.
 * @returns The kept folder and what `make` returned when it was made, or null.
 */
export async function keptForRun<R>(name: string, make: (dir: string) => Promise<R>): Promise<{ dir: string; made: R } | null> {
  const folder = process.env[DEMO_TEMPLATES_ENV];
  if (!folder) return null;
  const kept = join(folder, name);
  const lock = await takeTemplate(kept);
  try {
    if (!existsSync(join(kept, ABOUT))) {
      const partial = `${kept}.${process.pid}-${Date.now()}`;
      publishTemplate(partial, kept, await make(partial));
    }
    return { dir: kept, made: JSON.parse(readFileSync(join(kept, ABOUT), 'utf8')) as R };
  } finally {
    if (lock !== null) rmSync(lock, { recursive: true, force: true });
  }
}
