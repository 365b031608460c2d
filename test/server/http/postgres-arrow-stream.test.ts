// A long Arrow answer of the PostgreSQL store is streamed too (docs/arrow.md#streamed): sent
// chunked while it is read, the bytes of the whole-series encoder (so equal to the JSON answer),
// for a plain and a scenario series; a client leaving mid-stream gives the connection back.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ARROW_ACCEPT, decodeTimeseries, encodeTimeseries } from '../../../src/wire/arrow';
import { parseTimeseries } from '../../../src/wire';
import { PostgresStore } from '../../../server/src/store';
import { startPostgres, type PostgresServer } from '../../helpers/postgres-server';
import { curveRecord } from '../../helpers/records';
import { leaveAfterFirstChunk, rawGet, type RawAnswer } from '../../helpers/raw-get';
import { startService, type StartedService } from '../../helpers/start-service';

let pg: PostgresServer;
let svc: StartedService;
const LONG = 'PG Long PT15M';
const SCEN = 'PG Scenarios PT1H';
const START = Date.UTC(2019, 11, 31, 23); // 2020-01-01 CET
const N = 150_000;
const path = (curve: string, query: string) => `/timeseries/${encodeURIComponent(curve)}/?${query}`;

function get(p: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return rawGet(`${svc.apiUrl}${p}`, { 'x-api-key': svc.apiKey, 'accept-encoding': 'identity', ...headers });
}

test.before(async () => {
  pg = await startPostgres();
  const url = await pg.createDatabase();
  const hours = 70_000;
  const scenario = (k: number) => Float64Array.from({ length: hours }, (_, i) => (i === 10 * k ? Number.NaN : k * 1e6 + i));
  svc = await startService({
    rateLimit: false,
    openStore: () => PostgresStore.open(url),
    batch: {
      curves: [curveRecord(LONG, { frequency: 'PT15M' }), curveRecord(SCEN, { curveType: 'SCENARIO_TIMESERIES', frequency: 'PT1H' })],
      series: [
        {
          curve: LONG,
          issued: null,
          tag: null,
          times: Float64Array.from({ length: N }, (_, i) => START + i * 900_000),
          values: Float64Array.from({ length: N }, (_, i) => (i % 999 === 5 ? Number.NaN : i / 8)),
          scenarios: [],
          scenarioNames: [],
        },
        {
          curve: SCEN,
          issued: null,
          tag: null,
          times: Float64Array.from({ length: hours }, (_, i) => START + i * 3_600_000),
          values: scenario(9),
          scenarios: [scenario(0), scenario(1)],
          scenarioNames: ['low', 'high'],
        },
      ],
    },
  });
});
test.after(async () => {
  await svc?.close();
  await pg?.stop();
});

test('long answers of the PostgreSQL store are streamed: chunked, the bytes of the whole-series encoder', async () => {
  for (const p of [
    path(LONG, 'begin=2020-01-01&end=2025-01-01'),
    path(LONG, 'begin=2020-01-01&end=2022-01-01'),
    path(SCEN, 'begin=2020-01-01&end=2028-01-01'),
  ]) {
    const json = await get(p);
    const arrow = await get(p, { accept: ARROW_ACCEPT });
    assert.is(arrow.status, 200, p);
    assert.is(arrow.headers['transfer-encoding'], 'chunked', p);
    const fromJson = parseTimeseries(JSON.parse(json.body.toString()));
    assert.ok(Buffer.from(encodeTimeseries(fromJson)).equals(arrow.body), p);
  }
});

test('a client leaving mid-stream gives the connection back', async () => {
  const p = path(LONG, 'begin=2020-01-01&end=2025-01-01');
  for (let i = 0; i < 15; i++) {
    await leaveAfterFirstChunk(`${svc.apiUrl}${p}`, { 'x-api-key': svc.apiKey, accept: ARROW_ACCEPT });
  }
  const whole = await get(p, { accept: ARROW_ACCEPT });
  assert.is(decodeTimeseries(new Uint8Array(whole.body.buffer, whole.body.byteOffset, whole.body.byteLength)).length, N);
});

test.run();
