// SERVICE_REQUEST_LOG: a client made without its own onResponse hook appends one JSON line per
// request (path, status, from the cache or not, the answer's ETag) to the file it names; a client
// with its own hook, or without the variable, writes nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceClient } from '../../src/client';
import { NotFoundError } from '../../src/exceptions';
import { startService, type StartedService } from '../helpers/start-service';

let svc: StartedService;
let dir: string;

test.before(async () => {
  svc = await startService({ demo: { preset: 'small', anchor: '2025-01-15' }, rateLimit: false });
  dir = mkdtempSync(join(tmpdir(), 'request-log-'));
});

test.after(async () => {
  delete process.env.SERVICE_REQUEST_LOG;
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

const client = (extra: Partial<ConstructorParameters<typeof ServiceClient>[0]> = {}) =>
  new ServiceClient({ apiUrl: svc.apiUrl, apiKey: svc.apiKey, httpDelay: 0.05, retry: { tries: 1 }, ...extra });

test('one line per request: path, status, fromCache and the ETag (null for an error answer)', async () => {
  const file = join(dir, 'a.jsonl');
  process.env.SERVICE_REQUEST_LOG = file;
  const c = client();
  await c.metadata.categories();
  const err = await c.metadata.curve('DE Nothing MWh/h H Actual').catch((e: unknown) => e);
  assert.ok(err instanceof NotFoundError);
  const lines = readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.is(lines.length, 2);
  assert.equal(Object.keys(lines[0]), ['path', 'status', 'fromCache', 'etag']);
  assert.equal([lines[0].path, lines[0].status, lines[0].fromCache], ['/metadata/categories/', 200, false]);
  assert.match(lines[0].etag, /^"[A-Za-z0-9_-]{27}(-(gzip|br|zstd))?"$/);
  assert.equal(lines[1], { path: '/metadata/curves/DE%20Nothing%20MWh%2Fh%20H%20Actual/', status: 404, fromCache: false, etag: null });
});

test("a client's own onResponse hook replaces the log; without the variable nothing is written", async () => {
  const file = join(dir, 'b.jsonl');
  process.env.SERVICE_REQUEST_LOG = file;
  const seen: string[] = [];
  await client({ onResponse: (info) => seen.push(info.path) }).metadata.categories();
  assert.equal(seen, ['/metadata/categories/']);
  delete process.env.SERVICE_REQUEST_LOG;
  await client().metadata.categories();
  assert.throws(() => readFileSync(file), /ENOENT/);
});

test.run();
