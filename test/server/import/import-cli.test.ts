import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { main } from '../../../server/src/cli/main';
import { parseImport } from '../../../server/src/cli/import';
import { DuckDbStore } from '../../../server/src/store';
import { CURVES_CSV, DE_WIND, hourlyCsv, startFeedService, type FeedService } from '../feed/feed-fixture';
import { RID, openProbe } from '../feed/ws-probe';

let dir: string;
let svc: FeedService;

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'import-cli-'));
  svc = await startFeedService({ app: { events: { heartbeatMs: 0 } } });
});

test.after(async () => {
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

test('parseImport: files, --data, --url with exactly one key option, --dry-run', () => {
  assert.equal(parseImport(['a.csv', 'b.json']), { files: ['a.csv', 'b.json'], data: 'data', dryRun: false });
  assert.equal(parseImport(['--url', 'http://127.0.0.1:7070/api/', '--key', 'k', '--dry-run', 'a.csv']), {
    files: ['a.csv'],
    data: 'data',
    dryRun: true,
    url: 'http://127.0.0.1:7070/api',
    key: 'k',
  });
  assert.throws(() => parseImport([]), /No files given/);
  assert.throws(() => parseImport(['--url', 'http://x/api', 'a.csv']), /exactly one of --key and --key-file/);
  assert.throws(() => parseImport(['--url', 'ftp://x', '--key', 'k', 'a.csv']), /--url must be/);
});

test('service import into a data directory, then a bad file: exit 1, every problem listed, nothing imported', async () => {
  const data = join(dir, 'data');
  const curves = file('curves.csv', CURVES_CSV);
  const wind = file(
    'wind.csv',
    hourlyCsv(DE_WIND, Date.UTC(2024, 0, 1), 24, (k) => k),
  );
  const ok = io();
  assert.is(await main(['import', '--data', data, curves, wind], ok.io), 0);
  assert.equal(ok.out[0], 'Imported 2 files: 4 new curves, 0 instances, 1 blocks, 24 values, 1 events');
  assert.ok(ok.out.includes(`  new curve: ${DE_WIND}`));
  const bad = file('bad.csv', `curve,date,value\n${DE_WIND},2024-01-01 00:30,1\n${DE_WIND},2024-13-01 00:00,2\n`);
  const fail = io();
  assert.is(await main(['import', '--data', data, wind, bad], fail.io), 1);
  assert.match(fail.err[0]!, /^service: Import failed with 2 problems; nothing was imported:/);
  assert.match(fail.err[0]!, /bad\.csv:2: date: "2024-01-01 00:30" is not the start of a PT1H step in CET/);
  assert.match(fail.err[0]!, /bad\.csv:3: date: not a date-time: "2024-13-01 00:00"/);
  const store = await DuckDbStore.open(data);
  assert.equal([(await store.stats()).values, (await store.stats()).events], [24, 1]);
  await store.close();
  const usage = io();
  assert.is(await main(['import'], usage.io), 2);
});

test('service import --url sends the files to a running service; subscribers get the events', async () => {
  const p = await openProbe(svc.wsUrl, svc.keys.all);
  const id = RID();
  p.send({ type: 'curves.subscribe', request_id: id, filters: [{ curve_names: [DE_WIND] }] });
  await p.waitFor((f) => f.request_id === id);
  const wind = file(
    'wind2.csv',
    hourlyCsv(DE_WIND, Date.UTC(2024, 1, 1), 3, (k) => k),
  );
  const ok = io();
  assert.is(await main(['import', '--url', svc.apiUrl, '--key', svc.keys.all, wind], ok.io), 0);
  assert.equal(ok.out, ['Imported 1 file: 0 new curves, 0 instances, 1 blocks, 3 values, 1 events']);
  const [e] = await p.waitForEvents(1);
  assert.is(e!.event.begin, '2024-02-01T01:00:00+01:00');
  const dry = io();
  assert.is(await main(['import', '--url', svc.apiUrl, '--key', svc.keys.all, '--dry-run', wind], dry.io), 0);
  assert.equal(dry.out, ['Checked 1 file: 0 new curves, 0 instances, 1 blocks, 3 values (nothing written)']);
  await p.close();
});

test('the import route: 403 without an all-access key, 400 listing the problems of bad files', async () => {
  const denied = io();
  const wind = file(
    'wind3.csv',
    hourlyCsv(DE_WIND, Date.UTC(2024, 1, 1), 1, () => 1),
  );
  assert.is(await main(['import', '--url', svc.apiUrl, '--key', svc.keys.de, wind], denied.io), 1);
  assert.match(denied.err[0]!, /grant \*:\*/);
  const bad = file('bad2.csv', `curve,date,value\n${DE_WIND},2024-01-01 00:00,x\n`);
  const fail = io();
  assert.is(await main(['import', '--url', svc.apiUrl, '--key', svc.keys.all, bad], fail.io), 1);
  assert.match(fail.err[0]!, /bad2\.csv:2: value: not a number: "x"/);
  const closed = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
  const away = io();
  assert.is(await main(['import', '--url', `http://127.0.0.1:${closed}/api`, '--key', 'k', bad], away.io), 1);
  assert.match(away.err[0]!, /Cannot reach the service at http:\/\/127\.0\.0\.1:\d+\/api: ECONNREFUSED/);
  const r = await svc.app.inject({ method: 'POST', url: '/api/import/', headers: { 'x-api-key': svc.keys.all }, payload: { files: 'x' } });
  assert.is(r.statusCode, 400);
  assert.equal(r.json(), { message: 'Expected a JSON body {"files": [{"name": "...", "text": "..."}]}', parameter: 'files' });
  const partner = await svc.app.inject({
    method: 'POST',
    url: '/partner/germany/import/',
    headers: { 'ocp-apim-subscription-key': svc.keys.all },
    payload: { files: [] },
  });
  assert.is(partner.statusCode, 404, 'partner mounts have no import');
});

test.run();
