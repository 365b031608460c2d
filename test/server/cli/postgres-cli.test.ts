// The commands with `--store postgres://...` against a throwaway PostgreSQL server: two `serve`
// nodes on one database, keys created and blocked and files imported with the nodes running, each
// taking effect on both nodes at once.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main, type CliIO } from '../../../server/src/cli';
import { parseImport } from '../../../server/src/cli/import';
import { parseSeed } from '../../../server/src/cli/seed';
import { parseServe } from '../../../server/src/cli/serve';
import { startPostgres, type PostgresServer } from '../../helpers/postgres-server';

interface Captured extends CliIO {
  lines: string[];
  errors: string[];
}

function capture(signal?: AbortSignal): Captured {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l), signal };
}

async function waitFor<T>(get: () => T | undefined, what: string, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let server: PostgresServer;
const dir = mkdtempSync(join(tmpdir(), 'cli-pg-'));
test.before(async () => {
  server = await startPostgres();
});
test.after(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('--store takes a postgres:// URL and excludes --data and --url', async () => {
  assert.is(parseServe(['--store', 'postgres://svc@db/service']).store, 'postgres://svc@db/service');
  assert.is(parseServe(['--store', 'postgres://svc@db/service']).data, '');
  assert.is(parseSeed(['--store', 'postgresql://db/s', '--demo', 'small']).store, 'postgresql://db/s');
  assert.is(parseImport(['--store', 'postgres://db/s', 'a.csv']).store, 'postgres://db/s');
  for (const [args, pattern] of [
    [['serve', '--store', 'mysql://db/s'], /--store must be a postgres:\/\/ URL, got "mysql:\/\/db\/s"/],
    [['seed', '--store', 'postgres://db/s', '--data', 'd', '--demo', 'small'], /Give either --data or --store, not both/],
    [['import', '--store', 'postgres://db/s', '--url', 'http://x/api', '--key', 'k', 'a.csv'], /Give either --store or --url, not both/],
    [['keys', 'list', '--store', ''], /--store must be a postgres:\/\/ URL/],
  ] as const) {
    const io = capture();
    assert.is(await main([...args], io), 2, args.join(' '));
    assert.match(io.errors.join('\n'), pattern);
  }
  const unreachable = capture();
  assert.is(await main(['keys', 'list', '--store', 'postgres://postgres:secret@127.0.0.1:1/none'], unreachable), 1);
  assert.match(unreachable.errors.join('\n'), /Cannot open the store at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/none/);
  assert.not.match(unreachable.errors.join('\n'), /secret/);
});

test('two serve nodes on one database: keys and imports through the CLI take effect on both at once', async () => {
  const url = await server.createDatabase();
  const made = capture();
  assert.is(await main(['keys', 'create', '--store', url, '--user', 'ada', '--grant', '*:*'], made), 0);
  const key = made.lines[0]!;
  const stops = [new AbortController(), new AbortController()];
  const ios = stops.map((s) => capture(s.signal));
  const running = ios.map((io) => main(['serve', '--port', '0', '--store', url], io));
  const apis = await Promise.all(ios.map((io) => waitFor(() => io.lines.find((l) => l.startsWith('Service API: ')), 'the API URL')));
  const [a, b] = apis.map((line) => line.slice('Service API: '.length));
  try {
    for (const api of [a, b]) assert.is((await fetch(`${api}/user/`, { headers: { 'X-API-Key': key } })).status, 200);

    const name = 'XX Test Power MWh/h H Actual';
    writeFileSync(
      join(dir, 'curves.csv'),
      `name,curve_type,data_type,frequency,timezone,unit,area,area_sink,categories,commodity,instance_issued_timezone\n${name},TIMESERIES,ACTUAL,PT1H,CET,MWh/h,DE,,Test Power,Power,\n`,
    );
    writeFileSync(
      join(dir, 'values.csv'),
      `curve,date,value\n${[0, 1, 2].map((k) => `${name},2025-01-01T0${k}:00:00Z,${k + 0.5}`).join('\n')}\n`,
    );
    const imported = capture();
    assert.is(await main(['import', '--store', url, join(dir, 'curves.csv'), join(dir, 'values.csv')], imported), 0);
    assert.match(imported.lines[0]!, /Imported 2 files: 1 new curves, 0 instances, 1 blocks, 3 values, 1 events/);
    const bodies = await Promise.all(
      [a, b].map(async (api) => {
        const res = await fetch(`${api}/timeseries/${encodeURIComponent(name)}/?begin=2025-01-01&end=2025-01-02`, {
          headers: { 'X-API-Key': key },
        });
        assert.is(res.status, 200);
        return res.text();
      }),
    );
    assert.is(bodies[1], bodies[0]);
    assert.ok(bodies[0]!.includes('0.5') && bodies[0]!.includes('2.5'), bodies[0]);

    assert.is(await main(['keys', 'block', '--store', url, key!], capture()), 0);
    for (const api of [a, b]) assert.is((await fetch(`${api}/user/`, { headers: { 'X-API-Key': key } })).status, 401);
    assert.is(await main(['keys', 'block', '--store', url, key!, '--unblock'], capture()), 0);
    for (const api of [a, b]) assert.is((await fetch(`${api}/user/`, { headers: { 'X-API-Key': key } })).status, 200);
  } finally {
    for (const s of stops) s.abort();
    assert.equal(await Promise.all(running), [0, 0]);
  }
});

test.run();
