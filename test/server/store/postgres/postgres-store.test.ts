// The PostgreSQL store on a throwaway server, as several nodes see it: migrations from many nodes
// at once, one node's writes (data, keys, blocks) seen by the others, event ids strictly
// increasing across nodes whatever their clocks, and atomic imports.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import { PostgresStore, compareEventIds, parseEventId, type CurveRecord, type ImportBatch } from '../../../../server/src/store';
import { MIGRATIONS } from '../../../../server/src/store/postgres/postgres-schema';
import { copyCell } from '../../../../server/src/store/postgres/postgres-copy';
import { redacted } from '../../../../server/src/store/postgres/postgres-store';
import { startPostgres, type PostgresServer } from '../../../helpers/postgres-server';
import { curveRecord } from '../../../helpers/records';

let server: PostgresServer;
test.before(async () => {
  server = await startPostgres();
});
test.after(async () => {
  await server?.stop();
});

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 0, 1);

const curve = (name: string): CurveRecord => curveRecord(name, { timezone: 'UTC' });

function hours(name: string, first: number, n: number, value: (k: number) => number): ImportBatch {
  const times = Float64Array.from({ length: n }, (_, k) => first + k * HOUR);
  return {
    series: [
      {
        curve: name,
        issued: null,
        tag: null,
        times,
        values: Float64Array.from({ length: n }, (_, k) => value(k)),
        scenarios: [],
        scenarioNames: [],
      },
    ],
  };
}

test('several nodes opening a new database at once run each migration exactly once', async () => {
  const url = await server.createDatabase();
  const nodes = await Promise.all(Array.from({ length: 5 }, () => PostgresStore.open(url)));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT version FROM schema_migrations ORDER BY version');
    assert.equal(
      rows.map((r) => r.version),
      MIGRATIONS.map((_, k) => k + 1),
    );
  } finally {
    await client.end();
  }
  for (const node of nodes) await node.close();
  const again = await PostgresStore.open(url);
  assert.is((await again.stats()).curves, 0);
  await again.close();
});

test('a write on one node is seen by the others: data, data versions, keys and blocks', async () => {
  const url = await server.createDatabase();
  const [a, b] = [await PostgresStore.open(url), await PostgresStore.open(url)];
  try {
    const etag0 = b.dataVersion('C1');
    await a.importBatch({ curves: [curve('C1')], ...hours('C1', T0, 24, (k) => k / 4) });
    assert.is((await b.getCurve('C1'))?.name, 'C1');
    assert.is(b.dataVersion('C1'), a.dataVersion('C1'));
    assert.is(b.dataVersion(null), a.dataVersion(null));
    assert.is.not(b.dataVersion('C1'), etag0);
    const block = await b.readSeries('C1', { begin: T0 + 2 * HOUR, end: T0 + 5 * HOUR });
    assert.equal([...block.times], [T0 + 2 * HOUR, T0 + 3 * HOUR, T0 + 4 * HOUR]);
    assert.equal([...(block.values ?? [])], [0.5, 0.75, 1]);
    // where the values are: the first and last of the 24 hours; a curve without values has none
    assert.equal(await b.valueExtent('C1'), { first: T0, last: T0 + 23 * HOUR });
    await a.importBatch({ curves: [curve('C2')] });
    assert.is(await b.valueExtent('C2'), null);

    const hash = 'ab'.repeat(32);
    await a.importBatch({
      users: [{ id: 'u1', name: 'U', email: null, organization: null, blocked: false, subscriptions: [{ package: 'power', area: 'DE' }] }],
      keys: [{ hash, userId: 'u1', label: 'k', created: 5, blocked: false }],
    });
    assert.is((await b.findKey(hash))?.blocked, false);
    assert.ok(await a.setKeyBlocked(hash, true));
    assert.is((await b.findKey(hash))?.blocked, true);
    assert.ok(await b.setUserBlocked('u1', true));
    assert.is((await a.getUser('u1'))?.blocked, true);
    assert.not.ok(await b.setKeyBlocked('cd'.repeat(32), true));
  } finally {
    await a.close();
    await b.close();
  }
});

test('event ids increase strictly across nodes, with concurrent imports and a node whose clock is behind', async () => {
  const url = await server.createDatabase();
  const ahead = await PostgresStore.open(url, { clock: () => T0 + 10_000 });
  const behind = await PostgresStore.open(url, { clock: () => T0 });
  try {
    await ahead.importBatch({ curves: [curve('A'), curve('B')], ...hours('A', T0 - HOUR, 1, () => 0) });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, k) => (k % 2 ? ahead : behind).importBatch(hours(k % 2 ? 'A' : 'B', T0 + k * HOUR, 3, () => k))),
    );
    const log = (await behind.eventsAfter(null)).events.slice(1);
    assert.is(log.length, 12);
    for (let i = 1; i < log.length; i++)
      assert.ok(compareEventIds(parseEventId(log[i - 1]!.id), parseEventId(log[i]!.id)) < 0, `${log[i - 1]!.id} < ${log[i]!.id}`);
    const given = results.flatMap((r) => r.events.map((e) => e.id)).sort();
    assert.equal(given, log.map((e) => e.id).sort());
    // The node whose clock is behind continues after the newest id, not at its own clock.
    assert.ok(log.every((e) => parseEventId(e.id).ms >= T0 + 10_000));
    const after = await ahead.eventsAfter(log[5]!.id);
    assert.equal(
      after.events.map((e) => e.id),
      log.slice(6).map((e) => e.id),
    );
    assert.is(after.newest, log[11]!.id);
    assert.is((await behind.eventsAfter(log[11]!.id)).events.length, 0);
  } finally {
    await ahead.close();
    await behind.close();
  }
});

test('an import that fails part-way leaves nothing: not its metadata, values, events nor versions', async () => {
  const url = await server.createDatabase();
  const store = await PostgresStore.open(url);
  try {
    await store.importBatch({ curves: [curve('K')], ...hours('K', T0, 10, (k) => k) });
    const before = await store.stats();
    const version = store.dataVersion(null);
    const batch: ImportBatch = {
      curves: [curve('K'), curve('New')],
      series: [...hours('K', T0, 48, () => 7).series!, ...hours('New', T0, 5, () => 1).series!],
    };
    const failed = await store
      .importBatch(batch, {
        onProgress: (done) => {
          if (done === 2) throw new Error('stop here');
        },
      })
      .then(
        () => null,
        (err: Error) => err,
      );
    assert.match(String(failed?.message), /stop here/);
    assert.equal(await store.stats(), before);
    assert.is(store.dataVersion(null), version);
    assert.is(await store.getCurve('New'), null);
    assert.equal([...((await store.readSeries('K', {})).values ?? [])], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // A replacing import afterwards works and replaces exactly its range.
    await store.importBatch(hours('K', T0 + 8 * HOUR, 4, () => NaN));
    const read = await store.readSeries('K', {});
    assert.equal(read.times.length, 12);
    assert.equal(
      [...(read.values ?? [])].map((v) => (Number.isNaN(v) ? null : v)),
      [0, 1, 2, 3, 4, 5, 6, 7, null, null, null, null],
    );
  } finally {
    await store.close();
  }
});

test('COPY cells escape what the text format needs; URLs lose their password in messages', () => {
  assert.is(copyCell(null), '\\N');
  assert.is(copyCell(NaN), '\\N');
  assert.is(copyCell(0.1 + 0.2), '0.30000000000000004');
  assert.is(copyCell('a\\b\tc\nd\re'), 'a\\\\b\\tc\\nd\\re');
  assert.is(redacted('postgres://svc:s3cret@db:5432/service'), 'postgres://svc:***@db:5432/service');
  assert.is(redacted('postgres://svc@db/service'), 'postgres://svc@db/service');
});

test.run();
