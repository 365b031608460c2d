// The console's Import, Live and Keys pages in a real browser (Debian's chromium through
// playwright-core, launched as the report tests do), against the service with the small demo and
// the console built from the current sources into a temporary folder: import a small CSV and
// open its curve; a bad CSV shows its problems with file and line and nothing is written; the
// live page shows the event of an import, and after a dropped connection every event exactly
// once; the administrator creates a key, uses it, blocks it (401) and unblocks it; another key
// sees no Import or Keys page and gets 403 from the key routes. No page error, no console error
// (a Content-Security-Policy violation is one) and no serious or critical axe-core violation on
// any of these pages. Screenshots go to tmp/console-screenshots/ (ignored by git).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildConsole, openBrowser, type TestBrowser } from '../helpers/project-scripts';
import { addUser, startService, type StartedService } from '../helpers/start-service';
import { startWsFaultProxy, type WsFaultProxy } from '../helpers/ws-fault-proxy';

const root = resolve(__dirname, '..', '..');
const shots = join(root, 'tmp', 'console-screenshots');
const out = mkdtempSync(join(tmpdir(), 'service-console-pages-'));
const AXE = readFileSync(join(root, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

const NEW_CURVE = 'DE Console Import Test MWh/h H Actual';
const BAD_CURVE = 'DE Console Bad Import MWh/h H Actual';
const CURVES_CSV = `name,curve_type,data_type,frequency,timezone,unit,area,categories\n${NEW_CURVE},TIMESERIES,ACTUAL,PT1H,CET,MWh/h,DE,Wind Power Production\n`;
const VALUES_CSV = `curve,date,value\n${NEW_CURVE},2025-01-14 00:00,512.5\n${NEW_CURVE},2025-01-14 01:00,530\n${NEW_CURVE},2025-01-14 02:00,\n`;
// line 3: not a step start of PT1H; line 4: not a number
const BAD_CSV = `curve,date,value\n${BAD_CURVE},2025-01-14 00:00,1\n${BAD_CURVE},2025-01-14 00:30,2\n${BAD_CURVE},2025-01-14 02:00,abc\n`;
const BAD_CURVES_CSV = `name,curve_type,data_type,frequency,timezone,unit,area\n${BAD_CURVE},TIMESERIES,ACTUAL,PT1H,CET,MWh/h,DE\n`;

let svc: StartedService;
let proxy: WsFaultProxy;
let browser: TestBrowser;
let page: Page;
let admin: string;
const problems: string[] = [];
const axeViolations: string[] = [];

test.before(async () => {
  await buildConsole(out);
  svc = await startService({ demo: { preset: 'small', anchor: '2025-01-15' }, console: { dir: out } });
  admin = await addUser(svc.store, 'admin', { name: 'Admin' });
  proxy = await startWsFaultProxy(Number(new URL(svc.url).port));
  browser = await openBrowser();
  page = await browser.context.newPage();
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    // the browser logs the answers refused on purpose (the blocked key is used from Node, not here)
    if (/^Failed to load resource: the server responded with a status of 400/.test(msg.text())) return;
    // a feed connection cut by the proxy is logged by the browser as it reconnects
    if (/WebSocket connection to .* failed/.test(msg.text())) return;
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()} (${page.url()})`);
  });
  mkdirSync(shots, { recursive: true });
});

test.after(async () => {
  await browser?.close();
  await proxy?.close();
  await svc?.close().catch(() => undefined);
  rmSync(out, { recursive: true, force: true });
});

async function axe(name: string): Promise<void> {
  // through the DevTools protocol, which the page's CSP does not govern (the page itself may not eval)
  await page.evaluate(`${AXE}\n;0`);
  const found = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) })))`,
  )) as { id: string; impact: string; nodes: string[] }[];
  axeViolations.push(
    ...found
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${name}: ${v.id} (${v.impact}) at ${v.nodes.join(', ')}`),
  );
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

async function signIn(base: string, key: string): Promise<void> {
  await page.goto(`${base}/sign-in`);
  await page.fill('#api-key', key);
  await page.click('form.sign-in button[type=submit]');
  await page.waitForSelector('ol.results li a');
}

/** Waits until an element's text matches (polled from here: the page's CSP forbids the evaluated predicates of waitForFunction). */
async function waitForText(selector: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  let text = '';
  while (Date.now() < until) {
    text = (await page.textContent(selector, { timeout: timeoutMs }).catch(() => null)) ?? '';
    if (pattern.test(text)) return text;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${selector}: ${JSON.stringify(text)} does not match ${pattern} after ${timeoutMs} ms`);
}

const navLinks = async (): Promise<string[]> => page.$$eval('header nav a', (as) => as.map((a) => a.textContent ?? ''));

async function api(path: string, key: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${svc.apiUrl}${path}`, {
    ...init,
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
  return { status: res.status, body: await res.json() };
}

test('the administrator sees Import, Live and Keys', async () => {
  await signIn(svc.url, admin);
  const links = await navLinks();
  for (const name of ['Import', 'Live', 'Keys']) assert.ok(links.includes(name), links.join(', '));
});

test('live: an import shows as an event', async () => {
  await page.goto(`${svc.url}/live`);
  await waitForText('#live-status', /^Listening/);
  const answer = await api('/import/', admin, {
    method: 'POST',
    body: JSON.stringify({
      files: [
        { name: 'curves.csv', text: CURVES_CSV },
        { name: 'values.csv', text: VALUES_CSV },
      ],
    }),
  });
  assert.is(answer.status, 200);
  const row = await page.waitForSelector(`#live-events tr[data-event-id="${answer.body.last_event_id}"]`);
  assert.match((await row.textContent()) ?? '', new RegExp(NEW_CURVE));
  await axe('live');
});

test('import: files picked go in one import; the answer links to the curves; a link opens the curve', async () => {
  await page.goto(`${svc.url}/import`);
  await page.setInputFiles('#import-files', [
    { name: 'curves.csv', mimeType: 'text/csv', buffer: Buffer.from(CURVES_CSV) },
    { name: 'values.csv', mimeType: 'text/csv', buffer: Buffer.from(VALUES_CSV.replace(/2025-01-14/g, '2025-01-13')) },
  ]);
  await page.click('form.import button[type=submit]');
  await page.waitForSelector('.import-result');
  const text = (await page.textContent('.import-result')) ?? '';
  assert.match(text, /^Imported/);
  assert.match(text, /Values\s*3/);
  await axe('import-done');
  await page.click(`.import-result a[href="/curves/${encodeURIComponent(NEW_CURVE)}"]`);
  await waitForText('main h1', new RegExp(`^${NEW_CURVE}$`));
  // 2025-01-13 00:00 to 03:00 in CET (the third value was empty)
  const stored = await svc.store.readSeries(NEW_CURVE, { begin: Date.UTC(2025, 0, 12, 23), end: Date.UTC(2025, 0, 13, 2) });
  assert.equal(Array.from(stored.values ?? []), [512.5, 530, Number.NaN]);
});

test('import: a bad CSV dropped on the page lists every problem with file and line; nothing is written', async () => {
  await page.goto(`${svc.url}/import`);
  await page.waitForSelector('#import-drop');
  await page.evaluate(`(() => {
    const dt = new DataTransfer();
    dt.items.add(new File([${JSON.stringify(BAD_CURVES_CSV)}], 'curves.csv', { type: 'text/csv' }));
    dt.items.add(new File([${JSON.stringify(BAD_CSV)}], 'bad.csv', { type: 'text/csv' }));
    document.querySelector('#import-drop').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  })()`);
  assert.match((await page.textContent('#import-chosen')) ?? '', /curves\.csv.*bad\.csv/);
  await page.click('form.import button[type=submit]');
  await page.waitForSelector('.import-problems');
  const items = await page.$$eval('.import-problems li', (lis) => lis.map((li) => li.textContent ?? ''));
  assert.ok(
    items.some((t) => t.startsWith('bad.csv:3 ')),
    items.join('\n'),
  );
  assert.ok(
    items.some((t) => t.startsWith('bad.csv:4 ')),
    items.join('\n'),
  );
  assert.match((await page.textContent('.import-problems h2')) ?? '', /Nothing was imported/);
  assert.is(await svc.store.getCurve(BAD_CURVE), null, 'nothing written');
  await axe('import-problems');
});

test('keys: create a key (secret shown once), use it, block it (401), unblock it', async () => {
  await page.goto(`${svc.url}/keys`);
  await page.waitForSelector('#keys-rows tr');
  await axe('keys');
  await page.fill('#key-user', 'ana');
  await page.fill('#key-label', 'laptop');
  await page.fill('#key-name', 'Ana');
  await page.fill('#key-grants', 'power:DE gas:*');
  await page.click('form.key-form button[type=submit]');
  const secret = ((await (await page.waitForSelector('#key-secret-value')).textContent()) ?? '').trim();
  assert.match(secret, /^svc_/);
  const me = await api('/user/', secret);
  assert.is(me.status, 200);
  assert.is(me.body.name, 'Ana');
  // the list shows the key, never its secret
  const row = page.locator('#keys-rows tr', { hasText: 'laptop' });
  await row.locator('button', { hasText: 'Block' }).click();
  assert.not.ok(((await page.textContent('#keys-rows')) ?? '').includes(secret));
  await waitForText('#keys-status', /is blocked\.$/);
  assert.is((await api('/user/', secret)).status, 401);
  await row.locator('button', { hasText: 'Unblock' }).click();
  await waitForText('#keys-status', /is active\.$/);
  assert.is((await api('/user/', secret)).status, 200);
  await axe('keys-created');
});

test('live: after a dropped connection every event arrives once (through a proxy that cuts it)', async () => {
  await signIn(proxy.url, admin);
  await page.goto(`${proxy.url}/live?curve=${encodeURIComponent(NEW_CURVE)}`);
  await waitForText('#live-status', /^Listening/);
  const write = async (hour: number) => {
    const at = Date.UTC(2025, 0, 15, hour);
    return (
      await svc.store.importBatch({
        series: [
          {
            curve: NEW_CURVE,
            issued: null,
            tag: null,
            times: new Float64Array([at]),
            values: new Float64Array([hour]),
            scenarios: [],
            scenarioNames: [],
          },
        ],
      })
    ).events[0]!.id;
  };
  const ids = [await write(1)];
  await page.waitForSelector(`#live-events tr[data-event-id="${ids[0]}"]`);
  proxy.dropAll();
  await waitForText('#live-status', /^Connection lost/);
  ids.push(await write(2), await write(3)); // while the page is disconnected
  await waitForText('#live-status', /^Listening/, 30_000);
  ids.push(await write(4));
  await page.waitForSelector(`#live-events tr[data-event-id="${ids[3]}"]`);
  const shown = await page.$$eval('#live-events tr', (trs) => trs.map((tr) => tr.getAttribute('data-event-id')));
  assert.equal(shown, [...ids].reverse(), 'each event once, newest first');
});

test('another key: no Import or Keys page, and 403 from the key routes', async () => {
  await page.click('header .account button');
  await signIn(svc.url, svc.apiKey);
  const links = await navLinks();
  assert.not.ok(links.includes('Keys') || links.includes('Import'), links.join(', '));
  assert.ok(links.includes('Live'));
  await page.goto(`${svc.url}/keys`);
  await waitForText('main h1', /^Page not found$/);
  await page.goto(`${svc.url}/import`);
  await waitForText('main h1', /^Page not found$/);
  const refused = await api('/keys/', svc.apiKey);
  assert.is(refused.status, 403);
  assert.match(refused.body.message, /administrator/);
  assert.is((await api('/keys/', svc.apiKey, { method: 'POST', body: JSON.stringify({ user: 'x', grants: ['*:*'] }) })).status, 403);
});

test('no page error, no console error, no serious or critical axe-core violation', () => {
  assert.equal(problems, []);
  assert.equal(axeViolations, []);
});

test.run();
