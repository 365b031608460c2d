// The web console in a real browser: Debian's chromium driven by playwright-core (launched as the
// report tests do, scripts/jupyter/report-browser.mjs), against the service with the small demo
// and the console built from the current sources into a temporary folder. Every page must load
// without a page error or console error (a Content-Security-Policy violation is one), and
// axe-core must find no serious or critical violation on it. Screenshots of each page go to
// tmp/console-screenshots/ (ignored by git).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { ServiceClient } from '../../src/client';
import { buildConsole, openBrowser, type TestBrowser } from '../helpers/project-scripts';
import { startService, type StartedService } from '../helpers/start-service';

// Browser globals, as the page callbacks below use them (this file is type-checked without the DOM library).
declare const document: {
  querySelector(selector: string): { textContent: string | null } | null;
  cookie: string;
  activeElement: { id: string; textContent: string | null } | null;
  documentElement: { scrollWidth: number };
};
declare const location: { search: string };
declare const sessionStorage: { getItem(key: string): string | null };
declare const window: { innerWidth: number };

const root = resolve(__dirname, '..', '..');
const shots = join(root, 'tmp', 'console-screenshots');
const out = mkdtempSync(join(tmpdir(), 'service-console-'));
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

let svc: StartedService;
let browser: TestBrowser;
let page: Page;
const problems: string[] = [];
const expected: string[] = [];
const requests: string[] = [];

test.before(async () => {
  await buildConsole(out);
  svc = await startService({ demo: { preset: 'small' }, console: { dir: out } });
  browser = await openBrowser();
  page = await browser.context.newPage();
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    // the browser logs every 4xx answer; the wrong key (401) and the unknown curve (404) are asked for on purpose
    if (/^Failed to load resource: (the server responded with a status of (401|404)|net::ERR_CONNECTION_REFUSED)/.test(msg.text()))
      expected.push(msg.text());
    else if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()} (${page.url()})`);
  });
  page.on('request', (req) => requests.push(req.url()));
  mkdirSync(shots, { recursive: true });
});

test.after(async () => {
  await browser?.close();
  await svc?.close().catch(() => undefined);
  rmSync(out, { recursive: true, force: true });
});

/** Runs axe-core on the page; returns the serious and critical violations. */
async function axe(name: string): Promise<string[]> {
  // through the DevTools protocol, which the page's CSP does not govern (the page itself may not eval)
  await page.evaluate(`${AXE}\n;0`);
  const found = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) })))`,
  )) as {
    id: string;
    impact: string;
    nodes: string[];
  }[];
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.impact}) at ${v.nodes.join(', ')}`);
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

const axeViolations: string[] = [];

test('signing in: a wrong key shows the service message; the right key opens the catalogue', async () => {
  await page.goto(`${svc.url}/`);
  await page.waitForSelector('#api-key');
  assert.match(page.url(), /\/sign-in\?next=%2Fcurves$/);
  axeViolations.push(...(await axe('sign-in')));
  await shot('sign-in');
  await page.fill('#api-key', 'not-a-key');
  await page.click('form.sign-in button[type=submit]');
  const alert = await page.waitForSelector('.alert-area .error');
  assert.match((await alert.textContent()) ?? '', /did not accept the API key/);
  // the key is never in the URL, only in sessionStorage
  await page.fill('#api-key', svc.apiKey);
  await page.click('form.sign-in button[type=submit]');
  await page.waitForSelector('ol.results li a');
  assert.ok(!page.url().includes(svc.apiKey));
  assert.is(await page.evaluate(() => sessionStorage.getItem('service-console-api-key')), svc.apiKey);
  assert.is(await page.evaluate(() => document.cookie), '');
  assert.match((await page.textContent('.account')) ?? '', /Signed in as/);
});

test('catalogue: search "wind", narrow by area; the query lives in the URL', async () => {
  const status = async (): Promise<string> => (await page.textContent('#result-status')) ?? '';
  await page.fill('#search', 'wind');
  await page.waitForFunction(() => location.search === '?q=wind' && !document.querySelector('#results[aria-busy]'));
  const all = await status();
  const total = Number(/^([\d,]+) curve/.exec(all)?.[1]?.replace(/,/g, ''));
  const expected = await new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl }).metadata.curves({ q: 'wind' });
  assert.is(total, expected.totalItems, all);
  for (const name of await page.$$eval('ol.results li a', (as) => as.map((a) => a.textContent ?? '')))
    assert.match(name.toLowerCase(), /wind/);
  await page.selectOption('#filter-area', 'DE');
  await page.waitForFunction(() => location.search === '?q=wind&area=DE' && !document.querySelector('#results[aria-busy]'));
  const de = await new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl }).metadata.curves({ q: 'wind', area: 'DE' });
  assert.match(await status(), new RegExp(`^${de.totalItems} curve`));
  assert.ok(de.totalItems < expected.totalItems);
  const metas = await page.$$eval('ol.results li .meta', (ms) => ms.map((m) => m.textContent ?? ''));
  for (const m of metas) assert.match(m, /^DE/);
  axeViolations.push(...(await axe('catalogue')));
  await shot('catalogue');
  // only pages that chart load Vega
  assert.ok(requests.some((u) => /\/assets\/main-[A-Z0-9]+\.js$/.test(u)));
  assert.not.ok(
    requests.some((u) => u.includes('/assets/vega-view-')),
    requests.join('\n'),
  );
});

test('keyboard: Tab reaches the search field, typing searches, Enter on a result opens it', async () => {
  await page.goto(`${svc.url}/curves`);
  await page.waitForSelector('ol.results li a');
  await page.keyboard.press('Tab'); // skip link
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
  let guard = 0;
  while ((await page.evaluate(() => document.activeElement?.id)) !== 'search' && guard++ < 10) await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => document.activeElement?.id), 'search');
  await page.keyboard.type('wind de actual');
  await page.waitForFunction(() => location.search === '?q=wind+de+actual' && !document.querySelector('#results[aria-busy]'));
  await page.focus('ol.results li a');
  const name = await page.evaluate(() => document.activeElement?.textContent ?? '');
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelector('h1')?.textContent === n, name);
  await page.waitForSelector('#chart svg .mark-line path');
  assert.ok(
    requests.some((u) => u.includes('/assets/vega-view-')),
    'the curve page loads Vega',
  );
  await page.goBack();
  await page.waitForSelector('ol.results li a');
  await page.fill('#search', 'wind');
  await page.selectOption('#filter-area', 'DE');
  await page.waitForFunction(() => location.search === '?q=wind&area=DE' && !document.querySelector('#results[aria-busy]'));
});

test('catalogue: an answer for an older query never overwrites a newer one', async () => {
  // type fast: every keystroke starts a timer; only the last query's results may show
  await page.fill('#search', '');
  await page.type('#search', 'solar', { delay: 5 });
  await page.waitForFunction(() => location.search.startsWith('?q=solar') && !document.querySelector('#results[aria-busy]'));
  await page.waitForTimeout(400);
  for (const name of await page.$$eval('ol.results li a', (as) => as.map((a) => a.textContent ?? '')))
    assert.match(name.toLowerCase(), /solar/);
  await page.fill('#search', 'wind');
  await page.waitForFunction(() => location.search === '?q=wind&area=DE' && !document.querySelector('#results[aria-busy]'));
});

test('a curve page: h1, metadata, chart marks; frequency changes chart and URL; Back returns to the search', async () => {
  const name = 'DE Wind Power Production MWh/h 15min Actual';
  const link = page.locator('ol.results li a', { hasText: name });
  assert.is(await link.count(), 1, `${name} in the results`);
  await link.click();
  await page.waitForSelector('#chart svg .mark-line path');
  await page.waitForFunction(() => /^\d+ rows/.test(document.querySelector('#chart-note')?.textContent ?? ''));
  assert.is(await page.textContent('h1'), name);
  assert.is(new URL(page.url()).pathname, `/curves/${encodeURIComponent(name)}`);
  const meta = (await page.textContent('dl.curve-meta')) ?? '';
  for (const want of ['DE', 'MWh/h', 'PT15M', 'CET', 'TIMESERIES', 'ACTUAL']) assert.ok(meta.includes(want), `${want} in ${meta}`);
  const before = (await page.textContent('#chart-note')) ?? '';
  const rows15 = Number(/^(\d+) rows/.exec(before)?.[1]);
  assert.ok(rows15 >= 6 * 96, before);
  axeViolations.push(...(await axe('curve')));
  await shot('curve');
  await page.selectOption('#opt-frequency', 'P1D');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('frequency') === 'P1D');
  await page.waitForFunction(
    (n) => Number(/^(\d+) rows/.exec(document.querySelector('#chart-note')?.textContent ?? '')?.[1] ?? n) < n,
    rows15,
  );
  const after = (await page.textContent('#chart-note')) ?? '';
  const rowsDaily = Number(/^(\d+) rows/.exec(after)?.[1]);
  // the last 7 days in CET; between midnight in CET and in UTC the demo's actuals (which end the
  // day after its UTC anchor) still lack the newest CET day, so 6 full days
  assert.ok(rowsDaily >= 6 && rowsDaily <= 9, after);
  assert.ok(await page.$('#chart svg .mark-line path'));
  assert.match(
    (await page.textContent('#code-typescript')) ?? '',
    /client\.timeseries\.load\("DE Wind Power Production MWh\/h 15min Actual", \{ begin: "[\d-]+", end: "[\d-]+", frequency: "P1D" \}\)/,
  );
  await page.goBack();
  await page.waitForSelector('ol.results li a');
  assert.is(new URL(page.url()).search, '?q=wind&area=DE');
  assert.is(await page.inputValue('#search'), 'wind');
  assert.is(await page.inputValue('#filter-area'), 'DE');
});

test('an ensemble shows its band and mean', async () => {
  const client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl });
  const curves = await client.metadata.curves({ q: 'wind', area: 'DE', curveType: 'INSTANCE', pageSize: 50 });
  let found: { name: string; tag: string } | null = null;
  for (const c of curves) {
    const withScenarios = (await client.instances.list(c.name)).find((i) => i.scenarios > 0);
    if (withScenarios) {
      found = { name: c.name, tag: withScenarios.tag };
      break;
    }
  }
  assert.ok(found, 'a DE wind instance curve with an ensemble');
  await page.goto(`${svc.url}/curves/${encodeURIComponent(found!.name)}?tag=${found!.tag}`);
  await page.waitForSelector('#chart svg .mark-area path', { timeout: 30_000 });
  assert.ok(await page.$('#chart svg .mark-line path'), 'the mean line');
  assert.match((await page.textContent('#chart-note')) ?? '', /ensemble/);
  assert.ok((await page.$$('#instances-title ~ div tbody tr, section[aria-labelledby=instances-title] tbody tr')).length > 0);
  axeViolations.push(...(await axe('ensemble')));
  await shot('ensemble');
});

test('every curve type draws: scenarios, period instances (REMIT), OHLC forward curve, periods, daily series', async () => {
  const cases: [string, string][] = [
    ['DE Price Spot Long-term EUR/MWh M Scenario', '.mark-area.role-mark path'],
    ['DE @Datteln Hard Coal Power Capacity Available MW REMIT', '.mark-rule.role-mark line'],
    ['DE Futures Power Base EUR/MWh EEX OHLC', '.mark-rule.role-mark line'],
    ['DE Wind Power Installed MW Capacity', '.mark-rule.role-mark line'],
    ['Currency Rate EUR-USD USD/EUR ECB D Forex', '.mark-line.role-mark path'],
  ];
  for (const [name, marks] of cases) {
    await page.goto(`${svc.url}/curves/${encodeURIComponent(name)}`);
    await page.waitForFunction(
      () =>
        !document.querySelector('#chart[aria-busy]') &&
        /\d+ (row|contract)|No values/.test(document.querySelector('#chart-note')?.textContent ?? ''),
      null,
      { timeout: 30_000 },
    );
    assert.is(await page.textContent('.alert-area'), '', name);
    assert.ok(await page.$(`#chart svg ${marks}`), `${name}: ${await page.textContent('#chart-note')}`);
    assert.ok(((await page.textContent('#code-typescript')) ?? '').includes(`(${JSON.stringify(name)}`), `${name} in the notebook code`);
  }
  await shot('ohlc');
});

test('a price curve shows its full unit (unit and denominator) in the catalogue and on its page', async () => {
  const name = 'DE Price Spot EUR/MWh EPEX H Actual';
  await page.goto(`${svc.url}/curves?q=${encodeURIComponent('price spot')}&area=DE`);
  await page.waitForSelector('ol.results li a');
  const item = page.locator('ol.results li', { has: page.locator('a', { hasText: name }) });
  assert.is(await item.count(), 1, `${name} in the results`);
  assert.is(await item.locator('.meta').textContent(), 'DE · ACTUAL · PT1H · EUR/MWh · TIMESERIES');
  await item.locator('a').click();
  await page.waitForSelector('dl.curve-meta');
  const meta = (await page.textContent('dl.curve-meta')) ?? '';
  assert.match(meta, /Unit\s*EUR\/MWh/, meta);
  assert.is(await page.getAttribute('#opt-unit', 'placeholder'), 'EUR/MWh');
});

test('errors show on the page: unknown curve, bad URL parameters', async () => {
  await page.goto(`${svc.url}/curves/${encodeURIComponent('No Such Curve')}`);
  const alert = await page.waitForSelector('.alert-area .error');
  assert.match((await alert.textContent()) ?? '', /No Such Curve/);
  await shot('unknown-curve');
  await page.goto(`${svc.url}/curves/${encodeURIComponent('DE Wind Power Production MWh/h 15min Actual')}?frequency=FORTNIGHT`);
  const bad = await page.waitForSelector('.alert-area .error');
  assert.match((await bad.textContent()) ?? '', /frequency/i);
  await page.goto(`${svc.url}/curves?page=zero`);
  assert.match((await (await page.waitForSelector('.alert-area .error')).textContent()) ?? '', /page number/);
  await page.goto(`${svc.url}/no-such-page`);
  assert.is(await page.textContent('h1'), 'Page not found');
});

test('phone width: the catalogue and a curve page fit without sideways scrolling', async () => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${svc.url}/curves?q=wind&area=DE`);
  await page.waitForSelector('ol.results li a');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'catalogue fits');
  await shot('catalogue-phone');
  await page.goto(`${svc.url}/curves/${encodeURIComponent('DE Wind Power Production MWh/h 15min Actual')}`);
  await page.waitForSelector('#chart svg .mark-line path');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'curve page fits');
  axeViolations.push(...(await axe('curve-phone')));
  await shot('curve-phone');
  await page.setViewportSize({ width: 1200, height: 900 });
});

test('sign out forgets the key', async () => {
  await page.goto(`${svc.url}/curves`);
  await page.click('.account button');
  await page.waitForSelector('#api-key');
  assert.is(await page.evaluate(() => sessionStorage.getItem('service-console-api-key')), null);
});

test('a service that has gone shows as a message on the page', async () => {
  await page.goto(`${svc.url}/sign-in`);
  await page.fill('#api-key', svc.apiKey);
  await page.click('form.sign-in button[type=submit]');
  await page.waitForSelector('ol.results li a');
  await svc.close();
  await page.fill('#search', 'solar');
  const alert = await page.waitForSelector('.alert-area .error');
  assert.match((await alert.textContent()) ?? '', /The service did not answer/);
  assert.ok(await page.$('h1'), 'the page is still there');
  await shot('service-gone');
});

test('no page error or console error on any page; axe-core finds no serious or critical violation', () => {
  assert.equal(problems, []);
  assert.ok(expected.length >= 3, expected.join('\n'));
  for (const e of expected) assert.match(e, /(401|404) \(|ERR_CONNECTION_REFUSED/);
  assert.equal(axeViolations, []);
});

test.run();
