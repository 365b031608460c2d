// The reports in a real browser: `npm run report -- --pdf` (scripts/jupyter/run-notebooks.mjs)
// writes every notebook's report and its PDF, then each page is opened in headless chromium
// (Debian's `chromium`, installed through apt-get when missing; playwright-core, a fresh profile,
// no background networking; scripts/jupyter/report-browser.mjs). A page fails on any page error,
// console error or request leaving the page; every chart must be drawn by Vega-Embed (an SVG with
// marks) and show a tooltip when a mark is hovered. Screenshots go to a temporary folder (kept
// when a check fails, and named in the message). Writing a report executes its notebook headless
// on the kernel the notebook names (tslab), so this run is also the check that every notebook
// runs without a cell error there; test/kernel/notebooks.test.ts runs them on Deno's kernel.
// The run also records what the notebooks' clients got (--record), and the teaching notebooks 01
// and 02, which show the service's error answers (403, 404, 400) on purpose, and 06, which follows
// the live push feed, are replayed from that recording with no service: the same pages, provenance
// aside (test/reports/reports.test.ts checks a replay's provenance in detail).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { importScript } from '../helpers/project-scripts';
import { firstDifference, provenanceOf, withoutProvenance } from '../helpers/report-pages';
import { type NotebookRun, runNotebooks } from '../helpers/run-notebooks';

const root = resolve(__dirname, '..', '..');
const RUN_TIMEOUT_MS = 9 * 60_000;
const out = mkdtempSync(join(tmpdir(), 'service-report-browser-'));
const shots = join(out, 'screenshots');
const snapshot = join(out, 'snapshot');
const replayedDir = join(out, 'replayed');
/** Replayed from the recording: 01 and 02 display error answers on purpose, 06 follows the live feed. */
const TEACHING = ['01-quickstart', '02-timeseries-in-depth', '06-live-data'];
const notebooks = readdirSync(join(root, 'notebooks'))
  .filter((n) => n.endsWith('.ipynb') && !n.startsWith('.'))
  .map((n) => n.replace(/\.ipynb$/, ''))
  .sort();

interface PageCheck {
  file: string;
  charts: number;
  drawn: number;
  withTooltips: number;
  tooltips: number;
  problems: string[];
  screenshot: string | null;
}

interface ReportBrowser {
  openBrowser(): Promise<{ context: unknown; version: string; close(): Promise<void> }>;
  checkReport(context: unknown, file: string, options: { screenshotDir?: string }): Promise<PageCheck>;
}

let run: NotebookRun = { code: null, output: '' };
let failed = false;
/** The replay runs while the pages are checked in the browser. */
let replayed: Promise<NotebookRun> = Promise.resolve({ code: null, output: 'not started' });

test.before(async () => {
  run = await runNotebooks(['--out', out, '--pdf', '--record', snapshot], RUN_TIMEOUT_MS);
  if (run.code === 0) replayed = runNotebooks(['--no-build', '--replay', snapshot, '--out', replayedDir, ...TEACHING], RUN_TIMEOUT_MS);
});

test.after(() => {
  if (!failed) rmSync(out, { recursive: true, force: true });
});

test('npm run report -- --pdf writes every report and its PDF', () => {
  const last = run.output.trimEnd().split('\n').pop() ?? '';
  if (run.code !== 0) failed = true;
  assert.is(last, `${notebooks.length} passed, 0 failed`, run.output.slice(-6000));
  assert.is(run.code, 0);
  for (const name of notebooks) {
    const pdf = readFileSync(join(out, `${name}.pdf`));
    assert.is(pdf.subarray(0, 5).toString('latin1'), '%PDF-', `${name}.pdf is a PDF`);
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
    assert.ok(pages >= 1, `${name}.pdf has ${pages} pages`);
  }
});

for (const name of notebooks) {
  test(`notebooks/${name}.ipynb runs headless without a cell error`, () => {
    const ok = run.output.split('\n').some((l) => l.startsWith(`ok   notebooks/${name}.ipynb (`));
    if (!ok) failed = true;
    assert.ok(ok, `run-notebooks output:\n${run.output.slice(-8000)}`);
  });
}

test('every report opens in headless chromium without errors; every chart is drawn and shows tooltips', async () => {
  const { openBrowser, checkReport } = await importScript<ReportBrowser>('jupyter/report-browser.mjs');
  const browser = await openBrowser();
  const results: PageCheck[] = [];
  try {
    for (const name of notebooks) results.push(await checkReport(browser.context, join(out, `${name}.html`), { screenshotDir: shots }));
  } finally {
    await browser.close();
  }
  const summary = results.map(
    (r) => `${r.file}: ${r.drawn}/${r.charts} drawn, tooltips ${r.tooltips}/${r.withTooltips}; ${r.problems.join('; ')}`,
  );
  if (results.some((r) => r.problems.length > 0)) failed = true;
  for (const r of results) {
    assert.equal(r.problems, [], `${summary.join('\n')}\n(screenshots in ${shots})`);
    assert.is(r.drawn, r.charts);
    assert.is(r.tooltips, r.withTooltips);
    assert.ok(r.screenshot !== null && readFileSync(r.screenshot).subarray(1, 4).toString() === 'PNG', `screenshot of ${r.file}`);
  }
  // The notebooks draw charts, and charts with tooltips: the checks above are not vacuous.
  const charts = results.reduce((n, r) => n + r.charts, 0);
  const tooltips = results.reduce((n, r) => n + r.tooltips, 0);
  assert.ok(charts >= 10, `${charts} charts in all reports`);
  assert.ok(tooltips >= 10, `${tooltips} charts showed a tooltip`);
});

test('with scripts off, each chart still shows its static SVG (inside <noscript>)', () => {
  const page = readFileSync(join(out, '01-quickstart.html'), 'utf8');
  const blocks = page.split('<div class="service-chart ').slice(1);
  assert.ok(blocks.length >= 2, `${blocks.length} chart blocks`);
  for (const block of blocks) assert.match(block, /<noscript><div class="jp-RenderedSVG service-chart-static"[^>]*>\s*<svg/);
  // Nothing is loaded from elsewhere: no src or href attribute leaves the page.
  assert.not.match(page, /<script[^>]+src=/);
  assert.not.match(page, /<link[^>]+href="https?:/);
});

test('the teaching notebooks 01, 02 and 06 replay with their error answers and feed events, the same page provenance aside', async () => {
  const replay = await replayed;
  if (replay.code !== 0) failed = true;
  assert.is(replay.code, 0, replay.output.slice(-4000));
  assert.match(replay.output, /replaying .* no service/);
  // What the error cells print: the error classes (01) and the service's 400 message (02); what
  // the feed cells print (06): the events that arrived and the ones sent again on resuming.
  const shown = {
    '01-quickstart': ['<td>ForbiddenError</td>', '<td>NotFoundError</td>', '<td>ValidationError</td>'],
    '02-timeseries-in-depth': ['Field=&#34;unit&#34;, message: Currency conversion needs daily or coarser data'],
    '06-live-data': ['<td>CURVE_UPDATE</td>', 'the feed sent again: ', ': new and previous instance'],
  };
  for (const name of TEACHING) {
    const a = readFileSync(join(out, `${name}.html`), 'utf8');
    const b = readFileSync(join(replayedDir, `${name}.html`), 'utf8');
    for (const error of shown[name as keyof typeof shown]) assert.ok(b.includes(error), `${name} shows ${error}`);
    // a difference keeps both pages (the run's folder stays) and names its first line
    const difference = firstDifference(withoutProvenance(a), withoutProvenance(b));
    if (difference !== '') failed = true;
    assert.is(difference, '', `${name}: the replayed page differs from the recorded one (both in ${out}) at ${difference}`);
    assert.equal(provenanceOf(b).requests, provenanceOf(a).requests, name);
    assert.is(provenanceOf(b).source.recordedFrom, provenanceOf(a).source.service, name);
  }
});

test.run();
