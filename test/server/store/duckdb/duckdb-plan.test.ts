import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { SCHEMA_SQL, readRows, sqlNumber } from '../../../../server/src/store/duckdb/duckdb-io';
import { pairsHolding, planBatch, stepEnd, type IdCounters, type PlanReader } from '../../../../server/src/store/duckdb/duckdb-plan';
import type { CurveRow } from '../../../../server/src/store/duckdb/duckdb-write-meta';
import type { CurveRecord, SeriesBlock } from '../../../../server/src/store';
import { curveRecord } from '../../../helpers/records';

const reader = (conn: DuckDBConnection): PlanReader => ({ rows: (sql) => readRows(conn, sql), num: sqlNumber });

const H = 3_600_000;
// 2024-01-01T00:00 CET = 2023-12-31T23:00Z
const T0 = Date.UTC(2023, 11, 31, 23);
const NOW = Date.UTC(2024, 0, 10);

function curve(name: string, over: Partial<CurveRecord> = {}): CurveRecord {
  return curveRecord(name, { categories: [], unit: 'MW', commodity: null, ...over });
}

const block = (name: string, n: number, extra: Partial<SeriesBlock> = {}): SeriesBlock => ({
  curve: name,
  issued: null,
  tag: null,
  times: Float64Array.from({ length: n }, (_, i) => T0 + i * H),
  values: new Float64Array(n),
  scenarios: [],
  scenarioNames: [],
  ...extra,
});

// Stored: curve 1 (A, with a value column and periods), curve 2 (B, nothing yet), curve 3 (F,
// instance 7 issued at T0 - 6h tagged 'EC' with one member column, and OHLC rows).
const A = 'A';
const B = 'B';
const F = 'F';
const ISSUED = T0 - 6 * H;

async function storedState(): Promise<{ conn: DuckDBConnection; stored: Map<string, CurveRow>; next: IdCounters; close: () => void }> {
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  await conn.run(SCHEMA_SQL);
  await conn.run(`INSERT INTO instances VALUES (7, 3, ${ISSUED}, 'EC', NULL, NULL, ['m0'])`);
  await conn.run(`INSERT INTO series VALUES (11, 1, 0, -1, ''), (12, 3, 7, 0, 'm0')`);
  await conn.run(`INSERT INTO series_values VALUES (11, ${T0}, 1), (12, ${T0}, 2)`);
  await conn.run(`INSERT INTO periods VALUES (1, 0, ${T0}, ${T0 + H}, 5, NULL)`);
  await conn.run(`INSERT INTO ohlc VALUES (3, ${T0}, 'month', ${T0}, 1, 1, 1, 1, 1, 1, 1)`);
  const stored = new Map<string, CurveRow>([
    [A, { id: 1, record: curve(A) }],
    [B, { id: 2, record: curve(B) }],
    [F, { id: 3, record: curve(F, { curveType: 'INSTANCE' }) }],
  ]);
  return {
    conn,
    stored,
    next: { curve: 4, instance: 8, series: 13 },
    close: () => {
      conn.closeSync();
      db.closeSync();
    },
  };
}

test('stepEnd: one step in the curve frequency and zone, the instant itself for NONE', () => {
  // 2024-03-31 00:00 CET = 2024-03-30T23:00Z; the day has 23 hours (CEST from 02:00), so the
  // next day starts 2024-04-01 00:00 CEST = 2024-03-31T22:00Z
  assert.is(stepEnd({ frequency: 'P1D', timezone: 'CET' }, Date.UTC(2024, 2, 30, 23)), Date.UTC(2024, 2, 31, 22));
  assert.is(stepEnd({ frequency: 'PT15M', timezone: 'CET' }, T0), T0 + 900_000);
  assert.is(stepEnd({ frequency: 'NONE', timezone: 'CET' }, T0), T0);
});

test('replace steps only where stored values can exist; new ids only for new columns', async () => {
  const { conn, stored, next, close } = await storedState();
  const plan = await planBatch(
    reader(conn),
    {
      curves: [curve('N'), curve(A, { unit: 'GW' })],
      series: [block('N', 2), block(A, 2), block(B, 2), block(A, 1)],
    },
    stored,
    next,
    NOW,
  );
  assert.equal(
    plan.curves.map((c) => [c.record.name, c.id]),
    [
      ['N', 4],
      [A, 1],
    ],
  );
  assert.equal(plan.replacedCurves, [1]);
  // N is new, A holds values, B holds none; the second block of A follows the first
  assert.equal(
    plan.series.map((s) => [s.curveId, s.fresh, s.valueId]),
    [
      [4, true, 13],
      [1, false, 11],
      [2, true, 14],
      [1, false, 11],
    ],
  );
  assert.equal(
    plan.newSeries.map((s) => [s.id, s.curveId, s.member]),
    [
      [13, 4, -1],
      [14, 2, -1],
    ],
  );
  assert.equal(plan.columns.get('1|0'), [11]);
  assert.equal(next, { curve: 5, instance: 8, series: 15 });
  // one event per block, ending one step after its last value
  assert.equal(
    plan.events.map((e) => [e.curve, e.begin, e.end]),
    [
      ['N', T0, T0 + 2 * H],
      [A, T0, T0 + 2 * H],
      [B, T0, T0 + 2 * H],
      [A, T0, T0 + H],
    ],
  );
  close();
});

test('instances: a stored one is found by issue time and tag in any case; new ones are fresh', async () => {
  const { conn, stored, next, close } = await storedState();
  const later = ISSUED + 24 * H;
  const plan = await planBatch(
    reader(conn),
    {
      instances: [
        { curve: F, issued: ISSUED, tag: 'ec', created: null, modified: null, scenarioNames: ['m0', 'm1'] },
        { curve: F, issued: later, tag: 'ec', created: null, modified: null, scenarioNames: [] },
      ],
      series: [
        block(F, 2, {
          issued: ISSUED,
          tag: 'eC',
          values: null,
          scenarios: [new Float64Array(2), new Float64Array(2)],
          scenarioNames: ['m0', 'm1'],
        }),
        block(F, 2, { issued: later, tag: 'EC' }),
      ],
    },
    stored,
    next,
    NOW,
  );
  assert.equal(
    plan.instances.map((i) => i.id),
    [7, 8],
  );
  assert.equal(plan.replacedInstances, [7]);
  assert.equal(
    plan.series.map((s) => [s.instanceId, s.fresh, s.valueId, s.scenarioIds]),
    [
      [7, false, null, [12, 13]],
      [8, true, 14, []],
    ],
  );
  assert.equal(
    plan.newSeries.map((s) => [s.id, s.instanceId, s.member, s.name]),
    [
      [13, 7, 1, 'm1'],
      [14, 8, -1, ''],
    ],
  );
  assert.equal(plan.columns.get('3|7'), [12, 13]);
  close();
});

test('periods and OHLC rows: replace steps only for curves/instances holding rows', async () => {
  const { conn, stored, next, close } = await storedState();
  assert.equal(
    [
      ...(await pairsHolding(reader(conn), 'periods', [
        [1, 0],
        [2, 0],
        [1, 7],
      ])),
    ],
    ['1|0'],
  );
  assert.equal(
    [
      ...(await pairsHolding(reader(conn), 'ohlc', [
        [3, 0],
        [1, 0],
      ])),
    ],
    ['3|0'],
  );
  assert.equal([...(await pairsHolding(reader(conn), 'ohlc', []))], []);
  const periods = (name: string) => ({
    curve: name,
    issued: null,
    tag: null,
    begins: Float64Array.of(T0),
    ends: Float64Array.of(T0 + H),
    values: Float64Array.of(1),
    capacities: null,
  });
  const ohlc = (name: string) => ({
    curve: name,
    traded: Float64Array.of(T0),
    period: ['month'],
    delivery: Float64Array.of(T0),
    open: Float64Array.of(1),
    high: Float64Array.of(1),
    low: Float64Array.of(1),
    close: Float64Array.of(1),
    settlement: Float64Array.of(1),
    volume: Float64Array.of(1),
    openInterest: Float64Array.of(1),
  });
  // A holds periods, B none; the second block of B follows the first
  const plan = await planBatch(reader(conn), { periods: [periods(A), periods(B), periods(B)] }, stored, next, NOW);
  assert.equal(
    plan.periods.map((p) => [p.curveId, p.fresh]),
    [
      [1, false],
      [2, true],
      [2, false],
    ],
  );
  // F holds OHLC rows, B none
  const rows = await planBatch(reader(conn), { ohlc: [ohlc(F), ohlc(B)] }, stored, next, NOW);
  assert.equal(
    rows.ohlc.map((p) => [p.curveId, p.fresh]),
    [
      [3, false],
      [2, true],
    ],
  );
  close();
});

test.run();
