// The web console's serving (server/src/console/console-files.ts): index page at `/` and at the console's
// page paths, hashed assets with a year of caching, precompressed answers, the security headers on
// every console answer, the API and partner paths untouched, `--no-console`, and a clear 404 when
// the console was not built. The console is built from the current sources into a temporary folder.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseServe } from '../../../server/src/cli/serve';
import { CONSOLE_CSP } from '../../../server/src/console/console-files';
import { buildConsole } from '../../helpers/project-scripts';
import { startService, type StartedService } from '../../helpers/start-service';

const out = mkdtempSync(join(tmpdir(), 'service-console-serve-'));
let svc: StartedService;
let off: StartedService;
let unbuilt: StartedService;

test.before(async () => {
  await buildConsole(out);
  svc = await startService({ console: { dir: out } });
  off = await startService({ console: false });
  unbuilt = await startService({ console: { dir: join(out, 'not-there') } });
});

test.after(async () => {
  await Promise.all([svc?.close(), off?.close(), unbuilt?.close()]);
  rmSync(out, { recursive: true, force: true });
});

function assertSecurityHeaders(res: Response, what: string): void {
  assert.is(res.headers.get('content-security-policy'), CONSOLE_CSP, what);
  assert.is(res.headers.get('x-content-type-options'), 'nosniff', what);
  assert.is(res.headers.get('referrer-policy'), 'no-referrer', what);
}

test('the policy forbids inline script, eval and framing', () => {
  const directives = new Map(CONSOLE_CSP.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
  assert.is(directives.get('default-src'), "'none'");
  assert.is(directives.get('script-src'), "'self'");
  assert.is(directives.get('style-src'), "'self'");
  assert.is(directives.get('frame-ancestors'), "'none'");
  assert.not.ok(CONSOLE_CSP.includes('unsafe'));
});

test('/ and the page paths answer with the index page, never cached stale, with the security headers', async () => {
  for (const path of ['/', '/curves', '/curves?q=wind&area=DE&page=2', `/curves/${encodeURIComponent('DE Wind Power/x')}`, '/sign-in']) {
    const res = await fetch(`${svc.url}${path}`);
    assert.is(res.status, 200, path);
    assert.is(res.headers.get('content-type'), 'text/html; charset=utf-8', path);
    assert.is(res.headers.get('cache-control'), 'no-cache', path);
    assertSecurityHeaders(res, path);
    const html = await res.text();
    assert.match(html, /<script type="module" src="\/assets\/main-[A-Z0-9]+\.js"><\/script>/);
    assert.not.match(html, /<script>|<script type="module">|style=/, 'no inline script or style');
  }
});

test('hashed assets: a year of caching, Brotli or gzip as asked, the same bytes decompressed', async () => {
  const names = readdirSync(join(out, 'assets')).filter((n) => /\.(js|css)$/.test(n));
  assert.ok(names.some((n) => /^main-[A-Z0-9]+\.js$/.test(n)));
  for (const name of names) {
    const plain = await fetch(`${svc.url}/assets/${name}`, { headers: { 'accept-encoding': 'identity' } });
    assert.is(plain.status, 200);
    assert.is(plain.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.is(plain.headers.get('content-encoding'), null);
    assert.match(plain.headers.get('content-type') ?? '', name.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
    assertSecurityHeaders(plain, name);
    const body = Buffer.from(await plain.arrayBuffer());
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      // node's fetch decodes bodies itself; ask through a raw request to see the bytes as sent
      const raw = await rawGet(`${svc.url}/assets/${name}`, encoding);
      assert.is(raw.headers['content-encoding'], encoding, `${name} ${encoding}`);
      assert.ok(raw.body.length < body.length, `${name} ${encoding} is smaller`);
      assert.ok(decode(raw.body).equals(body), `${name} ${encoding} decodes to the file`);
    }
  }
  assert.is((await fetch(`${svc.url}/assets/main-NOPE.js`)).status, 404);
});

async function rawGet(url: string, encoding: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

test('the API and the partner mounts are unchanged: their unknown paths are JSON 404s, not the console', async () => {
  for (const path of ['/api/nope/', '/api', '/partner/nope/x']) {
    const res = await fetch(`${svc.url}${path}`);
    assert.ok(res.status === 404 || res.status === 401, `${path}: ${res.status}`);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/, path);
    assert.is(res.headers.get('content-security-policy'), null, path);
  }
  // too long a curve name is still the API's 400, not a console page
  const long = await fetch(`${svc.apiUrl}/timeseries/${'x'.repeat(2100)}/`, { headers: { 'x-api-key': svc.apiKey } });
  assert.is(long.status, 400);
  assert.is((await fetch(`${svc.url}/curves`, { method: 'POST' })).status, 404, 'only GET and HEAD get the console');
  const user = await fetch(`${svc.apiUrl}/user/`, { headers: { 'x-api-key': svc.apiKey } });
  assert.is(user.status, 200);
  assert.is(user.headers.get('content-security-policy'), null);
  assert.is((await fetch(`${svc.url}/health`)).status, 200);
});

test('without the console (--no-console), / is a 404 and the API still answers', async () => {
  const res = await fetch(`${off.url}/`);
  assert.is(res.status, 404);
  assert.is((await fetch(`${off.url}/curves`)).status, 404);
  assert.is((await fetch(`${off.apiUrl}/user/`, { headers: { 'x-api-key': off.apiKey } })).status, 200);
  assert.is(parseServe(['--no-console']).console, false);
  assert.is(parseServe([]).console, true);
});

test('a console that was not built answers 404 saying so', async () => {
  const res = await fetch(`${unbuilt.url}/`);
  assert.is(res.status, 404);
  assert.match(((await res.json()) as { message: string }).message, /web console is not built: run npm run build/);
});

test.run();
