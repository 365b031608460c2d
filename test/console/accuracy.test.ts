// The Accuracy section of an instance curve's page in a real browser (Debian's chromium through
// playwright-core, as the other console tests), against the service with the small demo (fixed
// anchor) and the console built from the current sources: the demo's wind forecast gets its
// actual and a week of issue times pre-filled; computing shows MAE and bias by days ahead for each
// tag, the same numbers as client.instances.skill gives in Node for the same options, and a chart
// of each. No page error, no console error and no serious or critical axe-core violation.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceClient } from '../../src/client';
import { buildConsole, openBrowser, type TestBrowser } from '../helpers/project-scripts';
import { startService, type StartedService } from '../helpers/start-service';

const root = resolve(__dirname, '..', '..');
const shots = join(root, 'tmp', 'console-screenshots');
const out = mkdtempSync(join(tmpdir(), 'service-console-accuracy-'));
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const FORECAST = 'DE Wind Power Production MWh/h 15min Forecast';
const ACTUAL = 'DE Wind Power Production MWh/h 15min Actual';

let svc: StartedService;
let browser: TestBrowser;
let page: Page;
const problems: string[] = [];

test.before(async () => {
  await buildConsole(out);
  svc = await startService({ demo: { preset: 'small', anchor: '2025-01-15' }, console: { dir: out } });
  browser = await openBrowser();
  page = await browser.context.newPage();
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()} (${page.url()})`);
  });
  mkdirSync(shots, { recursive: true });
});

test.after(async () => {
  await browser?.close();
  await svc?.close().catch(() => undefined);
  rmSync(out, { recursive: true, force: true });
});

/** Waits until an input's value matches (polled from here: the page's CSP forbids evaluated predicates). */
async function waitForValue(selector: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  let value = '';
  while (Date.now() < until) {
    value = await page.inputValue(selector).catch(() => '');
    if (pattern.test(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${selector}: ${JSON.stringify(value)} does not match ${pattern} after ${timeoutMs} ms`);
}

test('a forecast curve: actual and period pre-filled; MAE and bias by days ahead per tag, as the client computes them', async () => {
  await page.goto(`${svc.url}/sign-in`);
  await page.fill('#api-key', svc.apiKey);
  await page.click('form.sign-in button[type=submit]');
  await page.waitForSelector('ol.results li a');
  await page.goto(`${svc.url}/curves/${encodeURIComponent(FORECAST)}`);
  await page.waitForSelector('#accuracy-title');
  assert.is(await waitForValue('#acc-actual', /\S/), ACTUAL);
  const begin = await waitForValue('#acc-begin', /^\d{4}-\d{2}-\d{2}$/);
  const end = await waitForValue('#acc-end', /^\d{4}-\d{2}-\d{2}$/);
  // a week up to the day after the newest instance (the demo's last run is on its anchor day or the next)
  assert.is(Date.parse(end) - Date.parse(begin), 7 * 86_400_000);
  await page.selectOption('#acc-leads', 'day-ahead');
  await page.click('#accuracy button[type=submit]');
  await page.waitForSelector('#accuracy-table tbody tr', { timeout: 60_000 });
  const head = await page.$$eval('#accuracy-table thead th', (ths) => ths.map((th) => th.textContent ?? ''));
  // the body's cells, row by row (a row header and a cell per column of the head)
  const cells = await page.$$eval('#accuracy-table tbody th, #accuracy-table tbody td', (cs) => cs.map((c) => c.textContent ?? ''));
  const rows = Array.from({ length: cells.length / head.length }, (_, k) => cells.slice(k * head.length, (k + 1) * head.length));
  for (const tag of ['ec', 'gfs']) {
    assert.ok(head.includes(`${tag} MAE (MWh/h)`), head.join(' | '));
    assert.ok(head.includes(`${tag} bias (MWh/h)`), head.join(' | '));
  }
  assert.is(rows[0]?.[0], 'D+0');
  // the same evaluation in Node, shown with one decimal
  const client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl });
  try {
    const r = await client.instances.skill(FORECAST, {
      actual: ACTUAL,
      begin,
      end,
      leadTimes: 'day-ahead',
      metrics: ['n', 'mae', 'bias'],
      progress: false,
    });
    assert.equal(
      rows.map((row) => row[0]),
      r.leads().map((l) => l.lead),
    );
    const fmt = (v: number) => (Number.isFinite(v) ? v.toLocaleString('en', { maximumFractionDigits: 1, minimumFractionDigits: 1 }) : '');
    for (const tag of r.tags) {
      const mae = head.indexOf(`${tag} MAE (MWh/h)`);
      assert.ok(mae > 0, tag);
      assert.equal(
        rows.map((row) => row[mae]),
        r.metric(tag, 'mae').map(fmt),
        `${tag} MAE`,
      );
      assert.equal(
        rows.map((row) => row[mae + 1]),
        r.metric(tag, 'bias').map(fmt),
        `${tag} bias`,
      );
    }
    // numbers, not blanks: D+1 has an error for ec and gfs
    const d1 = rows.find((row) => row[0] === 'D+1')!;
    for (const tag of ['ec', 'gfs']) assert.ok(Number(d1[head.indexOf(`${tag} MAE (MWh/h)`)]!.replace(/,/g, '')) > 0, d1.join(' | '));
    assert.match(
      (await page.textContent('#accuracy-status')) ?? '',
      new RegExp(`^${r.byIssue().length} instances of .*ec.*gfs.* against ${ACTUAL}\\.$`),
    );
  } finally {
    client.close();
  }
  await page.waitForSelector('#accuracy-result .chart[data-metric=mae] svg .mark-line path');
  await page.waitForSelector('#accuracy-result .chart[data-metric=bias] svg .mark-line path');
  await page.evaluate(`${AXE}\n;0`);
  const violations = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ' at ' + v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')))`,
  )) as string[];
  await page.screenshot({ path: join(shots, 'accuracy.png'), fullPage: true });
  assert.equal(violations, []);
});

test('an actual that cannot be used is shown in the service words, naming the option', async () => {
  await page.fill('#acc-actual', 'DE No Such Curve MWh/h 15min Actual');
  await page.click('#accuracy button[type=submit]');
  const alert = await page.waitForSelector('.alert-area .error', { timeout: 30_000 });
  assert.match((await alert.textContent()) ?? '', /No Such Curve|not found|404/i);
});

test('no page error and no console error', () => {
  // the browser logs the 404 of the unknown actual asked for on purpose
  const left = problems.filter((p) => !/status of 404/.test(p));
  assert.equal(left, []);
});

test.run();
