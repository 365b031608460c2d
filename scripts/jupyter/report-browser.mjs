#!/usr/bin/env node
// Report pages in a real browser: Debian's `chromium` (installed through apt-get when missing and
// this process is root), driven by playwright-core with a fresh profile and no background
// networking. Used by `npm run report -- --pdf` (print each page to PDF) and by the browser check
// of the reports (test/reports), which is also a command:
//
//   node scripts/jupyter/report-browser.mjs [--screenshots DIR] [--tooltip-shot FILE] REPORT.html ...
//
// For each page it fails on any page error, console error or request that leaves the page (the
// page must load nothing), checks that every chart block was drawn by Vega-Embed (an SVG with
// marks), hovers a mark of each chart that has tooltips and checks that the tooltip appears, and
// saves a full-page screenshot. Prints one line per page and exits 1 when a page fails.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { aptInstall } from './apt-install.mjs';
import { isExecutable } from './ensure-jupyter.mjs';

/** Where Debian puts the browser. */
const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The launch flags: headless, no sandbox (tests run as root), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** How long a page may take to load and draw its charts. */
const PAGE_TIMEOUT_MS = 120_000;

/**
 * The path of Debian's chromium, installing the package first when it is missing and this process
 * may (root, apt-get present).
 * @returns {string}
 * @throws {Error} naming the package to install when it is missing and cannot be installed
 */
export function ensureChromium() {
  const found = CHROMIUM_PATHS.find((p) => isExecutable(p));
  if (found) return found;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !isExecutable('/usr/bin/apt-get')) {
    throw new Error('report-browser: chromium was not found; install it (Debian/Ubuntu: sudo apt-get install -y --no-install-recommends chromium) and run again');
  }
  console.log("report-browser: chromium was not found; installing Debian's package");
  aptInstall(['chromium'], { label: 'report-browser' });
  const after = CHROMIUM_PATHS.find((p) => isExecutable(p));
  if (!after) throw new Error('report-browser: installed chromium, but no chromium executable was found');
  return after;
}

/**
 * Starts headless chromium with a fresh profile folder (removed by `close`).
 * @returns {Promise<{ context: import('playwright-core').BrowserContext, version: string, close: () => Promise<void> }>}
 */
export async function openBrowser() {
  const executablePath = ensureChromium();
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'service-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1200, height: 900 },
      timeout: PAGE_TIMEOUT_MS,
    });
  } catch (err) {
    rmSync(profile, { recursive: true, force: true });
    throw err;
  }
  const version = context.browser()?.version() ?? spawnSync(executablePath, ['--version'], { encoding: 'utf8' }).stdout.trim();
  return {
    context,
    version,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Opens a report page and waits until every chart block has been drawn or has failed.
 * Collects page errors, console errors and any request that is not the page itself.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} file the report's HTML file
 * @returns {Promise<{ page: import('playwright-core').Page, problems: string[] }>}
 */
async function openReport(context, file) {
  const page = await context.newPage();
  const problems = [];
  const url = pathToFileURL(resolve(file)).href;
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('request', (req) => {
    if (req.url() !== url && !req.url().startsWith('data:')) problems.push(`request that leaves the page: ${req.url()}`);
  });
  await page.goto(url, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
  await page.waitForFunction(
    () => Array.from(document.querySelectorAll('.service-chart')).every((c) => c.hasAttribute('data-rendered')),
    null,
    { timeout: PAGE_TIMEOUT_MS },
  );
  return { page, problems };
}

/**
 * Checks one report page in the browser (see the header of this file).
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} file the report's HTML file
 * @param {{ screenshotDir?: string, tooltipShot?: string }} [options] where to save the full-page
 *   screenshot, and a file for a picture of the first chart with its tooltip showing
 * @returns {Promise<{ file: string, charts: number, drawn: number, withTooltips: number, tooltips: number, problems: string[], screenshot: string | null }>}
 */
export async function checkReport(context, file, options = {}) {
  const { page, problems } = await openReport(context, file);
  try {
    const charts = await page.$$('.service-chart');
    let drawn = 0;
    let withTooltips = 0;
    let tooltips = 0;
    for (const [i, chart] of charts.entries()) {
      const state = await chart.evaluate((el) => ({
        rendered: el.getAttribute('data-rendered'),
        marks: el.querySelectorAll('.service-chart-view svg .role-mark > *, .service-chart-view canvas').length,
        tooltip: (el.querySelector('.service-chart-spec')?.textContent ?? '').includes('"tooltip"'),
      }));
      if (state.rendered === 'true' && state.marks > 0) drawn += 1;
      else problems.push(`chart ${i + 1}: not drawn (${state.rendered}, ${state.marks} marks)`);
      if (!state.tooltip || state.rendered !== 'true') continue;
      withTooltips += 1;
      if (await hoverForTooltip(page, chart)) {
        tooltips += 1;
        if (options.tooltipShot && tooltips === 1) await shootWithTooltip(page, chart, options.tooltipShot);
      } else problems.push(`chart ${i + 1}: no tooltip appeared on hovering its marks`);
      await page.mouse.move(0, 0);
    }
    let screenshot = null;
    if (options.screenshotDir) {
      mkdirSync(options.screenshotDir, { recursive: true });
      screenshot = join(options.screenshotDir, `${basename(file, '.html')}.png`);
      await page.screenshot({ path: screenshot, fullPage: true });
    }
    return { file, charts: charts.length, drawn, withTooltips, tooltips, problems: [...problems], screenshot };
  } finally {
    await page.close();
  }
}

/** How long to wait for the tooltip at each point: a quick pass over the points, then a patient one. */
const HOVER_WAITS_MS = [100, 500];

/** The tooltip element of vega-tooltip (inside Vega-Embed), visible. */
const TOOLTIP_VISIBLE = '#vg-tooltip-element.visible';

/**
 * Moves the mouse over the marks of a chart until Vega's tooltip shows: points on the outline of
 * each mark item (lines are hit on their stroke, so the middle of a path's box may miss).
 * @returns {Promise<boolean>} whether a tooltip appeared
 */
async function hoverForTooltip(page, chart) {
  await chart.scrollIntoViewIfNeeded();
  const targets = await chart.evaluate((el) => {
    const items = Array.from(el.querySelectorAll('.service-chart-view svg .role-mark > g > *, .service-chart-view svg .role-mark > *')).filter(
      (item) => item instanceof SVGGeometryElement,
    );
    // Up to 16 items spread over all marks (the first ones may be a layer without tooltips).
    const step = Math.max(1, Math.floor(items.length / 16));
    const out = [];
    for (let i = 0; i < items.length && out.length < 48; i += step) {
      const item = items[i];
      const box = item.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const matrix = item.getScreenCTM();
      if (item.getTotalLength() > 0 && matrix) {
        for (const f of [0.5, 0.25, 0.75]) {
          const p = item.getPointAtLength(item.getTotalLength() * f);
          out.push([p.x * matrix.a + p.y * matrix.c + matrix.e, p.x * matrix.b + p.y * matrix.d + matrix.f]);
        }
      }
      out.push([box.x + box.width / 2, box.y + box.height / 2]);
    }
    return out;
  });
  // Vega shows its tooltip while it handles the pointer move, so a short wait per point finds it;
  // a second pass with a longer wait covers a page slowed down by a busy machine.
  for (const wait of HOVER_WAITS_MS) {
    for (const [x, y] of targets) {
      await page.mouse.move(x, y);
      try {
        await page.waitForSelector(TOOLTIP_VISIBLE, { timeout: wait });
        return true;
      } catch {
        // not over a mark with a tooltip: try the next point
      }
    }
  }
  return false;
}

/** Saves a picture of a chart and its visible tooltip (the screenshot in docs/notebooks.md#reports). */
async function shootWithTooltip(page, chart, file) {
  const embed = await chart.$('.vega-embed');
  const a = (embed ? await embed.boundingBox() : null) ?? (await chart.boundingBox());
  const b = await page.locator(TOOLTIP_VISIBLE).boundingBox();
  if (!a || !b) return;
  const x = Math.max(0, Math.min(a.x, b.x) - 8);
  const y = Math.max(0, Math.min(a.y, b.y) - 8);
  const clip = { x, y, width: Math.max(a.x + a.width, b.x + b.width) + 8 - x, height: Math.max(a.y + a.height, b.y + b.height) + 8 - y };
  await page.screenshot({ path: file, clip });
}

/**
 * Prints a report page to PDF (A4, backgrounds on) once its charts are drawn.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} file the report's HTML file
 * @param {string} pdf where to write the PDF
 * @returns {Promise<string[]>} the problems seen while loading (page or console errors)
 */
export async function writePdf(context, file, pdf) {
  const { page, problems } = await openReport(context, file);
  try {
    await page.emulateMedia({ media: 'print' });
    await page.pdf({ path: pdf, format: 'A4', printBackground: true, margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' } });
    return problems;
  } finally {
    await page.close();
  }
}

async function main(args) {
  let screenshotDir;
  let tooltipShot;
  const files = [];
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--screenshots') screenshotDir = resolve(args[(i += 1)]);
    else if (args[i] === '--tooltip-shot') tooltipShot = resolve(args[(i += 1)]);
    else files.push(args[i]);
  }
  if (files.length === 0) {
    console.error('usage: node scripts/jupyter/report-browser.mjs [--screenshots DIR] [--tooltip-shot FILE] REPORT.html ...');
    return 2;
  }
  const browser = await openBrowser();
  let failed = 0;
  let shotTaken = false;
  try {
    console.log(`report-browser: ${browser.version}`);
    for (const file of files) {
      // The tooltip picture is of the first chart with a tooltip, in the first page that has one.
      const r = await checkReport(browser.context, file, { screenshotDir, tooltipShot: shotTaken ? undefined : tooltipShot });
      shotTaken ||= r.tooltips > 0;
      const line = `${r.drawn}/${r.charts} charts drawn, tooltips on ${r.tooltips}/${r.withTooltips}${r.screenshot ? `, ${r.screenshot}` : ''}`;
      if (r.problems.length > 0) {
        failed += 1;
        console.log(`FAIL ${file}: ${line}\n${r.problems.map((p) => `  ${p}`).join('\n')}`);
      } else console.log(`ok   ${file}: ${line}`);
    }
  } finally {
    await browser.close();
  }
  console.log(`${files.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2));
}
