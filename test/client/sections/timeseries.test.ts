// client.timeseries.load: against the real service (hand-built curves, values worked out by
// hand), validation before any request, and the exact request lines of the reference client
// (wire-pairs fixture) checked on a recording server.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { ServiceClient } from '../../../src/client';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../src/exceptions';
import { Aggregation, Filter, Timeseries } from '../../../src/model';
import { valueExtentOf } from '../../../src/model/value-extent';
import '../../../src/frame';
import type { CurveRecord, SeriesBlock } from '../../../server/src/store';
import { Frequency, GAS_DAY } from '../../../src/time';
import { parseCurve } from '../../../src/wire';
import { startFaultServer, type FaultServer } from '../../helpers/fault-server';
import { addUser, startService, type StartedService } from '../../helpers/start-service';
import { recordRequests } from '../../helpers/record-requests';
import { curveRecord } from '../../helpers/records';

const Q = 900_000;
const WIND = 'DE Test Wind Power Production MWh/h 15min Actual';
const CLIMATE = 'FR Test Consumption Temperature °C 15min Climate';

function curve(name: string, fields: Partial<CurveRecord> = {}): CurveRecord {
  return curveRecord(name, { frequency: 'PT15M', ...fields });
}

// 2024-10-27 CET: 00:00+02:00 = 2024-10-26T22:00Z, 100 quarter-hours (02:00-03:00 twice), value = index.
const OCTOBER = Float64Array.from({ length: 100 }, (_, i) => Date.UTC(2024, 9, 26, 22) + i * Q);
// 2024-01-15 CET: 00:00+01:00 = 2024-01-14T23:00Z; scenario k = quarter-hour index + 10k.
const JANUARY = Float64Array.from({ length: 96 }, (_, i) => Date.UTC(2024, 0, 14, 23) + i * Q);

const series = (
  name: string,
  times: Float64Array,
  values: Float64Array | null,
  scenarios: Float64Array[] = [],
  names: string[] = [],
): SeriesBlock => ({ curve: name, issued: null, tag: null, times, values, scenarios, scenarioNames: names });

let svc: StartedService;
let client: ServiceClient;
let deOnly: ServiceClient;
let recorder: FaultServer;
let sent: string[];

const options = { httpDelay: 0.05, retry: { tries: 1 } };

test.before(async () => {
  svc = await startService({
    rateLimit: false,
    batch: {
      curves: [curve(WIND), curve(CLIMATE, { area: 'FR', curveType: 'SCENARIO_TIMESERIES', unit: '°C', dataType: 'CLIMATE' })],
      series: [
        series(
          WIND,
          OCTOBER,
          OCTOBER.map((_, i) => i),
        ),
        series(
          CLIMATE,
          JANUARY,
          null,
          [0, 1].map((k) => JANUARY.map((_, i) => i + 10 * k)),
          ['y1991', 'y1992'],
        ),
      ],
    },
  });
  const requestLog = recordRequests();
  sent = requestLog.sent;
  client = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, ...options, ...requestLog.options });
  const key = await addUser(svc.store, 'de-only', { grants: [{ package: 'power', area: 'DE' }] });
  deOnly = new ServiceClient({ apiKey: key, apiUrl: svc.apiUrl, ...options });
  recorder = await startFaultServer();
});

test.after(async () => {
  client.close();
  deOnly.close();
  await recorder.close();
  await svc.close();
});

test('load returns a Timeseries of the raw values in the curve zone', async () => {
  const ts = await client.timeseries.load(WIND, { begin: '2024-10-27', end: '2024-10-28' });
  assert.ok(Timeseries.isTimeseries(ts));
  assert.is(ts.length, 100);
  assert.is(ts.resolution.frequency, Frequency.PT15M);
  assert.is(ts.curve?.name, WIND);
  assert.is(ts.unit, 'MWh/h');
  // index 12 is the second 02:00, at +01:00 (2024-10-27T01:00Z)
  assert.is(ts.at(12)?.date.toISO(), '2024-10-27T02:00:00.000+01:00');
  assert.is(ts.values?.[12], 12);
  assert.equal(sent.at(-1), `/timeseries/${encodeURIComponent(WIND)}/?begin=2024-10-27&end=2024-10-28`);
});

test("an empty range stays an empty series and says where the curve's values are (JSON and Arrow)", async () => {
  const arrow = new ServiceClient({ apiKey: svc.apiKey, apiUrl: svc.apiUrl, ...options, transport: 'arrow' });
  try {
    for (const c of [client, arrow]) {
      const ts = await c.timeseries.load(WIND, { begin: '2023-01-01', end: '2023-01-02' });
      assert.is(ts.length, 0);
      // stored: 2024-10-26T22:00Z (00:00+02:00) to 2024-10-27T22:45Z (23:45+01:00)
      const extent = valueExtentOf(ts);
      assert.is(extent?.first.toISO(), '2024-10-27T00:00:00.000+02:00');
      assert.is(extent?.last.toISO(), '2024-10-27T23:45:00.000+01:00');
      assert.ok(
        inspect(ts).endsWith(
          `No values of curve "${WIND}" in the requested range. Its values run from 2024-10-27 to 2024-10-27 23:45 (CET).`,
        ),
        inspect(ts),
      );
    }
    // a series with values carries no extent
    assert.is(valueExtentOf(await client.timeseries.load(WIND, { begin: '2024-10-27', end: '2024-10-28' })), null);
  } finally {
    arrow.close();
  }
});

test('aggregation options travel with frequency and the service computes the DST day', async () => {
  // 2024-10-27: 0..99, sum 4950; PEAK = local hours 08-20 = indexes 36..83, mean 59.5
  const sum = await client.timeseries.load(WIND, {
    begin: '2024-10-27',
    end: '2024-10-28',
    frequency: Frequency.P1D,
    aggregation: Aggregation.SUM,
  });
  assert.equal([...(sum.values as Float64Array)], [4950]);
  assert.is(sum.at(0)?.date.toISO(), '2024-10-27T00:00:00.000+02:00');
  const peak = await client.timeseries.load(WIND, {
    begin: '2024-10-27',
    end: '2024-10-28',
    frequency: 'P1D',
    hourFilter: 'peak',
    unit: 'GWh/h',
  });
  assert.ok(Math.abs((peak.values?.[0] as number) - 0.0595) < 1e-12);
  assert.is(peak.unit, 'GWh/h');
  assert.equal(
    sent.at(-1),
    `/timeseries/${encodeURIComponent(WIND)}/?begin=2024-10-27&end=2024-10-28&frequency=P1D&hour-filter=peak&unit=GWh%2Fh`,
  );
  // without frequency, aggregation, hour filter and threshold are neither checked nor sent (as the reference)
  // @ts-expect-error -- a value the types reject, to test the run-time check
  await client.timeseries.load(WIND, { begin: '2024-10-27', end: '2024-10-28', aggregation: 'MEDIAN', hourFilter: 'PEAK', threshold: -1 });
  assert.equal(sent.at(-1), `/timeseries/${encodeURIComponent(WIND)}/?begin=2024-10-27&end=2024-10-28`);
});

test('timeZone and thresholdPct: hourly UTC aggregation of the 25-hour day', async () => {
  // UTC 2024-10-27 00:00 = CET index 8 (02:00+02:00); hour 00 UTC holds 8..11 -> 9.5
  const ts = await client.timeseries.load(WIND, {
    begin: '2024-10-27',
    end: '2024-10-27 03:00',
    timeZone: 'UTC',
    frequency: 'PT1H',
    thresholdPct: 0,
  });
  assert.is(ts.resolution.timezone, 'UTC');
  assert.equal([...(ts.values as Float64Array)], [9.5, 13.5, 17.5]);
  assert.is(ts.at(0)?.date.toISO(), '2024-10-27T00:00:00.000Z');
});

test('a scenario curve comes with every scenario and the scenario names', async () => {
  // daily mean of 0..95 = 47.5; scenario 2 adds 10
  const ts = await client.timeseries.load(CLIMATE, { begin: '2024-01-15', end: '2024-01-16', frequency: 'P1D' });
  assert.equal(ts.scenarioNames, ['y1991', 'y1992']);
  assert.is(ts.valuesOrNull(), null);
  assert.equal(
    ts.scenarios.map((s) => [...s]),
    [[47.5], [57.5]],
  );
});

test('service errors map to the client classes with their fields', async () => {
  const fail = async (call: () => Promise<unknown>): Promise<unknown> =>
    call().then(
      () => assert.unreachable('should fail'),
      (err) => err,
    );
  const finer = (await fail(() =>
    client.timeseries.load(WIND, { begin: '2024-10-27', end: '2024-10-28', frequency: 'PT5M' }),
  )) as ValidationError;
  assert.instance(finer, ValidationError);
  assert.is(finer.parameter, 'frequency');
  const unit = (await fail(() => client.timeseries.load(WIND, { begin: '2024-10-27', end: '2024-10-28', unit: 'EUR' }))) as ValidationError;
  assert.equal([unit instanceof ValidationError, unit.parameter], [true, 'unit']);
  assert.instance(
    await fail(() => client.timeseries.load('DE Unknown Curve MWh/h H Actual', { begin: '2024-01-01', end: '2024-01-02' })),
    NotFoundError,
  );
  const forbidden = await fail(() => deOnly.timeseries.load(CLIMATE, { begin: '2024-01-15', end: '2024-01-16' }));
  assert.instance(forbidden, ForbiddenError);
  assert.match((forbidden as ForbiddenError).message, CLIMATE);
  // the DE user reads DE power data
  assert.is((await deOnly.timeseries.load(WIND, { begin: '2024-10-27', end: '2024-10-27 01:00' })).length, 4);
});

test('validation happens before any request, naming the parameter', async () => {
  const instanceCurve = parseCurve({
    name: 'DE Wind Power Production MWh/h 15min Forecast',
    curve_type: 'INSTANCE',
    area: 'DE',
    resolution: { frequency: 'PT15M', timezone: 'CET' },
    data_type: 'FORECAST',
  });
  const before = sent.length;
  const cases: [string, () => Promise<unknown>][] = [
    ['begin', () => client.timeseries.load(WIND, { end: '2024-01-02' } as never)],
    ['end', () => client.timeseries.load(WIND, { begin: '2024-01-01' } as never)],
    ['begin', () => client.timeseries.load(WIND, undefined as never)],
    ['begin', () => client.timeseries.load(WIND, { begin: '01/01/2024', end: '2024-01-02' })],
    ['end', () => client.timeseries.load(WIND, { begin: '2024-01-01', end: new Date(Number.NaN) })],
    ['timezone', () => client.timeseries.load(WIND, { begin: '2024-01-01', end: '2024-01-02', timeZone: 'Europe/Oslo' })],
    ['timezone', () => client.timeseries.load(WIND, { begin: '2024-01-01', end: '2024-01-02', timeZone: 'europe/gas_day' })],
    // @ts-expect-error -- a value the types reject, to test the run-time check
    ['frequency', () => client.timeseries.load(WIND, { begin: '2024-01-01', end: '2024-01-02', frequency: 'P2D' })],
    [
      'aggregation',
      // @ts-expect-error -- a value the types reject, to test the run-time check
      () => client.timeseries.load(WIND, { begin: '2024-01-01', end: '2024-01-02', frequency: 'P1D', aggregation: 'MEDIAN' }),
    ],
    [
      'hour-filter',
      // @ts-expect-error -- a value the types reject, to test the run-time check
      () => client.timeseries.load(WIND, { begin: '2024-01-01', end: '2024-01-02', frequency: 'P1D', hourFilter: 'WEEKENDS' }),
    ],
    [
      'threshold',
      // @ts-expect-error -- a value the types reject, to test the run-time check
      () => client.timeseries.load(WIND, { begin: '2024-01-01', end: '2024-01-02', frequency: 'P1D', threshold: 1, thresholdPct: 5 }),
    ],
    ['threshold', () => client.timeseries.load(WIND, { begin: '2024-01-01', end: '2024-01-02', frequency: 'P1D', threshold: -2 })],
    ['threshold', () => client.timeseries.load(WIND, { begin: '2024-01-01', end: '2024-01-02', frequency: 'P1D', thresholdPct: 100 })],
    ['unit', () => client.timeseries.load(WIND, { begin: '2024-01-01', end: '2024-01-02', unit: 5 as never })],
    ['curve', () => client.timeseries.load(instanceCurve, { begin: '2024-01-01', end: '2024-01-02' })],
    ['curve', () => client.timeseries.load('', { begin: '2024-01-01', end: '2024-01-02' })],
  ];
  for (const [parameter, call] of cases) {
    const err = await call().then(
      () => null,
      (e: unknown) => e,
    );
    assert.instance(err, ValidationError, parameter);
    assert.is((err as ValidationError).parameter, parameter);
  }
  assert.is(sent.length, before, 'no request was sent');
});

test('request lines are byte for byte those of the reference client (wire-pairs)', async () => {
  const pairs = (
    JSON.parse(readFileSync(join(__dirname, '../../fixtures/wire-pairs.json'), 'utf8')) as { request: string; body: unknown }[]
  ).filter((p) => p.request.startsWith('GET /api/timeseries/'));
  const windName = 'DE Wind Power Production MWh/h 15min Actual';
  const wind = parseCurve({
    name: windName,
    curve_type: 'TIMESERIES',
    area: 'DE',
    resolution: { frequency: 'PT15M', timezone: 'CET' },
    data_type: 'ACTUAL',
  });
  const calls: [string, Parameters<ServiceClient['timeseries']['load']>][] = [
    ['begin=2020-06-01&end=2020-06-02', [wind, { begin: '2020-06-01', end: '2020-06-02' }]],
    [
      'timezone=Europe%2FGas_Day&frequency=P1D&aggregation=MAX',
      [
        windName,
        {
          begin: '2020-06-01',
          end: DateTime.fromISO('2020-06-02T00:00:00Z', { zone: 'utc' }),
          timeZone: GAS_DAY,
          frequency: Frequency.P1D,
          aggregation: Aggregation.MAX,
          hourFilter: Filter.PEAK,
          threshold: 4,
          unit: 'GWh/h',
        },
      ],
    ],
    ['Climate', ['DE Consumption Temperature °C 15min Climate', { begin: '2020-06-01', end: '2020-06-05' }]],
    ['TR%20Spot', ['TR Spot Price TRY/MWh H Actual', { begin: '2020-06-01', end: '2020-06-05', frequency: 'P1D', thresholdPct: 12.35 }]],
    ['timezone=utc', [windName, { begin: '2020-06-01', end: '2020-06-02', timeZone: 'utc' }]],
    ['frequency=pt60m', [windName, { begin: '2020-06-01', end: '2020-06-02', frequency: 'pt60m' }]],
    ['threshold=0.12%25', [windName, { begin: '2020-06-01', end: '2020-06-02', frequency: 'P1D', thresholdPct: 0.125 }]],
    ['06%3A30', [windName, { begin: '2020-01-01 06:30:00', end: '2020-01-02 00:00:00.123456' }]],
    ['2023-01-01', [windName, { begin: DateTime.fromISO('2023-01-01T01:15:00+01:00', { zone: 'CET' }), end: '2023-01-01 02:00:00+01:00' }]],
  ];
  assert.is(calls.length, pairs.length);
  const reference = new ServiceClient({ apiKey: 'k', apiUrl: `${recorder.url}/api`, ...options });
  try {
    for (const [marker, args] of calls) {
      const pair = pairs.find((p) => p.request.includes(marker));
      assert.ok(pair, marker);
      recorder.reply({ body: pair.body });
      const ts = await reference.timeseries.load(...args);
      assert.is(`GET ${recorder.requests.at(-1)?.url}`, pair.request);
      assert.ok(ts.length > 0, marker);
    }
  } finally {
    reference.close();
  }
});

test.run();
