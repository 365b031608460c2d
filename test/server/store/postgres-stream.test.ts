// Batched reads of the PostgreSQL store (server/src/server/store/postgres-stream.ts,
// docs/arrow.md#streamed): the binary COPY reader against hand-made bytes cut anywhere; on a
// throwaway server, the batches equal the whole read (one member, and scenario members pivoted
// with holes), keep their own columns, give the connection up when left early, and a long Arrow
// answer of a service on that store is streamed with the bytes of the whole-series encoding.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CopyRowReader } from '../../../server/src/server/store/postgres-stream';
import { PostgresStore, type SeriesBatch, type SeriesCursor } from '../../../server/src/server/store';
import { parseTimeseries } from '../../../src/wire';
import { ARROW_ACCEPT, encodeTimeseries } from '../../../src/wire/arrow';
import { startPostgres, type PostgresServer } from '../../helpers/postgres-server';
import { rawGet } from '../../helpers/raw-get';
import { curveRecord } from '../../helpers/records';
import { startService } from '../../helpers/start-service';

/** A binary COPY of float8 rows (null for NULL): header, rows, trailer. */
function copyBytes(rows: (number | null)[][], extension = 0): Buffer {
  const parts: Buffer[] = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')];
  const head = Buffer.alloc(8 + extension);
  head.writeInt32BE(0, 0);
  head.writeInt32BE(extension, 4);
  parts.push(head);
  for (const row of rows) {
    const b = Buffer.alloc(2 + row.reduce<number>((n, v) => n + (v === null ? 4 : 12), 0));
    b.writeInt16BE(row.length, 0);
    let p = 2;
    for (const v of row) {
      if (v === null) {
        b.writeInt32BE(-1, p);
        p += 4;
      } else {
        b.writeInt32BE(8, p);
        b.writeDoubleBE(v, p + 4);
        p += 12;
      }
    }
    parts.push(b);
  }
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1, 0);
  parts.push(trailer);
  return Buffer.concat(parts);
}

test('the COPY reader: rows cut anywhere between chunks, NULL as NaN, at most max rows, the trailer', () => {
  const rows = Array.from({ length: 40 }, (_, i) => [i * 900_000, i % 7 === 3 ? null : i * 1.5, -i]);
  const bytes = copyBytes(rows, 5);
  for (const cut of [1, 3, 7, 50, 1000]) {
    const reader = new CopyRowReader(3);
    const out = [new Float64Array(40), new Float64Array(40), new Float64Array(40)];
    let n = 0;
    for (let at = 0; at < bytes.length; at += cut) {
      reader.push(bytes.subarray(at, at + cut));
      for (;;) {
        const got = reader.read(out, n, Math.min(6, 40 - n));
        n += got;
        if (got === 0) break;
      }
    }
    assert.is(n, 40, `cut ${cut}`);
    assert.ok(reader.ended, `cut ${cut}`);
    assert.equal(
      [...out[0]!],
      rows.map((r) => r[0]),
    );
    assert.equal(
      [...out[1]!],
      rows.map((r) => (r[1] === null ? Number.NaN : r[1])),
    );
    assert.equal(
      [...out[2]!],
      rows.map((r) => r[2]),
    );
  }
  const wrong = new CopyRowReader(2);
  wrong.push(copyBytes([[1, 2, 3]]));
  assert.throws(() => wrong.read([new Float64Array(1), new Float64Array(1)], 0, 1), /3 fields, expected 2/);
  const int4 = copyBytes([[1]]);
  int4.writeInt32BE(4, 19 + 2); // the field claims 4 bytes
  const narrow = new CopyRowReader(1);
  narrow.push(int4);
  assert.throws(() => narrow.read([new Float64Array(1)], 0, 1), /must be float8/);
});

let server: PostgresServer;
let url: string;
let store: PostgresStore;
const LONG = 'PG Long PT15M';
const SCEN = 'PG Scenarios PT1H';
const START = Date.UTC(2019, 11, 31, 23); // 2020-01-01 00:00 CET
const N = 150_000;
const HOURS = 3000;

test.before(async () => {
  server = await startPostgres();
  url = await server.createDatabase();
  store = await PostgresStore.open(url);
  const member = (k: number) => Float64Array.from({ length: HOURS }, (_, i) => (i === 100 * k ? Number.NaN : k * 1000 + i));
  await store.importBatch({
    curves: [curveRecord(LONG, { frequency: 'PT15M' }), curveRecord(SCEN, { curveType: 'SCENARIO_TIMESERIES', frequency: 'PT1H' })],
    series: [
      {
        curve: LONG,
        issued: null,
        tag: null,
        times: Float64Array.from({ length: N }, (_, i) => START + i * 900_000),
        values: Float64Array.from({ length: N }, (_, i) => (i % 1000 === 7 ? Number.NaN : Math.sin(i / 50) * 100)),
        scenarios: [],
        scenarioNames: [],
      },
      {
        curve: SCEN,
        issued: null,
        tag: null,
        times: Float64Array.from({ length: HOURS }, (_, i) => START + i * 3_600_000),
        values: member(9),
        scenarios: [member(1), member(2), member(3)],
        scenarioNames: ['low', 'mid', 'high'],
      },
    ],
  });
});
test.after(async () => {
  await store?.close();
  await server?.stop();
});

async function collect(cursor: SeriesCursor, size: number): Promise<SeriesBatch[]> {
  const out: SeriesBatch[] = [];
  for await (const b of cursor.batches(size)) out.push(b);
  return out;
}

const joined = (batches: SeriesBatch[], pick: (b: SeriesBatch) => Float64Array | null): number[] =>
  batches.flatMap((b) => [...(pick(b) ?? [])]);

test('batches equal the whole read: one member in several batches, scenario members pivoted', async () => {
  const range = { begin: START + 1000 * 900_000, end: START + 140_000 * 900_000 };
  const whole = await store.readSeries(LONG, range);
  const cursor = await store.openSeries(LONG, range);
  assert.is(cursor.rows, 139_000);
  assert.is(cursor.first, whole.times[0]);
  assert.is(cursor.last, whole.times[whole.times.length - 1]);
  const batches = await collect(cursor, 65_536);
  assert.equal(
    batches.map((b) => b.times.length),
    [65_536, 65_536, 139_000 - 2 * 65_536],
  );
  assert.equal(
    joined(batches, (b) => b.times),
    [...whole.times],
  );
  assert.equal(
    joined(batches, (b) => b.values),
    [...whole.values!],
  );

  const scen = await store.readSeries(SCEN, {});
  const open = await store.openSeries(SCEN, {});
  assert.equal(open.scenarioNames, ['low', 'mid', 'high']);
  assert.ok(open.values);
  const parts = await collect(open, 1000);
  assert.is(parts.length, 3);
  assert.equal(
    joined(parts, (b) => b.values),
    [...scen.values!],
  );
  for (let k = 0; k < 3; k++)
    assert.equal(
      joined(parts, (b) => b.scenarios[k]!),
      [...scen.scenarios[k]!],
      `member ${k}`,
    );
  assert.ok(Number.isNaN(parts[0]!.scenarios[1]![200]!));
});

test('each batch keeps its own columns; a read left early gives its connection up', async () => {
  const cursor = await store.openSeries(LONG, {});
  const kept: SeriesBatch[] = [];
  for await (const b of cursor.batches(50_000)) kept.push(b);
  assert.is(kept[0]!.times[0], START);
  assert.is(kept[1]!.times[0], START + 50_000 * 900_000);
  // more early exits than the pool has connections: none may be kept busy
  for (let k = 0; k < 14; k++) {
    const early = await store.openSeries(LONG, {});
    for await (const b of early.batches(10_000)) {
      assert.is(b.times.length, 10_000);
      break;
    }
    await early.close();
    const unopened = await store.openSeries(SCEN, {});
    await unopened.close();
  }
  assert.is((await store.readSeries(LONG, { begin: START, end: START + 4 * 900_000 })).times.length, 4);
});

test('over loopback: a long Arrow answer from the PostgreSQL store is streamed, equal to the whole encoding of its JSON answer', async () => {
  const svc = await startService({
    rateLimit: false,
    openStore: () => PostgresStore.open(url),
  });
  try {
    const path = `${svc.apiUrl}/timeseries/${encodeURIComponent(LONG)}/?begin=2020-01-01&end=2025-01-01`;
    const headers = { 'x-api-key': svc.apiKey, 'accept-encoding': 'identity' };
    const json = await rawGet(path, headers);
    const arrow = await rawGet(path, { ...headers, accept: ARROW_ACCEPT });
    assert.is(arrow.status, 200);
    assert.is(arrow.headers['transfer-encoding'], 'chunked');
    const fromJson = parseTimeseries(JSON.parse(json.body.toString()));
    assert.is(fromJson.length, N);
    assert.ok(Buffer.from(encodeTimeseries(fromJson)).equals(arrow.body), 'streamed bytes differ from the whole-series encoding');
  } finally {
    await svc.close();
  }
});

test.run();
