// test: own process: `serve` listens on a port
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main, type CliIO } from '../../../server/src/cli';
import { parseServe } from '../../../server/src/cli/serve';
import { hashApiKey } from '../../../server/src/auth';
import { DuckDbStore } from '../../../server/src/store';

interface Captured extends CliIO {
  lines: string[];
  errors: string[];
}

function capture(signal?: AbortSignal): Captured {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l), signal };
}

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'cli-test-'));
  dirs.push(d);
  return d;
}
test.after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function waitFor<T>(get: () => T | undefined, what: string, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('bad arguments: a clear message and exit status 2', async () => {
  const d = tempDir();
  const cases: [string[], RegExp][] = [
    [[], /No command given/],
    [['frobnicate'], /Unknown command "frobnicate"/],
    [['serve', '--port', 'x'], /--port must be an integer from 0 to 65535, got "x"/],
    [['serve', '--port', '70000'], /--port must be an integer/],
    [['serve', '--colour'], /Unknown option '--colour'/],
    [['serve', '--demo', 'huge'], /--demo must be small or full/],
    [['serve', '--anchor', '2024-02-30'], /--anchor must be a date YYYY-MM-DD/],
    [['serve', 'extra'], /positional/i],
    [['seed', '--data', d], /--demo is required/],
    [['seed', '--demo', 'small'], /--data is required/],
    [['seed', '--data', d, '--demo', 'small', '--seed=-1'], /--seed must be an integer/],
    [['seed', '--data', d, '--demo', 'small', '--seed', '-1'], /'--seed' argument is ambiguous/],
    [['keys'], /Unknown keys action ""/],
    [['keys', 'create', '--data', d], /--user is required/],
    [['keys', 'create', '--data', d, '--user', 'u', '--grant', 'power'], /--grant must look like package:area/],
    [['keys', 'block', '--data', d], /exactly one of/],
    [['keys', 'block', '--data', d, 'k1', '--user', 'u'], /exactly one of/],
  ];
  for (const [argv, message] of cases) {
    const io = capture();
    assert.is(await main(argv, io), 2, argv.join(' '));
    assert.match(io.errors[0]!, message, argv.join(' '));
    assert.match(io.errors[0]!, /^service: /);
    assert.match(io.errors[1]!, /service help/);
  }
  // nothing was created by refused commands
  assert.not.ok(existsSync(join(d, 'service.duckdb')));
});

test('serve --live turns the live demo mode on; it is off by default', () => {
  assert.is(parseServe(['--live']).live, true);
  assert.is(parseServe([]).live, false);
  assert.is(parseServe(['--port', '0', '--live', '--demo', 'small']).preset, 'small');
});

test('help prints the usage', async () => {
  const io = capture();
  assert.is(await main(['help'], io), 0);
  assert.match(io.lines.join('\n'), /serve\s+\[--host 127\.0\.0\.1\] \[--port 7070\]/);
});

test('keys create, list and block', async () => {
  const d = tempDir();
  const io = capture();
  assert.is(
    await main(
      [
        'keys',
        'create',
        '--data',
        d,
        '--user',
        'ada',
        '--name',
        'Ada L',
        '--grant',
        'power:DE',
        '--grant',
        'market:*',
        '--label',
        'laptop',
      ],
      io,
    ),
    0,
  );
  const key = io.lines[0];
  assert.match(key!, /^svc_/);
  assert.match(io.errors[0]!, /Created user ada; grants: power:DE, market:\*/);
  const second = capture();
  assert.is(await main(['keys', 'create', '--data', d, '--user', 'ada'], second), 0);
  assert.match(second.errors[0]!, /Added a key for user ada; grants: power:DE, market:\*/);

  const list = capture();
  assert.is(await main(['keys', 'list', '--data', d], list), 0);
  assert.is(list.lines.length, 3);
  assert.ok(
    list.lines.some(
      (l) => l.startsWith(hashApiKey(key!).slice(0, 12)) && l.includes('ada') && l.includes('active') && l.endsWith('laptop'),
    ),
  );
  assert.not.ok(list.lines.join('\n').includes(key!));

  assert.is(await main(['keys', 'block', '--data', d, key!], capture()), 0);
  assert.is(await main(['keys', 'block', '--data', d, '--hash', hashApiKey(second.lines[0]!).slice(0, 10), '--unblock'], capture()), 0);
  assert.is(await main(['keys', 'block', '--data', d, '--user', 'ada'], capture()), 0);
  const missing = capture();
  assert.is(await main(['keys', 'block', '--data', d, 'svc_unknown'], missing), 1);
  assert.match(missing.errors[0]!, /No such key/);

  const store = await DuckDbStore.open(d);
  const user = await store.getUser('ada');
  assert.equal(
    [user?.name, user?.blocked, user?.subscriptions],
    [
      'Ada L',
      true,
      [
        { package: 'power', area: 'DE' },
        { package: 'market', area: '*' },
      ],
    ],
  );
  assert.is((await store.findKey(hashApiKey(key!)))?.blocked, true);
  assert.is((await store.findKey(hashApiKey(second.lines[0]!)))?.blocked, false);
  await store.close();
});

test('serve listens, answers with a key and stops on request', async () => {
  const d = tempDir();
  const made = capture();
  await main(['keys', 'create', '--data', d, '--user', 'ada', '--grant', 'power:*'], made);
  const stop = new AbortController();
  const io = capture(stop.signal);
  const running = main(['serve', '--port', '0', '--data', d], io);
  const line = await waitFor(() => io.lines.find((l) => l.startsWith('Service API: ')), 'the API URL');
  const api = line.slice('Service API: '.length);
  assert.match(api, /^http:\/\/127\.0\.0\.1:\d+\/api$/);
  const res = await fetch(`${api}/user/`, { headers: { 'X-API-Key': made.lines[0]! } });
  assert.is(res.status, 200);
  assert.is(((await res.json()) as { name: string }).name, 'ada');
  assert.is((await fetch(`${api}/user/`)).status, 401);
  stop.abort();
  assert.is(await running, 0);
  // the port is closed and the store released
  await fetch(`${api}/user/`).then(
    () => assert.unreachable('still listening'),
    () => undefined,
  );
  const store = await DuckDbStore.open(d);
  await store.close();
});

test('serve --demo seeds an empty store once and writes the demo key', async () => {
  const d = tempDir();
  const stop = new AbortController();
  const io = capture(stop.signal);
  const running = main(['serve', '--port', '0', '--data', d, '--demo', 'small', '--anchor', '2025-01-15'], io);
  const api = (await waitFor(() => io.lines.find((l) => l.startsWith('Service API: ')), 'the API URL', 120_000)).slice(13);
  const keyLine = io.lines.find((l) => l.startsWith('Demo API key: ')) as string;
  const key = readFileSync(join(d, 'demo-api-key'), 'utf8').trim();
  assert.ok(keyLine.includes(key));
  assert.ok(io.errors.some((l) => /\] 100% \(\d+\/\d+\)/.test(l)));
  assert.ok(io.errors.some((l) => /Seeded the small demo dataset: \d+ curves/.test(l)));
  const res = await fetch(`${api}/user/`, { headers: { 'X-API-Key': key } });
  assert.is(res.status, 200);
  stop.abort();
  assert.is(await running, 0);
  // second start: no seeding, same key
  const again = new AbortController();
  const io2 = capture(again.signal);
  const second = main(['serve', '--port', '0', '--data', d, '--demo', 'small'], io2);
  await waitFor(() => io2.lines.find((l) => l.startsWith('Service API: ')), 'the API URL');
  assert.not.ok(io2.errors.some((l) => /Seeding/.test(l)));
  assert.ok(io2.lines.some((l) => l.includes(key)));
  again.abort();
  assert.is(await second, 0);
  // seed refuses a directory that already holds data
  const refused = capture();
  assert.is(await main(['seed', '--data', d, '--demo', 'small'], refused), 1);
  assert.match(refused.errors[0]!, /already holds data/);
});

test.run();
