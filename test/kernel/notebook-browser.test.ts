// The classic Notebook that `npm start` serves, driven as an analyst drives it, in Debian's Chromium
// (playwright-core, scripts/jupyter/report-browser.mjs). `npm start` itself
// (scripts/jupyter/start.mjs) runs on loopback with the small demo and a scratch notebook folder;
// on each kernel (tslab, Deno) the test opens a new notebook from the tree page's New menu and runs
// the cells of fixtures/last-values one by one with Shift+Enter: a series, a table, a list, a
// chart, a Danfo frame, an empty load, the user of the key and a thrown error. It checks what the
// page shows: HTML tables with head, tail and shape and no internals, the chart drawn by Vega-Embed
// with a tooltip on hover, the empty series' hint, the user's fields and subscriptions once, a
// short error, and nothing loaded from outside the server.
// Screenshots go to test/artifacts/notebook-browser/ (ignored by git).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { ElementHandle, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { importScript, openBrowser, type TestBrowser } from '../helpers/project-scripts';

const ROOT = resolve(__dirname, '..', '..');
const SHOTS = join(ROOT, 'test', 'artifacts', 'notebook-browser');
const KERNELS = ['tslab', 'deno'] as const;
/** Seeding the small demo and starting the notebook server. */
const START_TIMEOUT_MS = 150_000;
/** One cell, the first one's compile on tslab included. */
const CELL_TIMEOUT_MS = 3 * 60_000;
/** Everything in the browser, so that the test ends (and stops npm start) within a test file's time. */
const BROWSER_TIMEOUT_MS = 7 * 60_000;
let deadline = Number.POSITIVE_INFINITY;
/** A wait's bound: its own, or less when the browser part's time runs out. */
const within = (ms: number): number => Math.max(1000, Math.min(ms, deadline - Date.now()));
/** An output that Deno's kernel sends after its idle status still shows in the page: this long. */
const OUTPUT_TIMEOUT_MS = 20_000;
const INTERNALS = ['_names', '_data', '_params', 'Symbol(', '[object Object]'];

// Browser globals and nodes, as the page callbacks below use them (this file is type-checked without the DOM library).
interface PageNode {
  querySelector(selector: string): PageNode | null;
  querySelectorAll(selector: string): ArrayLike<PageNode>;
  getAttribute(name: string): string | null;
  innerText: string;
  scrollHeight: number;
  getScreenCTM?(): { a: number; b: number; c: number; d: number; e: number; f: number } | null;
  getTotalLength?(): number;
  getPointAtLength?(at: number): { x: number; y: number };
}
interface NotebookCell {
  set_text(text: string): void;
  input_prompt_number?: unknown;
}
declare const window: { Jupyter?: { notebook?: { kernel?: { info_reply?: object }; get_cell(i: number): NotebookCell } } };
declare const document: { body: { classList: { contains(name: string): boolean } }; getElementById(id: string): PageNode | null };

interface Fixture {
  cells: { id: string; source: string | string[] }[];
}

const cells = (JSON.parse(readFileSync(join(__dirname, 'fixtures', 'last-values', 'last-values.ipynb'), 'utf8')) as Fixture).cells.map(
  (c) => ({ id: c.id, code: [c.source].flat().join('') }),
);

/** A free loopback port (there is a short gap before the notebook server takes it; it tries others when taken). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** `npm start` in a child: resolves with the notebook tree address it prints (with its token). */
function npmStart(args: readonly string[]): { child: ChildProcess; tree: Promise<string>; log: string[] } {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'jupyter', 'start.mjs'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const tree = new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`npm start printed no notebook address:\n${log.join('\n')}`)), START_TIMEOUT_MS);
    const onLine = (line: string) => {
      log.push(line);
      const m = /^Notebook server: (http:\/\/127\.0\.0\.1:\d+\/\S+)$/.exec(line);
      if (m?.[1]) {
        clearTimeout(timer);
        done(m[1]);
      }
    };
    if (child.stdout) createInterface({ input: child.stdout }).on('line', onLine);
    if (child.stderr) createInterface({ input: child.stderr }).on('line', onLine);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`npm start exited (${code}):\n${log.join('\n')}`));
    });
  });
  return { child, tree, log };
}

/** Stops `npm start` (SIGTERM: it stops the notebook server, its kernels and the service), SIGKILL after 30 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** What one cell showed. */
interface Shown {
  id: string;
  text: string;
  tables: number;
  /** The chart's state: `true` when Vega-Embed drew it, and how many marks it has. */
  chart: { rendered: string | null; marks: number } | null;
  tooltip: boolean;
}

/** What a kernel's notebook showed, and what went wrong in the page. */
interface KernelRun {
  shown: Shown[];
  problems: string[];
  screenshot: string;
}

const runs = new Map<string, KernelRun>();
let browser: TestBrowser | null = null;
let started: ReturnType<typeof npmStart> | null = null;
let scratch = '';

/** Opens a new notebook on a kernel from the tree page's New menu; resolves once the kernel is idle. */
async function newNotebook(tree: Page, kernel: string): Promise<Page> {
  await tree.click('#new-dropdown-button');
  const [page] = await Promise.all([tree.context().waitForEvent('page', { timeout: within(60_000) }), tree.click(`#kernel-${kernel} a`)]);
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () => window.Jupyter?.notebook?.kernel?.info_reply !== undefined && document.body.classList.contains('notebook_app'),
    null,
    { timeout: within(CELL_TIMEOUT_MS) },
  );
  return page;
}

/** Puts code in the last (empty) cell, presses Shift+Enter in it, and waits until the kernel has answered. */
async function runCell(page: Page, index: number, code: string): Promise<ElementHandle> {
  const cell = (await page.$$('#notebook-container > .cell'))[index];
  if (!cell) throw new Error(`no cell ${index}`);
  await page.evaluate(([i, text]) => window.Jupyter?.notebook?.get_cell(i as number).set_text(text as string), [index, code]);
  await (await cell.$('.CodeMirror'))?.click();
  await page.keyboard.press('Shift+Enter');
  await page.waitForFunction((i) => typeof window.Jupyter?.notebook?.get_cell(i).input_prompt_number === 'number', index, {
    timeout: within(CELL_TIMEOUT_MS),
  });
  return cell;
}

/** Hovers points on a drawn chart's marks until Vega's tooltip shows. */
async function hoverForTooltip(page: Page, chart: ElementHandle): Promise<boolean> {
  await chart.scrollIntoViewIfNeeded();
  const points = await chart.evaluate((el: PageNode) => {
    // lines are hit on their stroke: points along each mark's outline
    const items = Array.from(el.querySelectorAll('.vega-embed svg .role-mark > g > *, .vega-embed svg .role-mark > *')).filter(
      (item) => typeof item.getTotalLength === 'function',
    );
    const out: [number, number][] = [];
    const step = Math.max(1, Math.floor(items.length / 16));
    for (let i = 0; i < items.length && out.length < 48; i += step) {
      const item = items[i] as Required<PageNode>;
      const matrix = item.getScreenCTM();
      const length = item.getTotalLength();
      if (!matrix || length === 0) continue;
      for (const f of [0.5, 0.25, 0.75]) {
        const p = item.getPointAtLength(length * f);
        out.push([p.x * matrix.a + p.y * matrix.c + matrix.e, p.x * matrix.b + p.y * matrix.d + matrix.f]);
      }
    }
    return out;
  });
  // a quick pass over the points, then a patient one for a page slowed down by a busy machine
  for (const wait of [100, 500]) {
    for (const [x, y] of points) {
      await page.mouse.move(x, y);
      try {
        await page.waitForSelector('#vg-tooltip-element.visible', { timeout: wait });
        return true;
      } catch {
        // not over a mark with a tooltip: the next point
      }
    }
  }
  return false;
}

/** What a cell's output area shows once its kind of output is there (bounded wait). */
async function shownBy(page: Page, cell: ElementHandle, id: string, kernel: string): Promise<Shown> {
  const selector =
    id === 'chart' ? '.service-chart-output[data-rendered]' : id === 'error' ? '.output_error, .output_stderr' : '.output_subarea';
  await cell.waitForSelector(`.output_area ${selector}`, { timeout: within(OUTPUT_TIMEOUT_MS) }).catch(() => undefined);
  if (id !== 'chart' && id !== 'error') {
    await cell
      .waitForSelector('.output_area table, .output_area .service-display', { timeout: within(OUTPUT_TIMEOUT_MS) })
      .catch(() => undefined);
  }
  const state = await cell.evaluate((el: PageNode) => {
    const output = el.querySelector('.output_wrapper');
    const chart = output?.querySelector('.service-chart-output') ?? null;
    return {
      // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, a line per row and per stack frame
      text: output?.innerText ?? '',
      tables: output?.querySelectorAll('table').length ?? 0,
      chart: chart
        ? { rendered: chart.getAttribute('data-rendered'), marks: chart.querySelectorAll('.vega-embed svg .role-mark > *').length }
        : null,
    };
  });
  let tooltip = false;
  if (id === 'chart' && state.chart?.rendered === 'true') {
    const chart = await cell.$('.service-chart-output');
    if (chart) tooltip = await hoverForTooltip(page, chart);
    if (tooltip) await page.screenshot({ path: join(SHOTS, `${kernel}-chart-tooltip.png`) });
    await page.mouse.move(0, 0);
  }
  return { id, ...state, tooltip };
}

test.before(async () => {
  const { ensureBuilt } = await importScript<{ ensureBuilt(root: string): boolean }>('jupyter/ensure-build.mjs');
  ensureBuilt(ROOT);
  // inside the project, where cells resolve "service" as the notebooks do (tmp/ is ignored)
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  scratch = mkdtempSync(join(ROOT, 'tmp', 'notebook-browser-'));
  const notebooks = join(scratch, 'notebooks');
  mkdirSync(notebooks);
  mkdirSync(SHOTS, { recursive: true });
  const port = await freePort();
  started = npmStart([
    ...['--port', '0', '--notebook-port', String(port), '--data', join(scratch, 'data'), '--demo', 'small'],
    ...['--no-build', '--notebook-dir', notebooks],
  ]);
  const treeUrl = await started.tree;
  deadline = Date.now() + BROWSER_TIMEOUT_MS;
  const origin = new URL(treeUrl).origin;
  browser = await openBrowser();
  const tree = await browser.context.newPage();
  await tree.goto(treeUrl, { waitUntil: 'load', timeout: within(60_000) });
  for (const kernel of KERNELS) {
    const problems: string[] = [];
    const page = await newNotebook(tree, kernel);
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('request', (req) => {
      const url = req.url();
      if (!url.startsWith(origin) && !/^(data|blob|about):/.test(url)) problems.push(`request that leaves the server: ${url}`);
    });
    const shown: Shown[] = [];
    for (const [index, { id, code }] of cells.entries()) {
      const cell = await runCell(page, index, code);
      if (id !== 'setup') shown.push(await shownBy(page, cell, id, kernel));
    }
    // the notebook scrolls inside its own panel: a viewport as tall as the notebook shows it whole
    const height = await page.evaluate(() => (document.getElementById('notebook')?.scrollHeight ?? 900) + 150);
    await page.setViewportSize({ width: 1200, height: Math.min(height, 12_000) });
    const screenshot = join(SHOTS, `${kernel}.png`);
    await page.screenshot({ path: screenshot, fullPage: true });
    runs.set(kernel, { shown, problems, screenshot });
    await page.close();
  }
});

test.after(async () => {
  await browser?.close();
  if (started) await stop(started.child);
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** The run of a kernel's cell. */
function cellOf(kernel: string, id: string): Shown {
  const shown = runs.get(kernel)?.shown.find((s) => s.id === id);
  if (!shown) throw new Error(`${kernel}: no cell ${id} ran (${[...runs.keys()].join(', ')})`);
  return shown;
}

for (const kernel of KERNELS) {
  test(`${kernel}: a new notebook from the New menu runs every cell; no page error, nothing loaded from outside`, () => {
    const run = runs.get(kernel);
    assert.ok(run, `${kernel} did not run`);
    assert.equal(run.problems, []);
    assert.is(run.shown.length, cells.length - 1);
    assert.is(readFileSync(run.screenshot).subarray(1, 4).toString(), 'PNG');
  });

  for (const id of ['series', 'table', 'list', 'frame']) {
    test(`${kernel}: a cell ending with a ${id} shows an HTML table with head, tail and shape, no internals`, () => {
      const { text, tables } = cellOf(kernel, id);
      assert.ok(tables >= 1, `${id}: ${text.slice(0, 600)}`);
      // head and tail: the first and last hours of the three days, and the ellipsis row between
      assert.match(text, /\d{4}-\d\d-\d\d 00:00:00\+01:00/);
      assert.match(text, /\d{4}-\d\d-\d\d 23:00:00\+01:00/);
      assert.ok(text.includes('…'), text.slice(0, 600));
      assert.match(text, /72 rows × [23] columns/);
      assert.ok(text.includes('CET'), text.slice(0, 600));
      for (const word of INTERNALS) assert.not.ok(text.includes(word), `${id} shows ${word}: ${text.slice(0, 600)}`);
    });
  }

  test(`${kernel}: a chart is drawn by Vega-Embed and shows a tooltip on hover`, () => {
    const { chart, tooltip, text } = cellOf(kernel, 'chart');
    assert.ok(chart, `no chart block: ${text.slice(0, 300)}`);
    assert.is(chart.rendered, 'true');
    assert.ok(chart.marks > 0, `${chart.marks} marks`);
    assert.ok(tooltip, 'no tooltip appeared on hovering the marks');
  });

  test(`${kernel}: an empty load says it has no values in the range, and where the curve's values are`, () => {
    const { text } = cellOf(kernel, 'empty');
    assert.match(text, /No values of curve "DE Wind Power Production MWh\/h 15min Actual" in the requested range/);
    assert.match(text, /Its values run from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d[ \d:]* \(CET\)/);
  });

  test(`${kernel}: the user of the key shows once, as its fields over a row per subscription`, () => {
    const { text, tables } = cellOf(kernel, 'user');
    assert.ok(tables >= 2, text.slice(0, 600));
    assert.is(text.split('Demo User').length, 2, text.slice(0, 600));
    assert.match(text, /subscriptions · \d+/);
    assert.ok(text.includes('PACKAGE_AREA'), text.slice(0, 600));
  });

  test(`${kernel}: a thrown error is short: class, message naming the parameter, no frame into the package`, () => {
    const { text } = cellOf(kernel, 'error');
    const lines = text.trim().split('\n');
    assert.ok(
      lines.some((l) => l.startsWith('ValidationError: Field="begin", message: Not a valid datetime')),
      text,
    );
    assert.not.match(text, /dist\/|node_modules|file:\/\/|tslab\/|ext:/);
    assert.ok(lines.length <= 6, text);
  });
}

test.run();
