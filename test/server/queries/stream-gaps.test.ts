// Holes filled as the batches go (server/src/queries/stream-gaps.ts, docs/arrow.md#streamed): the
// filled cursor against hand-made batches (holes inside a batch, at batch edges, several steps
// long; scenarios; rows off the grid), and a long series with holes served over loopback: streamed
// (chunked), with the bytes of the whole-series encoder of the JSON answer, nulls in the holes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { filledCursor } from '../../../server/src/queries/stream-gaps';
import type { SeriesBatch, SeriesCursor } from '../../../server/src/store';
import { parseTimeseries, serializeTimeseries } from '../../../src/wire';
import { ARROW_ACCEPT, decodeTimeseries, encodeTimeseries } from '../../../src/wire/arrow';
import { curveRecord } from '../../helpers/records';
import { rawGet } from '../../helpers/raw-get';
import { startService } from '../../helpers/start-service';

const STEP = 900_000;

/** A cursor over stored rows at the given steps (times `k * STEP`), in batches of `size`. */
function storedCursor(steps: number[], scenarios = 0, values = true): SeriesCursor & { closed: boolean } {
  const column = (c: number) => Float64Array.from(steps, (k) => c * 1000 + k);
  const cursor = {
    rows: steps.length,
    first: steps.length ? steps[0]! * STEP : Number.NaN,
    last: steps.length ? steps[steps.length - 1]! * STEP : Number.NaN,
    values,
    scenarioNames: Array.from({ length: scenarios }, (_, s) => `s${s}`),
    closed: false,
    async *batches(size: number): AsyncGenerator<SeriesBatch> {
      for (let start = 0; start < steps.length; start += size) {
        const end = Math.min(steps.length, start + size);
        yield {
          times: Float64Array.from(steps.slice(start, end), (k) => k * STEP),
          values: values ? column(0).subarray(start, end) : null,
          scenarios: Array.from({ length: scenarios }, (_, s) => column(s + 1).subarray(start, end)),
        };
      }
    },
    async close() {
      cursor.closed = true;
    },
  };
  return cursor;
}

async function collect(cursor: SeriesCursor, size: number): Promise<SeriesBatch[]> {
  const out: SeriesBatch[] = [];
  for await (const b of cursor.batches(size)) out.push(b);
  return out;
}

const join = (batches: SeriesBatch[], pick: (b: SeriesBatch) => Float64Array): number[] => batches.flatMap((b) => [...pick(b)]);

test('holes become NaN rows on the grid, whatever the batch sizes in and out', async () => {
  // stored: 0-2, 5, 6, 9 (holes 3-4, 7-8)
  const stored = [0, 1, 2, 5, 6, 9];
  for (const size of [1, 2, 3, 4, 10]) {
    const filled = filledCursor(storedCursor(stored), STEP);
    assert.is(filled.rows, 10);
    const batches = await collect(filled, size);
    assert.equal(
      batches.map((b) => b.times.length),
      Array.from({ length: Math.ceil(10 / size) }, (_, k) => Math.min(size, 10 - k * size)),
      `size ${size}`,
    );
    assert.equal(
      join(batches, (b) => b.times),
      Array.from({ length: 10 }, (_, k) => k * STEP),
    );
    assert.equal(
      join(batches, (b) => b.values!),
      [0, 1, 2, Number.NaN, Number.NaN, 5, 6, Number.NaN, Number.NaN, 9],
      `size ${size}`,
    );
  }
});

test("times asked in the form 'int64': the filled grid's epoch ms as int64 values, the values the same", async () => {
  // stored: steps 0-2, 5, 6, 9 of quarter-hours from the epoch (holes 3-4, 7-8)
  const filled = filledCursor(storedCursor([0, 1, 2, 5, 6, 9]), STEP);
  const batches: SeriesBatch[] = [];
  for await (const b of filled.batches(4, undefined, 'int64')) batches.push(b);
  const int64 = batches.flatMap((b) => [...new BigInt64Array(b.times.buffer, b.times.byteOffset, b.times.length)]);
  assert.equal(
    int64,
    Array.from({ length: 10 }, (_, k) => BigInt(k * STEP)),
  );
  assert.equal(
    join(batches, (b) => b.values!),
    [0, 1, 2, Number.NaN, Number.NaN, 5, 6, Number.NaN, Number.NaN, 9],
  );
});

test('a hole across the edge of an input batch, scenarios with and without a value column', async () => {
  const stored = [10, 11, 15, 16, 17, 30];
  for (const values of [true, false]) {
    const filled = filledCursor(storedCursor(stored, 2, values), STEP);
    assert.is(filled.rows, 21);
    assert.equal(filled.scenarioNames, ['s0', 's1']);
    const batches = await collect(filled, 4);
    assert.is(batches[0]!.values === null, !values);
    const s1 = join(batches, (b) => b.scenarios[1]!);
    assert.is(s1.length, 21);
    assert.equal(s1.slice(0, 7), [2010, 2011, Number.NaN, Number.NaN, Number.NaN, 2015, 2016]);
    assert.is(s1[20], 2030);
    assert.ok(s1.slice(8, 20).every(Number.isNaN));
  }
});

test('each filled batch is a fresh array (a kept batch never changes), and close is the cursor close', async () => {
  const inner = storedCursor([0, 3, 4, 8]);
  const filled = filledCursor(inner, STEP);
  const batches = await collect(filled, 2);
  assert.not.ok(batches[0]!.times.buffer === batches[1]!.times.buffer);
  assert.equal(
    join(batches, (b) => b.values!),
    [0, Number.NaN, Number.NaN, 3, 4, Number.NaN, Number.NaN, Number.NaN, 8],
  );
  await filled.close();
  assert.ok(inner.closed);
});

test('an empty read stays empty; rows off the grid or out of order cut the read', async () => {
  const empty = filledCursor(storedCursor([]), STEP);
  assert.is(empty.rows, 0);
  assert.equal(await collect(empty, 4), []);
  const offGrid = storedCursor([0, 2, 4]);
  const bad: SeriesCursor = {
    ...offGrid,
    async *batches(size: number) {
      for await (const b of offGrid.batches(size)) yield { ...b, times: b.times.map((t) => (t === 2 * STEP ? t + 60_000 : t)) };
    },
  };
  try {
    await collect(filledCursor(bad, STEP), 8);
    assert.unreachable('off-grid row accepted');
  } catch (err) {
    assert.match((err as Error).message, /not on the 15-minute grid/);
  }
  const backwards: SeriesCursor = {
    ...offGrid,
    async *batches() {
      yield { times: Float64Array.of(0, 2 * STEP, STEP), values: Float64Array.of(1, 2, 3), scenarios: [] };
    },
  };
  try {
    await collect(filledCursor(backwards, STEP), 8);
    assert.unreachable('row out of order accepted');
  } catch (err) {
    assert.match((err as Error).message, /not on the 15-minute grid/);
  }
});

test('over loopback: a long series with holes is streamed, equal to the whole-series encoding of its JSON answer', async () => {
  const curve = 'TS Holes PT15M';
  const start = Date.UTC(2019, 11, 31, 23); // 2020-01-01 00:00 CET
  // 150,000 steps with holes: a day inside the first record batch, 50 steps across the first
  // batch edge (65,536), and one step near the end
  const hole = (k: number) => (k >= 1000 && k < 1096) || (k >= 65_500 && k < 65_550) || k === 149_000;
  const steps = Array.from({ length: 150_000 }, (_, k) => k).filter((k) => !hole(k));
  const svc = await startService({
    rateLimit: false,
    batch: {
      curves: [curveRecord(curve, { frequency: 'PT15M' })],
      series: [
        {
          curve,
          issued: null,
          tag: null,
          times: Float64Array.from(steps, (k) => start + k * STEP),
          values: Float64Array.from(steps, (k) => (k % 7) * 1.5),
          scenarios: [],
          scenarioNames: [],
        },
      ],
    },
  });
  try {
    const url = `${svc.apiUrl}/timeseries/${encodeURIComponent(curve)}/?begin=2020-01-01&end=2025-01-01`;
    const headers = { 'x-api-key': svc.apiKey, 'accept-encoding': 'identity' };
    const json = await rawGet(url, headers);
    const arrow = await rawGet(url, { ...headers, accept: ARROW_ACCEPT });
    assert.is(arrow.status, 200);
    assert.is(arrow.headers['transfer-encoding'], 'chunked');
    const fromJson = parseTimeseries(JSON.parse(json.body.toString()));
    assert.is(fromJson.length, 150_000);
    assert.ok(Number.isNaN(fromJson.values[1000]!) && Number.isNaN(fromJson.values[65_549]!) && Number.isNaN(fromJson.values[149_000]!));
    assert.ok(Buffer.from(encodeTimeseries(fromJson)).equals(arrow.body), 'streamed bytes differ from the whole-series encoding');
    const decoded = decodeTimeseries(new Uint8Array(arrow.body.buffer, arrow.body.byteOffset, arrow.body.byteLength));
    assert.equal(serializeTimeseries(decoded), serializeTimeseries(fromJson));
  } finally {
    await svc.close();
  }
});

test.run();
