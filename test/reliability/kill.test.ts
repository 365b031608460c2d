// kill -9 at the worst moments, with real processes on loopback: during a local import
// (`service import --data`), during a remote import (the service killed, and the importing client
// killed), during a burst of reads, and during a push-feed replay. After each kill the store holds
// either the whole import or none of it, the restarted service answers as before, and a feed
// client resuming with its last id gets every event exactly once, in order.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbStore } from '../../server/src/store';
import { importBody, importCurveNames, importFileTexts } from '../helpers/big-import';
import { killNow, spawnCli, startChildService } from '../helpers/child-service';
import { addUser } from '../helpers/start-service';
import { RID, openProbe, type WsProbe } from '../server/feed/ws-probe';

const BIG = { curves: 6, values: 35_040, prefix: 'KILL' }; // 210,240 values, about 13 MB
const NAMES = importCurveNames(BIG);
const dirs: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

test.after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A store directory with an all-access user; returns the directory and the key. */
async function newStore(): Promise<{ dir: string; key: string }> {
  const dir = tempDir('kill-store-');
  const store = await DuckDbStore.open(dir);
  const key = await addUser(store, 'admin');
  await store.close();
  return { dir, key };
}

/** The state of the big import in a store: 'none', 'all', or a description of a partial state. */
async function importState(dir: string): Promise<string> {
  const store = await DuckDbStore.open(dir);
  try {
    const counts: number[] = [];
    for (const name of NAMES)
      counts.push((await store.getCurve(name)) === null ? -1 : (await store.readSeries(name, {}, null)).times.length);
    const events = (await store.eventsAfter(null, 1_000_000)).events.filter((e) => NAMES.includes(e.curve)).length;
    if (counts.every((c) => c === -1) && events === 0) return 'none';
    // every completed import (a later run may repeat an earlier one) appends one event per curve
    if (counts.every((c) => c === BIG.values) && events > 0 && events % BIG.curves === 0) return 'all';
    return `partial: values per curve ${counts.join(',')}, events ${events}`;
  } finally {
    await store.close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until a child exits or `ms` pass; true when it exited by itself. */
function exitsWithin(child: ReturnType<typeof spawnCli>, ms: number): Promise<boolean> {
  if (child.exitCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

test('kill -9 during a local import (service import --data): all or nothing, never part', async () => {
  const { dir } = await newStore();
  const files = importFileTexts(BIG).map((f) => {
    const path = join(tempDir('kill-files-'), f.name);
    writeFileSync(path, f.text);
    return path;
  });
  // kill at several points of the command's life: start-up, reading, writing
  for (const delay of [700, 1500, 2300, 3100, 4000]) {
    const child = spawnCli(['import', '--data', dir, ...files]);
    const finished = await exitsWithin(child, delay);
    if (!finished) await killNow(child);
    const state = await importState(dir);
    assert.ok(state === 'none' || state === 'all', `after a kill at ${delay} ms: ${state}`);
  }
  // and once to the end: the whole import is there
  const child = spawnCli(['import', '--data', dir, ...files]);
  assert.ok(await exitsWithin(child, 120_000), 'the import finished');
  assert.is(await importState(dir), 'all');
});

test('kill -9 of the service during a remote import, and of the importing client: all or nothing', async () => {
  const { dir, key } = await newStore();
  const body = importBody(BIG);
  for (const delay of [50, 300, 700, 1200]) {
    const svc = await startChildService(dir);
    const posted = fetch(`${svc.apiUrl}/import/`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body,
    }).then(
      (r) => r.status,
      () => 0,
    );
    await sleep(delay);
    await svc.kill();
    const status = await posted;
    const state = await importState(dir);
    assert.ok(state === 'none' || state === 'all', `service killed at ${delay} ms: ${state}`);
    if (status === 200) assert.is(state, 'all', 'an import answered 200 is stored');
  }
  // the importing client (service import --url) killed mid-send: the service stores nothing partial
  const files = importFileTexts({ ...BIG, prefix: 'KILL' }).map((f) => {
    const path = join(tempDir('kill-files-'), f.name);
    writeFileSync(path, f.text);
    return path;
  });
  const svc = await startChildService(dir);
  for (const delay of [600, 1200]) {
    const client = spawnCli(['import', '--url', svc.apiUrl, '--key', key, ...files]);
    if (!(await exitsWithin(client, delay))) await killNow(client);
    await sleep(200);
    const user = await fetch(`${svc.apiUrl}/user/`, { headers: { 'x-api-key': key } });
    assert.is(user.status, 200, 'the service carries on');
  }
  await svc.kill();
  const state = await importState(dir);
  assert.ok(state === 'none' || state === 'all', `client killed: ${state}`);
});

test('kill -9 of the service during a read burst: the restarted service answers the same', async () => {
  const { dir, key } = await newStore();
  let svc = await startChildService(dir);
  const imported = await fetch(`${svc.apiUrl}/import/`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: importBody({ curves: 2, values: 35_040, prefix: 'READ' }),
  });
  assert.is(imported.status, 200);
  const [name] = importCurveNames({ curves: 2, prefix: 'READ' });
  const path = `/timeseries/${encodeURIComponent(name!)}/?begin=2023-01-01&end=2024-01-01&frequency=PT1H`;
  const reference = await (await fetch(`${svc.apiUrl}${path}`, { headers: { 'x-api-key': key } })).text();
  let failed = 0;
  const burst = Array.from({ length: 8 }, async () => {
    for (let k = 0; k < 40; k++) {
      try {
        const r = await fetch(`${svc.apiUrl}${path}`, { headers: { 'x-api-key': key } });
        const text = await r.text();
        if (r.status !== 200 || text !== reference) throw new Error(`status ${r.status}`);
      } catch {
        failed++;
        return;
      }
    }
  });
  await sleep(300);
  await svc.kill();
  await Promise.all(burst);
  assert.ok(failed > 0, 'the kill cut the burst');
  svc = await startChildService(dir);
  const again = await fetch(`${svc.apiUrl}${path}`, { headers: { 'x-api-key': key } });
  assert.is(again.status, 200);
  assert.is(await again.text(), reference);
  await svc.kill();
});

/** CSV of `n` one-value instances of an INSTANCE curve: `n` events. */
function instancesCsv(curve: string, n: number): string {
  const rows = Array.from({ length: n }, (_, k) => {
    const issued = new Date(Date.UTC(2024, 0, 1) + k * 3_600_000).toISOString().replace('.000Z', 'Z');
    return `${curve},${issued},${issued},ec,${k}`;
  });
  return `curve,date,issued,tag,value\n${rows.join('\n')}\n`;
}

test('kill -9 of the service during a push-feed replay: resuming with the last id gives every event exactly once, in order', async () => {
  const { dir, key } = await newStore();
  const curve = 'DE Replay MWh/h H Forecast';
  const N = 600;
  let svc = await startChildService(dir);
  const post = async (files: { name: string; text: string }[]) => {
    const r = await fetch(`${svc.apiUrl}/import/`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ files }),
    });
    assert.is(r.status, 200, await r.clone().text());
    return (await r.json()) as { last_event_id: string; events: number };
  };
  const defs = `name,curve_type,data_type,frequency,timezone,unit,area,categories\n${curve},INSTANCE,FORECAST,PT1H,UTC,MWh/h,DE,Replay\n`;
  const first = await post([{ name: 'curves.csv', text: defs }]);
  const start = first.last_event_id ?? '0000000000000-0';
  const big = await post([{ name: 'instances.csv', text: instancesCsv(curve, N) }]);
  assert.is(big.events, N);
  const ws = (url: string) => `${url.replace('http', 'ws')}/api/events/`;
  const subscribe = async (probe: WsProbe, lastId: string) => {
    const id = RID();
    probe.send({ type: 'curves.subscribe', request_id: id, last_id: lastId, filters: [{ curve_names: [curve] }] });
    const answer = await probe.waitFor((f) => f.request_id === id);
    assert.is(answer.status, 'OK', JSON.stringify(answer));
  };
  const ids = (probe: WsProbe) => probe.events().map((f) => f.event.id as string);
  const one = await openProbe(ws(svc.url), key);
  await subscribe(one, start);
  // kill as soon as the replay is under way
  for (let waited = 0; ids(one).length < 1 && waited < 10_000; waited += 1) await sleep(1);
  await svc.kill();
  await sleep(100);
  const before = ids(one);
  await one.close().catch(() => undefined);
  assert.ok(before.length < N, `the kill came mid-replay (${before.length} of ${N} received)`);
  svc = await startChildService(dir);
  const two = await openProbe(ws(svc.url), key);
  await subscribe(two, before.at(-1) ?? start);
  await two.waitForEvents(N - before.length, 20_000);
  await sleep(200); // nothing more may come
  const all = [...before, ...ids(two)];
  assert.is(all.length, N, 'every event once');
  assert.is(new Set(all).size, N, 'no duplicates');
  const sorted = [...all].sort((a, b) => {
    const [am, as] = a.split('-').map(Number);
    const [bm, bs] = b.split('-').map(Number);
    return am! - bm! || as! - bs!;
  });
  assert.equal(all, sorted, 'in order');
  await two.close();
  await svc.kill();
});

test.run();
