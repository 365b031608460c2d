// The client in a real browser (docs/client.md#browser-use): the public entry bundled for browsers,
// served with a page from a loopback server of its own (another origin than the service's), loads
// from the demo service that allows that origin (`--cors-origin`) in headless chromium
// (scripts/jupyter/report-browser.mjs). The page searches curves (paging headers read across
// origins), loads a time series twice (JSON, then Arrow once the service offered it), sees a
// wrong key as UnauthorizedError, and a Node-only option as InitializationError; no page error,
// no console error.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleForBrowser } from '../helpers/browser-bundle';
import { openBrowser, type TestBrowser } from '../helpers/project-scripts';
import { startService, type StartedService } from '../helpers/start-service';

const root = join(__dirname, '..', '..');
const PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>client</title><link rel="icon" href="data:,"></head><body><script src="/client.js"></script></body></html>';

let svc: StartedService;
let pages: Server;
let origin: string;
let browser: TestBrowser;

test.before(async () => {
  const bundle = await bundleForBrowser(join(root, 'src', 'index.ts'), { format: 'iife', globalName: 'service', minify: true });
  assert.equal(bundle.builtins, []);
  pages = createServer((req, res) => {
    if (req.url === '/client.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle.code);
    else if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  svc = await startService({ demo: { preset: 'small', anchor: '2025-01-15' }, corsOrigins: [origin] });
  browser = await openBrowser();
});

test.after(async () => {
  await browser?.close();
  await svc?.close();
  await new Promise((resolve) => pages?.close(resolve));
});

// The page's side, as plain JavaScript (tsx would add helpers to a function passed as code).
const IN_PAGE = `async ({ apiUrl, apiKey }) => {
      const s = window.service;
      const seen = [];
            const client = new s.ServiceClient({ apiKey, apiUrl, cache: true, onResponse(info) { seen.push({ path: info.path, status: info.status, etag: info.etag, fromCache: info.fromCache }); } });
      const found = await client.metadata.curves({ q: 'de wind', dataType: 'ACTUAL', frequency: 'PT15M', pageSize: 2 });
      const curve = found[0];
      const begin = '2025-01-13';
      const end = '2025-01-14';
      const first = await client.timeseries.load(curve, { begin, end });
      const again = await client.timeseries.load(curve, { begin, end });
      const hourly = await client.timeseries.load(curve, { begin, end, frequency: 'PT1H', function: 'AVERAGE' });
      const arrow = await new s.ServiceClient({ apiKey, apiUrl, transport: 'arrow' }).timeseries.load(curve, { begin, end });
      let wrong = '';
      try {
        await new s.ServiceClient({ apiKey: 'not-a-key', apiUrl }).user.user();
      } catch (err) {
        wrong = \`\${err instanceof s.UnauthorizedError}: \${err.message}\`;
      }
      let fileKey = '';
      try {
        new s.ServiceClient({ apiKeyFile: '/etc/key', apiUrl });
      } catch (err) {
        fileKey = \`\${err instanceof s.InitializationError}: \${err.message}\`;
      }
      return {
        curve: curve.name,
        total: found.totalItems,
        pageSize: found.length,
        first: { length: first.length, frequency: String(first.resolution.frequency), values: Array.from(first.values) },
        again: Array.from(again.values),
        arrow: Array.from(arrow.values),
        hourly: { length: hourly.length, frequency: String(hourly.resolution.frequency) },
        seen,
        wrong,
        fileKey,
      };
}`;

interface LoadResult {
  curve: string;
  total: number;
  pageSize: number;
  first: { length: number; frequency: string; values: number[] };
  again: number[];
  arrow: number[];
  hourly: { length: number; frequency: string };
  seen: { path: string; status: number | null; etag: string | null; fromCache: boolean }[];
  wrong: string;
  fileKey: string;
}

test('a bundled client loads from the service in chromium', async () => {
  const page = await browser.context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  await page.goto(`${origin}/`);
  const result: LoadResult = await page.evaluate(`(${IN_PAGE})(${JSON.stringify({ apiUrl: svc.apiUrl, apiKey: svc.apiKey })})`);
  await page.close();
  // the wrong key's 401 is the one failed load chromium reports
  assert.equal(problems, ['console error: Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
  assert.match(result.curve, /^DE Wind .*Actual$/);
  assert.ok(result.total >= 1, 'X-Total-Items read across origins');
  assert.is(result.pageSize, Math.min(2, result.total));
  // 2025-01-13 in Europe/Berlin: 24 hours of quarter hours, then hourly averages
  assert.is(result.first.length, 96);
  assert.is(result.first.frequency, 'PT15M');
  assert.ok(result.first.values.every((v) => typeof v === 'number'));
  assert.is(result.hourly.length, 24);
  assert.is(result.hourly.frequency, 'PT1H');
  // the same values through Arrow (flechette in the browser) and through the cache's revalidation
  assert.equal(result.arrow, result.first.values);
  assert.equal(result.again, result.first.values);
  // ETag read across origins, If-None-Match sent across origins: the second load was a 304
  const loads = result.seen.filter((r) => r.path.startsWith('/timeseries/'));
  assert.is(loads.length, 3);
  assert.ok(
    loads.every((r) => r.etag !== null),
    'ETag exposed',
  );
  assert.equal(
    loads.map((r) => [r.status, r.fromCache]),
    [
      [200, false],
      [304, true],
      [200, false],
    ],
  );
  assert.match(result.wrong, /^true: .*Invalid API key/);
  assert.match(result.fileKey, /^true: Cannot read API key file \/etc\/key: apiKeyFile needs Node\.js/);
});

// The push feed from the page: the browser's own WebSocket, the key as a subprotocol.
const FEED_IN_PAGE = `async ({ apiUrl, apiKey, curve }) => {
  const s = window.service;
  const client = new s.ServiceClient({ apiKey, apiUrl });
  const feed = await client.events.connect();
  await feed.subscribe({ curveNames: curve });
  window.feedReady = true;
  const first = await feed.next({ timeout: 20 });
  await feed.close();
  let refused = '';
  try {
    await new s.ServiceClient({ apiKey: 'svc_wrong', apiUrl }).events.connect();
  } catch (err) {
    refused = String(err instanceof s.WebSocketsError) + ': ' + err.message;
  }
  return { kind: first && first.constructor && first.id ? 'curve event' : String(first), id: first && first.id, curve: first && first.curve && first.curve.name, refused };
}`;

test('the bundled client gets a curve event from the push feed in chromium', async () => {
  const page = await browser.context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  const curve = (await svc.store.searchCurves({ q: 'de wind', dataType: 'ACTUAL', frequency: 'PT15M' })).items[0]!;
  await page.goto(`${origin}/`);
  const pending = page.evaluate(`(${FEED_IN_PAGE})(${JSON.stringify({ apiUrl: svc.apiUrl, apiKey: svc.apiKey, curve: curve.name })})`);
  await page.waitForFunction('window.feedReady === true', null, { timeout: 20_000 });
  const at = Date.UTC(2025, 0, 14, 12);
  const imported = await svc.store.importBatch({
    series: [
      {
        curve: curve.name,
        issued: null,
        tag: null,
        times: new Float64Array([at]),
        values: new Float64Array([42]),
        scenarios: [],
        scenarioNames: [],
      },
    ],
  });
  const result = (await pending) as { kind: string; id: string; curve: string; refused: string };
  await page.close();
  assert.equal(problems, []);
  assert.is(result.kind, 'curve event');
  assert.is(result.id, imported.events[0]!.id);
  assert.is(result.curve, curve.name);
  // a browser does not see the 401 of a refused handshake: the failure has no HTTP status
  assert.match(result.refused, /^true: Failed to connect/);
});

test.run();
