// The web console as a user meets it (docs/service.md#web-console): how much JavaScript the catalogue
// loads (compressed as the service sends it) and how long the catalogue takes to show results on
// loopback, in headless chromium, against the `full` demo (1,676 curves).
//
//   node --import tsx bench/console.ts [--preset full|small] [--runs 7]
//
// Figures: the bytes of each built file (raw, Brotli, gzip); "first open": a fresh browser profile
// (nothing cached) opening /curves with a key already signed in, until the first result row is on
// the page; "again": the same in the same tab (assets cached, immutable); "search": typing "wind"
// until its results replace the list (after the 250 ms typing pause, as the harness sees it, so
// with its polling). Medians of --runs runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { buildConsole, openBrowser } from '../test/helpers/project-scripts';
import { startService } from '../test/helpers/start-service';
import { median } from './median-time';

// Browser globals, as the page callbacks below use them (this file is type-checked without the DOM library).
declare const document: { querySelector(selector: string): unknown };
declare const location: { search: string };
declare const sessionStorage: { setItem(key: string, value: string): void };
declare const window: { shownAt: number };
declare class MutationObserver {
  constructor(callback: (records: unknown, observer: MutationObserver) => void);
  observe(target: unknown, options: { subtree: boolean; childList: boolean }): void;
  disconnect(): void;
}

interface Built {
  files: { file: string; bytes: number; br: number; gzip: number }[];
  entry: string;
  imports: Record<string, string[]>;
}

const { values } = parseArgs({ options: { preset: { type: 'string', default: 'full' }, runs: { type: 'string', default: '7' } } });
const preset = values.preset === 'small' ? 'small' : 'full';
const runs = Number(values.runs);

/**
 * Opens /curves signed in and returns ms from navigation start to the first result row on the
 * page (noted by a MutationObserver the init script installs, so the harness's polling is not
 * counted).
 */
async function openCatalogue(page: Page, url: string): Promise<number> {
  await page.goto(`${url}/curves`);
  await page.waitForSelector('ol.results li a');
  return page.evaluate(() => window.shownAt);
}

/** Before any script of the page: the key in sessionStorage (as the sign-in page leaves it) and the observer. */
function beforePage(key: string): void {
  sessionStorage.setItem('service-console-api-key', key);
  new MutationObserver((_, observer) => {
    if (document.querySelector('ol.results li a')) {
      window.shownAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true });
}

async function main(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'service-console-bench-'));
  const built = await buildConsole<Built>(out);
  console.log('file | bytes | brotli | gzip');
  for (const f of built.files) console.log(`${f.file} | ${f.bytes} | ${f.br} | ${f.gzip}`);
  // what the catalogue loads: the entry and what it imports statically, and the stylesheet
  const loaded = new Set<string>([built.entry]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of [...loaded]) for (const i of built.imports[f] ?? []) if (!loaded.has(i)) grew = loaded.add(i) !== null;
  }
  const js = built.files.filter((f) => loaded.has(f.file));
  const sum = (k: 'bytes' | 'br' | 'gzip'): number => js.reduce((a, f) => a + f[k], 0);
  console.log(
    `catalogue JavaScript (${js.map((f) => f.file).join(', ')}): ${sum('bytes')} B, Brotli ${sum('br')} B, gzip ${sum('gzip')} B`,
  );

  const seedStart = Date.now();
  const svc = await startService({ demo: { preset }, console: { dir: out } });
  console.log(`service with the ${preset} demo ready in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
  const first: number[] = [];
  const again: number[] = [];
  const search: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const browser = await openBrowser();
      try {
        // signed in before the page runs: the key in this tab's sessionStorage, as the sign-in page leaves it
        const fresh = await browser.context.newPage();
        await fresh.addInitScript(beforePage, svc.apiKey);
        first.push(await openCatalogue(fresh, svc.url));
        again.push(await openCatalogue(fresh, svc.url));
        const t0 = await fresh.evaluate(() => performance.now());
        await fresh.fill('#search', 'wind');
        await fresh.waitForFunction(() => location.search === '?q=wind' && !document.querySelector('#results[aria-busy]'));
        search.push((await fresh.evaluate(() => performance.now())) - t0);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await svc.close();
    rmSync(out, { recursive: true, force: true });
  }
  const fmt = (xs: number[]): string => `${median(xs).toFixed(0)} ms (runs: ${xs.map((x) => x.toFixed(0)).join(', ')})`;
  console.log(`catalogue results, first open (fresh profile, nothing cached): ${fmt(first)}`);
  console.log(`catalogue results, opened again (cached assets): ${fmt(again)}`);
  console.log(`typing "wind" to its results (includes the 250 ms pause): ${fmt(search)}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
