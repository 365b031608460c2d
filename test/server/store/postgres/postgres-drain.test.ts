// Graceful shutdown of a node behind a load balancer (docs/deploy.md#shutdown), with real service
// processes on one PostgreSQL store: SIGTERM while an import waits (it is held behind the import
// lock) lets the import finish and the process exit 0; the node stops taking requests; our client's
// push feed is closed with 1001 and a reconnect hint, reconnects through the balancer to the other
// node and resumes from its last_id with nothing lost or repeated.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import { CurveEvent, TimeoutEvent, type ConnectionEvent, type EventsConnection } from '../../../../src/client/events';
import { ServiceClient } from '../../../../src/client/service-client';
import { generateApiKey, hashApiKey } from '../../../../server/src/auth';
import { PostgresStore, type CurveRecord, type ImportBatch } from '../../../../server/src/store';
import { WRITE_LOCK } from '../../../../server/src/store/postgres/postgres-schema';
import { startChildService, type ChildService } from '../../../helpers/child-service';
import { startPostgres, type PostgresServer } from '../../../helpers/postgres-server';
import { curveRecord } from '../../../helpers/records';
import { startBalancer, type Balancer } from '../../../helpers/tcp-balancer';

let server: PostgresServer;
test.before(async () => {
  server = await startPostgres();
});
test.after(async () => {
  await server?.stop();
});

const CURVE: CurveRecord = curveRecord('D Drain MWh/h H Actual', { timezone: 'UTC' });
const T0 = Date.UTC(2025, 0, 1);
const HOUR = 3_600_000;

function hour(k: number): ImportBatch {
  const times = Float64Array.of(T0 + k * HOUR);
  return { series: [{ curve: CURVE.name, issued: null, tag: null, times, values: Float64Array.of(k), scenarios: [], scenarioNames: [] }] };
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Takes curve events from the feed until `ids` holds `n`. */
async function take(feed: EventsConnection, ids: string[], n: number): Promise<void> {
  while (ids.length < n) {
    const e = await feed.next({ timeout: 15 });
    if (e === null || e instanceof TimeoutEvent) throw new Error(`got ${ids.length} of ${n} events, then ${String(e)}`);
    if (e instanceof CurveEvent) ids.push(e.id);
  }
}

/** A store on the primary (another node, or `service import`) and an all-access key made through it. */
async function writerWithKey(url: string): Promise<{ writer: PostgresStore; key: string }> {
  const writer = await PostgresStore.open(url);
  const key = generateApiKey();
  await writer.importBatch({
    curves: [CURVE],
    users: [{ id: 'u', name: 'U', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] }],
    keys: [{ hash: hashApiKey(key), userId: 'u', label: 'k', created: 0, blocked: false }],
  });
  return { writer, key };
}

/** Posts a one-file import of a CSV text to a node. */
function postCsv(node: ChildService, key: string, text: string): Promise<Response> {
  return fetch(`${node.apiUrl}/import/`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ files: [{ name: 'h.csv', text }] }),
  });
}

/** Whether an import waits for the import lock. */
async function importWaits(lock: pg.Client): Promise<boolean> {
  return (await lock.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`)).rows[0].n === 1;
}

const portOf = (node: ChildService) => Number(new URL(node.url).port);

test('SIGTERM: an in-flight import finishes, the node exits 0, feed clients reconnect to another node and resume from last_id', async () => {
  const url = await server.createDatabase();
  const { writer, key } = await writerWithKey(url);
  const a = await startChildService(url);
  const b = await startChildService(url);
  let lb: Balancer | undefined;
  const lock = new pg.Client({ connectionString: url });
  let client: ServiceClient | undefined;
  try {
    lb = await startBalancer([portOf(a), portOf(b)]);
    client = new ServiceClient({ apiKey: key, apiUrl: `${lb.url}/api` });
    const drops: ConnectionEvent[] = [];
    const feed = await client.events.connect({ reconnectDelay: 0.05, reconnectAttempts: 20, onConnectionEvent: (e) => drops.push(e) });
    await feed.subscribe({ curveNames: CURVE.name });
    assert.equal(lb.routed, [portOf(a)]);
    const written: string[] = [];
    const seen: string[] = [];
    for (let k = 0; k < 2; k++) written.push(...(await writer.importBatch(hour(k))).events.map((e) => e.id));
    await take(feed, seen, 2);

    // A slow request on node A: an import that waits for the import lock, held here.
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1)', [WRITE_LOCK]);
    const slow = postCsv(a, key, `curve,date,value\n${CURVE.name},2025-01-01T02:00:00Z,2\n`);
    await until('the import to wait for the lock', () => importWaits(lock));
    const exited = new Promise<number | null>((resolve) => a.child.once('exit', (code) => resolve(code)));
    a.child.kill('SIGTERM');

    // The feed is closed with 1001 and a reconnect hint; the client reconnects through the balancer to B.
    await until('the feed to be closed', () => drops.length > 0);
    assert.equal(
      [drops[0]!.statusCode, drops[0]!.status, drops[0]!.message],
      [1001, 'CLOSE_GOING_AWAY', 'The service is shutting down: reconnect (to another node) with last_id to resume'],
    );
    // Node A takes no new requests (connection refused, or 503 while it closes).
    await until('node A to refuse requests', () =>
      fetch(`${a.url}/ready`).then(
        (r) => r.status === 503,
        () => true,
      ),
    );
    await until('the feed to reconnect to node B', () => lb?.routed.at(-1) === portOf(b) && feed.connected);
    assert.ok(await importWaits(lock), 'the import still waits');
    assert.is(a.child.exitCode, null, 'node A waits for its in-flight request');

    // The slow import goes through, node A answers it and exits cleanly.
    await lock.query('SELECT pg_advisory_unlock($1)', [WRITE_LOCK]);
    const answer = await slow;
    assert.is(answer.status, 200);
    assert.is(answer.headers.get('connection'), 'close', 'the answer ends its kept-alive connection');
    const body = (await answer.json()) as { events: number; last_event_id: string };
    assert.is(body.events, 1);
    written.push(body.last_event_id);
    assert.is(await exited, 0);

    for (let k = 3; k < 5; k++) written.push(...(await writer.importBatch(hour(k))).events.map((e) => e.id));
    await take(feed, seen, written.length);
    assert.ok((await feed.next({ timeout: 0.3 })) instanceof TimeoutEvent, 'nothing repeated');
    assert.equal(seen, written);
  } finally {
    await client?.events.close();
    await lock.end().catch(() => undefined);
    await lb?.close();
    await a.kill();
    await b.kill();
    await writer.close();
  }
});

test('--drain-timeout bounds the drain: a request still running is cut off, nothing half-written, the node exits 0', async () => {
  const url = await server.createDatabase();
  const { writer, key } = await writerWithKey(url);
  const node = await startChildService(url, 0, ['--drain-timeout', '300', '--statement-timeout', '1500']);
  const lock = new pg.Client({ connectionString: url });
  try {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1)', [WRITE_LOCK]);
    const slow = postCsv(node, key, `curve,date,value\n${CURVE.name},2025-01-01T00:00:00Z,1\n`).then(
      (r) => r.status,
      (err: Error) => err.message,
    );
    await until('the import to wait for the lock', () => importWaits(lock));
    const exited = new Promise<number | null>((resolve) => node.child.once('exit', (code) => resolve(code)));
    node.child.kill('SIGTERM');
    assert.is(await slow, 'fetch failed', 'the request was cut off');
    assert.is(await exited, 0);
    await lock.query('SELECT pg_advisory_unlock($1)', [WRITE_LOCK]);
    assert.is((await writer.stats()).values, 0);
  } finally {
    await lock.end().catch(() => undefined);
    await node.kill();
    await writer.close();
  }
});

test.run();
