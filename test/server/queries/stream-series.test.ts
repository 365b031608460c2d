// Which time series answers are sent while they are read (server/src/queries/stream-series.ts,
// docs/arrow.md#streamed), over loopback: a change of unit by a fixed factor (MWh/h to GWh/h,
// EUR/MWh to EUR/kWh) is made batch by batch and streams, equal to the whole-series encoding of
// the JSON answer; an incompatible unit is the usual 400 before any byte, in either
// representation; a currency change (which needs exchange rates, refused on sub-daily data) is
// left to the whole read and answers as JSON does.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTimeseries } from '../../../src/wire';
import { ARROW_ACCEPT, decodeTimeseries, encodeTimeseries } from '../../../src/wire/arrow';
import { curveRecord } from '../../helpers/records';
import { rawGet, type RawAnswer } from '../../helpers/raw-get';
import { startService, type StartedService } from '../../helpers/start-service';

const POWER = 'TS Power MWh/h PT15M';
const PRICE = 'TS Price EUR/MWh PT15M';
const START = Date.UTC(2019, 11, 31, 23); // 2020-01-01 00:00 CET
const N = 100_000; // two record batches
let svc: StartedService;

const get = (curve: string, query: string, accept?: string): Promise<RawAnswer> =>
  rawGet(`${svc.apiUrl}/timeseries/${encodeURIComponent(curve)}/?begin=2020-01-01&end=2024-01-01&${query}`, {
    'x-api-key': svc.apiKey,
    'accept-encoding': 'identity',
    ...(accept ? { accept } : {}),
  });

test.before(async () => {
  // 1400.5 MWh/h etc.: values whose conversion to GWh/h divides exactly as the whole read does
  const times = Float64Array.from({ length: N }, (_, i) => START + i * 900_000);
  const values = Float64Array.from({ length: N }, (_, i) => (i === 70_000 ? Number.NaN : 1000 + (i % 977) * 0.5));
  svc = await startService({
    rateLimit: false,
    batch: {
      curves: [
        curveRecord(POWER, { frequency: 'PT15M', unit: 'MWh/h' }),
        curveRecord(PRICE, { frequency: 'PT15M', unit: 'EUR', denominator: 'MWh' }),
      ],
      series: [
        { curve: POWER, issued: null, tag: null, times, values, scenarios: [], scenarioNames: [] },
        { curve: PRICE, issued: null, tag: null, times, values, scenarios: [], scenarioNames: [] },
      ],
    },
  });
});
test.after(async () => svc.close());

test('a unit changed by a fixed factor is streamed, equal to the whole-series encoding of the JSON answer', async () => {
  for (const [curve, unit, first] of [
    [POWER, 'GWh/h', 1],
    [PRICE, 'EUR/kWh', 1],
  ] as const) {
    const json = await get(curve, `unit=${encodeURIComponent(unit)}`);
    const arrow = await get(curve, `unit=${encodeURIComponent(unit)}`, ARROW_ACCEPT);
    assert.is(arrow.status, 200, unit);
    assert.is(arrow.headers['transfer-encoding'], 'chunked', unit);
    const fromJson = parseTimeseries(JSON.parse(json.body.toString()));
    assert.is(fromJson.length, N);
    assert.is(fromJson.values[0], first);
    assert.ok(Buffer.from(encodeTimeseries(fromJson)).equals(arrow.body), `${unit}: streamed bytes differ from the whole-series encoding`);
    const decoded = decodeTimeseries(new Uint8Array(arrow.body.buffer, arrow.body.byteOffset, arrow.body.byteLength));
    assert.is(decoded.unit, fromJson.unit);
    assert.is(decoded.denominator, fromJson.denominator);
    assert.ok(Number.isNaN(decoded.values[70_000]!));
  }
});

test('an incompatible unit is a 400 problem before any byte; a currency change is left to the whole read', async () => {
  for (const accept of [undefined, ARROW_ACCEPT]) {
    const bad = await get(POWER, 'unit=EUR', accept);
    assert.is(bad.status, 400);
    assert.match(String(bad.headers['content-type']), /json/);
    assert.match(bad.body.toString(), /unit/);
  }
  const json = await get(PRICE, 'unit=USD%2FMWh');
  const arrow = await get(PRICE, 'unit=USD%2FMWh', ARROW_ACCEPT);
  assert.is(arrow.status, json.status);
  assert.is(arrow.headers['transfer-encoding'], json.status === 200 ? undefined : arrow.headers['transfer-encoding']);
  if (json.status !== 200) assert.equal(JSON.parse(arrow.body.toString()), JSON.parse(json.body.toString()));
});

test.run();
