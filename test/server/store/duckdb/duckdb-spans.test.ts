// The spans of stored series (server/src/store/duckdb/duckdb-spans.ts, docs/arrow.md#streamed):
// what they hold after a write, when a range's row count is taken from them, and that a batched
// read uses them (no count) only when they are there, in the call that begins its transaction.
// Expectations are worked out by hand.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { SCHEMA_SQL } from '../../../../server/src/store/duckdb/duckdb-io';
import {
  clearSpans,
  fixedStep,
  readSpan,
  spanInRange,
  writeSpans,
  type StoredSpan,
} from '../../../../server/src/store/duckdb/duckdb-spans';
import { openSeriesCursor } from '../../../../server/src/store/duckdb/duckdb-stream';

const Q = 900_000;
// 2024-01-01 00:00 CET = 2023-12-31T23:00Z, a multiple of 15 minutes since 1970
const T0 = Date.UTC(2023, 11, 31, 23);

async function memory(): Promise<{ conn: DuckDBConnection; other: DuckDBConnection; close: () => void }> {
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  const other = await db.connect();
  await conn.run(SCHEMA_SQL);
  // curve 1 (PT15M) with series 10 and 11; curve 2 (P1D) with series 20
  await conn.run(`INSERT INTO series VALUES (10, 1, 0, -1, ''), (11, 1, 0, 0, 'low'), (20, 2, 0, -1, '')`);
  return {
    conn,
    other,
    close: () => {
      conn.closeSync();
      other.closeSync();
      db.closeSync();
    },
  };
}

async function insert(conn: DuckDBConnection, series: number, times: readonly number[]): Promise<void> {
  await conn.run(`INSERT INTO series_values VALUES ${times.map((t, i) => `(${series}, ${t}, ${i})`).join(', ')}`);
}

const steps = (from: number, to: number, step = Q) => Array.from({ length: to - from }, (_, i) => T0 + (from + i) * step);
const curveSteps = new Map([
  [1, 900_000],
  [2, null],
]);

test('fixedStep: minute frequencies have one, calendar ones none', () => {
  assert.is(fixedStep('PT15M'), 900_000);
  assert.is(fixedStep('PT1H'), 3_600_000);
  assert.is(fixedStep('PT5M'), 300_000);
  assert.is(fixedStep('P1D'), null);
  assert.is(fixedStep('P1M'), null);
  assert.is(fixedStep('nonsense'), null);
});

test('spanInRange: a series with a row at every step gives the rows of any range on its grid', () => {
  // rows at T0 + 4..103 quarter-hours (100 rows)
  const dense: StoredSpan = { rows: 100, first: T0 + 4 * Q, last: T0 + 103 * Q, step: Q, onGrid: true };
  // the range holds steps 0..199: the rows are the series' own
  assert.equal(spanInRange(dense, { rows: 200, first: T0, last: T0 + 199 * Q }), { rows: 100, first: T0 + 4 * Q, last: T0 + 103 * Q });
  // steps 10..49: 40 rows
  assert.equal(spanInRange(dense, { rows: 40, first: T0 + 10 * Q, last: T0 + 49 * Q }), {
    rows: 40,
    first: T0 + 10 * Q,
    last: T0 + 49 * Q,
  });
  // steps 100..109: 100, 101, 102, 103 are stored
  assert.equal(spanInRange(dense, { rows: 10, first: T0 + 100 * Q, last: T0 + 109 * Q }), {
    rows: 4,
    first: T0 + 100 * Q,
    last: T0 + 103 * Q,
  });
  // one step, stored
  assert.equal(spanInRange(dense, { rows: 1, first: T0 + 50 * Q, last: T0 + 50 * Q }), { rows: 1, first: T0 + 50 * Q, last: T0 + 50 * Q });
  // steps 200..209: none stored
  const none = spanInRange(dense, { rows: 10, first: T0 + 200 * Q, last: T0 + 209 * Q })!;
  assert.is(none.rows, 0);
  assert.ok(Number.isNaN(none.first) && Number.isNaN(none.last));
});

test('spanInRange: unknown (the rows are counted) with holes, off the grid, another step or another grid', () => {
  const full = { rows: 200, first: T0, last: T0 + 199 * Q };
  // 99 rows between steps 4 and 103: one step has no row
  assert.is(spanInRange({ rows: 99, first: T0 + 4 * Q, last: T0 + 103 * Q, step: Q, onGrid: true }, full), null);
  // a row off the grid
  assert.is(spanInRange({ rows: 100, first: T0 + 4 * Q, last: T0 + 103 * Q, step: Q, onGrid: false }, full), null);
  // an hourly series asked on a quarter-hour grid
  assert.is(spanInRange({ rows: 10, first: T0, last: T0 + 9 * 3_600_000, step: 3_600_000, onGrid: true }, full), null);
  // the same step on a grid 5 minutes later
  assert.is(spanInRange({ rows: 100, first: T0 + 4 * Q + 300_000, last: T0 + 103 * Q + 300_000, step: Q, onGrid: true }, full), null);
  // a calendar frequency has no step
  assert.is(spanInRange({ rows: 3, first: T0, last: T0 + 2 * 86_400_000, step: null, onGrid: null }, full), null);
});

test('writeSpans: rows, first and last time, step and grid from the stored rows; clearSpans removes them', async () => {
  const { conn, close } = await memory();
  try {
    await insert(conn, 10, steps(0, 96)); // one day of quarter-hours
    await insert(conn, 11, [...steps(0, 10), T0 + 10 * Q + 60_000]); // ten on the grid and one a minute off it
    await insert(conn, 20, [T0, T0 + 86_400_000]);
    await writeSpans(conn, [10, 11, 20], curveSteps);
    assert.equal(await readSpan(conn, 10), { rows: 96, first: T0, last: T0 + 95 * Q, step: Q, onGrid: true });
    assert.equal(await readSpan(conn, 11), { rows: 11, first: T0, last: T0 + 10 * Q + 60_000, step: Q, onGrid: false });
    assert.equal(await readSpan(conn, 20), { rows: 2, first: T0, last: T0 + 86_400_000, step: null, onGrid: null });
    // written again: one span a series
    await writeSpans(conn, [10], curveSteps);
    assert.is((await conn.runAndReadAll('SELECT count(*)::INTEGER FROM series_spans WHERE series_id = 10')).getRows()[0]![0], 1);
    await clearSpans(conn, [10, 20]);
    assert.is(await readSpan(conn, 10), null);
    assert.is(await readSpan(conn, 20), null);
    assert.ok((await readSpan(conn, 11)) !== null);
    // a series without rows gets none
    await conn.run('DELETE FROM series_values WHERE series_id = 10');
    await writeSpans(conn, [10], curveSteps);
    assert.is(await readSpan(conn, 10), null);
  } finally {
    close();
  }
});

/**
 * Reads series 10 in `range` in batches: what the read announced and brought, and the calls into
 * the engine noted in `calls` (see {@link counted}) before its rows and in all.
 */
async function readAll(
  conn: DuckDBConnection,
  range: { begin: number; end: number },
  full: { rows: number; first: number; last: number },
  options: { missing?: (seriesId: number) => void; calls?: string[] } = {},
) {
  const calls = options.calls ?? [];
  calls.length = 0;
  const members = { valueId: 10, scenarioIds: [], scenarioNames: [] };
  const cursor = await openSeriesCursor(conn, members, range, full, () => undefined, options.missing);
  const opening = calls.length;
  const times: number[] = [];
  for await (const batch of cursor.batches(8)) times.push(...batch.times);
  const windows = calls.filter((sql) => sql.includes('SELECT ts, value')).length;
  return { rows: cursor.rows, first: cursor.first, last: cursor.last, times, opening, calls: calls.length, windows };
}

test('a batched read takes the row count from the span, and asks for a span when there is none', async () => {
  const { conn, close } = await memory();
  try {
    await insert(conn, 10, steps(0, 96));
    const range = { begin: T0 + 10 * Q, end: T0 + 30 * Q };
    const full = { rows: 20, first: range.begin, last: range.end - Q };
    const asked: number[] = [];
    const open = async () => {
      const { rows, first, last, times } = await readAll(conn, range, full, { missing: (id) => asked.push(id) });
      return { rows, first, last, times };
    };
    const expected = { rows: 20, first: T0 + 10 * Q, last: T0 + 29 * Q, times: steps(10, 30) };
    // no span: counted, and the store is asked to write one
    assert.equal(await open(), expected);
    assert.equal(asked, [10]);
    await writeSpans(conn, [10], curveSteps);
    assert.equal(await open(), expected);
    assert.equal(asked, [10], 'a read with the span asked again');
    // a hole at step 20: the span no longer tells the count, the rows are counted (19)
    await conn.run(`DELETE FROM series_values WHERE series_id = 10 AND ts = ${T0 + 20 * Q}`);
    await writeSpans(conn, [10], curveSteps);
    const holed = await open();
    assert.equal([holed.rows, holed.first, holed.last], [19, T0 + 10 * Q, T0 + 29 * Q]);
    assert.is(holed.times.length, 19);
    assert.equal(asked, [10]);
  } finally {
    close();
  }
});

/**
 * A connection that notes the SQL of each call into the engine; `before`, when given, runs ahead
 * of each call (awaited).
 */
function counted(conn: DuckDBConnection, before?: (sql: string) => Promise<void>): { conn: DuckDBConnection; calls: string[] } {
  const calls: string[] = [];
  const proxy = new Proxy(conn, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        if (typeof args[0] === 'string') {
          calls.push(args[0]);
          await before?.(args[0]);
        }
        return value.apply(target, args);
      };
    },
  });
  return { conn: proxy, calls };
}

test('a batched read begins its transaction in the call that reads the span, and sees each write', async () => {
  const { conn: raw, close } = await memory();
  try {
    await insert(raw, 10, steps(0, 96));
    await writeSpans(raw, [10], curveSteps);
    const { conn, calls } = counted(raw);
    const range = { begin: T0 + 10 * Q, end: T0 + 30 * Q };
    const full = { rows: 20, first: range.begin, last: range.end - Q };
    const read = () => readAll(conn, range, full, { calls });
    // BEGIN with the span, the window, ROLLBACK: every time
    const expected = { rows: 20, first: T0 + 10 * Q, last: T0 + 29 * Q, times: steps(10, 30), windows: 1, opening: 1, calls: 3 };
    assert.equal(await read(), expected);
    assert.match(calls[0]!, /^BEGIN TRANSACTION; SELECT rows/);
    assert.equal(await read(), expected);
    // rows cut to 25 steps by a write: the next read announces and brings the new rows
    await raw.run(`DELETE FROM series_values WHERE series_id = 10 AND ts >= ${T0 + 25 * Q}`);
    await writeSpans(raw, [10], curveSteps);
    assert.equal(await read(), { ...expected, rows: 15, last: T0 + 24 * Q, times: steps(10, 25) });
  } finally {
    close();
  }
});

test.run();
