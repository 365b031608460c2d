/**
 * The project's ES module scripts (scripts/*.mjs) as tests and benches load them: these files
 * compile to CommonJS, where `import()` would become `require()`, so the import goes through a
 * function made at run time. Also the two scripts every browser test needs: the console build and
 * the headless Chromium launcher of the report checks.
 *
 * @module
 */
import { cpSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { ABOUT, keptForRun } from './run-kept';

const dynamicImport = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;
const SCRIPTS = join(__dirname, '..', '..', 'scripts');

/**
 * Imports a script of the project.
 *
 * @param path - Its path under scripts/, e.g. `jupyter/report-browser.mjs`.
 * @returns The module, typed as the caller says.
 */
export function importScript<M>(path: string): Promise<M> {
  return dynamicImport(pathToFileURL(join(SCRIPTS, path)).href) as Promise<M>;
}

/** A headless Chromium from scripts/jupyter/report-browser.mjs. */
export interface TestBrowser {
  context: BrowserContext;
  version: string;
  close(): Promise<void>;
}

/**
 * Opens Debian's Chromium headless with a fresh profile (installed when missing).
 *
 * @returns The browser.
 */
export async function openBrowser(): Promise<TestBrowser> {
  return (await importScript<{ openBrowser(): Promise<TestBrowser> }>('jupyter/report-browser.mjs')).openBrowser();
}

/**
 * Builds the web console into `out` (scripts/build-console.mjs). In a test run the build is made
 * once and copied (run-kept.ts): it depends on the sources only, and minifying and compressing it
 * takes seconds of CPU.
 *
 * @param out - The output folder (emptied first).
 * @returns What the build reports, typed as the caller says.
 */
export async function buildConsole<R = unknown>(out: string): Promise<R> {
  const build = async (dir: string): Promise<R> =>
    (await importScript<{ buildConsole(o: { out: string }): Promise<R> }>('build-console.mjs')).buildConsole({ out: dir });
  const kept = await keptForRun('web-console', build);
  if (kept === null) return build(out);
  rmSync(out, { recursive: true, force: true });
  cpSync(kept.dir, out, { recursive: true, filter: (from) => basename(from) !== ABOUT });
  return kept.made;
}
