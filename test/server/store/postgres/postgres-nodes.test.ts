// Several API nodes on one PostgreSQL store: the per-key rate limit holds across nodes, an import
// through one node reaches push-feed subscribers on the others (each event once, in order), a
// subscriber whose node is killed (SIGKILL) resumes on another node from its last_id with nothing
// lost or repeated, and /health and /ready report what a load balancer needs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../../../server/src/http/app';
import { generateApiKey, hashApiKey } from '../../../../server/src/auth';
import { DuckDbStore, PostgresStore, type CurveRecord, type ImportBatch } from '../../../../server/src/store';
import { startPostgres, type PostgresServer } from '../../../helpers/postgres-server';
import { curveRecord } from '../../../helpers/records';
import { startChildService } from '../../../helpers/child-service';
import { openProbe, RID, type WsProbe } from '../../feed/ws-probe';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Node {
  app: FastifyInstance;
  store: PostgresStore;
  url: string;
}

let server: PostgresServer;
test.before(async () => {
  server = await startPostgres();
});
test.after(async () => {
  await server?.stop();
});

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 0, 1);
const CURVE: CurveRecord = curveRecord('N Test MWh/h H Actual', { timezone: 'UTC' });

function hour(k: number): ImportBatch {
  return {
    series: [
      {
        curve: CURVE.name,
        issued: null,
        tag: null,
        times: Float64Array.of(T0 + k * HOUR),
        values: Float64Array.of(k),
        scenarios: [],
        scenarioNames: [],
      },
    ],
  };
}

async function startNodes(url: string, n: number, rateLimit?: { ratePerSecond: number; burst: number }): Promise<Node[]> {
  const nodes: Node[] = [];
  for (let i = 0; i < n; i++) {
    const store = await PostgresStore.open(url, { reconnectMs: 100 });
    const app = createApp({ store, rateLimit, events: { heartbeatMs: 0 } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    nodes.push({ app, store, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  }
  return nodes;
}

async function stopNodes(nodes: readonly Node[]): Promise<void> {
  for (const node of nodes) {
    await node.app.close();
    await node.store.close();
  }
}

async function withKey(store: PostgresStore): Promise<string> {
  const key = generateApiKey();
  await store.importBatch({
    curves: [CURVE],
    users: [{ id: 'u', name: 'U', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] }],
    keys: [{ hash: hashApiKey(key), userId: 'u', label: 'k', created: 0, blocked: false }],
  });
  return key;
}

test('the per-key rate limit holds across 3 nodes: at most burst + rate x elapsed (+1) requests pass', async () => {
  const url = await server.createDatabase();
  const limit = { ratePerSecond: 5, burst: 10 };
  const nodes = await startNodes(url, 3, limit);
  try {
    const key = await withKey(nodes[0]!.store);
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: 90 }, (_, k) =>
        fetch(`${nodes[k % 3]!.url}/api/user/`, { headers: { 'X-API-Key': key } }).then((r) => r.status),
      ),
    );
    const elapsed = (performance.now() - started) / 1000;
    const passed = statuses.filter((s) => s === 200).length;
    assert.ok(
      statuses.every((s) => s === 200 || s === 429),
      String(statuses),
    );
    assert.ok(passed >= limit.burst, `only ${passed} passed`);
    assert.ok(passed <= limit.burst + limit.ratePerSecond * elapsed + 1, `${passed} passed in ${elapsed.toFixed(2)} s`);
    const refused = await fetch(`${nodes[1]!.url}/api/user/`, { headers: { 'X-API-Key': key } });
    if (refused.status === 429)
      assert.match(((await refused.json()) as { message: string }).message, /at most 5 per second per API key \(bursts of 10\)/);
  } finally {
    await stopNodes(nodes);
  }
});

test('imports through nodes B and C reach a subscriber on node A, each event once and in order', async () => {
  const url = await server.createDatabase();
  const nodes = await startNodes(url, 3);
  let probe: WsProbe | undefined;
  try {
    const key = await withKey(nodes[0]!.store);
    probe = await openProbe(`${nodes[0]!.url.replace('http', 'ws')}/api/events/`, key);
    probe.send({ type: 'curves.subscribe', request_id: RID(), filters: [{}] });
    await probe.waitFor((f) => f.type === 'curves.subscribe');
    const ids: string[] = [];
    for (let k = 0; k < 6; k++) ids.push(...(await nodes[1 + (k % 2)]!.store.importBatch(hour(k))).events.map((e) => e.id));
    const got = await probe.waitForEvents(6, 10_000);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(
      probe.events().map((e) => e.event.id),
      ids,
    );
    assert.is(got.length, 6);
  } finally {
    await probe?.close();
    await stopNodes(nodes);
  }
});

test('a subscriber whose node is killed (SIGKILL) resumes on another node from last_id: nothing lost or repeated', async () => {
  const url = await server.createDatabase();
  const [writer] = await startNodes(url, 1);
  const key = await withKey(writer!.store);
  const a = await startChildService(url);
  const b = await startChildService(url);
  const seen: string[] = [];
  try {
    const first = await openProbe(`${a.url.replace('http', 'ws')}/api/events/`, key);
    first.send({ type: 'curves.subscribe', request_id: RID(), filters: [{}] });
    await first.waitFor((f) => f.type === 'curves.subscribe');
    const written: string[] = [];
    for (let k = 0; k < 3; k++) written.push(...(await writer!.store.importBatch(hour(k))).events.map((e) => e.id));
    await first.waitForEvents(3, 10_000);
    seen.push(...first.events().map((e) => String(e.event.id)));
    await a.kill();
    // Imports go on while the subscriber has no node.
    for (let k = 3; k < 6; k++) written.push(...(await writer!.store.importBatch(hour(k))).events.map((e) => e.id));
    const second = await openProbe(`${b.url.replace('http', 'ws')}/api/events/`, key);
    second.send({ type: 'curves.subscribe', request_id: RID(), last_id: seen.at(-1), filters: [{}] });
    await second.waitForEvents(3, 10_000);
    for (let k = 6; k < 8; k++) written.push(...(await writer!.store.importBatch(hour(k))).events.map((e) => e.id));
    await second.waitForEvents(5, 10_000);
    await new Promise((r) => setTimeout(r, 300));
    seen.push(...second.events().map((e) => String(e.event.id)));
    await second.close();
    assert.equal(seen, written);
  } finally {
    await a.kill();
    await b.kill();
    await stopNodes([writer!]);
  }
});

test('ETags are shared: a tag from node A gets a 304 from node B until an import through node C', async () => {
  const url = await server.createDatabase();
  const nodes = await startNodes(url, 3);
  try {
    const key = await withKey(nodes[0]!.store);
    await nodes[0]!.store.importBatch(hour(0));
    const path = `/api/timeseries/${encodeURIComponent(CURVE.name)}/?begin=2025-01-01&end=2025-01-02`;
    const first = await fetch(`${nodes[0]!.url}${path}`, { headers: { 'X-API-Key': key, 'Accept-Encoding': 'identity' } });
    const tag = first.headers.get('etag');
    assert.ok(tag);
    const again = await fetch(`${nodes[1]!.url}${path}`, {
      headers: { 'X-API-Key': key, 'Accept-Encoding': 'identity', 'If-None-Match': tag as string },
    });
    assert.is(again.status, 304);
    await nodes[2]!.store.importBatch(hour(1));
    const changed = await fetch(`${nodes[1]!.url}${path}`, {
      headers: { 'X-API-Key': key, 'Accept-Encoding': 'identity', 'If-None-Match': tag as string },
    });
    assert.is(changed.status, 200);
    assert.is.not(changed.headers.get('etag'), tag);
  } finally {
    await stopNodes(nodes);
  }
});

test('/health and /ready: the store, the notification channel, and 503 once the node is closing', async () => {
  const url = await server.createDatabase();
  const [node] = await startNodes(url, 1);
  const health = await fetch(`${node!.url}/health`);
  assert.is(health.status, 200);
  assert.equal(await health.json(), { status: 'ok' });
  const ready = await fetch(`${node!.url}/ready`);
  assert.is(ready.status, 200);
  const body = (await ready.json()) as { status: string; store: { engine: string; ok: boolean }; notifications: string };
  assert.equal([body.status, body.store.engine, body.store.ok, body.notifications], ['ready', 'postgres', true, 'listening']);
  const closing = node!.app.close();
  const during = await node!.app.inject({ url: '/ready' }).catch(() => null);
  await closing;
  if (during) assert.is(during.statusCode, 503);
  await node!.store.close();
  const closed = await node!.store.health();
  assert.equal([closed.ok, closed.error], [false, 'The store is closed']);

  const dir = mkdtempSync(join(tmpdir(), 'ready-duck-'));
  const duck = await DuckDbStore.open(dir);
  try {
    const app = createApp({ store: duck });
    const r = await app.inject({ url: '/ready' });
    assert.is(r.statusCode, 200);
    assert.equal([r.json().store.engine, r.json().notifications], ['duckdb', 'local']);
    await app.close();
  } finally {
    await duck.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
