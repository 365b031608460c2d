import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InitializationError, ValidationError } from '../../src/exceptions';
import { DEFAULT_API_URL, DEFAULT_RETRY, readApiKeyFile, resolveClientOptions, type ClientOptions } from '../../src/client/options';

const dir = mkdtempSync(join(tmpdir(), 'service-options-'));
function keyFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function initError(opts: ClientOptions, match: RegExp, env: NodeJS.ProcessEnv = {}): void {
  try {
    resolveClientOptions(opts, {}, env);
  } catch (err) {
    assert.instance(err, InitializationError);
    assert.match((err as InitializationError).reason, match);
    return;
  }
  assert.unreachable(`no InitializationError for ${JSON.stringify(opts)}`);
}

test('defaults of the default client', () => {
  const o = resolveClientOptions({ apiKey: 'abc' }, {}, {});
  assert.is(o.apiKey, 'abc');
  assert.is(o.sslVerify, true);
  assert.is(o.timeout, 20);
  assert.is(o.httpDelay, 0.0667);
  assert.is(o.apiUrl, 'http://127.0.0.1:7070/api');
  assert.is(o.apiUrl, DEFAULT_API_URL);
  assert.is(o.proxies, null);
  assert.equal({ ...o.retry }, { tries: 3, delay: 7.5, backoff: 2, maxRetryAfter: 60 });
  assert.is(o.authHeader, 'X-API-Key');
  assert.ok(Object.isFrozen(o));
});

test("compression 'auto' (the default): off for a service on this machine reached without a proxy, on otherwise", () => {
  const resolved = (apiUrl: string, more: ClientOptions = {}) => resolveClientOptions({ apiKey: 'k', apiUrl, ...more }, {}, {}).compression;
  for (const url of [
    'http://127.0.0.1:7070/api',
    'http://127.8.9.10/api',
    'http://localhost:7070/api',
    'http://svc.localhost/api',
    'http://[::1]:7070/api',
    'http://[::ffff:127.0.0.1]/api',
  ]) {
    assert.is(resolved(url), false, url);
    assert.is(resolved(url, { compression: 'auto' }), false, url);
    assert.is(resolved(url, { compression: true }), true, url);
  }
  for (const url of [
    'https://api.example.com/api',
    'http://10.0.0.7:7070/api',
    'http://128.0.0.1/api',
    'http://localhost.example.com/api',
    'http://[::2]/api',
  ]) {
    assert.is(resolved(url), true, url);
    assert.is(resolved(url, { compression: false }), false, url);
  }
  // through a proxy the answer crosses a network even when the URL names this machine
  assert.is(resolved('http://127.0.0.1:7070/api', { proxies: { http: 'http://proxy.example.com:3128' } }), true);
  assert.is(resolved('http://127.0.0.1:7070/api', { proxies: { https: 'http://proxy.example.com:3128' } }), false);
  initError({ apiKey: 'k', compression: 'yes' as never }, /compression must be true, false or 'auto', got yes/);
});

test('SERVICE_API_URL replaces the default URL, an explicit apiUrl wins', () => {
  const env = { SERVICE_API_URL: 'http://127.0.0.1:9999/api/' };
  assert.is(resolveClientOptions({ apiKey: 'k' }, {}, env).apiUrl, 'http://127.0.0.1:9999/api');
  assert.is(resolveClientOptions({ apiKey: 'k', apiUrl: 'https://example.test/x' }, {}, env).apiUrl, 'https://example.test/x');
  assert.is(resolveClientOptions({ apiKey: 'k' }, {}, { SERVICE_API_URL: '' }).apiUrl, DEFAULT_API_URL);
});

test('partner defaults: header, delay, required apiUrl', () => {
  const partner = { httpDelay: 0.1, authHeader: 'Ocp-Apim-Subscription-Key', requireApiUrl: true };
  const o = resolveClientOptions({ apiKey: 'k', apiUrl: 'http://127.0.0.1:7070/api/partner/de' }, partner, {
    SERVICE_API_URL: 'http://127.0.0.1:1/api',
  });
  assert.is(o.httpDelay, 0.1);
  assert.is(o.authHeader, 'Ocp-Apim-Subscription-Key');
  assert.is(o.apiUrl, 'http://127.0.0.1:7070/api/partner/de');
  assert.throws(
    () => resolveClientOptions({ apiKey: 'k' }, partner, { SERVICE_API_URL: 'http://x/api' }),
    (err: unknown) => err instanceof InitializationError && /apiUrl is required/.test(err.message),
  );
});

test('key file: blank lines and surrounding spaces stripped', () => {
  const path = keyFile('key1', '\n\n  secret-key-123  \r\n\n   \n');
  assert.is(readApiKeyFile(path), 'secret-key-123');
  assert.is(resolveClientOptions({ apiKeyFile: path }, {}, {}).apiKey, 'secret-key-123');
});

test('key file: empty, several keys or missing file -> InitializationError', () => {
  initError({ apiKeyFile: keyFile('empty', '\n  \n\n') }, /is empty/);
  initError({ apiKeyFile: keyFile('two', 'key-one\n\nkey-two\n') }, /only the key/);
  initError({ apiKeyFile: join(dir, 'does-not-exist') }, /Cannot read API key file/);
});

test('at most one of apiKey and apiKeyFile; with neither, SERVICE_API_KEY then SERVICE_API_KEY_FILE', () => {
  initError({}, /Set apiKey or apiKeyFile, or the environment variable SERVICE_API_KEY or SERVICE_API_KEY_FILE/);
  initError({ apiKey: 'k', apiKeyFile: keyFile('k', 'k') }, /only one of apiKey and apiKeyFile/);
  assert.is(resolveClientOptions({}, {}, { SERVICE_API_KEY: ' env-key ' }).apiKey, 'env-key');
  const file = keyFile('env-file', '\n file-key \n');
  assert.is(resolveClientOptions({}, {}, { SERVICE_API_KEY_FILE: file }).apiKey, 'file-key');
  assert.is(resolveClientOptions({}, {}, { SERVICE_API_KEY: 'a', SERVICE_API_KEY_FILE: file }).apiKey, 'a');
  assert.is(resolveClientOptions({ apiKey: 'given' }, {}, { SERVICE_API_KEY: 'a' }).apiKey, 'given');
  initError({}, /Cannot read API key file/, { SERVICE_API_KEY_FILE: join(dir, 'missing') });
  initError({ apiKey: '   ' }, /non-empty/);
  initError({ apiKey: 42 as unknown as string }, /non-empty string/);
});

test('timeout and httpDelay above 600 are a ValidationError that says seconds', () => {
  for (const name of ['timeout', 'httpDelay'] as const) {
    assert.is(resolveClientOptions({ apiKey: 'k', [name]: 600 }, {}, {})[name], 600);
    try {
      resolveClientOptions({ apiKey: 'k', [name]: 20000 }, {}, {});
      assert.unreachable('should throw');
    } catch (err) {
      assert.instance(err, ValidationError);
      assert.is((err as ValidationError).parameter, name);
      assert.match(
        (err as Error).message,
        new RegExp(`${name} is in seconds and must be at most 600 \\(10 minutes\\), got 20000; for 20000 ms write 20`),
      );
    }
  }
});

test('httpDelay minimum 0.05 s, positive timeout, http(s) URL', () => {
  initError({ apiKey: 'k', httpDelay: 0.049 }, /httpDelay must be a number at least 0.05/);
  assert.is(resolveClientOptions({ apiKey: 'k', httpDelay: 0.05 }, {}, {}).httpDelay, 0.05);
  initError({ apiKey: 'k', timeout: 0 }, /timeout/);
  initError({ apiKey: 'k', timeout: Number.NaN }, /timeout/);
  assert.is(resolveClientOptions({ apiKey: 'k', timeout: 0.25 }, {}, {}).timeout, 0.25);
  initError({ apiKey: 'k', apiUrl: 'ftp://x/api' }, /apiUrl/);
  initError({ apiKey: 'k', apiUrl: '127.0.0.1:7070/api' }, /apiUrl/);
  initError({ apiKey: 'k', sslVerify: 'no' as unknown as boolean }, /sslVerify/);
  initError({ apiKey: 'k', authHeader: 'X Key' }, /authHeader/);
});

test('retry: partial options keep the other defaults; bad values refused', () => {
  const o = resolveClientOptions({ apiKey: 'k', retry: { delay: 0.01 } }, {}, {});
  assert.equal({ ...o.retry }, { ...DEFAULT_RETRY, delay: 0.01 });
  initError({ apiKey: 'k', retry: { tries: 0 } }, /retry.tries/);
  initError({ apiKey: 'k', retry: { tries: 1.5 } }, /retry.tries/);
  initError({ apiKey: 'k', retry: { delay: -1 } }, /retry.delay/);
  initError({ apiKey: 'k', retry: { backoff: 0.5 } }, /retry.backoff/);
});

test('proxies: URLs per scheme, validated', () => {
  const o = resolveClientOptions({ apiKey: 'k', proxies: { HTTP: 'http://10.0.0.1:3128', https: 'http://10.0.0.1:1080' } }, {}, {});
  assert.equal({ ...o.proxies }, { http: 'http://10.0.0.1:3128', https: 'http://10.0.0.1:1080' });
  initError({ apiKey: 'k', proxies: { http: 'not a url' } }, /proxies.http/);
});

test('SERVICE_CACHE_DIR / SERVICE_CACHE_MODE give the cache when the options name none', () => {
  const env = { SERVICE_CACHE_DIR: '/tmp/answers', SERVICE_CACHE_MODE: 'offline' };
  assert.equal(resolveClientOptions({ apiKey: 'abc' }, {}, env).cache, {
    dir: '/tmp/answers',
    maxBytes: 256 * 1024 * 1024,
    mode: 'offline',
  });
  assert.is(resolveClientOptions({ apiKey: 'abc' }, {}, { SERVICE_CACHE_DIR: '/tmp/answers' }).cache?.mode, 'revalidate');
  const recording = { SERVICE_CACHE_DIR: '/tmp/answers', SERVICE_CACHE_MODE: 'record' };
  assert.is(resolveClientOptions({ apiKey: 'abc' }, {}, recording).cache?.mode, 'record');
  assert.is(resolveClientOptions({ apiKey: 'abc', cache: false }, {}, env).cache, null, 'an explicit option wins');
  assert.is(resolveClientOptions({ apiKey: 'abc' }, {}, {}).cache, null);
  assert.throws(
    () => resolveClientOptions({ apiKey: 'abc' }, {}, { SERVICE_CACHE_DIR: '/tmp/a', SERVICE_CACHE_MODE: 'sometimes' }),
    /cache\.mode must be 'revalidate', 'record' or 'offline', got sometimes/,
  );
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test.run();
