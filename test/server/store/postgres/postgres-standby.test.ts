// Read scaling: `service serve --store PRIMARY --read-store STANDBY` on a real streaming-replication
// standby (the helper clones the throwaway primary with pg_basebackup -R). Reads are answered by
// the standby (proved by a value changed on the primary behind the service's back, which the node
// does not see until the standby replays it), and a read that must see a write (an import through
// the same node, or through another node) is never answered stale while the standby lags (replay
// paused): it is read on the primary (docs/deploy.md#read-scaling).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseServe } from '../../../../server/src/cli/serve';
import { createApp } from '../../../../server/src/http/app';
import { generateApiKey, hashApiKey } from '../../../../server/src/auth';
import { PostgresStore, type CurveRecord } from '../../../../server/src/store';
import { startChildService, type ChildService } from '../../../helpers/child-service';
import { query, startPostgres, type PostgresServer, type PostgresStandby } from '../../../helpers/postgres-server';
import { curveRecord } from '../../../helpers/records';

let server: PostgresServer;
let standby: PostgresStandby;
test.before(async () => {
  server = await startPostgres({ standby: true });
  standby = server.standby as PostgresStandby;
});
test.after(async () => {
  await server?.stop();
});

const CURVE: CurveRecord = curveRecord('S Standby MWh/h H Actual', { timezone: 'UTC' });
const T0 = Date.UTC(2025, 0, 1);

function csv(values: number[]): string {
  const rows = values.map((v, k) => `${CURVE.name},${new Date(T0 + k * 3_600_000).toISOString().replace('.000Z', 'Z')},${v}`);
  return `curve,date,value\n${rows.join('\n')}\n`;
}

async function load(node: ChildService, key: string): Promise<(number | null)[]> {
  const r = await fetch(`${node.apiUrl}/timeseries/${encodeURIComponent(CURVE.name)}/?begin=2025-01-01&end=2025-01-02`, {
    headers: { 'X-API-Key': key },
  });
  const body = (await r.json()) as { data: { v: number | null }[] };
  assert.is(r.status, 200, JSON.stringify(body));
  return body.data.map((p) => p.v);
}

interface Reads {
  standby: number;
  primary_behind: number;
  primary_failed: number;
}

async function reads(node: ChildService): Promise<Reads> {
  const body = (await (await fetch(`${node.url}/ready`)).json()) as { read_store: { ok: boolean; reads: Reads } };
  assert.ok(body.read_store.ok, JSON.stringify(body));
  return body.read_store.reads;
}

test('the helper runs a streaming standby: pg_stat_replication streams, the standby is in recovery and read-only', async () => {
  const url = await server.createDatabase();
  assert.equal(
    (await standby.replication()).map((r) => r.state),
    ['streaming'],
  );
  const [{ recovery }] = (await query<{ recovery: boolean }>(standby.urlOf(url), 'SELECT pg_is_in_recovery() AS recovery')) as [
    { recovery: boolean },
  ];
  assert.is(recovery, true);
  try {
    await query(standby.urlOf(url), 'CREATE TABLE t (x int)');
    assert.unreachable('the standby accepted a write');
  } catch (err) {
    assert.match((err as Error).message, /read-only transaction/);
  }
});

test('reads come from the standby; a load right after an import through the same node or another one is never stale', async () => {
  const url = await server.createDatabase();
  const writer = await PostgresStore.open(url);
  let node: ChildService | undefined;
  try {
    const key = generateApiKey();
    await writer.importBatch({
      curves: [CURVE],
      users: [{ id: 'u', name: 'U', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] }],
      keys: [{ hash: hashApiKey(key), userId: 'u', label: 'k', created: 0, blocked: false }],
    });
    node = await startChildService(url, 0, ['--read-store', standby.urlOf(url), '--read-wait', '50']);
    const post = (values: number[]) =>
      fetch(`${node?.apiUrl}/import/`, {
        method: 'POST',
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ files: [{ name: 'v.csv', text: csv(values) }] }),
      });
    assert.is((await post([0, 1, 2])).status, 200);
    await standby.caughtUp();

    // 1. Served by the standby: a value changed on the primary behind the service's back (no
    // generation move) is not seen while replay is paused, and is seen once the standby replays it.
    let before = await reads(node);
    assert.equal(await load(node, key), [0, 1, 2]);
    let after = await reads(node);
    assert.ok(after.standby > before.standby, JSON.stringify([before, after]));
    assert.is(after.primary_behind, before.primary_behind);
    await standby.pauseReplay();
    await query(url, `UPDATE series_values SET value = 99 WHERE ts = ${T0}`);
    assert.equal(await load(node, key), [0, 1, 2]);
    await standby.resumeReplay();
    await standby.caughtUp();
    assert.equal(await load(node, key), [99, 1, 2]);

    // 2. Read your writes: the standby lags (replay paused); an import through the node and a load
    // right after it through the same node see the import, read on the primary.
    await standby.pauseReplay();
    before = await reads(node);
    assert.is((await post([10, 11, 12])).status, 200);
    assert.equal(await load(node, key), [10, 11, 12]);
    after = await reads(node);
    assert.ok(after.primary_behind > before.primary_behind, JSON.stringify([before, after]));
    const [{ v }] = (await query<{ v: number }>(standby.urlOf(url), `SELECT value AS v FROM series_values WHERE ts = ${T0}`)) as [
      { v: number },
    ];
    assert.is(v, 99, 'the standby had not replayed the import');

    // 3. An import through another node (here: a store on the primary only) while the standby lags.
    await writer.importBatch({
      series: [
        {
          curve: CURVE.name,
          issued: null,
          tag: null,
          times: Float64Array.of(T0),
          values: Float64Array.of(20),
          scenarios: [],
          scenarioNames: [],
        },
      ],
    });
    assert.equal(await load(node, key), [20, 11, 12]);

    // 4. Once the standby has replayed, reads go back to it, with the new values.
    await standby.resumeReplay();
    await standby.caughtUp();
    before = await reads(node);
    assert.equal(await load(node, key), [20, 11, 12]);
    after = await reads(node);
    assert.ok(after.standby > before.standby, JSON.stringify([before, after]));
    assert.is(after.primary_behind, before.primary_behind);
  } finally {
    await standby.resumeReplay().catch(() => undefined);
    await node?.kill();
    await writer.close();
  }
});

test('--read-store must be a standby of the --store primary, and needs --store', async () => {
  const url = await server.createDatabase();
  try {
    await PostgresStore.open(url, { readUrl: url });
    assert.unreachable('a primary was accepted as read store');
  } catch (err) {
    assert.match((err as Error).message, /Cannot open the read store at .*: it is not a standby/);
  }
  assert.throws(() => parseServe(['--data', 'd', '--read-store', 'postgres://db/x']), /--read-store needs --store/);
  assert.throws(() => parseServe(['--store', 'postgres://db/x', '--read-store', 'db']), /--read-store must be a postgres:\/\/ URL/);
  const options = parseServe(['--store', 'postgres://db/x', '--read-store', 'postgres://standby/x', '--read-wait', '20']);
  assert.equal([options.readStore, options.readWaitMs, options.drainTimeoutMs], ['postgres://standby/x', 20, 25_000]);
});

test('a standby that goes away: reads go to the primary, the node stays ready and reports the read store down', async () => {
  const url = await server.createDatabase();
  const key = generateApiKey();
  const store = await PostgresStore.open(url, { readUrl: standby.urlOf(url) });
  const app = createApp({ store });
  try {
    await store.importBatch({
      curves: [CURVE],
      users: [{ id: 'u', name: 'U', email: null, organization: null, blocked: false, subscriptions: [{ package: '*', area: '*' }] }],
      keys: [{ hash: hashApiKey(key), userId: 'u', label: 'k', created: 0, blocked: false }],
      series: [
        {
          curve: CURVE.name,
          issued: null,
          tag: null,
          times: Float64Array.of(T0),
          values: Float64Array.of(7),
          scenarios: [],
          scenarioNames: [],
        },
      ],
    });
    const loadValues = async () => {
      const r = await app.inject({
        url: `/api/timeseries/${encodeURIComponent(CURVE.name)}/?begin=2025-01-01&end=2025-01-02`,
        headers: { 'x-api-key': key },
      });
      assert.is(r.statusCode, 200, r.body);
      return r.json().data.map((p: { v: number }) => p.v);
    };
    assert.equal(await loadValues(), [7]);
    standby.stop();
    assert.equal(await loadValues(), [7]);
    const ready = await app.inject({ url: '/ready' });
    assert.is(ready.statusCode, 200);
    const body = ready.json();
    assert.equal([body.status, body.store.ok, body.read_store.ok], ['ready', true, false]);
    assert.ok(body.read_store.reads.primary_failed >= 1, JSON.stringify(body.read_store));
  } finally {
    await app.close();
    await store.close();
  }
});

test.run();
